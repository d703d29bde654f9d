// DocumentSaver: copies the overlays to save (cheap: the base and the edited records are shared), writes them
// in a Job with progress, and on the GUI thread reopens the document or reports the failure.
#include "documentsaver.h"

#include "save.h"

#include <QDir>
#include <QFileInfo>
#include <QUndoStack>

#include <algorithm>
#include <vector>

namespace idx::gui {

DocumentSaver::DocumentSaver(QObject* parent) : QObject(parent)
{
    connect(&m_job, &JobBase::finished, this, &DocumentSaver::onFinished);
}

DocumentSaver::~DocumentSaver() = default; // the job cancels and waits

bool DocumentSaver::start(Document* doc, Kind kind, const QString& path, std::function<void(bool)> done,
                          QString* error, const QString& labelsPath)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (isRunning())
        return fail(tr("Another save is still running."));
    std::vector<FileToWrite> jobs;
    auto add = [&](Document::Part part, const QString& target, std::optional<idx::Container> container) {
        const idx::EditableTensor* t = doc->editable(part);
        if (!t)
            return;
        const auto file = part == Document::Part::Main ? doc->file() : doc->labelsFile();
        jobs.push_back({*t, target, container ? *container : file->container(), part});
    };
    // Values read rounded (int64 beyond 2^53) would be written rounded: refused, as the CLI does.
    for (const idx::Diagnostic& d : doc->diagnostics())
        if (d.code == idx::DiagCode::Converted && d.actual > 0)
            return fail(
                tr("%1; writing would not keep them (IDX has no 64-bit integer type).").arg(d.message));
    switch (kind) {
    case Kind::Save:
        if (doc->path().startsWith(QLatin1Char(':')) && doc->isPartModified(Document::Part::Main))
            return fail(tr("The built-in sample cannot be overwritten; use Save As."));
        // A sibling format is read, never written: its edits go to a new IDX file.
        for (const Document::Part part : {Document::Part::Main, Document::Part::Labels}) {
            const auto file = part == Document::Part::Main ? doc->file() : doc->labelsFile();
            if (doc->isPartModified(part) && file && file->source().format != idx::SourceFormat::Idx)
                return fail(
                    tr("%1 is a %2 file, which idxscope reads but does not write: save the edits as "
                       "IDX with %3.")
                        .arg(QFileInfo(file->path()).fileName(), idx::sourceFormatName(file->source().format),
                             part == Document::Part::Main ? tr("Save As") : tr("Save Labels as New File")));
        }
        if (doc->isPartModified(Document::Part::Main))
            add(Document::Part::Main, doc->path(), std::nullopt);
        if (doc->isPartModified(Document::Part::Labels)) {
            if (doc->labelsPath().startsWith(QLatin1Char(':')))
                return fail(
                    tr("The built-in sample's labels cannot be overwritten; use Save Labels as New File."));
            add(Document::Part::Labels, doc->labelsPath(), std::nullopt);
        }
        break;
    case Kind::SaveAs:
        if (!labelsPath.isEmpty() &&
            QFileInfo(labelsPath).absoluteFilePath() == QFileInfo(path).absoluteFilePath())
            return fail(tr("The images and the labels cannot be saved to the same file."));
        add(Document::Part::Main, path, idx::containerForPath(path));
        // Edited labels go to the new file named for them, never over the labels file unasked.
        if (doc->isPartModified(Document::Part::Labels) && !labelsPath.isEmpty())
            add(Document::Part::Labels, labelsPath, idx::containerForPath(labelsPath));
        break;
    case Kind::SaveLabelsAs:
        if (!doc->labelsFile())
            return fail(tr("This document has no labels file attached."));
        add(Document::Part::Labels, path, idx::containerForPath(path));
        break;
    }
    if (jobs.empty() && kind != Kind::Save)
        return fail(tr("The file is not loaded completely yet, so it cannot be saved now."));
    if (jobs.empty()) {
        // Edited and changed back: the files already hold this state.
        doc->undoStack()->setClean();
        emit finished(true, {});
        if (done)
            done(true);
        return true;
    }
    m_doc = doc;
    m_kind = kind;
    m_path = jobs.front().path;
    m_labelsPath.clear();
    m_written.clear();
    m_ownFile = false;
    for (const FileToWrite& j : jobs) {
        m_written.push_back({j.part, j.tensor.layout()});
        if (kind == Kind::SaveAs && j.part == Document::Part::Labels)
            m_labelsPath = j.path;
        if (kind == Kind::Save && j.part == Document::Part::Main)
            m_ownFile = true;
    }
    if (m_ownFile)
        doc->beginOwnSave();
    m_generation = doc->generation();
    m_done = std::move(done);
    m_lastError.clear();
    m_job.setProgressText(tr("Saving %1…").arg(QFileInfo(m_path).fileName()));
    // The class names follow the labels as written: the attached labels file, or this file when it is a
    // labels file opened on its own.
    const bool ownLabels = doc->isLabelsFile() && !doc->labelsFile();
    m_job.start([jobs = std::move(jobs), ownLabels](JobContext& context) {
        Outcome out;
        for (size_t i = 0; i < jobs.size(); ++i) {
            idx::Control control;
            control.cancel = [&context] { return context.isCancelled(); };
            control.progress = [&context, i, n = jobs.size()](qint64 done, qint64 total) {
                if (total > 0) // file i of n
                    context.setProgress(qint64(i) * 1000 + done * 1000 / total, qint64(n) * 1000);
            };
            const idx::WriteResult r =
                idx::saveEditable(jobs[i].path, jobs[i].tensor, jobs[i].container, control);
            if (!r) {
                out.ok = false;
                out.error = tr("%1 was not saved: %2").arg(QDir::toNativeSeparators(jobs[i].path), r.error);
                break;
            }
            if (jobs[i].part == Document::Part::Labels ||
                (ownLabels && jobs[i].part == Document::Part::Main)) // hashed here, from what was written
                out.labelsKey = idx::labelsContentKey(jobs[i].tensor.snapshot());
            out.written = i + 1;
        }
        return out;
    });
    return true;
}

bool DocumentSaver::editedMeanwhile(Document* doc) const
{
    // The content generation, not the undo stack's index: Undo followed by a new edit, or an edit merged into
    // the previous command, leaves the index where it was although the content changed.
    return doc->generation() != m_generation;
}

void DocumentSaver::onFinished()
{
    const Outcome out = m_job.result()                  ? *m_job.result()
                        : m_job.errorString().isEmpty() ? Outcome{false, tr("Cancelled."), {}}
                                                        : Outcome{false, m_job.errorString(), {}};
    Document* doc = m_doc;
    bool ok = out.ok;
    m_lastError = out.error;
    // The files written before one failed (a Save's images, when its labels could not be written) hold the
    // document's content now: they are saved, whatever came after them.
    const size_t written = ok ? m_written.size() : std::min(out.written, m_written.size());
    const bool mainWritten = std::any_of(m_written.begin(), m_written.begin() + std::ptrdiff_t(written),
                                         [](const Written& w) { return w.part == Document::Part::Main; });
    if (doc && m_ownFile)
        doc->endOwnSave(mainWritten);
    if (ok && doc && !out.labelsKey.isEmpty())
        doc->labelsWritten(out.labelsKey); // before a Save As reopens the document
    if (!ok && written > 0 && doc && m_kind == Kind::Save) {
        // Part of a Save went to disk: its journal follows the new file and its reading options go (the file
        // is canonical IDX now); the part that failed stays edited. No state in the history is what the
        // files hold together.
        for (size_t i = 0; i < written; ++i)
            doc->partSaved(m_written[i].part, m_written[i].layout);
        doc->undoStack()->resetClean();
    }
    if (ok && doc && m_kind == Kind::Save) {
        // The files hold what the overlays held when the save started; the overlays and the undo history
        // stay, so Undo still goes back past the save.
        // Whether the document still differs from its files is decided by content (Document::isModified).
        for (const Written& w : m_written)
            doc->partSaved(w.part, w.layout);
        if (editedMeanwhile(doc)) {
            // Edited while saving: the newer edits are not in the file and stay unsaved (and journaled). No
            // state in the history is what the file holds now, so none may be marked clean.
            doc->undoStack()->resetClean();
            ok = false;
            m_lastError = tr("Saved, but edits made during the save are not in the file; save again.");
        } else {
            doc->undoStack()->setClean();
        }
    } else if (ok && doc && m_kind == Kind::SaveAs) {
        if (editedMeanwhile(doc)) {
            ok = false;
            m_lastError = tr("Saved, but edits made during the save are not in the file; save again.");
        } else {
            // The document becomes the new file (and the labels file saved beside it, if any). Edited
            // labels not saved stay in the document, unsaved.
            if (!m_labelsPath.isEmpty() || !doc->isPartModified(Document::Part::Labels))
                doc->undoStack()->setClean();
            doc->reopenAs(QFileInfo(m_path).absoluteFilePath(),
                          m_labelsPath.isEmpty() ? QString() : QFileInfo(m_labelsPath).absoluteFilePath());
        }
    }
    emit finished(ok, m_lastError);
    if (m_done) {
        auto done = std::move(m_done);
        m_done = {};
        done(ok);
    }
}

} // namespace idx::gui
