// withRecordShape: flat records viewed as images over the same bytes; a shape that does not fit, none, or a
// tensor without records leaves the view as stored; pieces are reshaped each, the whole kept alive.
#include "memoryview.h"
#include "recordshape.h"

#include <QtTest>

#include <cmath>

using namespace idx;

using Dims = std::vector<quint64>;

namespace {
/// The element of `v` at `index` (NaN when out of range).
double at(const TensorView& v, const Dims& index)
{
    const auto flat = v.flatIndex(index);
    return flat ? v.value(*flat) : std::nan("");
}
} // namespace

class TstRecordShape : public QObject {
    Q_OBJECT
private slots:
    void flatRecordsAsImages();
    void asStored_data();
    void asStored();
    void pieces();
    void keepsTheBytesAlive();
};

void TstRecordShape::flatRecordsAsImages()
{
    std::vector<double> values(2 * 6);
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = double(i);
    const TensorView flat = fx::memoryView(DType::Int16, {2, 6}, values);
    const TensorView images = withRecordShape(flat, Dims{2, 3});
    QCOMPARE(images.header().dims, (Dims{2, 2, 3}));
    QCOMPARE(images.data(), flat.data()); // the same bytes
    QCOMPARE(images.byteOrder(), flat.byteOrder());
    QCOMPARE(at(images, Dims{1, 1, 2}), 11.0);
}

void TstRecordShape::asStored_data()
{
    QTest::addColumn<Dims>("dims");
    QTest::addColumn<std::optional<Dims>>("shape");
    QTest::newRow("no shape") << Dims{2, 6} << std::optional<Dims>{};
    QTest::newRow("empty shape") << Dims{2, 6} << std::optional<Dims>{Dims{}};
    QTest::newRow("does not fit") << Dims{2, 6} << std::optional<Dims>{Dims{4, 4}};
    QTest::newRow("a scalar has no records") << Dims{} << std::optional<Dims>{Dims{1}};
}

void TstRecordShape::asStored()
{
    QFETCH(Dims, dims);
    QFETCH(std::optional<Dims>, shape);
    quint64 n = 1;
    for (quint64 d : dims)
        n *= d;
    const TensorView v = fx::memoryView(DType::UInt8, dims, std::vector<double>(n, 1));
    QCOMPARE(withRecordShape(v, shape).header().dims, dims);
    QCOMPARE(withRecordShape(TensorPieces(v), shape).header().dims, dims);
}

void TstRecordShape::pieces()
{
    const TensorView a = fx::memoryView(DType::UInt8, {1, 4}, {1, 2, 3, 4});
    const TensorView b = fx::memoryView(DType::UInt8, {2, 4}, {5, 6, 7, 8, 9, 10, 11, 12});
    const Header whole = *Header::make(DType::UInt8, {3, 4});
    const TensorPieces t(whole, ByteOrder::Big, {a, b});
    QVERIFY(!t.contiguous());
    const TensorPieces r = withRecordShape(t, Dims{2, 2});
    QCOMPARE(r.header().dims, (Dims{3, 2, 2}));
    QCOMPARE(r.pieces().size(), size_t(2));
    QCOMPARE(r.pieces()[1].header().dims, (Dims{2, 2, 2}));
    QCOMPARE(at(r.pieces()[1], Dims{1, 1, 0}), 11.0);
}

void TstRecordShape::keepsTheBytesAlive()
{
    TensorView reshaped;
    {
        const TensorView flat = fx::memoryView(DType::UInt8, {1, 4}, {7, 8, 9, 10});
        reshaped = withRecordShape(flat, Dims{2, 2});
    } // the only other holder of the bytes is gone
    QCOMPARE(at(reshaped, Dims{0, 1, 1}), 10.0);
}

QTEST_GUILESS_MAIN(TstRecordShape)
#include "tst_recordshape.moc"
