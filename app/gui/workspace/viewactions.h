// ViewActions: View ▸ Zoom In / Zoom Out / Fit / Actual Pixels on the current view's image, and the Go menu:
// previous / next record, a page back or forward, first, last, Go to Record. They act on the
// DocumentManager's current view and are enabled only with one.
#pragma once

#include <QObject>

class QAction;

namespace idx::gui {

class ActionRegistry;
class DocumentManager;

class ViewActions : public QObject {
    Q_OBJECT
public:
    ViewActions(DocumentManager* documents, ActionRegistry* actions, QObject* parent = nullptr);

private:
    void updateActions();

    DocumentManager* m_documents;
    QList<QAction*> m_actions;
};

} // namespace idx::gui
