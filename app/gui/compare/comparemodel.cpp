// The differences of a comparison as table rows.
#include "comparemodel.h"

#include "comparecontroller.h"

#include <QLocale>

#include <cmath>

namespace idx::gui {

CompareModel::CompareModel(CompareController* compare, QObject* parent)
    : QAbstractTableModel(parent), m_compare(compare)
{
    connect(compare, &CompareController::compared, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int CompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(std::min<size_t>(m_compare->rows().size(), INT_MAX));
}

int CompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool CompareModel::showsValues() const
{
    return !m_compare->rows().empty() &&
           (m_compare->rows().front().valueA || m_compare->rows().front().valueB);
}

QVariant CompareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_compare->rows().size())
        return {};
    const CompareRow& r = m_compare->rows()[size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == What ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const QLocale locale;
    auto record = [&](const std::optional<quint64>& i) {
        return i ? locale.toString(*i) : QStringLiteral("–");
    };
    switch (index.column()) {
    case What:
        switch (r.kind) {
        case CompareRow::Kind::Changed:
            return tr("Changed");
        case CompareRow::Kind::Moved:
            return tr("Moved");
        case CompareRow::Kind::Deleted:
            return tr("Only in this file");
        case CompareRow::Kind::Inserted:
            return tr("Only in the other");
        }
        return {};
    case Record:
        return record(r.a);
    case OtherRecord:
        return record(r.b);
    case Amount:
    case Largest:
        if (showsValues()) {
            const auto& v = index.column() == Amount ? r.valueA : r.valueB;
            return v ? locale.toString(*v, 'g', 10) : QStringLiteral("–");
        }
        if (r.kind != CompareRow::Kind::Changed)
            return {};
        if (index.column() == Amount)
            return locale.toString(r.elements);
        return std::isfinite(r.maxAbsDiff) ? locale.toString(r.maxAbsDiff, 'g', 6) : QStringLiteral("∞");
    default:
        return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case What:
        return tr("Difference");
    case Record:
        return tr("Record");
    case OtherRecord:
        return tr("In the other");
    case Amount:
        return showsValues() ? tr("Label") : tr("Values differing");
    case Largest:
        return showsValues() ? tr("Other label") : tr("Largest difference");
    default:
        return {};
    }
}

} // namespace idx::gui
