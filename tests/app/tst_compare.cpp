// The Compare dock: a document against an edited copy lists exactly the edits and draws their difference; the
// document's own edits against its file on disk; a copy with a record deleted aligns the rest and navigation
// follows the alignment; a labels file lists the changed labels; two splits side by side (classes, mean
// images, histograms); files that cannot be compared say why; Close; the View menu's action.
#include "actionregistry.h"
#include "appfixtures.h"
#include "classchart.h"
#include "comparecontroller.h"
#include "comparemodel.h"
#include "comparepanel.h"
#include "comparepictures.h"
#include "document.h"
#include "documentview.h"
#include "editcommands.h"
#include "featurelist.h"
#include "heldpool.h"
#include "histogramwidget.h"
#include "job.h"
#include "mainwindow.h"
#include "meanimages.h"
#include "viewstate.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace idx::gui;

namespace {

constexpr quint64 kRecords = 30, kSide = 6, kPixels = kSide * kSide;

std::vector<double> images()
{
    return fx::sampleValues(idx::DType::UInt8, kRecords * kPixels, 5);
}

std::vector<double> labelValues(quint64 n, quint64 seed)
{
    std::vector<double> v;
    for (quint64 i = 0; i < n; ++i)
        v.push_back(double((i * seed) % 3));
    return v;
}

QByteArray imagesFile(const std::vector<double>& values)
{
    return fx::idxBytes(idx::DType::UInt8, {values.size() / kPixels, kSide, kSide}, values);
}

QByteArray labelsFile(const std::vector<double>& values)
{
    return fx::idxBytes(idx::DType::UInt8, {values.size()}, values);
}

/// Opens `path` in a view and waits until it is loaded with its panels.
bool openLoaded(DocumentView& view)
{
    return QTest::qWaitFor([&] { return view.panel<ComparePanel>() && view.document()->isLoaded(); }, 20000);
}

bool compared(DocumentView& view, const QString& other)
{
    if (!view.panel<ComparePanel>()->compareWith(other))
        return false;
    return QTest::qWaitFor(
               [&] {
                   return view.controller<CompareController>()->state() != CompareController::State::Working;
               },
               20000) &&
           view.controller<CompareController>()->state() == CompareController::State::Ready;
}

bool drawn(DocumentView& view, quint64 record)
{
    return QTest::qWaitFor([&] { return view.controller<CompareController>()->pictures().a == record; },
                           10000);
}

QString cell(DocumentView& view, int row, int column)
{
    QAbstractItemModel* m = view.panel<ComparePanel>()->table()->model();
    return m->data(m->index(row, column)).toString();
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_images, m_edited, m_deleted, m_test, m_labels, m_labelsEdited, m_reshaped, m_cut, m_text;
    std::vector<double> m_values;

    QString write(const QString& name, const QByteArray& bytes) const
    {
        return fx::writeFile(m_dir, name, bytes);
    }

private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_values = images();
        m_images = write(QStringLiteral("train-images-idx3-ubyte"), imagesFile(m_values));
        write(QStringLiteral("train-labels-idx1-ubyte"), labelsFile(labelValues(kRecords, 1)));
        auto edited = m_values;
        edited[3 * kPixels + 1] = m_values[3 * kPixels + 1] < 128 ? 255 : 0;
        edited[11 * kPixels + 20] = m_values[11 * kPixels + 20] < 128 ? 200 : 10;
        m_edited = write(QStringLiteral("edited.idx"), imagesFile(edited));
        auto deleted = m_values;
        deleted.erase(deleted.begin() + 17 * kPixels, deleted.begin() + 18 * kPixels);
        m_deleted = write(QStringLiteral("deleted.idx.gz"), fx::gzip(imagesFile(deleted)));
        // The other split: 12 records of their own (seed 78: the values are one sequence shifted by the seed,
        // and 78 − 5 is no multiple of a record, so no record equals a training one), with labels.
        m_test = write(QStringLiteral("t10k-images-idx3-ubyte"),
                       imagesFile(fx::sampleValues(idx::DType::UInt8, 12 * kPixels, 78)));
        write(QStringLiteral("t10k-labels-idx1-ubyte"), labelsFile(labelValues(12, 2)));
        auto labels = labelValues(kRecords, 1);
        m_labels = write(QStringLiteral("labels.idx"), labelsFile(labels));
        labels[4] = 2;
        labels[25] = 0;
        m_labelsEdited = write(QStringLiteral("labels-edited.idx"), labelsFile(labels));
        m_reshaped = write(QStringLiteral("reshaped.idx"),
                           fx::idxBytes(idx::DType::UInt8, {kRecords, kSide * 2, kSide / 2}, m_values));
        m_cut = write(QStringLiteral("cut.idx"), imagesFile(m_values).left(16 + 50));
        m_text = write(QStringLiteral("notes.txt"), "not a tensor\n");
    }

    void editedCopyShowsTheEdits()
    {
        DocumentView view(m_images);
        QVERIFY(openLoaded(view));
        QVERIFY(compared(view, m_edited));
        const auto& rows = view.controller<CompareController>()->rows();
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[0].a, std::optional<quint64>(3));
        QCOMPARE(rows[0].b, std::optional<quint64>(3));
        QCOMPARE(rows[0].elements, quint64(1));
        QCOMPARE(rows[1].a, std::optional<quint64>(11));
        QCOMPARE(view.panel<ComparePanel>()->table()->model()->rowCount(), 2);
        QCOMPARE(cell(view, 0, CompareModel::What), QStringLiteral("Changed"));
        QCOMPARE(cell(view, 1, CompareModel::Record), QStringLiteral("11"));
        QVERIFY2(view.panel<ComparePanel>()->summaryText().contains(QLatin1String("2 of 30 records differ")),
                 qPrintable(view.panel<ComparePanel>()->summaryText()));
        QCOMPARE(view.controller<CompareController>()->counterpart(5), std::optional<quint64>(5));

        // A row of the list goes to its record; both records and their difference are drawn.
        QTableView* table = view.panel<ComparePanel>()->table();
        table->selectionModel()->setCurrentIndex(table->model()->index(1, 0),
                                                 QItemSelectionModel::SelectCurrent);
        QCOMPARE(view.viewState()->currentRecord(), quint64(11));
        QVERIFY(drawn(view, 11));
        const CompareDrawing& p = view.controller<CompareController>()->pictures();
        QCOMPARE(p.b, std::optional<quint64>(11));
        QCOMPARE(p.imageA.size(), QSize(int(kSide), int(kSide)));
        QCOMPARE(p.difference.size(), QSize(int(kSide), int(kSide)));
        const double v = m_values[11 * kPixels + 20];
        QCOMPARE(p.largest, std::abs((v < 128 ? 200 : 10) - v));
        // The changed pixel (row 3, column 2) is the one coloured: every other is the colormap's middle.
        const QRgb middle = p.difference.pixel(0, 0);
        QVERIFY(p.difference.pixel(2, 3) != middle);
        for (int y = 0; y < int(kSide); ++y)
            for (int x = 0; x < int(kSide); ++x)
                if (x != 2 || y != 3)
                    QCOMPARE(p.difference.pixel(x, y), middle);
        QVERIFY(
            view.panel<ComparePanel>()->pictures()->captions().value(1).contains(QLatin1String("record 11")));

        // Navigating the document moves the other file along; an equal record has no difference.
        view.viewState()->setCurrentRecord(7);
        QVERIFY(drawn(view, 7));
        QCOMPARE(view.controller<CompareController>()->pictures().b, std::optional<quint64>(7));
        QCOMPARE(view.controller<CompareController>()->pictures().largest, 0.0);
        QVERIFY(table->selectionModel()->selectedRows().isEmpty());
    }

    void documentEditsAgainstItsFile()
    {
        DocumentView view(m_images);
        QVERIFY(openLoaded(view));
        QVERIFY(compared(view, m_images));
        QVERIFY(view.controller<CompareController>()->diff()->equal());
        QVERIFY(view.controller<CompareController>()->rows().empty());
        QVERIFY(view.panel<ComparePanel>()->summaryText().startsWith(QLatin1String("Equal")));
        // An edit in the document (unsaved) is compared again once edits settle, and is exactly what differs.
        QVERIFY(Editing::setElement(view.document(), Document::Part::Main, 4, 9,
                                    m_values[4 * kPixels + 9] + 1 > 255 ? 0 : m_values[4 * kPixels + 9] + 1)
                    .isEmpty());
        QVERIFY(
            QTest::qWaitFor([&] { return view.controller<CompareController>()->rows().size() == 1; }, 10000));
        QCOMPARE(view.controller<CompareController>()->rows()[0].a, std::optional<quint64>(4));
        QCOMPARE(view.controller<CompareController>()->rows()[0].elements, quint64(1));
        // A deleted record: the document is now one shorter than its file, and aligns.
        QVERIFY(Editing::deleteRecords(view.document(), 20, 1).isEmpty());
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto& d = view.controller<CompareController>()->diff();
                return d && d->alignment &&
                       view.controller<CompareController>()->state() == CompareController::State::Ready;
            },
            10000));
        const auto& al = *view.controller<CompareController>()->diff()->alignment;
        QCOMPARE(al.inserted, std::vector<quint64>{20}); // the file has it, the document no longer
        QCOMPARE(al.changed.size(), size_t(1));
        QCOMPARE(al.changed[0].a, quint64(4));
        // The list in the document's order, what only the other file has after it.
        const auto& rows = view.controller<CompareController>()->rows();
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[0].kind, CompareRow::Kind::Changed);
        QCOMPARE(rows[1].kind, CompareRow::Kind::Inserted);
        QCOMPARE(rows[1].b, std::optional<quint64>(20));
        QCOMPARE(cell(view, 1, CompareModel::What), QStringLiteral("Only in the other"));
    }

    void deletedRecordAligns()
    {
        DocumentView view(m_images);
        QVERIFY(openLoaded(view));
        QVERIFY(compared(view, m_deleted));
        const auto& rows = view.controller<CompareController>()->rows();
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].kind, CompareRow::Kind::Deleted);
        QCOMPARE(rows[0].a, std::optional<quint64>(17));
        QCOMPARE(cell(view, 0, CompareModel::What), QStringLiteral("Only in this file"));
        QCOMPARE(view.controller<CompareController>()->rowOf(17), std::optional<size_t>(0));
        QCOMPARE(view.controller<CompareController>()->rowOf(16), std::nullopt);
        QCOMPARE(view.controller<CompareController>()->counterpart(16), std::optional<quint64>(16));
        QCOMPARE(view.controller<CompareController>()->counterpart(17), std::nullopt);
        QCOMPARE(view.controller<CompareController>()->counterpart(18), std::optional<quint64>(17));
        view.viewState()->setCurrentRecord(25);
        QVERIFY(drawn(view, 25));
        QCOMPARE(view.controller<CompareController>()->pictures().b, std::optional<quint64>(24));
        QCOMPARE(view.controller<CompareController>()->pictures().largest, 0.0);
        view.viewState()->setCurrentRecord(17);
        QVERIFY(drawn(view, 17));
        QCOMPARE(view.controller<CompareController>()->pictures().b, std::nullopt);
        QVERIFY(view.controller<CompareController>()->pictures().difference.isNull());
        QVERIFY(view.panel<ComparePanel>()->pictures()->captions().value(1).contains(
            QLatin1String("Not in the other")));
    }

    void labelsFileListsChangedLabels()
    {
        DocumentView view(m_labels);
        QVERIFY(openLoaded(view));
        QVERIFY(compared(view, m_labelsEdited));
        QCOMPARE(view.controller<CompareController>()->diff()->changedLabels,
                 (std::vector<idx::LabelChange>{{4, 1, 2}, {25, 1, 0}}));
        QCOMPARE(view.panel<ComparePanel>()->table()->model()->rowCount(), 2);
        QCOMPARE(cell(view, 0, CompareModel::Record), QStringLiteral("4"));
        QCOMPARE(cell(view, 0, CompareModel::Amount), QStringLiteral("1"));
        QCOMPARE(cell(view, 0, CompareModel::Largest), QStringLiteral("2"));
        QCOMPARE(cell(view, 1, CompareModel::Largest), QStringLiteral("0"));
        QVERIFY(view.panel<ComparePanel>()->pictures()->isHidden()); // one value per record: nothing to draw
    }

    void twoSplitsSideBySide()
    {
        DocumentView view(m_images);
        QVERIFY(QTest::qWaitFor([&] { return view.panel<ComparePanel>() && view.document()->hasLabels(); },
                                20000));
        QVERIFY(compared(view, m_test));
        const auto& sides = view.controller<CompareController>()->sideBySide();
        QVERIFY(sides && sides->classesA && sides->classesB);
        // Class counts, by the fixtures' labels: record i of train has (i % 3), of t10k (2i % 3).
        const QMap<qint64, quint64> train{{0, 10}, {1, 10}, {2, 10}};
        const QMap<qint64, quint64> test{{0, 4}, {1, 4}, {2, 4}};
        QCOMPARE(view.panel<ComparePanel>()->classChart(0)->counts(), train);
        QCOMPARE(view.panel<ComparePanel>()->classChart(1)->counts(), test);
        QCOMPARE(view.panel<ComparePanel>()->meanImages(0)->imageCount(), 3);
        QCOMPARE(view.panel<ComparePanel>()->meanImages(1)->imageCount(), 3);
        quint64 countA = 0, countB = 0;
        for (quint64 c : view.panel<ComparePanel>()->histogram(0)->histogram().counts)
            countA += c;
        for (quint64 c : view.panel<ComparePanel>()->histogram(1)->histogram().counts)
            countB += c;
        QCOMPARE(countA, kRecords * kPixels);
        QCOMPARE(countB, 12 * kPixels);
        QCOMPARE(view.panel<ComparePanel>()->sideTitle(1)->text(), QStringLiteral("t10k-images-idx3-ubyte"));
        // Two splits share no record: none is called a change of another.
        QVERIFY2(view.panel<ComparePanel>()->summaryText().contains(
                     QLatin1String("no record in common: 30 only here, 12 only there")),
                 qPrintable(view.panel<ComparePanel>()->summaryText()));
        QVERIFY(view.controller<CompareController>()->diff()->alignment->changed.empty());
    }

    void otherShapeIsNotCompared()
    {
        DocumentView view(m_images);
        QVERIFY(openLoaded(view));
        QVERIFY(compared(view, m_reshaped));
        QVERIFY(view.controller<CompareController>()->diff()->shapesDiffer);
        QVERIFY(view.controller<CompareController>()->rows().empty());
        QCOMPARE(view.controller<CompareController>()->counterpart(0), std::nullopt);
        QVERIFY(view.panel<ComparePanel>()->summaryText().contains(QLatin1String("not compared")));
        QVERIFY(!view.controller<CompareController>()->sideBySide());
    }

    void filesThatCannotBeCompared()
    {
        DocumentView view(m_images);
        QVERIFY(openLoaded(view));
        const QString missing = m_dir.filePath(QStringLiteral("missing.idx"));
        for (const QString& bad : {missing, m_text}) {
            QVERIFY(!view.panel<ComparePanel>()->compareWith(bad));
            QCOMPARE(view.controller<CompareController>()->state(), CompareController::State::Failed);
            QVERIFY2(view.panel<ComparePanel>()->summaryText().startsWith(QDir::toNativeSeparators(bad)),
                     qPrintable(view.panel<ComparePanel>()->summaryText()));
        }
        // The header reads, the payload is cut short: the job says so.
        QVERIFY(view.panel<ComparePanel>()->compareWith(m_cut));
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<CompareController>()->state() == CompareController::State::Failed; },
            10000));
        QVERIFY2(view.controller<CompareController>()->message().startsWith(QDir::toNativeSeparators(m_cut)),
                 qPrintable(view.controller<CompareController>()->message()));
        QVERIFY(view.controller<CompareController>()->rows().empty());
    }

    void closeForgetsTheOtherFile()
    {
        DocumentView view(m_images);
        QVERIFY(openLoaded(view));
        QVERIFY(compared(view, m_edited));
        view.controller<CompareController>()->clear();
        QCOMPARE(view.controller<CompareController>()->state(), CompareController::State::Idle);
        QVERIFY(view.controller<CompareController>()->otherPath().isEmpty());
        QCOMPARE(view.panel<ComparePanel>()->table()->model()->rowCount(), 0);
        QCOMPARE(view.controller<CompareController>()->counterpart(3), std::nullopt);
    }

    void cancelStops()
    {
        DocumentView view(m_images);
        QVERIFY(QTest::qWaitFor([&] { return view.panel<ComparePanel>() && view.document()->hasLabels(); },
                                20000));
        QTest::qWait(600); // the labels' arrival compares again after 500 ms: nothing left to start a run
        {
            // Cancelled before its worker can start (every thread of the pool held), whatever the machine's
            // speed: a cancel that came after the worker returned would leave its finished result.
            HeldPool held;
            QVERIFY(view.panel<ComparePanel>()->compareWith(m_edited));
            view.controller<CompareController>()->job()->cancel();
        }
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<CompareController>()->state() == CompareController::State::Failed; },
            10000));
        QVERIFY(view.controller<CompareController>()->message().startsWith(QLatin1String("Stopped")));
        QVERIFY(view.controller<CompareController>()->rows().empty());
        QVERIFY(compared(view, m_edited)); // and again, to the end
        QCOMPARE(view.controller<CompareController>()->rows().size(), size_t(2));
        // An edit compares again; stopped, the earlier findings (no longer true) are not shown.
        // (Cancelled the moment it starts, its worker held back until then.)
        auto held = std::make_unique<HeldPool>();
        const auto stop = connect(view.controller<CompareController>()->job(), &JobBase::activeChanged, this,
                                  [&](bool active) {
                                      if (active) {
                                          view.controller<CompareController>()->job()->cancel();
                                          held.reset();
                                      }
                                  });
        QVERIFY(Editing::setElement(view.document(), Document::Part::Main, 0, 0, 7).isEmpty());
        QVERIFY(QTest::qWaitFor(
            [&] { return view.controller<CompareController>()->state() == CompareController::State::Failed; },
            10000));
        disconnect(stop);
        QVERIFY(view.controller<CompareController>()->rows().empty());
        QCOMPARE(view.controller<CompareController>()->counterpart(3), std::nullopt);
        QCOMPARE(view.panel<ComparePanel>()->table()->model()->rowCount(), 0);
    }

    void modelAndListFollowing()
    {
        // 400 records, every one changed: the list selects and scrolls to the record being looked at.
        QTemporaryDir dir;
        const auto values = fx::sampleValues(idx::DType::UInt8, 400 * 4, 9);
        auto changed = values;
        for (double& v : changed)
            v = v < 255 ? v + 1 : 0;
        const QString a =
            fx::writeFile(dir, QStringLiteral("a.idx"), fx::idxBytes(idx::DType::UInt8, {400, 2, 2}, values));
        const QString b = fx::writeFile(dir, QStringLiteral("b.idx"),
                                        fx::idxBytes(idx::DType::UInt8, {400, 2, 2}, changed));
        DocumentView view(a);
        QVERIFY(openLoaded(view));
        QAbstractItemModelTester tester(view.panel<ComparePanel>()->table()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.panel<ComparePanel>()->resize(800, 400);
        view.panel<ComparePanel>()->show();
        QVERIFY(compared(view, b));
        QCOMPARE(view.panel<ComparePanel>()->table()->model()->rowCount(), 400);
        view.viewState()->setCurrentRecord(350);
        QTableView* table = view.panel<ComparePanel>()->table();
        const QModelIndex row = table->model()->index(350, 0);
        QVERIFY(table->selectionModel()->isRowSelected(350, {}));
        QVERIFY(table->viewport()->rect().intersects(table->visualRect(row)));
        QCOMPARE(view.viewState()->currentRecord(), quint64(350)); // following did not move the record
        view.controller<CompareController>()->clear();
        QCOMPARE(table->model()->rowCount(), 0);
    }

    void viewMenuAction()
    {
        MainWindow w;
        QAction* a = w.actionRegistry()->action(QStringLiteral("view.compareWith"));
        QVERIFY(a);
        QCOMPARE(a->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+D")));
        QVERIFY(!a->isEnabled()); // no document
        DocumentView* v = w.openFile(m_images);
        QVERIFY(v);
        QVERIFY(a->isEnabled());
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
