// The GUI's Export and Import: records as PNG files (names, pixels decoded from the PNGs, label choice, no
// overwrite without consent, cancel leaves nothing), the slice as PNG raw and as displayed, the clipboard,
// contact sheet geometry with captions, CSV/NPY of a selection (the .npy read by a parser in this file), a
// QMNIST table's CSV headed by its column names,
// a subset IDX with its aligned labels, PNG-folder and .npy imports opened as the expected tensor, and the
// dialogs' choices. No modal dialog opens: ExportController::ui() is replaced.
#include "appfixtures.h"
#include "companion.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcommands.h"
#include "exportcontroller.h"
#include "exportprompts.h"
#include "idxfile.h"
#include "imageview.h"
#include "importdialog.h"
#include "mainwindow.h"
#include "qmnistfixture.h"
#include "recordsetprint.h"
#include "viewstate.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTest>
#include <QtEndian>

#include <thread>

using namespace idx::gui;

using idx::DType;

namespace {

/// A minimal .npy reader (format 1.0, C order) independent of the code under test.
struct Npy {
    QByteArray descr;
    QList<int> shape;
    QByteArray data;
};
std::optional<Npy> parseNpy(const QByteArray& bytes)
{
    if (!bytes.startsWith(QByteArray("\x93NUMPY", 6)) || bytes.size() < 10 || bytes[6] != 1)
        return std::nullopt;
    const int len = uchar(bytes[8]) | (uchar(bytes[9]) << 8);
    const QByteArray dict = bytes.mid(10, len);
    if ((10 + len) % 16 != 0 || !dict.endsWith('\n') || !dict.contains("'fortran_order': False"))
        return std::nullopt;
    Npy n;
    const qsizetype d = dict.indexOf("'descr': '") + 10;
    n.descr = dict.mid(d, dict.indexOf('\'', d) - d);
    const qsizetype s = dict.indexOf("'shape': (") + 10;
    for (const QByteArray& part : dict.mid(s, dict.indexOf(')', s) - s).split(','))
        if (!part.trimmed().isEmpty())
            n.shape << part.trimmed().toInt();
    n.data = bytes.mid(10 + len);
    return n;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// N × 2 × 2 uint8, record i filled with i.
QByteArray filledImages(quint32 n)
{
    std::vector<double> v;
    for (quint32 i = 0; i < n; ++i)
        v.insert(v.end(), 4, double(i));
    return fx::idxBytes(DType::UInt8, {n, 2, 2}, v);
}

} // namespace

class TestExportGui : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    ExportController* m_actions = nullptr;
    ExportPrompts* m_prompts = nullptr;
    QStringList m_warnings;
    QStringList m_questions;
    bool m_consent = false;

    DocumentView* open(const QString& name, const QByteArray& images, const QByteArray& labels = {})
    {
        const QString path = fx::writeFile(m_dir, name, images);
        if (!labels.isEmpty())
            fx::writeFile(m_dir,
                          QString(name).replace(QStringLiteral("images-idx3"), QStringLiteral("labels-idx1")),
                          labels);
        DocumentView* v = m_window->openFile(path);
        if (!labels.isEmpty() && !QTest::qWaitFor([v] { return v->document()->hasLabels(); }, 10000))
            return nullptr;
        return v;
    }

    /// Waits for the next finished job and returns its outcome.
    JobOutcome waitFor(QSignalSpy& spy, int count = 1)
    {
        if (spy.size() < count && !QTest::qWaitFor([&] { return spy.size() >= count; }, 30000))
            return {};
        return spy.at(count - 1).at(0).value<JobOutcome>();
    }

private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_window = std::make_unique<MainWindow>();
        m_window->setSaveSettings(false);
        m_window->resize(1100, 700);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_actions = m_window->findChild<ExportController*>();
        QVERIFY(m_actions);
        m_prompts = m_window->findChild<ExportPrompts*>();
        QVERIFY(m_prompts);
        ExportController::Ui& ui = m_actions->ui();
        ui.warn = [this](const QString&, const QString& text) { m_warnings << text; };
        ui.confirm = [this](const QString&, const QString& text, const QString&) {
            m_questions << text;
            return m_consent;
        };
        ui.exec = [](QDialog*) { return false; };
        ui.saveFile = ui.openFile = [](const QString&, const QString&, const QString&) { return QString(); };
    }

    void cleanupTestCase() { m_window.reset(); }

    void menusAreInstalled()
    {
        QStringList titles;
        for (QAction* a : m_window->menuBar()->actions())
            titles << a->text();
        QVERIFY(titles.contains(QStringLiteral("E&xport")));
        QVERIFY(titles.contains(QStringLiteral("&Edit")));
        QVERIFY(m_prompts->importMenu()->menuAction()->parent());
        QCOMPARE(m_prompts->importMenu()->actions().size(), 2);
        QCOMPARE(m_prompts->copyImageAction()->shortcut(), QKeySequence(QKeySequence::Copy));
    }

    void recordsAsPngFilesAndLabelChoice()
    {
        DocumentView* v =
            open(QStringLiteral("r-images-idx3-ubyte"), appfx::uint8Tensor({12, 5, 6}), appfx::labels(12));
        QVERIFY(v);
        ExportDialog::Request request;
        request.choice.scope = RecordScope::Labels;
        request.choice.labels = {3, 7};
        request.folder = m_dir.filePath(QStringLiteral("records"));
        request.image = ExportController::shownImage(v);
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        m_actions->exportRecordsPng(v, request);
        const JobOutcome o = waitFor(done);
        QVERIFY2(o.ok, qPrintable(o.error));
        QCOMPARE(QDir(request.folder).entryList(QDir::Files), (QStringList{"03_3.png", "07_7.png"}));
        for (int record : {3, 7}) {
            const QImage img(
                QDir(request.folder)
                    .filePath(QStringLiteral("%1_%2.png").arg(record, 2, 10, QLatin1Char('0')).arg(record)));
            QCOMPARE(img.size(), QSize(6, 5));
            for (int y = 0; y < 5; ++y)
                for (int x = 0; x < 6; ++x)
                    QCOMPARE(qGray(img.pixel(x, y)),
                             appfx::uint8Value(quint64(record) * 30 + quint64(y) * 6 + quint64(x)));
        }

        // The selection, the filter and a range resolve to the records they name.
        v->viewState()->setSelection({1, 4, 9});
        v->viewState()->setLabelFilter({2});
        const RecordContext c = ExportController::context(v);
        RecordChoice choice;
        choice.scope = RecordScope::Selected;
        QCOMPARE(resolveRecords(choice, c), (idx::RecordSet{1, 4, 9}));
        choice.scope = RecordScope::Filtered;
        QCOMPARE(resolveRecords(choice, c), (idx::RecordSet{2}));
        choice.scope = RecordScope::Range;
        choice.first = 10;
        choice.end = 99;
        QCOMPARE(resolveRecords(choice, c), (idx::RecordSet{10, 11}));
        QCOMPARE(defaultChoice(c).scope, RecordScope::Selected);

        // The dialog starts from the selection and offers the labels.
        ExportDialog dialog(ExportDialog::Kind::PngFiles, c, ExportController::shownImage(v), request.folder);
        QCOMPARE(dialog.request().choice.scope, RecordScope::Selected);
        QCOMPARE(dialog.scopeBox()->records(), (idx::RecordSet{1, 4, 9}));
        RecordChoice labels;
        labels.scope = RecordScope::Labels;
        labels.labels = {1};
        dialog.scopeBox()->setChoice(labels);
        QCOMPARE(dialog.scopeBox()->records(), (idx::RecordSet{1, 11}));
        v->viewState()->setSelection({});
        v->viewState()->setLabelFilter({});
    }

    void noOverwriteWithoutConsent()
    {
        DocumentView* v = open(QStringLiteral("o-images-idx3-ubyte"), appfx::uint8Tensor({4, 5, 6}));
        QVERIFY(v);
        ExportDialog::Request request;
        request.choice.scope = RecordScope::All;
        request.folder = m_dir.filePath(QStringLiteral("overwrite"));
        request.image = ExportController::shownImage(v);
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        m_actions->exportRecordsPng(v, request);
        QVERIFY(waitFor(done).ok);
        const QString first = QDir(request.folder).filePath(QStringLiteral("0.png"));
        const QByteArray before = readAll(first);
        QVERIFY(!before.isEmpty());

        request.image.colormap = idx::Colormap::Viridis;
        m_questions.clear();
        m_consent = false;
        m_actions->exportRecordsPng(v, request);
        JobOutcome o = waitFor(done, 2);
        QCOMPARE(o.conflicts.size(), 4);
        QCOMPARE(m_questions.size(), 1);
        QVERIFY2(m_questions.first().contains(QStringLiteral("4 files exist")),
                 qPrintable(m_questions.first()));
        QCOMPARE(readAll(first), before);
        QTest::qWait(0);
        QCOMPARE(done.size(), 2); // no rerun without consent

        m_consent = true;
        m_actions->exportRecordsPng(v, request);
        waitFor(done, 3);     // refused, asked ...
        o = waitFor(done, 4); // ... and rerun with overwrite
        QVERIFY2(o.ok, qPrintable(o.error));
        QCOMPARE(QImage(first).isGrayscale(), false);
        m_consent = false;
    }

    void cancelLeavesNothingBehind()
    {
        const QString path =
            fx::writeFile(m_dir, QStringLiteral("c-images-idx3-ubyte"), appfx::randomImages(400));
        const auto file = idx::IdxFile::open(path);
        idx::RecordExportOptions options;
        options.folder = m_dir.filePath(QStringLiteral("cancelled"));
        options.records = idx::recordSpan(file->view());
        std::atomic<int> reports{0};
        idx::Control control;
        control.progress = [&](qint64, qint64) { ++reports; };
        control.cancel = [&] { return reports.load() >= 20; };
        const JobOutcome o = runRecordsPng(idx::TensorPieces(file->view()), options, control);
        QVERIFY(o.cancelled);
        QVERIFY(!o.ok);
        QVERIFY(o.remaining.isEmpty());
        QCOMPARE(o.error, QStringLiteral("Cancelled; nothing was written."));
        QCOMPARE(QDir(options.folder).entryList(QDir::Files), QStringList());

        // The job itself: cancel reaches the worker and the outcome still arrives.
        ExportJob job(QStringLiteral("test"), [](const idx::Control& c) {
            c.report(1, 2);
            while (!c.cancelled())
                std::this_thread::yield();
            JobOutcome out;
            out.cancelled = true;
            return out;
        });
        QSignalSpy progress(&job, &ExportJob::progressChanged);
        QSignalSpy finished(&job, &ExportJob::finished);
        job.start();
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(0).toInt() == 500, 10000);
        job.cancel();
        QVERIFY(finished.wait(10000));
        QVERIFY(job.outcome().cancelled);

        // Destroying a running job cancels it and waits for the worker (this would hang otherwise).
        std::atomic<bool> ran{false};
        {
            ExportJob running(QStringLiteral("test"), [&ran](const idx::Control& c) {
                while (!c.cancelled())
                    std::this_thread::yield();
                ran = true;
                return JobOutcome{};
            });
            running.start();
        }
        QVERIFY(ran);
    }

    void slicePngRawAndDisplayed()
    {
        DocumentView* v = open(QStringLiteral("s-images-idx3-ubyte"), appfx::uint8Tensor({3, 5, 6}));
        QVERIFY(v);
        v->viewState()->setCurrentRecord(1);
        v->viewState()->setColormap(idx::Colormap::Viridis);
        v->imageView()->setZoom(3.0);
        QTRY_VERIFY(v->imageView()->hasImage());
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        const QString raw = m_dir.filePath(QStringLiteral("raw.png"));
        const QString shown = m_dir.filePath(QStringLiteral("shown.png"));
        m_actions->exportSlicePng(v, false, raw);
        QVERIFY(waitFor(done, 1).ok);
        m_actions->exportSlicePng(v, true, shown);
        QVERIFY(waitFor(done, 2).ok);

        const QImage r(raw);
        QCOMPARE(r.size(), QSize(6, 5));
        QVERIFY(r.isGrayscale());
        const QImage s(shown);
        const int zoom = qRound(v->imageView()->zoom());
        QCOMPARE(zoom, 3);
        QCOMPARE(s.size(), QSize(6 * zoom, 5 * zoom));
        const auto& lut = idx::colormapTable(idx::Colormap::Viridis);
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 6; ++x) {
                const int value = appfx::uint8Value(30 + quint64(y) * 6 + quint64(x));
                QCOMPARE(qGray(r.pixel(x, y)), value);
                for (const QPoint corner : {QPoint(0, 0), QPoint(zoom - 1, zoom - 1)}) {
                    const QRgb p = s.pixel(x * zoom + corner.x(), y * zoom + corner.y());
                    QCOMPARE(qRed(p), int(lut[size_t(value)].r));
                    QCOMPARE(qGreen(p), int(lut[size_t(value)].g));
                    QCOMPARE(qBlue(p), int(lut[size_t(value)].b));
                }
            }

        // The clipboard gets the image as shown (1 pixel per value), from the action and from Ctrl+C.
        QGuiApplication::clipboard()->clear();
        QVERIFY(m_actions->copyImage(v));
        QCOMPARE(QGuiApplication::clipboard()->image().convertToFormat(QImage::Format_RGB32),
                 v->imageView()->image().convertToFormat(QImage::Format_RGB32));
        QGuiApplication::clipboard()->clear();
        m_window->activateWindow();
        v->imageView()->setFocus();
        QTRY_VERIFY(v->imageView()->hasFocus());
        QTest::keySequence(v->imageView(), QKeySequence::Copy);
        QTRY_COMPARE(QGuiApplication::clipboard()->image().size(), QSize(6, 5));
        v->viewState()->setColormap(idx::Colormap::Gray);
    }

    void contactSheetGeometryWithCaptions()
    {
        DocumentView* v =
            open(QStringLiteral("k-images-idx3-ubyte"), appfx::uint8Tensor({7, 5, 6}), appfx::labels(7));
        QVERIFY(v);
        ContactSheetDialog::Request request;
        request.choice.scope = RecordScope::Range;
        request.choice.first = 0;
        request.choice.end = 5;
        request.columns = 3;
        request.gap = 2;
        request.captions = true;
        request.image = ExportController::shownImage(v);
        request.image.scale = 4;
        request.path = m_dir.filePath(QStringLiteral("sheet.png"));
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        m_actions->exportContactSheet(v, request);
        const JobOutcome o = waitFor(done);
        QVERIFY2(o.ok, qPrintable(o.error));
        const QImage sheet(request.path);
        idx::ContactSheetOptions options;
        options.records = {0, 1, 2, 3, 4};
        options.columns = 3;
        options.gap = 2;
        options.captions = true;
        options.image.scale = 4;
        const idx::ContactSheetLayout layout =
            idx::contactSheetLayout(v->document()->view().header(), options);
        QVERIFY(layout.captionHeight > 0);
        QCOMPARE(sheet.size(), layout.sheet);
        QCOMPARE(sheet.width(), 3 * 24 + 2 * 2);
        QCOMPARE(sheet.height(), 2 * (20 + layout.captionHeight) + 2);
        // Tile k's top-left value block sits at its grid cell.
        for (int k = 0; k < 5; ++k) {
            const int x = k % 3 * (24 + 2), y = k / 3 * (20 + layout.captionHeight + 2);
            QCOMPARE(qGray(sheet.pixel(x + 1, y + 1)), appfx::uint8Value(quint64(k) * 30));
        }
    }

    void spriteSheetOfTheFilter()
    {
        DocumentView* v = open(QStringLiteral("p-images-idx3-ubyte"), filledImages(30), appfx::labels(30));
        QVERIFY(v);
        v->viewState()->setLabelFilter({4});
        ExportDialog::Request request;
        request.choice = defaultChoice(ExportController::context(v));
        QCOMPARE(request.choice.scope, RecordScope::Filtered);
        request.folder = m_dir.filePath(QStringLiteral("projector"));
        request.image = ExportController::shownImage(v);
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        m_actions->exportSprite(v, request);
        JobOutcome o = waitFor(done);
        QVERIFY2(o.ok, qPrintable(o.error));
        // Records 4, 14, 24: a 2 × 2 grid of 2 × 2 tiles, row-major, one label per line.
        const QString spritePath = QDir(request.folder).filePath(QStringLiteral("sprite.png"));
        const QImage sprite(spritePath);
        QCOMPARE(sprite.size(), QSize(4, 4));
        QCOMPARE(qGray(sprite.pixel(0, 0)), 4);
        QCOMPARE(qGray(sprite.pixel(2, 0)), 14);
        QCOMPARE(qGray(sprite.pixel(0, 2)), 24);
        QCOMPARE(readAll(QDir(request.folder).filePath(QStringLiteral("metadata.tsv"))),
                 QByteArray("4\n4\n4\n"));

        // Again without consent: asked, nothing replaced.
        const QByteArray before = readAll(spritePath);
        request.image.scale = 2;
        m_questions.clear();
        m_consent = false;
        m_actions->exportSprite(v, request);
        o = waitFor(done, 2);
        QCOMPARE(o.conflicts.size(), 2);
        QCOMPARE(m_questions.size(), 1);
        QCOMPARE(readAll(spritePath), before);
        v->viewState()->setLabelFilter({});
    }

    void editedDocumentExportsReadInPlace()
    {
        // An edited document's records are exported where they are (the file, the overlay): the edits are in
        // every output and the tensor is never copied together (Document::materializedBytes stays 0).
        DocumentView* v = open(QStringLiteral("e-images-idx3-ubyte"), filledImages(30), appfx::labels(30));
        QVERIFY(v);
        Document* doc = v->document();
        QTRY_VERIFY(doc->editable(Document::Part::Main));
        QVERIFY(Editing::deleteRecords(doc, 0, 1).isEmpty()); // record i now shows i + 1
        QVERIFY(Editing::setElement(doc, Document::Part::Main, 2, 0, 200).isEmpty()); // the old record 3
        const quint64 copied = doc->materializedBytes();
        QSignalSpy done(m_actions, &ExportController::jobFinished);

        ExportDialog::Request request;
        request.choice.scope = RecordScope::Range;
        request.choice.first = 0;
        request.choice.end = 4;
        request.folder = m_dir.filePath(QStringLiteral("edited-png"));
        request.image = ExportController::shownImage(v);
        request.image.displayedWindow = false; // the data's own window: uint8 stays 0..255
        m_actions->exportRecordsPng(v, request);
        JobOutcome o = waitFor(done);
        QVERIFY2(o.ok, qPrintable(o.error));
        QCOMPARE(o.fileCount, quint64(4));
        const QStringList names = QDir(request.folder).entryList(QDir::Files, QDir::Name);
        QCOMPARE(names.size(), 4);
        for (int k = 0; k < 4; ++k) {
            const QImage img(QDir(request.folder).filePath(names[k]));
            QCOMPARE(qGray(img.pixel(0, 0)), k == 2 ? 200 : k + 1);
            QCOMPARE(qGray(img.pixel(1, 1)), k + 1);
        }

        ContactSheetDialog::Request sheet;
        sheet.choice = request.choice;
        sheet.columns = 4;
        sheet.gap = 0;
        sheet.image = request.image;
        sheet.path = m_dir.filePath(QStringLiteral("edited-sheet.png"));
        m_actions->exportContactSheet(v, sheet);
        o = waitFor(done, 2);
        QVERIFY2(o.ok, qPrintable(o.error));
        const QImage tiles(sheet.path);
        QCOMPARE(tiles.size(), QSize(8, 2));
        QCOMPARE(qGray(tiles.pixel(4, 0)), 200);
        QCOMPARE(qGray(tiles.pixel(6, 0)), 4);

        request.folder = m_dir.filePath(QStringLiteral("edited-projector"));
        m_actions->exportSprite(v, request);
        o = waitFor(done, 3);
        QVERIFY2(o.ok, qPrintable(o.error));
        const QImage sprite(QDir(request.folder).filePath(QStringLiteral("sprite.png")));
        QCOMPARE(qGray(sprite.pixel(0, 2)), 200); // tile 2 of a 2 × 2 grid

        const QString images = m_dir.filePath(QStringLiteral("edited-subset-images-idx3-ubyte"));
        m_actions->exportSubset(v, idx::RecordSet{1, 2}, images, idx::companionLabelsPath(images),
                                idx::Container::Raw);
        o = waitFor(done, 4);
        QVERIFY2(o.ok, qPrintable(o.error));
        const auto subset = idx::IdxFile::open(images);
        QVERIFY(subset->load());
        QCOMPARE(subset->view().value(0), 2.0);
        QCOMPARE(subset->view().value(4), 200.0);
        QCOMPARE(subset->view().value(5), 3.0);

        QCOMPARE(doc->materializedBytes(), copied); // nothing was copied together for any of them
        QCOMPARE(copied, quint64(0));
    }

    void csvAndNpyOfASelection()
    {
        std::vector<double> values(4 * 2 * 3);
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = double(int(i) * 1000 - 9000);
        DocumentView* v = open(QStringLiteral("d-idx3-short"), fx::idxBytes(DType::Int16, {4, 2, 3}, values));
        QVERIFY(v);
        v->viewState()->setSelection({0, 3});
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        const QString npy = m_dir.filePath(QStringLiteral("sel.npy"));
        const QString csv = m_dir.filePath(QStringLiteral("sel.csv"));
        m_actions->exportData(v, ExportController::DataSource::Records, DataFormat::Npy, npy);
        QVERIFY(waitFor(done, 1).ok);
        m_actions->exportData(v, ExportController::DataSource::Records, DataFormat::Csv, csv);
        QVERIFY(waitFor(done, 2).ok);

        const auto n = parseNpy(readAll(npy));
        QVERIFY(n);
        QCOMPARE(n->descr, QByteArray("<i2"));
        QCOMPARE(n->shape, (QList<int>{2, 2, 3}));
        QCOMPARE(n->data.size(), 2 * 6 * 2);
        const int records[] = {0, 3};
        QStringList expectedLines;
        for (int k = 0; k < 2; ++k) {
            QStringList line;
            for (int e = 0; e < 6; ++e) {
                const double want = values[size_t(records[k] * 6 + e)];
                QCOMPARE(double(qFromLittleEndian<qint16>(n->data.constData() + (k * 6 + e) * 2)), want);
                line << QString::number(want);
            }
            expectedLines << line.join(QLatin1Char(','));
        }
        QCOMPARE(QString::fromUtf8(readAll(csv)).trimmed().split(QLatin1Char('\n')), expectedLines);

        // The current slice: H × W.
        v->viewState()->setCurrentRecord(2);
        const QString sliceNpy = m_dir.filePath(QStringLiteral("slice.npy"));
        m_actions->exportData(v, ExportController::DataSource::Slice, DataFormat::Npy, sliceNpy);
        QVERIFY(waitFor(done, 3).ok);
        const auto s = parseNpy(readAll(sliceNpy));
        QVERIFY(s);
        QCOMPARE(s->shape, (QList<int>{2, 3}));
        for (int e = 0; e < 6; ++e)
            QCOMPARE(double(qFromLittleEndian<qint16>(s->data.constData() + e * 2)), values[size_t(12 + e)]);
        v->viewState()->setSelection({});
    }

    // A recognised QMNIST label table's CSV begins with its column names: chosen records, and the slice (the
    // current record as a row of its eight columns).
    void csvOfAQmnistTableNamesItsColumns()
    {
        const auto values = fx::qmnistTableValues(fx::classesBeginning(fx::mnistTestHead(), 60000));
        DocumentView* v = open(QStringLiteral("qmnist-test-labels-idx2-int"),
                               fx::idxBytes(DType::Int32, {60000, 8}, values));
        QVERIFY(v);
        QTRY_VERIFY_WITH_TIMEOUT(v->document()->dataset().has_value(), 20000);
        const QString names = fx::qmnistColumnNames().join(QLatin1Char(','));
        const auto row = [&](int r) {
            QStringList line;
            for (int k = 0; k < 8; ++k)
                line << QString::number(values[size_t(r * 8 + k)]);
            return line.join(QLatin1Char(','));
        };
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        v->viewState()->setSelection({1, 5});
        const QString records = m_dir.filePath(QStringLiteral("qmnist.csv"));
        m_actions->exportData(v, ExportController::DataSource::Records, DataFormat::Csv, records);
        QVERIFY(waitFor(done, 1).ok);
        QCOMPARE(QString::fromUtf8(readAll(records)).trimmed().split(QLatin1Char('\n')),
                 (QStringList{names, row(1), row(5)}));
        v->viewState()->setSelection({});
        v->viewState()->setCurrentRecord(7);
        const QString slice = m_dir.filePath(QStringLiteral("qmnist-slice.csv"));
        m_actions->exportData(v, ExportController::DataSource::Slice, DataFormat::Csv, slice);
        QVERIFY(waitFor(done, 2).ok);
        QCOMPARE(QString::fromUtf8(readAll(slice)).trimmed().split(QLatin1Char('\n')),
                 (QStringList{names, row(7)}));
    }

    void subsetIdxWithAlignedLabels()
    {
        DocumentView* v = open(QStringLiteral("b-images-idx3-ubyte"), filledImages(20), appfx::labels(20));
        QVERIFY(v);
        v->viewState()->setLabelFilter({3, 7});
        const RecordContext c = ExportController::context(v);
        const RecordChoice choice = defaultChoice(c);
        QCOMPARE(choice.scope, RecordScope::Filtered);
        const idx::RecordSet records = resolveRecords(choice, c);
        QCOMPARE(records, (idx::RecordSet{3, 7, 13, 17}));
        const QString images = m_dir.filePath(QStringLiteral("subset-images-idx3-ubyte.gz"));
        const QString labels = idx::companionLabelsPath(images);
        QCOMPARE(QFileInfo(labels).fileName(), QStringLiteral("subset-labels-idx1-ubyte.gz"));
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        m_actions->exportSubset(v, records, images, labels, idx::Container::Gzip);
        const JobOutcome o = waitFor(done);
        QVERIFY2(o.ok, qPrintable(o.error));
        const auto img = idx::IdxFile::open(images);
        const auto lab = idx::IdxFile::open(labels);
        QVERIFY(img->load());
        QVERIFY(lab->load());
        QCOMPARE(img->container(), idx::Container::Gzip);
        QCOMPARE(img->header().dims, (std::vector<quint64>{4, 2, 2}));
        QCOMPARE(lab->header().dims, (std::vector<quint64>{4}));
        for (quint64 k = 0; k < 4; ++k) {
            for (quint64 e = 0; e < 4; ++e)
                QCOMPARE(img->view().value(k * 4 + e), double(records.at(k)));
            QCOMPARE(lab->view().value(k), double(records.at(k) % 10));
        }
        v->viewState()->setLabelFilter({});
    }

    void importPngFolderOpensTheResult()
    {
        const QString folder = m_dir.filePath(QStringLiteral("import-pngs"));
        QVERIFY(QDir().mkpath(folder));
        for (int i = 0; i < 3; ++i) {
            QImage img(4, 3, QImage::Format_Grayscale8);
            img.fill(QColor(i * 40, i * 40, i * 40));
            QVERIFY(img.save(QDir(folder).filePath(QStringLiteral("%1_%2.png").arg(i).arg(i + 5))));
        }
        ImportDialog dialog(folder);
        idx::PngImportOptions options = dialog.options();
        options.imagesPath = m_dir.filePath(QStringLiteral("imported-images-idx3-ubyte"));
        dialog.setOptions(options);
        options = dialog.options();
        QCOMPARE(options.folder, folder);
        QCOMPARE(options.labels, idx::LabelSource::FileNames);
        QCOMPARE(options.labelsPath, m_dir.filePath(QStringLiteral("imported-labels-idx1-ubyte"))); // derived

        m_consent = true; // "Open it now?"
        const int before = m_window->documents()->count();
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        m_actions->importPngFolder(options);
        const JobOutcome o = waitFor(done);
        QVERIFY2(o.ok, qPrintable(o.error));
        QCOMPARE(m_window->documents()->count(), before + 1);
        DocumentView* v = m_window->documents()->currentView();
        QCOMPARE(QFileInfo(v->document()->path()).fileName(), QStringLiteral("imported-images-idx3-ubyte"));
        QCOMPARE(v->document()->view().header().dims, (std::vector<quint64>{3, 3, 4}));
        QTRY_VERIFY(v->document()->hasLabels());
        QCOMPARE(v->document()->labelClasses(), (std::vector<qint64>{5, 6, 7}));
        for (quint64 i = 0; i < 3; ++i)
            QCOMPARE(v->document()->view().value(i * 12 + 5), double(i * 40));
        m_consent = false;
    }

    void importNpyOpensTheResult()
    {
        QByteArray dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
        while ((10 + dict.size() + 1) % 64)
            dict += ' ';
        dict += '\n';
        QByteArray npy("\x93NUMPY\x01\x00", 8);
        npy += char(dict.size());
        npy += char(0);
        npy += dict;
        for (int i = 0; i < 6; ++i) {
            char b[4];
            qToLittleEndian<float>(float(i) - 2.5f, b);
            npy.append(b, 4);
        }
        const QString in = fx::writeFile(m_dir, QStringLiteral("in.npy"), npy);
        const QString out = m_dir.filePath(QStringLiteral("from-npy.idx"));
        m_consent = true;
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        m_actions->importNpy(in, out, idx::Container::Raw);
        const JobOutcome o = waitFor(done);
        QVERIFY2(o.ok, qPrintable(o.error));
        DocumentView* v = m_window->documents()->currentView();
        QCOMPARE(v->document()->path(), out);
        QCOMPARE(v->document()->view().dtype(), DType::Float32);
        QCOMPARE(v->document()->view().header().dims, (std::vector<quint64>{2, 3}));
        for (quint64 i = 0; i < 6; ++i)
            QCOMPARE(v->document()->view().value(i), double(i) - 2.5);
        m_consent = false;

        // A broken .npy: a warning with the reason, nothing written, nothing opened.
        m_warnings.clear();
        const QString bad =
            fx::writeFile(m_dir, QStringLiteral("bad.npy"), QByteArray("\x93NUMPY\x01\x00", 8));
        m_actions->importNpy(bad, m_dir.filePath(QStringLiteral("bad.idx")), idx::Container::Raw);
        QVERIFY(!waitFor(done, 2).ok);
        QCOMPARE(m_warnings.size(), 1);
        QVERIFY(m_warnings.first().contains(QDir::toNativeSeparators(bad)));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("bad.idx"))));
    }

    void menuActionRunsTheDialogsChoice()
    {
        DocumentView* v = open(QStringLiteral("m-images-idx3-ubyte"), appfx::uint8Tensor({5, 5, 6}));
        QVERIFY(v);
        m_window->documents()->setCurrentView(v);
        const QString folder = m_dir.filePath(QStringLiteral("from-menu"));
        m_actions->ui().exec = [&](QDialog* d) {
            auto* dialog = qobject_cast<ExportDialog*>(d);
            if (!dialog)
                return false;
            RecordChoice choice;
            choice.scope = RecordScope::Range;
            choice.first = 1;
            choice.end = 3;
            dialog->scopeBox()->setChoice(choice);
            dialog->setFolder(folder);
            return true;
        };
        QAction* records = nullptr;
        for (QAction* a : m_prompts->exportMenu()->actions())
            if (a->text().startsWith(QStringLiteral("&Records")))
                records = a;
        QVERIFY(records);
        QVERIFY(records->isEnabled());
        QSignalSpy done(m_actions, &ExportController::jobFinished);
        records->trigger();
        QVERIFY2(waitFor(done).ok, qPrintable(m_warnings.join(u'\n')));
        QCOMPARE(QDir(folder).entryList(QDir::Files), (QStringList{"1.png", "2.png"}));
        m_actions->ui().exec = [](QDialog*) { return false; };
    }
};

QTEST_MAIN(TestExportGui)
#include "tst_export_gui.moc"
