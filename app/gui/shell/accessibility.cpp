// The accessible interfaces of the custom-drawn widgets.
#include "accessibility.h"

#include "classchart.h"
#include "gallerygrid.h"
#include "histogramwidget.h"
#include "imageview.h"

#include <QAccessibleWidget>
#include <QCoreApplication>
#include <QLocale>
#include <QPersistentModelIndex>
#include <QPointer>
#include <QWindow>

#include <map>

namespace idx::gui {

namespace {

/// One translation context for every interface (they are not QObjects).
struct Accessibility {
    Q_DECLARE_TR_FUNCTIONS(Accessibility)
};

class AccessibleImage : public QAccessibleWidget {
public:
    explicit AccessibleImage(ImageView* w) : QAccessibleWidget(w, QAccessible::Graphic) {}
    QString text(QAccessible::Text t) const override
    {
        const auto* view = static_cast<const ImageView*>(widget());
        if (t == QAccessible::Value) {
            if (!view->hasImage())
                return Accessibility::tr("No image");
            return Accessibility::tr("%1 × %2 pixels, shown at %3 %")
                .arg(view->image().width())
                .arg(view->image().height())
                .arg(qRound(view->zoom() * 100));
        }
        if (t == QAccessible::Name && view->accessibleName().isEmpty())
            return Accessibility::tr("Image");
        return QAccessibleWidget::text(t); // the name, and the record as a description
    }
};

class AccessibleHistogram : public QAccessibleWidget {
public:
    explicit AccessibleHistogram(HistogramWidget* w) : QAccessibleWidget(w, QAccessible::Chart) {}
    QString text(QAccessible::Text t) const override
    {
        const idx::Histogram& h = static_cast<const HistogramWidget*>(widget())->histogram();
        const QLocale locale;
        switch (t) {
        case QAccessible::Name:
            return Accessibility::tr("Histogram of values");
        case QAccessible::Description:
            return Accessibility::tr("Drag across it to set the display window.");
        case QAccessible::Value: {
            if (h.counts.empty())
                return Accessibility::tr("No values");
            quint64 total = 0;
            size_t top = 0;
            for (size_t i = 0; i < h.counts.size(); ++i) {
                total += h.counts[i];
                if (h.counts[i] > h.counts[top])
                    top = i;
            }
            return Accessibility::tr("%1 values from %2 to %3 in %4 bins; the fullest, %5 to %6, holds %7")
                .arg(locale.toString(total), locale.toString(h.edges.front(), 'g', 6),
                     locale.toString(h.edges.back(), 'g', 6), locale.toString(qulonglong(h.counts.size())),
                     locale.toString(h.edges[top], 'g', 6), locale.toString(h.edges[top + 1], 'g', 6),
                     locale.toString(h.counts[top]));
        }
        default:
            return QAccessibleWidget::text(t);
        }
    }
};

class AccessibleClassChart : public QAccessibleWidget {
public:
    explicit AccessibleClassChart(ClassChart* w) : QAccessibleWidget(w, QAccessible::Chart) {}
    QString text(QAccessible::Text t) const override
    {
        const auto* chart = static_cast<const ClassChart*>(widget());
        const QLocale locale;
        switch (t) {
        case QAccessible::Name:
            return Accessibility::tr("Class distribution");
        case QAccessible::Description:
            return Accessibility::tr("Click a class to show only it in the gallery.");
        case QAccessible::Value: {
            if (chart->counts().isEmpty())
                return Accessibility::tr("No classes");
            QStringList parts;
            for (auto it = chart->counts().cbegin(); it != chart->counts().cend(); ++it)
                parts << Accessibility::tr("%1: %2 records")
                             .arg(chart->classNames().caption(it.key()), locale.toString(it.value()));
            return parts.join(QStringLiteral("; "));
        }
        default:
            return QAccessibleWidget::text(t);
        }
    }
};

/// A visible cell of the gallery: a list item named by its caption. It holds its model index persistently, so
/// a reset or a removal makes it invalid instead of another record's.
class AccessibleGalleryItem : public QAccessibleInterface {
public:
    AccessibleGalleryItem(GalleryGrid* grid, const QModelIndex& index) : m_grid(grid), m_index(index) {}
    bool isValid() const override { return m_grid && m_index.isValid(); }
    QObject* object() const override { return nullptr; }
    QWindow* window() const override { return m_grid ? m_grid->window()->windowHandle() : nullptr; }
    QAccessibleInterface* parent() const override
    {
        return m_grid ? QAccessible::queryAccessibleInterface(m_grid) : nullptr;
    }
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QAccessibleInterface* focusChild() const override { return nullptr; }
    QAccessible::Role role() const override { return QAccessible::ListItem; }
    void setText(QAccessible::Text, const QString&) override {}
    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        if (t == QAccessible::Name)
            return m_index.data(Qt::DisplayRole).toString();
        if (t == QAccessible::Description)
            return m_index.data(Qt::ToolTipRole).toString();
        return {};
    }
    QRect rect() const override
    {
        if (!isValid())
            return {};
        const QRect r = m_grid->visualRect(m_index);
        return QRect(m_grid->viewport()->mapToGlobal(r.topLeft()), r.size());
    }
    QAccessible::State state() const override
    {
        QAccessible::State s;
        s.selectable = true;
        if (isValid()) {
            s.selected = m_grid->selectionModel() && m_grid->selectionModel()->isSelected(m_index);
            s.focused = m_grid->currentIndex() == m_index && m_grid->hasFocus();
        }
        return s;
    }
    [[nodiscard]] const GalleryGrid* grid() const { return m_grid; }
    [[nodiscard]] int row() const { return m_index.row(); }

private:
    QPointer<GalleryGrid> m_grid;
    QPersistentModelIndex m_index;
};

/// The gallery as a list whose children are the cells in view (never one per record: there may be millions).
class AccessibleGallery : public QAccessibleWidget {
public:
    explicit AccessibleGallery(GalleryGrid* w) : QAccessibleWidget(w, QAccessible::List) {}
    ~AccessibleGallery() override
    {
        for (const auto& [row, id] : m_items)
            QAccessible::deleteAccessibleInterface(id);
    }
    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        if (t == QAccessible::Name && widget()->accessibleName().isEmpty())
            return Accessibility::tr("Records");
        if (t == QAccessible::Value) {
            const auto* g = grid();
            if (!g->model())
                return {};
            return Accessibility::tr("%1 records").arg(QLocale().toString(g->model()->rowCount()));
        }
        return QAccessibleWidget::text(t);
    }
    int childCount() const override
    {
        if (!isValid())
            return 0;
        const auto [first, last] = grid()->visibleRows();
        return std::max(0, last - first + 1);
    }
    QAccessibleInterface* child(int i) const override
    {
        if (!isValid() || !grid()->model())
            return nullptr;
        const auto [first, last] = grid()->visibleRows();
        forgetOutside(first, last);
        if (i < 0 || first + i > last)
            return nullptr;
        const int row = first + i;
        auto it = m_items.find(row);
        if (it != m_items.end()) {
            const auto* item =
                static_cast<AccessibleGalleryItem*>(QAccessible::accessibleInterface(it->second));
            if (item && item->isValid() && item->row() == row)
                return QAccessible::accessibleInterface(it->second);
            QAccessible::deleteAccessibleInterface(it->second); // its record went (a reset, a filter)
            m_items.erase(it);
        }
        auto* item = new AccessibleGalleryItem(grid(), grid()->model()->index(row, 0));
        m_items.emplace(row, QAccessible::registerAccessibleInterface(item));
        return item;
    }
    int indexOfChild(const QAccessibleInterface* child) const override
    {
        const auto* item = dynamic_cast<const AccessibleGalleryItem*>(child);
        if (!isValid() || !item || item->grid() != grid() || !item->isValid())
            return -1;
        const auto [first, last] = grid()->visibleRows();
        return item->row() >= first && item->row() <= last ? item->row() - first : -1;
    }

private:
    GalleryGrid* grid() const { return static_cast<GalleryGrid*>(widget()); }
    /// Items of cells no longer in view are let go: the cache holds a screenful, whatever the records.
    void forgetOutside(int first, int last) const
    {
        for (auto it = m_items.begin(); it != m_items.end();) {
            if (it->first >= first && it->first <= last) {
                ++it;
                continue;
            }
            QAccessible::deleteAccessibleInterface(it->second);
            it = m_items.erase(it);
        }
    }
    mutable std::map<int, QAccessible::Id> m_items; // the items handed out, by row (the registry owns them)
};

} // namespace

QAccessibleInterface* accessibleInterface(const QString& className, QObject* object)
{
    auto* w = qobject_cast<QWidget*>(object);
    if (!w)
        return nullptr;
    // The factory is asked with each class name up the hierarchy: answer for the exact class only.
    if (className == QLatin1String(ImageView::staticMetaObject.className()))
        return new AccessibleImage(static_cast<ImageView*>(w));
    if (className == QLatin1String(GalleryGrid::staticMetaObject.className()))
        return new AccessibleGallery(static_cast<GalleryGrid*>(w));
    if (className == QLatin1String(HistogramWidget::staticMetaObject.className()))
        return new AccessibleHistogram(static_cast<HistogramWidget*>(w));
    if (className == QLatin1String(ClassChart::staticMetaObject.className()))
        return new AccessibleClassChart(static_cast<ClassChart*>(w));
    return nullptr;
}

void installAccessibility()
{
    static bool installed = false;
    if (!installed)
        QAccessible::installFactory(&accessibleInterface);
    installed = true;
}

} // namespace idx::gui
