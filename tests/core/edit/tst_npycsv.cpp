// Tests for the .npy and CSV writers: .npy files read back by a minimal parser written here from the format
// description (magic, version, header alignment, descr, fortran_order, shape, little-endian data) and checked
// against numpy's own header bytes; CSV value by value, shortest float forms, nan/inf spellings, ranges, a
// header line of column names when they are given (quoted as CSV needs) and none otherwise.
#include "editabletensor.h"
#include "fixtures.h"
#include "memoryview.h"
#include "writer.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Npy {
    QByteArray descr;
    bool fortran = true;
    std::vector<quint64> shape;
    QByteArray data;
    QString error;
};

/// A minimal .npy 1.0 reader written from the format description, sharing nothing with the writer.
Npy parseNpy(const QByteArray& b)
{
    Npy n;
    if (b.size() < 10 || !b.startsWith("\x93NUMPY")) {
        n.error = u"magic"_s;
        return n;
    }
    if (b[6] != 1 || b[7] != 0) {
        n.error = u"version"_s;
        return n;
    }
    const int hlen = uchar(b[8]) | (uchar(b[9]) << 8);
    if (b.size() < 10 + hlen || (10 + hlen) % 64 != 0 || b[10 + hlen - 1] != '\n') {
        n.error = u"header length/alignment/newline"_s;
        return n;
    }
    const QString dict = QString::fromLatin1(b.mid(10, hlen));
    static const QRegularExpression re(
        uR"(^\{'descr': '([<>|][uif][1248])', 'fortran_order': (True|False), 'shape': \(([0-9, ]*)\), \} *\n$)"_s);
    const auto m = re.match(dict);
    if (!m.hasMatch()) {
        n.error = u"dict: "_s + dict;
        return n;
    }
    n.descr = m.captured(1).toLatin1();
    n.fortran = m.captured(2) == u"True"_s;
    const QString shape = m.captured(3);
    const auto parts = shape.split(u',');
    for (const auto& p : parts)
        if (!p.trimmed().isEmpty())
            n.shape.push_back(p.trimmed().toULongLong());
    // Python tuple syntax: a one-element tuple needs its trailing comma.
    if (n.shape.size() == 1 && !shape.trimmed().endsWith(u','))
        n.error = u"1-tuple without comma"_s;
    n.data = b.mid(10 + hlen);
    return n;
}

double decodeLittle(const uchar* p, DType t)
{
    return decodeElement(p, t, ByteOrder::Little);
}

} // namespace

class TestNpyCsv : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void npy_data();
    void npy();
    void npyHeaderExactly();
    void csv_data();
    void csv();
    void csvFloat32Shortest();
    void csvColumnNames();
    void chosenRecordsOfPieces_data();
    void chosenRecordsOfPieces();

private:
    QTemporaryDir m_dir;
    int m_counter = 0;
    QString freshPath(const QString& suffix)
    {
        return m_dir.filePath(u"f%1%2"_s.arg(++m_counter).arg(suffix));
    }
};

void TestNpyCsv::npy_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::addColumn<QByteArray>("descr");
    const std::vector<std::vector<quint64>> shapes{{}, {5}, {3, 4}, {2, 3, 4}, {2, 1, 3, 2}, {0, 7}};
    const QList<QByteArray> descrs{"|u1", "|i1", "<i2", "<i4", "<f4", "<f8"};
    const DType types[] = {DType::UInt8, DType::Int8,    DType::Int16,
                           DType::Int32, DType::Float32, DType::Float64};
    for (int i = 0; i < 6; ++i)
        for (const auto& dims : shapes)
            QTest::newRow(qPrintable(
                u"%1 ndim %2 %3"_s.arg(dtypeName(types[i])).arg(dims.size()).arg(fx::elementCount(dims))))
                << types[i] << dims << descrs[i];
}

void TestNpyCsv::npy()
{
    QFETCH(DType, dtype);
    QFETCH(std::vector<quint64>, dims);
    const auto values = fx::sampleValues(dtype, fx::elementCount(dims), 4);
    for (ByteOrder order : {ByteOrder::Big, ByteOrder::Little}) {
        const QString path = freshPath(u".npy"_s);
        const WriteResult r = writeNpy(path, fx::memoryView(dtype, dims, values, order));
        QVERIFY2(r, qPrintable(r.error));
        const Npy n = parseNpy(readAll(path));
        QVERIFY2(n.error.isEmpty(), qPrintable(n.error));
        QTEST(n.descr, "descr");
        QVERIFY(!n.fortran);
        QCOMPARE(n.shape, dims);
        const int es = elementSize(dtype);
        QCOMPARE(n.data.size(), qsizetype(values.size()) * es);
        const auto* p = reinterpret_cast<const uchar*>(n.data.constData());
        for (size_t i = 0; i < values.size(); ++i)
            QCOMPARE(decodeLittle(p + i * size_t(es), dtype), values[i]);
    }
}

void TestNpyCsv::npyHeaderExactly()
{
    // What numpy 1.24's np.save writes for np.zeros((2, 3, 4), '<f4') and np.zeros(5, 'u1').
    const QString a = freshPath(u".npy"_s);
    QVERIFY(writeNpy(a, fx::memoryView(DType::Float32, {2, 3, 4}, std::vector<double>(24, 0))));
    QByteArray expected = QByteArray("\x93NUMPY\x01\x00\x76\x00", 10) +
                          "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3, 4), }";
    expected += QByteArray(128 - 1 - expected.size(), ' ') + '\n';
    QCOMPARE(readAll(a).left(128), expected);
    const QString b = freshPath(u".npy"_s);
    QVERIFY(writeNpy(b, fx::memoryView(DType::UInt8, {5}, {1, 2, 3, 4, 5}), RecordRange{1, 3}));
    QByteArray e2 = QByteArray("\x93NUMPY\x01\x00\x76\x00", 10) +
                    "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }";
    e2 += QByteArray(128 - 1 - e2.size(), ' ') + '\n';
    QCOMPARE(readAll(b), e2 + QByteArray("\x02\x03"));
}

void TestNpyCsv::csv_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<std::vector<quint64>>("dims");
    QTest::addColumn<int>("lines");
    QTest::addColumn<int>("perLine");
    for (DType t : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64}) {
        const QString n = dtypeName(t);
        QTest::newRow(qPrintable(n + u" 1-D"_s)) << t << std::vector<quint64>{7} << 7 << 1;
        QTest::newRow(qPrintable(n + u" 3-D"_s)) << t << std::vector<quint64>{3, 2, 5} << 3 << 10;
        QTest::newRow(qPrintable(n + u" scalar"_s)) << t << std::vector<quint64>{} << 1 << 1;
    }
}

void TestNpyCsv::csv()
{
    QFETCH(DType, dtype);
    QFETCH(std::vector<quint64>, dims);
    QFETCH(int, lines);
    QFETCH(int, perLine);
    auto values = fx::sampleValues(dtype, fx::elementCount(dims), 8);
    if (isFloat(dtype) && values.size() >= 4) {
        values[0] = kNaN;
        values[1] = kInf;
        values[2] = -kInf;
        values[3] = dtype == DType::Float32 ? double(1.0f / 3) : 1.0 / 3; // needs all its digits
    }
    if (dtype == DType::Int32 && values.size() >= 2) {
        values[0] = -2147483648.0;
        values[1] = 2147483647.0;
    }
    const QString path = freshPath(u".csv"_s);
    const WriteResult r = writeCsv(path, fx::memoryView(dtype, dims, values));
    QVERIFY2(r, qPrintable(r.error));
    const QByteArray text = readAll(path);
    QVERIFY(text.endsWith('\n'));
    const auto rows = text.chopped(1).split('\n');
    QCOMPARE(rows.size(), lines);
    size_t k = 0;
    for (const QByteArray& row : rows) {
        const auto cells = row.split(',');
        QCOMPARE(cells.size(), perLine);
        for (const QByteArray& cell : cells) {
            const double expected = values[k++];
            if (std::isnan(expected)) {
                QCOMPARE(cell, QByteArray("nan"));
            } else if (std::isinf(expected)) {
                QCOMPARE(cell, expected > 0 ? QByteArray("inf") : QByteArray("-inf"));
            } else if (dtype == DType::Float32) {
                QCOMPARE(double(std::strtof(cell.constData(), nullptr)), expected);
            } else if (isFloat(dtype)) {
                QCOMPARE(std::strtod(cell.constData(), nullptr), expected);
            } else {
                bool ok = false;
                QCOMPARE(double(cell.toLongLong(&ok)), expected); // integers exactly, no exponent
                QVERIFY(ok);
            }
        }
    }
    QCOMPARE(k, values.size());
}

void TestNpyCsv::csvFloat32Shortest()
{
    const QString path = freshPath(u".csv"_s);
    QVERIFY(writeCsv(path, fx::memoryView(DType::Float32, {2, 3}, {0.1, -2.5, 1e20, 0, -0.0, 3})));
    QCOMPARE(readAll(path), QByteArray("0.1,-2.5,1e+20\n0,-0,3\n"));
    const QString range = freshPath(u".csv"_s);
    QVERIFY(writeCsv(range, fx::memoryView(DType::Int8, {4}, {-128, 0, 5, 127}), RecordRange{1, 3}));
    QCOMPARE(readAll(range), QByteArray("0\n5\n"));
}

void TestNpyCsv::csvColumnNames()
{
    const TensorView table = fx::memoryView(DType::Int32, {3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    const QStringList names{u"class"_s, u"writer, id"_s, u"say \"hi\""_s};
    const QString path = freshPath(u".csv"_s);
    QVERIFY(writeCsv(path, table, RecordRange{1, 3}, {}, names));
    QCOMPARE(readAll(path), QByteArray("class,\"writer, id\",\"say \"\"hi\"\"\"\n4,5,6\n7,8,9\n"));
    // Chosen records of pieces: the same line first.
    const QString chosen = freshPath(u".csv"_s);
    QVERIFY(writeCsv(chosen, TensorPieces(table), RecordSet{0, 2}, {}, {u"a"_s, u"b"_s, u"c"_s}));
    QCOMPARE(readAll(chosen), QByteArray("a,b,c\n1,2,3\n7,8,9\n"));
    // A 1-D tensor's one column; no names, no header line.
    const QString labels = freshPath(u".csv"_s);
    QVERIFY(writeCsv(labels, fx::memoryView(DType::UInt8, {2}, {3, 4}), {}, {}, {u"label"_s}));
    QCOMPARE(readAll(labels), QByteArray("label\n3\n4\n"));
    QVERIFY(writeCsv(labels, fx::memoryView(DType::UInt8, {2}, {3, 4})));
    QCOMPARE(readAll(labels), QByteArray("3\n4\n"));
    // Names of another count than a line's values: refused, nothing written.
    const QString wrong = freshPath(u".csv"_s);
    const WriteResult w = writeCsv(wrong, table, {}, {}, {u"a"_s, u"b"_s});
    QVERIFY(!w);
    QCOMPARE(w.error, u"2 column names were given for lines of 3 values"_s);
    QVERIFY(!QFile::exists(wrong));
    QVERIFY(!writeCsv(wrong, TensorPieces(table), RecordSet{0}, {}, {u"a"_s}));
    QVERIFY(!QFile::exists(wrong));
}

void TestNpyCsv::chosenRecordsOfPieces_data()
{
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<int>("order");
    for (DType t : {DType::UInt8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
        for (ByteOrder o : {ByteOrder::Big, ByteOrder::Little})
            QTest::newRow(qPrintable(dtypeName(t) + (o == ByteOrder::Big ? u" big"_s : u" little"_s)))
                << t << int(o);
}

// A selection of an edited tensor (an inserted record, a deleted one, an edited value: several pieces)
// written record by record where it lies: the same values as the tensor shows, in ascending order, with the
// shape of the selection; progress reaches its total.
void TestNpyCsv::chosenRecordsOfPieces()
{
    QFETCH(DType, dtype);
    QFETCH(int, order);
    const std::vector<quint64> dims{9, 2, 3};
    EditableTensor t(fx::memoryView(dtype, dims, fx::sampleValues(dtype, 54, 3), ByteOrder(order)));
    QVERIFY(t.deleteRecords(1, 1));
    QVERIFY(t.insertRecords(0, fx::encodeValues(dtype, {1, 2, 3, 4, 5, 6}, ByteOrder::Big)));
    QVERIFY(t.setElement(4, 5, 7));
    const TensorPieces pieces = t.pieces();
    QVERIFY(pieces.pieces().size() >= 3);
    const RecordSet records{7, 0, 3, 2, 4, 40}; // 40 is past the end: left out
    const std::vector<quint64> chosen{0, 2, 3, 4, 7};
    qint64 done = -1, total = -2;
    Control control;
    control.progress = [&](qint64 d, qint64 all) {
        done = d;
        total = all;
    };

    const QString npyPath = freshPath(u".npy"_s);
    const WriteResult w = writeNpy(npyPath, pieces, records, control);
    QVERIFY2(w, qPrintable(w.error));
    QCOMPARE(done, total);
    const Npy n = parseNpy(readAll(npyPath));
    QVERIFY2(n.error.isEmpty(), qPrintable(n.error));
    QCOMPARE(n.shape, (std::vector<quint64>{5, 2, 3}));
    const int es = elementSize(dtype);
    QCOMPARE(n.data.size(), qsizetype(5 * 6 * es));
    const auto* p = reinterpret_cast<const uchar*>(n.data.constData());
    for (size_t k = 0; k < chosen.size(); ++k)
        for (quint64 e = 0; e < 6; ++e)
            QCOMPARE(decodeLittle(p + (k * 6 + e) * size_t(es), dtype), t.value(chosen[k], e));

    const QString csvPath = freshPath(u".csv"_s);
    QVERIFY(writeCsv(csvPath, pieces, records, control));
    QCOMPARE(done, total);
    QCOMPARE(total, qint64(5));
    const auto lines = readAll(csvPath).chopped(1).split('\n');
    QCOMPARE(lines.size(), qsizetype(5));
    for (size_t k = 0; k < chosen.size(); ++k) {
        const auto cells = lines[qsizetype(k)].split(',');
        QCOMPARE(cells.size(), qsizetype(6));
        for (quint64 e = 0; e < 6; ++e) {
            const QByteArray& cell = cells[qsizetype(e)];
            // float32 values are written in their own shortest form: read back as float32
            const double got = dtype == DType::Float32 ? double(std::strtof(cell.constData(), nullptr))
                                                       : std::strtod(cell.constData(), nullptr);
            QCOMPARE(got, t.value(chosen[k], e));
        }
    }

    // Nothing chosen: an empty array of the record shape, and an empty CSV.
    const QString none = freshPath(u".npy"_s);
    QVERIFY(writeNpy(none, pieces, RecordSet{}));
    QCOMPARE(parseNpy(readAll(none)).shape, (std::vector<quint64>{0, 2, 3}));
    // A cancel stops it and leaves nothing.
    Control cancel;
    cancel.cancel = [] { return true; };
    const QString cancelled = freshPath(u".csv"_s);
    QVERIFY(!writeCsv(cancelled, pieces, records, cancel));
    QVERIFY(!QFile::exists(cancelled));
}

QTEST_GUILESS_MAIN(TestNpyCsv)
#include "tst_npycsv.moc"
