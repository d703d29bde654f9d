// StatsController without widgets: an edit makes the figures out of date and they are computed again, data
// that did not change is not recomputed, another selection restarts even with as many records, a cancel
// leaves the whole-tensor figures marked out of date until computed again, and the per-class statistics
// follow the labels file.
#include "appfixtures.h"
#include "document.h"
#include "editcommands.h"
#include "statscontroller.h"
#include "viewstate.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <stdexcept>

using namespace idx::gui;

namespace {
constexpr quint64 N = 40;
constexpr quint64 Elements = 4; // 2 × 2

/// Every element of record i is i; labels are i % 3.
struct Fixture {
    QTemporaryDir dir;
    QString images;
    explicit Fixture(bool labels = false)
    {
        std::vector<double> values, classes;
        for (quint64 i = 0; i < N; ++i) {
            values.insert(values.end(), Elements, double(i));
            classes.push_back(double(i % 3));
        }
        images = fx::writeFile(dir, QStringLiteral("s-images-idx3-ubyte"),
                               fx::idxBytes(idx::DType::UInt8, {N, 2, 2}, values));
        if (labels)
            fx::writeFile(dir, QStringLiteral("s-labels-idx1-ubyte"),
                          fx::idxBytes(idx::DType::UInt8, {N}, classes));
    }
};

void drain()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents);
}
} // namespace

class TestStatsController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { appfx::isolateSettings(); }

    void editMakesFiguresStale()
    {
        Fixture f;
        Document doc(f.images);
        ViewState state;
        QTRY_VERIFY_WITH_TIMEOUT(doc.isLoaded() && doc.editable(Document::Part::Main), 20000);
        StatsController stats(&doc, &state);
        QTRY_VERIFY_WITH_TIMEOUT(stats.isReady() && !stats.isComputing(StatsController::Record), 20000);
        QCOMPARE(stats.stats(StatsController::Tensor)->max, double(N - 1));
        QCOMPARE(stats.stats(StatsController::Record)->max, 0.0);
        QCOMPARE(stats.note(StatsController::Tensor), QString());

        QVERIFY(Editing::setElement(&doc, Document::Part::Main, 0, 0, 250).isEmpty());
        // At once: out of date, the old figures kept and marked, for the tensor and the edited record.
        QVERIFY(stats.isComputing(StatsController::Tensor));
        QVERIFY(stats.isOutOfDate(StatsController::Tensor));
        QCOMPARE(stats.note(StatsController::Tensor), QStringLiteral("computing…"));
        QCOMPARE(stats.stats(StatsController::Tensor)->max, double(N - 1));
        QVERIFY(stats.isComputing(StatsController::Record));
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Tensor), 20000);
        QCOMPARE(stats.stats(StatsController::Tensor)->max, 250.0);
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Record), 20000);
        QCOMPARE(stats.stats(StatsController::Record)->max, 250.0);
        QCOMPARE(stats.note(StatsController::Record), QStringLiteral("record 0"));

        // Undone: the data is what it was, computed again (the edit generation moved on).
        doc.undoStack()->undo();
        QVERIFY(stats.isComputing(StatsController::Tensor));
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Tensor), 20000);
        QCOMPARE(stats.stats(StatsController::Tensor)->max, double(N - 1));
    }

    void unchangedDataIsNotRecomputed()
    {
        Fixture f;
        Document doc(f.images);
        ViewState state;
        StatsController stats(&doc, &state);
        QTRY_VERIFY_WITH_TIMEOUT(stats.isReady() && !stats.isComputing(StatsController::Record), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!stats.hasRunningWork(), 20000);
        QSignalSpy computing(&stats, &StatsController::computingChanged);
        QSignalSpy shown(&stats, &StatsController::figuresShown);
        emit doc.viewChanged(); // nothing changed in fact
        state.setCurrentRecord(0);
        drain();
        QCOMPARE(computing.count(), 0);
        QCOMPARE(shown.count(), 0);
        QVERIFY(!stats.hasRunningWork());
        // Another record is another request.
        state.setCurrentRecord(3);
        QCOMPARE(computing.count(), 1);
        QCOMPARE(computing.at(0).at(0).value<StatsController::Scope>(), StatsController::Record);
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Record), 20000);
        QCOMPARE(stats.stats(StatsController::Record)->mean, 3.0);
    }

    void newSelectionRestarts()
    {
        Fixture f;
        Document doc(f.images);
        ViewState state;
        StatsController stats(&doc, &state);
        QCOMPARE(stats.note(StatsController::Selection), QStringLiteral("nothing selected"));
        QVERIFY(!stats.stats(StatsController::Selection));
        state.setSelection({1, 2});
        QVERIFY(stats.isComputing(StatsController::Selection));
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Selection), 20000);
        QCOMPARE(stats.stats(StatsController::Selection)->count, 2 * Elements);
        QCOMPARE(stats.stats(StatsController::Selection)->mean, 1.5);
        QCOMPARE(stats.note(StatsController::Selection), QStringLiteral("2 records"));
        // As many records, other ones: a new selection is a new request.
        state.setSelection({5, 6});
        QVERIFY(stats.isComputing(StatsController::Selection));
        QCOMPARE(stats.note(StatsController::Selection), QStringLiteral("computing…"));
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Selection), 20000);
        QCOMPARE(stats.stats(StatsController::Selection)->mean, 5.5);
        // Nothing selected: no figures, at once.
        state.setSelection({});
        QVERIFY(!stats.isComputing(StatsController::Selection));
        QVERIFY(!stats.stats(StatsController::Selection));
        QCOMPARE(stats.note(StatsController::Selection), QStringLiteral("nothing selected"));
    }

    void cancelLeavesTensorOutOfDate()
    {
        Fixture f;
        Document doc(f.images);
        ViewState state;
        StatsController stats(&doc, &state);
        QSignalSpy shown(&stats, &StatsController::figuresShown);
        // The job started in the constructor delivers through the event loop: this cancel comes first.
        QVERIFY(stats.isComputing(StatsController::Tensor));
        QVERIFY(stats.tensorJob()->isActive());
        stats.cancelTensorStats();
        QVERIFY(!stats.isComputing(StatsController::Tensor));
        QVERIFY(stats.isTensorCancelled());
        QVERIFY(stats.isOutOfDate(StatsController::Tensor));
        QVERIFY(!stats.tensorJob()->isActive());
        QCOMPARE(stats.note(StatsController::Tensor), QStringLiteral("cancelled: figures out of date"));
        QTRY_VERIFY_WITH_TIMEOUT(!stats.hasRunningWork(), 20000);
        drain();
        for (const auto& args : shown)
            QVERIFY(args.at(0).value<StatsController::Scope>() != StatsController::Tensor);
        QVERIFY(!stats.stats(StatsController::Tensor));
        QVERIFY(!stats.isReady());

        stats.computeTensorStats();
        QVERIFY(stats.isComputing(StatsController::Tensor));
        QVERIFY(!stats.isTensorCancelled());
        QTRY_VERIFY_WITH_TIMEOUT(stats.isReady(), 20000);
        QVERIFY(!stats.isOutOfDate(StatsController::Tensor));
        QCOMPARE(stats.stats(StatsController::Tensor)->count, N * Elements);
    }

    void meansFollowLabels()
    {
        Fixture f(true);
        Document doc(f.images);
        ViewState state;
        StatsController stats(&doc, &state);
        QSignalSpy means(&stats, &StatsController::meansChanged);
        QTRY_VERIFY_WITH_TIMEOUT(stats.meansState() == StatsController::Means::Ready, 20000);
        QVERIFY(stats.isLabelled());
        QCOMPARE(stats.classStats().size(), size_t(3));
        QCOMPARE(stats.recordDims(), (std::vector<quint64>{2, 2}));
        const QMap<qint64, quint64> counts = stats.classCounts();
        QCOMPARE(counts.value(0), quint64(14)); // 0, 3, …, 39
        QCOMPARE(counts.value(1), quint64(13));
        QCOMPARE(counts.value(2), quint64(13));
        doc.detachLabels();
        QCOMPARE(stats.meansState(), StatsController::Means::Unlabelled);
        QVERIFY(!stats.isLabelled());
        QVERIFY(stats.classStats().empty());
        QVERIFY(stats.classCounts().isEmpty());
        QVERIFY(!means.isEmpty());
    }

    // A computation that stops with an unexpected error does not stay "computing…": no figures and why, the
    // Compute offer, and the next request computes again.
    void failureIsShownNotComputingForever()
    {
        Fixture f(true);
        Document doc(f.images);
        ViewState state;
        QTRY_VERIFY_WITH_TIMEOUT(doc.isLoaded() && doc.editable(Document::Part::Main), 20000);
        StatsController stats(&doc, &state);
        QTRY_VERIFY_WITH_TIMEOUT(stats.isReady() && stats.meansState() == StatsController::Means::Ready,
                                 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Record), 20000);
        stats.setWorkerHook([] { throw std::runtime_error("out of test memory"); });

        stats.computeTensorStats();
        QVERIFY(stats.isComputing(StatsController::Tensor));
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Tensor), 20000);
        QVERIFY(stats.isTensorFailed());
        QVERIFY(!stats.stats(StatsController::Tensor));
        QVERIFY2(stats.note(StatsController::Tensor).startsWith(QStringLiteral("failed: ")) &&
                     stats.note(StatsController::Tensor).contains(QStringLiteral("out of test memory")),
                 qPrintable(stats.note(StatsController::Tensor)));

        state.setCurrentRecord(5);
        QTRY_VERIFY_WITH_TIMEOUT(!stats.isComputing(StatsController::Record), 20000);
        QVERIFY(!stats.stats(StatsController::Record));
        QVERIFY(stats.note(StatsController::Record).contains(QStringLiteral("out of test memory")));

        // New labels: the mean images fail too, and say so.
        QVERIFY(Editing::setLabels(&doc, idx::RecordSet{0}, 2).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(stats.meansState() == StatsController::Means::Failed, 20000);
        QVERIFY(stats.meansError().contains(QStringLiteral("out of test memory")));
        QVERIFY(stats.classStats().empty());

        // Without the fault, asking again computes.
        stats.setWorkerHook({});
        QTRY_VERIFY_WITH_TIMEOUT(!stats.hasRunningWork(), 20000);
        stats.computeTensorStats();
        QVERIFY(!stats.isTensorFailed());
        QTRY_VERIFY_WITH_TIMEOUT(stats.isReady() && !stats.isComputing(StatsController::Tensor), 20000);
        QCOMPARE(stats.stats(StatsController::Tensor)->max, double(N - 1));
        QCOMPARE(stats.note(StatsController::Tensor), QString());
        state.setCurrentRecord(6);
        QTRY_VERIFY_WITH_TIMEOUT(
            !stats.isComputing(StatsController::Record) && stats.stats(StatsController::Record), 20000);
        QCOMPARE(stats.stats(StatsController::Record)->max, 6.0);
        QVERIFY(Editing::setLabels(&doc, idx::RecordSet{0}, 1).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(stats.meansState() == StatsController::Means::Ready, 20000);
        QCOMPARE(stats.classStats().size(), size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestStatsController)
#include "tst_statscontroller.moc"
