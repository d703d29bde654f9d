// ViewState setters: each emits only on a real change, so views can connect freely without loops.
#include "viewstate.h"

#include <algorithm>

namespace idx::gui {

void ViewState::setCurrentRecord(quint64 record)
{
    if (record == m_record)
        return;
    m_record = record;
    if (!m_slice.fixed.empty())
        m_slice.fixed[0] = record;
    emit currentRecordChanged(record);
}

void ViewState::setSlice(const idx::SliceSpec& spec)
{
    m_slice = spec;
    if (!m_slice.fixed.empty() && m_slice.fixed[0] != m_record) {
        m_record = m_slice.fixed[0];
        emit currentRecordChanged(m_record);
    }
    emit sliceChanged();
}

void ViewState::setRenderOptions(const idx::RenderOptions& options)
{
    m_render = options;
    emit renderOptionsChanged();
}

void ViewState::setColormap(idx::Colormap c)
{
    if (m_render.colormap == c)
        return;
    m_render.colormap = c;
    emit renderOptionsChanged();
}

void ViewState::setInvert(bool on)
{
    if (m_render.invert == on)
        return;
    m_render.invert = on;
    emit renderOptionsChanged();
}

void ViewState::setWindow(idx::Window w, WindowMode mode)
{
    const bool modeChanged = mode != m_windowMode;
    m_windowMode = mode;
    if (w.low != m_render.window.low || w.high != m_render.window.high) {
        m_render.window = w;
        emit renderOptionsChanged();
    }
    if (modeChanged)
        emit windowModeChanged();
}

void ViewState::setWindowMode(WindowMode mode)
{
    if (mode == m_windowMode)
        return;
    m_windowMode = mode;
    emit windowModeChanged();
}

void ViewState::setRgbChannels(bool on)
{
    if (on == m_rgb)
        return;
    m_rgb = on;
    emit sliceChanged();
}

void ViewState::setSelection(const idx::RecordSet& records)
{
    if (records == m_selection)
        return;
    m_selection = records;
    emit selectionChanged();
}

void ViewState::setLabelFilter(const QSet<qint64>& labels)
{
    if (labels == m_filter.classes)
        return;
    m_filter.classes = labels;
    emit labelFilterChanged();
}

void ViewState::setRecordFilter(std::optional<std::vector<quint64>> records, const QString& name,
                                const QString& source)
{
    if (records)
        records = idx::sortedRecords(std::move(*records));
    if (records == m_filter.records && name == m_recordFilterName && source == m_recordFilterSource)
        return;
    m_filter.records = std::move(records);
    m_recordFilterName = m_filter.records ? name : QString();
    m_recordFilterSource = m_filter.records ? source : QString();
    emit recordFilterChanged();
}

void ViewState::setReshape(const std::optional<std::vector<quint64>>& recordDims)
{
    if (recordDims == m_reshape)
        return;
    m_reshape = recordDims;
    // The old axes and fixed indexes mean nothing in the new shape; keep only the record.
    m_slice = idx::SliceSpec{};
    m_rgb = false;
    emit reshapeChanged();
    emit sliceChanged();
}

} // namespace idx::gui
