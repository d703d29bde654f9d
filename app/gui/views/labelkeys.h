// LabelKeys: the digit keys as labels. A plain 0–9 sets the label of the current record (in the image view)
// or of the selected records (in the gallery, or anywhere else in the tab), when the document has labels to
// edit. The views hand it their key events; refused edits come back as messages.
#pragma once

#include <QObject>

class QKeyEvent;

namespace idx::gui {

class Document;
class ViewState;

class LabelKeys : public QObject {
    Q_OBJECT
public:
    enum class Target {
        Current,            // the record shown in the image view
        SelectionOrCurrent, // the selected records, or the current one without a selection
    };
    LabelKeys(Document* doc, ViewState* state, QObject* parent = nullptr);

    /// The label a key event means: a plain digit (keypad too), else -1.
    [[nodiscard]] static int digitOf(const QKeyEvent* event);
    /// True when the digit keys set labels now (the document has editable labels, loaded).
    [[nodiscard]] bool applies() const;
    /// For a ShortcutOverride: true when `event` is a label here, so it is not a menu shortcut ("0").
    [[nodiscard]] bool overridesShortcut(const QKeyEvent* event) const;
    /// Applies a key press; true when it was a label key here (the edit was made, or refused with message()).
    bool keyPressed(const QKeyEvent* event, Target target);

signals:
    /// Why a label edit was refused (for the status bar).
    void message(const QString& text);

private:
    Document* m_doc;
    ViewState* m_state;
};

} // namespace idx::gui
