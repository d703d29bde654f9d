// The map's accessible interface, installed by the map itself so that the application's own factory
// (shell/accessibility.cpp) need not know the feature.
#include "mapaccessible.h"

#include "mapview.h"

#include <QAccessibleWidget>
#include <QCoreApplication>
#include <QLocale>

namespace idx::gui {

namespace {

/// The translation context of every accessible interface (they are not QObjects).
struct Accessibility {
    Q_DECLARE_TR_FUNCTIONS(Accessibility)
};

class AccessibleMap : public QAccessibleWidget {
public:
    explicit AccessibleMap(MapView* w) : QAccessibleWidget(w, QAccessible::Chart) {}
    QString text(QAccessible::Text t) const override
    {
        const auto* map = static_cast<const MapView*>(widget());
        const QLocale locale;
        switch (t) {
        case QAccessible::Name:
            return Accessibility::tr("Dataset map");
        case QAccessible::Description:
            return Accessibility::tr(
                "Every record a point, similar records close together. Drag to select points.");
        case QAccessible::Value:
            if (map->pointCount() == 0)
                return Accessibility::tr("No map yet");
            return Accessibility::tr("%1 points, %2 selected; colours: %3")
                .arg(locale.toString(map->pointCount()), locale.toString(qulonglong(map->selection().size())),
                     map->legend().join(QStringLiteral(", ")));
        default:
            return QAccessibleWidget::text(t);
        }
    }
};

QAccessibleInterface* mapInterface(const QString& className, QObject* object)
{
    // Asked with each class name up the hierarchy: the exact class only.
    if (className != QLatin1String(MapView::staticMetaObject.className()))
        return nullptr;
    auto* view = qobject_cast<MapView*>(object);
    return view ? new AccessibleMap(view) : nullptr;
}

} // namespace

void installMapAccessibility()
{
    static const bool installed = [] {
        QAccessible::installFactory(&mapInterface);
        return true;
    }();
    Q_UNUSED(installed);
}

} // namespace idx::gui
