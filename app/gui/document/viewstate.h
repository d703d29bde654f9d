// What the user is looking at in one document: current record, slice, render settings, selection and label
// filter. Shared by the image view, gallery, table, navigation and statistics panels of a document.
#pragma once

#include "recordfilter.h"
#include "recordset.h"
#include "render.h"
#include "tensorview.h"

#include <QList>
#include <QObject>
#include <QSet>

#include <optional>
#include <vector>

namespace idx::gui {

class ViewState : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    [[nodiscard]] quint64 currentRecord() const { return m_record; }
    /// Fixed indexes and image axes; spec().fixed[0] follows currentRecord() for ndim >= 3.
    [[nodiscard]] const idx::SliceSpec& slice() const { return m_slice; }
    [[nodiscard]] const idx::RenderOptions& render() const { return m_render; }
    /// Window mode: Auto* recompute the window when the slice/tensor statistics change; Manual keeps it.
    enum class WindowMode { Default, AutoSlice, AutoTensor, Manual };
    [[nodiscard]] WindowMode windowMode() const { return m_windowMode; }
    /// Treat the last axis (3 or 4 entries) as RGB(A) channels.
    [[nodiscard]] bool rgbChannels() const { return m_rgb; }
    /// Selected records (gallery / table selection), as runs: Select All is one range whatever the size.
    [[nodiscard]] const idx::RecordSet& selection() const { return m_selection; }
    /// Labels shown by the gallery; empty = all.
    [[nodiscard]] const QSet<qint64>& labelFilter() const { return m_filter.classes; }
    /// Records the gallery and record stepping keep to (ascending), on top of the label filter; nullopt =
    /// all. Set from a list (the insights' suspects, say), named for the gallery's notice of it, and with the
    /// id of who set it (e.g. "insights.duplicates"), by which its setter knows its own filter: never by the
    /// name, which is translated.
    [[nodiscard]] const std::optional<std::vector<quint64>>& recordFilter() const { return m_filter.records; }
    [[nodiscard]] const QString& recordFilterName() const { return m_recordFilterName; }
    [[nodiscard]] const QString& recordFilterSource() const { return m_recordFilterSource; }
    /// Both filters together: the one rule of which records are browsed (RecordFilter::passes).
    [[nodiscard]] const idx::RecordFilter& filter() const { return m_filter; }
    /// Record shape to view the payload with instead of the header's (e.g. {28, 28} for flat 784-value
    /// records); nullopt = as stored. Build the view with reshapedView() (reshape.h).
    [[nodiscard]] const std::optional<std::vector<quint64>>& reshape() const { return m_reshape; }

public slots:
    void setCurrentRecord(quint64 record);
    void setSlice(const idx::SliceSpec& spec);
    void setRenderOptions(const idx::RenderOptions& options);
    void setColormap(idx::Colormap c);
    void setInvert(bool on);
    void setWindow(idx::Window w, WindowMode mode = WindowMode::Manual);
    void setWindowMode(WindowMode mode);
    void setRgbChannels(bool on);
    void setSelection(const idx::RecordSet& records);
    void setLabelFilter(const QSet<qint64>& labels);
    /// Keeps the gallery to `records` (sorted and made unique here), or to all records with nullopt.
    void setRecordFilter(std::optional<std::vector<quint64>> records, const QString& name = {},
                         const QString& source = {});
    /// Changes the record shape; resets the slice (its axes refer to the old shape) and emits both signals.
    void setReshape(const std::optional<std::vector<quint64>>& recordDims);

signals:
    void currentRecordChanged(quint64 record);
    void sliceChanged();
    void renderOptionsChanged();
    void windowModeChanged();
    void selectionChanged();
    void labelFilterChanged();
    void recordFilterChanged();
    void reshapeChanged();

private:
    quint64 m_record = 0;
    idx::SliceSpec m_slice;
    idx::RenderOptions m_render;
    WindowMode m_windowMode = WindowMode::Default;
    bool m_rgb = false;
    idx::RecordSet m_selection;
    idx::RecordFilter m_filter;
    QString m_recordFilterName;
    QString m_recordFilterSource;
    std::optional<std::vector<quint64>> m_reshape;
};

} // namespace idx::gui
