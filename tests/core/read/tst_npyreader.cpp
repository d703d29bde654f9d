// Tests for the .npy reader: every supported descr in both byte orders, versions 1.0 and 2.0, dict spelling
// variants, what writeNpy writes read back, importNpy to raw and gzip IDX reopened with IdxFile, and a row
// with a clear message for each malformed case.
#include "fixtures.h"
#include "idxfile.h"
#include "memoryview.h"
#include "npyreader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

/// An .npy file: magic, version, header length (2 bytes for 1.0, 4 otherwise), the dict padded to 64, data.
QByteArray npy(int major, const QByteArray& dict, const QByteArray& data, bool pad = true)
{
    QByteArray d = dict;
    const int fixed = major == 1 ? 10 : 12;
    if (pad) {
        while ((fixed + d.size() + 1) % 64)
            d += ' ';
        d += '\n';
    }
    QByteArray out("\x93NUMPY", 6);
    out += char(major);
    out += '\0';
    char len[4];
    qToLittleEndian<quint32>(quint32(d.size()), len);
    out.append(len, major == 1 ? 2 : 4);
    return out + d + data;
}

QByteArray dictFor(const QByteArray& descr, const QByteArray& shape, const QByteArray& fortran = "False")
{
    return "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
}

std::vector<quint64> parseShape(const QByteArray& shape)
{
    std::vector<quint64> dims;
    for (const QByteArray& p : shape.mid(1, shape.size() - 2).split(','))
        if (!p.trimmed().isEmpty())
            dims.push_back(p.trimmed().toULongLong());
    return dims;
}

} // namespace

class TestNpyReader : public QObject {
    Q_OBJECT

private slots:
    void valid_data()
    {
        QTest::addColumn<QByteArray>("descr");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<bool>("little");
        QTest::addColumn<int>("major");
        QTest::addColumn<QByteArray>("shape");
        const struct {
            const char* descr;
            DType t;
            bool little;
        } types[] = {{"|u1", DType::UInt8, false},  {"|i1", DType::Int8, false},
                     {"<i2", DType::Int16, true},   {">i2", DType::Int16, false},
                     {"<i4", DType::Int32, true},   {">i4", DType::Int32, false},
                     {"<f4", DType::Float32, true}, {">f4", DType::Float32, false},
                     {"<f8", DType::Float64, true}, {">f8", DType::Float64, false}};
        for (const auto& t : types) {
            for (int major : {1, 2}) {
                for (const char* shape : {"(2, 3, 4)", "(5,)"}) {
                    const QByteArray name =
                        QByteArray(t.descr) + " v" + QByteArray::number(major) + ' ' + shape;
                    QTest::newRow(name.constData())
                        << QByteArray(t.descr) << int(t.t) << t.little << major << QByteArray(shape);
                }
            }
        }
        QTest::newRow("scalar") << QByteArray("<i4") << int(DType::Int32) << true << 1 << QByteArray("()");
        QTest::newRow("empty") << QByteArray("|u1") << int(DType::UInt8) << false << 1
                               << QByteArray("(0, 28, 28)");
    }
    void valid()
    {
        QFETCH(QByteArray, descr);
        QFETCH(int, dtype);
        QFETCH(bool, little);
        QFETCH(int, major);
        QFETCH(QByteArray, shape);
        const DType t = DType(dtype);
        const auto dims = parseShape(shape);
        const auto values = fx::sampleValues(t, fx::elementCount(dims));
        const QByteArray data = fx::encodeValues(t, values, little ? ByteOrder::Little : ByteOrder::Big);
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, u"a.npy"_s, npy(major, dictFor(descr, shape), data));
        const NpyRead r = readNpy(path);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.view.dtype(), t);
        QCOMPARE(r.view.header().dims, dims);
        QCOMPARE(r.view.byteOrder(), ByteOrder::Big);
        for (size_t i = 0; i < values.size(); ++i)
            QCOMPARE(r.view.value(i), values[i]);
        // And as an IDX file, raw, gzip and xz, reopened independently.
        for (Container c : {Container::Raw, Container::Gzip, Container::Xz}) {
            const QString idxPath = dir.filePath(u"a.idx"_s + (c == Container::Gzip ? u".gz"_s
                                                               : c == Container::Xz ? u".xz"_s
                                                                                    : QString()));
            const WriteResult w = importNpy(path, idxPath, c);
            QVERIFY2(w, qPrintable(w.error));
            const auto f = IdxFile::open(idxPath);
            QVERIFY(f->headerValid());
            QVERIFY(f->load());
            QCOMPARE(f->container(), c);
            QCOMPARE(f->header().dims, dims);
            QCOMPARE(f->header().dtype, t);
            for (size_t i = 0; i < values.size(); ++i)
                QCOMPARE(f->view().value(i), values[i]);
        }
    }

    void dictVariants_data()
    {
        QTest::addColumn<QByteArray>("dict");
        QTest::newRow("double quotes")
            << QByteArray(R"({"descr": "<i2", "fortran_order": False, "shape": (2, 2)})");
        QTest::newRow("reordered keys")
            << QByteArray("{'shape': (2, 2), 'fortran_order': False, 'descr': '<i2'}");
        QTest::newRow("python 2 longs")
            << QByteArray("{'descr': '<i2', 'fortran_order': False, 'shape': (2L, 2L), }");
        QTest::newRow("no spaces") << QByteArray("{'descr':'<i2','fortran_order':False,'shape':(2,2)}");
    }
    void dictVariants()
    {
        QFETCH(QByteArray, dict);
        const QByteArray file =
            npy(1, dict, fx::encodeValues(DType::Int16, {1, -2, 3, -4}, ByteOrder::Little));
        const NpyParse p = parseNpyHeader(file, file.size());
        QVERIFY2(p.info, qPrintable(p.error));
        QCOMPARE(p.info->dims, (std::vector<quint64>{2, 2}));
        QCOMPARE(p.info->dtype, DType::Int16);
        QCOMPARE(p.info->order, ByteOrder::Little);
        QCOMPARE(p.info->dataOffset % 64, 0);
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("error");
        const QByteArray ok = npy(1, dictFor("<i2", "(2,)"), QByteArray(4, '\0'));
        QTest::newRow("bad magic") << QByteArray("\x93NUMPX\x01\x00") + ok.mid(8)
                                   << u"not a NumPy .npy file (the magic \\x93NUMPY is missing)"_s;
        QTest::newRow("empty file") << QByteArray()
                                    << u"not a NumPy .npy file (the magic \\x93NUMPY is missing)"_s;
        QTest::newRow("truncated preamble") << ok.left(8) << u"the .npy header is truncated"_s;
        QTest::newRow("truncated header")
            << ok.left(40) << u"the .npy header is truncated: it claims 118 bytes but only 30 follow"_s;
        QTest::newRow("version 4") << QByteArray("\x93NUMPY\x04\x00", 8) + ok.mid(8)
                                   << u".npy format version 4.0 is not supported (1.0, 2.0 and 3.0 are)"_s;
        QTest::newRow("not a dict") << npy(1, "['descr']", {}) << u"the header is not a dictionary"_s;
        QTest::newRow("unterminated dict") << npy(1, "{'descr': '<i2', 'fortran_order': False", {}, false)
                                           << u"the header dictionary is malformed near \"\""_s;
        QTest::newRow("missing shape")
            << npy(1, "{'descr': '<i2', 'fortran_order': False}", {}) << u"the header lacks 'shape'"_s;
        QTest::newRow("unexpected key")
            << npy(1, "{'descr': '<i2', 'order': 'C'}", {}) << u"unexpected key 'order' in the header"_s;
        // Found by fuzz_npy: the second tuple's sizes were appended to the first (shape (2, 2), not (2,)).
        QTest::newRow("shape twice")
            << npy(1, "{'descr': '<i2', 'fortran_order': False, 'shape': (2,), 'shape': (2,)}",
                   QByteArray(8, '\0'))
            << u"the header has the key 'shape' twice"_s;
        QTest::newRow("descr twice")
            << npy(1, "{'descr': '<i2', 'descr': '<i4', 'fortran_order': False, 'shape': (2,)}",
                   QByteArray(8, '\0'))
            << u"the header has the key 'descr' twice"_s;
        QTest::newRow("fortran_order twice")
            << npy(1, "{'descr': '<i2', 'fortran_order': True, 'fortran_order': False, 'shape': (2,)}",
                   QByteArray(4, '\0'))
            << u"the header has the key 'fortran_order' twice"_s;
        QTest::newRow("bad fortran_order") << npy(1, "{'descr': '<i2', 'fortran_order': 0, 'shape': ()}", {})
                                           << u"fortran_order is neither True nor False"_s;
        QTest::newRow("shape not a tuple")
            << npy(1, "{'descr': '<i2', 'fortran_order': False, 'shape': [2]}", {})
            << u"the shape is not a tuple"_s;
        QTest::newRow("negative dim") << npy(1, dictFor("<i2", "(-2,)"), {})
                                      << u"the shape holds something other than sizes near \"-2,), }\""_s;
        QTest::newRow("object")
            << npy(1, dictFor("|O", "(2,)"), QByteArray(16, '\0'))
            << u"dtype '|O' is not supported (idxscope reads bool, uint8 to uint64, int8 to int64, float16, "
               u"float32 and float64, either byte order)"_s;
        QTest::newRow("complex")
            << npy(1, dictFor("<c8", "(2,)"), QByteArray(16, '\0'))
            << u"dtype '<c8' is not supported (idxscope reads bool, uint8 to uint64, int8 to int64, float16, "
               u"float32 and float64, either byte order)"_s;
        QTest::newRow("structured") << npy(1,
                                           "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (2,)}",
                                           {})
                                    << u"structured dtypes are not supported"_s;
        QTest::newRow("data shorter than the shape") << npy(1, dictFor("<i4", "(3, 2)"), QByteArray(20, '\0'))
                                                     << u"the data holds 20 bytes but the shape needs 24"_s;
        QTest::newRow("dim too large")
            << npy(1, dictFor("|u1", "(4294967296,)"), {})
            << u"dimension 4294967296 of the shape is larger than IDX allows (4294967295)"_s;
        QByteArray many = "(";
        for (int i = 0; i < 256; ++i)
            many += "1, ";
        many += ")";
        QTest::newRow("256 dims") << npy(2, dictFor("|u1", many), QByteArray(1, '\0'))
                                  << u"the array has 256 dimensions; IDX allows at most 255"_s;
        QTest::newRow("overflow") << npy(1, dictFor("<f8", "(4294967295, 4294967295, 4294967295)"), {})
                                  << u"the shape's size overflows 64 bits"_s;
    }
    void malformed()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, error);
        const NpyParse p = parseNpyHeader(file, file.size());
        QVERIFY(!p.info);
        QCOMPARE(p.error, error);
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, u"bad.npy"_s, file);
        QCOMPARE(readNpy(path).error, error);
        const QString out = dir.filePath(u"out.idx"_s);
        const WriteResult w = importNpy(path, out);
        QVERIFY(!w);
        QCOMPARE(w.error, error);
        QVERIFY(!QFile::exists(out));
    }

    // What IDX has no type or order for is converted as opening the file converts it: widened, reordered.
    // Expected values and IDX bytes are spelled out here by hand.
    void convertedLayouts_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QByteArray>("idx"); // the imported file, whole
        QTest::newRow("<u2 widened to int32")
            << npy(1, dictFor("<u2", "(3,)"), QByteArray("\xff\xff\x01\x00\x00\x80", 6))
            << QByteArray("\0\0\x0c\x01\0\0\0\x03"
                          "\0\0\xff\xff\0\0\0\x01\0\0\x80\0",
                          20);
        // Column-major (2, 3): stored a00 a10 a01 a11 a02 a12 = 1 4 2 5 3 6; row-major is 1 2 3 4 5 6.
        QTest::newRow("Fortran >i2") << npy(1, dictFor(">i2", "(2, 3)", "True"),
                                            QByteArray("\0\1\0\4\0\2\0\5\0\3\0\6", 12))
                                     << QByteArray("\0\0\x0b\x02\0\0\0\x02\0\0\0\x03"
                                                   "\0\1\0\2\0\3\0\4\0\5\0\6",
                                                   24);
        QTest::newRow("|b1 as uint8") << npy(1, dictFor("|b1", "(2,)"), QByteArray("\1\0", 2))
                                      << QByteArray("\0\0\x08\x01\0\0\0\x02\1\0", 10);
    }
    void convertedLayouts()
    {
        QFETCH(QByteArray, file);
        QFETCH(QByteArray, idx);
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, u"c.npy"_s, file);
        const NpyRead r = readNpy(path);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(r.view.data()), qsizetype(r.view.availableBytes())),
                 idx.mid(r.view.header().headerBytes));
        const QString out = dir.filePath(u"c.idx"_s);
        const WriteResult w = importNpy(path, out);
        QVERIFY2(w, qPrintable(w.error));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), idx);
    }

    // int64 beyond 2^53 has no exact IDX type: import refuses (no file is left), naming why.
    void roundedValuesAreRefused()
    {
        QByteArray data(16, '\0');
        qToLittleEndian<qint64>((qint64(1) << 60) + 1, data.data());
        qToLittleEndian<qint64>(7, data.data() + 8);
        QTemporaryDir dir;
        const QString path = fx::writeFile(dir, u"big.npy"_s, npy(1, dictFor("<i8", "(2,)"), data));
        const QString out = dir.filePath(u"big.idx"_s);
        const WriteResult w = importNpy(path, out);
        QVERIFY(!w);
        QVERIFY2(w.error.contains(u"1 int64 value(s) beyond 2^53 were rounded"_s) &&
                     w.error.contains(u"IDX has no type that holds them exactly"_s),
                 qPrintable(w.error));
        QVERIFY(!QFile::exists(out));
        // -(2^53 + 1) rounds to -2^53 itself: still a rounding.
        qToLittleEndian<qint64>(-(qint64(1) << 53) - 1, data.data());
        const QString edge = fx::writeFile(dir, u"edge.npy"_s, npy(1, dictFor("<i8", "(2,)"), data));
        const WriteResult e = importNpy(edge, out);
        QVERIFY2(!e && e.error.contains(u"1 int64 value(s) beyond 2^53"_s), qPrintable(e.error));
        QVERIFY(!QFile::exists(out));
        // Values that fit are imported (as float64).
        QByteArray small(16, '\0');
        qToLittleEndian<qint64>(-5, small.data());
        qToLittleEndian<qint64>(qint64(1) << 53, small.data() + 8);
        const QString fits = fx::writeFile(dir, u"fits.npy"_s, npy(1, dictFor("<i8", "(2,)"), small));
        const WriteResult ok = importNpy(fits, out);
        QVERIFY2(ok, qPrintable(ok.error));
        const auto f = IdxFile::open(out);
        QVERIFY(f->load());
        QCOMPARE(f->header().dtype, DType::Float64);
        QCOMPARE(f->view().value(0), -5.0);
        QCOMPARE(f->view().value(1), 9007199254740992.0);
    }

    void readsWhatWriteNpyWrote_data()
    {
        QTest::addColumn<int>("dtype");
        for (DType t :
             {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Float32, DType::Float64})
            QTest::newRow(qPrintable(dtypeName(t))) << int(t);
    }
    void readsWhatWriteNpyWrote()
    {
        QFETCH(int, dtype);
        const DType t = DType(dtype);
        const std::vector<quint64> dims{7, 3, 5};
        const auto values = fx::sampleValues(t, fx::elementCount(dims), 9);
        const TensorView v = fx::memoryView(t, dims, values);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"w.npy"_s);
        QVERIFY(writeNpy(path, v, RecordRange{2, 6}));
        const NpyRead r = readNpy(path);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.view.header().dims, (std::vector<quint64>{4, 3, 5}));
        for (quint64 i = 0; i < 4 * 15; ++i)
            QCOMPARE(r.view.value(i), values[size_t(2 * 15 + i)]);
    }

    void missingFile()
    {
        const NpyRead r = readNpy(u"/nonexistent/x.npy"_s);
        QVERIFY(r.error.startsWith(u"cannot read /nonexistent/x.npy: "_s));
    }

    void cancelImport()
    {
        QTemporaryDir dir;
        const QString path =
            fx::writeFile(dir, u"big.npy"_s, npy(1, dictFor("|u1", "(3000000,)"), QByteArray(3000000, '\1')));
        Control c;
        c.cancel = [] { return true; };
        const WriteResult w = importNpy(path, dir.filePath(u"out.idx"_s), Container::Raw, c);
        QCOMPARE(w.error, u"cancelled"_s);
        QVERIFY(!QFile::exists(dir.filePath(u"out.idx"_s)));
    }
};

QTEST_GUILESS_MAIN(TestNpyReader)
#include "tst_npyreader.moc"
