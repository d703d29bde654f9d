// DocumentView: one tab. It hosts its parts: notice bars above a stack of the error page (ErrorPage) and the
// content (gallery / table beside the image view), the side panels of the registered features (TabPanels,
// shown in the main window's docks) and whether it is ready to be looked at (Readiness). It names no feature:
// they are reached by type, controller<T>() and panel<T>().
#pragma once

#include "remedy.h"
#include "tabpanels.h"

#include <QWidget>

#include <memory>

class QSplitter;
class QStackedWidget;
class QTabWidget;

namespace idx::gui {

class Document;
class ErrorPage;
class GalleryView;
class ImageView;
class LabelKeys;
class NavigationController;
class NoticeBar;
class PaintTool;
class Readiness;
class RemedyFinder;
class SliceRenderer;
class ViewState;

class DocumentView : public QWidget {
    Q_OBJECT
public:
    /// A tab showing `doc`, with the panels registered in PanelRegistry::instance(). The document is not
    /// the view's: its owner (the DocumentManager) keeps it until the view has gone.
    explicit DocumentView(Document* doc, QWidget* parent = nullptr);
    /// A tab over a document of its own for `path` (one file shown alone, as in tests and tools).
    explicit DocumentView(const QString& path, QWidget* parent = nullptr);
    ~DocumentView() override;

    /// For views about to be shown in a window (the application sets it once; tests and tools leave it off):
    /// the content's features, whose controllers start the statistics and the audit as they are made, come
    /// just after the first image is painted (or after half a second, or once nothing will be painted), so
    /// that their work does not take the cores from that paint.
    static void setFeaturesAfterFirstPaint(bool on);

    [[nodiscard]] Document* document() const { return m_doc; }
    [[nodiscard]] ViewState* viewState() const { return m_state; }
    [[nodiscard]] ImageView* imageView() const { return m_image; }
    [[nodiscard]] SliceRenderer* renderer() const { return m_renderer.get(); }
    [[nodiscard]] GalleryView* gallery() const { return m_gallery; }
    /// The image view's paint tool (null until the content is built).
    [[nodiscard]] PaintTool* paintTool() const { return m_paint; }
    /// Digits as labels, for the image view, the gallery and keys nothing else in the tab used.
    [[nodiscard]] LabelKeys* labelKeys() const { return m_labelKeys; }

    /// The record stepping of the Go menu (null until the content is built).
    [[nodiscard]] NavigationController* navigation() const { return m_navigation; }
    /// The side panels and their controllers (most come with the content, when the header first parses).
    [[nodiscard]] TabPanels* panels() const { return m_panels.get(); }
    /// The feature controller that is a T (null until the content is built).
    template <class T> [[nodiscard]] T* controller() const { return m_panels->controller<T>(); }
    /// The panel that is a T, made now if it was not yet (null until the content is built).
    template <class T> [[nodiscard]] T* panel() const { return m_panels->panel<T>(); }

    /// True while the inline error page is shown instead of the content.
    [[nodiscard]] bool showsError() const;
    [[nodiscard]] QString errorText() const;
    /// Texts of the warning bar (damage, cancelled load) and the on-disk notice; empty when hidden.
    [[nodiscard]] QString warningText() const;
    [[nodiscard]] QString noticeText() const;
    /// "Record 12 of 60,000 · label 9" for the status bar.
    [[nodiscard]] QString recordInfo() const;
    /// First image painted (or nothing to paint), payload loaded, statistics shown.
    [[nodiscard]] bool isReady() const;
    /// Every gallery thumbnail on screen is rendered with the current settings (true without a visible
    /// gallery).
    [[nodiscard]] bool visibleThumbnailsReady() const;

public slots:
    /// Reloads the file from disk, after asking when that would discard unsaved edits.
    void reloadAsking();
    /// Brings the gallery to the front and puts the keyboard in its "go to record" box.
    void focusJump();

signals:
    /// Text for the status bar (value under the cursor).
    void statusMessage(const QString& text);
    void ready();
    void recordInfoChanged(const QString& text);
    /// Why an edit made in this tab (a label key, a paint stroke, a table cell) was refused, or another
    /// message of its panels for the status bar.
    void editMessage(const QString& text);
    /// The content was built, and with it the controllers of its panels (when the header first parses).
    void panelsChanged();
    /// A part of the tab asks for the window's action `id` (the header's Attach Labels…).
    void actionRequested(const QString& id);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void build(Document* doc); // the parts over `doc`, then the content when the header parses
    void buildContent();
    void makePanelsAvailable(); // the content's features (their controllers start their work), once
    void updatePage();
    void updateWarnings();
    void showUpright();
    void onChangedOnDisk(bool deleted);
    /// Reads the file as `remedy` says (refused, with a message, while there are unsaved edits).
    void applyRemedy(const idx::Remedy& remedy);

    Document* m_doc;
    ViewState* m_state;
    LabelKeys* m_labelKeys;
    RemedyFinder* m_remedies;
    Readiness* m_readiness;
    bool m_panelsMade = false;
    NoticeBar* m_notice;
    NoticeBar* m_warning;
    ErrorPage* m_errorPage;
    QWidget* m_content = nullptr;
    QTabWidget* m_browser = nullptr;
    GalleryView* m_gallery = nullptr;
    ImageView* m_image = nullptr;
    PaintTool* m_paint = nullptr;
    NavigationController* m_navigation = nullptr;
    QString m_shownUpright; // the dataset whose images were turned upright (showUpright), once
    // Owned here rather than as children: members go before QWidget deletes the children, the document (the
    // oldest child) first. These use it, and go in the reverse order of their declaration: the panels and
    // their controllers, then the renderer, then the pages (the gallery, the table, the image view).
    std::unique_ptr<QStackedWidget> m_stack;
    std::unique_ptr<SliceRenderer> m_renderer;
    std::unique_ptr<TabPanels> m_panels;
};

} // namespace idx::gui
