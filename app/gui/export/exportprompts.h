// ExportPrompts: the Export menu, File ▸ Import and Edit ▸ Copy Image. Each action asks for its parameters
// (dialogs and native choosers, through the ExportController's ui()) and hands them to one of the
// controller's start functions; nothing here does any work itself.
#pragma once

#include "exportcontroller.h"

#include <QObject>

class QAction;
class QMenu;

namespace idx::gui {

class ActionRegistry;
class DocumentManager;
class DocumentView;

class ExportPrompts : public QObject {
    Q_OBJECT
public:
    ExportPrompts(ExportController* controller, DocumentManager* documents, ActionRegistry* actions,
                  QObject* parent = nullptr);

    [[nodiscard]] QMenu* exportMenu() const;
    [[nodiscard]] QMenu* importMenu() const { return m_importMenu; }
    [[nodiscard]] QAction* copyImageAction() const { return m_copyImage; }

private:
    void createActions();
    void updateActions();
    /// Ctrl+C copies the image only where the image view has the focus: the table copies its text.
    void attachCopyShortcut();
    /// The current view when it can be exported from, else null after a warning.
    [[nodiscard]] DocumentView* usableView();
    [[nodiscard]] QString suggestedPath(DocumentView* view, const QString& suffix) const;

    void onExportSlice(bool asDisplayed);
    void onExportRecords();
    void onContactSheet();
    void onSprite();
    void onExportData(ExportController::DataSource source, DataFormat format);
    void onExportSubset();
    void onImportPng();
    void onImportNpy();

    ExportController* m_controller;
    DocumentManager* m_documents;
    ActionRegistry* m_actions;
    QMenu* m_importMenu = nullptr;
    QAction* m_copyImage = nullptr;
    QList<QAction*> m_documentActions; // usable only with a valid document in an image view
};

} // namespace idx::gui
