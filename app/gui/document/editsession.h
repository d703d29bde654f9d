// EditSession: a document's edits. The edit overlays over its two parts (the file, and its labels file), the
// undo stack whose commands change them, the content generation, what the last save over each part wrote,
// and whether the content differs from what the files hold. The files change only when saved.
#pragma once

#include "editabletensor.h"
#include "gatheredview.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

class QUndoStack;

namespace idx::gui {

class EditSession : public QObject {
    Q_OBJECT
public:
    explicit EditSession(QObject* parent = nullptr);
    ~EditSession() override;

    enum class Part { Main, Labels }; // the file, or its attached labels file
    /// What a reset drops: both overlays, or one part's (the other part's edits stay, not undoable).
    enum class Reset { Both, Labels, Main };

    [[nodiscard]] QUndoStack* undoStack() const { return m_undo; }
    /// Advanced by every applied, undone, redone or merged edit and by every reset.
    [[nodiscard]] quint64 generation() const { return m_generation; }

    /// The part's overlay, or null before it was made.
    [[nodiscard]] idx::EditableTensor* overlay(Part part) const;
    /// Makes the part's overlay over `base` (the part's file as loaded, in the order it is viewed in).
    idx::EditableTensor* makeOverlay(Part part, const idx::TensorView& base);
    /// The main overlay, when it holds edits.
    [[nodiscard]] bool isMainEdited() const { return m_main && m_main->isModified(); }

    /// The edited main tensor as one block, copied once per generation (materializedBytes counts the copies).
    [[nodiscard]] idx::TensorView snapshot() const;
    [[nodiscard]] quint64 materializedBytes() const { return m_materialized; }
    /// The edited main tensor in pieces, made once per generation (never a copy of the payload).
    [[nodiscard]] idx::TensorPieces pieces() const;
    /// The edited main tensor as one block for the jobs that need one, shared by all of this generation's:
    /// gathered once, by the first job that asks (gatheredBytes counts those copies).
    [[nodiscard]] std::shared_ptr<GatheredView> gathered() const;
    [[nodiscard]] quint64 gatheredBytes() const { return *m_gatheredBytes; }

    [[nodiscard]] bool isPartModified(Part part) const;
    /// What the part's file holds since the last save over it (null: the file as opened).
    [[nodiscard]] const idx::TensorLayout* savedLayout(Part part) const;
    void partSaved(Part part, idx::TensorLayout written);
    [[nodiscard]] bool isModified() const { return m_state == State::Modified; }
    /// The person chose to close without saving: unmodified until the next edit.
    void discard();
    /// An edit was applied or undone: a new generation (update() follows once it was announced).
    void applied();
    /// The state from the content; emits modifiedChanged when isModified() flips.
    void update();
    void reset(Reset which);

signals:
    void modifiedChanged(bool modified);

private:
    /// Whether the content differs from what the files hold, as the person is told.
    enum class State {
        Unmodified,
        Modified,
        Discarded, // differs, but the person chose to discard the edits
    };
    State m_state = State::Unmodified;
    QUndoStack* m_undo;
    std::unique_ptr<idx::EditableTensor> m_main;
    std::unique_ptr<idx::EditableTensor> m_labels;
    std::optional<idx::TensorLayout> m_mainSaved; // what the main file holds since the last save over it
    std::optional<idx::TensorLayout> m_labelsSaved;
    quint64 m_generation = 0;
    mutable idx::TensorView m_snapshot;
    mutable quint64 m_snapshotGeneration = ~quint64(0);
    mutable quint64 m_materialized = 0;
    mutable idx::TensorPieces m_pieces;
    mutable quint64 m_piecesGeneration = ~quint64(0);
    mutable std::shared_ptr<GatheredView> m_gathered;
    mutable quint64 m_gatheredGeneration = ~quint64(0);
    std::shared_ptr<std::atomic<quint64>> m_gatheredBytes = std::make_shared<std::atomic<quint64>>(0);
};

} // namespace idx::gui
