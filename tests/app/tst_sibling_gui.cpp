// Sibling formats in the GUI: Keras' layout of an .npz (x_train with y_train) opens as its training images
// with their labels; a .npy opens as a document; an edited sibling is never overwritten (Save refuses and
// names Save As), and Save As writes canonical IDX, after which the document is that IDX file.
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editcommands.h"
#include "featurelist.h"
#include "headerpanel.h"
#include "savecontroller.h"

#include <QCheckBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace idx::gui;

namespace {

void settle(DocumentView* view)
{
    const Document* doc = view->document();
    QTRY_VERIFY_WITH_TIMEOUT(
        !doc->isLoading() && !doc->labelsPending() && (!doc->labelsFile() || doc->hasLabels()), 20000);
}
} // namespace

class TestSiblingGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerFeatures(); // the tabs made here without a main window have their panels
        appfx::isolateSettings();
        QVERIFY(m_dir.isValid());
        const QString script = QStringLiteral(R"PY(
import numpy as np, sys, os
os.chdir(sys.argv[1])
x = (np.arange(9 * 3 * 4) * 3 % 256).astype('u1').reshape(9, 3, 4)
y = np.array([4, 0, 4, 1, 2, 3, 4, 0, 1], dtype='u1')
np.savez_compressed('mnist.npz', x_test=x[:2], x_train=x, y_train=y, y_test=y[:2])
np.save('big.npy', np.array([1, 2 ** 60 + 1], dtype='<i8'))
np.save('u16.npy', (np.arange(2 * 3 * 4) * 2500).astype('>u2').reshape(2, 3, 4))
)PY");
        const QString failed = fx::runNumpy(script, m_dir.path());
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void npzOpensImagesWithLabels()
    {
        DocumentManager documents;
        DocumentView* view = documents.open(m_dir.filePath(QStringLiteral("mnist.npz")));
        settle(view);
        Document* doc = view->document();
        QCOMPARE(doc->path(), m_dir.filePath(QStringLiteral("mnist.npz:x_train")));
        QCOMPARE(documents.tabs()->tabText(0), QStringLiteral("mnist.npz:x_train"));
        QCOMPARE(doc->header().dims, (std::vector<quint64>{9, 3, 4}));
        QCOMPARE(doc->view().value(5), 15.0);
        QVERIFY2(doc->hasLabels(), qPrintable(doc->labelsMessage()));
        QCOMPARE(doc->labelsPath(), m_dir.filePath(QStringLiteral("mnist.npz:y_train")));
        QCOMPARE(doc->labelClasses(), (std::vector<qint64>{4, 0, 4, 1, 2, 3, 4, 0, 1}));
        // A converted reading: Save Repaired Copy applies, and proposes the array's name beside the archive.
        QVERIFY(SaveController::isRepairedReading(*doc));
        QCOMPARE(SaveController::repairedCopyPath(*doc), m_dir.filePath(QStringLiteral("x_train-repaired")));
        // Opening the archive again finds the same tab.
        QCOMPARE(documents.open(m_dir.filePath(QStringLiteral("mnist.npz"))), view);
    }

    void editedSiblingIsSavedOnlyAsIdx()
    {
        DocumentManager documents;
        DocumentView* view = documents.open(m_dir.filePath(QStringLiteral("u16.npy")));
        settle(view);
        Document* doc = view->document();
        QCOMPARE(doc->header().dtype, idx::DType::Int32);
        QCOMPARE(doc->view().value(23), 57500.0);
        QTRY_VERIFY_WITH_TIMEOUT(doc->editable(Document::Part::Main), 20000);
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 1, 11, 65535).isEmpty());

        DocumentSaver saver;
        QString error;
        QVERIFY(!saver.start(doc, DocumentSaver::Kind::Save, {}, {}, &error));
        QVERIFY2(
            error.contains(QStringLiteral("u16.npy is a NumPy .npy file, which idxscope reads but does not "
                                          "write")),
            qPrintable(error));
        QVERIFY(error.contains(QStringLiteral("Save As")));
        QVERIFY(doc->isModified());

        QSignalSpy finished(&saver, &DocumentSaver::finished);
        const QString out = m_dir.filePath(QStringLiteral("u16-idx3-int"));
        QVERIFY2(saver.start(doc, DocumentSaver::Kind::SaveAs, out, {}, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        settle(view);
        QCOMPARE(doc->path(), out);
        QVERIFY(!doc->isModified());
        QCOMPARE(doc->file()->source().format, idx::SourceFormat::Idx);
        QCOMPARE(doc->file()->storedTypeCode(), quint8(0x0C));
        QCOMPARE(doc->view().value(23), 65535.0);
        QCOMPARE(doc->view().value(22), 55000.0);
        // The .npy itself is untouched.
        const auto again = idx::IdxFile::open(m_dir.filePath(QStringLiteral("u16.npy")));
        (void)again->load();
        QCOMPARE(again->view().value(23), 57500.0);
    }

    // The header panel names the format, and the byte-order toggle does not apply (the .npy header names it).
    void headerPanelOfSibling()
    {
        DocumentManager documents;
        DocumentView* view = documents.open(m_dir.filePath(QStringLiteral("u16.npy")));
        settle(view);
        HeaderPanel* panel = view->panel<HeaderPanel>();
        QVERIFY(panel);
        QTRY_VERIFY(panel->value(QStringLiteral("format")).startsWith(QStringLiteral("NumPy .npy (>u2")));
        QCheckBox* order = nullptr;
        for (QCheckBox* box : panel->findChildren<QCheckBox*>())
            if (box->text() == QStringLiteral("Read data as little-endian"))
                order = box;
        QVERIFY(order);
        QVERIFY(!order->isEnabled());
        QVERIFY2(order->toolTip().contains(QStringLiteral("read as written")), qPrintable(order->toolTip()));

        // An IDX file of the same type has it.
        const QString idxPath =
            fx::writeFile(m_dir, QStringLiteral("h-idx3-int"), fx::idxSample(idx::DType::Int32, {2, 3, 4}));
        DocumentView* idxView = documents.open(idxPath);
        settle(idxView);
        QCheckBox* idxOrder = nullptr;
        for (QCheckBox* box : idxView->panel<HeaderPanel>()->findChildren<QCheckBox*>())
            if (box->text() == QStringLiteral("Read data as little-endian"))
                idxOrder = box;
        QVERIFY(idxOrder);
        QTRY_VERIFY(idxOrder->isEnabled());
    }

    // A member's file on disk is its archive: deleting the archive is noticed.
    void deletedArchiveIsNoticed()
    {
        const QString archive = m_dir.filePath(QStringLiteral("gone.npz"));
        QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("mnist.npz")), archive));
        DocumentManager documents;
        DocumentView* view = documents.open(archive + QLatin1String(":x_test"));
        settle(view);
        Document* doc = view->document();
        QCOMPARE(doc->diskPath(), archive);
        QSignalSpy changed(doc, &Document::changedOnDisk);
        QVERIFY(QFile::remove(archive));
        QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty(), 20000);
        QCOMPARE(changed.last().at(0).toBool(), true); // deleted
        QCOMPARE(doc->diskPath(), archive);
    }

    // int64 beyond 2^53 is shown rounded: writing it is refused, as in the CLI.
    void roundedValuesAreNotWritten()
    {
        DocumentManager documents;
        DocumentView* view = documents.open(m_dir.filePath(QStringLiteral("big.npy")));
        settle(view);
        DocumentSaver saver;
        QString error;
        const QString out = m_dir.filePath(QStringLiteral("big-idx"));
        QVERIFY(!saver.start(view->document(), DocumentSaver::Kind::SaveAs, out, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("no 64-bit integer type")), qPrintable(error));
        QVERIFY(!QFile::exists(out));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestSiblingGui)
#include "tst_sibling_gui.moc"
