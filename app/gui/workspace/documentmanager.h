// DocumentManager: the open documents (the manager owns them), one DocumentView per tab showing each, and
// which one is current. Controllers follow currentDocumentChanged and act on currentView() instead of asking
// a main window; a close first asks the close guard (the save controller's "unsaved changes" question). The
// tabs are a widget the window shows.
#pragma once

#include "documentview.h" // complete for the signals' meta types (queued connections, QSignalSpy)

#include <QObject>
#include <QPointer>
#include <QTabWidget>

#include <functional>

class QWidget;

namespace idx::gui {

class Document;

class DocumentManager : public QObject {
    Q_OBJECT
public:
    explicit DocumentManager(QObject* parent = nullptr);
    /// Deletes the views without asking or announcing a close: like a crash, it leaves their journals.
    ~DocumentManager() override;

    /// The tab widget of the views; a window puts it in its layout (the manager deletes it if none did).
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The parent for dialogs about documents: the window the tabs are in.
    [[nodiscard]] QWidget* dialogParent() const;

    /// Opens `path` in a new tab and makes it current, or makes its tab current when it is open already.
    DocumentView* open(const QString& path);
    [[nodiscard]] DocumentView* currentView() const;
    [[nodiscard]] Document* currentDocument() const;
    [[nodiscard]] DocumentView* viewAt(int index) const;
    [[nodiscard]] int indexOf(DocumentView* view) const;
    [[nodiscard]] int count() const;
    [[nodiscard]] QList<DocumentView*> views() const;
    void setCurrentView(DocumentView* view);

    /// Asked before a document closes: true when it may close now. It may also close it later itself by
    /// calling `closeAgain` (after a save, say).
    using CloseGuard = std::function<bool(DocumentView* view, const std::function<void()>& closeAgain)>;
    void setCloseGuard(CloseGuard guard) { m_guard = std::move(guard); }
    /// Closes `view` once the guard agrees; true when it closed.
    bool close(DocumentView* view);
    bool closeAt(int index) { return close(viewAt(index)); }
    /// Asks the guard about every document, then closes them all; false (nothing closed) when one may not
    /// close now. `closeAgain` is handed to the guard (quitting again after a save).
    bool closeAll(const std::function<void()>& closeAgain = {});
    /// Quitting: asks as closeAll() does and announces every document as closing, but leaves the views to go
    /// with the manager. The window closes inside QApplication::quit(), which may run from a view's own paint
    /// event: nothing may be deleted then.
    bool releaseAll(const std::function<void()>& closeAgain = {});

signals:
    /// A new view exists and has its tab (it becomes current right after).
    void documentOpened(DocumentView* view);
    /// The current view changed; null when none is open.
    void currentDocumentChanged(DocumentView* view);
    /// `view` closes for good: its tab goes and it is deleted right after (or, quitting, with the manager).
    void documentClosing(DocumentView* view);

private:
    void announceCurrent();
    [[nodiscard]] bool mayCloseAll(const QList<DocumentView*>& views,
                                   const std::function<void()>& closeAgain);
    void closeNow(DocumentView* view);
    void updateTab(DocumentView* view);

    QPointer<QTabWidget> m_tabs;
    QPointer<DocumentView> m_current;
    CloseGuard m_guard;
    bool m_opening = false;
};

} // namespace idx::gui
