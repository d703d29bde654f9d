// LabelsCompanion: a document's labels. The labels file attached to an images file (found beside it or chosen
// by hand), its load and recognition in a Job, the class of each record, and the names of the classes: those
// the person gave (remembered for the labels' content), else those of the known dataset the file or its
// labels are.
#pragma once

#include "dataset.h"
#include "idxfile.h"
#include "job.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

namespace idx::gui {

class LabelsCompanion : public QObject {
    Q_OBJECT
public:
    explicit LabelsCompanion(QObject* parent = nullptr);

    [[nodiscard]] const std::shared_ptr<idx::IdxFile>& file() const { return m_file; }
    [[nodiscard]] QString path() const { return m_file ? m_file->path() : QString(); }
    /// The attached file's load (and recognition) is still running.
    [[nodiscard]] bool isLoading() const { return m_load.isRunning(); }
    /// Class of each record whose label is available (empty without labels, or until they are loaded).
    [[nodiscard]] const std::vector<qint64>& classes() const { return m_classes; }
    /// Why the last attachment was refused (empty when none was).
    [[nodiscard]] QString message() const { return m_message; }
    void setMessage(const QString& message) { m_message = message; }

    /// Opens `path` on a worker as the labels of images with header `images`: once it is open and fits, it
    /// is attached as attach() does and opened() follows; else refused() says why. attach() and detach()
    /// drop an open still on its way.
    void open(const QString& path, const idx::Header& images);
    /// An open() is on its way: the labels are not attached yet.
    [[nodiscard]] bool isOpening() const { return m_opening.isActive(); }
    /// The file an open() on its way opens (empty when none is).
    [[nodiscard]] QString openingPath() const { return isOpening() ? m_openingPath : QString(); }
    /// Attaches `labels` (checked to fit the images) and starts their load; their identity and given names
    /// are forgotten.
    void attach(std::shared_ptr<idx::IdxFile> labels);
    /// No labels any more (the message stays as it is).
    void detach();
    /// The classes read again from `labels` (the labels with their edits); their content key becomes the
    /// names' key once loaded.
    void refresh(const idx::TensorView& labels);

    /// The known dataset the document is: the file's own identity `own`, else what its labels say about
    /// images with header `images`. Recomputed by resolve().
    [[nodiscard]] const std::optional<idx::DatasetIdentity>& dataset() const { return m_dataset; }
    [[nodiscard]] const idx::ClassNames& classNames() const { return m_classNames; }
    [[nodiscard]] const idx::ClassNames& givenNames() const { return m_givenNames; }
    /// The content key names are remembered by (empty: none yet).
    [[nodiscard]] QString namesKey() const { return m_namesKey; }
    /// Resolves dataset() and classNames() from the file's own identity and the labels'.
    void resolve(const std::optional<idx::DatasetIdentity>& own, const idx::Header& images);
    /// Takes `key` as the names' key when there is none yet, with the names remembered for it.
    void adoptKey(const QString& key);
    /// Forgets the given names and their key.
    void forgetNames();
    /// Names given by the person, remembered for the current key.
    void setGivenNames(const idx::ClassNames& names);
    /// The labels were written with content key `key`: the names in use go with it.
    void written(const QString& key);

signals:
    /// The attached file's load ended.
    void loaded();
    /// open() attached its file (its load has started).
    void opened();
    /// open() found `path` unreadable or unfit: `reason` says why (empty: its header is not valid, and no
    /// more is known).
    void refused(const QString& path, const QString& reason);

private:
    std::shared_ptr<idx::IdxFile> m_file;
    std::vector<qint64> m_classes;
    QString m_message;
    struct Opened {
        std::shared_ptr<idx::IdxFile> file; // null when refused
        QString reason;
    };
    void onOpened();
    Job<Opened> m_opening;
    QString m_openingPath;
    Job<bool> m_load;
    // Written by the load job on its worker before it finishes, read here once it has.
    std::shared_ptr<std::optional<idx::DatasetIdentity>> m_found;
    std::shared_ptr<QString> m_key; // the labels' content key (labelsContentKey), found on the worker
    std::optional<idx::DatasetIdentity> m_dataset;
    idx::ClassNames m_classNames;
    idx::ClassNames m_givenNames;
    QString m_namesKey;
};

} // namespace idx::gui
