// StatsPanel: whole-tensor / record / selection figures equal computeStats, "computing" is shown while
// out of date, class bars filter the gallery, dragging on the histogram sets the window, mean images,
// and statsReady after a .gz has finished loading.
#include "classchart.h"
#include "document.h"
#include "fixtures.h"
#include "histogramwidget.h"
#include "meanimages.h"
#include "statspanel.h"
#include "viewstate.h"

#include <QLocale>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <map>

using namespace idx::gui;

namespace {
constexpr quint64 N = 120;
constexpr quint64 Side = 5;

double pixel(quint64 i, quint64 k)
{
    return double((i * 31 + k * 17) % 256) * ((i + k) % 5 == 0 ? 0 : 1); // zeros too
}
qint64 labelOf(quint64 i)
{
    return qint64(i % 4);
}

struct Fixture {
    QTemporaryDir dir;
    QString images;
    explicit Fixture(fx::Wrap wrap = fx::Wrap::Raw, quint64 n = N)
    {
        std::vector<double> values, labels;
        for (quint64 i = 0; i < n; ++i) {
            for (quint64 k = 0; k < Side * Side; ++k)
                values.push_back(pixel(i, k));
            labels.push_back(double(labelOf(i)));
        }
        images = fx::writeFile(dir,
                               wrap == fx::Wrap::Raw ? QStringLiteral("s-images-idx3-ubyte")
                                                     : QStringLiteral("s-images-idx3-ubyte.gz"),
                               fx::wrap(fx::idxBytes(idx::DType::UInt8, {n, Side, Side}, values), wrap));
        fx::writeFile(dir, QStringLiteral("s-labels-idx1-ubyte"),
                      fx::idxBytes(idx::DType::UInt8, {n}, labels));
    }
};

void compareFigures(const StatsPanel& panel, StatsPanel::Scope scope, const idx::Stats& expected)
{
    for (int f = 0; f < StatsPanel::FigureCount; ++f)
        QCOMPARE(panel.shownText(scope, StatsPanel::Figure(f)),
                 StatsPanel::formatFigure(expected, StatsPanel::Figure(f)));
}
} // namespace

class TestStatsPanel : public QObject {
    Q_OBJECT
private slots:
    void wholeRecordSelection();
    void classBarsFilter();
    void histogramDragSetsWindow();
    void histogramReadableWhenOneBinDominates();
    void meanImages();
    void readyAfterCompressedLoad();
    void fashionTrainPartialThenFinal();
    void cancelAndCompute();
};

void TestStatsPanel::wholeRecordSelection()
{
    Fixture f;
    Document doc(f.images);
    ViewState state;
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    QTRY_VERIFY_WITH_TIMEOUT(panel.isReady(), 20000);
    const idx::TensorView view = doc.view();
    compareFigures(panel, StatsPanel::Tensor, *idx::computeStats(view));
    QCOMPARE(panel.noteText(StatsPanel::Tensor), QString());
    QCOMPARE(panel.shownText(StatsPanel::Tensor, StatsPanel::Count), QLocale().toString(N * Side * Side));

    // Record: shown as computing at once, then the new figures.
    state.setCurrentRecord(7);
    QVERIFY(panel.isComputing(StatsPanel::Record) || panel.shownStats(StatsPanel::Record));
    if (panel.isComputing(StatsPanel::Record))
        QCOMPARE(panel.noteText(StatsPanel::Record), QStringLiteral("computing…"));
    idx::StatsOptions one;
    one.firstRecord = 7;
    one.endRecord = 8;
    QTRY_VERIFY(!panel.isComputing(StatsPanel::Record));
    compareFigures(panel, StatsPanel::Record, *idx::computeStats(view, one));

    // A contiguous selection is a record range.
    state.setSelection({2, 3, 4});
    idx::StatsOptions range;
    range.firstRecord = 2;
    range.endRecord = 5;
    QTRY_VERIFY(!panel.isComputing(StatsPanel::Selection));
    compareFigures(panel, StatsPanel::Selection, *idx::computeStats(view, range));

    // A scattered one: figures computed here by hand from the fixture's formula.
    state.setSelection({1, 5, 90});
    QTRY_VERIFY(!panel.isComputing(StatsPanel::Selection));
    idx::Stats e;
    double sum = 0, sq = 0;
    e.min = 1e9;
    e.max = -1e9;
    for (quint64 r : {1, 5, 90})
        for (quint64 k = 0; k < Side * Side; ++k) {
            const double v = pixel(r, k);
            ++e.count;
            e.zeros += v == 0;
            e.min = std::min(e.min, v);
            e.max = std::max(e.max, v);
            sum += v;
            sq += v * v;
        }
    e.mean = sum / double(e.count);
    e.std = std::sqrt(sq / double(e.count) - e.mean * e.mean);
    compareFigures(panel, StatsPanel::Selection, e);
    QVERIFY(panel.shownStats(StatsPanel::Selection)->histogram.counts.size() > 0);

    state.setSelection({});
    QCOMPARE(panel.shownText(StatsPanel::Selection, StatsPanel::Count), QStringLiteral("—"));
}

void TestStatsPanel::classBarsFilter()
{
    Fixture f;
    Document doc(f.images);
    ViewState state;
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    panel.resize(420, 900);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_VERIFY_WITH_TIMEOUT(doc.hasLabels(), 20000);
    ClassChart* chart = panel.classChart();
    QTRY_VERIFY(chart->isVisible());
    QCOMPARE(chart->counts().size(), 4);
    QCOMPARE(chart->counts().value(1), N / 4);
    const auto click = [&](qint64 label, Qt::KeyboardModifiers mods = {}) {
        QTest::mouseClick(chart, Qt::LeftButton, mods, chart->barRect(label).center().toPoint());
    };
    click(3);
    QCOMPARE(state.labelFilter(), QSet<qint64>{3});
    click(1, Qt::ControlModifier);
    QCOMPARE(state.labelFilter(), (QSet<qint64>{1, 3}));
    click(3, Qt::ControlModifier);
    QCOMPARE(state.labelFilter(), QSet<qint64>{1});
    click(1); // the only shown class again: show all
    QCOMPARE(state.labelFilter(), QSet<qint64>{});
}

void TestStatsPanel::histogramDragSetsWindow()
{
    Fixture f;
    Document doc(f.images);
    ViewState state;
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    panel.resize(420, 900);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_VERIFY_WITH_TIMEOUT(panel.isReady(), 20000);
    HistogramWidget* h = panel.histogram();
    QVERIFY(!h->histogram().counts.empty());
    const QPoint from(qRound(h->xForValue(50)), h->height() / 2);
    const QPoint to(qRound(h->xForValue(150)), h->height() / 2);
    QTest::mousePress(h, Qt::LeftButton, {}, from);
    QTest::mouseMove(h, (from + to) / 2);
    QTest::mouseMove(h, to);
    QTest::mouseRelease(h, Qt::LeftButton, {}, to);
    // One logical pixel of slack: the drag is quantised to pixels.
    const double perPixel = (h->valueAtX(h->width()) - h->valueAtX(0)) / h->width() + 1e-9;
    QVERIFY2(std::abs(state.render().window.low - 50) <= 2 * perPixel,
             qPrintable(QString::number(state.render().window.low)));
    QVERIFY2(std::abs(state.render().window.high - 150) <= 2 * perPixel,
             qPrintable(QString::number(state.render().window.high)));
    QCOMPARE(state.windowMode(), ViewState::WindowMode::Manual);
    // Dragging right to left gives the same window.
    QTest::mousePress(h, Qt::LeftButton, {}, to);
    QTest::mouseMove(h, from);
    QTest::mouseRelease(h, Qt::LeftButton, {}, from);
    QVERIFY(state.render().window.low < state.render().window.high);
}

// One bin (the zeros of a digit's background) dwarfs the others: the axis is scaled to the rest, the bin is
// reported as cut, its tooltip says so; a histogram without such a bin keeps its plain scale. The value
// axis is labelled at round steps inside the range.
void TestStatsPanel::histogramReadableWhenOneBinDominates()
{
    ViewState state;
    HistogramWidget h(&state);
    h.resize(320, 140);
    idx::Histogram dominated;
    for (int k = 0; k <= 256; ++k)
        dominated.edges.push_back(k);
    dominated.counts.assign(256, 40);
    dominated.counts[0] = 400000;
    dominated.counts[255] = 900; // the second-highest bin sets the scale
    h.setHistogram(dominated);
    QCOMPARE(h.clippedBin(), std::optional<size_t>(0));
    QCOMPARE(h.axisTop(), 1350.0);
    const double x0 = h.xForValue(0.5);
    const QString many = QLocale().toString(400000); // grouped as the person's locale groups it
    QVERIFY2(h.binTip(x0).startsWith(QStringLiteral("0: %1 values (its bar is cut").arg(many)),
             qPrintable(h.binTip(x0)));
    QVERIFY2(h.binTip(h.xForValue(255.5)).startsWith(QStringLiteral("255: 900 values\n")),
             qPrintable(h.binTip(h.xForValue(255.5))));
    QCOMPARE(h.binTip(-5), QString());

    const std::vector<double> ticks = h.valueTicks();
    QVERIFY2(ticks.size() >= 2, qPrintable(QString::number(ticks.size())));
    const double step = ticks[1] - ticks[0];
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    QVERIFY2(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 5) < 1e-9,
             qPrintable(QString::number(step)));
    QCOMPARE(ticks.front(), 0.0);
    for (size_t i = 1; i < ticks.size(); ++i)
        QVERIFY(std::abs(ticks[i] - ticks[i - 1] - step) < 1e-9);
    QVERIFY(ticks.back() <= 256 && ticks.back() + step > 256);

    // Four times the next bin is not dominance: the scale stays plain.
    idx::Histogram even{{0, 1, 2, 3}, {400, 100, 30}};
    h.setHistogram(even);
    QVERIFY(!h.clippedBin());
    QCOMPARE(h.axisTop(), 400.0);
    QCOMPARE(h.binTip(h.xForValue(2.5)),
             QStringLiteral("2: 30 values\nDrag across the histogram to set the display window"));
    even.counts = {401, 100, 1};
    h.setHistogram(even);
    QCOMPARE(h.clippedBin(), std::optional<size_t>(0));
    QCOMPARE(h.binTip(h.xForValue(2.5)).section(QLatin1Char('\n'), 0, 0), QStringLiteral("2: 1 value"));
    // A range of two representable values (float data constant but for rounding): no round step fits in
    // it, and asking must end (it once looped forever, adding a step too small to change the value).
    const double one = 1.0;
    h.setHistogram(idx::Histogram{{one, std::nextafter(one, 2.0)}, {5}});
    QVERIFY(h.valueTicks().size() <= 2);
    h.setHistogram(idx::Histogram{{1e300, std::nextafter(1e300, 2e300)}, {5}});
    QVERIFY(h.valueTicks().size() <= 2);
    // Wide bins name their range.
    h.setHistogram(idx::Histogram{{0, 0.5, 1}, {3, 4}});
    QCOMPARE(h.binTip(h.xForValue(0.75)).section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("0.5 – 1: 4 values"));
}

void TestStatsPanel::meanImages()
{
    Fixture f;
    Document doc(f.images);
    ViewState state;
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    QTRY_VERIFY_WITH_TIMEOUT(panel.labelStatsShown(), 20000);
    MeanImages* means = panel.meanImages();
    QCOMPARE(means->imageCount(), 4);
    // Class 2's mean at pixel (x=3, y=1), rendered with the identity window 0..255.
    double sum = 0;
    int count = 0;
    for (quint64 i = 0; i < N; ++i)
        if (labelOf(i) == 2) {
            sum += pixel(i, 1 * Side + 3);
            ++count;
        }
    const QImage image = means->image(2);
    QCOMPARE(image.size(), QSize(int(Side), int(Side)));
    QVERIFY(std::abs(qGray(image.pixel(3, 1)) - sum / count) <= 1.0);
    // The colormap and inversion apply.
    state.setInvert(true);
    QVERIFY(std::abs(qGray(means->image(2).pixel(3, 1)) - (255 - sum / count)) <= 1.0);
}

void TestStatsPanel::readyAfterCompressedLoad()
{
    Fixture f(fx::Wrap::Gzip, 20000);
    Document doc(f.images);
    ViewState state;
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    QSignalSpy ready(&panel, &StatsPanel::statsReady);
    QVERIFY(ready.wait(30000));
    QVERIFY(!doc.isLoading());
    QCOMPARE(ready.count(), 1);
    QCOMPARE(panel.noteText(StatsPanel::Tensor), QString());
    compareFigures(panel, StatsPanel::Tensor, *idx::computeStats(doc.view()));
}

void TestStatsPanel::fashionTrainPartialThenFinal()
{
    const QString path = QStringLiteral(IDXSCOPE_FASHION_DIR "/train-images-idx3-ubyte.gz");
    if (!QFile::exists(path))
        QFAIL("Debian's dataset-fashion-mnist is missing: ./build.sh installs it");
    Document doc(path);
    ViewState state;
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    // While decoding, the tensor column never looks final: it is computing or says it is partial.
    QVERIFY(!panel.isReady());
    const QString note = panel.noteText(StatsPanel::Tensor);
    QVERIFY2(note == QStringLiteral("computing…") || note.startsWith(QStringLiteral("partial")),
             qPrintable(note));
    QSignalSpy ready(&panel, &StatsPanel::statsReady);
    QVERIFY(ready.wait(60000));
    QCOMPARE(panel.noteText(StatsPanel::Tensor), QString());
    QCOMPARE(panel.shownStats(StatsPanel::Tensor)->count, 60000ull * 784);
    QTRY_VERIFY_WITH_TIMEOUT(panel.labelStatsShown(), 60000);
    QCOMPARE(panel.meanImages()->imageCount(), 10);
}

QTEST_MAIN(TestStatsPanel)
#include "tst_stats_panel.moc"

void TestStatsPanel::cancelAndCompute()
{
    Fixture f;
    Document doc(f.images);
    ViewState state;
    StatsController stats(&doc, &state);
    StatsPanel panel(&stats, &state);
    // The whole-tensor job started in the constructor; its result can only arrive through the event loop, so
    // cancelling now is before any figure is shown.
    QVERIFY(panel.isComputing(StatsPanel::Tensor));
    panel.cancelTensorStats();
    QVERIFY(!panel.isComputing(StatsPanel::Tensor));
    QVERIFY(panel.noteText(StatsPanel::Tensor).startsWith(QStringLiteral("cancelled")));
    QSignalSpy shown(&panel, &StatsPanel::figuresShown);
    // Let the record/selection scopes finish: the cancelled tensor run must not show up afterwards.
    QTRY_VERIFY(!panel.isComputing(StatsPanel::Record) && !panel.isComputing(StatsPanel::Selection));
    for (const auto& args : shown)
        QVERIFY(args.first().value<StatsPanel::Scope>() != StatsPanel::Tensor);
    QVERIFY(!panel.shownStats(StatsPanel::Tensor));
    QVERIFY(!panel.isReady());
    // Compute starts it again and the figures arrive.
    panel.computeTensorStats();
    QTRY_VERIFY_WITH_TIMEOUT(panel.isReady(), 20000);
    compareFigures(panel, StatsPanel::Tensor, *idx::computeStats(doc.view()));
}
