// N-D navigation: which two axes form the image, a slider + spin box + first/previous/next/last for every
// other axis, "treat last axis as RGB channels" when it has 3 or 4 entries, and transpose / flip toggles
// (EMNIST is stored transposed). Everything goes through ViewState::setSlice / setRgbChannels.
#pragma once

#include "tensorpieces.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class QToolButton;
class QGridLayout;

namespace idx::gui {

class Document;
class ViewState;

class NavigationPanel : public QWidget {
    Q_OBJECT
public:
    NavigationPanel(Document* doc, ViewState* state, QWidget* parent = nullptr);

    [[nodiscard]] QComboBox* rowAxisCombo() const { return m_rowAxis; }
    [[nodiscard]] QComboBox* colAxisCombo() const { return m_colAxis; }
    [[nodiscard]] QCheckBox* rgbCheck() const { return m_rgb; }
    [[nodiscard]] QToolButton* transposeButton() const { return m_transpose; }
    [[nodiscard]] QToolButton* flipHorizontalButton() const { return m_flipH; }
    [[nodiscard]] QToolButton* flipVerticalButton() const { return m_flipV; }
    /// The slider / spin box of `axis`; null when the axis has none (out of range). Hidden for image axes.
    [[nodiscard]] QSlider* axisSlider(int axis) const;
    [[nodiscard]] QSpinBox* axisSpin(int axis) const;
    /// True when `axis` currently has a visible slider row.
    [[nodiscard]] bool isAxisNavigable(int axis) const;

private:
    struct AxisRow {
        QLabel* label = nullptr;
        QToolButton* first = nullptr;
        QToolButton* prev = nullptr;
        QSlider* slider = nullptr;
        QSpinBox* spin = nullptr;
        QToolButton* next = nullptr;
        QToolButton* last = nullptr;
    };
    void rebuild();
    void sync();
    void updateRanges();
    void setFixed(int axis, qint64 value);
    void setAxes(int rowAxis, int colAxis);
    void setRgb(bool on);
    void setFlags(bool transpose, bool flipH, bool flipV);
    void updateTransposeTip(); // says why when the dataset is stored transposed (EMNIST)
    [[nodiscard]] idx::TensorPieces view() const;
    [[nodiscard]] idx::SliceSpec spec() const;
    [[nodiscard]] bool rgbPossible() const;
    /// The axis shown as colour channels (RGB on and possible), else -1.
    [[nodiscard]] int shownChannelAxis() const;
    [[nodiscard]] quint64 axisMax(int axis) const;

    Document* m_doc;
    ViewState* m_state;
    std::vector<quint64> m_dims; // shape the rows were built for
    QLabel* m_axesLabel;
    QComboBox* m_rowAxis;
    QComboBox* m_colAxis;
    QCheckBox* m_rgb;
    QToolButton* m_transpose;
    QToolButton* m_flipH;
    QToolButton* m_flipV;
    QLabel* m_nothing;
    QGridLayout* m_axesGrid;
    std::vector<AxisRow> m_rows;
    bool m_syncing = false;
};

} // namespace idx::gui
