// EditSession: the overlays, their undo stack and whether the content differs from the files.
#include "editsession.h"

#include <QUndoStack>

namespace idx::gui {

EditSession::EditSession(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this)) {}

EditSession::~EditSession()
{
    // The undo stack clears itself when it is destroyed: that is no return to the saved state, and must not
    // read as one (journals of unsaved edits would go with it).
    m_undo->blockSignals(true);
}

idx::EditableTensor* EditSession::overlay(Part part) const
{
    return part == Part::Main ? m_main.get() : m_labels.get();
}

idx::EditableTensor* EditSession::makeOverlay(Part part, const idx::TensorView& base)
{
    auto& slot = part == Part::Main ? m_main : m_labels;
    slot = std::make_unique<idx::EditableTensor>(base);
    return slot.get();
}

idx::TensorView EditSession::snapshot() const
{
    // One copy per generation, made when first asked for.
    if (m_snapshotGeneration != m_generation) {
        m_snapshot = m_main->snapshot();
        m_snapshotGeneration = m_generation;
        m_materialized += m_snapshot.availableBytes();
    }
    return m_snapshot;
}

idx::TensorPieces EditSession::pieces() const
{
    if (m_piecesGeneration != m_generation) {
        m_pieces = m_main->pieces();
        m_piecesGeneration = m_generation;
    }
    return m_pieces;
}

std::shared_ptr<GatheredView> EditSession::gathered() const
{
    if (m_gatheredGeneration != m_generation || !m_gathered) {
        m_gathered = std::make_shared<GatheredView>(pieces(), m_gatheredBytes);
        m_gatheredGeneration = m_generation;
    }
    return m_gathered;
}

bool EditSession::isPartModified(Part part) const
{
    const idx::EditableTensor* slot = overlay(part);
    if (!slot)
        return false;
    const idx::TensorLayout* saved = savedLayout(part);
    return saved ? !slot->hasLayout(*saved) : slot->isModified();
}

const idx::TensorLayout* EditSession::savedLayout(Part part) const
{
    const auto& saved = part == Part::Main ? m_mainSaved : m_labelsSaved;
    return saved ? &*saved : nullptr;
}

void EditSession::partSaved(Part part, idx::TensorLayout written)
{
    (part == Part::Main ? m_mainSaved : m_labelsSaved) = std::move(written);
    update();
}

void EditSession::discard()
{
    const bool was = isModified();
    m_state = State::Discarded;
    if (was)
        emit modifiedChanged(false);
}

void EditSession::applied()
{
    ++m_generation;
    if (m_state == State::Discarded)
        m_state = State::Unmodified; // an edit after the choice: the content's own answer again
}

void EditSession::reset(Reset which)
{
    // Commands hold edits of the overlays being dropped: they cannot be undone any more. Edits of a part
    // kept (the labels replaced, or the images reopened after Save As) stay unsaved, just not undoable.
    const bool keptEdits = (which == Reset::Labels && isPartModified(Part::Main)) ||
                           (which == Reset::Main && isPartModified(Part::Labels));
    m_undo->clear();
    if (keptEdits)
        m_undo->resetClean(); // no state of the (empty) history is what the files hold
    if (which != Reset::Main) {
        m_labels.reset();
        m_labelsSaved.reset();
    }
    if (which != Reset::Labels) {
        m_main.reset();
        m_mainSaved.reset();
    }
    m_snapshot = {};
    m_pieces = {};
    m_gathered.reset(); // the jobs holding it keep it while they run
    m_snapshotGeneration = m_piecesGeneration = m_gatheredGeneration = ~quint64(0);
    ++m_generation;
    if (m_state == State::Discarded)
        m_state = State::Unmodified;
    update();
}

void EditSession::update()
{
    // From the content, never from the undo stack's index: an undo followed by a new edit, or a merged edit,
    // leaves the index where it was while the content is not what the files hold.
    if (m_state == State::Discarded)
        return;
    const bool was = isModified();
    const bool differs = isPartModified(Part::Main) || isPartModified(Part::Labels);
    m_state = differs ? State::Modified : State::Unmodified;
    if (differs != was)
        emit modifiedChanged(differs);
}

} // namespace idx::gui
