// The class × class table of the insights' class confusion, rebuilt whenever the findings change.
#include "overlapmodel.h"

#include "document.h"
#include "insightscontroller.h"

#include <QLocale>

#include <algorithm>

namespace idx::gui {

OverlapModel::OverlapModel(InsightsController* insights, QObject* parent)
    : QAbstractTableModel(parent), m_insights(insights)
{
    connect(m_insights, &InsightsController::findingsChanged, this, &OverlapModel::rebuild);
    // Class names may change without the labels (File ▸ Class Names…): the headers and tooltips follow.
    connect(m_insights->document(), &Document::labelsChanged, this, [this] {
        if (!m_classes.empty()) {
            emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
            emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                             {Qt::ToolTipRole, Qt::AccessibleTextRole});
        }
    });
    rebuild();
}

void OverlapModel::rebuild()
{
    beginResetModel();
    m_classes.clear();
    m_confusion.clear();
    m_cells.clear();
    m_pairs.clear();
    m_largest = m_total = 0;
    const idx::AuditResult* a = m_insights->result();
    const std::vector<qint64>& labels = m_insights->judgedLabels();
    m_status = !a ? Status::NoFindings : labels.empty() ? Status::NoLabels : Status::Ready;
    if (m_status == Status::Ready) {
        m_classes = labels;
        std::sort(m_classes.begin(), m_classes.end());
        m_classes.erase(std::unique(m_classes.begin(), m_classes.end()), m_classes.end());
        if (m_classes.size() > size_t(kMaxClasses)) {
            m_status = Status::TooManyClasses;
            m_classes.clear();
        }
    }
    if (m_status == Status::Ready) {
        m_confusion = a->confusion;
        m_pairs = idx::classOverlap(m_confusion, labels);
        m_cells.assign(m_classes.size() * m_classes.size(), -1);
        for (size_t i = 0; i < m_confusion.size(); ++i) {
            const idx::ClassConfusion& c = m_confusion[i];
            const int row = indexOf(c.label), column = indexOf(c.favoured);
            if (row < 0 || column < 0)
                continue; // not one of the labels judged: cannot happen for a confusion found on them
            m_cells[size_t(row) * m_classes.size() + size_t(column)] = int(i);
            m_largest = std::max(m_largest, qint64(c.records.size()));
            m_total += qint64(c.records.size());
        }
    }
    endResetModel();
}

int OverlapModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_classes.size());
}

int OverlapModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_classes.size());
}

int OverlapModel::indexOf(qint64 label) const
{
    const auto it = std::lower_bound(m_classes.begin(), m_classes.end(), label);
    return it != m_classes.end() && *it == label ? int(it - m_classes.begin()) : -1;
}

const idx::ClassConfusion* OverlapModel::cell(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return nullptr;
    const int i = m_cells[size_t(row) * m_classes.size() + size_t(column)];
    return i < 0 ? nullptr : &m_confusion[size_t(i)];
}

std::vector<qint64> OverlapModel::records(int row, int column) const
{
    const idx::ClassConfusion* c = cell(row, column);
    return c ? c->records : std::vector<qint64>{};
}

QString OverlapModel::cellText(int row, int column) const
{
    const idx::ClassNames& names = m_insights->document()->classNames();
    const QString label = names.caption(m_classes[size_t(row)]);
    if (row == column)
        return tr("%1 against itself: not counted").arg(label);
    const idx::ClassConfusion* c = cell(row, column);
    const int n = c ? int(c->records.size()) : 0;
    return tr("%n record(s) labelled %1 whose neighbours favour %2", nullptr, n)
        .arg(label, names.caption(m_classes[size_t(column)]));
}

QVariant OverlapModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row(), column = index.column();
    const idx::ClassConfusion* c = cell(row, column);
    const qint64 count = c ? qint64(c->records.size()) : 0;
    switch (role) {
    case Qt::DisplayRole:
        return count > 0 ? QLocale().toString(count) : QString();
    case Qt::ToolTipRole:
    case Qt::AccessibleTextRole:
        return cellText(row, column);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case CountRole:
        return count;
    case HeatRole:
        return m_largest > 0 ? double(count) / double(m_largest) : 0.0;
    case DiagonalRole:
        return row == column;
    default:
        return {};
    }
}

QVariant OverlapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0 || section >= int(m_classes.size()))
        return {};
    const idx::ClassNames& names = m_insights->document()->classNames();
    const qint64 label = m_classes[size_t(section)];
    switch (role) {
    case Qt::DisplayRole:
        // Rows have room for "6 · Shirt"; columns, side by side, take the name alone ("6" without one).
        return orientation == Qt::Vertical ? names.caption(label) : names.text(label);
    case Qt::ToolTipRole:
    case Qt::AccessibleTextRole:
        return orientation == Qt::Vertical ? tr("Labelled %1").arg(names.caption(label))
                                           : tr("Neighbours favour %1").arg(names.caption(label));
    default:
        return {};
    }
}

QString OverlapModel::summary(int count) const
{
    switch (m_status) {
    case Status::NoFindings:
        return tr("The class overlap follows with the insights.");
    case Status::NoLabels:
        return tr("Overlap needs labels: open the labels file beside the images (train-labels-idx1-ubyte "
                  "beside train-images-idx3-ubyte), or attach one (File ▸ Attach Labels…).");
    case Status::TooManyClasses:
        return tr("The labels hold more than %1 classes: too many for a table of classes.")
            .arg(QLocale().toString(kMaxClasses));
    case Status::Ready:
        break;
    }
    if (m_pairs.empty())
        return tr("No class overlaps another: no record's neighbours favour another class over its own.");
    const idx::ClassNames& names = m_insights->document()->classNames();
    const QLocale locale;
    QStringList shown;
    for (size_t i = 0; i < std::min(m_pairs.size(), size_t(std::max(count, 1))); ++i) {
        const idx::ClassOverlap& p = m_pairs[i];
        shown << tr("%1 ~ %2: %n record(s) (%3%)", nullptr, int(p.count))
                     .arg(names.text(p.a), names.text(p.b), locale.toString(p.share * 100, 'f', 1));
    }
    return tr("Most overlap: %1").arg(shown.join(QStringLiteral(" · ")));
}

} // namespace idx::gui
