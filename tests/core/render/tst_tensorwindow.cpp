// The whole tensor's range and window: the finite values only, a record range, uint8 read as 0..255 unless
// diverging, the diverging window symmetric, no finite value, and cancel.
#include "memoryview.h"
#include "tensorwindow.h"

#include <QtTest>

#include <limits>

using namespace idx;

class TstTensorWindow : public QObject {
    Q_OBJECT
private slots:
    void finiteValuesOnly();
    void recordRange();
    void uint8();
    void diverging();
    void noFiniteValue();
    void cancelled();
};

namespace {
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
} // namespace

void TstTensorWindow::finiteValuesOnly()
{
    const auto v =
        fx::memoryView(DType::Float32, {3, 2, 2}, {1, kNan, -2.5, 4, kInf, 0, -kInf, 3, 7, 2, 1, 0});
    const auto range = finiteRange(TensorPieces(v));
    QVERIFY(range);
    QVERIFY(!range->empty);
    QCOMPARE(range->min, -2.5);
    QCOMPARE(range->max, 7.0);
    const auto w = tensorWindow(v, Colormap::Gray);
    QVERIFY(w);
    QCOMPARE(w->low, -2.5);
    QCOMPARE(w->high, 7.0);
}

void TstTensorWindow::recordRange()
{
    const auto v = fx::memoryView(DType::Int16, {3, 2}, {-100, 100, 5, 6, 300, -300});
    const auto w = tensorWindow(v, Colormap::Gray, 1, 2); // record 1 alone
    QVERIFY(w);
    QCOMPARE(w->low, 5.0);
    QCOMPARE(w->high, 6.0);
    const auto all = tensorWindow(v, Colormap::Gray);
    QCOMPARE(all->low, -300.0);
    QCOMPARE(all->high, 300.0);
}

void TstTensorWindow::uint8()
{
    const auto v = fx::memoryView(DType::UInt8, {2, 2}, {10, 20, 30, 40});
    const auto w = tensorWindow(v, Colormap::Viridis);
    QCOMPARE(w->low, 0.0); // the identity, whatever the values
    QCOMPARE(w->high, 255.0);
    const auto range = finiteRange(TensorPieces(v));
    QCOMPARE(range->min, 10.0);
    QCOMPARE(range->max, 40.0);
}

void TstTensorWindow::diverging()
{
    const auto v = fx::memoryView(DType::UInt8, {2, 2}, {10, 20, 30, 40});
    const auto w = tensorWindow(v, Colormap::Diverging);
    QCOMPARE(w->low, -40.0);
    QCOMPARE(w->high, 40.0);
    const auto f = fx::memoryView(DType::Float64, {2, 2}, {-3, 1, 0.5, 2});
    const auto wf = tensorWindow(f, Colormap::Diverging);
    QCOMPARE(wf->low, -3.0);
    QCOMPARE(wf->high, 3.0);
}

void TstTensorWindow::noFiniteValue()
{
    const auto v = fx::memoryView(DType::Float64, {2, 1}, {kNan, kInf});
    const auto range = finiteRange(TensorPieces(v));
    QVERIFY(range);
    QVERIFY(range->empty);
    const auto w = tensorWindow(v, Colormap::Gray);
    QVERIFY(w);
    QCOMPARE(w->low, 0.0);
    QCOMPARE(w->high, 0.0);
}

void TstTensorWindow::cancelled()
{
    const auto v = fx::memoryView(DType::Float32, {2, 2}, {1, 2, 3, 4});
    Control stop;
    stop.cancel = [] { return true; };
    QVERIFY(!finiteRange(TensorPieces(v), 0, ~quint64(0), stop));
    QVERIFY(!tensorWindow(v, Colormap::Gray, 0, ~quint64(0), stop));
}

QTEST_GUILESS_MAIN(TstTensorWindow)
#include "tst_tensorwindow.moc"
