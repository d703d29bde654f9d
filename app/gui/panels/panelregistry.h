// PanelRegistry: the side panels a document tab offers. Each feature folder describes its panel once (a
// PanelSpec: its id, its dock, how a tab makes its controller and its panel, its View-menu action) and the
// shell registers them all in one place (registerFeatures()), as Qt Creator and Okteta register their tools'
// factories. DocumentView makes a tab's panels through TabPanels and the main window makes one dock per
// panel: neither names a feature.
#pragma once

#include <QKeySequence>
#include <QMetaObject>
#include <QObject>
#include <QSize>
#include <QString>

#include <deque>
#include <functional>
#include <optional>

class QWidget;

namespace idx::gui {

class Document;
class TabPanels;

/// A panel's action in the View menu: its dock shown and raised, then `trigger` on the current tab's panel.
struct PanelAction {
    QString id; // registered under this id (ActionRegistry)
    std::function<QString()> text;
    QKeySequence shortcut;
    bool needsDocument = false; // enabled, and acting, only with a tab that offers the panel
    std::function<void(QWidget* panel)> trigger;
};

struct PanelSpec {
    /// One word, the feature's folder and its menus' word: "statistics", "insights", "map".
    QString id;
    /// The dock's object name (saved window layouts know docks by it).
    QString dockName;
    /// The dock's title, translated when the dock is made.
    std::function<QString()> title;
    Qt::DockWidgetArea area = Qt::RightDockWidgetArea;
    /// The id of the panel whose dock this one shares, as a tab behind it; empty: a dock of its own, in front
    /// of those behind it.
    QString behind;
    /// Its first width and height in its dock area (0: as laid out).
    QSize size;
    int minimumHeight = 0;
    /// When it comes to the front, the bottom area grows to at least this share of the window (per cent).
    int growsTo = 0;
    /// Its panel scrolls (rows that may not fit: one per axis).
    bool scrolls = false;
    /// Also offered beside the error page (the header); the others come with the tab's content.
    bool withoutContent = false;
    /// Brought to the front when a tab with such a document becomes current.
    std::function<bool(const Document&)> raiseFor;
    std::optional<PanelAction> action;

    /// The widget-free controller a tab makes with the feature (none: the panel works on the document).
    std::function<QObject*(TabPanels&)> makeController;
    const QMetaObject* controllerType = nullptr;
    /// The panel, made when it is first asked for.
    std::function<QWidget*(TabPanels&)> makePanel;
    const QMetaObject* panelType = nullptr;
    /// Whether the controller is done with what a first look shows (--screenshot waits), and the signal
    /// that says it changed; empty: never waited for.
    std::function<bool(const QObject*)> isReady;
    std::function<void(QObject* controller, QObject* receiver, std::function<void()> changed)> onReady;

    template <class C> void setController(std::function<C*(TabPanels&)> make)
    {
        makeController = [make = std::move(make)](TabPanels& tab) -> QObject* { return make(tab); };
        controllerType = &C::staticMetaObject;
    }
    template <class P> void setPanel(std::function<P*(TabPanels&)> make)
    {
        makePanel = [make = std::move(make)](TabPanels& tab) -> QWidget* { return make(tab); };
        panelType = &P::staticMetaObject;
    }
    template <class C> void setReadiness(bool (C::*ready)() const, void (C::*readySignal)())
    {
        isReady = [ready](const QObject* c) { return (static_cast<const C*>(c)->*ready)(); };
        onReady = [readySignal](QObject* c, QObject* receiver, std::function<void()> changed) {
            QObject::connect(static_cast<C*>(c), readySignal, receiver, std::move(changed));
        };
    }
};

class PanelRegistry {
public:
    /// The registry of the process (filled once, before the first tab: registerFeatures()).
    [[nodiscard]] static PanelRegistry& instance();

    /// Registers `spec` after those registered before (the order of the docks and their menu items).
    /// Refused (false) when its id is empty or taken.
    bool add(PanelSpec spec);
    [[nodiscard]] const std::deque<PanelSpec>& panels() const { return m_panels; }
    [[nodiscard]] const PanelSpec* find(const QString& id) const;

private:
    std::deque<PanelSpec> m_panels; // a deque: tabs keep pointers to the specs
};

} // namespace idx::gui
