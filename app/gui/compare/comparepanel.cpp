// The compare panel: its two tabs and how they follow the document and the comparison.
#include "comparepanel.h"

#include "classchart.h"
#include "comparecontroller.h"
#include "comparemodel.h"
#include "comparepictures.h"
#include "document.h"
#include "filefilters.h"
#include "histogramwidget.h"
#include "jobprogress.h"
#include "meanimages.h"
#include "settings.h"
#include "viewstate.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace idx::gui {

namespace {

QMap<qint64, quint64> countsOf(const idx::LabelStats& s)
{
    QMap<qint64, quint64> counts;
    for (const idx::ClassStats& c : s.classes)
        counts.insert(c.label, c.records);
    return counts;
}

} // namespace

ComparePanel::ComparePanel(CompareController* compare, ViewState* state, QWidget* parent)
    : QWidget(parent), m_compare(compare), m_state(state), m_otherState(new ViewState(this)),
      m_model(new CompareModel(compare, this))
{
    m_otherState->setRenderOptions(state->render());
    connect(state, &ViewState::renderOptionsChanged, m_otherState,
            [this] { m_otherState->setRenderOptions(m_state->render()); });

    auto* choose = new QPushButton(tr("Compare With…"), this);
    connect(choose, &QPushButton::clicked, this, &ComparePanel::chooseFile);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new JobProgress(this);
    m_progress->setJob(compare->job());
    m_close = new QPushButton(tr("Close"), this);
    m_close->setToolTip(tr("Stop comparing with the other file"));
    connect(m_close, &QPushButton::clicked, compare, &CompareController::clear);
    auto* top = new QHBoxLayout;
    top->addWidget(choose);
    top->addWidget(m_summary, 1);
    top->addWidget(m_progress);
    top->addWidget(m_close);

    m_pictures = new ComparePictures(this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& index) { goToRow(index.row()); });
    auto* differences = new QSplitter(Qt::Horizontal, this);
    differences->addWidget(m_pictures);
    differences->addWidget(m_table);
    differences->setStretchFactor(0, 1);
    differences->setStretchFactor(1, 1);

    auto* sides = new QWidget(this);
    auto* grid = new QGridLayout(sides);
    m_sideNote = new QLabel(sides);
    m_sideNote->setWordWrap(true);
    grid->addWidget(m_sideNote, 0, 0, 1, 3);
    const QString rows[] = {tr("Classes"), tr("Mean images"), tr("Values")};
    for (int r = 0; r < 3; ++r)
        grid->addWidget(new QLabel(rows[r], sides), r + 2, 0, Qt::AlignTop);
    for (int side = 0; side < 2; ++side) {
        ViewState* s = side == 0 ? state : m_otherState;
        m_titles[side] = new QLabel(sides);
        m_titles[side]->setAlignment(Qt::AlignCenter);
        m_classes[side] = new ClassChart(s, sides);
        m_classes[side]->setMaximumHeight(220); // room for the mean images and histograms below
        m_means[side] = new MeanImages(s, sides);
        m_histograms[side] = new HistogramWidget(s, sides);
        grid->addWidget(m_titles[side], 1, side + 1);
        grid->addWidget(m_classes[side], 2, side + 1);
        grid->addWidget(m_means[side], 3, side + 1);
        grid->addWidget(m_histograms[side], 4, side + 1);
    }
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(2, 1);
    grid->setRowStretch(5, 1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(sides);

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(differences, tr("Differences"));
    m_tabs->addTab(scroll, tr("Side by Side"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);

    connect(compare, &CompareController::stateChanged, this, &ComparePanel::updateSummary);
    connect(compare, &CompareController::compared, this, [this] {
        updateSummary();
        updateSides();
        follow(m_state->currentRecord());
    });
    connect(compare, &CompareController::picturesReady, this, &ComparePanel::showPictures);
    connect(state, &ViewState::currentRecordChanged, this, &ComparePanel::follow);
    connect(state, &ViewState::renderOptionsChanged, this, [this] { showPair(m_shownA, m_shownB); });
    connect(state, &ViewState::sliceChanged, this, [this] { showPair(m_shownA, m_shownB); });
    // Made when its dock first shows: a comparison delivered before shows at once.
    updateSummary();
    updateSides();
    follow(m_state->currentRecord());
}

void ComparePanel::chooseFile()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Compare With"), Settings::lastFolder(), openFilters());
    if (path.isEmpty())
        return;
    Settings::setLastFolder(path);
    compareWith(path);
}

bool ComparePanel::compareWith(const QString& path)
{
    return m_compare->compareWith(path);
}

QString ComparePanel::summaryText() const
{
    return m_summary->text();
}

void ComparePanel::updateSummary()
{
    using State = CompareController::State;
    const QString other = QFileInfo(m_compare->otherPath()).fileName();
    const auto& d = m_compare->diff();
    const QLocale locale;
    QString text;
    switch (m_compare->state()) {
    case State::Idle:
        text = tr("Compare this file with another: an edited copy, an older version, the other split.");
        break;
    case State::Working:
        text = tr("Comparing with %1…").arg(other);
        break;
    case State::Failed:
        text = m_compare->message();
        break;
    case State::Ready:
        if (d->equal()) {
            text = tr("Equal: %1 holds the same values (compared decoded).").arg(other);
            break;
        }
        QStringList parts;
        if (d->typeDiffers)
            parts << tr("the element types differ");
        if (d->dimsDiffer)
            parts << tr("dims %1 here, %2 there")
                         .arg(m_compare->document()->header().shapeString(),
                              m_compare->otherView().header().shapeString());
        if (d->shapesDiffer)
            parts << tr("the records have other shapes: not compared");
        else if (!d->dimsDiffer)
            parts << tr("%1 of %2 records differ (largest difference %3)")
                         .arg(locale.toString(d->recordsDiffering),
                              locale.toString(m_compare->document()->header().recordCount()),
                              std::isfinite(d->maxAbsDiff) ? locale.toString(d->maxAbsDiff, 'g', 6)
                                                           : QStringLiteral("∞"));
        if (const auto& al = d->alignment; al && al->kept == 0 && al->moved.empty())
            parts << tr("no record in common: %1 only here, %2 only there")
                         .arg(locale.toString(quint64(al->deleted.size())),
                              locale.toString(quint64(al->inserted.size())));
        else if (al)
            parts << tr("aligned by content: %1 kept, %2 only here, %3 only there, %4 moved, %5 changed")
                         .arg(locale.toString(al->kept), locale.toString(quint64(al->deleted.size())),
                              locale.toString(quint64(al->inserted.size())),
                              locale.toString(quint64(al->moved.size())),
                              locale.toString(quint64(al->changed.size())));
        if (!d->alignmentSkipped.isEmpty())
            parts << tr("not aligned: %1").arg(d->alignmentSkipped);
        text = tr("Compared with %1: %2.").arg(other, parts.join(QStringLiteral("; ")));
        break;
    }
    m_summary->setText(text);
    m_close->setEnabled(!m_compare->otherPath().isEmpty());
}

void ComparePanel::updateSides()
{
    const auto& sides = m_compare->sideBySide();
    const Document* doc = m_compare->document();
    m_titles[0]->setText(doc->displayName());
    m_titles[1]->setText(QFileInfo(m_compare->otherPath()).fileName());
    for (int side = 0; side < 2; ++side) {
        const auto& classes =
            side == 0 ? (sides ? sides->classesA : std::nullopt) : (sides ? sides->classesB : std::nullopt);
        m_classes[side]->setCounts(classes ? countsOf(*classes) : QMap<qint64, quint64>());
        m_classes[side]->setClassNames(doc->classNames());
        m_means[side]->setClassNames(doc->classNames());
        std::vector<quint64> recordDims;
        if (const idx::Header h = doc->headerValid() ? doc->header() : idx::Header(); h.ndim() >= 3)
            recordDims.assign(h.dims.begin() + 1, h.dims.end());
        if (classes && !recordDims.empty())
            m_means[side]->setClasses(classes->classes, recordDims);
        else
            m_means[side]->clear();
        if (sides)
            m_histograms[side]->setHistogram(side == 0 ? sides->a.histogram : sides->b.histogram);
        else
            m_histograms[side]->clear();
        m_classes[side]->setVisible(classes.has_value());
        m_means[side]->setVisible(classes && !recordDims.empty());
    }
    m_sideNote->setText(!sides ? tr("Both files' figures appear here once they are compared (records of one "
                                    "shape).")
                        : !sides->classesA || !sides->classesB
                            ? tr("Classes and mean images need labels for both files.")
                            : QString());
    m_sideNote->setVisible(!m_sideNote->text().isEmpty());
}

void ComparePanel::follow(quint64 record)
{
    if (m_compare->state() != CompareController::State::Ready)
        return;
    showPair(record, m_compare->counterpart(record));
    // The list follows too, when the record is in it (and goToRow leaves the record as it is meanwhile).
    m_following = true;
    if (const auto row = m_compare->rowOf(record); row && *row < size_t(INT_MAX)) {
        m_table->selectRow(int(*row));
        m_table->scrollTo(m_table->model()->index(int(*row), 0));
    } else {
        m_table->clearSelection();
    }
    m_following = false;
}

void ComparePanel::showPair(std::optional<quint64> a, std::optional<quint64> b)
{
    m_shownA = a;
    m_shownB = b;
    const Document* doc = m_compare->document();
    const bool images = doc->headerValid() && doc->header().ndim() >= 2;
    m_pictures->setVisible(images);
    if (images && m_compare->state() == CompareController::State::Ready)
        m_compare->drawPair(a, b, m_state->slice(), m_state->render());
}

void ComparePanel::showPictures()
{
    const CompareDrawing& p = m_compare->pictures();
    const QLocale locale;
    const QString a = p.a ? tr("This file: record %1").arg(locale.toString(*p.a)) : tr("Not in this file");
    const QString b = p.b ? tr("Other: record %1").arg(locale.toString(*p.b)) : tr("Not in the other file");
    const QString d =
        p.difference.isNull() ? QString()
        : p.largest > 0
            ? tr("Other − this (blue lower, red higher; ±%1)").arg(locale.toString(p.largest, 'g', 6))
            : tr("Other − this: no difference");
    m_pictures->setPictures(p.imageA, p.imageB, p.difference, {a, b, d});
}

void ComparePanel::goToRow(int row)
{
    const auto& rows = m_compare->rows();
    if (m_following || row < 0 || size_t(row) >= rows.size())
        return;
    const CompareRow& r = rows[size_t(row)];
    if (r.a && *r.a != m_state->currentRecord())
        m_state->setCurrentRecord(*r.a); // follow() shows it with its counterpart
    else
        showPair(r.a, r.b); // only in the other file, or the current record already
}

} // namespace idx::gui
