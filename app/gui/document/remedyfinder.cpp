// RemedyFinder: asks again whenever the document's findings change; a run for a replaced file is superseded.
#include "remedyfinder.h"

#include "document.h"

namespace idx::gui {

RemedyFinder::RemedyFinder(Document* doc, QObject* parent) : QObject(parent), m_doc(doc)
{
    connect(doc, &Document::diagnosticsChanged, this, &RemedyFinder::refresh);
    connect(doc, &Document::loadFinished, this, &RemedyFinder::refresh);
    connect(doc, &Document::reloaded, this, &RemedyFinder::refresh);
    connect(&m_job, &JobBase::finished, this, [this] {
        if (m_job.status() == JobBase::Status::Succeeded && m_job.result())
            for (const idx::Remedy& r : *m_job.result())
                if (r.plausible)
                    m_remedies.push_back(r);
        if (!m_remedies.empty())
            emit remediesChanged();
    });
    refresh();
}

void RemedyFinder::refresh()
{
    const bool hadAny = !m_remedies.empty();
    m_remedies.clear();
    m_job.discard();
    if (hadAny)
        emit remediesChanged();
    const std::shared_ptr<idx::IdxFile> file = m_doc->file();
    // Saved over: the file on disk is canonical now, whatever it was read as.
    if (m_doc->savedLayout(Document::Part::Main) || (m_doc->headerValid() && !m_doc->isLoaded()))
        return;
    if (m_doc->diagnostics().isEmpty())
        return;
    m_job.start([file](JobContext& context) { return idx::findRemedies(*file, context.control()); });
}

QString RemedyFinder::label(const idx::Remedy& remedy)
{
    switch (remedy.kind) {
    case idx::RemedyKind::ReadAsType:
        return remedy.options.dataOrder == idx::ByteOrder::Little
                   ? tr("Read as Little-Endian %1").arg(idx::storedTypeName(*remedy.options.elementType))
                   : tr("Read as %1").arg(idx::storedTypeName(*remedy.options.elementType));
    case idx::RemedyKind::LittleEndianFile:
        return tr("Read as Little-Endian File");
    case idx::RemedyKind::LittleEndianPayload:
        return tr("Read Little-Endian");
    case idx::RemedyKind::IgnoreTrailing:
        return tr("Ignore Trailing Bytes");
    }
    return {};
}

} // namespace idx::gui
