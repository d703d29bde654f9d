// MapPanel: the dataset map of the current document in a dock. Above the map: its state and progress, Make
// Map, colour by class or by file, the other split, the insights' findings marked, the tool (rectangle,
// lasso, pan), Fit, and Export (the map as PNG or SVG, the coordinates as CSV or .npy). Below: the selection,
// and what to do with it (only these in the gallery, select them there, give them a label).
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QToolButton;

namespace idx::gui {

class JobProgress;
class MapController;
class MapView;
class ViewState;

class MapPanel : public QWidget {
    Q_OBJECT
public:
    MapPanel(MapController* map, ViewState* state, QWidget* parent = nullptr);

    [[nodiscard]] MapView* view() const { return m_view; }
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] QString selectionText() const;

    /// The selection's own records (this file's) as the gallery's filter, its selection, or relabelled.
    void showSelectionInGallery();
    void selectInGallery();
    void labelSelection();
    /// Writes the map (PNG or SVG, by the suffix) or the coordinates (.csv or .npy) without a dialog.
    void exportMapImage(const QString& path);
    void exportCoordinates(const QString& path);

signals:
    void message(const QString& text);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void updateStatus();
    void updateSelection();
    void updateMarks();
    [[nodiscard]] std::vector<quint64> ownSelection() const;
    [[nodiscard]] QString filterName() const; // the gallery filter's name for records chosen here

    MapController* m_map;
    ViewState* m_state;
    MapView* m_view;
    QLabel* m_status;
    JobProgress* m_progress;
    QPushButton* m_make;
    QComboBox* m_colourBy;
    QCheckBox* m_other;
    QCheckBox* m_marks;
    QToolButton* m_export;
    QLabel* m_selection;
    QPushButton* m_onlyThese;
    QPushButton* m_selectThese;
    QPushButton* m_label;
};

} // namespace idx::gui
