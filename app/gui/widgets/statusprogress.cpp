// StatusProgress: progress is in bytes; the bar works in per-mille so 64-bit sizes fit its int range.
#include "statusprogress.h"

#include "document.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

StatusProgress::StatusProgress(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setMaximumWidth(180);
    m_bar->setMaximumHeight(m_label->sizeHint().height());
    m_bar->setTextVisible(false);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAutoRaise(true);
    m_cancel->setToolTip(tr("Stop loading; the records read so far stay available"));
    row->addWidget(m_label);
    row->addWidget(m_bar);
    row->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_doc)
            m_doc->cancelLoad();
    });
    hide();
}

void StatusProgress::setDocument(Document* doc)
{
    if (m_doc)
        disconnect(m_doc, nullptr, this, nullptr);
    m_doc = doc;
    if (!doc || !doc->isLoading()) {
        hide();
        return;
    }
    connect(doc, &Document::loadProgress, this, &StatusProgress::onProgress);
    connect(doc, &Document::loadFinished, this, &StatusProgress::onFinished);
    connect(doc, &Document::reloaded, this, [this] { setDocument(m_doc); });
    onProgress(doc->file()->decodedBytes(), doc->file()->expectedBytes());
}

void StatusProgress::onProgress(qint64 done, qint64 total)
{
    if (!m_doc || !m_doc->isLoading())
        return onFinished();
    const QLocale l;
    m_label->setText(tr("Loading %1: %2 of %3")
                         .arg(m_doc->displayName(), l.formattedDataSize(done), l.formattedDataSize(total)));
    m_bar->setValue(total > 0 ? int(std::min<qint64>(1000, done * 1000 / total)) : 0);
    show();
}

void StatusProgress::onFinished()
{
    hide();
}
