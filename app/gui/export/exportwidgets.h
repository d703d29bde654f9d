// Small widgets shared by the export dialogs: which records (current, selected, a range, all, chosen labels,
// the label filter) and how they become pixels (colormap, invert, window, scale).
#pragma once

#include "exporttasks.h"

#include <QGroupBox>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QListWidget;
class QSpinBox;

namespace idx::gui {

class RecordScopeBox : public QGroupBox {
    Q_OBJECT
public:
    /// Offers the scopes in `offered` that make sense for `context` (Selected only with a selection, ...).
    RecordScopeBox(const RecordContext& context, const QList<RecordScope>& offered,
                   QWidget* parent = nullptr);

    [[nodiscard]] RecordChoice choice() const;
    void setChoice(const RecordChoice& choice);
    /// The records the current choice means.
    [[nodiscard]] idx::RecordSet records() const { return resolveRecords(choice(), m_context); }
    [[nodiscard]] bool isOffered(RecordScope scope) const;

signals:
    void changed();

private:
    void updateEnabled();

    RecordContext m_context;
    QButtonGroup* m_group;
    QSpinBox* m_first = nullptr;
    QSpinBox* m_end = nullptr;
    QListWidget* m_labels = nullptr;
};

/// How records are rendered in an export.
struct ImageChoice {
    idx::Colormap colormap = idx::Colormap::Gray;
    bool invert = false;
    bool displayedWindow = true; // the view's window; false: the data's default (uint8 unchanged)
    idx::Window window;          // the view's window
    int scale = 1;
};

class ImageOptionsBox : public QGroupBox {
    Q_OBJECT
public:
    /// Starts from what the view shows (`shown`).
    ImageOptionsBox(const ImageChoice& shown, QWidget* parent = nullptr);
    [[nodiscard]] ImageChoice choice() const;
    void setChoice(const ImageChoice& choice);

private:
    ImageChoice m_shown;
    QComboBox* m_colormap;
    QCheckBox* m_invert;
    QComboBox* m_window;
    QSpinBox* m_scale;
};

} // namespace idx::gui
