// ActionRegistry: the window's menus and actions, by id. Controllers register their actions under ids and
// place them in menus by id — in a named section, or before another item — so no code looks a menu up by its
// translated title, and controllers may be made in any order: an item placed in a menu, a section or before
// an item that does not exist yet moves into its place as soon as that exists.
#pragma once

#include <QHash>
#include <QLatin1String>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QMenu;
class QMenuBar;
class QWidget;

namespace idx::gui {

/// The ids the wiring and the controllers share: menus and the sections of menus several controllers fill.
namespace MenuId {
inline constexpr QLatin1String Bar("menubar"); // the menu bar: top-level menus are placed in it
inline constexpr QLatin1String File("file");
inline constexpr QLatin1String Edit("edit");
inline constexpr QLatin1String Export("export");
inline constexpr QLatin1String View("view");
inline constexpr QLatin1String Go("go");
inline constexpr QLatin1String Help("help");
inline constexpr QLatin1String Import("file.import"); // File ▸ Import
} // namespace MenuId

namespace SectionId {
inline constexpr QLatin1String FileImport("file.section.import");       // File: Import
inline constexpr QLatin1String FileSave("file.section.save");           // File: Save, Save As, ...
inline constexpr QLatin1String FileDocument("file.section.document");   // File: labels, reload
inline constexpr QLatin1String FileClose("file.section.close");         // File: Close, Quit
inline constexpr QLatin1String EditChangeLog("edit.section.changelog"); // Edit: change logs
inline constexpr QLatin1String EditClipboard("edit.section.clipboard"); // Edit: Copy Image
} // namespace SectionId

class ActionRegistry : public QObject {
    Q_OBJECT
public:
    explicit ActionRegistry(QObject* parent = nullptr);
    ~ActionRegistry() override; // deletes the menus it made

    /// Registers `action` as `id`. Refused (false, nothing changes) when `id` is empty or taken: ids are
    /// unique across actions, menus and sections.
    bool addAction(const QString& id, QAction* action);
    /// Makes a menu titled `title`, registered as `id` (its menu action is the item placed in other menus
    /// or the bar). Null when `id` is taken.
    QMenu* addMenu(const QString& id, const QString& title);
    /// Adds a separator to `menuId` that begins section `id`; sections follow each other in the order they
    /// are added, after the menu's unnamed first section. False when `id` is taken.
    bool addSection(const QString& menuId, const QString& id);

    /// Places the item `id` (an action or a menu) at the end of `section` of `menuId` (empty: the first,
    /// unnamed section). False when the item is unknown or placed already.
    bool place(const QString& menuId, const QString& id, const QString& section = {});
    /// Places the item `id` in `menuId` just before the item `before` (after items placed before it earlier).
    bool placeBefore(const QString& menuId, const QString& id, const QString& before);
    /// addAction() and place() in one step; returns `action`, or null when the id was refused.
    QAction* add(const QString& menuId, const QString& id, QAction* action, const QString& section = {});

    [[nodiscard]] QAction* action(const QString& id) const;
    [[nodiscard]] QMenu* menu(const QString& id) const;
    /// Shows the top-level menus (those placed in MenuId::Bar) in `bar`.
    void setMenuBar(QMenuBar* bar);

private:
    struct Placement {
        QString container; // a menu id, or MenuId::Bar
        QString id;
        QString section; // placed at the end of this section ...
        QString before;  // ... or just before this item
    };
    [[nodiscard]] bool registerItem(const QString& id, QAction* action);
    bool placeItem(const Placement& placement);
    [[nodiscard]] QWidget* containerWidget(const QString& container) const;
    /// The order of `container`'s items from the placements; puts the actions into its widget in that order.
    void layout(const QString& container);

    QHash<QString, QPointer<QAction>> m_items; // actions, menu actions and section separators
    QHash<QString, QPointer<QMenu>> m_menus;
    QList<QPointer<QMenu>> m_ownMenus;
    QList<Placement> m_placements;          // in the order they were made
    QHash<QString, QStringList> m_sections; // container -> its sections, in order
    QPointer<QMenuBar> m_bar;
};

} // namespace idx::gui
