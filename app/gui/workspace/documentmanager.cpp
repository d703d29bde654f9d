// DocumentManager: opening (one document and one tab per file; the documents are the manager's, each view
// shows one and goes before it), the tabs' names, modified marks and damage icons, the current
// view's announcements and closing through the close guard.
#include "documentmanager.h"

#include "sibling.h"

#include "document.h"
#include "documentview.h"
#include "labelkeys.h"
#include "sibling.h"

#include <QDir>
#include <QFileInfo>
#include <QKeyEvent>
#include <QStyle>
#include <QTabWidget>

namespace idx::gui {

namespace {
// The document tabs. The tab bar (focused after opening a file) passes the keys it does not use to the tab
// widget, not to the current view: a digit there is a label for the current view too.
class DocumentTabs : public QTabWidget {
public:
    using QTabWidget::QTabWidget;

protected:
    void keyPressEvent(QKeyEvent* event) override
    {
        if (auto* view = qobject_cast<DocumentView*>(currentWidget());
            view && view->labelKeys()->keyPressed(event, LabelKeys::Target::SelectionOrCurrent))
            return;
        QTabWidget::keyPressEvent(event);
    }
};
} // namespace

DocumentManager::DocumentManager(QObject* parent) : QObject(parent), m_tabs(new DocumentTabs)
{
    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &DocumentManager::closeAt);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (!m_opening)
            announceCurrent();
    });
}

DocumentManager::~DocumentManager()
{
    // Quietly: whoever listens may be going away too.
    blockSignals(true);
    if (!m_tabs)
        return;
    disconnect(m_tabs, nullptr, this, nullptr);
    // Views go first: they own the panels other widgets show, and everything using their documents.
    while (DocumentView* view = viewAt(0)) {
        Document* doc = view->document();
        delete view;
        delete doc;
    }
    if (!m_tabs->parent())
        delete m_tabs.data();
}

QWidget* DocumentManager::dialogParent() const
{
    return m_tabs ? m_tabs->window() : nullptr;
}

DocumentView* DocumentManager::open(const QString& path)
{
    QString abs = path.startsWith(QLatin1Char(':')) ? path : QFileInfo(path).absoluteFilePath();
    if (!abs.startsWith(QLatin1Char(':')) && !idx::splitArchivePath(abs))
        abs = idx::preferredArchiveMember(abs); // Keras' mnist.npz: its training digits with their labels
    for (DocumentView* view : views()) {
        if (view->document()->path() == abs) {
            setCurrentView(view);
            return view;
        }
    }
    auto* view = new DocumentView(new Document(abs, this), m_tabs); // the document is ours, the view shows it
    m_opening = true; // the first tab becomes current inside addTab(): announced below, after documentOpened
    const int index = m_tabs->addTab(view, view->document()->displayName());
    m_opening = false;
    updateTab(view);
    auto update = [this, view] { updateTab(view); };
    connect(view->document(), &Document::modifiedChanged, this, update);
    connect(view->document(), &Document::diagnosticsChanged, this, update);
    connect(view->document(), &Document::reloaded, this, update);
    emit documentOpened(view);
    m_tabs->setCurrentIndex(index);
    announceCurrent();
    return view;
}

void DocumentManager::updateTab(DocumentView* view)
{
    const int i = m_tabs->indexOf(view);
    if (i < 0)
        return;
    const Document* doc = view->document();
    const QString how = doc->openOptions().describe();
    m_tabs->setTabText(i, doc->displayName() +
                              (how.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(how)) +
                              (doc->isModified() ? QStringLiteral(" *") : QString()));
    m_tabs->setTabToolTip(i, QDir::toNativeSeparators(doc->path()));
    // A damaged or unreadable file is marked on its tab too, so it is noticed from any other tab.
    const bool bad = view->showsError() || idx::hasError(doc->diagnostics());
    m_tabs->setTabIcon(i, bad ? m_tabs->style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
}

DocumentView* DocumentManager::currentView() const
{
    return m_tabs ? qobject_cast<DocumentView*>(m_tabs->currentWidget()) : nullptr;
}

Document* DocumentManager::currentDocument() const
{
    DocumentView* view = currentView();
    return view ? view->document() : nullptr;
}

DocumentView* DocumentManager::viewAt(int index) const
{
    return m_tabs ? qobject_cast<DocumentView*>(m_tabs->widget(index)) : nullptr;
}

int DocumentManager::indexOf(DocumentView* view) const
{
    return m_tabs ? m_tabs->indexOf(view) : -1;
}

int DocumentManager::count() const
{
    return m_tabs ? m_tabs->count() : 0;
}

QList<DocumentView*> DocumentManager::views() const
{
    QList<DocumentView*> out;
    for (int i = 0; i < count(); ++i)
        out << viewAt(i);
    return out;
}

void DocumentManager::setCurrentView(DocumentView* view)
{
    if (indexOf(view) >= 0)
        m_tabs->setCurrentWidget(view);
}

void DocumentManager::announceCurrent()
{
    DocumentView* view = currentView();
    if (view == m_current)
        return;
    m_current = view;
    emit currentDocumentChanged(view);
}

bool DocumentManager::close(DocumentView* view)
{
    if (indexOf(view) < 0)
        return false;
    const QPointer<DocumentView> again(view);
    if (m_guard && !m_guard(view, [this, again] {
            if (again)
                close(again);
        }))
        return false;
    closeNow(view);
    return true;
}

bool DocumentManager::mayCloseAll(const QList<DocumentView*>& views, const std::function<void()>& closeAgain)
{
    for (DocumentView* view : views)
        if (m_guard && !m_guard(view, closeAgain))
            return false;
    return true;
}

bool DocumentManager::closeAll(const std::function<void()>& closeAgain)
{
    const QList<DocumentView*> all = views();
    if (!mayCloseAll(all, closeAgain))
        return false;
    for (DocumentView* view : all)
        closeNow(view);
    return true;
}

bool DocumentManager::releaseAll(const std::function<void()>& closeAgain)
{
    const QList<DocumentView*> all = views();
    if (!mayCloseAll(all, closeAgain))
        return false;
    for (DocumentView* view : all)
        emit documentClosing(view);
    return true;
}

void DocumentManager::closeNow(DocumentView* view)
{
    emit documentClosing(view);
    m_tabs->removeTab(m_tabs->indexOf(view));
    Document* doc = view->document();
    delete view; // cancels and waits for its background work
    delete doc;  // and then the document's
}

} // namespace idx::gui
