// The Insights panel on generated files with planted findings (tests/common/clusters.h): each tab lists what
// was planted; A accepts a suggestion as an undoable edit and the suspects follow the labels; R marks a
// record reviewed, remembered for the images' content (a renamed copy too); F keeps the gallery to a tab's
// records; choosing a row shows its record; the other split is found beside the file and gives the Leakage
// tab; files without records to compare, and large ones, say why nothing runs.
#include "appfixtures.h"
#include "clusters.h"
#include "document.h"
#include "documentview.h"
#include "editcommands.h"
#include "featurelist.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "heldpool.h"
#include "insightscontroller.h"
#include "insightsfixtures.h"
#include "insightsmodel.h"
#include "insightspanel.h"
#include "viewstate.h"

#include <QDir>
#include <QFile>
#include <QListView>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace idx::gui;
using insightsfx::auditNow;

namespace {

/// The planted set as train-images/-labels in `dir`; with `withTest`, a t10k pair beside it whose record 0 is
/// train record 3 and whose record 1 is a class-1 bar labelled 2.
QString writePlanted(const QTemporaryDir& dir, bool withTest = false,
                     const QString& stem = QStringLiteral("train"))
{
    const fx::Clusters c = fx::planted();
    const QString images = fx::writeFile(dir, stem + QStringLiteral("-images-idx3-ubyte"), c.imagesFile());
    fx::writeFile(dir, stem + QStringLiteral("-labels-idx1-ubyte"), c.labelsFile());
    if (withTest) {
        fx::Clusters test;
        test.state = 999;
        test.add(c.at(3), 0);
        test.add(test.record(1), 2);
        for (int i = 0; i < 12; ++i)
            test.add(test.record(i % 3), i % 3);
        fx::writeFile(dir, QStringLiteral("t10k-images-idx3-ubyte"), test.imagesFile());
        fx::writeFile(dir, QStringLiteral("t10k-labels-idx1-ubyte"), test.labelsFile());
    }
    return images;
}

QStringList texts(const InsightsModel* m)
{
    QStringList out;
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->index(r).data().toString();
    return out;
}

} // namespace

class TestInsights : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        QSettings().remove(QStringLiteral("insights")); // marks an earlier run left
    }
    void cleanup() { QSettings().remove(QStringLiteral("insights")); }

    void tabsListWhatWasPlanted()
    {
        QTemporaryDir dir;
        DocumentView view(writePlanted(dir));
        QVERIFY(auditNow(view));
        InsightsPanel* panel = view.panel<InsightsPanel>();
        QVERIFY(panel);
        const QStringList suspects = texts(panel->model(0));
        QVERIFY(!suspects.isEmpty());
        QCOMPARE(suspects.first(),
                 QStringLiteral(
                     "Record 92: labelled 2; its 10 nearest records vote 0 (100% of the votes, the nearest "
                     "weighing most)"));
        const QStringList duplicates = texts(panel->model(1));
        QVERIFY2(duplicates.contains(QStringLiteral("Equal records: record 5, record 90")),
                 qPrintable(duplicates.join('\n')));
        QVERIFY(std::any_of(duplicates.begin(), duplicates.end(), [](const QString& t) {
            return t.startsWith(QStringLiteral("Nearly equal: record 7 and record 91, 3 apart"));
        }));
        QVERIFY(panel->model(2)->rowCount() >= 1);
        QCOMPARE(panel->model(2)->item(0).records.first(), (idx::RecordRef{0, 93}));
        QVERIFY(panel->tabs()->tabText(0).startsWith(QStringLiteral("Suspected labels (")));
        QVERIFY(!panel->tabs()->isTabVisible(3)); // no other split beside it
        // The row draws the record and its 10 → 5 nearest, with their labels under them.
        const QModelIndex first = panel->model(0)->index(0);
        const QVariantList images = first.data(InsightsModel::ThumbnailsRole).toList();
        QCOMPARE(images.size(), 1 + InsightsModel::kNeighboursShown);
        QCOMPARE(images.first().value<QImage>().size(), QSize(8, 8));
        const QStringList captions = first.data(InsightsModel::CaptionsRole).toStringList();
        QCOMPARE(captions.first(), QStringLiteral("92"));
        QCOMPARE(captions.at(1), QStringLiteral("0"));
        QVERIFY(panel->statusText().contains(QStringLiteral("10 nearest neighbours")));
        QVERIFY(!panel->statusText().contains(QStringLiteral("approximately")));

        // The keys act on the current row: R marks it reviewed and moves on, F keeps the gallery to the list.
        panel->show();
        panel->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(panel));
        panel->list(0)->setFocus();
        panel->list(0)->setCurrentIndex(first);
        QTest::keyClick(panel->list(0), Qt::Key_R);
        QVERIFY(view.controller<InsightsController>()->isReviewed({0, 92}));
        QCOMPARE(panel->list(0)->currentIndex().row(), 1);
        QTest::keyClick(panel->list(0), Qt::Key_F);
        QCOMPARE(view.viewState()->recordFilterName(), QStringLiteral("suspected labels"));
    }

    // A search made approximately (as for a large file) says so, with its measured recall.
    void approximateSearchIsSaid()
    {
        QTemporaryDir dir;
        DocumentView view(writePlanted(dir));
        QVERIFY(QTest::qWaitFor([&] { return view.controller<InsightsController>() != nullptr; }, 20000));
        idx::AuditOptions o = view.controller<InsightsController>()->options();
        o.search = idx::NeighbourSearch::Approximate;
        view.controller<InsightsController>()->setOptions(o);
        QVERIFY(auditNow(view));
        {
            // While it runs again: the records it compares, this file's alone (no other split here).
            HeldPool held;
            view.controller<InsightsController>()->start();
            const QString computing = view.panel<InsightsPanel>()->statusText();
            QVERIFY2(
                computing.contains(QStringLiteral("Finding each of the %1 records' nearest neighbours")
                                       .arg(QLocale().toString(view.document()->header().recordCount()))),
                qPrintable(computing));
        }
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>()->state() == InsightsController::State::Ready;
            },
            30000));
        const QString status = view.panel<InsightsPanel>()->statusText();
        QVERIFY2(status.contains(QStringLiteral("Searched approximately: ")) &&
                     status.contains(QStringLiteral("of the true neighbours found (measured on 94 records)")),
                 qPrintable(status));
    }

    // Closing a tab while its audit runs stops the audit rather than waiting for it (a quit waits for no work
    // whose result nobody will see): the graphs a finished audit would cache are never written.
    void closingStopsTheAudit()
    {
        QTemporaryDir dir;
        QTemporaryDir cache;
        const quint64 n = 12000;
        const QString images = fx::writeFile(dir, QStringLiteral("noise-images-idx3-ubyte"),
                                             idx::Header::make(idx::DType::UInt8, {n, 28, 28})->encode() +
                                                 fx::noise(qsizetype(n * 28 * 28)));
        auto* view = new DocumentView(images);
        QVERIFY(QTest::qWaitFor(
            [&] { return view->controller<InsightsController>() && view->document()->isLoaded(); }, 20000));
        idx::AuditOptions o = view->controller<InsightsController>()->options();
        o.cacheDir = cache.path();
        o.search = idx::NeighbourSearch::Exact;
        view->controller<InsightsController>()->setOptions(o);
        view->controller<InsightsController>()->start();
        QCOMPARE(view->controller<InsightsController>()->state(), InsightsController::State::Computing);
        delete view; // cancels the audit and waits for its worker to return
        QVERIFY(QDir(cache.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).isEmpty());

        // Let run, the same audit does write them: the check above can fail.
        DocumentView whole(images);
        QVERIFY(QTest::qWaitFor(
            [&] { return whole.controller<InsightsController>() && whole.document()->isLoaded(); }, 20000));
        whole.controller<InsightsController>()->setOptions(o);
        whole.controller<InsightsController>()->start();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return whole.controller<InsightsController>()->state() == InsightsController::State::Ready;
            },
            120000));
        QVERIFY(!QDir(cache.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).isEmpty());
    }

    void acceptIsAnUndoableEdit()
    {
        QTemporaryDir dir;
        DocumentView view(writePlanted(dir));
        QVERIFY(auditNow(view));
        InsightsPanel* panel = view.panel<InsightsPanel>();
        Document* doc = view.document();
        const int before = panel->model(0)->rowCount();
        panel->tabs()->setCurrentIndex(0);
        panel->list(0)->setCurrentIndex(panel->model(0)->index(0));
        QCOMPARE(view.viewState()->currentRecord(), quint64(92)); // choosing a row shows its record
        QSignalSpy findings(view.controller<InsightsController>(), &InsightsController::findingsChanged);
        panel->acceptSuggestion();
        QCOMPARE(doc->labelClasses()[92], qint64(0));
        QVERIFY(doc->isModified());
        QVERIFY(findings.wait(20000));
        QCOMPARE(panel->model(0)->rowCount(), before - 1);
        QVERIFY(!texts(panel->model(0)).join('\n').contains(QStringLiteral("Record 92:")));
        QVERIFY(view.controller<InsightsController>()->isReviewed({0, 92}));

        doc->undoStack()->undo();
        QCOMPARE(doc->labelClasses()[92], qint64(2));
        QVERIFY(findings.wait(20000));
        QCOMPARE(panel->model(0)->rowCount(), before);

        // A row that is not a suspect has no suggestion to accept.
        QSignalSpy messages(panel, &InsightsPanel::message);
        panel->tabs()->setCurrentIndex(2);
        panel->list(2)->setCurrentIndex(panel->model(2)->index(0));
        panel->acceptSuggestion();
        QCOMPARE(messages.size(), 1);
        QCOMPARE(doc->undoStack()->count(), 1);
    }

    void reviewedIsRememberedByContent()
    {
        QTemporaryDir dir;
        const QString path = writePlanted(dir);
        {
            DocumentView view(path);
            QVERIFY(auditNow(view));
            InsightsPanel* panel = view.panel<InsightsPanel>();
            panel->tabs()->setCurrentIndex(2);
            panel->list(2)->setCurrentIndex(panel->model(2)->index(0));
            panel->toggleReviewed();
            QVERIFY(view.controller<InsightsController>()->isReviewed({0, 93}));
            QCOMPARE(panel->model(2)->index(0).data(InsightsModel::ReviewedRole).toBool(), true);
            QVERIFY(panel->model(2)->index(0).data().toString().endsWith(QStringLiteral("— reviewed")));
        }
        // A renamed copy of the same images has the same marks; other images have none.
        QVERIFY(QFile::copy(path, dir.filePath(QStringLiteral("copy-images-idx3-ubyte"))));
        QVERIFY(QFile::copy(dir.filePath(QStringLiteral("train-labels-idx1-ubyte")),
                            dir.filePath(QStringLiteral("copy-labels-idx1-ubyte"))));
        {
            DocumentView copy(dir.filePath(QStringLiteral("copy-images-idx3-ubyte")));
            QVERIFY(auditNow(copy));
            QVERIFY(copy.controller<InsightsController>()->isReviewed({0, 93}));
            QVERIFY(!copy.controller<InsightsController>()->isReviewed({0, 92}));
        }
        QTemporaryDir other;
        fx::Clusters c = fx::ninety();
        c.add(c.record(0), 0);
        fx::writeFile(other, QStringLiteral("x-labels-idx1-ubyte"), c.labelsFile());
        DocumentView different(fx::writeFile(other, QStringLiteral("x-images-idx3-ubyte"), c.imagesFile()));
        QVERIFY(auditNow(different));
        QVERIFY(!different.controller<InsightsController>()->isReviewed({0, 93}));
    }

    // Each file's marks follow its own content: another other split beside the same training file does not
    // inherit the marks made on the first one's records. Lists kept as "file:record" under the first file's
    // digest (before each file had its own) keep their own records' marks, not the other split's.
    void reviewedMarksFollowEachFilesContent()
    {
        QTemporaryDir dir;
        const QString path = writePlanted(dir, true);
        QString firstDigest;
        {
            DocumentView view(path);
            QVERIFY(auditNow(view));
            auto* c = view.controller<InsightsController>();
            QVERIFY(!c->result()->secondDigest.isEmpty());
            c->setReviewed({1, 1}, true);
            c->setReviewed({0, 93}, true);
            firstDigest = c->result()->firstDigest;
        }
        fx::Clusters other;
        other.state = 4242;
        for (int i = 0; i < 14; ++i)
            other.add(other.record(i % 3), i % 3);
        fx::writeFile(dir, QStringLiteral("t10k-images-idx3-ubyte"), other.imagesFile());
        fx::writeFile(dir, QStringLiteral("t10k-labels-idx1-ubyte"), other.labelsFile());
        {
            DocumentView view(path);
            QVERIFY(auditNow(view));
            auto* c = view.controller<InsightsController>();
            QCOMPARE(c->result()->files, 2);
            QVERIFY(c->isReviewed({0, 93}));
            QVERIFY(!c->isReviewed({1, 1}));
        }
        QSettings().setValue(QStringLiteral("insights/reviewed/") + firstDigest,
                             QStringList{QStringLiteral("0:5"), QStringLiteral("1:2")});
        DocumentView view(path);
        QVERIFY(auditNow(view));
        auto* c = view.controller<InsightsController>();
        QVERIFY(c->isReviewed({0, 5}));
        QVERIFY(!c->isReviewed({0, 93})); // the old list replaced the new one's here
        QVERIFY(!c->isReviewed({1, 2}));
    }

    void galleryKeepsToATab()
    {
        QTemporaryDir dir;
        DocumentView view(writePlanted(dir));
        QVERIFY(auditNow(view));
        InsightsPanel* panel = view.panel<InsightsPanel>();
        GalleryModel* gallery = view.gallery()->model();
        QCOMPARE(gallery->rowCount(), 94);
        panel->tabs()->setCurrentIndex(1); // duplicates: 5, 90, 7, 91 at least
        panel->toggleGalleryFilter();
        const std::vector<quint64> listed = panel->model(1)->documentRecords();
        std::vector<quint64> expected(listed);
        std::sort(expected.begin(), expected.end());
        expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
        QCOMPARE(gallery->rowCount(), int(expected.size()));
        for (int r = 0; r < gallery->rowCount(); ++r)
            QCOMPARE(gallery->recordAt(r), expected[size_t(r)]);
        // The planted pairs are there, and records far from any other are not.
        for (quint64 planted : {5, 7, 90, 91})
            QVERIFY(std::binary_search(expected.begin(), expected.end(), planted));
        QVERIFY(!std::binary_search(expected.begin(), expected.end(), quint64(93)));
        QCOMPARE(view.viewState()->recordFilterName(), QStringLiteral("duplicates"));
        panel->toggleGalleryFilter(); // again: every record
        QVERIFY(!view.viewState()->recordFilter());
        QCOMPARE(gallery->rowCount(), 94);
        // The panel knows its filters by their id, never by their (translated) name: one set elsewhere under
        // the same name is replaced by the panel's, not taken for it and cleared.
        view.viewState()->setRecordFilter(std::vector<quint64>{1, 2}, QStringLiteral("duplicates"),
                                          QStringLiteral("elsewhere"));
        panel->toggleGalleryFilter();
        QCOMPARE(view.viewState()->recordFilterSource(), QStringLiteral("insights.duplicates"));
        QCOMPARE(gallery->rowCount(), int(expected.size()));
        panel->toggleGalleryFilter();
        QVERIFY(!view.viewState()->recordFilter());
    }

    void otherSplitGivesLeakage()
    {
        QTemporaryDir dir;
        DocumentView view(writePlanted(dir, true));
        QVERIFY(auditNow(view));
        QCOMPARE(view.controller<InsightsController>()->otherSplit(),
                 dir.filePath(QStringLiteral("t10k-images-idx3-ubyte")));
        InsightsPanel* panel = view.panel<InsightsPanel>();
        QVERIFY(panel->tabs()->isTabVisible(3));
        const QStringList leaks = texts(panel->model(3));
        QVERIFY2(
            leaks.contains(QStringLiteral("Equal records: record 3, record 0 of t10k-images-idx3-ubyte")),
            qPrintable(leaks.join('\n')));
        QVERIFY(leaks.contains(
            QStringLiteral("Record 1 of t10k-images-idx3-ubyte: labelled 2; its 10 nearest records "
                           "of train-images-idx3-ubyte vote 1 (100% of the votes, the nearest "
                           "weighing most)")));
        // That record is in the other file: its label is not edited from here.
        const int row = int(leaks.indexOf(QRegularExpression(QStringLiteral("^Record 1 of t10k.*"))));
        panel->tabs()->setCurrentIndex(3);
        panel->list(3)->setCurrentIndex(panel->model(3)->index(row));
        QSignalSpy messages(panel, &InsightsPanel::message);
        panel->acceptSuggestion();
        QCOMPARE(messages.size(), 1);
        QVERIFY(messages.first().first().toString().contains(QStringLiteral("open that file")));
        QCOMPARE(view.document()->undoStack()->count(), 0);
        // Its thumbnail comes from the other file.
        QCOMPARE(panel->model(3)
                     ->index(row)
                     .data(InsightsModel::ThumbnailsRole)
                     .toList()
                     .first()
                     .value<QImage>()
                     .size(),
                 QSize(8, 8));
    }

    void editsAndReloadsDropTheFindings()
    {
        QTemporaryDir dir;
        DocumentView view(writePlanted(dir));
        QVERIFY(auditNow(view));
        InsightsPanel* panel = view.panel<InsightsPanel>();
        panel->tabs()->setCurrentIndex(2);
        panel->toggleGalleryFilter();
        QVERIFY(view.viewState()->recordFilter());
        // Deleting a record moves every index after it: the findings go at once, with the gallery's filter.
        QCOMPARE(Editing::deleteRecords(view.document(), 0, 1), QString());
        QVERIFY(!view.controller<InsightsController>()->result());
        QCOMPARE(panel->model(0)->rowCount(), 0);
        QVERIFY(!view.viewState()->recordFilter());
        QVERIFY(panel->statusText().contains(QStringLiteral("records changed")));
        // They come back for the 93 records once the edits settle; the planted suspect is now record 91.
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>()->state() == InsightsController::State::Ready;
            },
            30000));
        QCOMPARE(view.controller<InsightsController>()->result()->records[0], qint64(93));
        QVERIFY(texts(panel->model(0)).first().startsWith(QStringLiteral("Record 91: labelled 2")));
        // Undo, then a reload: nothing of the old findings is left listed.
        view.document()->undoStack()->undo();
        QVERIFY(!view.controller<InsightsController>()->result());
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>()->state() == InsightsController::State::Ready;
            },
            30000));
        for (const idx::LabelSuspect& s : view.controller<InsightsController>()->result()->labelSuspects)
            QVERIFY(s.record.record < 94);
        view.document()->reload();
        QCOMPARE(panel->model(0)->rowCount(), 0);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>()->state() == InsightsController::State::Ready;
            },
            30000));
    }

    void otherSplitThatDoesNotFit()
    {
        QTemporaryDir dir;
        DocumentView view(writePlanted(dir));
        QVERIFY(auditNow(view));
        // A labels file chosen as the other split: refused with the reason, the file audited alone.
        view.controller<InsightsController>()->setOtherSplit(
            dir.filePath(QStringLiteral("train-labels-idx1-ubyte")));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>()->state() == InsightsController::State::Ready;
            },
            30000));
        QCOMPARE(view.controller<InsightsController>()->result()->files, 1);
        QVERIFY2(view.panel<InsightsPanel>()->statusText().contains(
                     QStringLiteral("is left out: its records have 1 values")),
                 qPrintable(view.panel<InsightsPanel>()->statusText()));
        QVERIFY(!view.panel<InsightsPanel>()->statusText().contains(QStringLiteral("against")));
        QVERIFY(view.panel<InsightsPanel>()->model(0)->rowCount() > 0);
        view.controller<InsightsController>()->setOtherSplit({}); // alone again: no message
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>()->state() == InsightsController::State::Ready;
            },
            30000));
        QVERIFY(view.controller<InsightsController>()->message().isEmpty());
    }

    void unavailableAndLargeFiles()
    {
        QTemporaryDir dir;
        writePlanted(dir);
        DocumentView labels(dir.filePath(QStringLiteral("train-labels-idx1-ubyte")));
        QVERIFY(QTest::qWaitFor(
            [&] { return labels.controller<InsightsController>() && labels.document()->isLoaded(); }, 20000));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return labels.controller<InsightsController>()->state() ==
                       InsightsController::State::Unavailable;
            },
            20000));
        QVERIFY(labels.panel<InsightsPanel>()->statusText().contains(QStringLiteral("one value per record")));

        // Over kMaxAutomaticRecords records, nothing starts by itself.
        const quint64 n = InsightsController::kMaxAutomaticRecords + 1;
        const QString big =
            fx::writeFile(dir, QStringLiteral("big-images-idx3-ubyte"), appfx::uint8Tensor({n, 1, 2}));
        DocumentView view(big);
        QVERIFY(QTest::qWaitFor([&] { return view.document()->isLoaded(); }, 20000));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>()->state() == InsightsController::State::Cancelled;
            },
            20000));
        QVERIFY(view.panel<InsightsPanel>()->statusText().contains(QStringLiteral("Find Again")));
        QVERIFY(!view.controller<InsightsController>()->job()->isActive());
    }
};

QTEST_MAIN(TestInsights)
#include "tst_insights.moc"
