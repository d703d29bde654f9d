// Document: the front of its source, labels companion and edit session. It decides what crosses between them
// (the views over the file and the overlays, the labels' fit to the file, the names from both identities, the
// edits dropped when the file is read again) and announces it; each part keeps its own state.
#include "document.h"

#include <QDir>
#include <QUndoStack>

#include <utility>

namespace idx::gui {

Document::Document(const QString& path, QObject* parent) : QObject(parent), m_source(path)
{
    connect(&m_source, &DocumentSource::loadProgress, this, &Document::onLoadProgress);
    connect(&m_source, &DocumentSource::loadFinished, this, &Document::onLoadFinished);
    connect(&m_source, &DocumentSource::identified, this, &Document::onIdentified);
    connect(&m_source, &DocumentSource::changedOnDisk, this, [this](bool deleted, bool unmapped) {
        emit changedOnDisk(deleted);
        if (unmapped) {
            m_lastRecords = 0;
            emit viewChanged();
        }
    });
    connect(&m_labels, &LabelsCompanion::loaded, this, &Document::refreshLabelClasses);
    connect(&m_labels, &LabelsCompanion::opened, this, [this] {
        updateClassNames();
        emit labelsChanged();
    });
    connect(&m_labels, &LabelsCompanion::refused, this, &Document::onLabelsRefused);
    connect(&m_edits, &EditSession::modifiedChanged, this, &Document::modifiedChanged);
    open();
    if (m_source.headerValid())
        loadLabelsAuto();
}

Document::~Document() = default; // the loads hold their own files: their jobs cancel and wait when they go

void Document::open()
{
    m_source.open();
    if (!m_labels.file()) // a labels file's names are found again by its content once it is loaded
        m_labels.forgetNames();
    m_lastRecords = m_source.headerValid() ? m_source.file()->view().availableRecords() : 0;
}

QString Document::diskPath() const
{
    return m_source.diskPath();
}

QString Document::path() const
{
    return m_source.path();
}

QString Document::displayName() const
{
    return m_source.displayName();
}

bool Document::headerValid() const
{
    return m_source.headerValid();
}

idx::TensorView Document::view() const
{
    // Edited: one copy per generation, made when first asked for (unedited: the mapping itself, zero copy).
    if (m_source.headerValid() && isSafeToRead() && m_edits.isMainEdited())
        return m_edits.snapshot();
    return m_source.view();
}

idx::TensorPieces Document::pieces() const
{
    if (!m_edits.overlay(Part::Main) || !isSafeToRead() || !m_source.headerValid())
        return idx::TensorPieces(view()); // the file's own view (growing while it loads)
    return m_edits.pieces();
}

std::shared_ptr<GatheredView> Document::gathered() const
{
    if (!m_edits.overlay(Part::Main) || !isSafeToRead() || !m_source.headerValid())
        return std::make_shared<GatheredView>(pieces()); // the file's own view: nothing to copy or share
    return m_edits.gathered();
}

idx::TensorView Document::recordView(quint64 i) const
{
    return pieces().recordView(i);
}

idx::Header Document::header() const
{
    const idx::EditableTensor* overlay = m_edits.overlay(Part::Main);
    return overlay && isSafeToRead() ? overlay->header() : m_source.file()->header();
}

quint64 Document::availableRecords() const
{
    if (!m_source.headerValid())
        return 0;
    const idx::EditableTensor* overlay = m_edits.overlay(Part::Main);
    return overlay && isSafeToRead() ? overlay->recordCount() : view().availableRecords();
}

idx::Diagnostics Document::diagnostics() const
{
    idx::Diagnostics d = m_source.file()->diagnostics();
    if (m_edits.savedLayout(Part::Main)) {
        // Saved over: the file on disk is now the document's complete records with a canonical header. What
        // was found in the bytes as opened (cut short, trailing bytes, a corrupt stream) no longer describes
        // it; what the values suggest (the byte order) still does.
        d.removeIf([](const idx::Diagnostic& x) {
            switch (x.code) {
            case idx::DiagCode::TruncatedPayload:
            case idx::DiagCode::PartialElement:
            case idx::DiagCode::TrailingBytes:
            case idx::DiagCode::CorruptCompressed:
            case idx::DiagCode::TruncatedCompressed:
            case idx::DiagCode::DecompressionLimit:
                return true;
            default:
                return false;
            }
        });
    }
    return d;
}

bool Document::isLoading() const
{
    return m_source.isLoading();
}

bool Document::isLoaded() const
{
    return m_source.isLoaded();
}

void Document::setDataOrder(idx::ByteOrder order)
{
    if (order == m_source.dataOrder() || isModified())
        return; // edits are bytes in the old order: save or discard them first
    m_source.setDataOrder(order);
    // The overlay was all that held the saved content (its base is the file as opened); a converted
    // reading applied the order while converting.
    if (m_edits.savedLayout(Part::Main) || m_edits.savedLayout(Part::Labels) ||
        m_source.file()->isConverted()) {
        reload();
        return;
    }
    m_edits.reset(EditSession::Reset::Both);
    emit viewChanged();
}

idx::OpenOptions Document::openOptions() const
{
    return m_source.openOptions();
}

bool Document::setOpenOptions(const idx::OpenOptions& options)
{
    if (isModified())
        return false; // edits are bytes of the old reading: save or discard them first
    m_source.setOpenOptions(options);
    reload();
    return true;
}

void Document::onLoadProgress(qint64 done, qint64 total)
{
    emit loadProgress(done, total);
    const quint64 records = view().availableRecords();
    if (records != m_lastRecords) {
        m_lastRecords = records;
        emit viewChanged();
    }
}

void Document::onLoadFinished(bool ok)
{
    // The loader reported the bytes once more, and with them the records that arrived last.
    m_lastRecords = view().availableRecords();
    emit diagnosticsChanged();
    emit viewChanged();
    emit loadFinished(ok);
}

void Document::onIdentified()
{
    if (!m_labels.file())
        m_labels.adoptKey(m_source.ownKey()); // a labels file opened on its own: names by its content
    updateClassNames();
    emit labelsChanged();
}

void Document::cancelLoad()
{
    m_source.cancelLoad();
}

void Document::reload()
{
    reopen(labelsSource());
}

QString Document::labelsSource() const
{
    // The labels found beside the file may still be on their way: those, opened again with it.
    return m_labels.isOpening() ? m_labels.openingPath() : labelsPath();
}

void Document::reopen(const QString& labels)
{
    m_source.reset(); // first: the edits go while the old load is over and the file is current again
    m_edits.reset(EditSession::Reset::Both);
    open();
    m_labels.detach();
    m_labels.setMessage({});
    updateClassNames(); // the labels' identity went with them, and the file's own with the old file
    if (!labels.isEmpty() && m_source.headerValid()) {
        QString error;
        attachLabels(labels, &error);
    } else {
        emit labelsChanged();
    }
    emit reloaded();
    emit diagnosticsChanged();
    emit viewChanged();
}

void Document::reopenAs(const QString& path, const QString& labels)
{
    m_source.moveTo(path);
    if (!labels.isEmpty() || !m_labels.file()) {
        reopen(labels.isEmpty() ? labelsSource() : labels);
        return;
    }
    // Only the images are reopened: the labels file, its overlay and what it saved stay.
    m_source.reset();
    m_edits.reset(EditSession::Reset::Main);
    open();
    updateClassNames(); // the old file's own identity is gone; its labels' stays
    emit labelsChanged();
    emit reloaded();
    emit diagnosticsChanged();
    emit viewChanged();
}

idx::EditableTensor* Document::editable(Part part)
{
    if (idx::EditableTensor* overlay = m_edits.overlay(part))
        return overlay;
    const std::shared_ptr<idx::IdxFile>& file = part == Part::Main ? m_source.file() : m_labels.file();
    // The images wait for a labels file still being opened: an edit of their records must take its labels
    // along.
    const bool loading =
        part == Part::Main ? m_source.isLoading() || m_labels.isOpening() : m_labels.isLoading();
    if (!file || !file->headerValid() || !file->isLoaded() || loading || !isSafeToRead())
        return nullptr;
    return m_edits.makeOverlay(part, part == Part::Main ? m_source.view() : file->view());
}

bool Document::isPartModified(Part part) const
{
    return m_edits.isPartModified(part);
}

const idx::TensorLayout* Document::savedLayout(Part part) const
{
    return m_edits.savedLayout(part);
}

void Document::partSaved(Part part, idx::TensorLayout written)
{
    if (part == Part::Main)
        m_source.savedCanonical(); // what is on disk now is canonical IDX
    m_edits.partSaved(part, std::move(written));
    emit partWritten(part);
    if (part == Part::Main)
        emit diagnosticsChanged(); // the file's own findings no longer apply (see diagnostics())
}

void Document::beginOwnSave()
{
    m_source.beginOwnSave();
}

void Document::endOwnSave(bool saved)
{
    m_source.endOwnSave(saved);
}

bool Document::isModified() const
{
    return m_edits.isModified();
}

void Document::discardEdits()
{
    m_edits.discard();
}

void Document::editApplied(Part part, const idx::Edit& edit, bool undone)
{
    m_edits.applied();
    if (part == Part::Labels)
        refreshLabelClasses();
    emit edited(part, edit, undone);
    emit viewChanged();
    m_edits.update();
}

} // namespace idx::gui
