// Remedies in the GUI: a diagnosis with a remedy offers it as a button (on the warning bar, or on the error
// page of a file that does not open); one click reads the file that way, the tab and the header panel say so,
// Reload keeps it, "Read as Written" undoes it, and nothing is reread while there are unsaved edits.
#include "actionregistry.h"
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editcommands.h"
#include "featurelist.h"
#include "headerpanel.h"
#include "remedyfinder.h"
#include "savecontroller.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <cmath>

using namespace idx::gui;

namespace {

QAction* actionNamed(QWidget* root, const QString& text)
{
    for (QAction* a : root->findChildren<QAction*>())
        if (a->text() == text && a->parent() && a->parent()->parent())
            return a;
    return nullptr;
}

QPushButton* buttonNamed(QWidget* root, const QString& text)
{
    for (QPushButton* b : root->findChildren<QPushButton*>())
        if (b->text() == text)
            return b;
    return nullptr;
}

void settle(DocumentView* view)
{
    auto* finder = view->findChild<RemedyFinder*>();
    QVERIFY(finder);
    QTRY_VERIFY_WITH_TIMEOUT(!view->document()->isLoading() && !finder->job()->isActive(), 20000);
}
} // namespace

class TestRemedyGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_pca = fx::writeFile(m_dir, QStringLiteral("pca-idx2-double"),
                              fx::rawHeader(0x08, {40, 5}) +
                                  fx::encodeValues(idx::DType::Float64, m_values, idx::ByteOrder::Little));
        const QByteArray reversed = fx::reversedHeader(0x0C, {6});
        m_le = fx::writeFile(
            m_dir, QStringLiteral("le-idx1"),
            reversed + fx::encodeValues(idx::DType::Int32, {5, 6, 7, 8, 9, 1000}, idx::ByteOrder::Little));
    }

    void warningBarOffersTheType()
    {
        DocumentManager documents;
        DocumentView* view = documents.open(m_pca);
        settle(view);
        Document* doc = view->document();
        QCOMPARE(doc->header().dtype, idx::DType::UInt8);
        QVERIFY2(view->warningText().contains(QStringLiteral("exactly 8×")), qPrintable(view->warningText()));
        QAction* read = actionNamed(view, QStringLiteral("Read as Little-Endian float64"));
        QVERIFY(read);
        QVERIFY(actionNamed(view, QStringLiteral("Ignore Trailing Bytes")));
        read->trigger();
        settle(view);
        QCOMPARE(doc->header().dtype, idx::DType::Float64);
        QCOMPARE(doc->openOptions().elementType, idx::StoredType::Float64);
        QCOMPARE(doc->openOptions().dataOrder, idx::ByteOrder::Little);
        QCOMPARE(doc->view().value(7), m_values[7]);
        QCOMPARE(doc->view().value(199), m_values[199]);
        QCOMPARE(documents.tabs()->tabText(0),
                 QStringLiteral("pca-idx2-double (read as float64 · little-endian payload)"));
        QVERIFY2(view->warningText().startsWith(QStringLiteral("Shown read as float64")),
                 qPrintable(view->warningText()));
        bool headerSays = false;
        for (QLabel* l : view->panel<HeaderPanel>()->findChildren<QLabel*>())
            headerSays = headerSays || l->text().contains(QStringLiteral("the file's type code is 0x08"));
        QVERIFY(headerSays);

        doc->reload(); // keeps the reading
        settle(view);
        QCOMPARE(doc->header().dtype, idx::DType::Float64);
        QCOMPARE(doc->view().value(7), m_values[7]);

        // Unsaved edits: nothing is reread.
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 0, 0, 2.5).isEmpty());
        QSignalSpy messages(view, &DocumentView::editMessage);
        QAction* undo = actionNamed(view, QStringLiteral("Read as Written"));
        QVERIFY(undo);
        undo->trigger();
        QCOMPARE(messages.size(), 1);
        QCOMPARE(doc->header().dtype, idx::DType::Float64);
        doc->undoStack()->undo();
        QVERIFY(!doc->isModified());
        undo->trigger();
        settle(view);
        QCOMPARE(doc->header().dtype, idx::DType::UInt8);
        QVERIFY(doc->openOptions().isDefault());
        QCOMPARE(documents.tabs()->tabText(0), QStringLiteral("pca-idx2-double"));
    }

    // File ▸ Save Repaired Copy… applies while the file is read with a remedy, and proposes NAME-repaired.
    void saveRepairedCopyFollowsTheReading()
    {
        DocumentManager documents;
        ActionRegistry actions;
        SaveController saves(&documents, &actions);
        DocumentView* view = documents.open(m_pca);
        settle(view);
        QAction* repaired = saves.saveRepairedAction();
        QCOMPARE(repaired->text(), QStringLiteral("Save &Repaired Copy…"));
        QVERIFY(!repaired->isEnabled());
        QAction* read = actionNamed(view, QStringLiteral("Read as Little-Endian float64"));
        QVERIFY(read);
        read->trigger();
        settle(view);
        QVERIFY(repaired->isEnabled());
        QCOMPARE(SaveController::repairedCopyPath(*view->document()),
                 m_dir.filePath(QStringLiteral("pca-idx2-double-repaired")));
        QAction* undo = actionNamed(view, QStringLiteral("Read as Written"));
        QVERIFY(undo);
        undo->trigger();
        settle(view);
        QVERIFY(!repaired->isEnabled());
    }

    // Saved as a new file, the reading is what was written: canonical big-endian IDX, read as written.
    void saveAsWritesWhatIsShown()
    {
        DocumentManager documents;
        DocumentView* view = documents.open(m_pca);
        settle(view);
        Document* doc = view->document();
        QAction* read = actionNamed(view, QStringLiteral("Read as Little-Endian float64"));
        QVERIFY(read);
        read->trigger();
        settle(view);
        DocumentSaver saver;
        QSignalSpy finished(&saver, &DocumentSaver::finished);
        const QString out = m_dir.filePath(QStringLiteral("pca-fixed-idx2-double"));
        QString error;
        QVERIFY2(saver.start(doc, DocumentSaver::Kind::SaveAs, out, {}, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        settle(view);
        QCOMPARE(doc->path(), out);
        QVERIFY(doc->openOptions().isDefault());
        QCOMPARE(doc->file()->storedTypeCode(), quint8(0x0E));
        QVERIFY2(doc->diagnostics().isEmpty(), qPrintable(idx::firstError(doc->diagnostics())));
        QCOMPARE(doc->view().value(7), m_values[7]);
        doc->reload();
        settle(view);
        QCOMPARE(doc->view().value(199), m_values[199]);
    }

    void errorPageOffersTheReversedHeader()
    {
        DocumentManager documents;
        DocumentView* view = documents.open(m_le);
        settle(view);
        QVERIFY(view->showsError());
        QPushButton* button = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((button = buttonNamed(view, QStringLiteral("Read as Little-Endian File"))),
                                 20000);
        button->click();
        settle(view);
        QVERIFY(!view->showsError());
        Document* doc = view->document();
        QCOMPARE(doc->header().dtype, idx::DType::Int32);
        QCOMPARE(doc->view().value(5), 1000.0);
        QVERIFY(doc->diagnostics().isEmpty());
        QCOMPARE(documents.tabs()->tabText(0), QStringLiteral("le-idx1 (whole file little-endian)"));
    }

private:
    QTemporaryDir m_dir;
    std::vector<double> m_values = fx::coordinates(200);
    QString m_pca;
    QString m_le;
};

QTEST_MAIN(TestRemedyGui)
#include "tst_remedy_gui.moc"
