// ImageControls: the two tool bar rows above an image view: zoom, colormap and invert; window/level (mode and
// manual bounds). All bound to the document's ViewState.
#pragma once

#include "render.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QToolBar;

namespace idx::gui {

class Document;
class ImageView;
class ViewState;

class ImageControls : public QWidget {
    Q_OBJECT
public:
    ImageControls(Document* doc, ViewState* state, ImageView* view, QWidget* parent = nullptr);
    /// A colormap's name as the user reads it (translated; idx::colormapName is the CLI's keyword).
    [[nodiscard]] static QString colormapTitle(idx::Colormap c);

private:
    void syncFromState();
    void applyManualWindow();
    void updateRanges();

    Document* m_doc;
    ViewState* m_state;
    ImageView* m_view;
    QComboBox* m_colormap;
    QComboBox* m_windowMode;
    QDoubleSpinBox* m_low;
    QDoubleSpinBox* m_high;
    QAction* m_invert;
    QLabel* m_zoomLabel;
    bool m_syncing = false;
};

} // namespace idx::gui
