// ViewActions: the zoom and record navigation actions, each forwarding to the current view.
#include "viewactions.h"

#include "actionregistry.h"
#include "documentmanager.h"
#include "imageview.h"
#include "navigationcontroller.h"

#include <QAction>

namespace idx::gui {

ViewActions::ViewActions(DocumentManager* documents, ActionRegistry* actions, QObject* parent)
    : QObject(parent), m_documents(documents)
{
    // An action on the current view in `menu` (at the end of `section`), registered as `id`.
    const auto add = [this, actions](const QString& menu, const QString& id, const QString& text,
                                     QList<QKeySequence> keys, auto fn, const QString& section = {}) {
        auto* a = new QAction(text, this);
        a->setShortcuts(keys);
        connect(a, &QAction::triggered, this, [this, fn] {
            if (DocumentView* v = m_documents->currentView())
                fn(v);
        });
        actions->add(menu, id, a, section);
        m_actions << a;
    };
    const auto zoom = [&](const QString& id, const QString& text, QList<QKeySequence> keys,
                          void (ImageView::*slot)()) {
        add(MenuId::View, id, text, keys, [slot](DocumentView* v) {
            if (v->imageView())
                (v->imageView()->*slot)();
        });
    };
    zoom(QStringLiteral("view.zoomIn"), tr("Zoom &In"), {QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus)},
         &ImageView::zoomIn);
    zoom(QStringLiteral("view.zoomOut"), tr("Zoom &Out"),
         {QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus)}, &ImageView::zoomOut);
    zoom(QStringLiteral("view.fit"), tr("&Fit"), {QKeySequence(Qt::CTRL | Qt::Key_0)}, &ImageView::zoomFit);
    zoom(QStringLiteral("view.actualPixels"), tr("&Actual Pixels"), {QKeySequence(Qt::Key_0)},
         &ImageView::zoomActual);

    const QString jump = QStringLiteral("go.section.jump");
    actions->addSection(MenuId::Go, jump);
    const auto go = [&](const QString& id, const QString& text, QKeySequence key, auto fn,
                        const QString& section = {}) { add(MenuId::Go, id, text, {key}, fn, section); };
    // The record stepping of the tab's navigation (none until its content is built).
    const auto step = [](auto fn) {
        return [fn](DocumentView* v) {
            if (auto* n = v->navigation())
                fn(n);
        };
    };
    constexpr int page = NavigationController::kPage;
    go(QStringLiteral("go.previous"), tr("&Previous Record"), QKeySequence(Qt::Key_Left),
       step([](NavigationController* n) { n->stepRecord(-1); }));
    go(QStringLiteral("go.next"), tr("&Next Record"), QKeySequence(Qt::Key_Right),
       step([](NavigationController* n) { n->stepRecord(1); }));
    go(QStringLiteral("go.pageBack"), tr("Page &Back"), QKeySequence(Qt::Key_PageUp),
       step([](NavigationController* n) { n->stepRecord(-page); }));
    go(QStringLiteral("go.pageForward"), tr("Page &Forward"), QKeySequence(Qt::Key_PageDown),
       step([](NavigationController* n) { n->stepRecord(page); }));
    go(QStringLiteral("go.first"), tr("&First Record"), QKeySequence(Qt::Key_Home),
       step([](NavigationController* n) { n->firstRecord(); }));
    go(QStringLiteral("go.last"), tr("&Last Record"), QKeySequence(Qt::Key_End),
       step([](NavigationController* n) { n->lastRecord(); }));
    go(
        QStringLiteral("go.toRecord"), tr("&Go to Record…"), QKeySequence(Qt::CTRL | Qt::Key_G),
        [](DocumentView* v) { v->focusJump(); }, jump);

    connect(documents, &DocumentManager::currentDocumentChanged, this, &ViewActions::updateActions);
    updateActions();
}

void ViewActions::updateActions()
{
    const bool open = m_documents->currentView() != nullptr;
    for (QAction* a : std::as_const(m_actions))
        a->setEnabled(open);
}

} // namespace idx::gui
