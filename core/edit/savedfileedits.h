// After a save, a document's edits are still made in the record identities of the file it first opened (so
// its undo history goes on working), while its crash journal replays onto the saved file. SavedFileEdits
// re-expresses each further edit in the terms a replay onto the saved file has reached: the same positions
// spliced (records an edit only moves or splits stay the replay's records), the records it brings in carried
// as bytes, the records whose bytes it changes given their new bytes. Each edit then costs the journal about
// its own size, appended, instead of a rewrite of the whole difference from the file.
#pragma once

#include "edit.h"
#include "recordorder.h"

#include <QByteArray>

#include <map>
#include <optional>
#include <vector>

namespace idx {

class EditableTensor;

class SavedFileEdits {
public:
    /// Starts where a replay of `difference` (tensor.diffFrom(saved layout), as journaled) onto the saved
    /// file of `savedRecords` records ends; `tensor` as it is now.
    SavedFileEdits(const Edit& difference, quint64 savedRecords, const EditableTensor& tensor);

    /// `edit`, just applied to `tensor` (forward; an undo passes its inverted edit), as an edit of the
    /// replay. Nullopt when it does not follow from the state last seen (an edit was missed): then journal
    /// the whole difference again and start a new SavedFileEdits, as this one is spent.
    [[nodiscard]] std::optional<Edit> translate(const Edit& edit, const EditableTensor& tensor);

private:
    // The replay's segment index where `position` starts, splitting a segment there (a step of `out`).
    size_t splitReplay(quint64 position, Edit& out);

    RecordOrder m_edited; // the tensor's record order as last seen, in its own identities
    RecordOrder m_replay; // the replay's: the saved file's records (source 0) and the chunks carried since
    std::map<RecordKey, QByteArray> m_replayBytes; // the replay's overlay (big-endian), as the difference and
                                                   // the edits since set it
    quint32 m_nextSource = 1;
};

} // namespace idx
