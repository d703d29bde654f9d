// TableModel: shape-dependent layout and on-demand cell decoding.
#include "tablemodel.h"

#include "document.h"
#include "editcommands.h"
#include "reshape.h"
#include "viewstate.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace idx::gui {

namespace {
constexpr quint64 MaxInt = quint64(std::numeric_limits<int>::max());
}

TableModel::TableModel(Document* doc, ViewState* state, QObject* parent)
    : QAbstractTableModel(parent), m_doc(doc), m_state(state)
{
    connect(m_doc, &Document::viewChanged, this, &TableModel::onViewChanged);
    connect(m_doc, &Document::edited, this, [this](Document::Part part) {
        if (part != Document::Part::Main)
            return;
        const idx::TensorPieces view = m_doc->pieces();
        if (view.header().dims != m_view.header().dims)
            return;    // records inserted or deleted: onViewChanged resets the model
        m_view = view; // same shape: repaint the cells
        if (m_rows > 0 && m_cols > 0)
            emit dataChanged(index(0, 0), index(m_rows - 1, m_cols - 1), {Qt::DisplayRole, ValueRole});
    });
    connect(m_doc, &Document::labelsChanged, this, &TableModel::updateColumnNames);
    connect(m_state, &ViewState::sliceChanged, this, &TableModel::onSliceChanged);
    connect(m_state, &ViewState::currentRecordChanged, this, &TableModel::onSliceChanged);
    beginResetModel();
    reset();
    endResetModel();
}

quint64 TableModel::availableRows() const
{
    switch (m_mode) {
    case Mode::Vector:
        return std::min(m_view.availableElements(), MaxInt);
    case Mode::Matrix:
        return std::min(m_view.availableRecords(), MaxInt);
    case Mode::Slice:
        break;
    }
    return quint64(m_rows);
}

void TableModel::reset()
{
    // The table shows the data as stored (not reshaped): it is where one checks the raw numbers.
    m_view = m_doc->pieces();
    m_file = m_doc->file().get();
    const idx::Header& h = m_view.header();
    const int n = h.ndim();
    m_mode = n <= 1 ? Mode::Vector : n == 2 ? Mode::Matrix : Mode::Slice;
    if (m_mode == Mode::Slice) {
        m_spec = effectiveSlice(m_view.header(), *m_state);
        m_rows = m_spec.rowAxis >= 0 ? int(std::min(h.dims[size_t(m_spec.rowAxis)], MaxInt)) : 1;
        m_cols = m_spec.colAxis >= 0 ? int(std::min(h.dims[size_t(m_spec.colAxis)], MaxInt)) : 1;
    } else {
        m_cols = m_mode == Mode::Matrix ? int(std::min(h.dims[1], MaxInt)) : 1;
        m_rows = int(availableRows());
    }
    if (m_cols == 0)
        m_rows = 0; // an empty record: no cells to show
    m_columnNames = m_mode == Mode::Matrix ? idx::columnNamesOf(m_doc->dataset(), h) : QStringList();
}

void TableModel::updateColumnNames()
{
    const QStringList names =
        m_mode == Mode::Matrix ? idx::columnNamesOf(m_doc->dataset(), m_view.header()) : QStringList();
    if (names == m_columnNames)
        return;
    m_columnNames = names;
    if (m_cols > 0)
        emit headerDataChanged(Qt::Horizontal, 0, m_cols - 1);
}

int TableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int TableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_cols;
}

std::optional<double> TableModel::value(int row, int column) const
{
    if (row < 0 || column < 0 || row >= m_rows || column >= m_cols)
        return std::nullopt;
    switch (m_mode) {
    case Mode::Vector:
        return quint64(row) < m_view.availableElements() ? std::optional(m_view.value(quint64(row)))
                                                         : std::nullopt;
    case Mode::Matrix: {
        const quint64 flat = quint64(row) * m_view.header().dims[1] + quint64(column);
        return flat < m_view.availableElements() ? std::optional(m_view.value(flat)) : std::nullopt;
    }
    case Mode::Slice: {
        std::vector<quint64> index = m_spec.fixed;
        if (m_spec.rowAxis >= 0)
            index[size_t(m_spec.rowAxis)] = quint64(row);
        if (m_spec.colAxis >= 0)
            index[size_t(m_spec.colAxis)] = quint64(column);
        return m_view.valueAt(index);
    }
    }
    return std::nullopt;
}

QString TableModel::format(double v, idx::DType type)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (!idx::isFloat(type))
        return QString::number(qint64(v));
    return QString::number(v, 'g', type == idx::DType::Float32 ? 7 : 15);
}

QVariant TableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: {
        const auto v = value(index.row(), index.column());
        return v ? format(*v, m_view.dtype()) : tr("…");
    }
    case ValueRole: {
        const auto v = value(index.row(), index.column());
        return v ? QVariant(*v) : QVariant();
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const bool named = orientation == Qt::Horizontal && section >= 0 && section < m_columnNames.size();
    if (role == Qt::DisplayRole && section >= 0)
        return named ? m_columnNames.at(section) : QString::number(section);
    if (role == Qt::ToolTipRole && section >= 0) {
        if (named)
            return tr("Column %1: %2").arg(section).arg(m_columnNames.at(section));
        if (orientation == Qt::Vertical && rowsAreRecords())
            return tr("Record %1").arg(section);
        return orientation == Qt::Vertical ? tr("Row %1").arg(section) : tr("Column %1").arg(section);
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags TableModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && m_doc->isLoaded() && value(index.row(), index.column()))
        f |= Qt::ItemIsEditable;
    return f;
}

std::optional<std::pair<quint64, quint64>> TableModel::elementAt(int row, int column) const
{
    const quint64 perRecord = m_view.header().recordElements();
    std::optional<quint64> flat;
    switch (m_mode) {
    case Mode::Vector:
        flat = quint64(row);
        break;
    case Mode::Matrix:
        flat = quint64(row) * m_view.header().dims[1] + quint64(column);
        break;
    case Mode::Slice: {
        std::vector<quint64> index = m_spec.fixed;
        if (m_spec.rowAxis >= 0)
            index[size_t(m_spec.rowAxis)] = quint64(row);
        if (m_spec.colAxis >= 0)
            index[size_t(m_spec.colAxis)] = quint64(column);
        flat = m_view.flatIndex(index);
        break;
    }
    }
    if (!flat || perRecord == 0)
        return std::nullopt;
    return std::pair(*flat / perRecord, *flat % perRecord);
}

bool TableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const auto at = elementAt(index.row(), index.column());
    if (!at)
        return false;
    bool ok = false;
    const QString text = value.toString().trimmed();
    double v = value.typeId() == QMetaType::Double ? value.toDouble(&ok) : QLocale().toDouble(text, &ok);
    if (!ok)
        v = QLocale::c().toDouble(text, &ok);
    if (!ok && (text == u"nan" || text == u"inf" || text == u"-inf")) {
        v = text == u"nan" ? std::numeric_limits<double>::quiet_NaN()
                           : (text == u"inf" ? 1 : -1) * std::numeric_limits<double>::infinity();
        ok = true;
    }
    if (!ok) {
        emit editFailed(tr("“%1” is not a number.").arg(text));
        return false;
    }
    const QString error = Editing::setElement(m_doc, Document::Part::Main, at->first, at->second, v);
    if (!error.isEmpty()) {
        emit editFailed(tr("Not changed: %1").arg(error));
        return false;
    }
    return true; // Document::edited repainted the cells
}

void TableModel::onViewChanged()
{
    const idx::TensorPieces view = m_doc->pieces();
    const bool replaced = m_doc->file().get() != m_file || view.header().dims != m_view.header().dims ||
                          view.dtype() != m_view.dtype() || view.byteOrder() != m_view.byteOrder();
    if (replaced) {
        beginResetModel();
        reset();
        endResetModel();
        return;
    }
    m_view = view;
    if (m_mode == Mode::Slice) {
        // The slice may have become available: refresh the cells, keep the scroll position and selection.
        if (m_rows > 0 && m_cols > 0)
            emit dataChanged(index(0, 0), index(m_rows - 1, m_cols - 1), {Qt::DisplayRole, ValueRole});
        return;
    }
    // More records decoded: append rows, values already shown do not change.
    const int rows = int(availableRows());
    if (rows > m_rows) {
        beginInsertRows({}, m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    }
}

void TableModel::onSliceChanged()
{
    if (m_mode != Mode::Slice)
        return;
    const idx::SliceSpec spec = effectiveSlice(m_view.header(), *m_state);
    if (spec.rowAxis == m_spec.rowAxis && spec.colAxis == m_spec.colAxis) {
        m_spec = spec;
        if (m_rows > 0 && m_cols > 0)
            emit dataChanged(index(0, 0), index(m_rows - 1, m_cols - 1), {Qt::DisplayRole, ValueRole});
        return;
    }
    beginResetModel();
    reset();
    endResetModel();
}

} // namespace idx::gui
