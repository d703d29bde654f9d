// The insights dock: status and progress, the lists with a delegate drawing each finding's records side by
// side (the Overlap tab's under its class table), and the keys acting on the current row.
#include "insightspanel.h"

#include "document.h"
#include "filefilters.h"
#include "insightscontroller.h"
#include "insightsmodel.h"
#include "jobprogress.h"
#include "overlapmodel.h"
#include "overlapview.h"
#include "viewstate.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QVBoxLayout>

namespace idx::gui {

namespace {

/// Draws a row: the record large, then its neighbours or duplicates smaller, each with its caption, and the
/// sentence beside them (wrapped when the list is narrow). A reviewed row is drawn faded.
class FindingDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    static constexpr int kFirst = 56, kOther = 44, kGap = 6, kCaption = 14;

    QSize sizeHint(const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        // The list's width, whatever it is: the sentence wraps beside the images, never scrolls.
        return {1, kFirst + kCaption + 2 * kGap};
    }

    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem o = option;
        initStyleOption(&o, index);
        p->save();
        if (o.state & QStyle::State_Selected)
            p->fillRect(o.rect, o.palette.highlight());
        if (index.data(InsightsModel::ReviewedRole).toBool())
            p->setOpacity(0.45);
        const QVariantList images = index.data(InsightsModel::ThumbnailsRole).toList();
        const QStringList captions = index.data(InsightsModel::CaptionsRole).toStringList();
        QFont small = o.font;
        small.setPointSizeF(o.font.pointSizeF() * 0.8);
        const QFontMetrics smallMetrics(small);
        p->setPen(o.state & QStyle::State_Selected ? o.palette.highlightedText().color()
                                                   : o.palette.text().color());
        int x = o.rect.left() + kGap;
        const int top = o.rect.top() + kGap;
        p->setFont(small);
        for (int i = 0; i < images.size(); ++i) {
            const int side = i == 0 ? kFirst : kOther;
            const QRect box(x, top + (kFirst - side), side, side);
            const QImage image = images[i].value<QImage>();
            if (!image.isNull())
                p->drawImage(box, image);
            else
                p->drawRect(box.adjusted(0, 0, -1, -1));
            const int width = side + kGap;
            p->drawText(QRect(x - kGap / 2, top + kFirst, width, kCaption), Qt::AlignHCenter | Qt::AlignTop,
                        smallMetrics.elidedText(captions.value(i), Qt::ElideRight, width));
            x += side + kGap + (i == 0 ? 2 * kGap : 0);
        }
        p->setFont(o.font);
        const QRect text(x + kGap, o.rect.top(), o.rect.right() - x - 2 * kGap, o.rect.height());
        p->drawText(text, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, o.text);
        p->restore();
    }
};

} // namespace

InsightsPanel::InsightsPanel(InsightsController* insights, ViewState* state, QWidget* parent)
    : QWidget(parent), m_insights(insights), m_state(state)
{
    setObjectName(QStringLiteral("insightsPanel"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("insightsStatus"));
    m_progress = new JobProgress(this);
    m_progress->setJob(m_insights->job());
    m_again = new QPushButton(tr("Find Again"), this);
    m_again->setToolTip(tr("Audit the file again from the start"));
    m_other = new QPushButton(tr("Other Split"), this);
    auto* otherMenu = new QMenu(m_other);
    otherMenu->addAction(tr("Choose Other Split…"), this, &InsightsPanel::chooseOtherSplit);
    otherMenu->addAction(tr("Audit This File Alone"), this, [this] { m_insights->setOtherSplit({}); });
    m_other->setMenu(otherMenu);
    m_other->setToolTip(tr("Audit against the other split of the dataset (a training or a test file): "
                           "records found in both, and test records whose training neighbours carry "
                           "another label"));
    auto* top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_progress);
    top->addWidget(m_again);
    top->addWidget(m_other);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    auto* delegate = new FindingDelegate(this);
    const InsightsModel::Kind kinds[] = {InsightsModel::Kind::Suspects, InsightsModel::Kind::Duplicates,
                                         InsightsModel::Kind::Outliers, InsightsModel::Kind::Leakage,
                                         InsightsModel::Kind::Overlap};
    for (int i = 0; i < TabCount; ++i) {
        m_models[i] = new InsightsModel(m_insights, kinds[i], this);
        m_lists[i] = new QListView(m_tabs);
        m_lists[i]->setModel(m_models[i]);
        m_lists[i]->setItemDelegate(delegate);
        m_lists[i]->setUniformItemSizes(true);
        m_lists[i]->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_lists[i]->setSelectionMode(QAbstractItemView::SingleSelection);
        if (i == OverlapTab) {
            m_overlap = new OverlapView(m_insights, m_models[i], m_lists[i], m_tabs);
            connect(m_overlap->model(), &QAbstractItemModel::modelReset, this, &InsightsPanel::updateTabs);
        }
        m_tabs->addTab(i == OverlapTab ? static_cast<QWidget*>(m_overlap) : m_lists[i], QString());
        connect(m_lists[i], &QListView::activated, this, &InsightsPanel::showCurrent);
        connect(m_lists[i]->selectionModel(), &QItemSelectionModel::currentChanged, this,
                &InsightsPanel::showCurrent);
        connect(m_models[i], &QAbstractItemModel::modelAboutToBeReset, this, [this, i] {
            m_keptRow[i] = m_lists[i]->currentIndex().isValid() ? m_lists[i]->currentIndex().row() : -1;
        });
        connect(m_models[i], &QAbstractItemModel::modelReset, this, [this, i] {
            // The same place in the list: after an accepted suggestion, the next finding.
            if (m_keptRow[i] >= 0 && m_models[i]->rowCount() > 0)
                m_lists[i]->setCurrentIndex(
                    m_models[i]->index(std::min(m_keptRow[i], m_models[i]->rowCount() - 1)));
            updateTabs();
        });
    }
    m_hint = new QLabel(this);
    m_hint->setEnabled(false);
    m_hint->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_hint);

    const auto key = [this](const QString& name, const QKeySequence& seq, void (InsightsPanel::*fn)()) {
        auto* a = new QAction(name, this);
        a->setShortcut(seq);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, fn);
        addAction(a);
    };
    key(tr("Accept Suggested Label"), Qt::Key_A, &InsightsPanel::acceptSuggestion);
    key(tr("Mark Reviewed"), Qt::Key_R, &InsightsPanel::toggleReviewed);
    key(tr("Only These in the Gallery"), Qt::Key_F, &InsightsPanel::toggleGalleryFilter);

    connect(m_again, &QPushButton::clicked, m_insights, &InsightsController::start);
    connect(m_other, &QPushButton::clicked, this, &InsightsPanel::chooseOtherSplit);
    connect(m_insights, &InsightsController::stateChanged, this, &InsightsPanel::updateStatus);
    connect(m_insights, &InsightsController::findingsChanged, this, &InsightsPanel::onFindingsChanged);
    connect(m_tabs, &QTabWidget::currentChanged, this, &InsightsPanel::updateHint);
    updateStatus();
    updateTabs();
    updateHint();
}

QString InsightsPanel::statusText() const
{
    return m_status->text();
}

void InsightsPanel::updateStatus()
{
    using State = InsightsController::State;
    const idx::AuditResult* r = m_insights->result();
    QString text;
    switch (m_insights->state()) {
    case State::Waiting:
        text = m_insights->message().isEmpty() ? tr("Insights follow once the file is loaded.")
                                               : m_insights->message();
        break;
    case State::Computing:
        // Large files are searched approximately (the audit's own rule, by the records of both files).
        if (const quint64 n = m_insights->auditedRecords();
            idx::searchesApproximately(m_insights->options().search, qint64(n)))
            text =
                tr("Finding each of the %1 records' nearest neighbours (approximately, as in a large file)…")
                    .arg(QLocale().toString(n));
        else
            text = tr("Comparing every record with every other…");
        if (!m_insights->message().isEmpty()) // the other split left out, and why
            text += QLatin1Char(' ') + m_insights->message();
        break;
    case State::Unavailable:
    case State::Failed:
    case State::Cancelled:
        text = m_insights->message();
        break;
    case State::Ready:
        text =
            tr("%1 nearest neighbours per record on %2 principal components (%3% of the variance)%4.")
                .arg(r->thresholds.neighbours)
                .arg(r->thresholds.components)
                .arg(QLocale().toString(r->thresholds.explainedVariance * 100, 'f', 0))
                .arg(r->files < 2 ? QString()
                                  : tr("; against %1").arg(QFileInfo(m_insights->otherSplit()).fileName()));
        if (r->thresholds.approximate)
            text += QLatin1Char(' ') +
                    tr("Searched approximately: %1% of the true neighbours found (measured on %2 "
                       "records).")
                        .arg(QLocale().toString(r->thresholds.recall * 100, 'f', 1))
                        .arg(QLocale().toString(r->thresholds.recallSample));
        if (!m_insights->message().isEmpty())
            text += QLatin1Char(' ') + m_insights->message();
        break;
    }
    m_status->setText(text);
    m_again->setEnabled(m_insights->state() != State::Computing && m_insights->state() != State::Waiting &&
                        m_insights->state() != State::Unavailable);
    m_other->setEnabled(m_insights->state() != State::Unavailable);
}

namespace {
// Each tab's gallery filter: its name, shown (translated) in the gallery's notice, and its id, by which the
// panel knows its own filters.
struct GalleryFilter {
    const char* name;
    QString source;
};
const GalleryFilter kFilters[] = {
    {QT_TRANSLATE_NOOP("idx::gui::InsightsPanel", "suspected labels"), QStringLiteral("insights.suspects")},
    {QT_TRANSLATE_NOOP("idx::gui::InsightsPanel", "duplicates"), QStringLiteral("insights.duplicates")},
    {QT_TRANSLATE_NOOP("idx::gui::InsightsPanel", "outliers"), QStringLiteral("insights.outliers")},
    {QT_TRANSLATE_NOOP("idx::gui::InsightsPanel", "leakage"), QStringLiteral("insights.leakage")},
    {nullptr, QStringLiteral("insights.overlap")}}; // named by its cell, a source of its own per cell
} // namespace

bool InsightsPanel::isOurFilter() const
{
    if (!m_state->recordFilter())
        return false;
    const QString& source = m_state->recordFilterSource();
    for (const GalleryFilter& f : kFilters)
        if (source == f.source || source.startsWith(f.source + QLatin1Char(':')))
            return true;
    return false;
}

void InsightsPanel::onFindingsChanged()
{
    updateStatus();
    updateTabs();
    // Findings dropped (the records changed): a gallery kept to their records would show the wrong ones.
    if (!m_insights->result() && isOurFilter())
        m_state->setRecordFilter(std::nullopt);
}

void InsightsPanel::updateTabs()
{
    const QString titles[] = {tr("Suspected labels (%1)"), tr("Duplicates (%1)"), tr("Outliers (%1)"),
                              tr("Leakage (%1)"), tr("Overlap (%1)")};
    for (int i = 0; i < TabCount; ++i) {
        // The Overlap tab counts the records of every cell; its list holds only the chosen cell's.
        const qint64 n = i == OverlapTab ? m_overlap->model()->total() : m_models[i]->rowCount();
        m_tabs->setTabText(i, titles[i].arg(QLocale().toString(n)));
    }
    m_tabs->setTabToolTip(OverlapTab,
                          tr("Class overlap: records whose nearest neighbours favour another class "
                             "than their own, class by class"));
    m_tabs->setTabVisible(LeakageTab, !m_insights->otherSplit().isEmpty());
}

void InsightsPanel::updateHint()
{
    m_hint->setText(
        m_tabs->currentIndex() == OverlapTab
            ? tr("Arrows: choose a cell · Enter: its records · A: accept the suggested label (of a "
                 "suspected one) · R: reviewed · F: only this cell's records in the gallery")
            : tr("A: accept the suggested label · R: reviewed · F: only these in the gallery · "
                 "Enter: show"));
}

int InsightsPanel::currentRow() const
{
    const QListView* list = m_lists[m_tabs->currentIndex()];
    return list->currentIndex().isValid() ? list->currentIndex().row() : -1;
}

void InsightsPanel::showCurrent()
{
    const int row = currentRow();
    if (row < 0)
        return;
    const idx::RecordRef r = m_models[m_tabs->currentIndex()]->item(row).records.first();
    if (r.file == 0)
        m_state->setCurrentRecord(quint64(r.record));
}

void InsightsPanel::acceptSuggestion()
{
    const int row = currentRow();
    const int tab = m_tabs->currentIndex();
    const idx::AuditResult* r = m_insights->result();
    if (row >= 0 && r && tab == OverlapTab && m_models[tab]->item(row).suspect < 0) {
        // Its neighbours favour another class, but not so clearly that its label is suspected.
        emit message(tr("Record %1 is not a suspected label: its own class keeps more than %2% of its "
                        "neighbours' votes.")
                         .arg(QLocale().toString(m_models[tab]->item(row).records.first().record))
                         .arg(qRound(r->thresholds.suspectShare * 100)));
        return;
    }
    if (row < 0 || !r || m_models[tab]->item(row).suspect < 0) {
        emit message(tr("Choose a suspected label first."));
        return;
    }
    const idx::LabelSuspect s = r->labelSuspects[size_t(m_models[tab]->item(row).suspect)];
    const QString error = m_insights->acceptSuggestion(s);
    if (!error.isEmpty()) {
        emit message(error);
        return;
    }
    m_insights->setReviewed(s.record, true);
    emit message(tr("Record %1 labelled %2 (Undo reverts it).").arg(s.record.record).arg(s.suggested));
}

void InsightsPanel::toggleReviewed()
{
    const int row = currentRow();
    if (row < 0)
        return;
    const idx::RecordRef r = m_models[m_tabs->currentIndex()]->item(row).records.first();
    m_insights->setReviewed(r, !m_insights->isReviewed(r));
    // On to the next finding, as a person going down the list expects.
    QListView* list = m_lists[m_tabs->currentIndex()];
    if (row + 1 < list->model()->rowCount())
        list->setCurrentIndex(list->model()->index(row + 1, 0));
}

void InsightsPanel::toggleGalleryFilter()
{
    const int tab = m_tabs->currentIndex();
    QString source = kFilters[tab].source;
    if (tab == OverlapTab) {
        const auto& cell = m_models[tab]->cell();
        if (!cell) {
            emit message(tr("Choose a cell of the class table first."));
            return;
        }
        source += QStringLiteral(":%1:%2").arg(cell->label).arg(cell->favoured);
    }
    if (m_state->recordFilter() && m_state->recordFilterSource() == source) {
        m_state->setRecordFilter(std::nullopt);
        return;
    }
    std::vector<quint64> records = m_models[tab]->documentRecords();
    if (records.empty()) {
        emit message(tr("This list has no records of this file."));
        return;
    }
    m_state->setRecordFilter(std::move(records),
                             tab == OverlapTab ? m_overlap->cellName() : tr(kFilters[tab].name), source);
}

void InsightsPanel::chooseOtherSplit()
{
    const QString start = m_insights->otherSplit().isEmpty()
                              ? QFileInfo(m_insights->document()->path()).absolutePath()
                              : m_insights->otherSplit();
    const QString path = QFileDialog::getOpenFileName(this, tr("Other Split"), start,
                                                      fileFilters({idxFilter(), allFilesFilter()}));
    if (!path.isEmpty())
        m_insights->setOtherSplit(path);
}

} // namespace idx::gui
