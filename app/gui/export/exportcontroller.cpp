// ExportController: the start functions (capturing thread-safe views and options for the worker), and what
// happens when a job ends (status message, overwrite question, open offer).
#include "exportcontroller.h"

#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "imageview.h"
#include "jobprogress.h"
#include "reshape.h"
#include "slicerenderer.h"
#include "statustimeouts.h"
#include "tensorwindow.h"
#include "viewstate.h"

#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace idx::gui {

namespace {

QString native(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

/// Render options for an export from the dialog's choice; the window is filled in by the worker when the
/// data's default is asked for.
idx::RecordImageOptions imageOptions(const ImageChoice& c, const idx::TensorPieces& data,
                                     const ViewState& state)
{
    idx::RecordImageOptions o;
    o.render.colormap = c.colormap;
    o.render.invert = c.invert;
    o.render.window = c.window;
    o.scale = c.scale;
    // Beyond N × H × W the user picks the image axes; records of 3-D tensors use their last two.
    const idx::SliceSpec& spec = state.slice();
    if (data.header().ndim() >= 4 && spec.rowAxis >= 1 && spec.colAxis >= 1 && spec.rowAxis != spec.colAxis) {
        o.rowAxis = spec.rowAxis;
        o.colAxis = spec.colAxis;
    }
    return o;
}

/// Fills in the data's default window on the worker; false when cancelled.
bool resolveWindow(const idx::TensorPieces& data, const ImageChoice& c, idx::RenderOptions& render,
                   const idx::Control& control)
{
    if (c.displayedWindow)
        return true;
    const auto w = idx::tensorWindow(data, c.colormap, 0, ~quint64(0), control);
    if (!w)
        return false;
    render.window = *w;
    return true;
}

JobOutcome cancelled()
{
    JobOutcome o;
    o.cancelled = true;
    o.error = QCoreApplication::translate("ExportController", "Cancelled; nothing was written.");
    return o;
}

} // namespace

ExportController::ExportController(DocumentManager* documents, QObject* parent)
    : QObject(parent), m_documents(documents)
{
    setObjectName(QStringLiteral("exportController"));
    m_ui.saveFile = [this](const QString& caption, const QString& start, const QString& filter) {
        return QFileDialog::getSaveFileName(m_documents->dialogParent(), caption, start, filter);
    };
    m_ui.openFile = [this](const QString& caption, const QString& start, const QString& filter) {
        return QFileDialog::getOpenFileName(m_documents->dialogParent(), caption, start, filter);
    };
    m_ui.folder = [this](const QString& caption, const QString& start) {
        return QFileDialog::getExistingDirectory(m_documents->dialogParent(), caption, start);
    };
    m_ui.confirm = [this](const QString& title, const QString& text, const QString& yes) {
        QMessageBox box(QMessageBox::Question, title, text, QMessageBox::Cancel, m_documents->dialogParent());
        QPushButton* accept = box.addButton(yes, QMessageBox::AcceptRole);
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        return box.clickedButton() == accept;
    };
    m_ui.warn = [this](const QString& title, const QString& text) {
        QMessageBox::warning(m_documents->dialogParent(), title, text);
    };
    m_ui.exec = [](QDialog* dialog) { return dialog->exec() == QDialog::Accepted; };
}

ExportController::~ExportController()
{
    // Jobs are children: their destructors cancel and wait. Their progress rows go with the status bar.
    for (const QPointer<ExportJob>& job : std::as_const(m_jobs))
        if (job)
            job->cancel();
}

QWidget* ExportController::createProgressArea(QWidget* parent)
{
    m_progressArea = new QWidget(parent);
    auto* rows = new QHBoxLayout(m_progressArea);
    rows->setContentsMargins(0, 0, 0, 0);
    return m_progressArea;
}

RecordContext ExportController::context(DocumentView* view)
{
    RecordContext c;
    if (!view)
        return c;
    c.available = view->document()->availableRecords();
    c.current = view->viewState()->currentRecord();
    c.selection = view->viewState()->selection();
    c.filter = view->viewState()->labelFilter();
    c.labels = view->document()->labelClasses();
    c.names = view->document()->classNames();
    return c;
}

ImageChoice ExportController::shownImage(DocumentView* view)
{
    ImageChoice c;
    if (!view)
        return c;
    const idx::RenderOptions& r = view->viewState()->render();
    c.colormap = r.colormap;
    c.invert = r.invert;
    c.window = view->renderer() ? view->renderer()->lastResult().window : r.window;
    return c;
}

ExportJob* ExportController::startJob(const QString& title, ExportJob::Work work,
                                      std::function<void(const JobOutcome&)> onConflict)
{
    auto* job = new ExportJob(title, std::move(work), this);
    m_jobs.removeAll(nullptr);
    m_jobs << job;
    if (m_progressArea) {
        auto* row = new JobProgress(m_progressArea);
        row->setCancelToolTip(tr("Stop; files written so far are removed"));
        row->setJob(job->job(), JobProgress::Lifetime::DeleteWhenDone);
        m_progressArea->layout()->addWidget(row);
    }
    connect(job, &ExportJob::finished, this, [this, job, onConflict] { finish(job, onConflict); });
    job->start();
    return job;
}

void ExportController::finish(ExportJob* job, const std::function<void(const JobOutcome&)>& onConflict)
{
    const JobOutcome o = job->outcome();
    m_jobs.removeAll(job);
    job->deleteLater();
    if (o.ok) {
        emit statusMessage(o.message, StatusTimeout::kLongMs);
        offerToOpen(o);
    } else if (!o.conflicts.isEmpty() && onConflict) {
        const quint64 n = std::max(o.conflictCount, quint64(o.conflicts.size()));
        QString text = n == 1 ? tr("1 file exists already: %1.").arg(o.conflicts.first())
                              : tr("%1 files exist already, for example %2.")
                                    .arg(QLocale().toString(n))
                                    .arg(o.conflicts.first());
        text += QLatin1Char('\n') + tr("Replace them?");
        if (m_ui.confirm(tr("Files Exist"), text, tr("&Overwrite")))
            onConflict(o);
        else
            emit statusMessage(tr("Export cancelled; no file was replaced."), StatusTimeout::kLongMs);
    } else if (o.cancelled) {
        if (o.remaining.isEmpty())
            emit statusMessage(o.error, StatusTimeout::kLongMs);
        else
            m_ui.warn(tr("Export Cancelled"), o.error);
    } else {
        m_ui.warn(job->title(), o.error);
    }
    emit jobFinished(o);
}

void ExportController::offerToOpen(const JobOutcome& o)
{
    if (o.openPath.isEmpty())
        return;
    if (!m_ui.confirm(tr("Import Finished"),
                      o.message + QStringLiteral("\n\n") + tr("Open %1 now?").arg(native(o.openPath)),
                      tr("&Open")))
        return;
    DocumentView* v = m_documents->open(o.openPath);
    if (v && !o.openLabelsPath.isEmpty() && !v->document()->labelsFile()) {
        QString why;
        if (!v->document()->attachLabels(o.openLabelsPath, &why))
            emit statusMessage(why, StatusTimeout::kLongMs);
    }
}

ExportJob* ExportController::exportSlicePng(DocumentView* view, bool asDisplayed, const QString& path)
{
    const QString title = tr("Saving the slice");
    if (asDisplayed) {
        // What the image view shows, enlarged by its zoom (a whole factor, so every value stays a crisp
        // block).
        const QImage image = view->imageView()->image();
        const int scale = std::max(1, qRound(view->imageView()->zoom()));
        return startJob(
            title, [image, scale, path](const idx::Control&) { return runSlicePng(image, scale, path); });
    }
    const idx::TensorPieces data = reshapedPieces(*view->document(), *view->viewState());
    const idx::SliceSpec spec = effectiveSlice(data.header(), *view->viewState());
    return startJob(title, [data, spec, path](const idx::Control&) {
        return runSlicePng(rawSliceImage(data, spec), 1, path);
    });
}

bool ExportController::copyImage(DocumentView* view)
{
    if (!view || !view->imageView() || !view->imageView()->hasImage())
        return false;
    QGuiApplication::clipboard()->setImage(view->imageView()->image());
    emit statusMessage(tr("Copied the image to the clipboard"), StatusTimeout::kBriefMs);
    return true;
}

ExportJob* ExportController::exportRecordsPng(DocumentView* view, const ExportDialog::Request& request,
                                              bool overwrite)
{
    const idx::TensorPieces data = reshapedPieces(*view->document(), *view->viewState());
    idx::RecordExportOptions options;
    options.folder = request.folder;
    options.records = resolveRecords(request.choice, context(view));
    options.labels = view->document()->labelClasses();
    if (request.nameByClass)
        options.classNames = view->document()->classNames();
    options.image = imageOptions(request.image, data, *view->viewState());
    options.nameWidth = idx::recordNameWidth(data.recordCount());
    options.overwrite = overwrite;
    const ImageChoice image = request.image;
    const QPointer<DocumentView> target(view);
    return startJob(
        tr("Exporting %n PNG file(s)", nullptr, trCount(options.records.count())),
        [data, options, image](const idx::Control& control) mutable {
            if (!resolveWindow(data, image, options.image.render, control))
                return cancelled();
            return runRecordsPng(data, options, control);
        },
        [this, target, request](const JobOutcome&) {
            if (target)
                exportRecordsPng(target, request, true);
        });
}

ExportJob* ExportController::exportContactSheet(DocumentView* view,
                                                const ContactSheetDialog::Request& request)
{
    const idx::TensorPieces data = reshapedPieces(*view->document(), *view->viewState());
    idx::ContactSheetOptions options;
    options.records = resolveRecords(request.choice, context(view));
    options.columns = request.columns;
    options.gap = request.gap;
    options.captions = request.captions;
    options.labels = view->document()->labelClasses();
    options.classNames = view->document()->classNames();
    options.image = imageOptions(request.image, data, *view->viewState());
    const ImageChoice image = request.image;
    const QString path = request.path;
    return startJob(tr("Rendering the contact sheet"),
                    [data, options, image, path](const idx::Control& control) mutable {
                        if (!resolveWindow(data, image, options.image.render, control))
                            return cancelled();
                        return runContactSheet(data, options, path, control);
                    });
}

ExportJob* ExportController::exportSprite(DocumentView* view, const ExportDialog::Request& request,
                                          bool overwrite)
{
    const idx::TensorPieces data = reshapedPieces(*view->document(), *view->viewState());
    idx::SpriteSheetOptions options;
    options.records = resolveRecords(request.choice, context(view));
    options.labels = view->document()->labelClasses();
    options.classNames = view->document()->classNames();
    options.image = imageOptions(request.image, data, *view->viewState());
    options.spritePath = QDir(request.folder).filePath(QStringLiteral("sprite.png"));
    options.metadataPath = QDir(request.folder).filePath(QStringLiteral("metadata.tsv"));
    const ImageChoice image = request.image;
    const QPointer<DocumentView> target(view);
    return startJob(
        tr("Writing the sprite sheet"),
        [data, options, image, overwrite](const idx::Control& control) mutable {
            if (!resolveWindow(data, image, options.image.render, control))
                return cancelled();
            return runSprite(data, options, overwrite, control);
        },
        [this, target, request](const JobOutcome&) {
            if (target)
                exportSprite(target, request, true);
        });
}

ExportJob* ExportController::exportData(DocumentView* view, DataSource source, DataFormat format,
                                        const QString& path)
{
    const idx::TensorPieces data = reshapedPieces(*view->document(), *view->viewState());
    // A known label table's columns (QMNIST's) head a CSV of its records, or of a slice whose columns are its
    // columns in order.
    const QStringList columns = idx::columnNamesOf(view->document()->dataset(), data.header());
    if (source == DataSource::Slice) {
        const idx::SliceSpec spec = effectiveSlice(data.header(), *view->viewState());
        const QStringList sliceColumns =
            spec.colAxis == 1 && !spec.transpose && !spec.flipHorizontal ? columns : QStringList();
        return startJob(tr("Writing the slice"),
                        [data, spec, format, path, sliceColumns](const idx::Control& control) {
                            return runDataOut(sliceTensor(data, spec), format, path, control, sliceColumns);
                        });
    }
    const RecordContext c = context(view);
    RecordChoice choice;
    choice.scope = c.selection.isEmpty() ? RecordScope::Current : RecordScope::Selected;
    const idx::RecordSet records = resolveRecords(choice, c);
    return startJob(tr("Writing %n record(s)", nullptr, trCount(records.count())),
                    [data, records, format, path, columns](const idx::Control& control) {
                        return runDataOut(data, records, format, path, control, columns);
                    });
}

ExportJob* ExportController::exportSubset(DocumentView* view, const idx::RecordSet& records,
                                          const QString& imagesPath, const QString& labelsPath,
                                          idx::Container container)
{
    // The images and labels with their edits, so the pair stays aligned with what the user sees: copies of
    // the overlays (they share the file and the edited records, so nothing of the payload is copied).
    Document* doc = view->document();
    const idx::EditableTensor* edited = doc->editable(Document::Part::Main);
    const idx::EditableTensor images = edited ? *edited : idx::EditableTensor(doc->view());
    std::optional<idx::EditableTensor> labels;
    if (doc->labelsFile()) {
        const idx::EditableTensor* editedLabels = doc->editable(Document::Part::Labels);
        labels = editedLabels ? *editedLabels : idx::EditableTensor(doc->labelsView());
    }
    return startJob(
        tr("Writing a subset of %n record(s)", nullptr, trCount(records.count())),
        [images, labels, records, imagesPath, labelsPath, container](const idx::Control& control) {
            return runSubset(images, labels ? &*labels : nullptr, records, imagesPath, labelsPath, container,
                             control);
        });
}

ExportJob* ExportController::importPngFolder(const idx::PngImportOptions& options)
{
    return startJob(tr("Importing PNG images"),
                    [options](const idx::Control& control) { return runImportPng(options, control); });
}

ExportJob* ExportController::importNpy(const QString& npyPath, const QString& idxPath,
                                       idx::Container container)
{
    return startJob(tr("Importing %1").arg(QFileInfo(npyPath).fileName()),
                    [npyPath, idxPath, container](const idx::Control& control) {
                        return runImportNpy(npyPath, idxPath, container, control);
                    });
}

} // namespace idx::gui
