// Document, its labels: the companion found beside the images or attached by hand (the labels companion
// holds them), the classes read from them with their edits, and the names of the classes.
#include "document.h"

#include "companion.h"

#include <QDir>

#include <cmath>

namespace idx::gui {

void Document::loadLabelsAuto()
{
    // A labels file shown on its own has no labels companion to attach: only images files get one.
    if (m_source.file()->header().ndim() < 2)
        return;
    const auto companion = idx::findCompanion(path());
    if (!companion)
        return;
    m_labels.open(*companion, m_source.file()->header()); // on a worker: opened() or refused() follows
}

void Document::onLabelsRefused(const QString& path, const QString& reason)
{
    m_labels.setMessage(notAttached(path, reason.isEmpty() ? tr("its header is not valid.") : reason));
    emit labelsChanged();
}

QString Document::notAttached(const QString& path, const QString& reason)
{
    return tr("Labels file %1 was not attached: %2").arg(QDir::toNativeSeparators(path), reason);
}

QString Document::labelsPath() const
{
    return m_labels.path();
}

bool Document::attachLabels(const QString& path, QString* error)
{
    auto fail = [&](const QString& reason) {
        const QString message = notAttached(path, reason);
        if (error)
            *error = message;
        m_labels.setMessage(message);
        emit labelsChanged();
        return false;
    };
    if (!m_source.headerValid())
        return fail(tr("the images file itself cannot be read."));
    auto labels = idx::IdxFile::open(path);
    if (!labels->headerValid()) {
        const QString why = idx::firstError(labels->diagnostics());
        return fail(why.isEmpty() ? tr("its header is not valid.") : why);
    }
    const QString mismatch = idx::checkCompanion(m_source.file()->header(), labels->header());
    if (!mismatch.isEmpty())
        return fail(mismatch);
    m_edits.reset(EditSession::Reset::Labels);
    m_labels.attach(std::move(labels));
    updateClassNames();
    emit labelsChanged();
    return true;
}

void Document::detachLabels()
{
    m_edits.reset(EditSession::Reset::Labels);
    m_labels.detach();
    m_labels.setMessage({});
    updateClassNames();
    emit labelsChanged();
}

void Document::refreshLabelClasses()
{
    if (!m_labels.file())
        return;
    m_labels.refresh(labelsView());
    updateClassNames();
    emit labelsChanged();
}

void Document::updateClassNames()
{
    m_labels.resolve(m_source.ownDataset(), m_source.file()->header());
}

bool Document::isLabelsFile() const
{
    return m_source.isLabelsFile();
}

void Document::labelsWritten(const QString& contentKey)
{
    m_labels.written(contentKey);
}

bool Document::canNameClasses() const
{
    // The attached labels once loaded, or this file itself when it is a labels file (once recognised, so
    // that the dataset's own names are known first).
    if (m_labels.file())
        return hasLabels() && !m_labels.isLoading();
    return isLabelsFile() && m_source.isIdentified() && isSafeToRead();
}

std::map<qint64, quint64> Document::labelCounts() const
{
    std::map<qint64, quint64> counts;
    if (m_labels.file()) {
        for (qint64 label : m_labels.classes())
            ++counts[label];
        return counts;
    }
    if (!isLabelsFile() || !isSafeToRead())
        return counts;
    // The file's own values, edits included, read where they are (no copy). Bounded: a labels file is one
    // value per record (EMNIST ByClass's 814,255 are the largest known); beyond kMaxCountedLabels they are
    // not counted here, on the GUI thread. Small labels are counted in an array, the rest in the map.
    const idx::TensorPieces pieces = this->pieces();
    const quint64 n = pieces.availableRecords();
    if (n > kMaxCountedLabels)
        return counts;
    std::vector<quint64> small(256, 0);
    for (quint64 i = 0; i < n; ++i) {
        const double v = pieces.value(i);
        if (v >= 0 && v < 256 && v == std::floor(v))
            ++small[size_t(v)];
        else if (std::abs(v) < 9.2e18) // finite and within qint64 (a uint64 .npy may hold more)
            ++counts[qint64(v)];
    }
    for (size_t l = 0; l < small.size(); ++l)
        if (small[l])
            counts[qint64(l)] += small[l];
    return counts;
}

void Document::setClassNames(const idx::ClassNames& names)
{
    m_labels.setGivenNames(names);
    updateClassNames();
    emit labelsChanged();
}

idx::TensorView Document::labelsView() const
{
    if (!m_labels.file())
        return {};
    // Unedited, snapshot() is the labels file's own view: no copy.
    const idx::EditableTensor* overlay = m_edits.overlay(Part::Labels);
    return overlay ? overlay->snapshot() : m_labels.file()->view();
}

} // namespace idx::gui
