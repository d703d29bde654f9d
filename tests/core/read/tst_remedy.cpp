// Remedies and reinterpretation: for each diagnosis with a remedy (an exact k× payload, an unknown type code,
// a whole-file little-endian IDX, a little-endian payload, trailing bytes), findRemedies offers the options
// that make sense of the file, judged on its data; opening with them reads the real values. Noise read as
// another type is offered but never called plausible, and nothing is applied by itself.
#include "fixtures.h"
#include "idxfile.h"
#include "remedy.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace idx;

namespace {

// The whole file reversed as a little-endian writer would: magic and dims byte-reversed, data little-endian.
QByteArray littleEndianFile(DType t, const std::vector<quint32>& dims, const std::vector<double>& values)
{
    return fx::reversedHeader(quint8(t), dims) + fx::encodeValues(t, values, ByteOrder::Little);
}

const Remedy* find(const std::vector<Remedy>& remedies, RemedyKind kind, std::optional<StoredType> type = {})
{
    for (const Remedy& r : remedies)
        if (r.kind == kind && (!type || r.options.elementType == type))
            return &r;
    return nullptr;
}

std::shared_ptr<IdxFile> openLoaded(const QString& path, const OpenOptions& options = {})
{
    auto f = IdxFile::open(path, options);
    f->load();
    return f;
}
} // namespace

class TestRemedy : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void doublesUnderTheUint8Code_data();
    void doublesUnderTheUint8Code();
    void unknownTypeCode_data();
    void unknownTypeCode();
    void unknownTypeCodeBeyondIdx();
    void unknownTypeCodeInACorruptStream();
    void wholeFileLittleEndian_data();
    void wholeFileLittleEndian();
    void littleEndianPayload();
    void noiseIsNeverPlausible();
    void ignoreTrailingDropsOnlyThatWarning();
    void plausibilityJudgesTheData();
    void optionsDescribeThemselves();
    void cleanFileHasNoRemedies();

private:
    QTemporaryDir m_dir;
};

void TestRemedy::doublesUnderTheUint8Code_data()
{
    QTest::addColumn<int>("wrap");
    QTest::addColumn<int>("order");
    QTest::newRow("raw, big-endian doubles") << int(fx::Wrap::Raw) << int(ByteOrder::Big);
    QTest::newRow("raw, little-endian doubles") << int(fx::Wrap::Raw) << int(ByteOrder::Little);
    QTest::newRow("gzip, big-endian doubles") << int(fx::Wrap::Gzip) << int(ByteOrder::Big);
    QTest::newRow("xz, little-endian doubles") << int(fx::Wrap::Xz) << int(ByteOrder::Little);
}

void TestRemedy::doublesUnderTheUint8Code()
{
    QFETCH(int, wrap);
    QFETCH(int, order);
    const std::vector<double> values = fx::coordinates(400 * 5);
    const QByteArray bytes =
        fx::rawHeader(0x08, {400, 5}) + fx::encodeValues(DType::Float64, values, ByteOrder(order));
    const QString path = fx::writeFile(m_dir, QStringLiteral("pca-%1-%2").arg(wrap).arg(order),
                                       fx::wrap(bytes, fx::Wrap(wrap)));
    const auto f = openLoaded(path);
    QVERIFY(f->headerValid());
    QCOMPARE(f->header().dtype, DType::UInt8);

    const std::vector<Remedy> remedies = findRemedies(*f);
    QVERIFY(!remedies.empty());
    const Remedy& first = remedies.front();
    QCOMPARE(first.kind, RemedyKind::ReadAsType);
    QCOMPARE(first.options.elementType, StoredType::Float64);
    QCOMPARE(first.options.dataOrder, ByteOrder(order));
    QVERIFY2(first.plausible && first.unambiguous, qPrintable(first.evidence));
    QVERIFY2(first.evidence.contains(QStringLiteral("exactly 8×")) &&
                 first.evidence.contains(QStringLiteral("all finite")),
             qPrintable(first.evidence));
    QVERIFY(first.description.contains(QStringLiteral("float64")));
    // int64 is not IDX's: float64 is the only 8-byte reading. Trailing bytes may also be ignored.
    QVERIFY(find(remedies, RemedyKind::IgnoreTrailing));
    QVERIFY(!find(remedies, RemedyKind::IgnoreTrailing)->unambiguous);

    const auto fixed = openLoaded(path, first.options);
    QVERIFY(fixed->headerValid());
    QCOMPARE(fixed->header().dtype, DType::Float64);
    QCOMPARE(fixed->header().dims, (std::vector<quint64>{400, 5}));
    QCOMPARE(fixed->storedTypeCode(), quint8(0x08));
    QCOMPARE(fixed->header().typeCode, quint8(0x0E));
    QVERIFY2(fixed->diagnostics().isEmpty(), qPrintable(firstError(fixed->diagnostics())));
    const TensorView v = fixed->view();
    QVERIFY(v.isComplete());
    for (quint64 i : {quint64(0), quint64(1), quint64(777), quint64(1999)})
        QCOMPARE(v.value(i), values[size_t(i)]);
}

void TestRemedy::unknownTypeCode_data()
{
    QTest::addColumn<int>("wrap");
    QTest::newRow("raw") << int(fx::Wrap::Raw);
    QTest::newRow("gzip") << int(fx::Wrap::Gzip);
}

void TestRemedy::unknownTypeCode()
{
    QFETCH(int, wrap);
    // Type code 0x0A (written by some tools for 16-bit data) over int16 values.
    const std::vector<double> values = fx::smallIntegers(300 * 4);
    const QByteArray bytes = fx::rawHeader(0x0A, {300, 4}) + fx::encodeValues(DType::Int16, values);
    const QString path =
        fx::writeFile(m_dir, QStringLiteral("code0a-%1").arg(wrap), fx::wrap(bytes, fx::Wrap(wrap)));
    const auto f = openLoaded(path);
    QVERIFY(!f->headerValid());
    QCOMPARE(f->storedTypeCode(), quint8(0x0A));
    const std::vector<Remedy> remedies = findRemedies(*f);
    // 2 bytes per value: int16, and the types IDX has no code for: uint16 (the same values here: none
    // reaches 32768, so it does not make int16 ambiguous) and float16 (noise as floats).
    QCOMPARE(remedies.size(), size_t(3));
    const Remedy* asUnsigned = find(remedies, RemedyKind::ReadAsType, StoredType::UInt16);
    QVERIFY(asUnsigned && asUnsigned->plausible && asUnsigned->sameAsSigned && !asUnsigned->unambiguous);
    const Remedy* asHalf = find(remedies, RemedyKind::ReadAsType, StoredType::Float16);
    QVERIFY(asHalf);
    QVERIFY2(!asHalf->plausible, qPrintable(asHalf->evidence));
    const Remedy& r = remedies.front();
    QCOMPARE(r.kind, RemedyKind::ReadAsType);
    QCOMPARE(r.options.elementType, StoredType::Int16);
    QCOMPARE(r.options.dataOrder, ByteOrder::Big);
    QVERIFY2(r.plausible && r.unambiguous, qPrintable(r.evidence));
    QVERIFY2(r.evidence.contains(QStringLiteral("0x0A")), qPrintable(r.evidence));

    const auto fixed = openLoaded(path, r.options);
    QVERIFY(fixed->headerValid());
    QVERIFY2(fixed->diagnostics().isEmpty(), qPrintable(firstError(fixed->diagnostics())));
    QCOMPARE(fixed->view().value(5), values[5]);
    QCOMPARE(fixed->view().value(1199), values[1199]);
}

// Codes IDX does not know, over types it has no code for: read widened, every value kept.
void TestRemedy::unknownTypeCodeBeyondIdx()
{
    std::vector<double> wide;
    for (int i = 0; i < 600; ++i)
        wide.push_back(double(40000 + (i * 37) % 1001)); // 16-bit pixels above int16's range
    QByteArray payload;
    for (double v : wide) {
        char b[2];
        qToBigEndian(quint16(v), b);
        payload.append(b, 2);
    }
    const QString path =
        fx::writeFile(m_dir, QStringLiteral("code0a-u16"), fx::rawHeader(0x0A, {200, 3}) + payload);
    const auto f = openLoaded(path);
    const std::vector<Remedy> remedies = findRemedies(*f);
    const Remedy* r = find(remedies, RemedyKind::ReadAsType, StoredType::UInt16);
    QVERIFY(r);
    QVERIFY2(r->plausible && !r->sameAsSigned, qPrintable(r->evidence));
    // Noise under the same code reads as nothing: no plausible uint16 (its bytes are judged as stored).
    const QString noise =
        fx::writeFile(m_dir, QStringLiteral("code0a-noise"), fx::rawHeader(0x0A, {300, 2}) + fx::noise(1200));
    const auto noisy = openLoaded(noise);
    const std::vector<Remedy> noisyRemedies = findRemedies(*noisy);
    const Remedy* none = find(noisyRemedies, RemedyKind::ReadAsType, StoredType::UInt16);
    QVERIFY(none);
    QVERIFY2(!none->plausible, qPrintable(none->evidence));
    QVERIFY2(r->description.contains(QStringLiteral("uint16 (no IDX type code; shown as int32)")),
             qPrintable(r->description));
    const auto fixed = openLoaded(path, r->options);
    QVERIFY2(fixed->headerValid(), qPrintable(firstError(fixed->diagnostics())));
    QCOMPARE(fixed->header().dtype, DType::Int32);
    QCOMPARE(fixed->storedTypeCode(), quint8(0x0A));
    QVERIFY(fixed->isConverted());
    QCOMPARE(fixed->view().availableElements(), quint64(600));
    for (quint64 i = 0; i < 600; ++i)
        QCOMPARE(fixed->view().value(i), wide[i]);

    // 0x10 over little-endian int64 (labels as torch writes them): read as little-endian int64.
    QByteArray longs;
    for (int i = 0; i < 500; ++i) {
        char b[8];
        qToLittleEndian(qint64(i % 10), b);
        longs.append(b, 8);
    }
    const QString labels =
        fx::writeFile(m_dir, QStringLiteral("code10-i64.gz"), fx::gzip(fx::rawHeader(0x10, {500}) + longs));
    OpenOptions o;
    o.elementType = StoredType::Int64;
    o.dataOrder = ByteOrder::Little;
    const auto asLong = openLoaded(labels, o);
    QVERIFY2(asLong->headerValid(), qPrintable(firstError(asLong->diagnostics())));
    QCOMPARE(asLong->header().dtype, DType::Float64);
    QCOMPARE(asLong->view().value(497), 7.0);
    QVERIFY(!hasError(asLong->diagnostics()));
    // Values float64 cannot hold exactly are counted as rounded.
    QByteArray huge;
    for (int i = 0; i < 10; ++i) {
        char b[8];
        qToLittleEndian(qint64((1ll << 60) + 2 * i + 1), b); // odd: 61 significant bits
        huge.append(b, 8);
    }
    const auto rounded =
        openLoaded(fx::writeFile(m_dir, QStringLiteral("code10-huge"), fx::rawHeader(0x10, {10}) + huge), o);
    const Diagnostics ds = rounded->diagnostics();
    QVERIFY2(std::any_of(ds.begin(), ds.end(),
                         [](const Diagnostic& d) { return d.code == DiagCode::Converted && d.actual == 10; }),
             qPrintable(firstError(ds)));
}

void TestRemedy::unknownTypeCodeInACorruptStream()
{
    // The payload cannot be measured: no type is offered (and nothing crashes).
    const QByteArray bytes =
        fx::rawHeader(0x0A, {300}) + fx::encodeValues(DType::Int16, fx::smallIntegers(300));
    const QString path =
        fx::writeFile(m_dir, QStringLiteral("code0a-badcrc.gz"), fx::withBadCrc(fx::gzip(bytes)));
    const auto f = openLoaded(path);
    QVERIFY(!f->headerValid());
    const Diagnostics diags = f->diagnostics();
    QVERIFY(std::any_of(diags.begin(), diags.end(),
                        [](const Diagnostic& d) { return d.code == DiagCode::UnknownTypeCode; }));
    QVERIFY(findRemedies(*f).empty());
    // Cut short: the same.
    const QString cut = fx::writeFile(m_dir, QStringLiteral("code0a-cut.gz"), fx::gzip(bytes).chopped(40));
    QVERIFY(findRemedies(*openLoaded(cut)).empty());
}

void TestRemedy::wholeFileLittleEndian_data()
{
    QTest::addColumn<int>("wrap");
    QTest::newRow("raw") << int(fx::Wrap::Raw);
    QTest::newRow("xz") << int(fx::Wrap::Xz);
}

void TestRemedy::wholeFileLittleEndian()
{
    QFETCH(int, wrap);
    const std::vector<double> values = fx::smallIntegers(50 * 3 * 2);
    const QString path =
        fx::writeFile(m_dir, QStringLiteral("le-%1").arg(wrap),
                      fx::wrap(littleEndianFile(DType::Int16, {50, 3, 2}, values), fx::Wrap(wrap)));
    const auto f = openLoaded(path);
    QVERIFY(!f->headerValid());
    QCOMPARE(f->diagnostics().front().code, DiagCode::LittleEndianIdx);
    const std::vector<Remedy> remedies = findRemedies(*f);
    QCOMPARE(remedies.size(), size_t(1));
    const Remedy& r = remedies.front();
    QCOMPARE(r.kind, RemedyKind::LittleEndianFile);
    QVERIFY(r.options.littleEndianFile);
    QVERIFY(r.unambiguous);
    QVERIFY2(r.evidence.contains(QStringLiteral("int16, 50 × 3 × 2")), qPrintable(r.evidence));

    const auto fixed = openLoaded(path, r.options);
    QVERIFY(fixed->headerValid());
    QCOMPARE(fixed->options().dataOrder, ByteOrder::Little); // implied by the whole file
    QCOMPARE(fixed->header().dims, (std::vector<quint64>{50, 3, 2}));
    QVERIFY2(fixed->diagnostics().isEmpty(), qPrintable(firstError(fixed->diagnostics())));
    QCOMPARE(fixed->view().value(0), values[0]);
    QCOMPARE(fixed->view().value(299), values[299]);
}

void TestRemedy::littleEndianPayload()
{
    const std::vector<double> values = fx::smallIntegers(2000);
    const QString path = fx::writeFile(m_dir, QStringLiteral("lepayload"),
                                       fx::idxBytes(DType::Int32, {2000}, values, ByteOrder::Little));
    const auto f = openLoaded(path);
    QVERIFY(f->headerValid());
    const std::vector<Remedy> remedies = findRemedies(*f);
    QCOMPARE(remedies.size(), size_t(1));
    QCOMPARE(remedies.front().kind, RemedyKind::LittleEndianPayload);
    QVERIFY(remedies.front().unambiguous);
    QCOMPARE(remedies.front().options.dataOrder, ByteOrder::Little);
    const auto fixed = openLoaded(path, remedies.front().options);
    QVERIFY(fixed->diagnostics().isEmpty());
    QCOMPARE(fixed->view().value(1234), values[1234]);
    // Read little-endian already: nothing more is offered.
    QVERIFY(findRemedies(*fixed).empty());
}

void TestRemedy::noiseIsNeverPlausible()
{
    // 4 bytes per declared uint8: float32 and int32 both fit the size, neither reads noise as data.
    const QString path =
        fx::writeFile(m_dir, QStringLiteral("noise"), fx::rawHeader(0x08, {1000, 4}) + fx::noise(16000));
    const auto f = openLoaded(path);
    const std::vector<Remedy> remedies = findRemedies(*f);
    const Remedy* asFloat = find(remedies, RemedyKind::ReadAsType, StoredType::Float32);
    const Remedy* asInt = find(remedies, RemedyKind::ReadAsType, StoredType::Int32);
    QVERIFY(asFloat && asInt);
    QVERIFY2(!asFloat->plausible, qPrintable(asFloat->evidence));
    QVERIFY2(!asInt->plausible, qPrintable(asInt->evidence));
    for (const Remedy& r : remedies)
        QVERIFY2(!r.unambiguous, qPrintable(r.description));
}

void TestRemedy::ignoreTrailingDropsOnlyThatWarning()
{
    const QByteArray bytes = fx::idxSample(DType::UInt8, {10, 2, 2}) + QByteArray(7, 'x');
    const QString path = fx::writeFile(m_dir, QStringLiteral("trailing"), bytes);
    const auto f = openLoaded(path);
    QCOMPARE(f->diagnostics().size(), 1);
    QCOMPARE(f->diagnostics().front().code, DiagCode::TrailingBytes);
    const std::vector<Remedy> remedies = findRemedies(*f);
    QCOMPARE(remedies.size(), size_t(1)); // 47 bytes are no multiple of 40
    QCOMPARE(remedies.front().kind, RemedyKind::IgnoreTrailing);
    // The source text (no translation is installed here; English's plural forms say "7 trailing bytes").
    QVERIFY(remedies.front().description.contains(QStringLiteral("ignore the 7 trailing byte(s)")));
    const auto quiet = openLoaded(path, remedies.front().options);
    QVERIFY(quiet->diagnostics().isEmpty());
    QCOMPARE(quiet->trailingBytes(), qint64(7));
    QCOMPARE(quiet->view().value(39), f->view().value(39));
}

void TestRemedy::plausibilityJudgesTheData()
{
    const auto view = [](DType t, const QByteArray& payload) {
        auto h = Header::make(t, {quint64(payload.size() / elementSize(t))});
        auto keep = std::make_shared<QByteArray>(payload);
        return TensorView(*h, reinterpret_cast<const uchar*>(keep->constData()), quint64(keep->size()), keep);
    };
    QVERIFY(checkPlausible(view(DType::Int16, fx::encodeValues(DType::Int16, fx::smallIntegers(4096))))
                .plausible);
    QVERIFY(checkPlausible(view(DType::Int32, fx::encodeValues(DType::Int32, fx::smallIntegers(4096))))
                .plausible);
    QVERIFY(!checkPlausible(view(DType::Int16, fx::noise(8192))).plausible);
    QVERIFY(checkPlausible(view(DType::Float32, fx::encodeValues(DType::Float32, fx::coordinates(4096))))
                .plausible);
    QVERIFY(!checkPlausible(view(DType::Float64, fx::noise(32768))).plausible);
    const Plausibility huge =
        checkPlausible(view(DType::Float64, fx::encodeValues(DType::Float64, {1.0, 2.0, 3e20, 4.0})));
    QVERIFY(!huge.plausible);
    QVERIFY2(huge.evidence.contains(QStringLiteral("3e+20")), qPrintable(huge.evidence));
    QVERIFY(checkPlausible(view(DType::UInt8, fx::noise(100))).plausible); // bytes are bytes
    QVERIFY(!checkPlausible(view(DType::Int16, QByteArray())).plausible);
}

void TestRemedy::optionsDescribeThemselves()
{
    OpenOptions o;
    QVERIFY(o.isDefault());
    QCOMPARE(o.describe(), QString());
    o.elementType = StoredType::Float64;
    o.dataOrder = ByteOrder::Little;
    o.ignoreTrailing = true;
    QVERIFY(!o.isDefault());
    QCOMPARE(o.describe(),
             QStringLiteral("read as float64 · little-endian payload · trailing bytes ignored"));
    OpenOptions le;
    le.littleEndianFile = true;
    QCOMPARE(le.describe(), QStringLiteral("whole file little-endian"));
    // The header a reinterpreted one is read as; the payload bytes after it untouched.
    const QByteArray reversed = littleEndianFile(DType::Int16, {3, 2}, {1, 2, 3, 4, 5, 6});
    QCOMPARE(canonicalHeader(reversed, le),
             fx::rawHeader(0x0B, {3, 2}) +
                 fx::encodeValues(DType::Int16, {1, 2, 3, 4, 5, 6}, ByteOrder::Little));
    OpenOptions asFloat;
    asFloat.elementType = StoredType::Float32;
    QCOMPARE(canonicalHeader(fx::rawHeader(0x0A, {7}), asFloat), fx::rawHeader(0x0D, {7}));
    QCOMPARE(canonicalHeader(QByteArray("\x00\x00", 2), asFloat),
             QByteArray("\x00\x00", 2)); // too short to change
    QCOMPARE(remedyKindName(RemedyKind::ReadAsType), QStringLiteral("read-as-type"));
    QCOMPARE(remedyKindName(RemedyKind::LittleEndianFile), QStringLiteral("little-endian-file"));
    QCOMPARE(remedyKindName(RemedyKind::LittleEndianPayload), QStringLiteral("little-endian-payload"));
    QCOMPARE(remedyKindName(RemedyKind::IgnoreTrailing), QStringLiteral("ignore-trailing"));
}

void TestRemedy::cleanFileHasNoRemedies()
{
    const QString path =
        fx::writeFile(m_dir, QStringLiteral("clean"), fx::idxSample(DType::Float32, {20, 3}));
    const auto f = openLoaded(path);
    QVERIFY(f->diagnostics().isEmpty());
    QVERIFY(findRemedies(*f).empty());
    // A type the payload does not fit makes a truncated file, said as such (not silently accepted).
    OpenOptions wrong;
    wrong.elementType = StoredType::Float64;
    const auto g = openLoaded(path, wrong);
    QCOMPARE(g->diagnostics().front().code, DiagCode::TruncatedPayload);
}

QTEST_GUILESS_MAIN(TestRemedy)
#include "tst_remedy.moc"
