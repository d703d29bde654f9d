// DocumentView: builds the tab's pages, keeps the error page / content choice and the notice bars in step
// with the document, and makes the panels' controllers as the content comes.
#include "documentview.h"

#include "discardguard.h"
#include "document.h"
#include "errorpage.h"
#include "gallerygrid.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "imagecontrols.h"
#include "imageview.h"
#include "labelkeys.h"
#include "navigationcontroller.h"
#include "noticebar.h"
#include "painttool.h"
#include "readiness.h"
#include "remedyfinder.h"
#include "settings.h"
#include "slicerenderer.h"
#include "tablemodel.h"
#include "tableview.h"
#include "viewstate.h"

#include <QAction>
#include <QKeyEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace idx::gui {

namespace {
bool s_featuresAfterFirstPaint = false; // GUI thread only
} // namespace

DocumentView::DocumentView(const QString& path, QWidget* parent) : QWidget(parent)
{
    build(new Document(path, this)); // the first child: it goes with the view
}

DocumentView::DocumentView(Document* doc, QWidget* parent) : QWidget(parent)
{
    build(doc);
}

void DocumentView::build(Document* doc)
{
    m_doc = doc;
    m_state = new ViewState(this);
    m_labelKeys = new LabelKeys(m_doc, m_state, this);
    connect(m_labelKeys, &LabelKeys::message, this, &DocumentView::editMessage);
    m_panels = std::make_unique<TabPanels>(PanelRegistry::instance(), m_doc, m_state);
    connect(m_panels.get(), &TabPanels::message, this, &DocumentView::editMessage);
    connect(m_panels.get(), &TabPanels::actionRequested, this, &DocumentView::actionRequested);
    // Not asked once the tab goes (the panels go before the children that might still announce a change).
    m_readiness = new Readiness([this] { return m_panels && m_panels->isReady(); }, this);
    connect(m_readiness, &Readiness::ready, this, &DocumentView::ready);
    connect(m_panels.get(), &TabPanels::readyChanged, m_readiness, &Readiness::check);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    m_notice = new NoticeBar(this);
    m_warning = new NoticeBar(this);
    m_stack.reset(new QStackedWidget(this));
    column->addWidget(m_notice);
    column->addWidget(m_warning);
    column->addWidget(m_stack.get(), 1);

    m_panels->makeAvailable(false);
    m_remedies = new RemedyFinder(m_doc, this);
    m_errorPage = new ErrorPage(m_stack.get());
    m_stack->addWidget(m_errorPage);
    connect(m_errorPage, &ErrorPage::reloadRequested, m_doc, &Document::reload);
    connect(m_errorPage, &ErrorPage::remedyChosen, this, &DocumentView::applyRemedy);
    connect(m_remedies, &RemedyFinder::remediesChanged, this, [this] {
        updateWarnings();
        m_errorPage->setRemedies(m_remedies->remedies());
    });

    connect(m_doc, &Document::changedOnDisk, this, &DocumentView::onChangedOnDisk);
    connect(m_doc, &Document::diagnosticsChanged, this, &DocumentView::updateWarnings);
    connect(m_doc, &Document::labelsChanged, this, &DocumentView::updateWarnings);
    connect(m_doc, &Document::reloaded, this, [this] {
        m_notice->hide();
        updatePage();
    });
    connect(m_doc, &Document::loadFinished, this, [this] {
        m_readiness->setLoaded();
        updateWarnings();
        m_readiness->check();
    });
    auto announce = [this] { emit recordInfoChanged(recordInfo()); };
    connect(m_state, &ViewState::currentRecordChanged, this, announce);
    connect(m_doc, &Document::labelsChanged, this, announce);
    connect(m_doc, &Document::labelsChanged, this, &DocumentView::showUpright);
    connect(m_doc, &Document::viewChanged, this, announce);
    updatePage();
    updateWarnings();
}

DocumentView::~DocumentView() = default;

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

void DocumentView::buildContent()
{
    m_navigation = new NavigationController(m_doc, m_state, this);
    m_content = new QWidget(m_stack.get());
    auto* column = new QVBoxLayout(m_content);
    column->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, m_content);
    splitter->setChildrenCollapsible(false);
    column->addWidget(splitter);

    m_browser = new QTabWidget(splitter);
    m_browser->setDocumentMode(true);
    m_gallery = new GalleryView(m_doc, m_state, m_browser);
    m_gallery->setThumbnailSize(Settings::thumbnailSize());
    connect(m_gallery, &GalleryView::thumbnailSizeChosen, this,
            [](int px) { Settings::setThumbnailSize(px); });
    m_browser->addTab(m_gallery, tr("Gallery"));
    m_gallery->listView()->setLabelKeys(m_labelKeys);
    auto* table = new TableView(m_doc, m_state, m_browser);
    connect(table->model(), &TableModel::editFailed, this, &DocumentView::editMessage);
    m_browser->addTab(table, tr("Table"));
    const int ndim = m_doc->file()->header().ndim();
    if (ndim <= 2)
        m_browser->setCurrentWidget(table);
    if (ndim <= 1) // records of single values: nothing to show as thumbnails
        m_browser->setTabVisible(m_browser->indexOf(m_gallery), false);

    auto* imageColumn = new QWidget(splitter);
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
    splitter->addWidget(m_browser);
    splitter->addWidget(imageColumn);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    // A 1-D tensor (labels) as an image would be a one-pixel strip: its table says more.
    imageColumn->setVisible(ndim >= 2);
    m_readiness->setPainted(ndim < 2); // a hidden image view never paints: ready must not wait for it
    m_stack->addWidget(m_content);

    m_renderer = std::make_unique<SliceRenderer>(m_doc, m_state);
    connect(m_renderer.get(), &SliceRenderer::imageReady, m_image, &ImageView::setImage);
    connect(m_renderer.get(), &SliceRenderer::imageFailed, m_image, &ImageView::clearImage);
    connect(m_image, &ImageView::hoveredPixel, this,
            [this](QPoint p) { emit statusMessage(m_renderer->describePixel(p)); });
    connect(m_image, &ImageView::imagePainted, this, [this] {
        m_readiness->setPainted();
        m_readiness->check();
    });
    connect(m_renderer.get(), &SliceRenderer::rendered, this, [this](bool ok) {
        if (!ok && m_readiness->isLoaded()) // nothing to paint for this slice: don't make --screenshot wait
            m_readiness->setPainted();
        m_readiness->check();
    });

    // With a file that is there at once (raw, mapped), the features' work took both cores from the first
    // paint: a 630,000-record file painted its first image after 335 ms, its 26 MB .gz (decoded first) after
    // 149 ms. In a window, the features come after that paint (setFeaturesAfterFirstPaint).
    if (s_featuresAfterFirstPaint && ndim >= 2) {
        connect(m_image, &ImageView::imagePainted, this, [this] {
            if (!m_panelsMade)
                QTimer::singleShot(0, this, &DocumentView::makePanelsAvailable);
        });
        connect(m_renderer.get(), &SliceRenderer::rendered, this, [this](bool ok) {
            if (!ok)
                makePanelsAvailable();
        });
        QTimer::singleShot(500, this, &DocumentView::makePanelsAvailable); // a tab not shown: no paint comes
    } else {
        makePanelsAvailable();
    }
    m_renderer->update();
}

void DocumentView::makePanelsAvailable()
{
    if (std::exchange(m_panelsMade, true))
        return;
    m_panels->makeAvailable(true);
    emit panelsChanged();
}

void DocumentView::setFeaturesAfterFirstPaint(bool on)
{
    s_featuresAfterFirstPaint = on;
}

void DocumentView::updatePage()
{
    if (m_doc->headerValid()) {
        if (!m_content)
            buildContent();
        m_stack->setCurrentWidget(m_content);
        return;
    }
    m_errorPage->showProblems(*m_doc);
    m_stack->setCurrentWidget(m_errorPage);
    m_readiness->setLoaded(); // nothing more will come
    m_readiness->setPainted();
    m_readiness->check();
}

bool DocumentView::showsError() const
{
    return m_stack->currentWidget() == m_errorPage;
}

QString DocumentView::errorText() const
{
    return showsError() ? m_errorPage->text() : QString();
}

QString DocumentView::warningText() const
{
    return m_warning->text();
}

QString DocumentView::noticeText() const
{
    return m_notice->text();
}

bool DocumentView::isReady() const
{
    return m_readiness->isReady();
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
    } else if (idx::hasError(diags) && m_readiness->isLoaded()) {
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
