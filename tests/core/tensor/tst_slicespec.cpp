// The slice rules, with expected values worked out by hand: default image axes, whether a slice lies inside
// one record, the element under a pixel (through transposition and flips, and at the edges of the slice), the
// colour channel axis and image axes beside it, and field-by-field equality. elementIndex is also checked
// against extractSlice on every pixel of a tensor whose values are their own flat indexes.
#include "memoryview.h"
#include "slicespec.h"
#include "tensorview.h"

#include <QTest>

using namespace idx;

Q_DECLARE_METATYPE(idx::SliceSpec)

namespace {

using Dims = std::vector<quint64>;
using Index = std::vector<quint64>;

Header headerOf(const Dims& dims)
{
    return *Header::make(DType::UInt8, dims);
}

SliceSpec makeSpec(int row, int col, Index fixed = {}, bool transpose = false, bool flipH = false,
                   bool flipV = false)
{
    SliceSpec s;
    s.rowAxis = row;
    s.colAxis = col;
    s.fixed = std::move(fixed);
    s.transpose = transpose;
    s.flipHorizontal = flipH;
    s.flipVertical = flipV;
    return s;
}

} // namespace

class TstSliceSpec : public QObject {
    Q_OBJECT

private slots:
    void imageAxes_data();
    void imageAxes();
    void inOneRecord_data();
    void inOneRecord();
    void elementIndex_data();
    void elementIndex();
    void elementIndexInvertsExtractSlice_data();
    void elementIndexInvertsExtractSlice();
    void rgbChannelAxis_data();
    void rgbChannelAxis();
    void besideChannels_data();
    void besideChannels();
    void equality_data();
    void equality();
    void completed_data();
    void completed();
};

void TstSliceSpec::imageAxes_data()
{
    QTest::addColumn<Dims>("dims");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<int>("expectedRow");
    QTest::addColumn<int>("expectedCol");
    QTest::newRow("0-D: one element") << Dims{} << -1 << -1 << -1 << -1;
    QTest::newRow("1-D: one element per record") << Dims{6} << -1 << -1 << -1 << -1;
    QTest::newRow("2-D: a record is one row") << Dims{6, 7} << -1 << -1 << -1 << 1;
    QTest::newRow("3-D: last two") << Dims{2, 4, 5} << -1 << -1 << 1 << 2;
    QTest::newRow("4-D: last two") << Dims{2, 3, 4, 5} << -1 << -1 << 2 << 3;
    QTest::newRow("4-D: rows 2, cols 3") << Dims{2, 3, 4, 5} << 2 << 3 << 2 << 3;
    QTest::newRow("4-D: rows 1, cols 3") << Dims{2, 3, 4, 5} << 1 << 3 << 1 << 3;
    QTest::newRow("4-D: one row of axis 2") << Dims{2, 3, 4, 5} << -1 << 2 << -1 << 2;
    QTest::newRow("4-D: one column of axis 1") << Dims{2, 3, 4, 5} << 1 << -1 << 1 << -1;
    QTest::newRow("1-D: the whole vector") << Dims{6} << -1 << 0 << -1 << 0;
}

void TstSliceSpec::imageAxes()
{
    QFETCH(Dims, dims);
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(int, expectedRow);
    QFETCH(int, expectedCol);
    const auto [r, c] = makeSpec(row, col).imageAxes(headerOf(dims));
    QCOMPARE(r, expectedRow);
    QCOMPARE(c, expectedCol);
}

void TstSliceSpec::inOneRecord_data()
{
    QTest::addColumn<Dims>("dims");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<int>("channels");
    QTest::addColumn<bool>("expected");
    QTest::newRow("0-D: no record axis") << Dims{} << -1 << -1 << -1 << false;
    QTest::newRow("1-D: one element") << Dims{6} << -1 << -1 << -1 << true;
    QTest::newRow("1-D: the whole vector") << Dims{6} << -1 << 0 << -1 << false;
    QTest::newRow("2-D: default row") << Dims{6, 7} << -1 << -1 << -1 << true;
    QTest::newRow("2-D: records as rows") << Dims{6, 7} << 0 << 1 << -1 << false;
    QTest::newRow("3-D: default") << Dims{2, 4, 5} << -1 << -1 << -1 << true;
    QTest::newRow("4-D: rows 2, cols 3") << Dims{2, 3, 4, 5} << 2 << 3 << -1 << true;
    QTest::newRow("4-D: rows on records") << Dims{2, 3, 4, 5} << 0 << 3 << -1 << false;
    QTest::newRow("4-D: columns on records") << Dims{2, 3, 4, 5} << 2 << 0 << -1 << false;
    QTest::newRow("4-D: one row of axis 2") << Dims{2, 3, 4, 5} << -1 << 2 << -1 << true;
    QTest::newRow("channels on records") << Dims{3, 4, 5, 2} << 1 << 2 << 0 << false;
    QTest::newRow("channels last") << Dims{2, 4, 5, 3} << 1 << 2 << 3 << true;
}

void TstSliceSpec::inOneRecord()
{
    QFETCH(Dims, dims);
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(int, channels);
    QTEST(makeSpec(row, col).inOneRecord(headerOf(dims), channels), "expected");
}

void TstSliceSpec::elementIndex_data()
{
    QTest::addColumn<Dims>("dims");
    QTest::addColumn<SliceSpec>("spec");
    QTest::addColumn<quint64>("x");
    QTest::addColumn<quint64>("y");
    QTest::addColumn<bool>("inside");
    QTest::addColumn<Index>("expected");
    // [2, 3, 4, 5] with rows on axis 2 and columns on axis 3: a 4-row × 5-column image of record 1, axis-1
    // index 2. Pixel (x 3, y 1) is row 1, column 3.
    const Dims d4{2, 3, 4, 5};
    QTest::newRow("plain") << d4 << makeSpec(2, 3, {1, 2, 0, 0}) << 3ull << 1ull << true << Index{1, 2, 1, 3};
    QTest::newRow("fixed entries of image axes ignored")
        << d4 << makeSpec(2, 3, {1, 2, 9, 9}) << 3ull << 1ull << true << Index{1, 2, 1, 3};
    // Flipped horizontally, x 3 of 5 columns is column 5 - 1 - 3 = 1.
    QTest::newRow("flip horizontal") << d4 << makeSpec(2, 3, {1, 2}, false, true) << 3ull << 1ull << true
                                     << Index{1, 2, 1, 1};
    // Flipped vertically, y 1 of 4 rows is row 4 - 1 - 1 = 2.
    QTest::newRow("flip vertical") << d4 << makeSpec(2, 3, {1, 2}, false, false, true) << 3ull << 1ull << true
                                   << Index{1, 2, 2, 3};
    // Transposed, the image is 4 wide (the rows) and 5 high (the columns): x is the row, y the column.
    QTest::newRow("transpose") << d4 << makeSpec(2, 3, {1, 2}, true) << 3ull << 1ull << true
                               << Index{1, 2, 3, 1};
    // Transposed and flipped both ways: x 3 of 4 → 0 (row), y 1 of 5 → 3 (column).
    QTest::newRow("transpose + flips")
        << d4 << makeSpec(2, 3, {1, 2}, true, true, true) << 3ull << 1ull << true << Index{1, 2, 0, 3};
    QTest::newRow("transpose: bottom left")
        << d4 << makeSpec(2, 3, {1, 2}, true) << 0ull << 4ull << true << Index{1, 2, 0, 4};
    QTest::newRow("last pixel") << d4 << makeSpec(2, 3, {1, 2}) << 4ull << 3ull << true << Index{1, 2, 3, 4};
    QTest::newRow("x past the width") << d4 << makeSpec(2, 3, {1, 2}) << 5ull << 0ull << false << Index{};
    QTest::newRow("y past the height") << d4 << makeSpec(2, 3, {1, 2}) << 0ull << 4ull << false << Index{};
    QTest::newRow("transpose: x past the width")
        << d4 << makeSpec(2, 3, {1, 2}, true) << 4ull << 0ull << false << Index{};
    // Rows on axis 1 (3 of them), columns on axis 3; axis 2 fixed at 2.
    QTest::newRow("rows 1, cols 3") << d4 << makeSpec(1, 3, {1, 0, 2}) << 3ull << 1ull << true
                                    << Index{1, 1, 2, 3};
    // Default axes are 2 and 3; fixed has only the record: the rest are 0.
    QTest::newRow("default axes, short fixed")
        << d4 << makeSpec(-1, -1, {1}) << 3ull << 1ull << true << Index{1, 0, 1, 3};
    // One row of axis 2 (4 wide, 1 high) at axis-3 index 4.
    QTest::newRow("one row") << d4 << makeSpec(-1, 2, {1, 2, 0, 4}) << 3ull << 0ull << true
                             << Index{1, 2, 3, 4};
    QTest::newRow("one row: y past it")
        << d4 << makeSpec(-1, 2, {1, 2, 0, 4}) << 0ull << 1ull << false << Index{};
    QTest::newRow("row axis out of range")
        << d4 << makeSpec(4, 3, {1, 2}) << 0ull << 0ull << false << Index{};
    QTest::newRow("same axis twice") << d4 << makeSpec(2, 2, {1, 2}) << 0ull << 0ull << false << Index{};
    // 2-D [6, 7]: record 5 is one row of 7.
    QTest::newRow("2-D") << Dims{6, 7} << makeSpec(-1, -1, {5}) << 4ull << 0ull << true << Index{5, 4};
    QTest::newRow("2-D: below the row")
        << Dims{6, 7} << makeSpec(-1, -1, {5}) << 0ull << 1ull << false << Index{};
    // 1-D [6]: record 2 is one element; as a vector, 6 wide.
    QTest::newRow("1-D") << Dims{6} << makeSpec(-1, -1, {2}) << 0ull << 0ull << true << Index{2};
    QTest::newRow("1-D: beside the element")
        << Dims{6} << makeSpec(-1, -1, {2}) << 1ull << 0ull << false << Index{};
    QTest::newRow("1-D vector") << Dims{6} << makeSpec(-1, 0) << 4ull << 0ull << true << Index{4};
    QTest::newRow("1-D vector, flipped")
        << Dims{6} << makeSpec(-1, 0, {}, false, true) << 4ull << 0ull << true << Index{1};
    // 0-D: a scalar is one pixel with an empty index.
    QTest::newRow("0-D") << Dims{} << makeSpec(-1, -1) << 0ull << 0ull << true << Index{};
    QTest::newRow("0-D: past it") << Dims{} << makeSpec(-1, -1) << 0ull << 1ull << false << Index{};
}

void TstSliceSpec::elementIndex()
{
    QFETCH(Dims, dims);
    QFETCH(SliceSpec, spec);
    QFETCH(quint64, x);
    QFETCH(quint64, y);
    QFETCH(bool, inside);
    const auto index = spec.elementIndex(headerOf(dims), x, y);
    QCOMPARE(index.has_value(), inside);
    if (index)
        QTEST(*index, "expected");
}

void TstSliceSpec::elementIndexInvertsExtractSlice_data()
{
    QTest::addColumn<SliceSpec>("spec");
    const std::pair<int, int> axes[] = {{2, 3}, {1, 3}, {3, 1}, {0, 2}, {-1, 2}, {-1, -1}};
    for (const auto& [row, col] : axes)
        for (int flags = 0; flags < 8; ++flags)
            QTest::addRow("axes %d,%d flags %d", row, col, flags)
                << makeSpec(row, col, {1, 2, 3, 4}, (flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0);
}

void TstSliceSpec::elementIndexInvertsExtractSlice()
{
    QFETCH(SliceSpec, spec);
    // Every element's value is its flat index (0..119), so a pixel's value names the element shown there.
    const Dims dims{2, 3, 4, 5};
    std::vector<double> values(120);
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = double(i);
    const TensorView t = fx::memoryView(DType::UInt8, dims, values);
    const auto slice = extractSlice(t, spec);
    QVERIFY(slice);
    for (int y = 0; y < slice->height; ++y)
        for (int x = 0; x < slice->width; ++x) {
            const auto index = spec.elementIndex(t.header(), quint64(x), quint64(y));
            QVERIFY(index);
            const auto flat = t.flatIndex(*index);
            QVERIFY(flat);
            QCOMPARE(double(*flat), slice->values[size_t(y * slice->width + x)]);
        }
    QVERIFY(!spec.elementIndex(t.header(), quint64(slice->width), 0));
    QVERIFY(!spec.elementIndex(t.header(), 0, quint64(slice->height)));
}

void TstSliceSpec::rgbChannelAxis_data()
{
    QTest::addColumn<Dims>("dims");
    QTest::addColumn<int>("expected");
    QTest::newRow("0-D") << Dims{} << -1;
    QTest::newRow("1-D of 3") << Dims{3} << -1;
    QTest::newRow("2-D, 3 columns") << Dims{5, 3} << -1; // a table, not colour images
    QTest::newRow("3-D, last 3") << Dims{2, 4, 3} << 2;
    QTest::newRow("3-D, last 4") << Dims{2, 4, 4} << 2;
    QTest::newRow("3-D, last 5") << Dims{2, 4, 5} << -1;
    QTest::newRow("3-D, last 2") << Dims{2, 4, 2} << -1;
    QTest::newRow("3-D, last 1") << Dims{2, 4, 1} << -1;
    QTest::newRow("4-D, last 3") << Dims{2, 32, 32, 3} << 3;
    QTest::newRow("4-D, last 4") << Dims{2, 5, 6, 4} << 3;
    QTest::newRow("4-D, last 5") << Dims{2, 5, 6, 5} << -1;
    QTest::newRow("4-D, planar") << Dims{2, 3, 32, 32} << -1; // only the last axis is read as colour
    QTest::newRow("5-D, last 3") << Dims{2, 2, 5, 6, 3} << 4;
    QTest::newRow("no records") << Dims{0, 4, 3} << 2;
}

void TstSliceSpec::rgbChannelAxis()
{
    QFETCH(Dims, dims);
    QTEST(idx::rgbChannelAxis(dims), "expected");
    QTEST(idx::rgbChannelAxis(headerOf(dims)), "expected");
}

void TstSliceSpec::besideChannels_data()
{
    QTest::addColumn<Dims>("dims");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<int>("channels");
    QTest::addColumn<int>("expectedRow");
    QTest::addColumn<int>("expectedCol");
    const Dims rgb{2, 4, 5, 3};
    QTest::newRow("columns on the channels") << rgb << 2 << 3 << 3 << 1 << 2;
    QTest::newRow("rows on the channels") << rgb << 3 << 1 << 3 << 1 << 2;
    QTest::newRow("default axes") << rgb << -1 << -1 << 3 << 1 << 2;
    QTest::newRow("already beside") << rgb << 1 << 2 << 3 << 1 << 2;
    QTest::newRow("other axes kept") << rgb << 0 << 2 << 3 << 0 << 2;
    QTest::newRow("one row kept") << rgb << -1 << 2 << 3 << -1 << 2;
    QTest::newRow("one row of the channels") << rgb << -1 << 3 << 3 << 1 << 2;
    QTest::newRow("3-D") << Dims{2, 5, 3} << 1 << 2 << 2 << 0 << 1;
    QTest::newRow("no channels") << rgb << 2 << 3 << -1 << 2 << 3;
    QTest::newRow("channel axis below 2") << Dims{2, 3, 4, 5} << 0 << 1 << 1 << 0 << 1;
}

void TstSliceSpec::besideChannels()
{
    QFETCH(Dims, dims);
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(int, channels);
    const SliceSpec spec = makeSpec(row, col, {1, 2, 3, 0}, true, false, true);
    const SliceSpec s = spec.besideChannels(headerOf(dims), channels);
    QTEST(s.rowAxis, "expectedRow");
    QTEST(s.colAxis, "expectedCol");
    // Only the image axes change.
    QCOMPARE(s.fixed, spec.fixed);
    QCOMPARE(s.transpose, true);
    QCOMPARE(s.flipHorizontal, false);
    QCOMPARE(s.flipVertical, true);
}

void TstSliceSpec::equality_data()
{
    QTest::addColumn<SliceSpec>("a");
    QTest::addColumn<SliceSpec>("b");
    QTest::addColumn<bool>("equal");
    const SliceSpec base = makeSpec(2, 3, {1, 2, 0, 0}, true, false, true);
    QTest::newRow("same") << base << makeSpec(2, 3, {1, 2, 0, 0}, true, false, true) << true;
    QTest::newRow("defaults") << SliceSpec{} << SliceSpec{} << true;
    QTest::newRow("row axis") << base << makeSpec(1, 3, {1, 2, 0, 0}, true, false, true) << false;
    QTest::newRow("column axis") << base << makeSpec(2, 1, {1, 2, 0, 0}, true, false, true) << false;
    QTest::newRow("fixed value") << base << makeSpec(2, 3, {0, 2, 0, 0}, true, false, true) << false;
    QTest::newRow("fixed length") << base << makeSpec(2, 3, {1, 2, 0}, true, false, true) << false;
    QTest::newRow("transpose") << base << makeSpec(2, 3, {1, 2, 0, 0}, false, false, true) << false;
    QTest::newRow("flip horizontal") << base << makeSpec(2, 3, {1, 2, 0, 0}, true, true, true) << false;
    QTest::newRow("flip vertical") << base << makeSpec(2, 3, {1, 2, 0, 0}, true, false, false) << false;
}

void TstSliceSpec::equality()
{
    QFETCH(SliceSpec, a);
    QFETCH(SliceSpec, b);
    QFETCH(bool, equal);
    QCOMPARE(a == b, equal);
    QCOMPARE(b == a, equal);
    QCOMPARE(a != b, !equal);
}

void TstSliceSpec::completed_data()
{
    QTest::addColumn<Dims>("dims");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<Dims>("fixed");
    QTest::addColumn<int>("expectedRow");
    QTest::addColumn<int>("expectedCol");
    QTest::addColumn<Dims>("expectedFixed");
    QTest::newRow("3-D defaults") << Dims{9, 4, 5} << -1 << -1 << Dims{} << 1 << 2 << Dims{7, 0, 0};
    QTest::newRow("4-D chosen axes kept")
        << Dims{9, 3, 4, 5} << 1 << 3 << Dims{0, 0, 2} << 1 << 3 << Dims{7, 0, 2, 0};
    QTest::newRow("equal axes: the defaults")
        << Dims{9, 3, 4, 5} << 2 << 2 << Dims{} << 2 << 3 << Dims{7, 0, 0, 0};
    QTest::newRow("axis out of range: the defaults")
        << Dims{9, 4, 5} << 1 << 3 << Dims{} << 1 << 2 << Dims{7, 0, 0};
    QTest::newRow("one axis set is kept") << Dims{9, 4, 5} << -1 << 1 << Dims{} << -1 << 1 << Dims{7, 0, 0};
    QTest::newRow("extra fixed indexes dropped")
        << Dims{9, 6} << -1 << -1 << Dims{1, 2, 3, 4} << -1 << 1 << Dims{7, 2};
    QTest::newRow("2-D: a record is a row") << Dims{9, 6} << -1 << -1 << Dims{} << -1 << 1 << Dims{7, 0};
}

void TstSliceSpec::completed()
{
    QFETCH(Dims, dims);
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(Dims, fixed);
    const auto h = Header::make(DType::UInt8, dims);
    QVERIFY(h);
    SliceSpec spec;
    spec.rowAxis = row;
    spec.colAxis = col;
    spec.fixed = fixed;
    spec.transpose = true; // the orientation is the user's: kept
    const SliceSpec c = spec.completed(*h, 7);
    QTEST(c.rowAxis, "expectedRow");
    QTEST(c.colAxis, "expectedCol");
    QTEST(c.fixed, "expectedFixed");
    QVERIFY(c.transpose);
}

QTEST_GUILESS_MAIN(TstSliceSpec)
#include "tst_slicespec.moc"
