// The shared skeleton of the background features: the document's signals turned into the hooks, the settle
// timer, the state and the drop.
#include "featurecontroller.h"

#include "job.h"

namespace idx::gui {

FeatureController::FeatureController(Document* doc, JobBase* job, int settleMs, QObject* parent)
    : QObject(parent), m_doc(doc), m_job(job)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(settleMs);
    connect(&m_settle, &QTimer::timeout, this, [this] { settled(); });
    connect(m_doc, &Document::loadFinished, this, [this] { loaded(); });
    connect(m_doc, &Document::reloaded, this, [this] { reloaded(); });
    connect(m_doc, &Document::viewChanged, this, [this] {
        // A growing load only adds records; another byte order gives other values.
        if (m_doc->isLoaded() && m_doc->dataOrder() != m_order)
            byteOrderChanged();
    });
    connect(m_doc, &Document::labelsChanged, this, [this] { labelsChanged(); });
    connect(m_doc, &Document::edited, this, [this](Document::Part part) {
        if (part == Document::Part::Labels)
            labelsChanged();
        else
            recordsEdited();
    });
}

FeatureController::~FeatureController() = default;

void FeatureController::cancel()
{
    m_job->cancel();
}

void FeatureController::setStateValue(int state, const QString& message)
{
    if (state == m_state && message == m_message)
        return;
    m_state = state;
    m_message = message;
    emit stateChanged();
}

void FeatureController::discardWork()
{
    m_job->discard();
    if (m_discarded)
        m_discarded->discard();
}

void FeatureController::dropValue(int state, const QString& message)
{
    discardWork();
    const bool had = forget();
    setStateValue(state, message);
    if (had)
        forgotten();
}

} // namespace idx::gui
