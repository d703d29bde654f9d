// The Overlap tab: the sentence, the shaded class table and the chosen cell's records.
#include "overlapview.h"

#include "document.h"
#include "insightscontroller.h"
#include "insightsmodel.h"
#include "overlapmodel.h"

#include <QEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QListView>
#include <QPainter>
#include <QScrollBar>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace idx::gui {

namespace {

/// WCAG's relative luminance: which text colour reads on a fill.
double luminance(const QColor& c)
{
    const auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor& a, const QColor& b)
{
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

QColor mix(const QColor& from, const QColor& to, double t)
{
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * t),
                            float(from.greenF() + (to.greenF() - from.greenF()) * t),
                            float(from.blueF() + (to.blueF() - from.blueF()) * t));
}

/// Draws a cell of the class table: the palette's base shaded towards its highlight by the count (the
/// square root of its share of the largest, so that small cells still show), the diagonal tinted like a
/// cell that does not count, the number in whichever of the text colours reads better on the shade, and the
/// current cell framed rather than filled (a fill would hide its shade). From the palette only: it reads in
/// light and dark themes alike.
class HeatDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem o = option;
        initStyleOption(&o, index);
        const QPalette& pal = o.palette;
        const QColor base = pal.color(QPalette::Base);
        QColor fill = base;
        if (index.data(OverlapModel::DiagonalRole).toBool())
            fill = mix(base, pal.color(QPalette::Text), 0.08);
        else if (const double heat = index.data(OverlapModel::HeatRole).toDouble(); heat > 0)
            fill = mix(base, pal.color(QPalette::Highlight), 0.12 + 0.78 * std::sqrt(heat));
        p->save();
        p->fillRect(o.rect, fill);
        const QColor text = pal.color(QPalette::Text), onHighlight = pal.color(QPalette::HighlightedText);
        p->setPen(contrast(text, fill) >= contrast(onHighlight, fill) ? text : onHighlight);
        p->setFont(o.font);
        p->drawText(o.rect.adjusted(3, 0, -3, 0), Qt::AlignCenter, o.text);
        if (o.state & (QStyle::State_Selected | QStyle::State_HasFocus)) {
            QPen frame(text, 2);
            frame.setJoinStyle(Qt::MiterJoin);
            p->setPen(frame);
            p->setBrush(Qt::NoBrush);
            p->drawRect(QRectF(o.rect).adjusted(1, 1, -1, -1));
        }
        p->restore();
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        // Room for "9,999" whatever the cell holds: the columns do not jump as counts change.
        const QSize hint = QStyledItemDelegate::sizeHint(option, index);
        return {std::max(hint.width(), option.fontMetrics.horizontalAdvance(QStringLiteral("9,999")) + 12),
                hint.height()};
    }
};

} // namespace

OverlapView::OverlapView(InsightsController* insights, InsightsModel* records, QListView* list,
                         QWidget* parent)
    : QWidget(parent), m_insights(insights), m_records(records), m_list(list)
{
    setObjectName(QStringLiteral("overlapView"));
    m_model = new OverlapModel(m_insights, this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("overlapSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setToolTip(tr("Class pairs by the records of either class whose nearest neighbours favour the "
                             "other; in brackets, their share of the two classes' records"));
    m_axes = new QLabel(tr("Rows: the records' label · columns: the class their nearest neighbours favour · "
                           "choose a cell for its records"),
                        this);
    m_axes->setEnabled(false);
    m_axes->setWordWrap(true);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("overlapTable"));
    m_table->setAccessibleName(tr("Class overlap"));
    m_table->setAccessibleDescription(
        tr("Rows: the class records are labelled; columns: the class their nearest neighbours favour; each "
           "cell the number of such records"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new HeatDelegate(m_table));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setCornerButtonEnabled(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setHighlightSections(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_table->installEventFilter(this);

    m_list->setAccessibleName(tr("Records of the chosen cell"));
    m_list->setAccessibleDescription(tr("Each record beside its nearest neighbours, with their labels"));
    // The sentences go with the records: beside the table in a wide dock, the table keeps the full height.
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->setSpacing(2);
    sideLayout->addWidget(m_summary);
    sideLayout->addWidget(m_axes);
    sideLayout->addWidget(m_list, 1);
    sideLayout->addStretch(0);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setChildrenCollapsible(false);
    m_tablePane = new QWidget(this);
    auto* paneLayout = new QVBoxLayout(m_tablePane);
    paneLayout->setContentsMargins(0, 0, 0, 0);
    paneLayout->addWidget(m_table, 1); // up to its maximum height (fitTable), then the stretch below
    paneLayout->addStretch(0);
    m_splitter->addWidget(m_tablePane);
    m_splitter->addWidget(side);
    m_splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_splitter);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &OverlapView::choose);
    connect(m_table, &QTableView::doubleClicked, this, &OverlapView::enterList);
    connect(m_model, &QAbstractItemModel::modelReset, this, &OverlapView::onReset);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    onReset();
}

QString OverlapView::summaryText() const
{
    return m_summary->text();
}

QString OverlapView::cellName() const
{
    const auto& cell = m_records->cell();
    if (!cell)
        return {};
    const idx::ClassNames& names = m_insights->document()->classNames();
    return tr("%1 whose neighbours favour %2").arg(names.text(cell->label), names.text(cell->favoured));
}

void OverlapView::choose(const QModelIndex& index)
{
    if (m_restoring)
        return;
    // Another cell: its list starts at the top, and nothing is shown until a record is chosen.
    m_list->setCurrentIndex({});
    if (!index.isValid() || index.row() == index.column()) {
        m_records->setCell(std::nullopt);
        return;
    }
    m_records->setCell(InsightsModel::Cell{m_model->classes()[size_t(index.row())],
                                           m_model->classes()[size_t(index.column())]});
}

void OverlapView::onReset()
{
    const bool ready = m_model->status() == OverlapModel::Status::Ready;
    m_summary->setText(m_model->summary());
    m_axes->setVisible(ready);
    m_tablePane->setVisible(ready);
    m_list->setVisible(ready);
    // The same classes chosen again (a label edit changes their records, not what was chosen).
    const auto& cell = m_records->cell();
    const int row = cell ? m_model->indexOf(cell->label) : -1,
              column = cell ? m_model->indexOf(cell->favoured) : -1;
    if (row >= 0 && column >= 0) {
        m_restoring = true;
        m_table->setCurrentIndex(m_model->index(row, column));
        m_restoring = false;
    } else if (cell) {
        m_records->setCell(std::nullopt);
    }
    QTimer::singleShot(0, this, &OverlapView::fitTable); // once the headers have measured the new classes
}

void OverlapView::enterList()
{
    if (m_list->model()->rowCount() == 0)
        return;
    m_list->setFocus(Qt::OtherFocusReason);
    if (!m_list->currentIndex().isValid())
        m_list->setCurrentIndex(m_list->model()->index(0, 0));
}

bool OverlapView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            enterList();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void OverlapView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    fitTable();
}

void OverlapView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // A wide dock (at the bottom) puts the records beside the table; a tall one, below it.
    const Qt::Orientation wanted = width() >= 2 * height() ? Qt::Horizontal : Qt::Vertical;
    if (wanted != m_splitter->orientation()) {
        m_splitter->setOrientation(wanted);
        m_userSized = false;
    }
    fitTable();
}

void OverlapView::fitTable()
{
    if (m_tablePane->isHidden())
        return;
    m_table->resizeColumnsToContents();
    // The table's full extent, with a scroll bar across whatever does not fit the other way.
    const int frame = 2 * m_table->frameWidth();
    const int width =
        m_table->verticalHeader()->sizeHint().width() + m_table->horizontalHeader()->length() + frame;
    const int height =
        m_table->horizontalHeader()->sizeHint().height() + m_table->verticalHeader()->length() + frame;
    const int scrollWidth = m_table->verticalScrollBar()->sizeHint().width();
    const int scrollHeight = m_table->horizontalScrollBar()->sizeHint().height();
    const bool across = m_splitter->orientation() == Qt::Horizontal;
    if (!m_userSized) {
        // The table as large as it needs, up to two thirds: the records keep the rest.
        const int total = across ? m_splitter->width() : m_splitter->height();
        const int wanted = std::min(across ? width + (height > m_splitter->height() ? scrollWidth : 0)
                                           : height + (width > m_splitter->width() ? scrollHeight : 0),
                                    total * 2 / 3);
        m_splitter->setSizes({wanted, std::max(total - wanted, 1)});
    }
    // No taller than its rows: below them the dock's background rather than an empty grid.
    const int paneWidth = across ? m_splitter->sizes().value(0) : m_splitter->width();
    m_table->setMaximumHeight(height + (width > paneWidth ? scrollHeight : 0));
}

} // namespace idx::gui
