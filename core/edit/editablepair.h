// An images tensor and its labels tensor edited together: structural operations (delete, insert, duplicate,
// move) apply to both so label i stays the label of image i, and a failure on the labels' side rolls the
// images' side back.
#pragma once

#include "edit.h"

#include <QByteArrayView>
#include <QString>

#include <optional>

namespace idx {

class EditableTensor;

/// Either pointer may be null (one file open).
class EditablePair {
public:
    EditablePair(EditableTensor* images, EditableTensor* labels) : m_images(images), m_labels(labels) {}

    struct PairEdit {
        std::optional<Edit> images;
        std::optional<Edit> labels;
    };
    struct PairResult {
        std::optional<PairEdit> edit;
        QString error;
        explicit operator bool() const { return edit.has_value(); }
    };

    /// Empty when both are present and have the same record count (or only one is present).
    [[nodiscard]] QString checkAligned() const;
    [[nodiscard]] PairResult deleteRecords(quint64 first, quint64 count);
    /// Inserts image records and their labels (each big-endian; record counts must match).
    [[nodiscard]] PairResult insertRecords(quint64 at, QByteArrayView imageBytes, QByteArrayView labelBytes);
    [[nodiscard]] PairResult duplicateRecords(quint64 first, quint64 count);
    [[nodiscard]] PairResult moveRecords(quint64 first, quint64 count, quint64 to);
    void undo(const PairEdit& e);
    void redo(const PairEdit& e);

private:
    template <typename Op> PairResult both(Op op);
    EditableTensor* m_images;
    EditableTensor* m_labels;
};

} // namespace idx
