// MapController: the dataset map of a document (core/map/maplayout.h), without widgets. Asked for (the map is
// shown), it runs in a Job: the linear layout comes at once, then the layout as it settles, polled from the
// worker ten times a second, then the final one. With the other split (loaded by the insights) both files are
// laid out together. Alone, it lays out the insights' neighbour graph of the same content (waiting for their
// search when it runs) instead of searching again. An edit of the images, a reload or another byte order
// drops the map: its points no longer stand for the records; it is made again once the edits settle. Exports
// run in a Job too. MapView and MapPanel show it.
#pragma once

#include "featurecontroller.h"
#include "job.h"
#include "maplayout.h"

#include <QThreadPool>
#include <QTimer>

#include <memory>
#include <mutex>

namespace idx::gui {

class InsightsController;

class MapController : public FeatureController {
    Q_OBJECT
public:
    /// Idle (never asked, or dropped after an edit: the map follows), Unavailable (message() says why),
    /// Computing, Ready, Failed (message()), Cancelled (start() runs it again), Large (waits for start()).
    enum class State { Idle, Unavailable, Computing, Ready, Failed, Cancelled, Large };

    MapController(Document* doc, InsightsController* insights, QObject* parent = nullptr);
    ~MapController() override; // the jobs cancel and wait

    [[nodiscard]] State state() const { return State(stateValue()); }
    /// The latest layout (the linear one, one on the way, or the final one); null when there is none.
    [[nodiscard]] std::shared_ptr<const idx::MapPoints> points() const { return m_points; }
    /// True once the layout has settled (the points are the final map).
    [[nodiscard]] bool isFinal() const { return m_final; }
    /// Records of this document among the points; those after them are the other split's.
    [[nodiscard]] qint64 ownRecords() const { return m_ownRecords; }
    [[nodiscard]] bool hasOtherSplit() const { return m_points && m_points->rows > m_ownRecords; }
    /// The other split laid out with this file (as the insights loaded it when the run began): its path, its
    /// records and their labels; empty without one.
    [[nodiscard]] const QString& otherPath() const { return m_otherPath; }
    [[nodiscard]] const idx::TensorView& otherView() const { return m_otherView; }
    [[nodiscard]] const std::vector<qint64>& otherLabels() const { return m_otherLabels; }
    [[nodiscard]] JobBase* exportJob() { return &m_export; }
    [[nodiscard]] InsightsController* insights() const { return m_insights; }
    /// True when the layout under way or done lays out the insights' neighbour graph (not a search of its
    /// own).
    [[nodiscard]] bool sharesInsightsGraph() const { return m_sharesGraph; }

    /// Lays out the other split (as the insights loaded it) with this file, or this file alone.
    void setWithOtherSplit(bool on);
    [[nodiscard]] bool withOtherSplit() const { return m_withOther; }
    /// True when the insights hold another split whose records can be laid out with these.
    [[nodiscard]] bool otherSplitAvailable() const;

    /// Options of the runs from now on (the seed; tests: fewer epochs).
    void setOptions(const idx::MapOptions& options) { m_options = options; }
    [[nodiscard]] const idx::MapOptions& options() const { return m_options; }

    /// Writes the final map's coordinates to `path` (.csv or .npy), in a Job; exported() reports the outcome.
    /// False (nothing starts) while another export runs or before the map is final.
    bool exportTo(const QString& path);
    /// The same for the map drawn as PNG or SVG (by the suffix), `size` pixels, coloured by `groups` (per
    /// point) with `legend` (the groups' names).
    bool exportImage(const QString& path, QSize size, std::vector<quint16> groups, QStringList legend);

    /// More records than this (with the other split) are laid out only when asked (start()). Beyond 150,000
    /// the neighbours are searched approximately, so a million records take minutes, not hours.
    static constexpr quint64 kMaxAutomaticRecords = 1'000'000;

public slots:
    /// Makes the map if it is not made or being made (the view asks when it is shown).
    void ensureStarted();
    /// Makes the map again from the start.
    void start();

signals:
    /// New points: the linear layout, a step of the layout, the final map, or none.
    void pointsChanged();
    /// An export finished: `error` is empty on success.
    void exported(const QString& path, const QString& error);

private:
    struct Mailbox { // the worker's latest layout, taken by the GUI thread's poll
        std::mutex mutex;
        std::shared_ptr<const idx::MapPoints> latest;
        quint64 serial = 0;
    };
    struct Outcome {
        std::optional<idx::MapPoints> points;
        idx::MapProblem problem;
    };
    void begin(bool asked);
    /// The other split the map should hold now: the insights' when asked for and available, else none.
    [[nodiscard]] QString wantedOther() const;
    void drop(State state, const QString& message = {}) { dropValue(int(state), message); }
    void setState(State state, const QString& message = {}) { setStateValue(int(state), message); }
    // What the document's changes mean for the map (FeatureController); labels only colour its points.
    void settled() override { begin(false); }
    void loaded() override;
    void reloaded() override { drop(State::Idle); }
    void byteOrderChanged() override;
    void recordsEdited() override;
    bool forget() override;
    void forgotten() override { emit pointsChanged(); }
    void poll();
    void onFinished();
    void onExported();

    InsightsController* m_insights;
    idx::MapOptions m_options;
    QThreadPool m_pool; // its own: the layout must not hold up statistics or thumbnails
    Job<Outcome> m_job;
    Job<QString> m_export;
    QString m_exportPath;
    std::shared_ptr<Mailbox> m_mailbox;
    quint64 m_taken = 0;
    QTimer m_poll;
    std::shared_ptr<const idx::MapPoints> m_points;
    bool m_final = false;
    bool m_wanted = false;             // asked for once: made again after edits and reloads
    bool m_waitingForInsights = false; // for their neighbour graph, which the map lays out
    bool m_waitedAsked = false;        // the wait began with Make Map (a large file is then laid out)
    bool m_sharesGraph = false;
    bool m_withOther = false; // the other split is laid out with this file only when asked
    qint64 m_ownRecords = 0;
    QString m_otherPath; // what the latest run laid out with this file
    idx::TensorView m_otherView;
    std::vector<qint64> m_otherLabels;
};

} // namespace idx::gui
