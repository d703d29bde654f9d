// Tests for rendering: colormap tables, window mapping, inversion, non-finite colour, the u8 identity fast
// path, renderRecord against the general slice path, flips and transposition, diverging centre, RGB slices.
#include "fixtures.h"
#include "memoryview.h"
#include "render.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

PixelBuffer renderOne(double v, Window w, bool invert = false, Colormap c = Colormap::Gray)
{
    RenderOptions o;
    o.window = w;
    o.invert = invert;
    o.colormap = c;
    return renderSlice(Slice{1, 1, {v}}, o);
}

std::vector<uchar> rgb(Rgb c)
{
    return {c.r, c.g, c.b};
}

} // namespace

class TestRender : public QObject {
    Q_OBJECT

private slots:
    void names();
    void lutEndpoints_data();
    void lutEndpoints();
    void lutsAreSmooth();
    void windowMapping_data();
    void windowMapping();
    void defaultWindows_data();
    void defaultWindows();
    void divergingCentre();
    void nonFiniteColour();
    void colormapOutput();
    void u8Identity();
    void recordFastPathMatchesSlicePath_data();
    void recordFastPathMatchesSlicePath();
    void recordShapes_data();
    void recordShapes();
    void recordUnavailable();
    void flipsAndTranspose_data();
    void flipsAndTranspose();
    void rgbSlice_data();
    void rgbSlice();
    void rgbSliceWindowAndErrors();
    void badSlice();
};

void TestRender::names()
{
    QCOMPARE(allColormaps().size(), 4);
    for (Colormap c : allColormaps())
        QCOMPARE(colormapFromName(colormapName(c)), std::optional<Colormap>(c));
    QCOMPARE(colormapName(Colormap::Viridis), QStringLiteral("viridis"));
    QCOMPARE(colormapFromName(u"MAGMA"), std::optional<Colormap>(Colormap::Magma));
    QVERIFY(!colormapFromName(u"jet"));
    QVERIFY(!colormapFromName(u""));
}

void TestRender::lutEndpoints_data()
{
    QTest::addColumn<Colormap>("colormap");
    QTest::addColumn<int>("entry");
    QTest::addColumn<int>("r");
    QTest::addColumn<int>("g");
    QTest::addColumn<int>("b");
    QTest::newRow("gray 0") << Colormap::Gray << 0 << 0 << 0 << 0;
    QTest::newRow("gray 200") << Colormap::Gray << 200 << 200 << 200 << 200;
    QTest::newRow("gray 255") << Colormap::Gray << 255 << 255 << 255 << 255;
    // matplotlib's viridis: #440154 ... #fde725; magma: #000004 ... #fcfdbf.
    QTest::newRow("viridis 0") << Colormap::Viridis << 0 << 0x44 << 0x01 << 0x54;
    QTest::newRow("viridis 255") << Colormap::Viridis << 255 << 0xfd << 0xe7 << 0x25;
    QTest::newRow("magma 0") << Colormap::Magma << 0 << 0x00 << 0x00 << 0x04;
    QTest::newRow("magma 255") << Colormap::Magma << 255 << 0xfc << 0xfd << 0xbf;
    QTest::newRow("diverging 128 is white") << Colormap::Diverging << 128 << 255 << 255 << 255;
}

void TestRender::lutEndpoints()
{
    QFETCH(Colormap, colormap);
    QFETCH(int, entry);
    QFETCH(int, r);
    QFETCH(int, g);
    QFETCH(int, b);
    QCOMPARE(colormapTable(colormap)[size_t(entry)], (Rgb{uchar(r), uchar(g), uchar(b)}));
}

void TestRender::lutsAreSmooth()
{
    for (Colormap c : allColormaps()) {
        const auto& t = colormapTable(c);
        for (size_t i = 1; i < t.size(); ++i) {
            const int d =
                std::abs(t[i].r - t[i - 1].r) + std::abs(t[i].g - t[i - 1].g) + std::abs(t[i].b - t[i - 1].b);
            QVERIFY2(d <= 12, qPrintable(colormapName(c) + QString::number(i)));
        }
    }
    // Diverging: blue at the low end, red at the high end.
    const auto& d = colormapTable(Colormap::Diverging);
    QVERIFY(d[0].b > d[0].r);
    QVERIFY(d[255].r > d[255].b);
}

void TestRender::windowMapping_data()
{
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("index");
    QTest::newRow("low") << 0.0 << 1.0 << 0.0 << 0;
    QTest::newRow("high") << 0.0 << 1.0 << 1.0 << 255;
    QTest::newRow("mid") << 0.0 << 1.0 << 0.5 << 128; // 127.5 rounds up
    QTest::newRow("quarter") << 0.0 << 1.0 << 0.25 << 64;
    QTest::newRow("below clamps") << 10.0 << 20.0 << -1e9 << 0;
    QTest::newRow("above clamps") << 10.0 << 20.0 << 1e9 << 255;
    QTest::newRow("offset mid") << 10.0 << 20.0 << 15.0 << 128;
    QTest::newRow("u8 identity") << 0.0 << 255.0 << 17.0 << 17;
    QTest::newRow("u8 identity 254") << 0.0 << 255.0 << 254.0 << 254;
    QTest::newRow("symmetric zero") << -3.0 << 3.0 << 0.0 << 128;
    QTest::newRow("degenerate at") << 5.0 << 5.0 << 5.0 << 0;
    QTest::newRow("degenerate above") << 5.0 << 5.0 << 6.0 << 255;
    QTest::newRow("degenerate below") << 5.0 << 5.0 << 4.0 << 0;
    QTest::newRow("huge window") << -std::numeric_limits<double>::max() << std::numeric_limits<double>::max()
                                 << 0.0 << 128;
    QTest::newRow("reversed window") << 1.0 << 0.0 << 1.0 << 0;
    QTest::newRow("NaN window") << kNaN << 1.0 << 0.5 << 0;
}

void TestRender::windowMapping()
{
    QFETCH(double, low);
    QFETCH(double, high);
    QFETCH(double, value);
    QFETCH(int, index);
    const PixelBuffer p = renderOne(value, {low, high});
    QCOMPARE(p.channels, 1);
    QCOMPARE(p.width, 1);
    QCOMPARE(p.height, 1);
    QCOMPARE(int(p.pixels[0]), index);
    const PixelBuffer inv = renderOne(value, {low, high}, true);
    QCOMPARE(int(inv.pixels[0]), 255 - index);
    const PixelBuffer v = renderOne(value, {low, high}, false, Colormap::Viridis);
    QCOMPARE(v.channels, 3);
    QCOMPARE(v.pixels, rgb(colormapTable(Colormap::Viridis)[size_t(index)]));
    // Inversion flips the colormap too.
    const PixelBuffer vi = renderOne(value, {low, high}, true, Colormap::Magma);
    QCOMPARE(vi.pixels, rgb(colormapTable(Colormap::Magma)[size_t(255 - index)]));
}

void TestRender::defaultWindows_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<Colormap>("colormap");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::newRow("u8 identity") << DType::UInt8 << 3.0 << 90.0 << Colormap::Gray << 0.0 << 255.0;
    QTest::newRow("u8 viridis identity") << DType::UInt8 << 3.0 << 90.0 << Colormap::Viridis << 0.0 << 255.0;
    QTest::newRow("i8 min..max") << DType::Int8 << -5.0 << 90.0 << Colormap::Gray << -5.0 << 90.0;
    QTest::newRow("f32 min..max") << DType::Float32 << 0.25 << 0.75 << Colormap::Magma << 0.25 << 0.75;
    QTest::newRow("f64 diverging") << DType::Float64 << -3.0 << 5.0 << Colormap::Diverging << -5.0 << 5.0;
    QTest::newRow("i16 diverging neg") << DType::Int16 << -7.0 << 2.0 << Colormap::Diverging << -7.0 << 7.0;
    QTest::newRow("u8 diverging") << DType::UInt8 << 0.0 << 200.0 << Colormap::Diverging << -200.0 << 200.0;
    QTest::newRow("diverging zeros") << DType::Float32 << 0.0 << 0.0 << Colormap::Diverging << -1.0 << 1.0;
}

void TestRender::defaultWindows()
{
    QFETCH(DType, dtype);
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(Colormap, colormap);
    const Window w = defaultWindow(dtype, min, max, colormap);
    QTEST(w.low, "low");
    QTEST(w.high, "high");
}

void TestRender::divergingCentre()
{
    const Window w = defaultWindow(DType::Float32, -3, 5, Colormap::Diverging);
    const auto& lut = colormapTable(Colormap::Diverging);
    QCOMPARE(renderOne(0, w, false, Colormap::Diverging).pixels, rgb(lut[128]));
    QCOMPARE(renderOne(0, w, false, Colormap::Diverging).pixels, (std::vector<uchar>{255, 255, 255}));
    QCOMPARE(renderOne(-5, w, false, Colormap::Diverging).pixels, rgb(lut[0]));
    QCOMPARE(renderOne(5, w, false, Colormap::Diverging).pixels, rgb(lut[255]));
}

void TestRender::nonFiniteColour()
{
    RenderOptions o;
    o.window = {0, 10};
    o.nonFinite = {1, 2, 3};
    const PixelBuffer p = renderSlice(Slice{4, 1, {kNaN, 10, kInf, -kInf}}, o);
    QCOMPARE(p.channels, 3); // gray, but non-finite values need their colour
    QCOMPARE(p.pixels, (std::vector<uchar>{1, 2, 3, 255, 255, 255, 1, 2, 3, 1, 2, 3}));
    const PixelBuffer g = renderSlice(Slice{2, 1, {0, 10}}, o);
    QCOMPARE(g.channels, 1);
    QCOMPARE(g.pixels, (std::vector<uchar>{0, 255}));
    // The fast record path agrees for floats.
    for (DType t : {DType::Float32, DType::Float64}) {
        const auto v = fx::memoryView(t, {1, 2, 2}, {kNaN, 10, kInf, 0});
        const auto r = renderRecord(v, 0, o);
        QVERIFY(r);
        QCOMPARE(r->channels, 3);
        QCOMPARE(r->pixels, (std::vector<uchar>{1, 2, 3, 255, 255, 255, 1, 2, 3, 0, 0, 0}));
    }
}

void TestRender::colormapOutput()
{
    RenderOptions o;
    o.window = {0, 255};
    o.colormap = Colormap::Magma;
    const auto v = fx::memoryView(DType::UInt8, {1, 1, 3}, {0, 100, 255});
    const auto r = renderRecord(v, 0, o);
    QVERIFY(r);
    QCOMPARE(r->channels, 3);
    const auto& lut = colormapTable(Colormap::Magma);
    std::vector<uchar> expected;
    for (int i : {0, 100, 255})
        for (uchar c : rgb(lut[size_t(i)]))
            expected.push_back(c);
    QCOMPARE(r->pixels, expected);
}

void TestRender::u8Identity()
{
    std::mt19937 rng(5);
    std::vector<double> values(3 * 28 * 28);
    for (auto& x : values)
        x = double(rng() % 256);
    const auto v = fx::memoryView(DType::UInt8, {3, 28, 28}, values);
    RenderOptions o;
    o.window = defaultWindow(DType::UInt8, 0, 0);
    for (quint64 r = 0; r < 3; ++r) {
        const auto p = renderRecord(v, r, o);
        QVERIFY(p);
        QCOMPARE(p->width, 28);
        QCOMPARE(p->height, 28);
        QCOMPARE(p->channels, 1);
        QCOMPARE(p->pixels, std::vector<uchar>(v.recordData(r), v.recordData(r) + 784));
    }
}

void TestRender::recordFastPathMatchesSlicePath_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<ByteOrder>("order");
    QTest::addColumn<Colormap>("colormap");
    QTest::addColumn<bool>("invert");
    for (DType t : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64}) {
        for (ByteOrder order : {ByteOrder::Big, ByteOrder::Little}) {
            if (order == ByteOrder::Little && elementSize(t) == 1)
                continue;
            const QString name = dtypeName(t) + (order == ByteOrder::Big ? u" big"_s : u" little"_s);
            QTest::newRow(qPrintable(name)) << t << order << Colormap::Gray << false;
            QTest::newRow(qPrintable(name + u" viridis inverted"_s))
                << t << order << Colormap::Viridis << true;
        }
    }
}

void TestRender::recordFastPathMatchesSlicePath()
{
    QFETCH(DType, dtype);
    QFETCH(ByteOrder, order);
    QFETCH(Colormap, colormap);
    QFETCH(bool, invert);
    const auto values = fx::sampleValues(dtype, 4 * 5 * 7, 11);
    const auto v = fx::memoryView(dtype, {4, 5, 7}, values, order);
    RenderOptions o;
    o.colormap = colormap;
    o.invert = invert;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    o.window = {*lo + (*hi - *lo) * 0.1, *hi - (*hi - *lo) * 0.2}; // clamps at both ends too
    for (quint64 r = 0; r < 4; ++r) {
        const auto fast = renderRecord(v, r, o);
        const auto slice = extractSlice(v, SliceSpec::forRecord(v.header(), r));
        QVERIFY(fast && slice);
        const PixelBuffer general = renderSlice(*slice, o);
        QCOMPARE(fast->width, 7);
        QCOMPARE(fast->height, 5);
        QCOMPARE(fast->channels, general.channels);
        QCOMPARE(fast->pixels, general.pixels);
    }
}

void TestRender::recordShapes_data()
{
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::addColumn<quint64>("record");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<std::vector<uchar>>("pixels");
    // Values are the flat index; window identity.
    QTest::newRow("scalar") << std::vector<quint64>{} << quint64(0) << 1 << 1 << std::vector<uchar>{0};
    QTest::newRow("1-D: a scalar record")
        << std::vector<quint64>{5} << quint64(3) << 1 << 1 << std::vector<uchar>{3};
    QTest::newRow("2-D: one row") << std::vector<quint64>{3, 4} << quint64(1) << 4 << 1
                                  << std::vector<uchar>{4, 5, 6, 7};
    QTest::newRow("3-D") << std::vector<quint64>{2, 2, 3} << quint64(1) << 3 << 2
                         << std::vector<uchar>{6, 7, 8, 9, 10, 11};
    QTest::newRow("4-D: the first plane")
        << std::vector<quint64>{2, 2, 2, 2} << quint64(1) << 2 << 2 << std::vector<uchar>{8, 9, 10, 11};
    QTest::newRow("zero-sized") << std::vector<quint64>{2, 0, 3} << quint64(1) << 3 << 0
                                << std::vector<uchar>{};
    // Regression (fuzz_render): a zero-sized axis between the record and image axes used to read past the
    // data.
    QTest::newRow("zero-sized middle axis")
        << std::vector<quint64>{3, 0, 2, 5} << quint64(2) << 0 << 0 << std::vector<uchar>{};
}

void TestRender::recordShapes()
{
    QFETCH(std::vector<quint64>, dims);
    QFETCH(quint64, record);
    quint64 n = 1;
    for (quint64 d : dims)
        n *= d;
    std::vector<double> values(n);
    for (quint64 i = 0; i < n; ++i)
        values[i] = double(i);
    const auto v = fx::memoryView(DType::UInt8, dims, values);
    const auto p = renderRecord(v, record, RenderOptions{});
    QVERIFY(p);
    QTEST(p->width, "width");
    QTEST(p->height, "height");
    QTEST(p->pixels, "pixels");
}

void TestRender::recordUnavailable()
{
    const auto values = fx::sampleValues(DType::Int16, 3 * 4);
    auto bytes = std::make_shared<QByteArray>(fx::encodeValues(DType::Int16, values));
    const auto h = Header::make(DType::Int16, {3, 2, 2});
    const TensorView partial(*h, reinterpret_cast<const uchar*>(bytes->constData()), 8 + 7, bytes);
    QVERIFY(renderRecord(partial, 0, {}));
    QVERIFY(!renderRecord(partial, 1, {})); // only 7 of its 8 bytes have arrived
    QVERIFY(!renderRecord(partial, 3, {}));
}

void TestRender::flipsAndTranspose_data()
{
    QTest::addColumn<bool>("transpose");
    QTest::addColumn<bool>("flipH");
    QTest::addColumn<bool>("flipV");
    QTest::addColumn<int>("width");
    QTest::addColumn<std::vector<uchar>>("pixels");
    // The record is 2 rows × 3 columns: 0 1 2 / 3 4 5.
    QTest::newRow("plain") << false << false << false << 3 << std::vector<uchar>{0, 1, 2, 3, 4, 5};
    QTest::newRow("flip horizontal") << false << true << false << 3 << std::vector<uchar>{2, 1, 0, 5, 4, 3};
    QTest::newRow("flip vertical") << false << false << true << 3 << std::vector<uchar>{3, 4, 5, 0, 1, 2};
    QTest::newRow("transpose") << true << false << false << 2 << std::vector<uchar>{0, 3, 1, 4, 2, 5};
    QTest::newRow("transpose + flips") << true << true << true << 2 << std::vector<uchar>{5, 2, 4, 1, 3, 0};
}

void TestRender::flipsAndTranspose()
{
    QFETCH(bool, transpose);
    QFETCH(bool, flipH);
    QFETCH(bool, flipV);
    const auto v = fx::memoryView(DType::UInt8, {2, 2, 3}, {9, 9, 9, 9, 9, 9, 0, 1, 2, 3, 4, 5});
    SliceSpec spec = SliceSpec::forRecord(v.header(), 1);
    spec.transpose = transpose;
    spec.flipHorizontal = flipH;
    spec.flipVertical = flipV;
    const auto slice = extractSlice(v, spec);
    QVERIFY(slice);
    const PixelBuffer p = renderSlice(*slice, RenderOptions{});
    QTEST(p.width, "width");
    QCOMPARE(p.height, 6 / p.width);
    QTEST(p.pixels, "pixels");
}

void TestRender::rgbSlice_data()
{
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::addColumn<int>("channelAxis");
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<std::vector<uchar>>("pixels");
    // Two pixels: (10, 20, 30) and (40, 50, 60).
    QTest::newRow("HWC") << std::vector<quint64>{1, 2, 3} << 2 << std::vector<double>{10, 20, 30, 40, 50, 60}
                         << std::vector<uchar>{10, 20, 30, 40, 50, 60};
    QTest::newRow("HWC alpha ignored")
        << std::vector<quint64>{1, 2, 4} << 2 << std::vector<double>{10, 20, 30, 99, 40, 50, 60, 99}
        << std::vector<uchar>{10, 20, 30, 40, 50, 60};
    QTest::newRow("CHW") << std::vector<quint64>{3, 1, 2} << 0 << std::vector<double>{10, 40, 20, 50, 30, 60}
                         << std::vector<uchar>{10, 20, 30, 40, 50, 60};
}

void TestRender::rgbSlice()
{
    QFETCH(std::vector<quint64>, dims);
    QFETCH(int, channelAxis);
    QFETCH(std::vector<double>, values);
    const auto v = fx::memoryView(DType::UInt8, dims, values);
    const auto p = renderRgbSlice(v, SliceSpec{}, channelAxis, RenderOptions{});
    QVERIFY(p);
    QCOMPARE(p->channels, 3);
    QCOMPARE(p->width, 2);
    QCOMPARE(p->height, 1);
    QTEST(p->pixels, "pixels");
}

void TestRender::rgbSliceWindowAndErrors()
{
    // N × H × W × C float images: the window applies to each channel alike; NaN takes the non-finite colour.
    const auto v = fx::memoryView(DType::Float32, {2, 1, 2, 3}, {0, 0, 0, 0, 0, 0, 0, 0.5, 1, 2, kNaN, 0});
    RenderOptions o;
    o.window = {0, 1};
    SliceSpec spec;
    spec.rowAxis = 1;
    spec.colAxis = 2;
    spec.fixed = {1, 0, 0, 0};
    const auto p = renderRgbSlice(v, spec, 3, o);
    QVERIFY(p);
    QCOMPARE(p->pixels, (std::vector<uchar>{0, 128, 255, 255, 0, 255}));
    QVERIFY(!renderRgbSlice(v, spec, 1, o));  // one entry: not colour channels
    QVERIFY(!renderRgbSlice(v, spec, 2, o));  // the column axis itself
    QVERIFY(!renderRgbSlice(v, spec, 7, o));  // no such axis
    QVERIFY(!renderRgbSlice(v, spec, -1, o)); // no such axis
    spec.fixed = {2, 0, 0, 0};
    QVERIFY(!renderRgbSlice(v, spec, 3, o)); // record out of range
}

void TestRender::badSlice()
{
    QVERIFY(renderSlice(Slice{3, 2, {1, 2}}, {}).isNull()); // values do not fill width × height
    QVERIFY(renderSlice(Slice{}, {}).isNull());
}

QTEST_GUILESS_MAIN(TestRender)
#include "tst_render.moc"
