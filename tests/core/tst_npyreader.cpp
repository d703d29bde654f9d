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
        QTest::newRow("fortran order")
            << npy(1, dictFor("<i2", "(2, 2)", "True"), QByteArray(8, '\0'))
            << u"the array is stored in Fortran order; only C order is supported here (open the file and "
               u"convert it, or save it with np.ascontiguousarray)"_s;
        QTest::newRow("<u2") << npy(1, dictFor("<u2", "(2,)"), QByteArray(4, '\0'))
                             << u"dtype '<u2' has no IDX type; only |u1 |i1 <i2 >i2 <i4 >i4 <f4 >f4 <f8 >f8 "
                                u"import as they are "
                                u"(open the file and convert it to widen it)"_s;
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
