// Class names in the GUI: names given to a labels file are used everywhere and remembered for its content (a
// renamed copy keeps them, other labels do not get them); File > Class Names... loads, exports and applies
// them, with clear errors; a file is recognised by its own content; EMNIST is shown upright, with the
// transpose toggle saying why, and the person's choice stays; the export dialog offers names in file names.
#include "actionregistry.h"
#include "appfixtures.h"
#include "classnamesdialog.h"
#include "document.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editcommands.h"
#include "exportcontroller.h"
#include "exportdialog.h"
#include "fixtures.h"
#include "gallerymodel.h"
#include "headerpanel.h"
#include "mainwindow.h"
#include "navigationpanel.h"
#include "savecontroller.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace idx::gui;

namespace {
constexpr quint64 N = 40;

// N records of 2x2 pixels and their labels (record i has label i % 4), named as a pair.
struct Pair {
    QString images;
    QString labels;
    Pair(const QTemporaryDir& dir, const QString& stem, int labelShift = 0)
    {
        std::vector<double> labelValues;
        for (quint64 i = 0; i < N; ++i)
            labelValues.push_back(double((i + quint64(labelShift)) % 4));
        images =
            fx::writeFile(dir, stem + QStringLiteral("-images-idx3-ubyte"), appfx::uint8Tensor({N, 2, 2}));
        labels = fx::writeFile(dir, stem + QStringLiteral("-labels-idx1-ubyte"),
                               fx::idxBytes(idx::DType::UInt8, {N}, labelValues));
    }
};

idx::ClassNames animals()
{
    return idx::ClassNames(
        {QStringLiteral("cat"), QStringLiteral("dog"), QStringLiteral("bird"), QStringLiteral("fish")});
}

bool waitNamed(const Document& doc)
{
    return QTest::qWaitFor([&] { return doc.canNameClasses(); }, 20000);
}

QString fashion(const QString& name)
{
    return QStringLiteral(IDXSCOPE_FASHION_DIR "/") + name;
}
} // namespace

class TestClassNamesGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        QSettings().remove(QStringLiteral("classNames")); // names remembered by an earlier run
    }
    // Each test starts with no names remembered, whatever the one before left (a failed check included).
    void cleanup() { QSettings().remove(QStringLiteral("classNames")); }

    void givenNamesAreRememberedByContent()
    {
        QTemporaryDir dir;
        const Pair pair(dir, QStringLiteral("pets"));
        {
            Document doc(pair.images);
            QVERIFY(waitNamed(doc));
            QVERIFY(doc.classNames().isEmpty());
            QVERIFY(!doc.dataset());
            doc.setClassNames(animals());
            QCOMPARE(doc.classNames().name(1), QStringLiteral("dog"));
            ViewState state;
            GalleryModel model(&doc, &state);
            QCOMPARE(model.data(model.index(5), Qt::DisplayRole).toString(), QStringLiteral("5 · dog"));
        }
        // A renamed copy of both files has the same labels: the names come back.
        QTemporaryDir other;
        QVERIFY(QFile::copy(pair.images, other.filePath(QStringLiteral("copy-images-idx3-ubyte"))));
        QVERIFY(QFile::copy(pair.labels, other.filePath(QStringLiteral("copy-labels-idx1-ubyte"))));
        Document copy(other.filePath(QStringLiteral("copy-images-idx3-ubyte")));
        QVERIFY(waitNamed(copy));
        QCOMPARE(copy.classNames(), animals());
        QCOMPARE(copy.givenClassNames(), animals());
        // Other labels (the same values, shifted by one record) are other content: no names.
        const Pair shifted(dir, QStringLiteral("shifted"), 1);
        Document stranger(shifted.images);
        QVERIFY(waitNamed(stranger));
        QVERIFY(stranger.classNames().isEmpty());
        // Forgetting them forgets them for the content.
        copy.setClassNames({});
        QVERIFY(copy.classNames().isEmpty());
        Document again(pair.images);
        QVERIFY(waitNamed(again));
        QVERIFY(again.classNames().isEmpty());
    }

    void dialogLoadsExportsAndApplies()
    {
        QTemporaryDir dir;
        const Pair pair(dir, QStringLiteral("dialog"), 2); // its own labels: names given here stay with them
        Document doc(pair.images);
        QVERIFY(waitNamed(doc));
        ClassNamesDialog dialog(&doc);
        QCOMPARE(dialog.table()->rowCount(), 4); // labels 0-3, none named yet
        QVERIFY(dialog.names().isEmpty());

        QString error;
        const QString empty = fx::writeFile(dir, QStringLiteral("empty.txt"), QByteArrayLiteral("\n"));
        QVERIFY(!dialog.loadFile(empty, &error));
        QVERIFY2(error.contains(QStringLiteral("empty.txt: the file holds no names")), qPrintable(error));
        QVERIFY(!dialog.loadFile(dir.filePath(QStringLiteral("missing.txt")), &error));
        QVERIFY2(error.contains(QStringLiteral("missing.txt: cannot read the class names")),
                 qPrintable(error));
        QCOMPARE(dialog.table()->rowCount(), 4); // unchanged by the failures

        // One name per line, one more than there are labels: label 4 gets a row (with no records).
        const QString list = fx::writeFile(dir, QStringLiteral("names.txt"),
                                           QByteArrayLiteral("cat\ndog\nbird\nfish\nnewt\n"));
        QVERIFY2(dialog.loadFile(list, &error), qPrintable(error));
        QCOMPARE(dialog.table()->rowCount(), 5);
        QCOMPARE(dialog.names().name(4), QStringLiteral("newt"));
        QCOMPARE(dialog.table()->item(4, 1)->text(), QStringLiteral("0"));
        QCOMPARE(dialog.table()->item(1, 1)->text(), QStringLiteral("10"));

        // Edited in the table, exported as a CSV that reads back the same.
        dialog.table()->item(2, 2)->setText(QStringLiteral("  sparrow "));
        const QString csv = dir.filePath(QStringLiteral("out.csv"));
        QVERIFY2(dialog.exportFile(csv, &error), qPrintable(error));
        QCOMPARE(idx::ClassNames::load(csv), dialog.names());
        QCOMPARE(dialog.names().name(2), QStringLiteral("sparrow"));
        QVERIFY(!dialog.exportFile(dir.filePath(QStringLiteral("no/such/folder/out.csv")), &error));
        QVERIFY2(error.contains(QStringLiteral("out.csv")), qPrintable(error));

        // A name too long to be one is refused before it is given (it could not be read back).
        QVERIFY(dialog.problem().isEmpty());
        dialog.table()->item(3, 2)->setText(QString(idx::ClassNames::kMaxName + 1, QLatin1Char('y')));
        QCOMPARE(dialog.problem(), QStringLiteral("The name of label 3 is longer than 200 characters."));
        dialog.table()->item(3, 2)->setText(QStringLiteral("fish"));
        QVERIFY(dialog.problem().isEmpty());
        dialog.apply();
        QCOMPARE(doc.classNames().name(2), QStringLiteral("sparrow"));
        QCOMPARE(doc.classNames().name(4), QStringLiteral("newt"));
        doc.setClassNames({});
    }

    // Fashion-MNIST's own names, applied unchanged, are not stored as given names; changed, they are.
    void datasetNamesStayTheDatasets()
    {
        Document doc(fashion(QStringLiteral("t10k-images-idx3-ubyte.gz")));
        QVERIFY(waitNamed(doc));
        QTRY_VERIFY_WITH_TIMEOUT(doc.dataset().has_value(), 20000);
        ClassNamesDialog dialog(&doc);
        QCOMPARE(dialog.names().name(9), QStringLiteral("Ankle boot"));
        dialog.apply();
        QVERIFY(doc.givenClassNames().isEmpty());
        QCOMPARE(doc.classNames().name(9), QStringLiteral("Ankle boot"));
        dialog.table()->item(9, 2)->setText(QStringLiteral("Boot"));
        dialog.apply();
        QCOMPARE(doc.classNames().name(9), QStringLiteral("Boot"));
        QCOMPARE(doc.classNames().name(0), QStringLiteral("T-shirt/top"));
        doc.setClassNames({}); // leave no trace for the other tests
    }

    // A labels file opened on its own is known by its own content; so are images, by their first records.
    void ownContentRecognised()
    {
        Document labels(fashion(QStringLiteral("t10k-labels-idx1-ubyte.gz")));
        QTRY_VERIFY_WITH_TIMEOUT(labels.dataset().has_value(), 20000);
        QCOMPARE(labels.dataset()->title(), QStringLiteral("Fashion-MNIST, test labels"));
        QCOMPARE(labels.classNames().name(3), QStringLiteral("Dress"));
        HeaderPanel panel(&labels);
        QTRY_VERIFY(panel.value(QStringLiteral("dataset"))
                        .startsWith(QStringLiteral("Fashion-MNIST, test labels (")));

        QTemporaryDir dir;
        const QString alone =
            fx::writeFile(dir, QStringLiteral("alone-images-idx3-ubyte"), appfx::uint8Tensor({N, 2, 2}));
        Document plain(alone);
        QTRY_VERIFY(plain.isLoaded());
        HeaderPanel plainPanel(&plain);
        QTRY_VERIFY2(plainPanel.value(QStringLiteral("dataset"))
                         .startsWith(QStringLiteral("not recognised by its content")),
                     qPrintable(plainPanel.value(QStringLiteral("dataset"))));
        QVERIFY(!plain.dataset());
    }

    // EMNIST Letters (its test labels are 800 of each of 1-26 in turn: the published file) is shown upright;
    // the toggle says why; once the person turns it back, a later labels change does not override that.
    void emnistShownUpright()
    {
        QTemporaryDir dir;
        std::vector<double> labels;
        for (int l = 1; l <= 26; ++l)
            labels.insert(labels.end(), 800, double(l));
        const quint64 n = labels.size();
        const QString images =
            fx::writeFile(dir, QStringLiteral("emnist-letters-test-images-idx3-ubyte"),
                          fx::rawHeader(0x08, {quint32(n), 28, 28}) + QByteArray(qsizetype(n * 784), 0));
        fx::writeFile(dir, QStringLiteral("emnist-letters-test-labels-idx1-ubyte"),
                      fx::idxBytes(idx::DType::UInt8, {n}, labels));
        MainWindow w;
        DocumentView* v = w.openFile(images);
        QVERIFY(v);
        QTRY_VERIFY_WITH_TIMEOUT(v->viewState()->slice().transpose, 20000);
        QCOMPARE(v->document()->dataset()->title(), QStringLiteral("EMNIST Letters, test images"));
        QCOMPARE(v->document()->classNames().caption(1), QStringLiteral("1 · A"));
        auto* toggle = v->panel<NavigationPanel>()->findChild<QToolButton*>(QStringLiteral("transpose"));
        QVERIFY(toggle);
        QVERIFY(toggle->isChecked());
        QVERIFY2(toggle->toolTip().contains(QStringLiteral("EMNIST Letters stores each image transposed")),
                 qPrintable(toggle->toolTip()));
        toggle->click();
        QVERIFY(!v->viewState()->slice().transpose);
        v->document()->setClassNames(animals()); // a labels change: the person's choice stays
        QVERIFY(!v->viewState()->slice().transpose);
        v->document()->setClassNames({});
        // So does a reload, which knows no dataset for a moment and then the same one again.
        v->document()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(v->document()->dataset().has_value(), 20000);
        QVERIFY(!v->viewState()->slice().transpose);

        // The labels opened on their own are EMNIST's too, but a labels file has no images to turn.
        DocumentView* labelsView =
            w.openFile(dir.filePath(QStringLiteral("emnist-letters-test-labels-idx1-ubyte")));
        QTRY_VERIFY_WITH_TIMEOUT(labelsView->document()->dataset().has_value(), 20000);
        QCOMPARE(labelsView->document()->dataset()->title(), QStringLiteral("EMNIST Letters, test labels"));
        QVERIFY(!labelsView->viewState()->slice().transpose);
    }

    // A labels file opened on its own can be named too (File > Class Names... counts its own values); the
    // names are remembered by its content, so the images opened with it show them, and a saved edit of the
    // labels file takes them along.
    void labelsFileOpenedAloneIsNamed()
    {
        QTemporaryDir dir;
        const Pair pair(dir, QStringLiteral("alone"), 3);
        {
            MainWindow w;
            w.setSaveSettings(false);
            DocumentView* v = w.openFile(pair.labels);
            Document* doc = v->document();
            QVERIFY(doc->isLabelsFile());
            QAction* action = w.actionRegistry()->action(QStringLiteral("file.classNames"));
            QVERIFY(action);
            QTRY_VERIFY_WITH_TIMEOUT(doc->canNameClasses() && action->isEnabled(), 20000);
            QVERIFY(doc->canRememberClassNames());
            QVERIFY(doc->classNames().isEmpty());
            ClassNamesDialog dialog(doc);
            auto* table = dialog.findChild<QTableWidget*>();
            QVERIFY(table);
            QCOMPARE(table->rowCount(), 4);
            for (int row = 0; row < 4; ++row) {
                QCOMPARE(table->item(row, 0)->text(), QString::number(row));
                QCOMPARE(table->item(row, 1)->text(), QLocale().toString(N / 4)); // its own values, counted
            }
            const idx::ClassNames names = animals();
            for (int row = 0; row < 4; ++row)
                table->item(row, 2)->setText(names.name(row));
            dialog.apply();
            QCOMPARE(doc->classNames(), animals());

            // An edit counts in the dialog and goes with the names to the file as saved.
            QVERIFY(doc->editable(Document::Part::Main));
            QVERIFY(Editing::setElement(doc, Document::Part::Main, 0, 0, 2).isEmpty()); // was 3
            ClassNamesDialog edited(doc);
            auto* counts = edited.findChild<QTableWidget*>();
            QCOMPARE(counts->item(2, 1)->text(), QLocale().toString(N / 4 + 1));
            QCOMPARE(counts->item(3, 1)->text(), QLocale().toString(N / 4 - 1));
            QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
            QVERIFY(w.saving()->save(v));
            QVERIFY(finished.wait(20000));
            QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        }
        QFile written(pair.labels);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll().at(8), char(2));
        // A renamed copy of the saved labels, opened alone, and the images with the labels: the same names.
        QTemporaryDir other;
        const QString copy = other.filePath(QStringLiteral("renamed.idx1"));
        QVERIFY(QFile::copy(pair.labels, copy));
        Document alone(copy);
        QVERIFY(waitNamed(alone));
        QCOMPARE(alone.classNames(), animals());
        Document images(pair.images);
        QVERIFY(waitNamed(images));
        QCOMPARE(images.classNames(), animals());
        // An images file is no labels file: nothing to name without labels.
        const QString lone =
            fx::writeFile(other, QStringLiteral("lone-idx3-ubyte"), appfx::uint8Tensor({N, 2, 2}));
        Document imagesAlone(lone);
        QSignalSpy identified(&imagesAlone, &Document::labelsChanged); // sent once its content is recognised
        QVERIFY(identified.wait(20000));
        QVERIFY(!imagesAlone.isLabelsFile());
        QVERIFY(!imagesAlone.canNameClasses());
        QVERIFY(imagesAlone.labelCounts().empty());
        alone.setClassNames({});
    }

    // Labels edited and saved have new content: the names given go with them to the file as saved.
    void namesFollowSavedLabels()
    {
        QTemporaryDir dir;
        const Pair pair(dir, QStringLiteral("saved"), 1);
        {
            MainWindow w;
            w.setSaveSettings(false);
            DocumentView* v = w.openFile(pair.images);
            Document* doc = v->document();
            QTRY_VERIFY_WITH_TIMEOUT(doc->editable(Document::Part::Labels) && doc->canNameClasses(), 20000);
            doc->setClassNames(animals());
            QVERIFY(Editing::setLabels(doc, {4}, 3).isEmpty());
            QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
            QVERIFY(w.saving()->save(v));
            QVERIFY(finished.wait(20000));
            QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        }
        QFile written(pair.labels);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll().at(8 + 4), char(3)); // the labels file itself was saved
        Document reopened(pair.images);
        QVERIFY(waitNamed(reopened));
        QCOMPARE(reopened.labelClasses().at(4), qint64(3)); // the saved edit
        QCOMPARE(reopened.classNames(), animals());
        reopened.setClassNames({});
    }

    // Fixing one label of Fashion-MNIST's labels makes them another file: once saved, they are no longer
    // claimed as the dataset, and their class names stay with them. (The images are a plain fixture:
    // Fashion's own images would be recognised by their pixels and name the classes anyway.)
    void fixedDatasetLabelsKeepTheirNames()
    {
        QTemporaryDir dir;
        const QString images =
            fx::writeFile(dir, QStringLiteral("t10k-images-idx3-ubyte"), appfx::uint8Tensor({10000, 2, 2}));
        const QString labels = dir.filePath(QStringLiteral("t10k-labels-idx1-ubyte.gz"));
        QVERIFY(QFile::copy(fashion(QStringLiteral("t10k-labels-idx1-ubyte.gz")), labels));
        QVERIFY(QFile::setPermissions(labels, QFile::ReadOwner | QFile::WriteOwner));
        {
            MainWindow w;
            w.setSaveSettings(false);
            DocumentView* v = w.openFile(images);
            Document* doc = v->document();
            QTRY_VERIFY_WITH_TIMEOUT(doc->editable(Document::Part::Labels) && doc->dataset(), 20000);
            QCOMPARE(doc->dataset()->title(), QStringLiteral("Fashion-MNIST, test images"));
            QVERIFY(doc->givenClassNames().isEmpty());
            QVERIFY(Editing::setLabels(doc, {0}, 7).isEmpty()); // record 0, an ankle boot, called a sneaker
            HeaderPanel panel(doc);
            QVERIFY2(
                panel.value(QStringLiteral("dataset")).endsWith(QStringLiteral("; edited since, not saved")),
                qPrintable(panel.value(QStringLiteral("dataset"))));
            QSignalSpy finished(w.saving()->saver(), &DocumentSaver::finished);
            QVERIFY(w.saving()->save(v));
            QVERIFY(finished.wait(60000));
            QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        }
        Document reopened(images);
        QVERIFY(waitNamed(reopened));
        QCOMPARE(reopened.labelClasses().at(0), qint64(7));
        QVERIFY(!reopened.dataset()); // the labels are not the published file any more
        QCOMPARE(reopened.classNames().name(7), QStringLiteral("Sneaker"));
        QCOMPARE(reopened.classNames().name(9), QStringLiteral("Ankle boot"));
        reopened.setClassNames({});
    }

    // The export dialog offers "Name files by class" only when the labels have names, and it reaches the
    // request.
    void exportDialogOffersNames()
    {
        QTemporaryDir dir;
        const Pair pair(dir, QStringLiteral("export"), 3);
        MainWindow w;
        DocumentView* v = w.openFile(pair.images);
        QVERIFY(waitNamed(*v->document()));
        {
            ExportDialog dialog(ExportDialog::Kind::PngFiles, ExportController::context(v),
                                ExportController::shownImage(v), dir.path());
            QVERIFY(!dialog.nameByClassBox());
            QVERIFY(!dialog.request().nameByClass);
        }
        v->document()->setClassNames(animals());
        ExportDialog dialog(ExportDialog::Kind::PngFiles, ExportController::context(v),
                            ExportController::shownImage(v), dir.path());
        QVERIFY(dialog.nameByClassBox());
        QVERIFY2(dialog.nameByClassBox()->text().contains(QStringLiteral("00042_cat.png")),
                 qPrintable(dialog.nameByClassBox()->text()));
        dialog.nameByClassBox()->setChecked(true);
        QVERIFY(dialog.request().nameByClass);
        v->document()->setClassNames({});
    }
};

QTEST_MAIN(TestClassNamesGui)
#include "tst_classnames_gui.moc"
