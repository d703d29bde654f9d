// CompareController: a document compared with a second file (core/compare/diff.h), without widgets. The other
// file's header is read at once (instant errors); its payload loads, the comparison runs and, when the record
// shapes agree, both files' statistics and per-class figures are computed, all in one Job. Edits of the
// document compare again once they settle. ComparePanel shows it.
#pragma once

#include "diff.h"
#include "featurecontroller.h"
#include "idxfile.h"
#include "job.h"
#include "render.h"
#include "stats.h"

#include <QImage>

#include <memory>
#include <optional>

namespace idx::gui {

/// One line of the list of differences.
struct CompareRow {
    enum class Kind { Changed, Moved, Deleted, Inserted };
    Kind kind = Kind::Changed;
    std::optional<quint64> a; // the record in the document (none: inserted in the other file)
    std::optional<quint64> b; // the record in the other file (none: deleted from it)
    quint64 elements = 0;     // values that differ (Changed)
    double maxAbsDiff = 0;
    std::optional<double> valueA, valueB; // one value per record (labels files): the two values
};

/// Both files side by side: value statistics and, with labels, per-class counts and mean images.
struct SideBySide {
    idx::Stats a, b;
    std::optional<idx::LabelStats> classesA, classesB;
};

/// A record of each file drawn, and their difference (other − document) in the diverging colormap.
struct CompareDrawing {
    std::optional<quint64> a, b; // the records drawn (none: that side is empty)
    QImage imageA, imageB, difference;
    double largest = 0; // the difference image's window is ±largest
};

class CompareController : public FeatureController {
    Q_OBJECT
public:
    /// Idle (nothing compared), Working, Ready, Failed (message() says why).
    enum class State { Idle, Working, Ready, Failed };

    explicit CompareController(Document* doc, QObject* parent = nullptr);
    ~CompareController() override; // the job cancels and waits

    /// Compares the document with `path`. False, with message() naming the file and the problem, when its
    /// header cannot be read; otherwise the comparison runs (also once the document has loaded).
    bool compareWith(const QString& path);
    /// Forgets the other file.
    void clear();

    [[nodiscard]] State state() const { return State(stateValue()); }
    [[nodiscard]] const QString& otherPath() const { return m_otherPath; }
    /// The other file's payload (complete once Ready).
    [[nodiscard]] const idx::TensorView& otherView() const { return m_otherView; }
    /// The latest comparison; null before the first.
    [[nodiscard]] const std::shared_ptr<const idx::TensorDiff>& diff() const { return m_diff; }
    /// The differences in the document's order (those only in the other file last, in its order).
    [[nodiscard]] const std::vector<CompareRow>& rows() const;
    /// The row of the document's record `a`, if it is among the differences.
    [[nodiscard]] std::optional<size_t> rowOf(quint64 a) const;
    /// The statistics side by side (null when the record shapes differ or before the first comparison).
    [[nodiscard]] const std::shared_ptr<const SideBySide>& sideBySide() const { return m_sides; }
    /// The other file's record that stands for the document's record `a` (the same index when the dims
    /// agree; the aligned one otherwise); nullopt when it has none (deleted) or nothing is compared.
    [[nodiscard]] std::optional<quint64> counterpart(quint64 a) const;

    /// Draws record `a` of the document and `b` of the other file (either may be absent) as `spec` and
    /// `options` say (spec's record index is theirs), and b − a, in a Job: picturesReady() tells.
    void drawPair(std::optional<quint64> a, std::optional<quint64> b, const idx::SliceSpec& spec,
                  const idx::RenderOptions& options);
    [[nodiscard]] const CompareDrawing& pictures() const { return m_pictures; }

signals:
    /// A comparison was delivered (or cleared): diff(), rows() and sideBySide() are new.
    void compared();
    void picturesReady();

private:
    struct Outcome { // shared, not copied: the GUI thread takes it as it is
        idx::TensorView other;
        std::shared_ptr<const idx::TensorDiff> diff;
        std::shared_ptr<const std::vector<CompareRow>> rows;
        std::shared_ptr<const std::vector<qint64>> toB; // per record here, its counterpart or -1 (alignments)
        std::shared_ptr<const SideBySide> sides;
    };
    void begin();
    void onFinished();
    void setState(State state, const QString& message = {}) { setStateValue(int(state), message); }
    // Edits, other labels and reloads compare again once they settle (FeatureController).
    void again();
    void settled() override { begin(); }
    void loaded() override;
    void reloaded() override { again(); }
    void recordsEdited() override { again(); }
    void labelsChanged() override { again(); }

    Job<Outcome> m_job;
    Job<CompareDrawing> m_draw;
    CompareDrawing m_pictures;
    QString m_otherPath;
    std::shared_ptr<idx::IdxFile> m_other;
    idx::TensorView m_otherView;
    std::shared_ptr<const idx::TensorDiff> m_diff;
    std::shared_ptr<const std::vector<CompareRow>> m_rows;
    std::shared_ptr<const std::vector<qint64>> m_toB;
    std::shared_ptr<const SideBySide> m_sides;
};

} // namespace idx::gui
