// The gallery tab: a grid of lazily rendered thumbnails with index and label, a thumbnail size slider, a
// label filter with per-class counts and jump-to-index (Ctrl+G). Selection and current item are shared via
// ViewState.
#pragma once

#include "settings.h"

#include <QWidget>

class QSlider;
class QSpinBox;
class QToolButton;
class QTimer;
class QItemSelection;
class QMenu;

namespace idx::gui {

class Document;
class ViewState;
class GalleryModel;
class GalleryDelegate;
class GalleryGrid;

class GalleryView : public QWidget {
    Q_OBJECT
public:
    GalleryView(Document* doc, ViewState* state, QWidget* parent = nullptr);

    [[nodiscard]] GalleryModel* model() const { return m_model; }
    /// The thumbnail grid.
    [[nodiscard]] GalleryGrid* listView() const { return m_list; }
    [[nodiscard]] int thumbnailSize() const { return m_thumbSize; }

public slots:
    /// Thumbnail edge in device-independent pixels (Settings::kThumbnailMin–kThumbnailMax).
    void setThumbnailSize(int px);
    /// Makes `record` current (the image view follows) and scrolls to it (or to the next shown record).
    void jumpTo(quint64 record);
    /// Puts the keyboard focus in the "go to" box (Ctrl+G).
    void focusJump();

signals:
    /// The person set the thumbnail size with the slider (setThumbnailSize() alone does not announce it).
    void thumbnailSizeChosen(int px);

private:
    void onCurrentChanged(const QModelIndex& current);
    void onSelectionChanged();
    void followCurrentRecord(quint64 record);
    void followSelection();
    void rebuildFilterMenu();
    void updateFilterButton();
    void updateRecordFilterButton();
    void scheduleVisibleUpdate();
    void dropInvisibleRequests();

    Document* m_doc;
    ViewState* m_state;
    GalleryModel* m_model;
    GalleryDelegate* m_delegate;
    GalleryGrid* m_list;
    QSlider* m_sizeSlider;
    QSpinBox* m_jump;
    QToolButton* m_filterButton;
    QToolButton* m_recordFilterButton; // shown while a record filter is set: clicking it shows every record
    QMenu* m_filterMenu;
    QTimer* m_visibleTimer;
    int m_thumbSize = Settings::kThumbnailDefault;
    bool m_applyingSelection = false; // while mirroring ViewState's selection, don't push it back
};

} // namespace idx::gui
