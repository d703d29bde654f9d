// TableView: wiring between the table, the reshape choice and the shared selection.
#include "tableview.h"

#include "document.h"
#include "reshape.h"
#include "tablemodel.h"
#include "viewstate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>

#include <algorithm>

namespace idx::gui {

TableView::TableView(Document* doc, ViewState* state, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_state(state), m_model(new TableModel(doc, state, this)),
      m_table(new QTableView(this)), m_info(new QLabel(this)),
      m_reshapeLabel(new QLabel(tr("View records as:"), this)), m_reshape(new QComboBox(this))
{
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Cells are editable (checked against the dtype's range; an undoable command on the document).
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->setWordWrap(false);
    // Fixed sizes: resize-to-contents would measure every one of millions of rows.
    const int rowHeight = m_table->fontMetrics().height() + 6;
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(rowHeight);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    m_reshapeLabel->setBuddy(m_reshape);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(m_info, 1);
    bar->addWidget(m_reshapeLabel);
    bar->addWidget(m_reshape);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);

    connect(m_reshape, &QComboBox::activated, this, [this](int i) {
        const QVariant dims = m_reshape->itemData(i);
        if (!dims.isValid()) {
            m_state->setReshape(std::nullopt);
            return;
        }
        std::vector<quint64> d;
        for (const QVariant& v : dims.toList())
            d.push_back(v.toULongLong());
        m_state->setReshape(d);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &TableView::onCurrentChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &TableView::onSelectionChanged);
    connect(m_state, &ViewState::currentRecordChanged, this, &TableView::followCurrentRecord);
    connect(m_state, &ViewState::selectionChanged, this, &TableView::followSelection);
    connect(m_state, &ViewState::reshapeChanged, this, &TableView::rebuildReshapeChoices);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateColumnWidth();
        updateInfo();
        rebuildReshapeChoices();
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &TableView::updateInfo);
    connect(m_model, &QAbstractItemModel::headerDataChanged, this, &TableView::updateColumnWidth);
    updateColumnWidth();
    updateInfo();
    rebuildReshapeChoices();
}

void TableView::updateColumnWidth()
{
    // Wide enough for the type's longest value, so columns neither truncate nor waste the screen.
    QString sample;
    switch (m_doc->header().dtype) {
    case idx::DType::UInt8:
        sample = QStringLiteral("0000");
        break;
    case idx::DType::Int8:
        sample = QStringLiteral("-0000");
        break;
    case idx::DType::Int16:
        sample = QStringLiteral("-000000");
        break;
    case idx::DType::Int32:
        sample = QStringLiteral("-00000000000");
        break;
    case idx::DType::Float32:
        sample = QStringLiteral("-0.000000e-00");
        break;
    case idx::DType::Float64:
        sample = QStringLiteral("-0.00000000000000e-000");
        break;
    }
    QHeaderView* header = m_table->horizontalHeader();
    header->setDefaultSectionSize(m_table->fontMetrics().horizontalAdvance(sample) + 12);
    // Named columns (a label table's, a handful) as wide as their names too.
    if (m_model->hasColumnNames())
        for (int c = 0; c < m_model->columnCount(); ++c)
            header->resizeSection(c, std::max(header->defaultSectionSize(), header->sectionSizeHint(c)));
}

void TableView::updateInfo()
{
    const idx::TensorPieces view = m_doc->pieces();
    const idx::Header& h = view.header();
    QString text = tr("%1 %2").arg(h.shapeString(), idx::dtypeName(h.dtype));
    if (m_model->mode() == TableModel::Mode::Slice)
        text += tr(" — showing the current 2-D slice");
    else if (!view.isComplete())
        text += tr(" — %n rows loaded so far", nullptr, m_model->rowCount());
    m_info->setText(text);
}

void TableView::rebuildReshapeChoices()
{
    const QList<ReshapeChoice> choices = reshapeChoices(m_doc->header());
    m_reshape->clear();
    m_reshape->setVisible(!choices.isEmpty());
    m_reshapeLabel->setVisible(!choices.isEmpty());
    if (choices.isEmpty())
        return;
    m_reshape->addItem(tr("Rows (as stored)"));
    for (const ReshapeChoice& c : choices) {
        QVariantList dims;
        for (quint64 d : c.recordDims)
            dims.append(d);
        m_reshape->addItem(c.label, dims);
        if (m_state->reshape() == c.recordDims)
            m_reshape->setCurrentIndex(m_reshape->count() - 1);
    }
}

void TableView::onCurrentChanged(const QModelIndex& current)
{
    if (current.isValid() && m_model->rowsAreRecords())
        m_state->setCurrentRecord(quint64(current.row()));
}

void TableView::onSelectionChanged()
{
    if (!m_model->rowsAreRecords() || m_applyingSelection)
        return;
    // Row runs, never a list of rows: Select All on millions of rows is one range.
    idx::RecordSet records;
    for (const QItemSelectionRange& range : m_table->selectionModel()->selection())
        records.add(quint64(range.top()), quint64(range.bottom()) + 1);
    m_state->setSelection(records);
}

void TableView::followCurrentRecord(quint64 record)
{
    if (!m_model->rowsAreRecords() || record >= quint64(m_model->rowCount()))
        return;
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid() && current.row() == int(record))
        return; // the user's own click: keep their multi-selection
    const QModelIndex index = m_model->index(int(record), std::max(0, current.column()));
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

void TableView::followSelection()
{
    // Selected elsewhere (the gallery): select the same rows here, as runs so large selections stay cheap.
    if (!m_model->rowsAreRecords() || m_model->columnCount() == 0)
        return;
    QItemSelection selection;
    const int last = m_model->columnCount() - 1;
    // Rows past the loaded ones are left out (not loaded yet).
    const idx::RecordSet loaded = m_state->selection().clampedTo(quint64(m_model->rowCount()));
    for (const idx::RecordRun& r : loaded.runs())
        selection.select(m_model->index(int(r.first), 0), m_model->index(int(r.end - 1), last));
    if (selection == m_table->selectionModel()->selection())
        return;
    m_applyingSelection = true;
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_applyingSelection = false;
}

} // namespace idx::gui
