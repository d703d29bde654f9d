// GalleryView: the thumbnail grid, its delegate, and the toolbar (label filter, go to, thumbnail size).
#include "galleryview.h"

#include "document.h"
#include "gallerygrid.h"
#include "gallerymodel.h"
#include "viewstate.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace idx::gui {

// Paints a thumbnail with nearest-neighbour scaling (pixels stay crisp at any size, no re-render on zoom) and
// its caption underneath; a soft placeholder until the thumbnail arrives.
class GalleryDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    int size = Settings::kThumbnailDefault;
    static constexpr int Pad = 4;

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const override
    {
        const int text = option.fontMetrics.height();
        const int w = std::max(size, option.fontMetrics.horizontalAdvance(QStringLiteral("00000 · 0")));
        return {w + 2 * Pad, size + 2 * Pad + text + 2};
    }

    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        p->save();
        const bool selected = option.state & QStyle::State_Selected;
        const QRect cell = option.rect.adjusted(1, 1, -1, -1);
        if (selected)
            p->fillRect(cell, option.palette.brush(QPalette::Highlight));
        const QRect image(cell.left() + (cell.width() - size) / 2, cell.top() + Pad - 1, size, size);
        const QPixmap pixmap = index.data(Qt::DecorationRole).value<QPixmap>();
        if (pixmap.isNull()) {
            QColor c = option.palette.color(QPalette::Mid);
            c.setAlpha(80);
            p->fillRect(image, c);
        } else {
            QSize fitted = pixmap.size().scaled(image.size(), Qt::KeepAspectRatio);
            fitted = fitted.expandedTo(QSize(1, 1));
            const QRect target(image.left() + (image.width() - fitted.width()) / 2,
                               image.top() + (image.height() - fitted.height()) / 2, fitted.width(),
                               fitted.height());
            p->setRenderHint(QPainter::SmoothPixmapTransform, false);
            p->drawPixmap(target, pixmap);
        }
        const QRect textRect(cell.left() + 1, image.bottom() + 2, cell.width() - 2,
                             option.fontMetrics.height());
        const QString text = option.fontMetrics.elidedText(index.data(Qt::DisplayRole).toString(),
                                                           Qt::ElideRight, textRect.width());
        p->setPen(option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
        p->setFont(option.font);
        p->drawText(textRect, Qt::AlignHCenter | Qt::AlignTop, text);
        if (option.state & QStyle::State_HasFocus) {
            p->setPen(QPen(option.palette.color(QPalette::Highlight), 1, Qt::DotLine));
            p->drawRect(cell.adjusted(0, 0, -1, -1));
        }
        p->restore();
    }
};

// The label filter menu stays open while classes are ticked: choosing three classes shouldn't take three
// trips.
class StayOpenMenu : public QMenu {
public:
    using QMenu::QMenu;

protected:
    void mouseReleaseEvent(QMouseEvent* event) override
    {
        QAction* action = activeAction();
        if (action && action->isCheckable() && action->isEnabled()) {
            action->trigger();
            return;
        }
        QMenu::mouseReleaseEvent(event);
    }
};

GalleryView::GalleryView(Document* doc, ViewState* state, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_state(state), m_model(new GalleryModel(doc, state, this)),
      m_delegate(new GalleryDelegate(this)), m_list(new GalleryGrid(this)),
      m_sizeSlider(new QSlider(Qt::Horizontal, this)), m_jump(new QSpinBox(this)),
      m_filterButton(new QToolButton(this)), m_filterMenu(new StayOpenMenu(this)),
      m_visibleTimer(new QTimer(this))
{
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setItemDelegate(m_delegate);
    m_list->setModel(m_model);

    m_filterButton->setPopupMode(QToolButton::InstantPopup);
    m_filterButton->setMenu(m_filterMenu);
    m_filterButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_filterButton->setToolTip(tr("Show only records of some classes"));

    m_jump->setPrefix(tr("Go to "));
    m_jump->setKeyboardTracking(false);
    m_jump->setToolTip(tr("Jump to a record index (Ctrl+G)"));
    m_jump->setAccelerated(true);

    m_sizeSlider->setRange(Settings::kThumbnailMin, Settings::kThumbnailMax);
    m_sizeSlider->setSingleStep(4);
    m_sizeSlider->setPageStep(Settings::kThumbnailMin);
    m_sizeSlider->setValue(m_thumbSize);
    m_sizeSlider->setMaximumWidth(160);
    m_sizeSlider->setToolTip(tr("Thumbnail size"));

    m_recordFilterButton = new QToolButton(this);
    m_recordFilterButton->setObjectName(QStringLiteral("recordFilter"));
    m_recordFilterButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_recordFilterButton->setToolTip(tr("The gallery shows only these records: click to show all"));
    connect(m_recordFilterButton, &QToolButton::clicked, this,
            [this] { m_state->setRecordFilter(std::nullopt); });

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(m_filterButton);
    bar->addWidget(m_recordFilterButton);
    bar->addStretch(1);
    bar->addWidget(m_jump);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Size"), this));
    bar->addWidget(m_sizeSlider);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_list, 1);

    // Ctrl+G is the main window's Go ▸ Go to Record action, which calls focusJump(); a shortcut of our own
    // here would make the key ambiguous and neither would fire.

    connect(m_sizeSlider, &QSlider::valueChanged, this, [this](int px) {
        if (px == m_thumbSize)
            return; // setThumbnailSize() moving the slider
        setThumbnailSize(px);
        emit thumbnailSizeChosen(m_thumbSize); // the person moved it
    });
    connect(m_jump, &QSpinBox::editingFinished, this, [this] {
        if (quint64(m_jump->value()) != m_state->currentRecord())
            jumpTo(quint64(m_jump->value()));
    });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &GalleryView::onCurrentChanged);
    connect(m_list->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &GalleryView::onSelectionChanged);
    connect(m_state, &ViewState::currentRecordChanged, this, &GalleryView::followCurrentRecord);
    connect(m_state, &ViewState::selectionChanged, this, &GalleryView::followSelection);
    connect(m_state, &ViewState::labelFilterChanged, this, &GalleryView::updateFilterButton);
    connect(m_state, &ViewState::recordFilterChanged, this, &GalleryView::updateRecordFilterButton);
    connect(m_model, &QAbstractItemModel::modelReset, this, &GalleryView::updateRecordFilterButton);
    updateRecordFilterButton();
    connect(m_model, &GalleryModel::classesChanged, this, &GalleryView::rebuildFilterMenu);
    connect(m_model, &QAbstractItemModel::modelReset, this,
            [this] { followCurrentRecord(m_state->currentRecord()); });
    auto updateJumpRange = [this] {
        const quint64 n = m_doc->availableRecords();
        m_jump->setRange(0, int(std::min<quint64>(n ? n - 1 : 0, quint64(std::numeric_limits<int>::max()))));
    };
    connect(m_model, &QAbstractItemModel::rowsInserted, this, updateJumpRange);
    connect(m_model, &QAbstractItemModel::modelReset, this, updateJumpRange);

    // Scrolled away: forget requests for what is no longer near the viewport (a short delay batches scroll
    // steps).
    m_visibleTimer->setSingleShot(true);
    m_visibleTimer->setInterval(40);
    connect(m_visibleTimer, &QTimer::timeout, this, &GalleryView::dropInvisibleRequests);
    connect(m_list->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &GalleryView::scheduleVisibleUpdate);
    connect(m_list->verticalScrollBar(), &QScrollBar::rangeChanged, this,
            &GalleryView::scheduleVisibleUpdate);

    updateJumpRange();
    rebuildFilterMenu();
    setThumbnailSize(m_thumbSize);
    followCurrentRecord(m_state->currentRecord());
}

void GalleryView::setThumbnailSize(int px)
{
    px = std::clamp(px, Settings::kThumbnailMin, Settings::kThumbnailMax);
    m_thumbSize = px;
    if (m_sizeSlider->value() != px)
        m_sizeSlider->setValue(px);
    m_delegate->size = px;
    QStyleOptionViewItem option;
    option.initFrom(m_list);
    m_list->setCellSize(m_delegate->sizeHint(option, {}));
    const QModelIndex current = m_list->currentIndex();
    if (current.isValid())
        m_list->scrollTo(current, QAbstractItemView::PositionAtCenter);
}

void GalleryView::jumpTo(quint64 record)
{
    const quint64 n = m_doc->availableRecords();
    if (n == 0)
        return;
    record = std::min(record, n - 1);
    m_state->setCurrentRecord(record);
    followCurrentRecord(record); // also when it already was current: scroll back to it
}

void GalleryView::focusJump()
{
    m_jump->setValue(int(std::min<quint64>(m_state->currentRecord(), quint64(m_jump->maximum()))));
    m_jump->setFocus(Qt::ShortcutFocusReason);
    m_jump->selectAll();
}

void GalleryView::onCurrentChanged(const QModelIndex& current)
{
    if (current.isValid())
        m_state->setCurrentRecord(m_model->recordAt(current.row()));
}

void GalleryView::onSelectionChanged()
{
    if (m_applyingSelection)
        return;
    // Row runs in ascending order, then records as runs: Select All over millions of rows is one range.
    std::vector<std::pair<int, int>> rows;
    for (const QItemSelectionRange& range : m_list->selectionModel()->selection())
        rows.emplace_back(range.top(), range.bottom());
    std::sort(rows.begin(), rows.end());
    idx::RecordSet records;
    for (const auto& [top, bottom] : rows)
        m_model->addRecordsOfRows(top, bottom, records);
    m_state->setSelection(records);
}

void GalleryView::followCurrentRecord(quint64 record)
{
    const int row = m_model->rowOf(record);
    if (row < 0) {
        // Filtered out or not loaded yet: show where it would be, keep the selection.
        const int near = m_model->nearestRow(record);
        if (near >= 0)
            m_list->scrollTo(m_model->index(near));
        return;
    }
    const QModelIndex index = m_model->index(row);
    // Already current (the user clicked it, maybe with Ctrl): keep their multi-selection.
    if (m_list->currentIndex() != index)
        m_list->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
    m_list->scrollTo(index);
    if (!m_jump->hasFocus())
        m_jump->setValue(int(std::min<quint64>(record, quint64(m_jump->maximum()))));
}

void GalleryView::followSelection()
{
    // Selected elsewhere (the table): show the same records here, as row runs so 60,000 stay cheap.
    QItemSelection selection;
    int runStart = -1, runEnd = -1; // adjacent row runs (records filtered out between them) join
    for (const idx::RecordRun& r : m_state->selection().runs()) {
        const auto [a, b] = m_model->rowsOf(r.first, r.end);
        if (a >= b)
            continue;
        if (runStart >= 0 && a == runEnd) {
            runEnd = b;
            continue;
        }
        if (runStart >= 0)
            selection.select(m_model->index(runStart), m_model->index(runEnd - 1));
        runStart = a;
        runEnd = b;
    }
    if (runStart >= 0)
        selection.select(m_model->index(runStart), m_model->index(runEnd - 1));
    if (selection == m_list->selectionModel()->selection())
        return;
    m_applyingSelection = true;
    m_list->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_applyingSelection = false;
}

void GalleryView::rebuildFilterMenu()
{
    m_filterMenu->clear();
    const auto& counts = m_model->classCounts();
    m_filterButton->setVisible(!counts.isEmpty());
    QAction* all = m_filterMenu->addAction(tr("Show All Classes"));
    connect(all, &QAction::triggered, this, [this] { m_state->setLabelFilter({}); });
    m_filterMenu->addSeparator();
    for (auto it = counts.begin(); it != counts.end(); ++it) {
        const qint64 label = it.key();
        QAction* a = m_filterMenu->addAction(
            tr("Class %1 (%2)").arg(m_doc->classNames().caption(label)).arg(it.value()));
        a->setCheckable(true);
        a->setData(label);
        connect(a, &QAction::triggered, this, [this, label](bool on) {
            QSet<qint64> filter = m_state->labelFilter();
            if (on)
                filter.insert(label);
            else
                filter.remove(label);
            m_state->setLabelFilter(filter);
        });
    }
    updateFilterButton();
}

void GalleryView::updateFilterButton()
{
    const QSet<qint64>& filter = m_state->labelFilter();
    for (QAction* a : m_filterMenu->actions())
        if (a->isCheckable())
            a->setChecked(filter.contains(a->data().toLongLong()));
    if (filter.isEmpty()) {
        m_filterButton->setText(tr("Labels: all"));
        return;
    }
    QList<qint64> sorted(filter.begin(), filter.end());
    std::sort(sorted.begin(), sorted.end());
    QStringList names;
    for (qint64 l : sorted)
        names << m_doc->classNames().text(l);
    m_filterButton->setText(
        tr("Labels: %1 (%n records)", nullptr, m_model->rowCount()).arg(names.join(u", ")));
}

void GalleryView::updateRecordFilterButton()
{
    m_recordFilterButton->setVisible(m_state->recordFilter().has_value());
    if (m_state->recordFilter())
        m_recordFilterButton->setText(
            tr("Only %1 (%n records) ✕", nullptr, m_model->rowCount()).arg(m_state->recordFilterName()));
}

void GalleryView::scheduleVisibleUpdate()
{
    m_visibleTimer->start();
}

void GalleryView::dropInvisibleRequests()
{
    const auto [firstRow, lastRow] = m_list->visibleRows();
    if (lastRow < firstRow)
        return;
    // Keep one screenful either side: a small scroll back should not start from scratch.
    const int span = lastRow - firstRow + 1;
    const int from = std::max(0, firstRow - span);
    const int to = std::min(m_model->rowCount() - 1, lastRow + span);
    QSet<quint64> wanted;
    wanted.reserve(to - from + 1);
    for (int row = from; row <= to; ++row)
        wanted.insert(m_model->recordAt(row));
    m_model->thumbnails()->dropRequestsExcept(wanted);
}

} // namespace idx::gui
