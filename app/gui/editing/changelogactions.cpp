// ChangeLogActions: the file choosers around core's change-log writer and Editing::applyChangeLog.
#include "changelogactions.h"

#include "actionregistry.h"
#include "changelog.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcommands.h"
#include "filefilters.h"
#include "statustimeouts.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>

namespace idx::gui {

ChangeLogActions::ChangeLogActions(DocumentManager* documents, ActionRegistry* actions, QObject* parent)
    : QObject(parent), m_documents(documents)
{
    auto* out = new QAction(tr("E&xport Change Log…"), this);
    auto* in = new QAction(tr("Im&port Change Log…"), this);
    connect(out, &QAction::triggered, this, &ChangeLogActions::exportChangeLog);
    connect(in, &QAction::triggered, this, &ChangeLogActions::importChangeLog);
    actions->add(MenuId::Edit, QStringLiteral("edit.exportChangeLog"), out, SectionId::EditChangeLog);
    actions->add(MenuId::Edit, QStringLiteral("edit.importChangeLog"), in, SectionId::EditChangeLog);
    m_actions << out << in;
    connect(documents, &DocumentManager::currentDocumentChanged, this, &ChangeLogActions::updateActions);
    updateActions();
}

void ChangeLogActions::updateActions()
{
    const bool open = m_documents->currentView() != nullptr;
    for (QAction* a : std::as_const(m_actions))
        a->setEnabled(open);
}

void ChangeLogActions::exportChangeLog()
{
    Document* doc = m_documents->currentDocument();
    if (!doc)
        return;
    const idx::EditableTensor* labels =
        doc->labelsFile()
            ? doc->editable(Document::Part::Labels)
            : (doc->file()->header().ndim() <= 1 ? doc->editable(Document::Part::Main) : nullptr);
    if (!labels)
        return emit statusMessage(tr("This document has no labels."), StatusTimeout::kResultMs);
    const auto changes = idx::labelChanges(*labels);
    const QString path =
        QFileDialog::getSaveFileName(m_documents->dialogParent(), tr("Export Change Log"), {},
                                     fileFilters({fileFilter(idx::Format::Csv), allFilesFilter()}));
    if (path.isEmpty())
        return;
    const idx::WriteResult r = idx::writeChangeLog(path, changes);
    emit statusMessage(r ? tr("%n label changes written to %1.", nullptr, int(changes.size()))
                               .arg(QDir::toNativeSeparators(path))
                         : tr("%1 was not written: %2").arg(QDir::toNativeSeparators(path), r.error),
                       StatusTimeout::kResultMs);
}

void ChangeLogActions::importChangeLog()
{
    Document* doc = m_documents->currentDocument();
    if (!doc)
        return;
    const QString path =
        QFileDialog::getOpenFileName(m_documents->dialogParent(), tr("Import Change Log"), {},
                                     fileFilters({fileFilter(idx::Format::Csv), allFilesFilter()}));
    if (path.isEmpty())
        return;
    QStringList issues;
    if (const QString error = Editing::applyChangeLog(doc, path, &issues); !error.isEmpty())
        emit statusMessage(error, StatusTimeout::kResultMs);
    if (!issues.isEmpty()) {
        auto* box = new QMessageBox(QMessageBox::Information, tr("Change Log"),
                                    tr("Some rows were not applied:\n%1").arg(issues.mid(0, 30).join(u'\n')),
                                    QMessageBox::Ok, m_documents->dialogParent());
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setModal(false);
        box->show();
    }
}

} // namespace idx::gui
