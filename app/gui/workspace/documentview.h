// DocumentView: one tab. A stack of the inline error page (diagnostics + hex of the first bytes) and the
// content (gallery / table beside the image view), notice bars above it, and the side panels the main window
// docks.
#pragma once

#include "remedy.h"

#include "comparepanel.h"
#include "headerpanel.h"
#include "insightspanel.h"
#include "mappanel.h"

#include <QPointer>
#include <QWidget>

class QHBoxLayout;

class QLabel;
class QSplitter;
class QStackedWidget;
class QTabWidget;

namespace idx::gui {

class CompareController;
class Document;
class GalleryView;
class RemedyFinder;
class HexView;
class InsightsController;
class MapController;
class ImageView;
class LabelKeys;
class NoticeBar;
class PaintTool;
class SliceRenderer;
class ViewState;

class DocumentView : public QWidget {
    Q_OBJECT
public:
    explicit DocumentView(const QString& path, QWidget* parent = nullptr);
    ~DocumentView() override;

    [[nodiscard]] Document* document() const { return m_doc; }
    [[nodiscard]] ViewState* viewState() const { return m_state; }
    [[nodiscard]] ImageView* imageView() const { return m_image; }
    [[nodiscard]] SliceRenderer* renderer() const { return m_renderer; }
    [[nodiscard]] GalleryView* gallery() const { return m_gallery; }
    /// The image view's paint tool (null until the content is built).
    [[nodiscard]] PaintTool* paintTool() const { return m_paint; }
    /// Digits as labels, for the image view, the gallery and keys nothing else in the tab used.
    [[nodiscard]] LabelKeys* labelKeys() const { return m_labelKeys; }

    /// Panels shown in the main window's docks while this tab is current (owned by this view; may be null).
    [[nodiscard]] HeaderPanel* headerPanel() const { return m_header; }
    [[nodiscard]] QWidget* statsPanel() const { return m_stats; }
    [[nodiscard]] QWidget* navigationPanel() const { return m_navigation; }
    [[nodiscard]] InsightsPanel* insightsPanel() const { return m_insightsPanel; }
    /// The dataset map's panel (null until the content is built).
    [[nodiscard]] MapPanel* mapPanel() const { return m_mapPanel; }
    [[nodiscard]] MapController* map() const { return m_map; }
    /// The comparison with another file and its panel (null until the content is built).
    [[nodiscard]] ComparePanel* comparePanel() const { return m_comparePanel; }
    [[nodiscard]] CompareController* compare() const { return m_compare; }
    /// The document's insights (null until the content is built).
    [[nodiscard]] InsightsController* insights() const { return m_insights; }

    /// True while the inline error page is shown instead of the content.
    [[nodiscard]] bool showsError() const;
    [[nodiscard]] QString errorText() const;
    /// Texts of the warning bar (damage, cancelled load) and the on-disk notice; empty when hidden.
    [[nodiscard]] QString warningText() const;
    [[nodiscard]] QString noticeText() const;
    /// "Record 12 of 60,000 · label 9" for the status bar.
    [[nodiscard]] QString recordInfo() const;
    /// First image painted (or nothing to paint), payload loaded, statistics shown.
    [[nodiscard]] bool isReady() const { return m_ready; }
    /// Every gallery thumbnail on screen is rendered with the current settings (true without a visible
    /// gallery).
    [[nodiscard]] bool visibleThumbnailsReady() const;

    /// Records moved by PgUp/PgDn.
    static constexpr int kPage = 10;

public slots:
    /// Moves the current record by delta, skipping records hidden by the label filter; clamps at the ends.
    void stepRecord(qint64 delta);
    void firstRecord();
    void lastRecord();
    /// Reloads the file from disk, after asking when that would discard unsaved edits.
    void reloadAsking();
    /// Brings the gallery to the front and puts the keyboard in its "go to record" box.
    void focusJump();

signals:
    /// Text for the status bar (value under the cursor).
    void statusMessage(const QString& text);
    void ready();
    void recordInfoChanged(const QString& text);
    /// Why an edit made in this tab (a label key, a paint stroke, a table cell) was refused.
    void editMessage(const QString& text);
    /// Side panels were created (the content is built when the header first parses).
    void panelsChanged();
    void attachLabelsRequested();

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void buildErrorPage();
    void buildContent();
    void updatePage();
    void updateWarnings();
    void showUpright();
    void onChangedOnDisk(bool deleted);
    /// The remedies as buttons on the error page (the warning bar gets them in updateWarnings()).
    void updateRemedyButtons();
    /// Reads the file as `remedy` says (refused, with a message, while there are unsaved edits).
    void applyRemedy(const idx::Remedy& remedy);
    void checkReady();
    [[nodiscard]] bool passesFilter(quint64 record) const;
    [[nodiscard]] quint64 navigableRecords() const;

    Document* m_doc;
    ViewState* m_state;
    NoticeBar* m_notice;
    NoticeBar* m_warning;
    QStackedWidget* m_stack;
    QWidget* m_errorPage = nullptr;
    QLabel* m_errorText = nullptr;
    HexView* m_hex = nullptr;
    QHBoxLayout* m_remedyRow = nullptr; // the error page's remedy buttons
    RemedyFinder* m_remedies = nullptr;
    QWidget* m_content = nullptr;
    QSplitter* m_splitter = nullptr;
    QTabWidget* m_browser = nullptr;
    GalleryView* m_gallery = nullptr;
    QWidget* m_table = nullptr;
    ImageView* m_image = nullptr;
    SliceRenderer* m_renderer = nullptr;
    PaintTool* m_paint = nullptr;
    LabelKeys* m_labelKeys;
    QPointer<HeaderPanel> m_header;
    QPointer<QWidget> m_stats;
    QPointer<QWidget> m_navigation;
    InsightsController* m_insights = nullptr;
    QPointer<InsightsPanel> m_insightsPanel;
    MapController* m_map = nullptr;
    QPointer<MapPanel> m_mapPanel;
    CompareController* m_compare = nullptr;
    QPointer<ComparePanel> m_comparePanel;
    bool m_painted = false;
    bool m_loaded = false;
    QString m_shownUpright;   // the dataset whose images were turned upright (showUpright), once
    bool m_statsReady = true; // until a statistics panel reports, there is nothing to wait for
    bool m_ready = false;
};

} // namespace idx::gui
