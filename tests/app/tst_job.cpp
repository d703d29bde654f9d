// Job: the outcome arrives on the GUI thread, progress reaches the signals and never goes back, cancel gives
// a Cancelled outcome that still carries the result, discard and supersede drop outcomes, destroying a
// running job waits for its worker, and a callable that throws or calls fail() ends as Failed with its
// message.
#include "job.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using namespace idx::gui;

namespace {
/// Spins (yielding) until `flag` is set or the job is cancelled; true when the flag was set.
bool waitFor(const std::atomic<bool>& flag, const JobContext& context)
{
    while (!flag.load() && !context.isCancelled())
        std::this_thread::yield();
    return flag.load();
}

/// Delivers everything queued.
void drain()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents);
}
} // namespace

class TestJob : public QObject {
    Q_OBJECT
private slots:
    void resultOnGuiThread()
    {
        Job<int> job;
        QSignalSpy active(&job, &JobBase::activeChanged);
        QSignalSpy finished(&job, &JobBase::finished);
        std::atomic<QThread*> worker{nullptr};
        QThread* deliveredOn = nullptr;
        std::optional<int> seen;
        connect(&job, &JobBase::finished, this, [&] {
            deliveredOn = QThread::currentThread();
            seen = job.result();
        });
        QCOMPARE(job.status(), JobBase::Status::Idle);
        job.start([&worker](JobContext&) {
            worker = QThread::currentThread();
            return 6 * 7;
        });
        QVERIFY(job.isActive());
        QCOMPARE(job.status(), JobBase::Status::Running);
        QVERIFY(!job.result()); // nothing before the delivery, even when the worker already returned
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(deliveredOn, QThread::currentThread());
        QVERIFY(worker.load() != nullptr);
        QVERIFY(worker.load() != QThread::currentThread());
        QCOMPARE(seen, std::optional<int>(42));
        QCOMPARE(job.status(), JobBase::Status::Succeeded);
        QVERIFY(!job.isActive());
        QVERIFY(job.errorString().isEmpty());
        QCOMPARE(active.count(), 2);
        QCOMPARE(active.at(0).at(0).toBool(), true);
        QCOMPARE(active.at(1).at(0).toBool(), false);

        // It runs again, from 0.
        job.start([](JobContext&) { return 7; });
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.result(), std::optional<int>(7));
    }

    void progressSignals()
    {
        Job<bool> job;
        QSignalSpy progress(&job, &JobBase::progressChanged);
        QSignalSpy text(&job, &JobBase::progressTextChanged);
        QSignalSpy finished(&job, &JobBase::finished);
        job.setProgressText(QStringLiteral("Counting sheep…"));
        QCOMPARE(text.count(), 1);
        QCOMPARE(text.at(0).at(0).toString(), QStringLiteral("Counting sheep…"));
        QCOMPARE(job.progressText(), QStringLiteral("Counting sheep…"));
        std::atomic<bool> seenQuarter{false};
        job.start([&seenQuarter](JobContext& context) {
            context.control().report(1, 4);
            if (!waitFor(seenQuarter, context))
                return false;
            context.setProgress(1, 10); // back: ignored
            context.setProgress(4, 4);
            return true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 10000);
        QCOMPARE(progress.last().at(0).toInt(), 250);
        QCOMPARE(job.progress(), 250);
        seenQuarter = true;
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.result(), std::optional<bool>(true));
        QList<int> values;
        for (const auto& args : progress)
            values << args.at(0).toInt();
        QCOMPARE(values, (QList<int>{250, 1000}));

        // Progress known on the GUI thread (a polled job), and the text stays across runs.
        progress.clear();
        job.setProgress(3, 12);
        QCOMPARE(progress.count(), 1);
        QCOMPARE(progress.at(0).at(0).toInt(), 250);
        QCOMPARE(job.progressText(), QStringLiteral("Counting sheep…"));
    }

    void cancelDeliversCancelled()
    {
        Job<int> job;
        QSignalSpy finished(&job, &JobBase::finished);
        std::atomic<bool> started{false};
        job.start([&started](JobContext& context) {
            started = true;
            while (!context.control().cancelled())
                std::this_thread::yield();
            return -1; // what a cancelled export returns still matters (what it removed)
        });
        QTRY_VERIFY_WITH_TIMEOUT(started.load(), 10000);
        job.cancel();
        QVERIFY(job.isActive()); // until the outcome arrives
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.status(), JobBase::Status::Cancelled);
        QCOMPARE(job.result(), std::optional<int>(-1));

        // A cancel after the delivery changes nothing.
        job.start([](JobContext&) { return 1; });
        QVERIFY(finished.wait(10000));
        job.cancel();
        QCOMPARE(job.status(), JobBase::Status::Succeeded);

        // Nor one that comes after the worker returned, before its outcome is delivered: the finished work
        // (a map, an audit) is not thrown away.
        job.start([](JobContext&) { return 2; });
        for (int i = 0; i < 10000 && job.isRunning(); ++i) // no events: the outcome stays undelivered
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QVERIFY(!job.isRunning());
        QVERIFY(job.isActive());
        job.cancel();
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.status(), JobBase::Status::Succeeded);
        QCOMPARE(job.result(), std::optional<int>(2));
    }

    void discardAndSupersedeDropOutcomes()
    {
        Job<int> job;
        QSignalSpy finished(&job, &JobBase::finished);
        QSignalSpy active(&job, &JobBase::activeChanged);
        std::atomic<bool> release{false}, sawCancel{false};
        job.start([&](JobContext& context) {
            waitFor(release, context);
            sawCancel = context.isCancelled();
            return 1;
        });
        job.discard();
        QVERIFY(!job.isActive());
        QCOMPARE(job.status(), JobBase::Status::Cancelled);
        QCOMPARE(active.count(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(!job.hasRunningWork(), 10000);
        QVERIFY(sawCancel.load());
        drain();
        QCOMPARE(finished.count(), 0);
        QVERIFY(!job.result());

        // A new run supersedes an active one: only the newer outcome arrives.
        sawCancel = false;
        job.start([&](JobContext& context) {
            waitFor(release, context);
            sawCancel = context.isCancelled();
            return 1;
        });
        job.start([](JobContext&) { return 2; });
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!job.hasRunningWork(), 10000);
        drain();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(job.result(), std::optional<int>(2));
        QVERIFY(sawCancel.load());
    }

    void destructionWaits()
    {
        std::atomic<bool> started{false}, returned{false};
        int finished = 0;
        auto* job = new Job<int>;
        connect(job, &JobBase::finished, this, [&] { ++finished; });
        job->start([&](JobContext& context) {
            started = true;
            while (!context.isCancelled())
                std::this_thread::yield();
            returned = true;
            return 0;
        });
        QTRY_VERIFY_WITH_TIMEOUT(started.load(), 10000);
        delete job; // would hang if it did not cancel, and leave `returned` false if it did not wait
        QVERIFY(returned.load());
        drain();
        QCOMPARE(finished, 0);

        // A run superseded earlier is waited for too.
        started = false;
        returned = false;
        std::atomic<bool> superseded{false};
        {
            Job<int> again;
            again.start([&](JobContext& context) {
                started = true;
                while (!context.isCancelled())
                    std::this_thread::yield();
                superseded = true;
                return 0;
            });
            QTRY_VERIFY_WITH_TIMEOUT(started.load(), 10000);
            again.start([](JobContext&) { return 1; });
        }
        QVERIFY(superseded.load());
    }

    void failures_data()
    {
        QTest::addColumn<bool>("throws");
        QTest::addColumn<QString>("message");
        QTest::addColumn<std::optional<int>>("result");
        QTest::newRow("throws") << true << QStringLiteral("Stopped by an unexpected error: disk on fire")
                                << std::optional<int>();
        QTest::newRow("fail()") << false << QStringLiteral("The record is not square.")
                                << std::optional<int>(7);
    }

    void failures()
    {
        QFETCH(bool, throws);
        QFETCH(QString, message);
        QFETCH(std::optional<int>, result);
        Job<int> job;
        QSignalSpy finished(&job, &JobBase::finished);
        job.start([throws](JobContext& context) {
            if (throws)
                throw std::runtime_error("disk on fire");
            context.fail(QStringLiteral("The record is not square."));
            return 7;
        });
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.status(), JobBase::Status::Failed);
        QCOMPARE(job.errorString(), message);
        QCOMPARE(job.result(), result);

        // The next run starts clean.
        job.start([](JobContext&) { return 3; });
        QVERIFY(finished.wait(10000));
        QCOMPARE(job.status(), JobBase::Status::Succeeded);
        QVERIFY(job.errorString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestJob)
#include "tst_job.moc"
