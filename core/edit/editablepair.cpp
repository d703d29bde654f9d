// EditablePair: each structural operation on the images, then on the labels, undone on the images when the
// labels refuse it.
#include "editablepair.h"
#include "editabletensor.h"

#include <QCoreApplication>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};
} // namespace

QString EditablePair::checkAligned() const
{
    if (m_images && m_labels && m_images->recordCount() != m_labels->recordCount())
        return Tr::tr("the images have %1 records but the labels %2")
            .arg(m_images->recordCount())
            .arg(m_labels->recordCount());
    return {};
}

template <typename Op> EditablePair::PairResult EditablePair::both(Op op)
{
    if (QString why = checkAligned(); !why.isEmpty())
        return {std::nullopt, why};
    PairEdit pe;
    if (m_images) {
        EditResult r = op(*m_images, true);
        if (!r)
            return {std::nullopt, r.error};
        pe.images = std::move(r.edit);
    }
    if (m_labels) {
        EditResult r = op(*m_labels, false);
        if (!r) {
            if (pe.images)
                m_images->undo(*pe.images);
            return {std::nullopt, r.error};
        }
        pe.labels = std::move(r.edit);
    }
    return {std::move(pe), {}};
}

EditablePair::PairResult EditablePair::deleteRecords(quint64 first, quint64 count)
{
    return both([&](EditableTensor& t, bool) { return t.deleteRecords(first, count); });
}

EditablePair::PairResult EditablePair::insertRecords(quint64 at, QByteArrayView imageBytes,
                                                     QByteArrayView labelBytes)
{
    if (m_images && m_labels && m_images->recordBytes() > 0 && m_labels->recordBytes() > 0 &&
        quint64(imageBytes.size()) / m_images->recordBytes() !=
            quint64(labelBytes.size()) / m_labels->recordBytes())
        return {std::nullopt, Tr::tr("the inserted images and labels hold different numbers of records")};
    return both([&](EditableTensor& t, bool images) {
        return t.insertRecords(at, images ? imageBytes : labelBytes);
    });
}

EditablePair::PairResult EditablePair::duplicateRecords(quint64 first, quint64 count)
{
    return both([&](EditableTensor& t, bool) { return t.duplicateRecords(first, count); });
}

EditablePair::PairResult EditablePair::moveRecords(quint64 first, quint64 count, quint64 to)
{
    return both([&](EditableTensor& t, bool) { return t.moveRecords(first, count, to); });
}

void EditablePair::undo(const PairEdit& e)
{
    if (m_labels && e.labels)
        m_labels->undo(*e.labels);
    if (m_images && e.images)
        m_images->undo(*e.images);
}

void EditablePair::redo(const PairEdit& e)
{
    if (m_images && e.images)
        m_images->redo(*e.images);
    if (m_labels && e.labels)
        m_labels->redo(*e.labels);
}

} // namespace idx
