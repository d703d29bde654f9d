// RemedyFinder: the remedies for what a document's file diagnoses (idx::findRemedies), found in a Job once
// the file is loaded or failed to open (finding them may read the file again), for the warning bar and the
// error page to offer as buttons.
#pragma once

#include "job.h"
#include "remedy.h"

#include <vector>

namespace idx::gui {

class Document;

class RemedyFinder : public QObject {
    Q_OBJECT
public:
    explicit RemedyFinder(Document* doc, QObject* parent = nullptr);

    /// The plausible remedies of the file as it is read now (none while they are being found).
    [[nodiscard]] const std::vector<idx::Remedy>& remedies() const { return m_remedies; }
    /// The button text of a remedy: "Read as float64", "Read as Little-Endian File", …
    [[nodiscard]] static QString label(const idx::Remedy& remedy);
    /// The job, for tests that wait for it.
    [[nodiscard]] JobBase* job() { return &m_job; }

signals:
    void remediesChanged();

private:
    void refresh();

    Document* m_doc;
    std::vector<idx::Remedy> m_remedies;
    Job<std::vector<idx::Remedy>> m_job;
};

} // namespace idx::gui
