// LabelsCompanion: attaching, loading and recognising the labels, and naming their classes.
#include "labelscompanion.h"

#include "companion.h"
#include "settings.h"

namespace idx::gui {

LabelsCompanion::LabelsCompanion(QObject* parent) : QObject(parent)
{
    connect(&m_load, &JobBase::finished, this, &LabelsCompanion::loaded);
    connect(&m_opening, &JobBase::finished, this, &LabelsCompanion::onOpened);
}

void LabelsCompanion::open(const QString& path, const idx::Header& images)
{
    m_openingPath = path;
    // Opening reads the header (and, compressed, the head of the stream): off the GUI thread, as the load.
    m_opening.start([path, images](JobContext&) {
        Opened out;
        auto labels = idx::IdxFile::open(path);
        if (!labels->headerValid())
            out.reason = idx::firstError(labels->diagnostics());
        else if (out.reason = idx::checkCompanion(images, labels->header()); out.reason.isEmpty())
            out.file = std::move(labels);
        return out;
    });
}

void LabelsCompanion::onOpened()
{
    const std::optional<Opened>& out = m_opening.result();
    if (!out || !out->file) {
        // Unfit, or the open stopped by an unexpected error (the job says which).
        emit refused(m_openingPath, out ? out->reason : m_opening.errorString());
        return;
    }
    const QString message = m_message; // why a file attached by hand meanwhile was refused stays said
    attach(out->file);
    m_message = message;
    emit opened();
}

void LabelsCompanion::attach(std::shared_ptr<idx::IdxFile> labels)
{
    m_opening.discard();
    m_load.discard();
    m_load.waitForFinished();
    m_file = std::move(labels);
    m_classes.clear();
    m_message.clear();
    forgetNames();
    // The labels are recognised on the worker too: a hash or a count over at most a few hundred KB, and
    // their content key (the names a person gave them are remembered by it).
    auto found = std::make_shared<std::optional<idx::DatasetIdentity>>();
    auto key = std::make_shared<QString>();
    m_found = found;
    m_key = key;
    m_load.start([labels = m_file, found, key](JobContext& context) {
        const bool ok = labels->load(context.control());
        if (ok) {
            *found = idx::identifyDataset(labels->view());
            *key = idx::labelsContentKey(labels->view());
        }
        return ok;
    });
}

void LabelsCompanion::detach()
{
    m_opening.discard();
    m_load.discard();
    m_load.waitForFinished();
    m_file.reset();
    m_classes.clear();
    forgetNames();
}

void LabelsCompanion::refresh(const idx::TensorView& labels)
{
    if (!m_file)
        return;
    // Edited labels: a copy of the labels tensor (one value per record, 60 KB for MNIST), never the images.
    m_classes = idx::labelClasses(labels);
    if (m_key && !isLoading())
        adoptKey(*m_key);
}

void LabelsCompanion::resolve(const std::optional<idx::DatasetIdentity>& own, const idx::Header& images)
{
    // The file's own identity first ("Fashion-MNIST, test images" by its pixels), else what its labels say.
    std::optional<idx::DatasetIdentity> viaLabels;
    if (m_file && m_found && *m_found && !isLoading())
        viaLabels = idx::datasetOfImages(**m_found, images);
    m_dataset = own ? own : viaLabels;
    // Names describe label values: with a labels file attached, only a known labels file's names apply
    // (Fashion-MNIST's images with labels of someone's own do not get Fashion's names).
    const idx::ClassNames known = viaLabels        ? viaLabels->classes
                                  : m_file || !own ? idx::ClassNames()
                                                   : own->classes;
    m_classNames = !m_givenNames.isEmpty() ? m_givenNames : known;
}

void LabelsCompanion::adoptKey(const QString& key)
{
    if (!m_namesKey.isEmpty() || key.isEmpty())
        return;
    m_namesKey = key;
    m_givenNames = Settings::classNames(m_namesKey);
}

void LabelsCompanion::forgetNames()
{
    m_found.reset();
    m_key.reset();
    m_givenNames = {};
    m_namesKey.clear();
}

void LabelsCompanion::setGivenNames(const idx::ClassNames& names)
{
    m_givenNames = names;
    Settings::setClassNames(m_namesKey, names);
}

void LabelsCompanion::written(const QString& key)
{
    // The names go with the labels as saved: a reopened file is found by its new content. A known
    // dataset's labels with one label fixed are no longer the published file, so its names are kept as
    // given ones: the dataset is no longer claimed, its names stay.
    m_namesKey = key;
    if (!m_classNames.isEmpty())
        Settings::setClassNames(key, m_classNames);
}

} // namespace idx::gui
