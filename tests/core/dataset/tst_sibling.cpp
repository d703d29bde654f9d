// The sibling formats read as IDX, checked against the real writers: numpy's np.save, np.savez and
// np.savez_compressed (Debian's python3 with python3-numpy, run at test time) write the files and the
// values they hold; Lush matrices are built here byte by byte from their documented layout (magic, ndim,
// at least three dims, data, all in the writer's byte order).
#include "companion.h"
#include "fixtures.h"
#include "idxfile.h"
#include "remedy.h"
#include "sibling.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace idx;

namespace {

std::shared_ptr<IdxFile> openLoaded(const QString& path)
{
    auto f = IdxFile::open(path);
    (void)f->load();
    return f;
}

std::vector<double> valuesOf(const IdxFile& f)
{
    const TensorView v = f.view();
    std::vector<double> out;
    for (quint64 i = 0; i < v.availableElements(); ++i)
        out.push_back(v.value(i));
    return out;
}

QString describe(const Diagnostics& ds)
{
    QStringList out;
    for (const Diagnostic& d : ds)
        out << d.message;
    return out.join(QLatin1String(" | "));
}

const Diagnostic* findCode(const Diagnostics& ds, DiagCode code)
{
    for (const Diagnostic& d : ds)
        if (d.code == code)
            return &d;
    return nullptr;
}

// The note that 2 int64 values were rounded (big_i8 holds two beyond 2^53).
bool roundedNote(const Diagnostics& ds)
{
    for (const Diagnostic& d : ds)
        if (d.code == DiagCode::Converted && d.actual == 2 && d.message.contains(QStringLiteral("rounded")))
            return true;
    return false;
}

QByteArray lush(quint32 magic, const std::vector<qint32>& dims, const QByteArray& data, bool little)
{
    QByteArray out;
    const auto put = [&](quint32 v) {
        char b[4];
        if (little)
            qToLittleEndian(v, b);
        else
            qToBigEndian(v, b);
        out.append(b, 4);
    };
    put(magic);
    put(quint32(dims.size()));
    for (qint32 d : dims)
        put(quint32(d));
    for (size_t i = dims.size(); i < 3; ++i)
        put(1);
    return out + data;
}
} // namespace

class TestSibling : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Each array is saved, and its values written beside it as exact float64 hex (float.hex), the
        // expected values of the test: numpy's reading, not ours.
        const QString script = QStringLiteral(R"PY(
import numpy as np, sys, os
os.chdir(sys.argv[1])
base = np.arange(24).reshape(2, 3, 4)
arrays = {
    'u1': base.astype('u1') * 10, 'i1': (base - 12).astype('i1'),
    'le_i2': (base * -1000).astype('<i2'), 'be_i2': (base * -1000).astype('>i2'),
    'le_u2': (base * 2700).astype('<u2'), 'be_u2': (base * 2700).astype('>u2'),
    'le_i4': (base * -100000).astype('<i4'), 'be_i4': (base * -100000).astype('>i4'),
    'le_u4': (base.astype('u8') * 178956970).astype('<u4'),
    'le_i8': (base * -(10 ** 12)).astype('<i8'), 'be_u8': (base.astype('u8') * (10 ** 14)).astype('>u8'),
    'le_f2': (base / 8 - 1).astype('<f2'), 'be_f2': (base / 8 - 1).astype('>f2'),
    'le_f4': (base / 3).astype('<f4'), 'be_f4': (base / 3).astype('>f4'),
    'le_f8': (base / 7).astype('<f8'), 'be_f8': (base / 7).astype('>f8'),
    'b1': (base % 3 == 0),
    'fortran_i2': np.asfortranarray((base * 3).astype('<i2')),
    'fortran_f8': np.asfortranarray((base / 9).astype('>f8')),
    'fortran_2d': np.asfortranarray(np.arange(12, dtype='u1').reshape(3, 4)),
    'big_i8': np.array([1, 2 ** 60 + 1, -(2 ** 62) - 1, 7], dtype='<i8'),
}
for name, a in arrays.items():
    np.save(name + '.npy', a)
    with open(name + '.txt', 'w') as f:
        f.write(' '.join(float(v).hex() for v in a.ravel(order='C').astype('f8')))
x = (np.arange(6 * 4 * 5) % 251).astype('u1').reshape(6, 4, 5)
y = np.array([3, 1, 4, 1, 5, 9], dtype='u1')
np.savez('keras.npz', x_test=x[:2], x_train=x, y_train=y, y_test=y[:2])
np.savez_compressed('keras_compressed.npz', x_test=x[:2], x_train=x, y_train=y, y_test=y[:2])
np.savez('single.npz', only=y)
np.savez('pairs.npz', images=x, labels=y)
np.save('x.npy', x)
np.savez('named.npz', train_images=x, train_labels=y)
np.save('fortran_big.npy', np.asfortranarray((np.arange(40 * 300 * 300) % 251).astype('<u2').reshape(40, 300, 300)))
import io, zipfile
with zipfile.ZipFile('bare.npz', 'w') as z:  # a member that is an .npy array under a name without ".npy"
    b = io.BytesIO(); np.save(b, y); z.writestr('raw', b.getvalue())
with zipfile.ZipFile('double.npz', 'w') as z:  # np.load finds 'x.npy' as x.npy.npy
    b = io.BytesIO(); np.save(b, y[:2]); z.writestr('x.npy.npy', b.getvalue())
with zipfile.ZipFile('many.npz', 'w') as z:  # 3,000 arrays without a pair, then a training pair
    b = io.BytesIO(); np.save(b, y[:1]); one = b.getvalue()
    for i in range(3000): z.writestr('x_%04d.npy' % i, one)
    b = io.BytesIO(); np.save(b, x); z.writestr('x_train.npy', b.getvalue())
    b = io.BytesIO(); np.save(b, y); z.writestr('y_train.npy', b.getvalue())
)PY");
        const QString failed = fx::runNumpy(script, m_dir.path());
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void npyEveryDtype_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("shown");
        QTest::addColumn<bool>("converted");
        const auto row = [](const char* n, DType t, bool converted) {
            QTest::newRow(n) << QString::fromLatin1(n) << int(t) << converted;
        };
        row("u1", DType::UInt8, false);
        row("i1", DType::Int8, false);
        row("le_i2", DType::Int16, false);
        row("be_i2", DType::Int16, false);
        row("le_u2", DType::Int32, true);
        row("be_u2", DType::Int32, true);
        row("le_i4", DType::Int32, false);
        row("be_i4", DType::Int32, false);
        row("le_u4", DType::Float64, true);
        row("le_i8", DType::Float64, true);
        row("be_u8", DType::Float64, true);
        row("le_f2", DType::Float32, true);
        row("be_f2", DType::Float32, true);
        row("le_f4", DType::Float32, false);
        row("be_f4", DType::Float32, false);
        row("le_f8", DType::Float64, false);
        row("be_f8", DType::Float64, false);
        row("b1", DType::UInt8, true);
        row("fortran_i2", DType::Int16, false);
        row("fortran_f8", DType::Float64, false);
        row("fortran_2d", DType::UInt8, false);
    }

    void npyEveryDtype()
    {
        QFETCH(QString, name);
        QFETCH(int, shown);
        QFETCH(bool, converted);
        const auto f = openLoaded(m_dir.filePath(name + QLatin1String(".npy")));
        QVERIFY2(f->headerValid(), qPrintable(describe(f->diagnostics())));
        QCOMPARE(f->source().format, SourceFormat::Npy);
        QCOMPARE(int(f->header().dtype), shown);
        QCOMPARE(f->source().fortran, name.startsWith(QLatin1String("fortran")));
        QVERIFY(!hasError(f->diagnostics()));
        const Diagnostics noteDiags = f->diagnostics();
        const Diagnostic* note = findCode(noteDiags, DiagCode::Converted);
        QCOMPARE(note != nullptr, converted);
        if (note)
            QVERIFY2(note->message.contains(dtypeName(DType(shown))), qPrintable(note->message));
        QVERIFY(f->view().isComplete());
        QCOMPARE(valuesOf(*f), expected(name));
    }

    void npyDims()
    {
        const auto f = openLoaded(m_dir.filePath(QStringLiteral("fortran_2d.npy")));
        QCOMPARE(f->header().dims, (std::vector<quint64>{3, 4}));
        const auto g = openLoaded(m_dir.filePath(QStringLiteral("le_f4.npy")));
        QCOMPARE(g->header().dims, (std::vector<quint64>{2, 3, 4}));
        QCOMPARE(g->source().descr, QStringLiteral("<f4"));
        QCOMPARE(g->source().order, ByteOrder::Little);
    }

    // int64 beyond 2^53 has no exact float64: the reading says how many values were rounded.
    void int64BeyondDoublesIsCounted()
    {
        const auto f = openLoaded(m_dir.filePath(QStringLiteral("big_i8.npy")));
        const Diagnostics ds = f->diagnostics();
        int rounded = 0;
        for (const Diagnostic& d : ds)
            if (d.code == DiagCode::Converted && d.actual == 2)
                ++rounded;
        QVERIFY2(rounded == 1, qPrintable(describe(ds)));
        QCOMPARE(valuesOf(*f), expected(QStringLiteral("big_i8")));
    }

    void npyInsideGzipAndXz()
    {
        const QByteArray npy = readAll(m_dir.filePath(QStringLiteral("be_u2.npy")));
        for (const QByteArray& packed : {fx::gzip(npy), fx::xz(npy)}) {
            const QString path = fx::writeFile(m_dir, QStringLiteral("packed.npy"), packed);
            const auto f = openLoaded(path);
            QVERIFY2(f->headerValid(), qPrintable(describe(f->diagnostics())));
            QCOMPARE(f->source().format, SourceFormat::Npy);
            QVERIFY(f->container() != Container::Raw);
            QCOMPARE(valuesOf(*f), expected(QStringLiteral("be_u2")));
        }
    }

    // A cut .npy shows its complete records and says it is truncated, like a cut IDX file.
    void truncatedNpy()
    {
        const QByteArray npy = readAll(m_dir.filePath(QStringLiteral("le_u2.npy")));
        const QString path = fx::writeFile(m_dir, QStringLiteral("cut.npy"), npy.left(npy.size() - 13));
        const auto f = openLoaded(path);
        QVERIFY(f->headerValid());
        QVERIFY2(findCode(f->diagnostics(), DiagCode::TruncatedPayload),
                 qPrintable(describe(f->diagnostics())));
        QCOMPARE(f->view().availableRecords(), quint64(1));
        const std::vector<double> all = expected(QStringLiteral("le_u2"));
        const std::vector<double> got = valuesOf(*f);
        QCOMPARE(got.size(), size_t(24 - 7)); // 13 bytes = 6.5 uint16 missing: 17 whole values remain
        QVERIFY(std::equal(got.begin(), got.end(), all.begin()));
        // The half value left over is named, as in an IDX file.
        const Diagnostics partialDiags = f->diagnostics();
        const Diagnostic* partial = findCode(partialDiags, DiagCode::PartialElement);
        QVERIFY2(partial, qPrintable(describe(f->diagnostics())));
        QCOMPARE(partial->actual, qint64(1));
        QCOMPARE(partial->expected, qint64(2));
        QCOMPARE(partial->offset, qint64(npy.size() - 24 * 2 + 17 * 2));
        QVERIFY2(partial->message.contains(QStringLiteral("1 of its 2 bytes")), qPrintable(partial->message));
        // Cut on an element boundary: no partial element.
        const QString even = fx::writeFile(m_dir, QStringLiteral("cut-even.npy"), npy.left(npy.size() - 14));
        const auto g = openLoaded(even);
        QVERIFY(findCode(g->diagnostics(), DiagCode::TruncatedPayload));
        QVERIFY(!findCode(g->diagnostics(), DiagCode::PartialElement));
    }

    // Bytes after a .npy's data on disk are counted from the file's size, not read: a tail far beyond the
    // decompression limit is an exact trailing-bytes warning, not the bomb error of a compressed stream.
    // Through gzip the tail has to be decoded, and the limit applies, but the rounding count survives it.
    void longTailAfterSibling()
    {
        const QByteArray npy = readAll(m_dir.filePath(QStringLiteral("big_i8.npy")));
        const QByteArray tail(3 << 20, '\x5a');
        const QString path = fx::writeFile(m_dir, QStringLiteral("tail.npy"), npy + tail);
        const auto f = openLoaded(path);
        QCOMPARE(f->trailingBytes(), qint64(tail.size()));
        QVERIFY(f->trailingBytes() > f->excessLimit());
        QVERIFY2(!hasError(f->diagnostics()), qPrintable(describe(f->diagnostics())));
        QVERIFY(findCode(f->diagnostics(), DiagCode::TrailingBytes));
        QCOMPARE(valuesOf(*f), expected(QStringLiteral("big_i8")));
        QVERIFY2(roundedNote(f->diagnostics()), qPrintable(describe(f->diagnostics())));

        const QString packed = fx::writeFile(m_dir, QStringLiteral("tail.npy.gz"), fx::gzip(npy + tail));
        const auto g = openLoaded(packed);
        QVERIFY2(findCode(g->diagnostics(), DiagCode::DecompressionLimit),
                 qPrintable(describe(g->diagnostics())));
        QCOMPARE(valuesOf(*g), expected(QStringLiteral("big_i8")));
        QVERIFY2(roundedNote(g->diagnostics()), qPrintable(describe(g->diagnostics())));
    }

    // Column-major data is gathered a chunk at a time: Cancel is heard before all of it is read, nothing is
    // shown meanwhile, and the load resumes to numpy's values.
    void fortranLoadCancels()
    {
        const QString path = m_dir.filePath(QStringLiteral("fortran_big.npy"));
        const auto f = IdxFile::open(path);
        QVERIFY2(f->headerValid(), qPrintable(describe(f->diagnostics())));
        QVERIFY(f->source().fortran);
        int polls = 0;
        qint64 lastDone = -1;
        Control control;
        control.cancel = [&] { return polls++ >= 2; };
        control.progress = [&](qint64 done, qint64) { lastDone = done; };
        QVERIFY(!f->load(control));
        QVERIFY(findCode(f->diagnostics(), DiagCode::Cancelled));
        QCOMPARE(f->view().availableBytes(), quint64(0));
        QVERIFY(lastDone > 0);
        QVERIFY2(lastDone < f->fileSize() / 2, qPrintable(QString::number(lastDone)));
        QCOMPARE(f->bytesRead(), lastDone); // what the GUI shows while nothing is decoded yet
        QCOMPARE(f->decodedBytes(), f->header().headerBytes);
        QVERIFY(f->load());
        QVERIFY2(!hasError(f->diagnostics()), qPrintable(describe(f->diagnostics())));
        const TensorView v = f->view();
        QVERIFY(v.isComplete());
        // fortran_big is arange(…).reshape(40, 300, 300) % 251 in uint16: row-major element i is i % 251.
        for (quint64 i :
             {quint64(0), quint64(1), quint64(299), quint64(300), quint64(90000), v.availableElements() - 1})
            QCOMPARE(v.value(i), double(i % 251));
    }

    // A sibling says its own type and order: no IDX remedies (its buffer holds only the declared data, so a
    // remedy sampling trailing bytes would read past it), and reading options are named as not applying.
    void siblingsGetNoIdxRemedies()
    {
        const QByteArray npy = readAll(m_dir.filePath(QStringLiteral("le_i4.npy")));
        const QByteArray data = npy.right(24 * 4);
        const QString path = fx::writeFile(m_dir, QStringLiteral("trailing.npy"), npy + data); // 1× more
        const auto f = openLoaded(path);
        QVERIFY(findCode(f->diagnostics(), DiagCode::TrailingBytes));
        QVERIFY(findRemedies(*f).empty());
        QCOMPARE(f->storedTypeCode(), quint8(0x0C));
        OpenOptions asked;
        asked.dataOrder = ByteOrder::Little;
        const auto g = IdxFile::open(m_dir.filePath(QStringLiteral("le_i4.npy")), asked);
        (void)g->load();
        const Diagnostics noteDiags = g->diagnostics();
        const Diagnostic* note = findCode(noteDiags, DiagCode::Converted);
        QVERIFY2(note && note->message.contains(QStringLiteral("do not apply")),
                 qPrintable(describe(g->diagnostics())));
        QCOMPARE(valuesOf(*g), expected(QStringLiteral("le_i4")));
    }

    void npzArrays_data()
    {
        QTest::addColumn<QString>("archive");
        QTest::newRow("stored") << QStringLiteral("keras.npz");
        QTest::newRow("deflated") << QStringLiteral("keras_compressed.npz");
    }

    void npzArrays()
    {
        QFETCH(QString, archive);
        const QString path = m_dir.filePath(archive);
        const NpzListing listing = listNpz(path);
        QVERIFY2(listing.error.isEmpty(), qPrintable(listing.error));
        QStringList names;
        for (const NpzArray& a : listing.arrays)
            names << a.name;
        QCOMPARE(names, (QStringList{QStringLiteral("x_test"), QStringLiteral("x_train"),
                                     QStringLiteral("y_train"), QStringLiteral("y_test")}));
        QCOMPARE(listing.arrays[1].layout->dims, (std::vector<quint64>{6, 4, 5}));
        QCOMPARE(listing.arrays[3].layout->dims, (std::vector<quint64>{2}));
        QCOMPARE(listing.arrays[2].layout->descr, QStringLiteral("|u1"));
        const auto pair = pairedArrays(listing);
        QVERIFY(pair);
        QCOMPARE(pair->first, QStringLiteral("x_train"));
        QCOMPARE(pair->second, QStringLiteral("y_train"));

        const auto x = openLoaded(path + QLatin1String(":x_train"));
        QVERIFY2(x->headerValid(), qPrintable(describe(x->diagnostics())));
        QCOMPARE(x->source().format, SourceFormat::Npz);
        QVERIFY(!hasError(x->diagnostics()));
        const auto reference = openLoaded(m_dir.filePath(QStringLiteral("x.npy")));
        QCOMPARE(valuesOf(*x), valuesOf(*reference));
        const auto y = openLoaded(path + QLatin1String(":y_train.npy")); // the member's own name works too
        QCOMPARE(valuesOf(*y), (std::vector<double>{3, 1, 4, 1, 5, 9}));
    }

    void npzErrors()
    {
        const QString keras = m_dir.filePath(QStringLiteral("keras.npz"));
        // An archive of several arrays: which one?
        const auto bare = openLoaded(keras);
        QVERIFY(!bare->headerValid());
        QVERIFY2(firstError(bare->diagnostics()).contains(QStringLiteral("x_test, x_train, y_train, y_test")),
                 qPrintable(firstError(bare->diagnostics())));
        // One array: it is the tensor.
        const auto single = openLoaded(m_dir.filePath(QStringLiteral("single.npz")));
        QCOMPARE(valuesOf(*single), (std::vector<double>{3, 1, 4, 1, 5, 9}));
        // No such member.
        const auto missing = openLoaded(keras + QLatin1String(":z_train"));
        QCOMPARE(missing->diagnostics().value(0).code, DiagCode::NotFound);
        QVERIFY(firstError(missing->diagnostics()).contains(QStringLiteral("\"z_train\"")));
        // A damaged deflated member: libzip's inflate or CRC check fails; the error is shown.
        QByteArray bytes = readAll(m_dir.filePath(QStringLiteral("keras_compressed.npz")));
        const qsizetype at = bytes.indexOf("x_train.npy") + 11 + 40; // inside x_train's deflated data
        for (int i = 0; i < 8; ++i)
            bytes[at + i] = char(bytes[at + i] ^ 0x5A);
        const QString damaged = fx::writeFile(m_dir, QStringLiteral("damaged.npz"), bytes);
        const auto bad = openLoaded(damaged + QLatin1String(":x_train"));
        QVERIFY2(hasError(bad->diagnostics()), qPrintable(describe(bad->diagnostics())));
        // Not a zip at all under a zip signature.
        const QString fake = fx::writeFile(m_dir, QStringLiteral("fake.npz"),
                                           QByteArray("PK\x03\x04", 4) + QByteArray(60, '\0'));
        const auto notZip = openLoaded(fake);
        QVERIFY(firstError(notZip->diagnostics()).contains(QStringLiteral("zip archive")));
    }

    void pairsByName()
    {
        const auto listing = listNpz(m_dir.filePath(QStringLiteral("pairs.npz")));
        const auto pair = pairedArrays(listing);
        QVERIFY(pair);
        QCOMPARE(pair->first, QStringLiteral("images"));
        QVERIFY(!pairedArrays(listNpz(m_dir.filePath(QStringLiteral("single.npz")))));
    }

    // Headers shorter than the decoder's first read, behind gzip and xz: a 12-byte Lush header (3 dimensions
    // need 20 bytes) and an .npy cut inside its dict are refused as truncated, never parsed from bytes past
    // the stream's end.
    void shortCompressedHeaders_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QByteArray lush("\x1e\x3d\x4c\x51\x00\x00\x00\x03\x00\x00\x00\x05", 12);
        const QByteArray npy = readAll(m_dir.filePath(QStringLiteral("x.npy"))).left(40);
        QTest::newRow("lush gz") << fx::gzip(lush)
                                 << "the Lush matrix header is truncated: 3 dimensions need 20 bytes";
        QTest::newRow("lush xz") << fx::xz(lush)
                                 << "the Lush matrix header is truncated: 3 dimensions need 20 bytes";
        QTest::newRow("npy gz") << fx::gzip(npy) << "the .npy header is truncated";
        QTest::newRow("npy xz") << fx::xz(npy) << "the .npy header is truncated";
    }
    void shortCompressedHeaders()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const auto f = openLoaded(fx::writeFile(m_dir, QStringLiteral("short-header.bin"), bytes));
        QVERIFY(!f->headerValid());
        QVERIFY2(firstError(f->diagnostics()).contains(message), qPrintable(firstError(f->diagnostics())));
    }

    // An archive of many arrays: its training pair is chosen reading only the members that could pair, and
    // opened without a member, the message names the count and the first 20 arrays, not all of them.
    void npzOfManyArrays()
    {
        const QString many = m_dir.filePath(QStringLiteral("many.npz"));
        QCOMPARE(preferredArchiveMember(many), many + QStringLiteral(":x_train"));
        const auto names = listNpz(many, [](const QString&) { return false; });
        QCOMPARE(names.arrays.size(), size_t(3002));
        QVERIFY(std::none_of(names.arrays.begin(), names.arrays.end(),
                             [](const NpzArray& a) { return a.layout || !a.error.isEmpty(); }));
        const auto some = listNpz(many, [](const QString& n) { return n == QStringLiteral("x_0007"); });
        QCOMPARE(some.arrays.size(), size_t(3002));
        QVERIFY(some.arrays[7].layout && !some.arrays[6].layout && !some.arrays[8].layout);
        const auto bare = openLoaded(many);
        const QString e = firstError(bare->diagnostics());
        QVERIFY2(e.contains(QStringLiteral("holds 3002 arrays (x_0000, x_0001, ")), qPrintable(e));
        QVERIFY2(e.contains(QStringLiteral("x_0019, …): open one")), qPrintable(e));
        QVERIFY(!e.contains(QStringLiteral("x_0020")));
    }

    // A member is found by its name as written, then with ".npy" (as np.load does); companions pair members
    // the way pairedArrays() pairs arrays.
    void npzMemberNames()
    {
        const QString bare = m_dir.filePath(QStringLiteral("bare.npz"));
        const auto listing = listNpz(bare);
        QCOMPARE(listing.arrays.size(), size_t(1));
        QCOMPARE(listing.arrays[0].name, QStringLiteral("raw"));
        const auto raw = openLoaded(bare + QLatin1String(":raw"));
        QVERIFY2(!hasError(raw->diagnostics()), qPrintable(describe(raw->diagnostics())));
        QCOMPARE(valuesOf(*raw), (std::vector<double>{3, 1, 4, 1, 5, 9}));
        const auto notThere = openLoaded(bare + QLatin1String(":raw.npy"));
        QCOMPARE(notThere->diagnostics().value(0).code, DiagCode::NotFound);
        // The archive's only array opens by the archive's name, whatever its member is called.
        const auto only = openLoaded(bare);
        QVERIFY2(!hasError(only->diagnostics()), qPrintable(describe(only->diagnostics())));
        QCOMPARE(valuesOf(*only), (std::vector<double>{3, 1, 4, 1, 5, 9}));
        const auto doubled = openLoaded(m_dir.filePath(QStringLiteral("double.npz:x.npy")));
        QVERIFY2(!hasError(doubled->diagnostics()), qPrintable(describe(doubled->diagnostics())));
        QCOMPARE(valuesOf(*doubled), (std::vector<double>{3, 1}));

        const QString named = m_dir.filePath(QStringLiteral("named.npz"));
        QCOMPARE(companionCandidates(named + QLatin1String(":train_images")),
                 QStringList{named + QLatin1String(":train_labels")});
        QCOMPARE(companionCandidates(named + QLatin1String(":train_labels.npy")),
                 QStringList{named + QLatin1String(":train_images")});
        QCOMPARE(findCompanion(named + QLatin1String(":train_images")),
                 named + QLatin1String(":train_labels"));
        QCOMPARE(findCompanion(m_dir.filePath(QStringLiteral("keras.npz:x_test.npy"))),
                 m_dir.filePath(QStringLiteral("keras.npz:y_test")));
        QVERIFY(!findCompanion(m_dir.filePath(QStringLiteral("single.npz:only"))));
    }

    void lushMatrices_data()
    {
        QTest::addColumn<quint32>("magic");
        QTest::addColumn<int>("type");
        QTest::addColumn<bool>("little");
        for (bool little : {false, true}) {
            const char* o = little ? "le" : "be";
            QTest::addRow("byte-%s", o) << 0x1E3D4C55u << int(DType::UInt8) << little;
            QTest::addRow("short-%s", o) << 0x1E3D4C56u << int(DType::Int16) << little;
            QTest::addRow("int-%s", o) << 0x1E3D4C54u << int(DType::Int32) << little;
            QTest::addRow("float-%s", o) << 0x1E3D4C51u << int(DType::Float32) << little;
            QTest::addRow("double-%s", o) << 0x1E3D4C53u << int(DType::Float64) << little;
        }
    }

    void lushMatrices()
    {
        QFETCH(quint32, magic);
        QFETCH(int, type);
        QFETCH(bool, little);
        const DType t = DType(type);
        std::vector<double> values;
        for (int i = 0; i < 30; ++i)
            values.push_back(isFloat(t) ? i * 0.25 - 3 : t == DType::UInt8 ? i * 8 : i * 37 - 500);
        const ByteOrder order = little ? ByteOrder::Little : ByteOrder::Big;
        // One dimension stored as three (padded with ones), and five stored as they are.
        for (const std::vector<qint32>& dims :
             {std::vector<qint32>{30}, std::vector<qint32>{1, 2, 3, 5, 1}}) {
            const QString path = fx::writeFile(m_dir, QStringLiteral("m.mat"),
                                               lush(magic, dims, fx::encodeValues(t, values, order), little));
            const auto f = openLoaded(path);
            QVERIFY2(f->headerValid(), qPrintable(describe(f->diagnostics())));
            QCOMPARE(f->source().format, SourceFormat::Lush);
            QCOMPARE(f->header().dtype, t);
            QCOMPARE(f->header().dims, std::vector<quint64>(dims.begin(), dims.end()));
            QVERIFY2(f->diagnostics().isEmpty(), qPrintable(describe(f->diagnostics())));
            QCOMPARE(valuesOf(*f), values);
        }
    }

    void lushErrors()
    {
        const auto open = [&](const QByteArray& bytes) {
            return openLoaded(fx::writeFile(m_dir, QStringLiteral("bad.mat"), bytes));
        };
        const auto packed = open(lush(0x1E3D4C52u, {2}, QByteArray(2, 'a'), false));
        QVERIFY(firstError(packed->diagnostics()).contains(QStringLiteral("not supported")));
        const auto negative = open(lush(0x1E3D4C55u, {2, -3}, {}, true));
        QVERIFY(firstError(negative->diagnostics()).contains(QStringLiteral("negative")));
        const auto cut = open(lush(0x1E3D4C55u, {2}, {}, false).left(14));
        QVERIFY(firstError(cut->diagnostics()).contains(QStringLiteral("truncated")));
        const auto shortData = open(lush(0x1E3D4C51u, {4}, QByteArray(10, 'a'), false));
        QVERIFY(shortData->headerValid());
        QVERIFY(findCode(shortData->diagnostics(), DiagCode::TruncatedPayload));
    }

private:
    std::vector<double> expected(const QString& name) const
    {
        std::vector<double> out;
        const QByteArray text = readAll(m_dir.filePath(name + QLatin1String(".txt")));
        for (const QByteArray& word : text.split(' '))
            out.push_back(std::strtod(word.constData(), nullptr)); // C's strtod reads float.hex's form
        return out;
    }
    static QByteArray readAll(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestSibling)
#include "tst_sibling.moc"
