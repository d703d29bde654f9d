// Document, its labels: the companion labels file found beside the images and loaded in a Job, attached or
// detached by hand, and the classes read from it.
#include "document.h"

#include "companion.h"
#include "settings.h"

#include <QDir>
#include <QFileInfo>

#include <cmath>

namespace idx::gui {

void Document::loadLabelsAuto()
{
    // A labels file shown on its own has no labels companion to attach: only images files get one.
    if (m_file->header().ndim() < 2)
        return;
    const auto companion = idx::findCompanion(m_path);
    if (!companion)
        return;
    QString error;
    if (!attachLabels(*companion, &error))
        m_labelsMessage = error;
}

bool Document::attachLabels(const QString& path, QString* error)
{
    auto fail = [&](const QString& reason) {
        const QString message =
            tr("Labels file %1 was not attached: %2").arg(QDir::toNativeSeparators(path), reason);
        if (error)
            *error = message;
        m_labelsMessage = message;
        emit labelsChanged();
        return false;
    };
    if (!m_file->headerValid())
        return fail(tr("the images file itself cannot be read."));
    auto labels = idx::IdxFile::open(path);
    if (!labels->headerValid()) {
        const QString why = idx::firstError(labels->diagnostics());
        return fail(why.isEmpty() ? tr("its header is not valid.") : why);
    }
    const QString mismatch = idx::checkCompanion(m_file->header(), labels->header());
    if (!mismatch.isEmpty())
        return fail(mismatch);

    m_labelsLoad.discard();
    m_labelsLoad.waitForFinished();
    resetEdits(Reset::Labels);
    m_labels = labels;
    m_labelClasses.clear();
    forgetLabelsIdentity();
    m_labelsMessage.clear();
    // The labels are recognised on the worker too: a hash or a count over at most a few hundred KB, and
    // their content key (the names a person gave them are remembered by it).
    auto found = std::make_shared<std::optional<idx::DatasetIdentity>>();
    auto key = std::make_shared<QString>();
    m_labelsDataset = found;
    m_labelsKey = key;
    m_labelsLoad.start([labels, found, key](JobContext& context) {
        const bool ok = labels->load(context.control());
        if (ok) {
            *found = idx::identifyDataset(labels->view());
            *key = idx::labelsContentKey(labels->view());
        }
        return ok;
    });
    emit labelsChanged();
    return true;
}

void Document::detachLabels()
{
    m_labelsLoad.discard();
    m_labelsLoad.waitForFinished();
    resetEdits(Reset::Labels);
    m_labels.reset();
    m_labelClasses.clear();
    forgetLabelsIdentity();
    m_labelsMessage.clear();
    emit labelsChanged();
}

void Document::refreshLabelClasses()
{
    if (!m_labels)
        return;
    // Edited labels: a copy of the labels tensor (one value per record, 60 KB for MNIST), never the images.
    m_labelClasses = idx::labelClasses(labelsView());
    if (m_labelsKey && !m_labelsLoad.isRunning() && m_namesKey.isEmpty() && !m_labelsKey->isEmpty()) {
        m_namesKey = *m_labelsKey;
        m_givenNames = Settings::classNames(m_namesKey);
    }
    updateClassNames();
    emit labelsChanged();
}

void Document::forgetLabelsIdentity()
{
    m_labelsDataset.reset();
    m_labelsKey.reset();
    m_givenNames = {};
    m_namesKey.clear();
    updateClassNames();
}

void Document::updateClassNames()
{
    // The file's own identity first ("Fashion-MNIST, test images" by its pixels), else what its labels say.
    std::optional<idx::DatasetIdentity> viaLabels;
    if (m_labelsDataset && *m_labelsDataset && !m_labelsLoad.isRunning())
        viaLabels = idx::datasetOfImages(**m_labelsDataset, m_file->header());
    m_dataset = m_ownDataset ? m_ownDataset : viaLabels;
    // Names describe label values: with a labels file attached, only a known labels file's names apply
    // (Fashion-MNIST's images with labels of someone's own do not get Fashion's names).
    const idx::ClassNames known = viaLabels                   ? viaLabels->classes
                                  : m_labels || !m_ownDataset ? idx::ClassNames()
                                                              : m_ownDataset->classes;
    m_classNames = !m_givenNames.isEmpty() ? m_givenNames : known;
}

bool Document::isLabelsFile() const
{
    if (!m_file->headerValid())
        return false;
    const idx::Header& h = m_file->header();
    return h.ndim() == 1 && !idx::isFloat(h.dtype);
}

void Document::identifyOwnContent()
{
    // Recognised on a worker: a hash of at most a few records, or a pass over a label table. A labels file
    // opened on its own gets its content key there too (the names a person gives it are remembered by it).
    auto found = std::make_shared<std::optional<idx::DatasetIdentity>>();
    auto key = std::make_shared<QString>();
    m_ownFound = found;
    m_ownKey = key;
    m_identify.start([file = m_file, found, key, labels = isLabelsFile()](JobContext&) {
        *found = idx::identifyDataset(file->view());
        if (labels)
            *key = idx::labelsContentKey(file->view());
        return true;
    });
}

void Document::onIdentified()
{
    const bool done = !m_identify.isRunning();
    m_ownDataset = m_ownFound && done ? *m_ownFound : std::nullopt;
    if (done && m_ownKey && !m_ownKey->isEmpty() && !m_labels && m_namesKey.isEmpty()) {
        m_namesKey = *m_ownKey;
        m_givenNames = Settings::classNames(m_namesKey);
    }
    m_ownIdentified = done && m_ownFound;
    updateClassNames();
    emit labelsChanged();
}

void Document::labelsWritten(const QString& contentKey)
{
    // The names go with the labels as saved: a reopened file is found by its new content. A known
    // dataset's labels with one label fixed are no longer the published file, so its names are kept as
    // given ones: the dataset is no longer claimed, its names stay.
    m_namesKey = contentKey;
    if (!m_classNames.isEmpty())
        Settings::setClassNames(contentKey, m_classNames);
}

bool Document::canNameClasses() const
{
    // The attached labels once loaded, or this file itself when it is a labels file (once recognised, so
    // that the dataset's own names are known first).
    if (m_labels)
        return hasLabels() && !m_labelsLoad.isRunning();
    return isLabelsFile() && m_ownIdentified && !m_unsafe;
}

std::map<qint64, quint64> Document::labelCounts() const
{
    std::map<qint64, quint64> counts;
    if (m_labels) {
        for (qint64 label : m_labelClasses)
            ++counts[label];
        return counts;
    }
    if (!isLabelsFile() || m_unsafe)
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
    m_givenNames = names;
    Settings::setClassNames(m_namesKey, names);
    updateClassNames();
    emit labelsChanged();
}

idx::TensorView Document::labelsView() const
{
    if (!m_labels)
        return {};
    // Unedited, snapshot() is the labels file's own view: no copy.
    return m_labelsEdit ? m_labelsEdit->snapshot() : m_labels->view();
}

} // namespace idx::gui
