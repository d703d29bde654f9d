// ImageControls: widgets ↔ ViewState. Spin boxes follow the automatic window (read-only look) and switch the
// mode to Manual as soon as the user edits them.
#include "imagecontrols.h"

#include "document.h"
#include "imageview.h"
#include "viewstate.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolBar>
#include <QVBoxLayout>

#include <cmath>

namespace idx::gui {

QString ImageControls::colormapTitle(idx::Colormap c)
{
    switch (c) {
    case idx::Colormap::Gray:
        return ImageControls::tr("Gray");
    case idx::Colormap::Viridis:
        return ImageControls::tr("Viridis");
    case idx::Colormap::Magma:
        return ImageControls::tr("Magma");
    case idx::Colormap::Diverging:
        return ImageControls::tr("Diverging");
    }
    return {};
}

ImageControls::ImageControls(Document* doc, ViewState* state, ImageView* view, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_state(state), m_view(view)
{
    setObjectName(QStringLiteral("imageControls"));
    auto* rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->setSpacing(0);
    auto* top = new QToolBar(this);
    auto* bottom = new QToolBar(this);
    for (QToolBar* bar : {top, bottom}) {
        bar->setIconSize(QSize(16, 16));
        bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
        rows->addWidget(bar);
    }
    QToolBar* bar = top;
    auto addAction = [&bar](auto&&... args) { return bar->addAction(std::forward<decltype(args)>(args)...); };
    auto addWidget = [&bar](QWidget* w) { return bar->addWidget(w); };
    auto addSeparator = [&bar] { return bar->addSeparator(); };

    addAction(tr("Fit"), view, &ImageView::zoomFit)->setToolTip(tr("Fit the image in the view (Ctrl+0)"));
    addAction(tr("1:1"), view, &ImageView::zoomActual)
        ->setToolTip(tr("One image pixel per screen pixel (0)"));
    addAction(tr("−"), view, &ImageView::zoomOut)->setToolTip(tr("Zoom out (−)"));
    addAction(tr("+"), view, &ImageView::zoomIn)->setToolTip(tr("Zoom in (+)"));
    m_zoomLabel = new QLabel(this);
    m_zoomLabel->setMinimumWidth(m_zoomLabel->fontMetrics().horizontalAdvance(QStringLiteral("25600%")));
    m_zoomLabel->setAlignment(Qt::AlignCenter);
    addWidget(m_zoomLabel);
    connect(view, &ImageView::zoomChanged, this, [this](double z) {
        m_zoomLabel->setText(tr("%1%").arg(z >= 1 ? std::round(z * 100) : std::round(z * 1000) / 10));
    });
    addSeparator();

    m_colormap = new QComboBox(this);
    m_colormap->setToolTip(tr("Colormap"));
    m_colormap->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (idx::Colormap c : idx::allColormaps())
        m_colormap->addItem(colormapTitle(c), int(c));
    addWidget(m_colormap);
    connect(m_colormap, &QComboBox::activated, this,
            [this](int i) { m_state->setColormap(idx::Colormap(m_colormap->itemData(i).toInt())); });

    m_invert = addAction(tr("Invert"));
    m_invert->setCheckable(true);
    m_invert->setToolTip(tr("Swap dark and light"));
    connect(m_invert, &QAction::toggled, m_state, &ViewState::setInvert);

    bar = bottom;
    auto* windowLabel = new QLabel(tr("Window "), this);
    addWidget(windowLabel);
    m_windowMode = new QComboBox(this);
    m_windowMode->setToolTip(tr("Window: the value range mapped from black to white"));
    m_windowMode->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_windowMode->addItem(tr("Default"), int(ViewState::WindowMode::Default));
    m_windowMode->addItem(tr("Auto: slice"), int(ViewState::WindowMode::AutoSlice));
    m_windowMode->addItem(tr("Auto: tensor"), int(ViewState::WindowMode::AutoTensor));
    m_windowMode->addItem(tr("Manual"), int(ViewState::WindowMode::Manual));
    addWidget(m_windowMode);
    connect(m_windowMode, &QComboBox::activated, this, [this](int i) {
        m_state->setWindowMode(ViewState::WindowMode(m_windowMode->itemData(i).toInt()));
    });

    auto makeSpin = [this, &addWidget](const QString& tip) {
        auto* s = new QDoubleSpinBox(this);
        s->setToolTip(tip);
        s->setKeyboardTracking(false);
        s->setAccelerated(true);
        addWidget(s);
        connect(s, &QDoubleSpinBox::valueChanged, this, &ImageControls::applyManualWindow);
        return s;
    };
    m_low = makeSpin(tr("Lowest value of the window (shown black)"));
    addWidget(new QLabel(tr(" – "), this));
    m_high = makeSpin(tr("Highest value of the window (shown white)"));

    connect(state, &ViewState::renderOptionsChanged, this, &ImageControls::syncFromState);
    connect(state, &ViewState::windowModeChanged, this, &ImageControls::syncFromState);
    connect(doc, &Document::reloaded, this, &ImageControls::updateRanges);
    updateRanges();
    syncFromState();
}

void ImageControls::updateRanges()
{
    const idx::DType t = m_doc->headerValid() ? m_doc->file()->header().dtype : idx::DType::UInt8;
    const bool f = idx::isFloat(t);
    for (QDoubleSpinBox* s : {m_low, m_high}) {
        const QSignalBlocker block(s);
        s->setDecimals(f ? 4 : 0);
        s->setRange(f ? -1e30 : idx::dtypeLowest(t), f ? 1e30 : idx::dtypeMax(t));
        s->setSingleStep(f ? 0.01 : 1);
    }
    // A signed tensor most likely has meaningful negatives: say the diverging map is there for it.
    m_colormap->setItemData(m_colormap->findData(int(idx::Colormap::Diverging)),
                            idx::isSigned(t) ? tr("Recommended for signed data") : QString(),
                            Qt::ToolTipRole);
}

void ImageControls::syncFromState()
{
    m_syncing = true;
    const idx::RenderOptions& o = m_state->render();
    m_colormap->setCurrentIndex(m_colormap->findData(int(o.colormap)));
    m_windowMode->setCurrentIndex(m_windowMode->findData(int(m_state->windowMode())));
    {
        const QSignalBlocker a(m_low), b(m_high);
        m_low->setValue(o.window.low);
        m_high->setValue(o.window.high);
    }
    const QSignalBlocker c(m_invert);
    m_invert->setChecked(o.invert);
    m_syncing = false;
}

void ImageControls::applyManualWindow()
{
    if (m_syncing)
        return;
    m_state->setWindow({m_low->value(), m_high->value()}, ViewState::WindowMode::Manual);
}

} // namespace idx::gui
