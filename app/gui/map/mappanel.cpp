// The map dock: the controls around MapView, and the selection's actions.
#include "mappanel.h"

#include "document.h"
#include "editcommands.h"
#include "filefilters.h"
#include "insightscontroller.h"
#include "jobprogress.h"
#include "labelprompt.h"
#include "mapaccessible.h"
#include "mapcontroller.h"
#include "mapview.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace idx::gui {

namespace {
// The id of the gallery filter set from the map (its name is translated).
const QString kFilterSource = QStringLiteral("map.chosen");
constexpr int kExportSide = 2048; // the exported image's side in pixels
} // namespace

MapPanel::MapPanel(MapController* map, ViewState* state, QWidget* parent)
    : QWidget(parent), m_map(map), m_state(state)
{
    setObjectName(QStringLiteral("mapPanel"));
    installMapAccessibility(); // before the first map is asked for its interface
    m_view = new MapView(map, state, this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("mapStatus"));
    m_status->setWordWrap(true);
    m_progress = new JobProgress(this);
    m_progress->setJob(m_map->job());
    auto* exportProgress = new JobProgress(this);
    exportProgress->setJob(m_map->exportJob());
    m_make = new QPushButton(tr("Make Map"), this);
    m_make->setToolTip(tr("Lay the map out again from the start"));

    m_colourBy = new QComboBox(this);
    m_colourBy->addItem(tr("Colour by Class"));
    m_colourBy->addItem(tr("Colour by File"));
    m_other = new QCheckBox(tr("With Other Split"), this);
    m_other->setToolTip(tr("Lay out the other split of the dataset (found by the insights) with this file"));
    m_other->setChecked(m_map->withOtherSplit());
    m_marks = new QCheckBox(tr("Mark Findings"), this);
    m_marks->setToolTip(tr("Ring the suspected label errors and the duplicates the insights found"));

    auto* tools = new QWidget(this);
    auto* toolRow = new QHBoxLayout(tools);
    toolRow->setContentsMargins(0, 0, 0, 0);
    const struct {
        QString text, tip;
        MapView::Tool tool;
    } toolList[] = {
        {tr("Rectangle"), tr("Drag a rectangle around points to select them (Shift adds)"),
         MapView::Tool::Rectangle},
        {tr("Lasso"), tr("Draw around points to select them (Shift adds)"), MapView::Tool::Lasso},
        {tr("Pan"), tr("Drag to move the map (the middle button pans with any tool)"), MapView::Tool::Pan},
    };
    for (const auto& t : toolList) {
        auto* b = new QToolButton(tools);
        b->setText(t.text);
        b->setToolTip(t.tip);
        b->setCheckable(true);
        b->setAutoExclusive(true);
        b->setChecked(t.tool == m_view->tool());
        connect(b, &QToolButton::toggled, this, [this, tool = t.tool](bool on) {
            if (on)
                m_view->setTool(tool);
        });
        toolRow->addWidget(b);
    }
    auto* fit = new QToolButton(tools);
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Show every point"));
    connect(fit, &QToolButton::clicked, m_view, &MapView::fit);
    toolRow->addWidget(fit);

    m_export = new QToolButton(this);
    m_export->setText(tr("Export"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(m_export);
    exportMenu->addAction(tr("Map as Image (PNG or SVG)…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export Map"),
            QFileInfo(m_map->document()->path()).completeBaseName() + QStringLiteral("-map.png"),
            fileFilters({fileFilter(idx::Format::Png), fileFilter(idx::Format::Svg)}));
        if (!path.isEmpty())
            exportMapImage(path);
    });
    exportMenu->addAction(tr("Coordinates (CSV or .npy)…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export Map Coordinates"),
            QFileInfo(m_map->document()->path()).completeBaseName() + QStringLiteral("-map.csv"),
            fileFilters({fileFilter(tr("CSV, columns record,x,y"), {idx::Format::Csv}),
                         fileFilter(idx::Format::Npy)}));
        if (!path.isEmpty())
            exportCoordinates(path);
    });
    m_export->setMenu(exportMenu);

    auto* top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_progress);
    top->addWidget(exportProgress);
    top->addWidget(m_make);
    top->addWidget(m_export);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_colourBy);
    controls->addWidget(m_other);
    controls->addWidget(m_marks);
    controls->addStretch(1);
    controls->addWidget(tools);

    m_selection = new QLabel(this);
    m_selection->setObjectName(QStringLiteral("mapSelection"));
    m_onlyThese = new QPushButton(tr("Only These in Gallery"), this);
    m_onlyThese->setToolTip(
        tr("Keep the gallery to the selected records (the gallery's button shows all again)"));
    m_selectThese = new QPushButton(tr("Select in Gallery"), this);
    m_selectThese->setToolTip(tr("Select these records in the gallery: export, delete or label them there"));
    m_label = new QPushButton(tr("Label…"), this);
    m_label->setToolTip(tr("Give the selected records one label (an undoable edit)"));
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_selection, 1);
    bottom->addWidget(m_onlyThese);
    bottom->addWidget(m_selectThese);
    bottom->addWidget(m_label);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);

    connect(m_make, &QPushButton::clicked, m_map, &MapController::start);
    connect(m_colourBy, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_view->setColourBy(i == 1 ? MapView::ColourBy::File : MapView::ColourBy::Class);
    });
    connect(m_other, &QCheckBox::toggled, m_map, &MapController::setWithOtherSplit);
    connect(m_marks, &QCheckBox::toggled, this, &MapPanel::updateMarks);
    connect(m_onlyThese, &QPushButton::clicked, this, &MapPanel::showSelectionInGallery);
    connect(m_selectThese, &QPushButton::clicked, this, &MapPanel::selectInGallery);
    connect(m_label, &QPushButton::clicked, this, &MapPanel::labelSelection);
    connect(m_view, &MapView::selectionChanged, this, &MapPanel::updateSelection);
    connect(m_view, &MapView::pointClicked, this, [this](int file, qint64 record) {
        if (file == 1)
            emit message(tr("Record %1 of %2 (the other split: not in this file)")
                             .arg(record)
                             .arg(QFileInfo(m_map->otherPath()).fileName()));
    });
    connect(m_map, &MapController::stateChanged, this, &MapPanel::updateStatus);
    connect(m_map, &MapController::pointsChanged, this, [this] {
        updateStatus();
        updateMarks();
    });
    connect(m_map, &MapController::exported, this, [this](const QString& path, const QString& error) {
        emit message(error.isEmpty()
                         ? tr("Map written to %1").arg(QDir::toNativeSeparators(path))
                         : tr("%1 was not written: %2").arg(QDir::toNativeSeparators(path), error));
    });
    // The gallery kept to records chosen on the map: their numbers no longer hold once records change.
    const auto forgetFilter = [this] {
        if (m_state->recordFilter() && m_state->recordFilterSource() == kFilterSource)
            m_state->setRecordFilter(std::nullopt);
    };
    connect(m_map->document(), &Document::reloaded, this, forgetFilter);
    connect(m_map->document(), &Document::edited, this, [forgetFilter](Document::Part part) {
        if (part == Document::Part::Main)
            forgetFilter();
    });
    if (InsightsController* insights = m_map->insights()) {
        connect(insights, &InsightsController::findingsChanged, this, &MapPanel::updateMarks);
        connect(insights, &InsightsController::stateChanged, this, &MapPanel::updateStatus);
    }
    updateStatus();
    updateSelection();
}

void MapPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_map->ensureStarted(); // laid out once someone looks
}

QString MapPanel::statusText() const
{
    return m_status->text();
}

QString MapPanel::selectionText() const
{
    return m_selection->text();
}

void MapPanel::updateStatus()
{
    using State = MapController::State;
    const auto points = m_map->points();
    QString text;
    switch (m_map->state()) {
    case State::Idle:
        text = m_map->message().isEmpty() ? tr("The map follows once the file is loaded.") : m_map->message();
        break;
    case State::Computing:
        text = points ? tr("%1 records: settling…").arg(QLocale().toString(points->rows))
                      : tr("Finding each record's neighbours…");
        break;
    case State::Ready:
        text = tr("%1 records%2; similar records lie close together.")
                   .arg(QLocale().toString(points ? points->rows : 0))
                   .arg(m_map->hasOtherSplit() ? tr(", with %1").arg(QFileInfo(m_map->otherPath()).fileName())
                                               : QString());
        break;
    default:
        text = m_map->message();
        break;
    }
    m_status->setText(text);
    m_make->setEnabled(m_map->state() != State::Unavailable);
    m_other->setEnabled(m_map->otherSplitAvailable());
    m_colourBy->setEnabled(m_map->hasOtherSplit() || m_colourBy->currentIndex() == 1);
    m_export->setEnabled(m_map->isFinal());
    m_marks->setEnabled(m_map->insights() && m_map->insights()->result());
}

std::vector<quint64> MapPanel::ownSelection() const
{
    std::vector<quint64> records;
    const qint64 own = m_map->ownRecords();
    for (qint64 i : m_view->selection())
        if (i < own)
            records.push_back(quint64(i));
    return records;
}

void MapPanel::updateSelection()
{
    const size_t all = m_view->selection().size();
    const size_t own = ownSelection().size();
    if (all == 0)
        m_selection->setText(tr("Drag around points to select them; click one to show its record."));
    else if (own == all)
        m_selection->setText(all == 1 ? tr("1 record selected")
                                      : tr("%1 records selected").arg(QLocale().toString(qulonglong(all))));
    else
        m_selection->setText(
            tr("%1 selected, %2 of them in this file")
                .arg(QLocale().toString(qulonglong(all)), QLocale().toString(qulonglong(own))));
    for (QPushButton* b : {m_onlyThese, m_selectThese, m_label})
        b->setEnabled(own > 0);
}

void MapPanel::updateMarks()
{
    std::vector<qint64> marked;
    const idx::AuditResult* r = m_map->insights() ? m_map->insights()->result() : nullptr;
    const auto points = m_map->points();
    if (m_marks->isChecked() && r && points && r->records[0] == m_map->ownRecords()) {
        // The insights' other split is the map's, or its records are left unmarked.
        const bool sameOther =
            m_map->hasOtherSplit() && r->files == 2 && m_map->insights()->otherSplit() == m_map->otherPath();
        const auto add = [&](const idx::RecordRef& ref) {
            if (ref.file == 0)
                marked.push_back(ref.record);
            else if (sameOther)
                marked.push_back(m_map->ownRecords() + ref.record);
        };
        for (const auto& s : r->labelSuspects)
            add(s.record);
        for (const auto& group : r->exactDuplicates)
            for (const auto& ref : group)
                add(ref);
        for (const auto& d : r->nearDuplicates) {
            add(d.a);
            add(d.b);
        }
    }
    m_view->setMarked(marked);
    updateStatus();
}

void MapPanel::showSelectionInGallery()
{
    std::vector<quint64> records = ownSelection();
    if (records.empty())
        return;
    m_state->setRecordFilter(std::move(records), filterName(), kFilterSource);
}

void MapPanel::selectInGallery()
{
    std::vector<quint64> records = ownSelection();
    if (records.empty())
        return;
    m_state->setCurrentRecord(records.front()); // first: moving the current record resets the selection
    m_state->setSelection(idx::RecordSet::of(std::move(records)));
}

void MapPanel::labelSelection()
{
    std::vector<quint64> records = ownSelection();
    Document* doc = m_map->document();
    if (records.empty())
        return;
    if (!Editing::hasEditableLabels(doc)) {
        emit message(doc->labelsFile() ? tr("The labels are still loading.")
                                       : tr("This file has no labels: attach a labels file to edit them."));
        return;
    }
    const idx::RecordSet set = idx::RecordSet::of(std::move(records));
    QString error;
    const QPointer<MapPanel> guard(this);
    const auto value = askLabel(this, doc, set, &error);
    if (!guard)
        return;
    if (value)
        error = Editing::setLabels(doc, set, *value);
    if (!error.isEmpty())
        emit message(error);
}

QString MapPanel::filterName() const
{
    return tr("chosen on the map");
}

void MapPanel::exportMapImage(const QString& path)
{
    const QSize size(kExportSide, kExportSide);
    if (!m_map->exportImage(
            path, path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) ? QSize(1024, 1024) : size,
            m_view->groups(), m_view->legend()))
        emit message(tr("%1 was not written: another export is running, or the map is not final yet.")
                         .arg(QDir::toNativeSeparators(path)));
}

void MapPanel::exportCoordinates(const QString& path)
{
    if (!m_map->exportTo(path))
        emit message(tr("%1 was not written: another export is running, or the map is not final yet.")
                         .arg(QDir::toNativeSeparators(path)));
}

} // namespace idx::gui
