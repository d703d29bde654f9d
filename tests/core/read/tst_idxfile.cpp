// IdxFile: every type and shape in every container decoded back to what the fixture encoded; every diagnostic
// as a row (code, severity, offset, both numbers, a word of the message); I/O errors; truncated data usable.
#include "fixtures.h"
#include "idxfile.h"

#include <QtTest>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace idx;

namespace {
constexpr qint64 kAny = -2; // data-dependent value not asserted in a row

const Diagnostic* findCode(const Diagnostics& ds, DiagCode code)
{
    for (const auto& d : ds)
        if (d.code == code)
            return &d;
    return nullptr;
}

QString describe(const Diagnostics& ds)
{
    QStringList out;
    for (const auto& d : ds)
        out << QStringLiteral("[%1 %2 @%3 %4/%5] %6")
                   .arg(d.isError() ? QStringLiteral("E") : QStringLiteral("W"))
                   .arg(int(d.code))
                   .arg(d.offset)
                   .arg(d.expected)
                   .arg(d.actual)
                   .arg(d.message);
    return out.join(QLatin1Char('\n'));
}
} // namespace

class TstIdxFile : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    int m_count = 0;
    QString write(const QByteArray& bytes, const QString& suffix = {})
    {
        return fx::writeFile(m_dir, QStringLiteral("f%1%2").arg(++m_count).arg(suffix), bytes);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void roundTrip_data();
    void roundTrip();
    void diagnostics_data();
    void diagnostics();
    void ioErrors_data();
    void ioErrors();
    void containerByContentNotName();
    void manyMembersAndStreams();
    void truncatedRecordsUsable_data();
    void truncatedRecordsUsable();
    void corruptRecordsUsable();
    void readAsLittleEndian();
    void rawIsMappedAndSized();
    void sparseHugeRaw();
    void containerNames();
};

void TstIdxFile::roundTrip_data()
{
    QTest::addColumn<int>("type");
    QTest::addColumn<QList<quint64>>("dims");
    QTest::addColumn<int>("wrap");
    const QList<QPair<const char*, QList<quint64>>> shapes{
        {"scalar", {}},
        {"zero", {0}},
        {"1d", {5}},
        {"2d", {3, 4}},
        {"zero-mid", {2, 0, 3}},
        {"4d", {2, 3, 4, 5}},
        {"ndim255", QList<quint64>(255, 1)},
        {"ndim255x2",
         [] {
             QList<quint64> d(255, 1);
             d[0] = 2;
             d[254] = 3;
             return d;
         }()},
    };
    for (int t : {0x08, 0x09, 0x0B, 0x0C, 0x0D, 0x0E})
        for (const auto& [name, dims] : shapes)
            for (auto w : {fx::Wrap::Raw, fx::Wrap::Gzip, fx::Wrap::GzipMulti, fx::Wrap::Xz})
                QTest::addRow("%s-%s-%02x", fx::wrapName(w), name, t) << t << dims << int(w);
}

void TstIdxFile::roundTrip()
{
    QFETCH(int, type);
    QFETCH(QList<quint64>, dims);
    QFETCH(int, wrap);
    const auto t = DType(type);
    const std::vector<quint64> d(dims.begin(), dims.end());
    quint64 n = 1;
    for (quint64 x : d)
        n *= x;
    const auto values = fx::sampleValues(t, n, 3);
    const QByteArray bytes = fx::idxBytes(t, d, values);
    const auto f = IdxFile::open(write(fx::wrap(bytes, fx::Wrap(wrap))));
    QVERIFY2(f->headerValid(), qPrintable(describe(f->diagnostics())));
    QCOMPARE(f->container(), wrap == int(fx::Wrap::Raw)  ? Container::Raw
                             : wrap == int(fx::Wrap::Xz) ? Container::Xz
                                                         : Container::Gzip);
    QCOMPARE(f->header().dtype, t);
    QCOMPARE(f->header().dims, d);
    QVERIFY(f->load());
    QVERIFY(f->isLoaded());
    QVERIFY2(f->diagnostics().isEmpty(), qPrintable(describe(f->diagnostics())));
    QCOMPARE(f->decodedBytes(), qint64(bytes.size()));
    QCOMPARE(f->expectedBytes(), qint64(bytes.size()));
    QCOMPARE(f->trailingBytes(), 0);
    const TensorView v = f->view();
    QVERIFY(!v.isNull());
    QVERIFY(v.isComplete());
    QCOMPARE(v.availableElements(), n);
    QCOMPARE(v.availableRecords(), d.empty() ? quint64(1) : d[0]);
    for (quint64 i = 0; i < n; ++i)
        QCOMPARE(v.value(i), values[size_t(i)]);
    if (n > 0)
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(n) * elementSize(t)),
                 bytes.mid(f->header().headerBytes));
}

void TstIdxFile::diagnostics_data()
{
    QTest::addColumn<QByteArray>("bytes"); // file content as stored
    QTest::addColumn<int>("code");
    QTest::addColumn<bool>("error");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<qint64>("expected");
    QTest::addColumn<qint64>("actual");
    QTest::addColumn<QString>("word");
    const auto c = [](DiagCode x) { return int(x); };
    using fx::rawHeader;
    const QByteArray u8x10x4 = rawHeader(0x08, {10, 4}); // 12-byte header, 40-byte payload

    // Header (via the file, raw and gzip).
    for (auto w : {fx::Wrap::Raw, fx::Wrap::Gzip, fx::Wrap::Xz}) {
        const char* wn = fx::wrapName(w);
        QTest::addRow("%s-short-magic", wn)
            << fx::wrap(QByteArray("\0\0", 2), w) << c(DiagCode::TooShortForMagic) << true << 0ll << 4ll
            << 2ll << "magic";
        QTest::addRow("%s-empty", wn) << fx::wrap(QByteArray(), w) << c(DiagCode::TooShortForMagic) << true
                                      << 0ll << 4ll << 0ll << "magic";
        QTest::addRow("%s-short-dims", wn) << fx::wrap(u8x10x4.left(10), w) << c(DiagCode::TooShortForDims)
                                           << true << 10ll << 12ll << 10ll << "dimension";
        QTest::addRow("%s-bad-magic", wn)
            << fx::wrap(rawHeader(0x08, {1}, 0, 7) + "x", w) << c(DiagCode::BadMagicPrefix) << true << 0ll
            << 0ll << 7ll << "00 07";
        QTest::addRow("%s-unknown-type", wn)
            << fx::wrap(rawHeader(0x0F, {1}) + "x", w) << c(DiagCode::UnknownTypeCode) << true << 2ll << -1ll
            << 15ll << "0x0f";
        QTest::addRow("%s-overflow", wn)
            << fx::wrap(rawHeader(0x0C, {0xFFFFFFFF, 0xFFFFFFFF}), w) << c(DiagCode::SizeOverflow) << true
            << 4ll << -1ll << -1ll << "overflow";
        // Payload.
        QTest::addRow("%s-truncated", wn)
            << fx::wrap(u8x10x4 + QByteArray(25, 'a'), w) << c(DiagCode::TruncatedPayload) << true << 37ll
            << 40ll << 25ll << "15 bytes are missing; 6 of 10 records";
        QTest::addRow("%s-truncated-empty", wn) << fx::wrap(u8x10x4, w) << c(DiagCode::TruncatedPayload)
                                                << true << 12ll << 40ll << 0ll << "0 of 10 records";
        QTest::addRow("%s-partial-element", wn)
            << fx::wrap(rawHeader(0x0C, {3, 2}) + QByteArray(10, 'a'), w) << c(DiagCode::PartialElement)
            << true << 20ll << 4ll << 2ll << "2 of its 4 bytes";
        QTest::addRow("%s-truncated-int32", wn)
            << fx::wrap(rawHeader(0x0C, {3, 2}) + QByteArray(10, 'a'), w) << c(DiagCode::TruncatedPayload)
            << true << 22ll << 24ll << 10ll << "1 of 3 records";
        QTest::addRow("%s-trailing", wn)
            << fx::wrap(rawHeader(0x08, {4}) + QByteArray(7, 'a'), w) << c(DiagCode::TrailingBytes) << false
            << 12ll << 4ll << 7ll << "3 trailing";
        QTest::addRow("%s-trailing-8x", wn)
            << fx::wrap(rawHeader(0x08, {2, 3}) + QByteArray(48, 'a'), w) << c(DiagCode::TrailingBytes)
            << false << 18ll << 6ll << 48ll
            << "exactly 8× the declared size: float64 data (type code 0x0E) under "
               "the uint8 code?";
        QTest::addRow("%s-trailing-4x", wn)
            << fx::wrap(rawHeader(0x08, {5}) + QByteArray(20, 'a'), w) << c(DiagCode::TrailingBytes) << false
            << 13ll << 5ll << 20ll << "int32 or float32 data (type code 0x0C or 0x0D)";
        QTest::addRow("%s-trailing-2x", wn)
            << fx::wrap(rawHeader(0x08, {5}) + QByteArray(10, 'a'), w) << c(DiagCode::TrailingBytes) << false
            << 13ll << 5ll << 10ll << "int16 data (type code 0x0B)";
        QTest::addRow("%s-trailing-2x-f32", wn)
            << fx::wrap(rawHeader(0x0D, {1}) + QByteArray(8, '\x3f'), w) << c(DiagCode::TrailingBytes)
            << false << 12ll << 4ll << 8ll << "float64 data (type code 0x0E) under the float32";
        // Foreign formats, also inside a container.
        QTest::addRow("%s-npy", wn) << fx::wrap(QByteArray("\x93NUMPY\x01\x00v\x00{'descr'", 18), w)
                                    << c(DiagCode::ForeignFormat) << true << 0ll << -1ll << 0x934e554dll
                                    << "npy";
        QTest::addRow("%s-png", wn) << fx::wrap(QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), w)
                                    << c(DiagCode::ForeignFormat) << true << 0ll << -1ll << 0x89504e47ll
                                    << "PNG";
        QTest::addRow("%s-html", wn) << fx::wrap("\n  <!DOCTYPE HTML><html><body>Not found</body></html>", w)
                                     << c(DiagCode::ForeignFormat) << true << 0ll << -1ll << 0x0a20203cll
                                     << "failed download";
        QTest::addRow("%s-le-idx", wn)
            << fx::wrap(QByteArray("\x03\x08\0\0\x10\0\0\0", 8), w) << c(DiagCode::LittleEndianIdx) << true
            << 0ll << -1ll << 0x03080000ll << "little-endian";
    }
    QTest::newRow("gzip-in-gzip") << fx::gzip(fx::gzip(fx::idxSample(DType::UInt8, {3})))
                                  << c(DiagCode::ForeignFormat) << true << 0ll << -1ll << 0x1f8b0800ll
                                  << "gzip";
    QTest::newRow("xz-in-gzip") << fx::gzip(fx::xz(fx::idxSample(DType::UInt8, {3})))
                                << c(DiagCode::ForeignFormat) << true << 0ll << -1ll << 0xfd377a58ll << "xz";
    QTest::newRow("zip") << QByteArray("PK\x03\x04\x14\0\0\0", 8) << c(DiagCode::ForeignFormat) << true << 0ll
                         << -1ll << 0x504b0304ll << "zip";
    QTest::newRow("lfs") << QByteArray("version https://git-lfs.github.com/spec/v1\noid sha256:ab\nsize 9\n")
                         << c(DiagCode::ForeignFormat) << true << 0ll << -1ll << 0x76657273ll << "LFS";
    QTest::newRow("lush") << QByteArray("\x1e\x3d\x4c\x55\0\0\0\x01", 8) << c(DiagCode::ForeignFormat) << true
                          << 0ll << -1ll << 0x1e3d4c55ll << "Lush";

    // Containers. A stored (level 0) member maps compressed to decoded bytes exactly.
    const QByteArray payload = fx::idxSample(DType::UInt8, {100, 10});
    quint32 storedCrc = 0;
    const QByteArray badCrc = fx::withBadCrc(fx::gzip(payload), &storedCrc);
    const quint32 trueCrc =
        quint32(crc32(0, reinterpret_cast<const Bytef*>(payload.constData()), uInt(payload.size())));
    QTest::newRow("gzip-bad-crc") << badCrc << c(DiagCode::CorruptCompressed) << true
                                  << qint64(payload.size()) << qint64(storedCrc) << qint64(trueCrc)
                                  << "CRC-32";
    QTest::newRow("gzip-bad-crc-member2")
        << fx::gzip(payload.left(500)) + fx::withBadCrc(fx::gzip(payload.mid(500)))
        << c(DiagCode::CorruptCompressed) << true << qint64(payload.size()) << kAny << kAny << "member 2";
    QTest::newRow("gzip-bad-isize") << fx::withBadIsize(fx::gzip(payload), 3)
                                    << c(DiagCode::CorruptCompressed) << true << qint64(payload.size())
                                    << qint64(payload.size() + 3) << qint64(payload.size()) << "ISIZE";
    const QByteArray stored = fx::gzip(payload, 0);
    QTest::newRow("gzip-truncated") << stored.left(10 + 5 + 600) << c(DiagCode::TruncatedCompressed) << true
                                    << 600ll << -1ll << 615ll << "truncated";
    QTest::newRow("gzip-truncated-payload") << stored.left(10 + 5 + 600) << c(DiagCode::TruncatedPayload)
                                            << true << 600ll << 1000ll << 588ll << "58 of 100 records";
    QTest::newRow("gzip-truncated-in-header") << stored.left(10 + 5 + 6) << c(DiagCode::TruncatedCompressed)
                                              << true << 6ll << -1ll << 21ll << "truncated";
    QTest::newRow("gzip-truncated-in-header-dims") << stored.left(10 + 5 + 6) << c(DiagCode::TooShortForDims)
                                                   << true << 6ll << 12ll << 6ll << "dimension";
    // The same failures beyond the first KiB, found by load() rather than open().
    const QByteArray big = fx::idxSample(DType::UInt8, {100, 100});
    const QByteArray bigStored = fx::gzip(big, 0);
    QTest::newRow("gzip-truncated-late") << bigStored.left(10 + 5 + 5000) << c(DiagCode::TruncatedCompressed)
                                         << true << 5000ll << -1ll << 5015ll << "truncated";
    QTest::newRow("gzip-truncated-late-payload")
        << bigStored.left(10 + 5 + 5000) << c(DiagCode::TruncatedPayload) << true << 5000ll << 10000ll
        << 4988ll << "49 of 100 records";
    QTest::newRow("gzip-bad-crc-late") << fx::withBadCrc(fx::gzip(big)) << c(DiagCode::CorruptCompressed)
                                       << true << qint64(big.size()) << kAny << kAny << "CRC-32";
    QTest::newRow("xz-truncated-late")
        << fx::xz(big).left(fx::xz(big).size() - 40) << c(DiagCode::TruncatedCompressed) << true << kAny
        << -1ll << qint64(fx::xz(big).size() - 40) << "truncated";
    QTest::newRow("gzip-no-trailer") << stored.left(stored.size() - 8) << c(DiagCode::TruncatedCompressed)
                                     << true << qint64(payload.size()) << -1ll << qint64(stored.size() - 8)
                                     << "truncated";
    QByteArray corrupt = fx::gzip(payload, 9);
    corrupt[20] = char(corrupt[20] ^ 0xFF);
    corrupt[21] = char(corrupt[21] ^ 0xFF);
    QTest::newRow("gzip-corrupt") << corrupt << c(DiagCode::CorruptCompressed) << true << kAny << kAny << kAny
                                  << "corrupt";
    QByteArray badMethod = fx::gzip(payload);
    badMethod[2] = 7; // compression method must be 8 (deflate)
    QTest::newRow("gzip-bad-method") << badMethod << c(DiagCode::CorruptCompressed) << true << 0ll << -1ll
                                     << -1ll << "unsupported method";
    QTest::newRow("gzip-garbage-after") << fx::gzip(payload) + "garbage!" << c(DiagCode::CorruptCompressed)
                                        << false << -1ll << -1ll << 8ll << "not gzip data";
    const QByteArray x = fx::xz(payload);
    QTest::newRow("xz-truncated") << x.left(x.size() / 2) << c(DiagCode::TruncatedCompressed) << true << kAny
                                  << -1ll << qint64(x.size() / 2) << "truncated";
    QByteArray xc = x;
    xc[x.size() / 2] = char(xc[x.size() / 2] ^ 0x55);
    QTest::newRow("xz-corrupt") << xc << c(DiagCode::CorruptCompressed) << true << kAny << -1ll << -1ll
                                << "corrupt";
    QTest::newRow("xz-bad-header") << QByteArray("\xfd"
                                                 "7zXZ\0\x7f\x7f\x7f\x7f\x7f\x7f",
                                                 12)
                                   << c(DiagCode::CorruptCompressed) << true << 0ll << -1ll << -1ll << "xz";
    // A small header over a long stream: decoding stops at the excess limit (1 MiB + 7x payload).
    const qint64 limit = (1 << 20) + 7 * 4;
    QTest::newRow("decompression-limit")
        << fx::gzip(rawHeader(0x08, {4}) + QByteArray(4 + (3 << 20), '\0')) << c(DiagCode::DecompressionLimit)
        << true << 8 + 4 + limit << limit << limit + 1 << "bomb";
    QTest::newRow("decompression-limit-trailing")
        << fx::gzip(rawHeader(0x08, {4}) + QByteArray(4 + (3 << 20), '\0')) << c(DiagCode::TrailingBytes)
        << false << 12ll << 4ll << 4 + limit << "at least";
    // Data written little-endian behind a big-endian header.
    std::vector<double> small(2000);
    for (size_t i = 0; i < small.size(); ++i)
        small[i] = double((i * 37) % 300);
    QTest::newRow("suspected-byte-order")
        << fx::idxBytes(DType::Int16, {2000}, small, ByteOrder::Little) << c(DiagCode::SuspectedByteOrder)
        << false << 8ll << -1ll << -1ll << "little-endian";
    QTest::newRow("suspected-byte-order-gz")
        << fx::gzip(fx::idxBytes(DType::Int16, {2000}, small, ByteOrder::Little))
        << c(DiagCode::SuspectedByteOrder) << false << 8ll << -1ll << -1ll << "entropy";
}

void TstIdxFile::diagnostics()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, code);
    QFETCH(bool, error);
    QFETCH(qint64, offset);
    QFETCH(qint64, expected);
    QFETCH(qint64, actual);
    QFETCH(QString, word);
    const auto f = IdxFile::open(write(bytes));
    (void)f->load();
    QVERIFY(f->isLoaded());
    const Diagnostics ds = f->diagnostics();
    const Diagnostic* d = findCode(ds, DiagCode(code));
    QVERIFY2(d, qPrintable(describe(ds)));
    QCOMPARE(d->isError(), error);
    QCOMPARE(hasError(ds), error || hasError(ds));
    if (offset != kAny)
        QCOMPARE(d->offset, offset);
    if (expected != kAny)
        QCOMPARE(d->expected, expected);
    if (actual != kAny)
        QCOMPARE(d->actual, actual);
    QVERIFY2(d->message.contains(word, Qt::CaseInsensitive), qPrintable(d->message));
    QVERIFY(!d->message.contains(f->path())); // callers prefix the path
    // A warning row has no error, except the limit error that a capped (bomb-like) stream carries besides.
    if (!error && !findCode(ds, DiagCode::DecompressionLimit))
        QVERIFY2(!hasError(ds), qPrintable(describe(ds)));
}

void TstIdxFile::ioErrors_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("word");
    QTest::newRow("missing") << "missing" << int(DiagCode::NotFound) << "no such file";
    QTest::newRow("folder") << "folder" << int(DiagCode::NotAFile) << "folder";
    QTest::newRow("dangling-link") << "link" << int(DiagCode::NotFound) << "no such file";
#ifdef Q_OS_UNIX
    QTest::newRow("fifo") << "fifo" << int(DiagCode::NotAFile) << "FIFO";
    QTest::newRow("device") << "device" << int(DiagCode::NotAFile) << "device";
    QTest::newRow("unreadable") << "unreadable" << int(DiagCode::ReadFailed) << "cannot open";
#endif
}

void TstIdxFile::ioErrors()
{
    QFETCH(QString, kind);
    QFETCH(int, code);
    QFETCH(QString, word);
    QString path = m_dir.filePath(QStringLiteral("io-") + kind);
    if (kind == QLatin1String("folder"))
        QVERIFY(QDir().mkpath(path));
    if (kind == QLatin1String("link"))
        QVERIFY(QFile::link(m_dir.filePath(QStringLiteral("nowhere")), path));
#ifdef Q_OS_UNIX
    if (kind == QLatin1String("fifo")) // opening a FIFO with no writer would block: open() must not
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    if (kind == QLatin1String("device"))
        path = QStringLiteral("/dev/null");
    // Permissions do not stop root, so as root the open runs with an unprivileged effective uid.
    const bool dropRoot = kind == QLatin1String("unreadable") && ::geteuid() == 0;
    if (kind == QLatin1String("unreadable")) {
        QVERIFY(!write(fx::idxSample(DType::UInt8, {1})).isEmpty());
        path = m_dir.filePath(QStringLiteral("f%1").arg(m_count));
        QVERIFY(QFile::setPermissions(path, QFileDevice::Permissions()));
        QVERIFY(QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                        QFileDevice::ExeOwner | QFileDevice::ExeOther));
    }
    if (dropRoot)
        QCOMPARE(::seteuid(65534), 0); // nobody
#else
    const bool dropRoot = false;
#endif
    const auto f = IdxFile::open(path);
#ifdef Q_OS_UNIX
    if (dropRoot)
        QCOMPARE(::seteuid(0), 0);
#endif
    QVERIFY(!f->headerValid());
    QVERIFY(!f->load());
    QVERIFY(f->view().data() == nullptr);
    const Diagnostics ds = f->diagnostics();
    QCOMPARE(ds.size(), 1);
    QVERIFY2(int(ds[0].code) == code, qPrintable(ds[0].message));
    QVERIFY(ds[0].isError());
    QVERIFY2(ds[0].message.contains(word, Qt::CaseInsensitive), qPrintable(ds[0].message));
}

void TstIdxFile::containerByContentNotName()
{
    const QByteArray bytes = fx::idxSample(DType::Int16, {4, 3});
    const auto gzNamedRaw = IdxFile::open(write(fx::gzip(bytes), QStringLiteral("-idx2-ubyte")));
    QCOMPARE(gzNamedRaw->container(), Container::Gzip);
    const auto rawNamedGz = IdxFile::open(write(bytes, QStringLiteral(".gz")));
    QCOMPARE(rawNamedGz->container(), Container::Raw);
    const auto xzNamedGz = IdxFile::open(write(fx::xz(bytes), QStringLiteral(".gz")));
    QCOMPARE(xzNamedGz->container(), Container::Xz);
    for (const auto& f : {gzNamedRaw, rawNamedGz, xzNamedGz}) {
        QVERIFY(f->load());
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(f->view().data()), 24), bytes.mid(12));
    }
}

void TstIdxFile::manyMembersAndStreams()
{
    // 300 gzip members (some split inside the header), and three concatenated xz streams.
    const QByteArray bytes = fx::idxSample(DType::Float64, {50, 3});
    const QByteArray expected = bytes.mid(12);
    const auto gz = IdxFile::open(write(fx::gzipMembers(bytes, 300)));
    const QByteArray third = bytes.left(bytes.size() / 3);
    const auto xz = IdxFile::open(
        write(fx::xz(third) + fx::xz(bytes.mid(third.size(), 7)) + fx::xz(bytes.mid(third.size() + 7))));
    for (const auto& f : {gz, xz}) {
        QVERIFY(f->load());
        QVERIFY2(f->diagnostics().isEmpty(), qPrintable(describe(f->diagnostics())));
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(f->view().data()), expected.size()), expected);
    }
}

void TstIdxFile::truncatedRecordsUsable_data()
{
    QTest::addColumn<int>("wrap");
    for (auto w : {fx::Wrap::Raw, fx::Wrap::Gzip, fx::Wrap::GzipMulti, fx::Wrap::Xz})
        QTest::newRow(fx::wrapName(w)) << int(w);
}

void TstIdxFile::truncatedRecordsUsable()
{
    QFETCH(int, wrap);
    const QByteArray full = fx::idxSample(DType::Float32, {50, 3, 3}, 9);
    const QByteArray cut = full.left(16 + 36 * 20 + 10); // 20 whole records and a bit
    const auto f = IdxFile::open(write(fx::wrap(cut, fx::Wrap(wrap))));
    QVERIFY(f->headerValid());
    QVERIFY(f->load()); // the container is fine; the payload is short
    const Diagnostics ds = f->diagnostics();
    QVERIFY(hasError(ds));
    QVERIFY(firstError(ds).contains(QStringLiteral("20 of 50 records")));
    const TensorView v = f->view();
    QCOMPARE(v.availableRecords(), quint64(20));
    QVERIFY(!v.isComplete());
    const auto values = fx::sampleValues(DType::Float32, 50 * 9, 9);
    for (quint64 i = 0; i < 20 * 9; ++i)
        QCOMPARE(v.value(i), values[size_t(i)]);
    QVERIFY(v.recordValues(20).empty());
}

void TstIdxFile::corruptRecordsUsable()
{
    // Member 1 is intact, member 2 fails its CRC: the records of member 1 stay available.
    const QByteArray bytes = fx::idxSample(DType::UInt8, {100, 10}, 5);
    const QByteArray gz = fx::gzip(bytes.left(512)) + fx::withBadCrc(fx::gzip(bytes.mid(512)));
    const auto f = IdxFile::open(write(gz));
    QVERIFY(!f->load());
    QVERIFY(findCode(f->diagnostics(), DiagCode::CorruptCompressed));
    const TensorView v = f->view();
    QVERIFY(v.availableRecords() >= 50);
    QCOMPARE(QByteArray(reinterpret_cast<const char*>(v.data()), 500), bytes.mid(12, 500));
}

void TstIdxFile::readAsLittleEndian()
{
    std::vector<double> vals{1, 2, 300, -4, 5000, 6, 7, 8};
    for (int i = 0; i < 500; ++i)
        vals.push_back(double(i % 200));
    const QString path = write(fx::idxBytes(DType::Int16, {quint64(vals.size())}, vals, ByteOrder::Little));
    const auto asIs = IdxFile::open(path);
    QVERIFY(asIs->load());
    QVERIFY(findCode(asIs->diagnostics(), DiagCode::SuspectedByteOrder));
    QCOMPARE(asIs->view().value(0), 256.0); // never switched silently
    QCOMPARE(asIs->view().withByteOrder(ByteOrder::Little).value(2), 300.0);
    OpenOptions asLittle;
    asLittle.dataOrder = ByteOrder::Little;
    const auto little = IdxFile::open(path, asLittle);
    QVERIFY(little->load());
    QVERIFY2(little->diagnostics().isEmpty(), qPrintable(describe(little->diagnostics())));
    for (size_t i = 0; i < vals.size(); ++i)
        QCOMPARE(little->view().value(i), vals[i]);
    // Big-endian data read as little: warned the other way.
    const auto wrong =
        IdxFile::open(write(fx::idxBytes(DType::Int16, {quint64(vals.size())}, vals)), asLittle);
    QVERIFY(wrong->load());
    const Diagnostics dDiags = wrong->diagnostics();
    const Diagnostic* d = findCode(dDiags, DiagCode::SuspectedByteOrder);
    QVERIFY(d);
    QVERIFY(d->message.contains(QStringLiteral("big-endian")));
}

void TstIdxFile::rawIsMappedAndSized()
{
    const QByteArray bytes = fx::idxSample(DType::Float64, {7, 2});
    const auto f = IdxFile::open(write(bytes));
    QCOMPARE(f->fileSize(), qint64(bytes.size()));
    QCOMPARE(f->leadingBytes(), bytes.left(256));
    QVERIFY(f->view().isComplete()); // a mapping is complete at once
    QVERIFY(!f->isLoaded());         // but the byte-order check waits for load()
    QCOMPARE(f->bufferCapacity(), 0);
    const TensorView a = f->view();
    const TensorView b = f->view();
    QCOMPARE(a.data(), b.data()); // one mapping, no copies
    QVERIFY(f->load());
    QVERIFY(f->isLoaded());
    // Views outlive the IdxFile: the mapping is kept alive through them.
    const TensorView kept = IdxFile::open(write(bytes))->view();
    QCOMPARE(kept.value(13), fx::sampleValues(DType::Float64, 14)[13]);
    const auto gz = IdxFile::open(write(fx::gzip(bytes)));
    QCOMPARE(gz->leadingBytes(), fx::gzip(bytes).left(256));
    QVERIFY(gz->load());
    QCOMPARE(gz->peakBufferBytes(), qint64(bytes.size() - 12));
    // A decompressed view outlives its file too: the buffer is shared with the view.
    auto gz2 = IdxFile::open(write(fx::gzip(bytes)));
    QVERIFY(gz2->load());
    const TensorView keptGz = gz2->view();
    gz2.reset();
    QCOMPARE(keptGz.value(13), fx::sampleValues(DType::Float64, 14)[13]);
}

void TstIdxFile::sparseHugeRaw()
{
    // 8 GiB declared and present but sparse: open maps it without reading the payload.
    const QString path = m_dir.filePath(QStringLiteral("sparse8g"));
    {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(fx::rawHeader(0x08, {8, 1024, 1024, 1024}));
        if (!out.resize(20 + (8ll << 30)))
            QSKIP("the temporary file system cannot hold an 8 GiB sparse file");
    }
    const auto f = IdxFile::open(path);
    QVERIFY2(f->diagnostics().isEmpty(), qPrintable(describe(f->diagnostics())));
    QVERIFY(f->view().isComplete());
    QCOMPARE(f->view().availableRecords(), quint64(8));
    QCOMPARE(f->view().value((8ull << 30) - 1), 0.0);
    QVERIFY(QFile::remove(path));
}

void TstIdxFile::containerNames()
{
    QCOMPARE(containerName(Container::Raw), QStringLiteral("raw"));
    QCOMPARE(containerName(Container::Gzip), QStringLiteral("gzip"));
    QCOMPARE(containerName(Container::Xz), QStringLiteral("xz"));
}

QTEST_GUILESS_MAIN(TstIdxFile)
#include "tst_idxfile.moc"
