// JournalRecovery: journals follow the undo stack (applied, undone and redone edits are appended in order),
// and the recovery offer waits until the document and its labels are loaded, since replay needs the whole
// base tensor.
#include "journalrecovery.h"

#include "editcommands.h"
#include "noticebar.h"

#include <QAction>
#include <QBoxLayout>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QUndoStack>
#include <QWidget>

#include <utility>

namespace idx::gui {

JournalRecovery::JournalRecovery(Document* doc, QWidget* host, QObject* parent) : QObject(parent), m_doc(doc)
{
    if (host) {
        if (auto* column = qobject_cast<QBoxLayout*>(host->layout())) {
            m_bar = new NoticeBar(host);
            column->insertWidget(0, m_bar);
        }
    }
    connect(doc, &Document::edited, this, &JournalRecovery::onEdited);
    connect(doc, &Document::loadFinished, this, &JournalRecovery::check);
    connect(doc, &Document::labelsChanged, this, [this] {
        m_sinceDifference[int(Document::Part::Labels)].reset(); // another labels tensor now
        check();
    });
    connect(doc, &Document::modifiedChanged, this, [this](bool modified) {
        if (modified)
            return;
        // Back at the content of the files (or just saved, or discarded): nothing to recover.
        for (auto* j : {&m_main, &m_labels})
            if (*j) {
                (*j)->discard();
                j->reset();
            }
        m_sinceDifference = {};
        m_stale = {};
        if (std::exchange(m_writeFailed, false) && !m_pending)
            hideNotice(); // nothing left to protect
    });
    connect(doc, &Document::reloaded, this, [this] {
        drop(Document::Part::Main);
        drop(Document::Part::Labels);
        // Edits kept across the reopen (the labels' after Save As of the images) are journaled afresh.
        m_mainDiffers = m_doc->isPartModified(Document::Part::Main);
        m_labelsDiffer = m_doc->isPartModified(Document::Part::Labels);
        for (Document::Part part : {Document::Part::Main, Document::Part::Labels})
            if (m_doc->isPartModified(part))
                writeDifference(part);
    });
    connect(doc, &Document::partWritten, this, [this](Document::Part part) {
        // The file changed under the journal: what is still unsaved (edits made while the save ran) is
        // journaled against the new file, keyed by its new stamp.
        if (m_doc->isPartModified(part))
            writeDifference(part, true);
        else
            drop(part);
    });
    check();
}

JournalRecovery::~JournalRecovery() = default;

JournalRecovery* JournalRecovery::of(Document* doc)
{
    return doc ? doc->findChild<JournalRecovery*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

JournalRecovery* JournalRecovery::forDocument(Document* doc, QWidget* host)
{
    if (JournalRecovery* existing = of(doc))
        return existing;
    return new JournalRecovery(doc, host, doc);
}

void JournalRecovery::showNotice(int kind, const QString& text)
{
    m_notice = text;
    if (m_bar) {
        m_bar->clearActions();
        m_bar->showMessage(NoticeBar::Kind(kind), text);
    }
}

void JournalRecovery::hideNotice()
{
    m_notice.clear();
    if (m_bar) {
        m_bar->clearActions();
        m_bar->hide();
    }
}

void JournalRecovery::noteWrite(Document::Part part, bool ok, const QString& error)
{
    m_stale[int(part)] = !ok;
    if (ok) {
        if (!m_stale[0] && !m_stale[1] && std::exchange(m_writeFailed, false) && !m_pending)
            hideNotice();
        return;
    }
    m_error = error;
    if (std::exchange(m_writeFailed, true))
        return; // reported already
    const QString text = tr("Unsaved edits are not protected against a crash: the journal cannot be written "
                            "(%1). Save to keep them.")
                             .arg(error);
    showNotice(int(NoticeBar::Kind::Warning), text);
    emit writeFailed(text);
}

QString JournalRecovery::journalDir()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("journals"));
}

QString JournalRecovery::sourceOf(Document::Part part) const
{
    const QString path = part == Document::Part::Main ? m_doc->path() : m_doc->labelsPath();
    return path.startsWith(QLatin1Char(':')) ? QString() : path; // the built-in sample is never journaled
}

std::unique_ptr<idx::Journal>& JournalRecovery::journalOf(Document::Part part)
{
    return part == Document::Part::Main ? m_main : m_labels;
}

void JournalRecovery::check()
{
    if (!m_doc || !m_doc->isLoaded() || !m_doc->editable(Document::Part::Main))
        return;
    if (m_doc->labelsFile() && !m_doc->editable(Document::Part::Labels))
        return; // its labels are still loading: their journal replays onto them
    // Once per labels file: one attached later (by hand, or by start-up recovery) may have a journal too.
    const QString labels = m_doc->labelsFile() ? m_doc->labelsPath() : QString();
    if (m_checked && labels == m_checkedLabels)
        return;
    m_checked = true;
    m_checkedLabels = labels;
    if (m_pending || m_doc->isModified())
        return; // on offer already, or edited since: a replay would not fit
    int edits = 0;
    for (Document::Part part : {Document::Part::Main, Document::Part::Labels}) {
        const QString source = sourceOf(part);
        if (source.isEmpty())
            continue;
        const auto info = idx::journalFor(journalDir(), source);
        // A journal another running idxscope writes is its live edits, not a crash's leftovers.
        if (info && info->matchesSource && info->problem.isEmpty() && !info->inUse)
            edits += info->edits;
    }
    if (edits == 0)
        return;
    m_pending = true;
    showNotice(int(NoticeBar::Kind::Warning), tr("Unsaved edits from a previous session were found."));
    if (m_bar) {
        connect(m_bar->addAction(tr("Recover")), &QAction::triggered, this, [this] {
            QString error;
            if (!recover(&error)) {
                m_notice = error;
                m_bar->showMessage(NoticeBar::Kind::Error, error); // Recover / Discard stay
            }
        });
        connect(m_bar->addAction(tr("Discard")), &QAction::triggered, this, &JournalRecovery::discard);
    }
    emit recoverableFound();
}

bool JournalRecovery::recover(QString* error)
{
    auto fail = [&](const QString& why) {
        m_error = why;
        if (error)
            *error = why;
        return false;
    };
    if (!m_pending || !m_doc)
        return fail(tr("There are no unsaved edits to recover."));
    if (m_doc->isModified())
        return fail(tr("Recovery replays onto the file as it was opened: undo the edits made since first."));
    struct Replayed {
        Document::Part part;
        std::vector<idx::Edit> edits;
    };
    std::vector<Replayed> replayed;
    QStringList problems;
    for (Document::Part part : {Document::Part::Main, Document::Part::Labels}) {
        const QString source = sourceOf(part);
        idx::EditableTensor* tensor = m_doc->editable(part);
        if (source.isEmpty() || !tensor)
            continue;
        const auto info = idx::journalFor(journalDir(), source);
        if (!info || !info->matchesSource || info->inUse)
            continue;
        idx::RecoveryResult r = idx::recoverJournal(info->journalPath, *tensor);
        if (!r.error.isEmpty())
            problems << r.error;
        if (r)
            replayed.push_back({part, std::move(r.edits)});
    }
    m_pending = false;
    // The edits are applied already; the commands announce them (and journal them afresh) on push.
    int count = 0;
    m_doc->undoStack()->beginMacro(tr("Recover Unsaved Edits"));
    for (Replayed& r : replayed)
        for (idx::Edit& e : r.edits) {
            m_doc->undoStack()->push(new EditCommand(m_doc, r.part, std::move(e), tr("Recovered Edit")));
            ++count;
        }
    m_doc->undoStack()->endMacro();
    if (problems.isEmpty())
        hideNotice();
    else
        showNotice(int(NoticeBar::Kind::Warning),
                   tr("Recovered %n edits. %1", nullptr, count).arg(problems.join(u' ')));
    if (count == 0)
        return fail(problems.isEmpty() ? tr("The journal held no usable edits.") : problems.join(u' '));
    emit recovered(count);
    return true;
}

void JournalRecovery::discard()
{
    if (m_pending && m_doc) {
        for (Document::Part part : {Document::Part::Main, Document::Part::Labels}) {
            const QString source = sourceOf(part);
            if (!source.isEmpty())
                QFile::remove(idx::Journal::pathFor(journalDir(), source));
        }
        m_pending = false;
    }
    for (auto* j : {&m_main, &m_labels})
        if (*j) {
            (*j)->discard();
            j->reset();
        }
    m_sinceDifference = {};
    m_writeFailed = false;
    m_stale = {};
    hideNotice();
}

void JournalRecovery::drop(Document::Part part)
{
    m_sinceDifference[int(part)].reset();
    if (std::unique_ptr<idx::Journal>& j = journalOf(part)) {
        j->discard();
        j.reset();
    }
    noteWrite(part, true, {}); // nothing of it left to journal
}

void JournalRecovery::writeDifference(Document::Part part, bool fileChanged)
{
    const QString source = sourceOf(part);
    idx::EditableTensor* tensor = m_doc ? m_doc->editable(part) : nullptr;
    if (m_pending || source.isEmpty() || !tensor)
        return;
    const idx::TensorLayout* saved = m_doc->savedLayout(part);
    const idx::TensorLayout file = saved ? *saved : tensor->baseLayout();
    std::unique_ptr<idx::Journal>& journal = journalOf(part);
    std::optional<idx::SavedFileEdits>& since = m_sinceDifference[int(part)];
    since.reset();
    QString error;
    if (!journal) {
        journal = idx::Journal::create(journalDir(), source, file.header, &error,
                                       part == Document::Part::Labels ? m_doc->path() : QString());
        if (!journal)
            return noteWrite(part, false, error);
    }
    const idx::Edit difference = tensor->diffFrom(file);
    const bool ok = fileChanged ? journal->rebase(file.header, {difference}, &error)
                                : journal->rewrite({difference}, &error);
    if (ok)
        since.emplace(difference, file.header.recordCount(), *tensor);
    noteWrite(part, ok, error);
}

void JournalRecovery::onEdited(Document::Part part, const idx::Edit& edit, bool undone)
{
    std::optional<idx::SavedFileEdits>& since = m_sinceDifference[int(part)];
    if (m_pending) {
        since.reset(); // behind the document from now on
        return;        // creating a journal now would replace the one still on offer
    }
    const QString source = sourceOf(part);
    if (source.isEmpty() || !m_doc)
        return;
    // Once the journal holds a difference from the file (whose records it renumbers), every later edit is
    // appended re-expressed against it; one that does not follow (or a failed write before it: the journal
    // misses edits) writes the whole difference again.
    if (since) {
        idx::EditableTensor* tensor = m_doc->editable(part);
        std::unique_ptr<idx::Journal>& journal = journalOf(part);
        std::optional<idx::Edit> translated;
        if (journal && tensor && !m_stale[int(part)])
            translated = since->translate(undone ? edit.inverted() : edit, *tensor);
        if (!translated)
            return writeDifference(part);
        QString error;
        noteWrite(part, journal->append(*translated, &error), error);
        return;
    }
    if (m_doc->savedLayout(part) || (part == Document::Part::Main ? m_mainDiffers : m_labelsDiffer) ||
        m_stale[int(part)]) {
        // The edits are relative to the file as opened, which is not on disk any more; or a write failed, so
        // the journal misses edits: the whole difference from the file brings it up to date.
        writeDifference(part);
        return;
    }
    std::unique_ptr<idx::Journal>& journal = journalOf(part);
    QString error;
    if (!journal) {
        const auto file = part == Document::Part::Main ? m_doc->file() : m_doc->labelsFile();
        // A labels journal names the images file it was edited with: start-up recovery opens that one.
        journal = idx::Journal::create(journalDir(), source, file->header(), &error,
                                       part == Document::Part::Labels ? m_doc->path() : QString());
        if (!journal)
            return noteWrite(part, false,
                             error); // editing goes on; only crash safety is lost, and the user knows
    }
    noteWrite(part, undone ? journal->appendUndo(edit, &error) : journal->append(edit, &error), error);
}

} // namespace idx::gui
