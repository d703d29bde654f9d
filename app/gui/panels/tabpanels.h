// TabPanels: the registered panels of one document tab. Their controllers are made as the features become
// available (those beside the error page at once, the rest with the tab's content) and each panel when it is
// first asked for (its dock shown, or a lookup), so a hidden dock costs nothing before the first paint. It
// owns both and deletes them in a safe order: the panels first (they live in the window's docks, not in the
// tab), then the controllers, the last made first (a later one may use an earlier one, as the map the
// insights).
#pragma once

#include "panelregistry.h"

#include <QObject>
#include <QPointer>
#include <QWidget>

#include <memory>
#include <vector>

namespace idx::gui {

class Document;
class ViewState;

class TabPanels : public QObject {
    Q_OBJECT
public:
    /// The panels of `registry` for a tab showing `doc` as `state` says.
    TabPanels(const PanelRegistry& registry, Document* doc, ViewState* state, QObject* parent = nullptr);
    ~TabPanels() override;

    [[nodiscard]] Document* document() const { return m_doc; }
    [[nodiscard]] ViewState* viewState() const { return m_state; }

    /// Makes the controllers of the features available now: those offered beside the error page, and with
    /// `content` all.
    void makeAvailable(bool content);
    [[nodiscard]] bool isAvailable(const QString& id) const;
    /// The panel of `id`, made now if it was not yet; null when the feature is not available.
    QWidget* panel(const QString& id);
    /// The panel of `id` if it was made.
    [[nodiscard]] QWidget* madePanel(const QString& id) const;
    [[nodiscard]] QObject* controller(const QString& id) const;
    /// The controller that is a T; null when no available feature has one.
    template <class T> [[nodiscard]] T* controller() const
    {
        for (const Part& p : m_parts)
            if (auto* c = qobject_cast<T*>(p.controller))
                return c;
        return nullptr;
    }
    /// The panel that is a T, made now if need be; null when no available feature has one.
    template <class T> T* panel()
    {
        for (const Part& p : m_parts)
            if (p.available && p.spec->panelType && p.spec->panelType->inherits(&T::staticMetaObject))
                return qobject_cast<T*>(panel(p.spec->id));
        return nullptr;
    }
    /// Every controller that says when it has shown what a first look needs (the statistics) has.
    [[nodiscard]] bool isReady() const;

signals:
    /// The panel of `id` was made (its dock may show it now).
    void panelMade(const QString& id);
    /// isReady() may have changed.
    void readyChanged();
    /// A panel's message for the status bar (an edit refused, a record of another file).
    void message(const QString& text);
    /// A panel asks for the window's action `id` (the header's Attach Labels…).
    void actionRequested(const QString& id);

private:
    struct Part {
        const PanelSpec* spec;
        bool available = false;
        QObject* controller = nullptr; // owned by m_controllers
        QPointer<QWidget> panel;       // owned here, shown in a dock
    };
    [[nodiscard]] Part* find(const QString& id);
    [[nodiscard]] const Part* find(const QString& id) const;

    Document* m_doc;
    ViewState* m_state;
    std::vector<Part> m_parts;                           // in the registry's order
    std::vector<std::unique_ptr<QObject>> m_controllers; // in the order they were made
};

} // namespace idx::gui
