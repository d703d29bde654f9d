// SaveController: the save actions on the current document, the questions before Save As and before
// closing, and journals attached to each document as it opens. Saving itself is DocumentSaver's, journaling
// JournalRecovery's.
#include "savecontroller.h"

#include "actionregistry.h"
#include "companion.h"
#include "document.h"
#include "documentmanager.h"
#include "documentsaver.h"
#include "documentview.h"
#include "exporttasks.h"
#include "filefilters.h"
#include "jobprogress.h"
#include "journalrecovery.h"
#include "statustimeouts.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>

namespace idx::gui {

SaveController::SaveController(DocumentManager* documents, ActionRegistry* actions, QObject* parent)
    : QObject(parent), m_documents(documents), m_saver(new DocumentSaver(this))
{
    connect(m_saver, &DocumentSaver::finished, this, &SaveController::onFinished);
    m_ask = [this](Document* doc) { return askSave(doc); };
    m_askLabels = [this](Document* doc, const QString& labelsPath, bool imagesOnly) {
        return askLabels(doc, labelsPath, imagesOnly);
    };
    createActions(actions);
    documents->setCloseGuard([this](DocumentView* view, const std::function<void()>& closeAgain) {
        return confirmClose(view, closeAgain);
    });
    connect(documents, &DocumentManager::documentOpened, this, &SaveController::attach);
    connect(documents, &DocumentManager::documentClosing, this, &SaveController::forget);
    connect(documents, &DocumentManager::currentDocumentChanged, this, &SaveController::updateActions);
    for (DocumentView* view : documents->views())
        attach(view);
    updateActions();
}

void SaveController::createActions(ActionRegistry* actions)
{
    m_save = new QAction(tr("&Save"), this);
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, [this] {
        DocumentView* v = m_documents->currentView();
        if (!v)
            return;
        // Edits of a sibling format (.npy, .npz, Lush) are saved only as IDX: Save asks where.
        const Document* doc = v->document();
        if (doc->isPartModified(Document::Part::Main) &&
            doc->file()->source().format != idx::SourceFormat::Idx)
            saveAsDialog(false);
        else
            save(v);
    });
    m_saveAs = new QAction(tr("Save &As…"), this);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAs, &QAction::triggered, this, [this] { saveAsDialog(false); });
    m_saveLabelsAs = new QAction(tr("Save La&bels as New File…"), this);
    connect(m_saveLabelsAs, &QAction::triggered, this, [this] { saveAsDialog(true); });
    // The file as it is shown (read with a remedy, or a sibling format converted) written as canonical IDX;
    // the document then shows that file, read as written.
    m_saveRepaired = new QAction(tr("Save &Repaired Copy…"), this);
    m_saveRepaired->setEnabled(false);
    connect(m_saveRepaired, &QAction::triggered, this, [this] {
        DocumentView* v = m_documents->currentView();
        if (!v)
            return;
        const QString path = QFileDialog::getSaveFileName(
            m_documents->dialogParent(), tr("Save Repaired Copy"), repairedCopyPath(*v->document()),
            fileFilters({idxFilter(), allFilesFilter()}));
        if (!path.isEmpty())
            saveAsAsking(v, path);
    });
    actions->add(MenuId::File, QStringLiteral("file.save"), m_save, SectionId::FileSave);
    actions->add(MenuId::File, QStringLiteral("file.saveAs"), m_saveAs, SectionId::FileSave);
    actions->add(MenuId::File, QStringLiteral("file.saveLabelsAs"), m_saveLabelsAs, SectionId::FileSave);
    actions->add(MenuId::File, QStringLiteral("file.saveRepaired"), m_saveRepaired, SectionId::FileSave);
}

JobProgress* SaveController::createProgressBar(QWidget* parent)
{
    auto* row = new JobProgress(parent);
    row->setCancellable(false); // a save is not stopped half-way from here
    row->setJob(m_saver->job());
    return row;
}

void SaveController::attach(DocumentView* view)
{
    Document* doc = view->document();
    JournalRecovery* journal = JournalRecovery::forDocument(doc, view);
    connect(journal, &JournalRecovery::writeFailed, this,
            [this](const QString& text) { emit statusMessage(text, StatusTimeout::kResultMs); });
    connect(doc, &Document::labelsChanged, this, &SaveController::updateActions);
    connect(doc, &Document::reloaded, this, &SaveController::updateActions);
    connect(doc, &Document::loadFinished, this, &SaveController::updateActions);
}

void SaveController::updateActions()
{
    DocumentView* v = m_documents->currentView();
    m_save->setEnabled(v != nullptr);
    m_saveAs->setEnabled(v != nullptr);
    m_saveLabelsAs->setEnabled(v && v->document()->labelsFile());
    m_saveRepaired->setEnabled(v && isRepairedReading(*v->document()));
}

bool SaveController::isRepairedReading(const Document& doc)
{
    return doc.headerValid() && (!doc.openOptions().isDefault() || doc.file()->isConverted());
}

QString SaveController::repairedCopyPath(const Document& doc)
{
    QString path = doc.path();
    if (const auto member = idx::splitArchivePath(path)) // ARCHIVE.npz:NAME → NAME-repaired beside it
        path = QFileInfo(member->archive).dir().filePath(idx::npzArrayName(member->member));
    const QFileInfo info(path);
    QString base = info.fileName();
    QString suffix;
    for (const QLatin1String s : {QLatin1String(".gz"), QLatin1String(".xz")})
        if (base.endsWith(s)) {
            base.chop(2 + 1);
            suffix = s;
        }
    if (base.endsWith(QLatin1String(".npy")) || base.endsWith(QLatin1String(".mat")))
        base.chop(4);
    return info.dir().filePath(base + QLatin1String("-repaired") + suffix);
}

void SaveController::report(const QString& error)
{
    if (!error.isEmpty())
        emit statusMessage(error, StatusTimeout::kResultMs);
}

void SaveController::onFinished(bool ok, const QString& error)
{
    if (ok) {
        emit statusMessage(tr("Saved."), StatusTimeout::kResultMs);
        return;
    }
    report(error);
    // Non-modal: the document stays usable (and modified) while the reason is read.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Save Failed"), error, QMessageBox::Ok,
                                m_documents->dialogParent());
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setModal(false);
    box->show();
}

QMessageBox::StandardButton SaveController::askSave(Document* doc) const
{
    QMessageBox box(QMessageBox::Question, tr("Unsaved Changes"),
                    tr("%1 has unsaved changes. Save them?").arg(doc->displayName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                    m_documents->dialogParent());
    box.setDefaultButton(QMessageBox::Save);
    return QMessageBox::StandardButton(box.exec());
}

SaveController::LabelsAnswer SaveController::askLabels(Document* doc, const QString& labelsPath,
                                                       bool imagesOnly) const
{
    const QString labelsName = QFileInfo(doc->labelsPath()).fileName();
    QString text =
        tr("Save them too, as a new file beside the images: %1?").arg(QDir::toNativeSeparators(labelsPath));
    if (QFileInfo::exists(labelsPath))
        text += QLatin1Char(' ') + tr("That file exists and will be replaced.");
    text +=
        QStringLiteral("\n\n") +
        (imagesOnly ? tr("Saving only the images leaves the label edits unsaved in this window; %1 is not "
                         "changed either way.")
                          .arg(labelsName)
                    : tr("Records were inserted, deleted or moved in both, so the labels must be saved "
                         "with the images; %1 is not changed.")
                          .arg(labelsName));
    QMessageBox box(QMessageBox::Question, tr("Save As"),
                    tr("The labels (%1) have unsaved changes too.").arg(labelsName), QMessageBox::Cancel,
                    m_documents->dialogParent());
    box.setInformativeText(text);
    QPushButton* both = box.addButton(tr("Save &Both"), QMessageBox::AcceptRole);
    QPushButton* images =
        imagesOnly ? box.addButton(tr("Save &Images Only"), QMessageBox::ActionRole) : nullptr;
    box.setDefaultButton(both);
    box.exec();
    return box.clickedButton() == both               ? LabelsAnswer::SaveBoth
           : images && box.clickedButton() == images ? LabelsAnswer::ImagesOnly
                                                     : LabelsAnswer::Cancel;
}

void SaveController::saveAsDialog(bool labels)
{
    DocumentView* v = m_documents->currentView();
    if (!v)
        return;
    QString start = labels ? v->document()->labelsPath() : v->document()->path();
    if (const auto member = idx::splitArchivePath(start)) // ARCHIVE.npz:NAME → NAME.idx beside it
        start = QFileInfo(member->archive)
                    .dir()
                    .filePath(idx::npzArrayName(member->member) + QLatin1String(".idx"));
    else if (!labels && v->document()->file()->source().format != idx::SourceFormat::Idx)
        start = QFileInfo(start).dir().filePath(QFileInfo(start).completeBaseName() + QLatin1String(".idx"));
    const QString path = QFileDialog::getSaveFileName(
        m_documents->dialogParent(), labels ? tr("Save Labels as New File") : tr("Save As"),
        start.startsWith(u':') ? QString() : start, fileFilters({idxFilter(), allFilesFilter()}));
    if (path.isEmpty())
        return;
    if (labels)
        saveLabelsAs(v, path);
    else
        saveAsAsking(v, path);
}

bool SaveController::save(DocumentView* view, const std::function<void(bool)>& done)
{
    return startSave(view, int(DocumentSaver::Kind::Save), {}, done);
}

bool SaveController::saveAs(DocumentView* view, const QString& path, const std::function<void(bool)>& done,
                            const QString& labelsPath)
{
    return startSave(view, int(DocumentSaver::Kind::SaveAs), path, done, labelsPath);
}

bool SaveController::saveLabelsAs(DocumentView* view, const QString& path,
                                  const std::function<void(bool)>& done)
{
    return startSave(view, int(DocumentSaver::Kind::SaveLabelsAs), path, done);
}

bool SaveController::saveAsAsking(DocumentView* view, const QString& path,
                                  const std::function<void(bool)>& done)
{
    Document* doc = view->document();
    if (!doc->isPartModified(Document::Part::Labels))
        return saveAs(view, path, done);
    // The labels' edits belong with the new images (records may have been deleted or moved in both): never
    // written over the labels file unasked, so they go to a new file named after the images, or stay here.
    const QString labelsPath = idx::companionLabelsPath(path);
    // Records inserted, deleted or moved in both: the labels file no longer fits the new images, so the
    // labels' edits cannot be left behind in it.
    const idx::EditableTensor* labels = doc->editable(Document::Part::Labels);
    const idx::TensorLayout* saved = doc->savedLayout(Document::Part::Labels);
    const bool imagesOnly =
        labels && labels->segments() == (saved ? saved->segments : labels->baseLayout().segments);
    switch (m_askLabels(doc, labelsPath, imagesOnly)) {
    case LabelsAnswer::SaveBoth:
        return saveAs(view, path, done, labelsPath);
    case LabelsAnswer::ImagesOnly:
        if (imagesOnly)
            return saveAs(view, path, done);
        break;
    case LabelsAnswer::Cancel:
        break;
    }
    return false;
}

bool SaveController::startSave(DocumentView* view, int kind, const QString& path,
                               const std::function<void(bool)>& done, const QString& labelsPath)
{
    QString error;
    const bool ok =
        m_saver->start(view->document(), DocumentSaver::Kind(kind), path, done, &error, labelsPath);
    report(error);
    return ok;
}

bool SaveController::confirmClose(DocumentView* view, const std::function<void()>& closeAgain)
{
    Document* doc = view->document();
    if (!doc->isModified() || m_saver->isRunning())
        return !m_saver->isRunning();
    switch (m_ask(doc)) {
    case QMessageBox::Save:
        save(view, [closeAgain](bool ok) {
            if (ok && closeAgain)
                closeAgain();
        });
        return false;
    case QMessageBox::Discard:
        if (JournalRecovery* r = JournalRecovery::of(doc))
            r->discard();
        doc->discardEdits(); // asked once: not again when the window closes
        return true;
    default:
        return false;
    }
}

void SaveController::forget(DocumentView* view)
{
    // A clean close: nothing is left to recover.
    if (JournalRecovery* r = JournalRecovery::of(view->document()); r && !view->document()->isModified())
        r->discard();
}

} // namespace idx::gui
