// SliceRenderer: job building, the pure render function, sync/async dispatch with stale-result dropping, and
// the value-under-cursor lookup (the pixel's element from SliceSpec::elementIndex).
#include "slicerenderer.h"

#include "document.h"
#include "pixelimage.h"
#include "reshape.h"
#include "tensorwindow.h"

#include <QCoreApplication>
#include <cmath>
#include <limits>

namespace idx::gui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(SliceRendering)
};

void finiteRange(const std::vector<double>& values, double& lo, double& hi)
{
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (double v : values) {
        if (!std::isfinite(v))
            continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (lo > hi)
        lo = hi = 0;
}

idx::Window chooseWindow(const RenderJob& job, double lo, double hi)
{
    switch (job.mode) {
    case ViewState::WindowMode::Manual:
        return job.options.window;
    case ViewState::WindowMode::AutoSlice:
        return {lo, hi};
    case ViewState::WindowMode::AutoTensor:
        return job.tensorWindow ? *job.tensorWindow : idx::Window{lo, hi};
    case ViewState::WindowMode::Default:
        break;
    }
    return idx::defaultWindow(job.view.dtype(), lo, hi, job.options.colormap);
}

quint64 axisLen(const idx::Header& h, int axis)
{
    return axis >= 0 ? h.dims[size_t(axis)] : 1;
}

bool sameRequest(const RenderJob& a, const RenderJob& b)
{
    const auto& x = a.options;
    const auto& y = b.options;
    if (a.view.data() != b.view.data() || a.record != b.record || a.view.byteOrder() != b.view.byteOrder() ||
        a.view.header().dims != b.view.header().dims || a.mode != b.mode || a.channelAxis != b.channelAxis)
        return false;
    if (a.spec != b.spec)
        return false;
    if (x.colormap != y.colormap || x.invert != y.invert || !(x.nonFinite == y.nonFinite))
        return false;
    if (a.mode == ViewState::WindowMode::Manual &&
        (x.window.low != y.window.low || x.window.high != y.window.high))
        return false;
    if (a.mode == ViewState::WindowMode::AutoTensor &&
        a.tensorWindow.has_value() != b.tensorWindow.has_value())
        return false;
    return true;
}

} // namespace

RenderResult renderJob(const RenderJob& job)
{
    RenderResult r;
    r.generation = job.generation;
    if (job.channelAxis >= 0) {
        // Range over the three colour planes for the automatic windows.
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (quint64 c = 0; c < std::min<quint64>(3, axisLen(job.view.header(), job.channelAxis)); ++c) {
            idx::SliceSpec plane = job.spec;
            plane.fixed.resize(size_t(job.view.header().ndim()), 0);
            plane.fixed[size_t(job.channelAxis)] = c;
            const auto s = idx::extractSlice(job.view, plane);
            if (!s)
                break;
            double a = 0, b = 0;
            finiteRange(s->values, a, b);
            lo = std::min(lo, a);
            hi = std::max(hi, b);
        }
        if (lo > hi)
            lo = hi = 0;
        r.sliceMin = lo;
        r.sliceMax = hi;
        idx::RenderOptions o = job.options;
        o.window = chooseWindow(job, lo, hi);
        r.window = o.window;
        const auto buf = idx::renderRgbSlice(job.view, job.spec, job.channelAxis, o);
        if (!buf)
            r.error = Tr::tr("These colour channels cannot be shown (not loaded yet or out of range).");
        else
            r.image = idx::toQImage(std::move(*buf));
        return r;
    }
    const auto slice = idx::extractSlice(job.view, job.spec);
    if (!slice) {
        r.error = Tr::tr("Record %L1 is not available yet.")
                      .arg(job.record + (job.spec.fixed.empty() ? 0 : job.spec.fixed[0]));
        return r;
    }
    finiteRange(slice->values, r.sliceMin, r.sliceMax);
    idx::RenderOptions o = job.options;
    o.window = chooseWindow(job, r.sliceMin, r.sliceMax);
    r.window = o.window;
    r.image = idx::toQImage(idx::renderSlice(*slice, o));
    if (r.image.isNull())
        r.error = Tr::tr("This record is empty.");
    return r;
}

SliceRenderer::SliceRenderer(Document* doc, ViewState* state, QObject* parent)
    : QObject(parent), m_doc(doc), m_state(state)
{
    connect(&m_render, &JobBase::finished, this, [this] {
        if (m_render.result())
            deliver(*m_render.result());
        if (m_pending) {
            RenderJob next = std::move(*m_pending);
            m_pending.reset();
            start(std::move(next));
        }
    });
    connect(&m_range, &JobBase::finished, this, [this] {
        // Only the current run reaches here: a cancelled one (its data went stale or the window mode changed)
        // was discarded, and update() starts what is needed.
        m_rangeDone = true;
        // No result (nothing finite to measure): AutoTensor falls back to each slice's own range, and the
        // same data is not scanned again.
        m_tensorWindow = m_range.result().value_or(std::nullopt);
        if (rangeKey() != m_rangeKey) { // the data changed after the run read it
            m_tensorWindow.reset();
            m_rangeKey.clear();
        }
        update();
    });
    connect(state, &ViewState::currentRecordChanged, this, &SliceRenderer::update);
    connect(state, &ViewState::sliceChanged, this, &SliceRenderer::update);
    connect(state, &ViewState::renderOptionsChanged, this, &SliceRenderer::update);
    connect(state, &ViewState::windowModeChanged, this, &SliceRenderer::update);
    connect(state, &ViewState::reshapeChanged, this, &SliceRenderer::update);
    connect(doc, &Document::viewChanged, this, &SliceRenderer::update);
    // A reload changes the range key (another file); the range waits for the whole load.
    connect(doc, &Document::reloaded, this, &SliceRenderer::forceUpdate);
    connect(doc, &Document::loadFinished, this, &SliceRenderer::update);
}

SliceRenderer::~SliceRenderer() = default; // the jobs cancel and wait

RenderJob SliceRenderer::makeJob() const
{
    RenderJob job;
    const idx::TensorPieces tensor = reshapedPieces(*m_doc, *m_state);
    const idx::Header& h = tensor.header();
    job.spec = effectiveSlice(h, *m_state);
    job.options = m_state->render();
    job.mode = m_state->windowMode();
    job.tensorWindow = m_tensorWindow;
    if (m_state->rgbChannels()) {
        job.channelAxis = idx::rgbChannelAxis(h);
        job.spec = job.spec.besideChannels(h, job.channelAxis);
    }
    if (job.spec.inOneRecord(h, job.channelAxis)) {
        // The current record alone, where it is (the file, or the overlay when edited): an edit copies
        // nothing to show it, and an edit elsewhere leaves this request as it was.
        job.record = job.spec.fixed[0];
        job.view = tensor.recordView(job.record);
        job.spec.fixed[0] = 0;
    } else if (const auto whole = tensor.contiguous()) {
        job.view = *whole;
    } else {
        job.view = reshapedView(*m_doc, *m_state); // a slice across edited records: the whole, copied
    }
    return job;
}

QString SliceRenderer::rangeKey() const
{
    const idx::TensorPieces t = reshapedPieces(*m_doc, *m_state);
    return QStringLiteral("%1/%2/%3/%4/%5")
        .arg(quintptr(m_doc->file().get()))
        .arg(m_doc->generation())
        .arg(int(t.byteOrder()))
        .arg(t.header().shapeString())
        .arg(t.availableBytes());
}

void SliceRenderer::forceUpdate()
{
    m_hasShown = false;
    update();
}

void SliceRenderer::update()
{
    if (!m_doc || !m_doc->headerValid())
        return;
    if (!m_doc->isSafeToRead()) {
        m_last.error = tr("The file changed on disk; reload it to see its contents.");
        emit rendered(false);
        return;
    }
    if (m_state->windowMode() == ViewState::WindowMode::AutoTensor)
        computeTensorRange(); // drops a range of other data, starts one for this data when it is loaded
    else
        cancelTensorRange(); // nobody waits for it: a scan of a big tensor would only compete with the rest
    RenderJob job = makeJob();
    if (m_render.isActive()) {
        if (sameRequest(job, m_shown)) {
            // Back to what is being rendered: forget the queued request and keep the running result.
            m_pending.reset();
            m_generation = m_shown.generation;
            return;
        }
        job.generation = ++m_generation; // the running result is stale now
        m_pending = std::move(job);
        return;
    }
    // Progressive loads announce new records often: re-render only when the request (or a failed attempt)
    // changed.
    if (m_hasShown && m_lastOk && sameRequest(job, m_shown))
        return;
    job.generation = ++m_generation;
    start(std::move(job));
}

void SliceRenderer::start(RenderJob job)
{
    m_shown = job;
    m_hasShown = true;
    const idx::Header& h = job.view.header();
    const quint64 elements = h.ndim() == 0 ? 1 : axisLen(h, job.spec.rowAxis) * axisLen(h, job.spec.colAxis);
    if (elements <= kSyncLimit) {
        deliver(renderJob(job));
        return;
    }
    m_render.start([job](JobContext&) { return renderJob(job); });
}

void SliceRenderer::deliver(const RenderResult& result)
{
    if (result.generation != m_generation)
        return; // superseded while it ran
    m_last = result;
    m_lastOk = result.error.isEmpty();
    if (!m_lastOk) {
        emit imageFailed(result.error);
        emit rendered(false);
        return;
    }
    emit imageReady(result.image);
    if (m_state->windowMode() != ViewState::WindowMode::Manual)
        m_state->setWindow(result.window, m_state->windowMode());
    emit rendered(true);
}

void SliceRenderer::computeTensorRange()
{
    const QString key = rangeKey();
    if (key == m_rangeKey && (m_range.isActive() || m_rangeDone))
        return;          // known, or on its way
    cancelTensorRange(); // a run for other data
    m_tensorWindow.reset();
    m_rangeKey.clear();
    m_rangeDone = false;
    if (!m_doc->isLoaded())
        return; // the range of a partial load is not the tensor's: loadFinished asks again
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    m_rangeKey = key;
    m_range.start([view](JobContext& context) -> std::optional<idx::Window> {
        const auto range = idx::finiteRange(view, 0, ~quint64(0), context.control());
        if (!range || range->empty)
            return std::nullopt; // cancelled, or no finite value
        return idx::Window{range->min, range->max};
    });
}

void SliceRenderer::cancelTensorRange()
{
    if (!m_range.isActive())
        return;
    m_range.discard(); // the worker stops at its next poll; its end is ignored, the destructor waits for it
    m_rangeKey.clear();
}

QString SliceRenderer::describePixel(QPoint pixel) const
{
    if (!m_doc || !m_lastOk || pixel.x() < 0 || pixel.y() < 0 || m_last.image.isNull() ||
        !m_doc->isSafeToRead())
        return {};
    const RenderJob& job = m_shown;
    const idx::Header& h = job.view.header();
    const int n = h.ndim();
    const int w = m_last.image.width(), hgt = m_last.image.height();
    if (pixel.x() >= w || pixel.y() >= hgt)
        return {};
    auto at = job.spec.elementIndex(h, quint64(pixel.x()), quint64(pixel.y()));
    if (!at)
        return {};
    std::vector<quint64> index = std::move(*at);

    auto format = [&](double v) {
        if (std::isnan(v))
            return tr("NaN");
        if (std::isinf(v))
            return v > 0 ? tr("+Inf") : tr("−Inf");
        return idx::isFloat(h.dtype) ? QString::number(v, 'g', 7) : QString::number(qint64(v));
    };
    QStringList values;
    if (job.channelAxis >= 0) {
        for (quint64 c = 0; c < h.dims[size_t(job.channelAxis)]; ++c) {
            index[size_t(job.channelAxis)] = c;
            const auto v = job.view.valueAt(index);
            if (!v)
                return {};
            values << format(*v);
        }
    } else {
        if (n == 0)
            index.clear();
        const auto v = n == 0 ? std::optional<double>(job.view.value(0)) : job.view.valueAt(index);
        if (!v)
            return {};
        values << format(*v);
    }
    QStringList coords;
    if (!index.empty())
        index[0] += job.record; // a one-record view: its record's index in the tensor
    for (quint64 i : index)
        coords << QString::number(i);
    return tr("x %1, y %2  ·  [%3]  ·  value %4")
        .arg(pixel.x())
        .arg(pixel.y())
        .arg(coords.join(QStringLiteral(", ")), values.join(QStringLiteral(" / ")));
}

} // namespace idx::gui
