// ChangeLogActions: Edit ▸ Export Change Log / Import Change Log. The label edits of the current document
// go out as CSV (record, old, new), and a CSV applies back as one undo step; rows that do not fit are listed.
#pragma once

#include <QObject>

class QAction;

namespace idx::gui {

class ActionRegistry;
class DocumentManager;

class ChangeLogActions : public QObject {
    Q_OBJECT
public:
    ChangeLogActions(DocumentManager* documents, ActionRegistry* actions, QObject* parent = nullptr);

signals:
    /// A message for the status bar; `timeoutMs` as QStatusBar::showMessage.
    void statusMessage(const QString& text, int timeoutMs);

private:
    void exportChangeLog();
    void importChangeLog();
    void updateActions();

    DocumentManager* m_documents;
    QList<QAction*> m_actions;
};

} // namespace idx::gui
