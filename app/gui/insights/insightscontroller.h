// InsightsController: the dataset insights of a document (core/insights/audit.h), without widgets. Once the
// file is loaded, the audit runs in a Job (the graphs come from the cache when the same content was searched
// before); when the labels change (an edit, an accepted suggestion, another labels file) only the suspects
// and the class overlap are found again, from the same graphs. A second file can be attached as the other
// split (train and test): leakage. Records marked reviewed are remembered by the content of their file.
// InsightsPanel shows it.
#pragma once

#include "audit.h"
#include "featurecontroller.h"
#include "idxfile.h"
#include "job.h"

#include <QSet>
#include <QThreadPool>

#include <memory>
#include <optional>

namespace idx::gui {

class InsightsController : public FeatureController {
    Q_OBJECT
public:
    /// Waiting for the file to load; Unavailable (message() says why: one value per record, one record);
    /// Computing; Ready; Failed (message()); Cancelled (start() runs it again).
    enum class State { Waiting, Unavailable, Computing, Ready, Failed, Cancelled };

    explicit InsightsController(Document* doc, QObject* parent = nullptr);
    ~InsightsController() override; // the jobs cancel and wait

    [[nodiscard]] State state() const { return State(stateValue()); }
    /// The findings, with the current labels' suspects; null unless Ready. An edit of the images (values,
    /// records deleted, inserted or moved), a reload or another byte order drops them at once: their record
    /// indexes no longer hold.
    [[nodiscard]] const idx::AuditResult* result() const { return m_result.get(); }
    /// The labels the result's suspects and class confusion were found for: empty when the file has none
    /// (or had none yet when they were found).
    [[nodiscard]] const std::vector<qint64>& judgedLabels() const { return m_judgedLabels; }
    /// The same findings, shared (the map lays out their neighbour graph instead of searching again).
    [[nodiscard]] std::shared_ptr<const idx::AuditResult> sharedResult() const { return m_result; }
    /// The byte order the running or last audit read the images in.
    [[nodiscard]] idx::ByteOrder auditedOrder() const { return notedByteOrder(); }

    /// The other split's images file (empty when none), its records and labels once the audit loaded them.
    [[nodiscard]] const QString& otherSplit() const { return m_otherPath; }
    [[nodiscard]] const idx::TensorView& otherView() const { return m_otherView; }
    /// The records of the audit running or last started: this file's and the other split's it compares.
    [[nodiscard]] quint64 auditedRecords() const { return m_auditedRecords; }
    [[nodiscard]] const std::vector<qint64>& otherLabels() const { return m_otherLabels; }
    /// Audits against `imagesPath` (its labels found beside it), or alone with an empty path. A file whose
    /// records do not fit is refused: the audit runs alone and message() says why.
    void setOtherSplit(const QString& imagesPath);

    [[nodiscard]] bool isReviewed(const idx::RecordRef& r) const { return m_reviewed.contains(keyOf(r)); }
    /// Marks a record reviewed (or not), remembered for the content of its file.
    void setReviewed(const idx::RecordRef& r, bool reviewed);
    /// Gives the suspect's record its suggested label (an undoable edit); empty on success, else why not.
    QString acceptSuggestion(const idx::LabelSuspect& suspect);

    /// Options of the runs from now on (tests: a smaller k; the cache folder).
    void setOptions(const idx::AuditOptions& options) { m_options = options; }
    [[nodiscard]] const idx::AuditOptions& options() const { return m_options; }

    /// Files (with the other split: both together) of more records are audited only when asked (start()).
    /// Beyond 150,000 records the neighbours are searched approximately (a million take minutes).
    static constexpr quint64 kMaxAutomaticRecords = 1'000'000;

public slots:
    /// Audits again from the start (a new file, a cancelled run, a large file).
    void start();

signals:
    /// New findings, or new suspects after a labels change.
    void findingsChanged();
    void reviewedChanged();

private:
    struct Outcome {
        std::optional<idx::AuditResult> result;
        idx::AuditProblem problem;
        std::shared_ptr<idx::IdxFile> other, otherLabels;
        idx::TensorView otherView;
        std::vector<qint64> otherClasses;
        std::vector<qint64> labels; // the first file's, as judged (empty when they were not there yet)
    };
    void setState(State state, const QString& message = {}) { setStateValue(int(state), message); }
    void begin(bool asked); // start() when asked; the automatic start leaves large files alone
    /// Forgets the findings (and any run) at once.
    void drop(State state, const QString& message = {}) { dropValue(int(state), message); }
    // What the document's changes mean for the findings (FeatureController).
    void settled() override { begin(false); }
    void loaded() override { begin(false); }
    void reloaded() override { drop(State::Waiting); }
    void byteOrderChanged() override;
    void recordsEdited() override;
    void labelsChanged() override { findSuspects(); }
    bool forget() override;
    void forgotten() override { emit findingsChanged(); }
    /// Empty when the other split can be audited against the document; else why not (its header, read now).
    [[nodiscard]] QString checkOtherSplit(quint64* records) const;
    void onAudited();
    void findSuspects();
    void onSuspects();
    void loadReviewed();
    [[nodiscard]] static QString keyOf(const idx::RecordRef& r);
    /// The content digest of the audited file (0 or 1) its reviewed marks are kept under; empty: not kept.
    [[nodiscard]] QString digestOf(int file) const;

    idx::AuditOptions m_options;
    QThreadPool m_pool; // its own: an audit must not hold up the statistics or the thumbnails
    Job<Outcome> m_job;
    struct Suspects {
        std::shared_ptr<const idx::AuditResult> graphs; // what they were found on
        std::vector<idx::LabelSuspect> found;
        std::vector<idx::ClassConfusion> confusion;
        std::vector<qint64> labels; // what both were found for
    };
    Job<Suspects> m_suspectsJob;
    std::shared_ptr<idx::AuditResult> m_result;
    std::vector<qint64> m_auditedLabels; // the labels the running or last audit judged
    std::vector<qint64> m_judgedLabels;  // those m_result's suspects and confusion hold for
    QString m_otherRefused;              // why the other split was left out (empty when it was not)
    QString m_otherPath;
    std::shared_ptr<idx::IdxFile> m_other, m_otherLabelsFile;
    idx::TensorView m_otherView;
    quint64 m_auditedRecords = 0;
    std::vector<qint64> m_otherLabels;
    QSet<QString> m_reviewed;
};

} // namespace idx::gui
