// Undo commands for document edits (Tiled's model: one QUndoStack per document, ids in one enum, repeated
// edits of one element merged, a merge back to the original value made obsolete). An EditableTensor
// operation applies itself, so each command stores the resulting Edit and skips its first redo(); undo()
// and redo() replay it on the document's overlay. Also the entry points the views call to edit.
#pragma once

#include "document.h"
#include "editablepair.h"
#include "recordset.h"

#include <QUndoCommand>

class QImage;
class QPoint;
class QSize;

namespace idx::gui {

class ViewState;

/// Command ids for QUndoCommand::id() (merging): one enum for the whole application.
enum CommandId : int {
    SetElementCommandId = 1, // the same element edited again: one step
    PaintStrokeCommandId,    // one paint stroke (press → release): one step
};

/// One Edit of one part of a document.
class EditCommand : public QUndoCommand {
public:
    EditCommand(Document* doc, Document::Part part, idx::Edit edit, const QString& text, int id = -1,
                quint64 mergeKey = 0);
    void undo() override;
    void redo() override;
    [[nodiscard]] int id() const override { return m_id; }
    bool mergeWith(const QUndoCommand* other) override;
    [[nodiscard]] const idx::Edit& edit() const { return m_edit; }

private:
    Document* m_doc;
    Document::Part m_part;
    idx::Edit m_edit;
    int m_id;
    quint64 m_mergeKey;
    bool m_applied = true; // the operation applied itself: the first redo() only announces it
};

/// A structural edit of the main tensor and its labels together (they stay aligned).
class PairCommand : public QUndoCommand {
public:
    PairCommand(Document* doc, idx::EditablePair::PairEdit edit, const QString& text);
    void undo() override;
    void redo() override;

private:
    void announce(bool undone);
    Document* m_doc;
    idx::EditablePair::PairEdit m_edit;
    bool m_applied = true;
};

/// The editing operations, each pushing one command. They return an empty string on success, else the
/// user-facing reason nothing changed.
namespace Editing {
/// Where the labels live: the attached labels file, or the document itself when it is a 1-D labels file.
[[nodiscard]] bool hasEditableLabels(Document* doc);
[[nodiscard]] QString setElement(Document* doc, Document::Part part, quint64 record, quint64 element,
                                 double value);
/// Sets the label of each record (one undo step).
[[nodiscard]] QString setLabels(Document* doc, const idx::RecordSet& records, double value);
/// Paints `elements` of `record` with `value`; commands with the same stroke number merge.
[[nodiscard]] QString paint(Document* doc, quint64 record, const std::vector<quint64>& elements, double value,
                            quint64 stroke);
[[nodiscard]] QString replaceRecord(Document* doc, quint64 record, const QImage& image);
[[nodiscard]] QString deleteRecords(Document* doc, quint64 first, quint64 count);
/// Deletes the records, run by run from the last (one undo step).
[[nodiscard]] QString deleteRecordList(Document* doc, const idx::RecordSet& records);
/// The elements of the current record under a square brush of `size` image pixels centred on `pixel` of
/// the shown slice (`shown`: its size), through the slice's transposition and flips; nullopt when the
/// records are not images.
[[nodiscard]] std::optional<std::vector<quint64>> brushElements(const Document& doc, const ViewState& state,
                                                                QSize shown, QPoint pixel, int size);
[[nodiscard]] QString duplicateRecords(Document* doc, quint64 first, quint64 count);
/// Inserts one record at `at`: blank (zeros) or from `image` when it is not null; its label is `label`.
[[nodiscard]] QString insertRecord(Document* doc, quint64 at, const QImage& image, double label = 0);
[[nodiscard]] QString moveRecords(Document* doc, quint64 first, quint64 count, quint64 to);
/// Applies a change log to the labels; `report` lists the rows that did not fit. One undo step.
[[nodiscard]] QString applyChangeLog(Document* doc, const QString& path, QStringList* report);
} // namespace Editing

} // namespace idx::gui
