// Cancelling background jobs at random moments: load (gzip and xz, progressive), computeStats,
// computeLabelStats and writeIdx (raw, gzip, xz), each with a cancel that trips after a random number of
// polls (seeded, so a failure reproduces). No crash, no leak (the sanitizer build runs this too, with
// LeakSanitizer), no stale result: a cancelled computation returns nullopt, a cancelled save leaves the
// target as it was, a cancelled load resumes to the same bytes as an uninterrupted one.
#include "fixtures.h"
#include "idxfile.h"
#include "memoryview.h"
#include "stats.h"
#include "writer.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QTest>

#include <atomic>

using namespace idx;

namespace {
// A cancel check that trips on poll number `after` (0: at once) and counts the polls.
struct Tripwire {
    explicit Tripwire(int after) : after(after) {}
    int after;
    std::atomic<int> polls{0};
    Control control()
    {
        Control c;
        c.cancel = [this] { return polls.fetch_add(1, std::memory_order_relaxed) >= after; };
        return c;
    }
};

// Polls made by an uncancelled run, to pick random moments inside it.
template <typename F> int pollsOf(F&& run)
{
    std::atomic<int> polls{0};
    Control c;
    c.cancel = [&] {
        polls.fetch_add(1, std::memory_order_relaxed);
        return false;
    };
    run(c);
    return polls.load();
}

QByteArray bytesOf(const TensorView& v)
{
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}
} // namespace

class TestFaultCancel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cancelLoad_data();
    void cancelLoad();
    void cancelStats();
    void cancelLabelStats();
    void cancelWrite();

private:
    QRandomGenerator m_rng{6};
    QTemporaryDir m_dir;
    QByteArray m_payload; // 8 MiB float32 [2048, 32, 32]: many chunks for every job
    TensorView m_view;
};

void TestFaultCancel::initTestCase()
{
    const std::vector<quint64> dims{2048, 32, 32};
    m_view = fx::memoryView(DType::Float32, dims, fx::sampleValues(DType::Float32, 2048 * 32 * 32));
    m_payload = bytesOf(m_view);
}

void TestFaultCancel::cancelLoad_data()
{
    QTest::addColumn<int>("wrap");
    QTest::newRow("gzip") << int(fx::Wrap::Gzip);
    QTest::newRow("gzip, 3 members") << int(fx::Wrap::GzipMulti);
    QTest::newRow("xz") << int(fx::Wrap::Xz);
}

void TestFaultCancel::cancelLoad()
{
    QFETCH(int, wrap);
    const auto h = Header::make(DType::Float32, {2048, 32, 32});
    const QByteArray file = fx::wrap(h->encode() + m_payload.left(qsizetype(h->dataBytes)), fx::Wrap(wrap));
    const QString path = fx::writeFile(m_dir, QStringLiteral("cancel-%1").arg(wrap), file);
    const int total = pollsOf([&](const Control& c) { (void)IdxFile::open(path)->load(c); });
    QVERIFY(total > 2);
    for (int round = 0; round < 6; ++round) {
        const int after = round == 0 ? 0 : int(m_rng.bounded(total));
        Tripwire trip(after);
        auto f = IdxFile::open(path);
        QVERIFY(!f->load(trip.control()));
        QVERIFY(
            !f->isLoaded()); // (the payload itself may be complete when the cancel hit the end of the stream)
        const TensorView partial = f->view();
        // What arrived is right, and only that is shown.
        QCOMPARE(bytesOf(partial), m_payload.left(qsizetype(partial.availableBytes())));
        // Resuming finishes the same bytes as an uninterrupted load.
        QVERIFY(f->load());
        QVERIFY(f->view().isComplete());
        QVERIFY(!hasError(f->diagnostics()));
        QCOMPARE(bytesOf(f->view()), m_payload.left(qsizetype(h->dataBytes)));
    }
}

void TestFaultCancel::cancelStats()
{
    const auto full = computeStats(m_view);
    QVERIFY(full);
    const int total = pollsOf([&](const Control& c) { (void)computeStats(m_view, {}, c); });
    QVERIFY(total > 2);
    for (int round = 0; round < 8; ++round) {
        Tripwire trip(round == 0 ? 0 : int(m_rng.bounded(total)));
        QVERIFY(!computeStats(m_view, {}, trip.control())); // never a partial result
    }
    // Nothing stale carried over: the next full run gives the same figures.
    const auto again = computeStats(m_view);
    QVERIFY(again);
    QCOMPARE(again->count, full->count);
    QCOMPARE(again->mean, full->mean);
    QCOMPARE(again->histogram.counts, full->histogram.counts);
}

void TestFaultCancel::cancelLabelStats()
{
    std::vector<qint64> labels(2048);
    for (size_t i = 0; i < labels.size(); ++i)
        labels[i] = qint64(i % 10);
    const int total = pollsOf([&](const Control& c) { (void)computeLabelStats(m_view, labels, {}, c); });
    QVERIFY(total > 2);
    for (int round = 0; round < 8; ++round) {
        Tripwire trip(round == 0 ? 0 : int(m_rng.bounded(total)));
        QVERIFY(!computeLabelStats(m_view, labels, {}, trip.control()));
    }
    const auto ls = computeLabelStats(m_view, labels);
    QVERIFY(ls);
    QCOMPARE(ls->classes.size(), size_t(10));
}

void TestFaultCancel::cancelWrite()
{
    const QString target =
        fx::writeFile(m_dir, QStringLiteral("target-idx3-float"), QByteArray("old contents"));
    const QString fresh = m_dir.filePath(QStringLiteral("fresh-idx3-float"));
    for (const Container c : {Container::Raw, Container::Gzip, Container::Xz}) {
        int total = pollsOf([&](const Control& ctl) { (void)writeIdx(fresh, m_view, {}, c, ctl); });
        QVERIFY(QFile::remove(fresh));
        QVERIFY(total > 2);
        if (c == Container::Xz) {
            // xz polls again each time its encoder's threads keep it waiting (timing-dependent): draw the
            // moments from the polls every run makes, gzip's (one per input chunk and one before the end).
            total =
                pollsOf([&](const Control& ctl) { (void)writeIdx(fresh, m_view, {}, Container::Gzip, ctl); });
            QVERIFY(QFile::remove(fresh));
        }
        for (int round = 0; round < 5; ++round) {
            Tripwire trip(round == 0 ? 0 : int(m_rng.bounded(total)));
            QVERIFY(!writeIdx(target, m_view, {}, c, trip.control()));
            QVERIFY(!writeIdx(fresh, m_view, {}, c, trip.control()));
            QFile f(target);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), QByteArray("old contents"));
            QVERIFY(!QFileInfo::exists(fresh)); // a cancelled save creates nothing
        }
    }
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files).size(), 1 + 3); // target + the three load fixtures
}

QTEST_GUILESS_MAIN(TestFaultCancel)
#include "tst_fault_cancel.moc"
