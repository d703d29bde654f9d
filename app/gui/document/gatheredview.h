// GatheredView: a document's payload as one block for the jobs that compute on the whole tensor (the
// insights' audit and the map), made at most once per content generation and shared by them: the
// first job to ask gathers it on its own thread (a copy only when the tensor is edited: core's gatherView),
// the others wait for that block instead of copying the tensor again.
#pragma once

#include "tensorpieces.h"

#include <atomic>
#include <memory>
#include <mutex>

namespace idx::gui {

class GatheredView {
public:
    /// `copied`, when given, counts the bytes of the copy once one is made.
    explicit GatheredView(idx::TensorPieces pieces, std::shared_ptr<std::atomic<quint64>> copied = {})
        : m_pieces(std::move(pieces)), m_copied(std::move(copied))
    {}
    GatheredView(const GatheredView&) = delete;
    GatheredView& operator=(const GatheredView&) = delete;

    /// The payload as one view: gathered on the first call, from any thread; later calls wait for it.
    [[nodiscard]] const idx::TensorView& view()
    {
        std::call_once(m_once, [this] {
            const bool copies = !m_pieces.contiguous().has_value();
            m_view = idx::gatherView(m_pieces);
            if (copies && m_copied)
                *m_copied += m_view.availableBytes();
            m_pieces = idx::TensorPieces(); // the block holds what the jobs need
        });
        return m_view;
    }

private:
    std::once_flag m_once;
    idx::TensorPieces m_pieces;
    idx::TensorView m_view;
    std::shared_ptr<std::atomic<quint64>> m_copied;
};

} // namespace idx::gui
