// SliceRenderer: turns the document's current slice (ViewState) into a QImage for an ImageView. Small slices
// render at once on the GUI thread (microseconds for 28×28); large ones in a Job, restartable: a newer
// request supersedes a running one and stale results are dropped. Also answers "what value is under pixel p".
#pragma once

#include "job.h"
#include "render.h"
#include "tensorview.h"
#include "viewstate.h"

#include <QImage>
#include <QObject>
#include <QPointer>

#include <optional>

namespace idx::gui {

class Document;

struct RenderJob {
    idx::TensorView view; // the current record alone when the slice lies inside it, else the whole tensor
    quint64 record = 0;   // the record view's index in the tensor (spec.fixed[0] is then 0)
    idx::SliceSpec spec;
    idx::RenderOptions options;
    ViewState::WindowMode mode = ViewState::WindowMode::Default;
    std::optional<idx::Window> tensorWindow; // min..max of the whole tensor (AutoTensor)
    int channelAxis = -1;                    // >= 0: RGB(A) along this axis
    quint64 generation = 0;
};

struct RenderResult {
    QImage image;
    idx::Window window;  // the window actually used
    double sliceMin = 0; // finite min/max of the slice (for the manual window's spin box ranges)
    double sliceMax = 0;
    quint64 generation = 0;
    QString error; // set when nothing could be rendered (record not available yet, ...)
};

/// Renders one job; pure function, safe on any thread.
[[nodiscard]] RenderResult renderJob(const RenderJob& job);

class SliceRenderer : public QObject {
    Q_OBJECT
public:
    SliceRenderer(Document* doc, ViewState* state, QObject* parent = nullptr);
    ~SliceRenderer() override; // waits for running work

    /// Slices with more elements than this render in the background.
    static constexpr quint64 kSyncLimit = 512 * 512;

    /// "x 3, y 7 · value 128" for an image pixel of the shown slice; empty outside.
    [[nodiscard]] QString describePixel(QPoint pixel) const;
    [[nodiscard]] const RenderResult& lastResult() const { return m_last; }
    /// A background render was started and its result is not delivered yet.
    [[nodiscard]] bool isRendering() const { return m_render.isActive(); }
    /// The whole-tensor min/max (AutoTensor window) is being computed, or its outcome is not delivered yet.
    [[nodiscard]] bool isComputingRange() const { return m_range.isActive(); }

public slots:
    /// Re-renders when what would be shown differs from what is shown.
    void update();
    void forceUpdate();

signals:
    /// The slice's new image, or why there is none: emitted just before rendered().
    void imageReady(const QImage& image);
    void imageFailed(const QString& error);
    /// A new image (or an error message instead) was delivered.
    void rendered(bool ok);

private:
    [[nodiscard]] RenderJob makeJob() const;
    void start(RenderJob job);
    void deliver(const RenderResult& result);
    void computeTensorRange();
    void cancelTensorRange();

    QPointer<Document> m_doc;
    ViewState* m_state;
    Job<RenderResult> m_render;
    std::optional<RenderJob> m_pending;
    RenderJob m_shown; // what the last delivered (or running) job asked for
    bool m_hasShown = false;
    bool m_lastOk = false;
    RenderResult m_last;
    quint64 m_generation = 0;

    std::optional<idx::Window> m_tensorWindow;
    // What the tensor range is computed from (file, edit generation, byte order, shape, bytes): any change
    // makes it stale, and a run for other data is cancelled.
    [[nodiscard]] QString rangeKey() const;
    QString m_rangeKey;       // of the running or finished run; empty: none
    bool m_rangeDone = false; // the run for m_rangeKey finished (m_tensorWindow holds its result)
    Job<std::optional<idx::Window>> m_range;
};

} // namespace idx::gui
