// Edit commands and the editing operations behind the Edit menu, the table, the gallery and the image view.
#include "editcommands.h"

#include "changelog.h"
#include "pngimport.h"
#include "reshape.h"
#include "viewstate.h"

#include <QCoreApplication>
#include <QImage>
#include <QUndoStack>

#include <set>

namespace idx::gui {

EditCommand::EditCommand(Document* doc, Document::Part part, idx::Edit edit, const QString& text, int id,
                         quint64 mergeKey)
    : QUndoCommand(text), m_doc(doc), m_part(part), m_edit(std::move(edit)), m_id(id), m_mergeKey(mergeKey)
{}

void EditCommand::undo()
{
    if (idx::EditableTensor* t = m_doc->editable(m_part)) {
        t->undo(m_edit);
        m_doc->editApplied(m_part, m_edit, true);
    }
}

void EditCommand::redo()
{
    idx::EditableTensor* t = m_doc->editable(m_part);
    if (!t)
        return;
    if (!m_applied)
        t->redo(m_edit);
    m_applied = false;
    m_doc->editApplied(m_part, m_edit, false);
}

bool EditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const EditCommand*>(other); // same id() means same class
    if (o->m_part != m_part || o->m_mergeKey != m_mergeKey)
        return false;
    m_edit.append(o->m_edit);
    // Back to where it started (typed 7, then 3 again): nothing left to undo.
    setObsolete(m_edit.isNoop());
    return true;
}

PairCommand::PairCommand(Document* doc, idx::EditablePair::PairEdit edit, const QString& text)
    : QUndoCommand(text), m_doc(doc), m_edit(std::move(edit))
{}

void PairCommand::undo()
{
    idx::EditablePair(m_doc->editable(Document::Part::Main),
                      m_edit.labels ? m_doc->editable(Document::Part::Labels) : nullptr)
        .undo(m_edit);
    announce(true);
}

void PairCommand::redo()
{
    if (!m_applied)
        idx::EditablePair(m_doc->editable(Document::Part::Main),
                          m_edit.labels ? m_doc->editable(Document::Part::Labels) : nullptr)
            .redo(m_edit);
    m_applied = false;
    announce(false);
}

void PairCommand::announce(bool undone)
{
    // Labels first: the views rebuilding on the main tensor's signal then see labels of the same length.
    if (m_edit.labels)
        m_doc->editApplied(Document::Part::Labels, *m_edit.labels, undone);
    if (m_edit.images)
        m_doc->editApplied(Document::Part::Main, *m_edit.images, undone);
}

namespace Editing {
namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(Editing)
};

QString notEditable()
{
    return Tr::tr("The file is not loaded completely yet (or changed on disk), so it cannot be edited now.");
}

struct LabelTarget {
    idx::EditableTensor* tensor = nullptr;
    Document::Part part = Document::Part::Labels;
};

LabelTarget labelTarget(Document* doc)
{
    if (doc->labelsFile())
        return {doc->editable(Document::Part::Labels), Document::Part::Labels};
    if (doc->headerValid() && doc->file()->header().ndim() <= 1)
        return {doc->editable(Document::Part::Main), Document::Part::Main};
    return {};
}

idx::EditablePair pairOf(Document* doc)
{
    return idx::EditablePair(doc->editable(Document::Part::Main),
                             doc->labelsFile() ? doc->editable(Document::Part::Labels) : nullptr);
}

QString push(Document* doc, idx::EditablePair::PairResult r, const QString& text)
{
    if (!r)
        return r.error;
    doc->undoStack()->push(new PairCommand(doc, std::move(*r.edit), text));
    return {};
}

bool pairReady(Document* doc)
{
    return doc->editable(Document::Part::Main) &&
           (!doc->labelsFile() || doc->editable(Document::Part::Labels));
}

} // namespace

bool hasEditableLabels(Document* doc)
{
    return labelTarget(doc).tensor != nullptr;
}

QString setElement(Document* doc, Document::Part part, quint64 record, quint64 element, double value)
{
    idx::EditableTensor* t = doc->editable(part);
    if (!t)
        return notEditable();
    idx::EditResult r = t->setElement(record, element, value);
    if (!r)
        return r.error;
    // Merge key: the element's position (the same cell typed again merges into one step).
    const quint64 key = (record * t->recordElements() + element) * 2 + (part == Document::Part::Labels);
    doc->undoStack()->push(new EditCommand(doc, part, std::move(*r.edit),
                                           Tr::tr("Set Value of Record %1").arg(record), SetElementCommandId,
                                           key));
    return {};
}

QString setLabels(Document* doc, const idx::RecordSet& records, double value)
{
    const LabelTarget target = labelTarget(doc);
    if (!target.tensor)
        return doc->labelsFile() || doc->file()->header().ndim() <= 1
                   ? notEditable()
                   : Tr::tr("This file has no labels to edit.");
    if (records.isEmpty())
        return Tr::tr("No record is selected.");
    if (records.count() == 1)
        return setElement(doc, target.part, records.first(), 0, value);
    std::optional<idx::Edit> all;
    for (quint64 r : records) {
        idx::EditResult e = target.tensor->setElement(r, 0, value);
        if (!e) {
            if (all)
                target.tensor->undo(*all); // all or nothing
            return e.error;
        }
        if (all)
            all->append(*e.edit);
        else
            all = std::move(e.edit);
    }
    doc->undoStack()->push(new EditCommand(doc, target.part, std::move(*all),
                                           Tr::tr("Set Label of %n Records", nullptr, int(records.count()))));
    return {};
}

QString paint(Document* doc, quint64 record, const std::vector<quint64>& elements, double value,
              quint64 stroke)
{
    idx::EditableTensor* t = doc->editable(Document::Part::Main);
    if (!t)
        return notEditable();
    std::optional<idx::Edit> all;
    for (quint64 e : elements) {
        idx::EditResult r = t->setElement(record, e, value);
        if (!r) {
            if (all)
                t->undo(*all);
            return r.error;
        }
        if (all)
            all->append(*r.edit);
        else
            all = std::move(r.edit);
    }
    if (!all)
        return {};
    doc->undoStack()->push(new EditCommand(doc, Document::Part::Main, std::move(*all),
                                           Tr::tr("Paint Record %1").arg(record), PaintStrokeCommandId,
                                           stroke));
    return {};
}

QString replaceRecord(Document* doc, quint64 record, const QImage& image)
{
    idx::EditableTensor* t = doc->editable(Document::Part::Main);
    if (!t)
        return notEditable();
    const idx::RecordFromImage bytes = idx::recordFromImage(image, t->header());
    if (!bytes)
        return bytes.error;
    idx::EditResult r = t->setRecord(record, bytes.bytes);
    if (!r)
        return r.error;
    doc->undoStack()->push(new EditCommand(doc, Document::Part::Main, std::move(*r.edit),
                                           Tr::tr("Replace Record %1").arg(record)));
    return {};
}

QString deleteRecords(Document* doc, quint64 first, quint64 count)
{
    if (!pairReady(doc))
        return notEditable();
    return push(doc, pairOf(doc).deleteRecords(first, count),
                Tr::tr("Delete %n Records", nullptr, int(count)));
}

QString deleteRecordList(Document* doc, const idx::RecordSet& records)
{
    // From the last run, so the earlier positions stay valid.
    const std::vector<idx::RecordRun>& runs = records.runs();
    QString error;
    if (runs.size() > 1) // several runs are one undo step
        doc->undoStack()->beginMacro(Tr::tr("Delete %n Records", nullptr, int(records.count())));
    for (auto run = runs.rbegin(); run != runs.rend(); ++run)
        if (error = deleteRecords(doc, run->first, run->count()); !error.isEmpty())
            break;
    if (runs.size() > 1)
        doc->undoStack()->endMacro();
    return error;
}

std::optional<std::vector<quint64>> brushElements(const Document& doc, const ViewState& state, QSize shown,
                                                  QPoint pixel, int size)
{
    const idx::TensorPieces tensor = reshapedPieces(doc, state); // its shape: nothing is read or copied
    const idx::SliceSpec spec = effectiveSlice(tensor.header(), state);
    const int n = tensor.header().ndim();
    const quint64 perRecord = tensor.header().recordElements();
    if (n < 2 || perRecord == 0)
        return std::nullopt;
    std::set<quint64> elements;
    for (int dy = -(size - 1) / 2; dy <= size / 2; ++dy)
        for (int dx = -(size - 1) / 2; dx <= size / 2; ++dx) {
            const int x = pixel.x() + dx, y = pixel.y() + dy;
            if (x < 0 || y < 0 || x >= shown.width() || y >= shown.height())
                continue;
            const auto index = spec.elementIndex(tensor.header(), quint64(x), quint64(y));
            const auto flat = index ? tensor.flatIndex(*index) : std::nullopt;
            if (flat && *flat / perRecord == state.currentRecord())
                elements.insert(*flat % perRecord);
        }
    return std::vector<quint64>(elements.begin(), elements.end());
}

QString duplicateRecords(Document* doc, quint64 first, quint64 count)
{
    if (!pairReady(doc))
        return notEditable();
    return push(doc, pairOf(doc).duplicateRecords(first, count),
                Tr::tr("Duplicate %n Records", nullptr, int(count)));
}

QString insertRecord(Document* doc, quint64 at, const QImage& image, double label)
{
    if (!pairReady(doc))
        return notEditable();
    idx::EditableTensor* main = doc->editable(Document::Part::Main);
    QByteArray bytes(qsizetype(main->recordBytes()), '\0'); // zero is zero in every dtype and byte order
    if (!image.isNull()) {
        const idx::RecordFromImage r = idx::recordFromImage(image, main->header());
        if (!r)
            return r.error;
        bytes = r.bytes;
    }
    QByteArray labelBytes;
    if (doc->labelsFile()) {
        idx::EditableTensor* labels = doc->editable(Document::Part::Labels);
        if (const QString bad = idx::EditableTensor::checkValue(labels->dtype(), label); !bad.isEmpty())
            return bad;
        labelBytes = QByteArray(qsizetype(labels->recordBytes()), '\0');
        idx::encodeElement(reinterpret_cast<uchar*>(labelBytes.data()), labels->dtype(), label);
    }
    return push(doc, pairOf(doc).insertRecords(at, bytes, labelBytes), Tr::tr("Insert Record %1").arg(at));
}

QString moveRecords(Document* doc, quint64 first, quint64 count, quint64 to)
{
    if (!pairReady(doc))
        return notEditable();
    return push(doc, pairOf(doc).moveRecords(first, count, to),
                Tr::tr("Move %n Records", nullptr, int(count)));
}

QString applyChangeLog(Document* doc, const QString& path, QStringList* report)
{
    const LabelTarget target = labelTarget(doc);
    if (!target.tensor)
        return Tr::tr("This document has no labels to apply a change log to.");
    const idx::ChangeLogParse parsed = idx::readChangeLog(path);
    if (report)
        *report = parsed.errors;
    idx::ChangeLogApply applied = idx::applyChangeLog(*target.tensor, parsed.entries);
    if (report)
        *report += applied.issues;
    if (!applied.edit)
        return parsed.entries.empty() && !parsed.errors.isEmpty()
                   ? parsed.errors.front()
                   : Tr::tr("No change in the log applies to these labels.");
    doc->undoStack()->push(new EditCommand(doc, target.part, std::move(*applied.edit),
                                           Tr::tr("Apply Change Log (%n Labels)", nullptr, applied.applied)));
    return {};
}

} // namespace Editing

} // namespace idx::gui
