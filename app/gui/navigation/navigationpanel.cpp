// NavigationPanel: builds one row per axis for the current shape and keeps the widgets and ViewState in step.
#include "navigationpanel.h"

#include "document.h"
#include "reshape.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>
#include <limits>

namespace idx::gui {

namespace {
QToolButton* toolButton(const QString& text, const QString& tip, QWidget* parent, bool checkable = false)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setCheckable(checkable);
    b->setAutoRaise(true);
    return b;
}
} // namespace

NavigationPanel::NavigationPanel(Document* doc, ViewState* state, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_state(state), m_axesLabel(new QLabel(tr("Image rows / columns:"), this)),
      m_rowAxis(new QComboBox(this)), m_colAxis(new QComboBox(this)),
      m_rgb(new QCheckBox(tr("Treat last axis as RGB channels"), this)),
      m_transpose(toolButton(tr("Transpose"),
                             tr("Swap the image's rows and columns (EMNIST is stored transposed)"), this,
                             true)),
      m_flipH(toolButton(tr("Flip H"), tr("Mirror the image left to right"), this, true)),
      m_flipV(toolButton(tr("Flip V"), tr("Mirror the image top to bottom"), this, true)),
      m_nothing(new QLabel(tr("The whole tensor is one image: nothing to navigate."), this)),
      m_axesGrid(new QGridLayout)
{
    m_rowAxis->setToolTip(tr("Axis shown as the image's rows"));
    m_colAxis->setToolTip(tr("Axis shown as the image's columns"));
    m_nothing->setForegroundRole(QPalette::PlaceholderText);
    m_nothing->setWordWrap(true);

    auto* axes = new QHBoxLayout;
    axes->addWidget(m_axesLabel);
    axes->addWidget(m_rowAxis);
    axes->addWidget(m_colAxis);
    axes->addStretch(1);
    auto* toggles = new QHBoxLayout;
    m_transpose->setObjectName(QStringLiteral("transpose"));
    toggles->addWidget(m_transpose);
    toggles->addWidget(m_flipH);
    toggles->addWidget(m_flipV);
    toggles->addSpacing(8);
    toggles->addWidget(m_rgb);
    toggles->addStretch(1);
    m_axesGrid->setColumnStretch(3, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(axes);
    layout->addLayout(toggles);
    layout->addLayout(m_axesGrid);
    layout->addWidget(m_nothing);
    layout->addStretch(1);

    connect(m_rowAxis, &QComboBox::activated, this,
            [this] { setAxes(m_rowAxis->currentData().toInt(), m_colAxis->currentData().toInt()); });
    connect(m_colAxis, &QComboBox::activated, this, [this] {
        int row = m_rowAxis->currentData().toInt();
        const int col = m_colAxis->currentData().toInt();
        if (row == col) // the axis moved from rows to columns: take the old column axis for rows
            row = spec().colAxis;
        setAxes(row, col);
    });
    connect(m_rgb, &QCheckBox::toggled, this, &NavigationPanel::setRgb);
    const auto flags = [this] {
        setFlags(m_transpose->isChecked(), m_flipH->isChecked(), m_flipV->isChecked());
    };
    connect(m_transpose, &QToolButton::toggled, this, flags);
    connect(m_flipH, &QToolButton::toggled, this, flags);
    connect(m_flipV, &QToolButton::toggled, this, flags);

    connect(m_state, &ViewState::sliceChanged, this, &NavigationPanel::sync);
    connect(m_state, &ViewState::currentRecordChanged, this, &NavigationPanel::sync);
    connect(m_state, &ViewState::reshapeChanged, this, &NavigationPanel::rebuild);
    connect(m_doc, &Document::labelsChanged, this, &NavigationPanel::updateTransposeTip);
    connect(m_doc, &Document::viewChanged, this, [this] {
        if (view().header().dims != m_dims)
            rebuild();
        else
            updateRanges(); // more records decoded
    });
    rebuild();
}

idx::TensorPieces NavigationPanel::view() const
{
    return reshapedPieces(*m_doc, *m_state); // shapes and counts only: never a copy of edited data
}

idx::SliceSpec NavigationPanel::spec() const
{
    return effectiveSlice(view().header(), *m_state);
}

bool NavigationPanel::rgbPossible() const
{
    return idx::rgbChannelAxis(m_dims) >= 0;
}

int NavigationPanel::shownChannelAxis() const
{
    return m_state->rgbChannels() ? idx::rgbChannelAxis(m_dims) : -1;
}

quint64 NavigationPanel::axisMax(int axis) const
{
    if (axis < 0 || size_t(axis) >= m_dims.size())
        return 0;
    // Records arrive progressively: the record axis only reaches what is decoded.
    const quint64 n = axis == 0 ? view().availableRecords() : m_dims[size_t(axis)];
    return std::min<quint64>(n ? n - 1 : 0, quint64(std::numeric_limits<int>::max()));
}

QSlider* NavigationPanel::axisSlider(int axis) const
{
    return axis >= 0 && size_t(axis) < m_rows.size() ? m_rows[size_t(axis)].slider : nullptr;
}

QSpinBox* NavigationPanel::axisSpin(int axis) const
{
    return axis >= 0 && size_t(axis) < m_rows.size() ? m_rows[size_t(axis)].spin : nullptr;
}

bool NavigationPanel::isAxisNavigable(int axis) const
{
    const idx::SliceSpec s = spec();
    const int n = int(m_dims.size());
    return axis >= 0 && axis < n && axis != s.rowAxis && axis != s.colAxis && axis != shownChannelAxis();
}

void NavigationPanel::rebuild()
{
    for (AxisRow& r : m_rows)
        for (QWidget* w :
             {static_cast<QWidget*>(r.label), static_cast<QWidget*>(r.first), static_cast<QWidget*>(r.prev),
              static_cast<QWidget*>(r.slider), static_cast<QWidget*>(r.spin), static_cast<QWidget*>(r.next),
              static_cast<QWidget*>(r.last)})
            delete w;
    m_rows.clear();
    m_dims = view().header().dims;
    const int n = int(m_dims.size());
    {
        const QSignalBlocker b1(m_rowAxis), b2(m_colAxis);
        m_rowAxis->clear();
        m_colAxis->clear();
        m_rowAxis->addItem(tr("— (one row)"), -1);
        for (int a = 0; a < n; ++a) {
            const QString text = tr("Axis %1 (%2)").arg(a).arg(m_dims[size_t(a)]);
            m_rowAxis->addItem(text, a);
            m_colAxis->addItem(text, a);
        }
    }
    for (int a = 0; a < n; ++a) {
        AxisRow r;
        r.label = new QLabel(a == 0 ? tr("Record") : tr("Axis %1").arg(a), this);
        r.first = toolButton(tr("«"), tr("First"), this);
        r.prev = toolButton(tr("‹"), tr("Previous"), this);
        r.slider = new QSlider(Qt::Horizontal, this);
        r.spin = new QSpinBox(this);
        r.spin->setKeyboardTracking(false);
        r.next = toolButton(tr("›"), tr("Next"), this);
        r.last = toolButton(tr("»"), tr("Last"), this);
        m_axesGrid->addWidget(r.label, a, 0);
        m_axesGrid->addWidget(r.first, a, 1);
        m_axesGrid->addWidget(r.prev, a, 2);
        m_axesGrid->addWidget(r.slider, a, 3);
        m_axesGrid->addWidget(r.spin, a, 4);
        m_axesGrid->addWidget(r.next, a, 5);
        m_axesGrid->addWidget(r.last, a, 6);
        connect(r.slider, &QSlider::valueChanged, this, [this, a](int v) { setFixed(a, v); });
        connect(r.spin, &QSpinBox::valueChanged, this, [this, a](int v) { setFixed(a, v); });
        connect(r.first, &QToolButton::clicked, this, [this, a] { setFixed(a, 0); });
        connect(r.last, &QToolButton::clicked, this, [this, a] { setFixed(a, qint64(axisMax(a))); });
        connect(r.prev, &QToolButton::clicked, this,
                [this, a] { setFixed(a, qint64(spec().fixed[size_t(a)]) - 1); });
        connect(r.next, &QToolButton::clicked, this,
                [this, a] { setFixed(a, qint64(spec().fixed[size_t(a)]) + 1); });
        m_rows.push_back(r);
    }
    if (m_state->rgbChannels() && !rgbPossible())
        m_state->setRgbChannels(false);
    updateRanges();
    sync();
}

void NavigationPanel::updateRanges()
{
    m_syncing = true;
    for (int a = 0; a < int(m_rows.size()); ++a) {
        const int max = int(axisMax(a));
        m_rows[size_t(a)].slider->setRange(0, max);
        m_rows[size_t(a)].spin->setRange(0, max);
        m_rows[size_t(a)].slider->setPageStep(std::max(1, max / 20));
    }
    m_syncing = false;
}

void NavigationPanel::sync()
{
    if (m_syncing)
        return;
    m_syncing = true;
    const idx::SliceSpec s = spec();
    const int n = int(m_dims.size());
    const bool axes = n >= 2;
    m_axesLabel->setVisible(axes);
    m_rowAxis->setVisible(axes);
    m_colAxis->setVisible(axes);
    m_rowAxis->setCurrentIndex(std::max(0, m_rowAxis->findData(s.rowAxis)));
    m_colAxis->setCurrentIndex(std::max(0, m_colAxis->findData(s.colAxis)));
    m_rgb->setVisible(rgbPossible());
    m_rgb->setChecked(m_state->rgbChannels());
    m_transpose->setChecked(s.transpose);
    updateTransposeTip();
    m_flipH->setChecked(s.flipHorizontal);
    m_flipV->setChecked(s.flipVertical);
    bool any = false;
    for (int a = 0; a < int(m_rows.size()); ++a) {
        const AxisRow& r = m_rows[size_t(a)];
        const bool visible = isAxisNavigable(a);
        any = any || visible;
        for (QWidget* w :
             {static_cast<QWidget*>(r.label), static_cast<QWidget*>(r.first), static_cast<QWidget*>(r.prev),
              static_cast<QWidget*>(r.slider), static_cast<QWidget*>(r.spin), static_cast<QWidget*>(r.next),
              static_cast<QWidget*>(r.last)})
            w->setVisible(visible);
        const int value =
            int(std::min<quint64>(s.fixed[size_t(a)], quint64(std::numeric_limits<int>::max())));
        r.slider->setValue(value);
        r.spin->setValue(value);
    }
    m_nothing->setVisible(!any);
    m_syncing = false;
}

void NavigationPanel::setFixed(int axis, qint64 value)
{
    if (m_syncing || axis < 0 || size_t(axis) >= m_dims.size())
        return;
    value = std::clamp<qint64>(value, 0, qint64(axisMax(axis)));
    idx::SliceSpec s = spec();
    if (s.fixed[size_t(axis)] == quint64(value))
        return;
    s.fixed[size_t(axis)] = quint64(value);
    m_state->setSlice(s); // axis 0 moves the current record too
}

void NavigationPanel::setAxes(int rowAxis, int colAxis)
{
    if (m_syncing)
        return;
    idx::SliceSpec s = spec();
    if (rowAxis == colAxis)
        rowAxis = -1;
    s.rowAxis = rowAxis;
    s.colAxis = colAxis;
    // An image axis can't also be the colour channels.
    if (const int channels = shownChannelAxis();
        channels >= 0 && (rowAxis == channels || colAxis == channels))
        m_state->setRgbChannels(false);
    m_state->setSlice(s);
}

void NavigationPanel::setRgb(bool on)
{
    if (m_syncing)
        return;
    const idx::TensorPieces v = view();
    idx::SliceSpec s = effectiveSlice(v.header(), *m_state);
    const int n = int(m_dims.size());
    const int channels = idx::rgbChannelAxis(m_dims);
    if (on && channels >= 0) {
        if (s.rowAxis < 0) // colour shows whole images: a one-row slice counts as on the channels, moves too
            s.rowAxis = channels;
        s = s.besideChannels(v.header(), channels);
    } else if (!on && n >= 3 && s.rowAxis == n - 3 && s.colAxis == n - 2) {
        s.rowAxis = n - 2; // back to the default image axes
        s.colAxis = n - 1;
    }
    m_state->setRgbChannels(on && rgbPossible());
    m_state->setSlice(s);
}

void NavigationPanel::updateTransposeTip()
{
    const auto& dataset = m_doc->dataset();
    m_transpose->setToolTip(
        dataset && dataset->transposed && dataset->part == idx::DatasetPart::Images
            ? tr("%1 stores each image transposed: they are shown upright. Uncheck to see them as stored.")
                  .arg(dataset->dataset)
            : tr("Swap the image's rows and columns (EMNIST is stored transposed)"));
}

void NavigationPanel::setFlags(bool transpose, bool flipH, bool flipV)
{
    if (m_syncing)
        return;
    idx::SliceSpec s = spec();
    s.transpose = transpose;
    s.flipHorizontal = flipH;
    s.flipVertical = flipV;
    m_state->setSlice(s);
}

} // namespace idx::gui
