// ExportPrompts: the menu items of export and import, and their handlers: ask for the parameters
// (dialogs and native choosers through the controller's ui()), then call the matching start function.
#include "exportprompts.h"

#include "actionregistry.h"
#include "companion.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "filefilters.h"
#include "imageview.h"
#include "importdialog.h"
#include "settings.h"
#include "viewstate.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>

namespace idx::gui {

using DataSource = ExportController::DataSource;

ExportPrompts::ExportPrompts(ExportController* controller, DocumentManager* documents,
                             ActionRegistry* actions, QObject* parent)
    : QObject(parent), m_controller(controller), m_documents(documents), m_actions(actions)
{
    createActions();
    connect(documents, &DocumentManager::currentDocumentChanged, this, [this] {
        attachCopyShortcut();
        updateActions();
    });
    // What can be exported changes with the document: its header (after a reload), its image view.
    const auto follow = [this](DocumentView* view) {
        const auto update = [this, view] {
            if (view == m_documents->currentView()) {
                attachCopyShortcut();
                updateActions();
            }
        };
        connect(view, &DocumentView::panelsChanged, this, update);
        connect(view->document(), &Document::reloaded, this, update);
    };
    connect(documents, &DocumentManager::documentOpened, this, follow);
    for (DocumentView* view : documents->views())
        follow(view);
    attachCopyShortcut();
    updateActions();
}

void ExportPrompts::createActions()
{
    // Edit ▸ Copy Image. Shown in the menu; it triggers through the image view's own action (see
    // attachCopyShortcut) so Ctrl+C keeps copying text in the table and elsewhere.
    m_copyImage = new QAction(tr("&Copy Image"), this);
    m_copyImage->setShortcut(QKeySequence::Copy);
    m_copyImage->setShortcutContext(Qt::WidgetShortcut);
    connect(m_copyImage, &QAction::triggered, this, [this] { m_controller->copyImage(usableView()); });
    m_actions->add(MenuId::Edit, QStringLiteral("edit.copyImage"), m_copyImage, SectionId::EditClipboard);
    m_documentActions << m_copyImage;

    // File ▸ Import: opening above, importing and saving below.
    m_importMenu = m_actions->addMenu(MenuId::Import, tr("&Import"));
    m_actions->place(MenuId::File, MenuId::Import, SectionId::FileImport);
    const auto addImport = [this](const QString& id, const QString& text, void (ExportPrompts::*slot)()) {
        auto* a = new QAction(text, this);
        connect(a, &QAction::triggered, this, slot);
        m_actions->add(MenuId::Import, id, a);
    };
    addImport(QStringLiteral("file.import.png"), tr("&PNG Folder…"), &ExportPrompts::onImportPng);
    addImport(QStringLiteral("file.import.npy"), tr("&NumPy File (.npy)…"), &ExportPrompts::onImportNpy);

    int separators = 0;
    const auto separator = [this, &separators] {
        auto* a = new QAction(this);
        a->setSeparator(true);
        m_actions->add(MenuId::Export, QStringLiteral("export.separator%1").arg(++separators), a);
    };
    const auto add = [this](const QString& id, const QString& text, auto slot) {
        auto* a = new QAction(text, this);
        connect(a, &QAction::triggered, this, slot);
        m_actions->add(MenuId::Export, id, a);
        m_documentActions << a;
        return a;
    };
    add(QStringLiteral("export.sliceRaw"), tr("Slice as PNG (&Raw Values)…"),
        [this] { onExportSlice(false); });
    add(QStringLiteral("export.sliceShown"), tr("Slice as PNG (As &Displayed)…"),
        [this] { onExportSlice(true); });
    separator();
    add(QStringLiteral("export.records"), tr("&Records as PNG Files…"), &ExportPrompts::onExportRecords)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    add(QStringLiteral("export.contactSheet"), tr("&Contact Sheet…"), &ExportPrompts::onContactSheet);
    add(QStringLiteral("export.sprite"), tr("&Sprite Sheet for TensorBoard Projector…"),
        &ExportPrompts::onSprite);
    separator();
    add(QStringLiteral("export.sliceCsv"), tr("Slice as C&SV…"),
        [this] { onExportData(DataSource::Slice, DataFormat::Csv); });
    add(QStringLiteral("export.sliceNpy"), tr("Slice as &NumPy (.npy)…"),
        [this] { onExportData(DataSource::Slice, DataFormat::Npy); });
    add(QStringLiteral("export.recordsCsv"), tr("Selected Records as CS&V…"),
        [this] { onExportData(DataSource::Records, DataFormat::Csv); });
    add(QStringLiteral("export.recordsNpy"), tr("Selected Records as Num&Py (.npy)…"),
        [this] { onExportData(DataSource::Records, DataFormat::Npy); });
    separator();
    add(QStringLiteral("export.subset"), tr("Su&bset as IDX with Its Labels…"),
        &ExportPrompts::onExportSubset);
}

QMenu* ExportPrompts::exportMenu() const
{
    return m_actions->menu(MenuId::Export);
}

void ExportPrompts::attachCopyShortcut()
{
    DocumentView* v = m_documents->currentView();
    if (!v || !v->imageView() || v->imageView()->property("idxCopyAction").toBool())
        return;
    ImageView* image = v->imageView();
    auto* copy = new QAction(tr("Copy Image"), image);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    image->addAction(copy);
    image->setProperty("idxCopyAction", true);
    connect(copy, &QAction::triggered, this, [this, v] { m_controller->copyImage(v); });
}

void ExportPrompts::updateActions()
{
    DocumentView* v = m_documents->currentView();
    const bool usable = v && v->document()->headerValid() && v->imageView();
    for (QAction* a : std::as_const(m_documentActions))
        a->setEnabled(usable);
}

DocumentView* ExportPrompts::usableView()
{
    DocumentView* v = m_documents->currentView();
    if (!v || !v->document()->headerValid() || !v->imageView()) {
        m_controller->ui().warn(tr("Export"), tr("Open a valid IDX file first."));
        return nullptr;
    }
    return v;
}

QString ExportPrompts::suggestedPath(DocumentView* view, const QString& suffix) const
{
    QString base = view ? view->document()->displayName() : QStringLiteral("export");
    if (base.endsWith(QLatin1String(".gz")) || base.endsWith(QLatin1String(".xz")))
        base.chop(3);
    base.replace(QLatin1Char('.'), QLatin1Char('-'));
    return QDir(Settings::lastFolder()).filePath(base + suffix);
}

void ExportPrompts::onExportSlice(bool asDisplayed)
{
    DocumentView* v = usableView();
    if (!v)
        return;
    const QString suffix = QStringLiteral("-record%1%2.png")
                               .arg(v->viewState()->currentRecord())
                               .arg(asDisplayed ? QStringLiteral("-view") : QString());
    const QString path = m_controller->ui().saveFile(
        asDisplayed ? tr("Save the Slice as Displayed") : tr("Save the Slice (Raw Values)"),
        suggestedPath(v, suffix), fileFilters({fileFilter(idx::Format::Png)}));
    if (path.isEmpty())
        return;
    Settings::setLastFolder(path);
    m_controller->exportSlicePng(v, asDisplayed, path);
}

void ExportPrompts::onExportRecords()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    ExportDialog dialog(
        ExportDialog::Kind::PngFiles, ExportController::context(v), ExportController::shownImage(v),
        QDir(Settings::lastFolder()).filePath(QFileInfo(suggestedPath(v, QStringLiteral("-png"))).fileName()),
        m_documents->dialogParent());
    if (!m_controller->ui().exec(&dialog))
        return;
    const ExportDialog::Request request = dialog.request();
    Settings::setLastFolder(QFileInfo(request.folder).absolutePath());
    m_controller->exportRecordsPng(v, request);
}

void ExportPrompts::onContactSheet()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    ContactSheetDialog dialog(ExportController::context(v), ExportController::shownImage(v),
                              suggestedPath(v, QStringLiteral("-sheet.png")), m_documents->dialogParent());
    if (!m_controller->ui().exec(&dialog))
        return;
    const ContactSheetDialog::Request request = dialog.request();
    if (QFileInfo::exists(request.path) &&
        !m_controller->ui().confirm(
            tr("File Exists"),
            tr("%1 exists already. Replace it?").arg(QDir::toNativeSeparators(request.path)),
            tr("&Overwrite")))
        return;
    Settings::setLastFolder(request.path);
    m_controller->exportContactSheet(v, request);
}

void ExportPrompts::onSprite()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    ExportDialog dialog(ExportDialog::Kind::Sprite, ExportController::context(v),
                        ExportController::shownImage(v),
                        QDir(Settings::lastFolder())
                            .filePath(QFileInfo(suggestedPath(v, QStringLiteral("-projector"))).fileName()),
                        m_documents->dialogParent());
    if (!m_controller->ui().exec(&dialog))
        return;
    const ExportDialog::Request request = dialog.request();
    Settings::setLastFolder(QFileInfo(request.folder).absolutePath());
    m_controller->exportSprite(v, request);
}

void ExportPrompts::onExportData(DataSource source, DataFormat format)
{
    DocumentView* v = usableView();
    if (!v)
        return;
    const bool csv = format == DataFormat::Csv;
    const QString what = source == DataSource::Slice
                             ? QStringLiteral("-record%1-slice").arg(v->viewState()->currentRecord())
                             : QStringLiteral("-selection");
    const QString path = m_controller->ui().saveFile(
        source == DataSource::Slice ? tr("Save the Slice") : tr("Save the Selected Records"),
        suggestedPath(v, what + (csv ? QStringLiteral(".csv") : QStringLiteral(".npy"))),
        fileFilters({fileFilter(csv ? idx::Format::Csv : idx::Format::Npy)}));
    if (path.isEmpty())
        return;
    Settings::setLastFolder(path);
    m_controller->exportData(v, source, format, path);
}

void ExportPrompts::onExportSubset()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    const RecordContext c = ExportController::context(v);
    RecordChoice choice = defaultChoice(c);
    if (choice.scope == RecordScope::All) {
        m_controller->ui().warn(tr("Export Subset"),
                                tr("Select records in the gallery or the table, or filter the gallery by "
                                   "label, to choose the records of the subset."));
        return;
    }
    const idx::RecordSet records = resolveRecords(choice, c);
    const QString path = m_controller->ui().saveFile(
        tr("Save the Subset (%n record(s))", nullptr, trCount(records.count())),
        suggestedPath(
            v, QStringLiteral("-subset-images-idx%1-ubyte").arg(v->document()->file()->header().ndim())),
        fileFilters(
            {fileFilter(idx::Format::Idx), fileFilter(idx::Format::Gzip), fileFilter(idx::Format::Xz)}));
    if (path.isEmpty())
        return;
    Settings::setLastFolder(path);
    QString labels;
    if (v->document()->labelsFile()) {
        labels = idx::companionLabelsPath(path);
        if (QFileInfo::exists(labels) &&
            !m_controller->ui().confirm(tr("File Exists"),
                                        tr("The labels go to %1, which exists already. Replace it?")
                                            .arg(QDir::toNativeSeparators(labels)),
                                        tr("&Overwrite")))
            return;
    }
    m_controller->exportSubset(v, records, path, labels, idx::containerForPath(path));
}

void ExportPrompts::onImportPng()
{
    ImportDialog dialog(Settings::lastFolder(), m_documents->dialogParent());
    if (!m_controller->ui().exec(&dialog))
        return;
    const idx::PngImportOptions options = dialog.options();
    Settings::setLastFolder(options.imagesPath);
    m_controller->importPngFolder(options);
}

void ExportPrompts::onImportNpy()
{
    const QString npy = m_controller->ui().openFile(tr("Import a NumPy Array"), Settings::lastFolder(),
                                                    fileFilters({fileFilter(idx::Format::Npy)}));
    if (npy.isEmpty())
        return;
    QString base = npy;
    if (base.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive))
        base.chop(4);
    const QString out =
        m_controller->ui().saveFile(tr("Save as IDX"), base + QStringLiteral(".idx"),
                                    fileFilters({fileFilter(idx::Format::Idx), fileFilter(idx::Format::Gzip),
                                                 fileFilter(idx::Format::Xz)}));
    if (out.isEmpty())
        return;
    Settings::setLastFolder(out);
    m_controller->importNpy(npy, out, idx::containerForPath(out));
}

} // namespace idx::gui
