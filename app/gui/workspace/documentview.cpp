// DocumentView: builds the tab's pages, keeps the error page / content choice and the notice bars in step
// with the document, and steps through records for the keyboard actions.
#include "documentview.h"

#include "companion.h"
#include "comparecontroller.h"
#include "discardguard.h"
#include "document.h"
#include "gallerygrid.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "headerpanel.h"
#include "hexview.h"
#include "imagecontrols.h"
#include "imageview.h"
#include "insightscontroller.h"
#include "insightspanel.h"
#include "labelkeys.h"
#include "mapcontroller.h"
#include "navigationpanel.h"
#include "noticebar.h"
#include "painttool.h"
#include "remedyfinder.h"
#include "settings.h"
#include "slicerenderer.h"
#include "statspanel.h"
#include "tablemodel.h"
#include "tableview.h"
#include "viewstate.h"

#include <QDir>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

namespace idx::gui {

DocumentView::DocumentView(const QString& path, QWidget* parent) : QWidget(parent)
{
    m_doc = new Document(path, this);
    m_state = new ViewState(this);
    m_labelKeys = new LabelKeys(m_doc, m_state, this);
    connect(m_labelKeys, &LabelKeys::message, this, &DocumentView::editMessage);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    m_notice = new NoticeBar(this);
    m_warning = new NoticeBar(this);
    m_stack = new QStackedWidget(this);
    column->addWidget(m_notice);
    column->addWidget(m_warning);
    column->addWidget(m_stack, 1);

    m_header = new HeaderPanel(m_doc);
    connect(m_header, &HeaderPanel::attachLabelsRequested, this, &DocumentView::attachLabelsRequested);
    m_remedies = new RemedyFinder(m_doc, this);
    buildErrorPage();
    connect(m_remedies, &RemedyFinder::remediesChanged, this, [this] {
        updateWarnings();
        updateRemedyButtons();
    });

    connect(m_doc, &Document::changedOnDisk, this, &DocumentView::onChangedOnDisk);
    connect(m_doc, &Document::diagnosticsChanged, this, &DocumentView::updateWarnings);
    connect(m_doc, &Document::labelsChanged, this, &DocumentView::updateWarnings);
    connect(m_doc, &Document::reloaded, this, [this] {
        m_notice->hide();
        updatePage();
    });
    connect(m_doc, &Document::loadFinished, this, [this] {
        m_loaded = true;
        updateWarnings();
        checkReady();
    });
    auto announce = [this] { emit recordInfoChanged(recordInfo()); };
    connect(m_state, &ViewState::currentRecordChanged, this, announce);
    connect(m_doc, &Document::labelsChanged, this, announce);
    connect(m_doc, &Document::labelsChanged, this, &DocumentView::showUpright);
    connect(m_doc, &Document::viewChanged, this, announce);
    updatePage();
    updateWarnings();
}

QString DocumentView::recordInfo() const
{
    if (!m_doc->headerValid())
        return {};
    const quint64 r = m_state->currentRecord();
    const quint64 count = m_doc->header().recordCount();
    const quint64 available = m_doc->availableRecords();
    QString text = tr("Record %L1 of %L2").arg(r).arg(count);
    if (available < count)
        text += tr(" (%L1 loaded)").arg(available);
    const auto& labels = m_doc->labelClasses();
    if (r < labels.size())
        text += tr("  ·  label %1").arg(m_doc->classNames().caption(labels[r]));
    return text;
}

void DocumentView::showUpright()
{
    // EMNIST stores each image transposed: once it is recognised, the images are shown upright (the transpose
    // toggle, whose tooltip says why, turns them back). Once per dataset, not again after a reload that
    // briefly knows none: the person's choice stays.
    const auto& dataset = m_doc->dataset();
    if (!dataset || !dataset->transposed || dataset->part != idx::DatasetPart::Images ||
        m_shownUpright == dataset->dataset)
        return;
    m_shownUpright = dataset->dataset;
    idx::SliceSpec s = m_state->slice();
    s.transpose = true;
    m_state->setSlice(s);
}

DocumentView::~DocumentView()
{
    // The side panels live in the main window's docks, not in this widget's tree. Everything that uses the
    // document goes before it (QObject would delete the document first: it is the oldest child).
    delete m_header;
    delete m_stats;
    delete m_navigation;
    delete m_comparePanel;
    delete m_compare;
    delete m_mapPanel;
    delete m_map;
    delete m_insightsPanel;
    delete m_insights;
    delete m_renderer;
    delete m_stack;
}

void DocumentView::buildErrorPage()
{
    m_errorPage = new QWidget(m_stack);
    auto* column = new QVBoxLayout(m_errorPage);
    column->setContentsMargins(24, 24, 24, 24);
    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(m_errorPage);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxCritical).pixmap(48, 48));
    icon->setAlignment(Qt::AlignTop);
    m_errorText = new QLabel(m_errorPage);
    m_errorText->setWordWrap(true);
    m_errorText->setTextFormat(Qt::RichText);
    m_errorText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(icon);
    top->addWidget(m_errorText, 1);
    column->addLayout(top);
    auto* hexTitle = new QLabel(tr("First bytes of the file:"), m_errorPage);
    column->addSpacing(12);
    column->addWidget(hexTitle);
    m_hex = new HexView(m_errorPage);
    // Room for the 16 lines of 256 bytes, no more: the page should not look like an editor.
    m_hex->setMaximumHeight(m_hex->fontMetrics().lineSpacing() * 17 + 2 * m_hex->frameWidth() + 8);
    column->addWidget(m_hex);
    column->addStretch();
    auto* reload = new QPushButton(tr("Reload"), m_errorPage);
    connect(reload, &QPushButton::clicked, m_doc, &Document::reload);
    auto* row = new QHBoxLayout;
    m_remedyRow = new QHBoxLayout;
    row->addLayout(m_remedyRow);
    row->addStretch();
    row->addWidget(reload);
    column->addLayout(row);
    m_stack->addWidget(m_errorPage);
}

void DocumentView::buildContent()
{
    m_content = new QWidget(m_stack);
    auto* column = new QVBoxLayout(m_content);
    column->setContentsMargins(0, 0, 0, 0);
    m_splitter = new QSplitter(Qt::Horizontal, m_content);
    m_splitter->setChildrenCollapsible(false);
    column->addWidget(m_splitter);

    m_browser = new QTabWidget(m_splitter);
    m_browser->setDocumentMode(true);
    m_gallery = new GalleryView(m_doc, m_state, m_browser);
    m_gallery->setThumbnailSize(Settings::thumbnailSize());
    connect(m_gallery, &GalleryView::thumbnailSizeChosen, this,
            [](int px) { Settings::setThumbnailSize(px); });
    m_browser->addTab(m_gallery, tr("Gallery"));
    m_gallery->listView()->setLabelKeys(m_labelKeys);
    auto* table = new TableView(m_doc, m_state, m_browser);
    connect(table->model(), &TableModel::editFailed, this, &DocumentView::editMessage);
    m_table = table;
    m_browser->addTab(m_table, tr("Table"));
    const int ndim = m_doc->file()->header().ndim();
    if (ndim <= 2 && m_table)
        m_browser->setCurrentWidget(m_table);
    if (ndim <= 1 && m_table) // records of single values: nothing to show as thumbnails
        m_browser->setTabVisible(m_browser->indexOf(m_gallery), false);

    auto* imageColumn = new QWidget(m_splitter);
    auto* imageLayout = new QVBoxLayout(imageColumn);
    imageLayout->setContentsMargins(0, 0, 0, 0);
    imageLayout->setSpacing(0);
    m_image = new ImageView(imageColumn);
    connect(this, &DocumentView::recordInfoChanged, m_image,
            &QWidget::setAccessibleDescription); // for readers
    m_image->setLabelKeys(m_labelKeys);
    m_paint = new PaintTool(m_doc, m_state, m_image);
    connect(m_paint, &PaintTool::message, this, &DocumentView::editMessage);
    auto* controls = new ImageControls(m_doc, m_state, m_image, imageColumn);
    imageLayout->addWidget(controls);
    imageLayout->addWidget(m_image, 1);
    m_splitter->addWidget(m_browser);
    m_splitter->addWidget(imageColumn);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    // A 1-D tensor (labels) as an image would be a one-pixel strip: its table says more.
    imageColumn->setVisible(ndim >= 2);
    m_painted = ndim < 2; // a hidden image view never paints: ready must not wait for it
    m_stack->addWidget(m_content);

    m_renderer = new SliceRenderer(m_doc, m_state, this);
    connect(m_renderer, &SliceRenderer::imageReady, m_image, &ImageView::setImage);
    connect(m_renderer, &SliceRenderer::imageFailed, m_image, &ImageView::clearImage);
    connect(m_image, &ImageView::hoveredPixel, this,
            [this](QPoint p) { emit statusMessage(m_renderer->describePixel(p)); });
    connect(m_image, &ImageView::imagePainted, this, [this] {
        m_painted = true;
        checkReady();
    });
    connect(m_renderer, &SliceRenderer::rendered, this, [this](bool ok) {
        if (!ok && m_loaded) // nothing to paint for this slice: don't make --screenshot wait for it
            m_painted = true;
        checkReady();
    });

    auto* stats = new StatsPanel(m_doc, m_state);
    m_stats = stats;
    m_statsReady = stats->isReady();
    connect(stats, &StatsPanel::statsReady, this, [this] {
        m_statsReady = true;
        checkReady();
    });
    m_navigation = new NavigationPanel(m_doc, m_state);
    m_insights = new InsightsController(m_doc);
    if (const auto other = idx::findOtherSplit(m_doc->path()); other && m_doc->header().ndim() >= 2)
        m_insights->setOtherSplit(*other);
    m_insightsPanel = new InsightsPanel(m_insights, m_state);
    connect(m_insightsPanel, &InsightsPanel::message, this, &DocumentView::editMessage);
    m_map = new MapController(m_doc, m_insights);
    m_mapPanel = new MapPanel(m_map, m_state);
    connect(m_mapPanel, &MapPanel::message, this, &DocumentView::editMessage);
    m_compare = new CompareController(m_doc);
    m_comparePanel = new ComparePanel(m_compare, m_state);
    m_renderer->update();
    emit panelsChanged();
}

void DocumentView::updatePage()
{
    if (m_doc->headerValid()) {
        if (!m_content)
            buildContent();
        m_stack->setCurrentWidget(m_content);
        return;
    }
    const QString path = QDir::toNativeSeparators(m_doc->path());
    QString html =
        QStringLiteral("<h3>%1</h3><p>%2</p>")
            .arg(tr("This file cannot be opened as an IDX tensor").toHtmlEscaped(), path.toHtmlEscaped());
    for (const idx::Diagnostic& d : m_doc->diagnostics())
        html += QStringLiteral("<p>%1</p>").arg(d.message.toHtmlEscaped());
    m_errorText->setText(html);
    m_hex->setData(m_doc->file()->leadingBytes());
    m_stack->setCurrentWidget(m_errorPage);
    m_loaded = m_painted = true; // nothing more will come
    checkReady();
}

bool DocumentView::showsError() const
{
    return m_stack->currentWidget() == m_errorPage;
}

QString DocumentView::errorText() const
{
    return showsError() ? m_errorText->text() : QString();
}

QString DocumentView::warningText() const
{
    return m_warning->text();
}

QString DocumentView::noticeText() const
{
    return m_notice->text();
}

void DocumentView::updateWarnings()
{
    if (!m_doc->headerValid()) {
        m_warning->hide();
        return;
    }
    m_warning->clearActions();
    const idx::Diagnostics diags = m_doc->diagnostics();
    bool cancelled = false;
    QStringList lines;
    for (const idx::Diagnostic& d : diags) {
        if (d.code == idx::DiagCode::Cancelled)
            cancelled = true;
        else
            lines << d.message;
    }
    if (!m_doc->labelsMessage().isEmpty())
        lines << m_doc->labelsMessage();
    if (cancelled) {
        m_warning->showMessage(NoticeBar::Kind::Warning,
                               tr("Loading was cancelled: %L1 of %L2 records are available.")
                                   .arg(m_doc->availableRecords())
                                   .arg(m_doc->header().recordCount()));
        connect(m_warning->addAction(tr("Load Again")), &QAction::triggered, this,
                &DocumentView::reloadAsking);
    } else if (idx::hasError(diags) && m_loaded) {
        m_warning->showMessage(NoticeBar::Kind::Warning,
                               tr("This file is damaged; its complete records are shown.\n%1")
                                   .arg(lines.join(QLatin1Char('\n'))));
    } else if (!lines.isEmpty()) {
        m_warning->showMessage(NoticeBar::Kind::Information, lines.join(QLatin1Char('\n')));
    } else if (const idx::OpenOptions how = m_doc->openOptions(); !how.isDefault()) {
        // A reinterpretation in force is never silent, and can be undone.
        m_warning->showMessage(NoticeBar::Kind::Information, tr("Shown %1.").arg(how.describe()));
        connect(m_warning->addAction(tr("Read as Written")), &QAction::triggered, this, [this] {
            if (!m_doc->setOpenOptions({}))
                emit editMessage(tr("Save or discard the edits first: they are values of the file as it is "
                                    "read now."));
        });
    } else {
        m_warning->hide();
    }
    if (!cancelled && !lines.isEmpty())
        for (const idx::Remedy& r : m_remedies->remedies()) {
            QAction* action = m_warning->addAction(RemedyFinder::label(r));
            action->setToolTip(r.description + QLatin1Char('\n') + r.evidence);
            connect(action, &QAction::triggered, this, [this, r] { applyRemedy(r); });
        }
}

void DocumentView::updateRemedyButtons()
{
    while (QLayoutItem* item = m_remedyRow->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const idx::Remedy& r : m_remedies->remedies()) {
        auto* button = new QPushButton(RemedyFinder::label(r), m_errorPage);
        button->setToolTip(r.description + QLatin1Char('\n') + r.evidence);
        connect(button, &QPushButton::clicked, this, [this, r] { applyRemedy(r); });
        m_remedyRow->addWidget(button);
    }
}

void DocumentView::applyRemedy(const idx::Remedy& remedy)
{
    // Only what the remedy changes, over the reading in force now (the byte order may have been switched
    // since the remedies were found).
    idx::OpenOptions options = m_doc->openOptions();
    switch (remedy.kind) {
    case idx::RemedyKind::ReadAsType:
        options.elementType = remedy.options.elementType;
        options.dataOrder = remedy.options.dataOrder;
        break;
    case idx::RemedyKind::LittleEndianFile:
        options.littleEndianFile = true;
        break;
    case idx::RemedyKind::LittleEndianPayload:
        options.dataOrder = idx::ByteOrder::Little;
        break;
    case idx::RemedyKind::IgnoreTrailing:
        options.ignoreTrailing = true;
        break;
    }
    if (!m_doc->setOpenOptions(options))
        emit editMessage(
            tr("Save or discard the edits first: they are values of the file as it is read now."));
}

void DocumentView::onChangedOnDisk(bool deleted)
{
    m_notice->clearActions();
    m_notice->showMessage(NoticeBar::Kind::Warning,
                          deleted                  ? tr("The file was deleted on disk.")
                          : !m_doc->isSafeToRead() ? tr("The file shrank on disk: its records are no longer "
                                                        "shown until it is reloaded.")
                                                   : tr("The file changed on disk."));
    if (!deleted)
        connect(m_notice->addAction(tr("Reload")), &QAction::triggered, this, &DocumentView::reloadAsking);
}

bool DocumentView::visibleThumbnailsReady() const
{
    if (!m_gallery || !m_gallery->isVisible())
        return true;
    const GalleryGrid* grid = m_gallery->listView();
    const auto [first, last] = grid->visibleRows();
    for (int row = first; row <= last; ++row)
        if (!grid->model()->index(row, 0).data(GalleryModel::ThumbnailFreshRole).toBool())
            return false;
    return true;
}

void DocumentView::checkReady()
{
    if (m_ready || !m_painted || !m_loaded || !m_statsReady)
        return;
    m_ready = true;
    emit ready();
}

bool DocumentView::passesFilter(quint64 record) const
{
    if (!m_state->inRecordFilter(record))
        return false;
    const QSet<qint64>& filter = m_state->labelFilter();
    if (filter.isEmpty())
        return true;
    const auto& labels = m_doc->labelClasses();
    return record < labels.size() && filter.contains(labels[record]);
}

quint64 DocumentView::navigableRecords() const
{
    // Records that can be shown: all of them, or those decoded so far (a truncated file ends early).
    return std::max<quint64>(m_doc->availableRecords(), m_doc->header().recordCount() == 0 ? 0 : 1);
}

void DocumentView::stepRecord(qint64 delta)
{
    if (!m_doc->headerValid() || delta == 0)
        return;
    const quint64 count = navigableRecords();
    if (count == 0)
        return;
    qint64 r = qint64(std::min(m_state->currentRecord(), count - 1));
    const qint64 dir = delta > 0 ? 1 : -1;
    qint64 remaining = delta > 0 ? delta : -delta;
    qint64 last = r;
    while (remaining > 0) {
        r += dir;
        if (r < 0 || r >= qint64(count))
            break;
        if (passesFilter(quint64(r))) {
            last = r;
            --remaining;
        }
    }
    m_state->setCurrentRecord(quint64(last));
}

void DocumentView::firstRecord()
{
    m_state->setCurrentRecord(0);
    if (!passesFilter(0))
        stepRecord(1);
}

void DocumentView::lastRecord()
{
    if (!m_doc->headerValid())
        return;
    const quint64 count = navigableRecords();
    m_state->setCurrentRecord(count ? count - 1 : 0);
    if (count && !passesFilter(count - 1))
        stepRecord(-1);
}

void DocumentView::focusJump()
{
    if (!m_gallery)
        return;
    if (m_browser)
        m_browser->setCurrentWidget(m_gallery);
    m_gallery->focusJump();
}

void DocumentView::keyPressEvent(QKeyEvent* event)
{
    // A digit nobody in the tab used (the focus on a button, the browser's tab bar) is a label too.
    if (!m_labelKeys->keyPressed(event, LabelKeys::Target::SelectionOrCurrent))
        QWidget::keyPressEvent(event);
}

void DocumentView::reloadAsking()
{
    if (confirmDiscard(this, m_doc, tr("Reload")))
        m_doc->reload();
}

} // namespace idx::gui
