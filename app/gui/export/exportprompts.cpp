// ExportActions' menu handlers: ask for the parameters (dialogs and native choosers through ui()), then call
// the matching start function. Nothing here does any work itself.
#include "exportactions.h"

#include "companion.h"
#include "document.h"
#include "documentview.h"
#include "importdialog.h"
#include "mainwindow.h"
#include "viewstate.h"

#include <QDir>
#include <QFileInfo>

void ExportActions::onExportSlice(bool asDisplayed)
{
    DocumentView* v = usableView();
    if (!v)
        return;
    const QString suffix = QStringLiteral("-record%1%2.png")
                               .arg(v->viewState()->currentRecord())
                               .arg(asDisplayed ? QStringLiteral("-view") : QString());
    const QString path =
        m_ui.saveFile(asDisplayed ? tr("Save the Slice as Displayed") : tr("Save the Slice (Raw Values)"),
                      suggestedPath(v, suffix), tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    setLastFolder(path);
    exportSlicePng(v, asDisplayed, path);
}

void ExportActions::onExportRecords()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    ExportDialog dialog(
        ExportDialog::Kind::PngFiles, context(v), shownImage(v),
        QDir(lastFolder()).filePath(QFileInfo(suggestedPath(v, QStringLiteral("-png"))).fileName()),
        m_window);
    if (!m_ui.exec(&dialog))
        return;
    const ExportDialog::Request request = dialog.request();
    setLastFolder(QFileInfo(request.folder).absolutePath());
    exportRecordsPng(v, request);
}

void ExportActions::onContactSheet()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    ContactSheetDialog dialog(context(v), shownImage(v), suggestedPath(v, QStringLiteral("-sheet.png")),
                              m_window);
    if (!m_ui.exec(&dialog))
        return;
    const ContactSheetDialog::Request request = dialog.request();
    if (QFileInfo::exists(request.path) &&
        !m_ui.confirm(tr("File Exists"),
                      tr("%1 exists already. Replace it?").arg(QDir::toNativeSeparators(request.path)),
                      tr("&Overwrite")))
        return;
    setLastFolder(request.path);
    exportContactSheet(v, request);
}

void ExportActions::onSprite()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    ExportDialog dialog(
        ExportDialog::Kind::Sprite, context(v), shownImage(v),
        QDir(lastFolder()).filePath(QFileInfo(suggestedPath(v, QStringLiteral("-projector"))).fileName()),
        m_window);
    if (!m_ui.exec(&dialog))
        return;
    const ExportDialog::Request request = dialog.request();
    setLastFolder(QFileInfo(request.folder).absolutePath());
    exportSprite(v, request);
}

void ExportActions::onExportData(DataSource source, DataFormat format)
{
    DocumentView* v = usableView();
    if (!v)
        return;
    const bool csv = format == DataFormat::Csv;
    const QString what = source == DataSource::Slice
                             ? QStringLiteral("-record%1-slice").arg(v->viewState()->currentRecord())
                             : QStringLiteral("-selection");
    const QString path =
        m_ui.saveFile(source == DataSource::Slice ? tr("Save the Slice") : tr("Save the Selected Records"),
                      suggestedPath(v, what + (csv ? QStringLiteral(".csv") : QStringLiteral(".npy"))),
                      csv ? tr("CSV files (*.csv)") : tr("NumPy arrays (*.npy)"));
    if (path.isEmpty())
        return;
    setLastFolder(path);
    exportData(v, source, format, path);
}

void ExportActions::onExportSubset()
{
    DocumentView* v = usableView();
    if (!v)
        return;
    const RecordContext c = context(v);
    RecordChoice choice = defaultChoice(c);
    if (choice.scope == RecordScope::All) {
        m_ui.warn(tr("Export Subset"),
                  tr("Select records in the gallery or the table, or filter the gallery by "
                     "label, to choose the records of the subset."));
        return;
    }
    const idx::RecordSet records = resolveRecords(choice, c);
    const QString path = m_ui.saveFile(
        tr("Save the Subset (%n record(s))", nullptr, trCount(records.count())),
        suggestedPath(
            v, QStringLiteral("-subset-images-idx%1-ubyte").arg(v->document()->file()->header().ndim())),
        tr("IDX files (*-ubyte *.idx);;gzip IDX files (*.gz);;xz IDX files (*.xz)"));
    if (path.isEmpty())
        return;
    setLastFolder(path);
    QString labels;
    if (v->document()->labelsFile()) {
        labels = idx::companionLabelsPath(path);
        if (QFileInfo::exists(labels) &&
            !m_ui.confirm(tr("File Exists"),
                          tr("The labels go to %1, which exists already. Replace it?")
                              .arg(QDir::toNativeSeparators(labels)),
                          tr("&Overwrite")))
            return;
    }
    exportSubset(v, records, path, labels, idx::containerForPath(path));
}

void ExportActions::onImportPng()
{
    ImportDialog dialog(lastFolder(), m_window);
    if (!m_ui.exec(&dialog))
        return;
    const idx::PngImportOptions options = dialog.options();
    setLastFolder(options.imagesPath);
    importPngFolder(options);
}

void ExportActions::onImportNpy()
{
    const QString npy = m_ui.openFile(tr("Import a NumPy Array"), lastFolder(), tr("NumPy arrays (*.npy)"));
    if (npy.isEmpty())
        return;
    QString base = npy;
    if (base.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive))
        base.chop(4);
    const QString out =
        m_ui.saveFile(tr("Save as IDX"), base + QStringLiteral(".idx"),
                      tr("IDX files (*.idx *-ubyte);;gzip IDX files (*.gz);;xz IDX files (*.xz)"));
    if (out.isEmpty())
        return;
    setLastFolder(out);
    importNpy(npy, out, idx::containerForPath(out));
}
