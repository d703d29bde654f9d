// The Edit menu and everything editing needs from the main window: Undo/Redo (a QUndoGroup following the
// current tab's stack), record operations (delete, duplicate, insert, move), label editing (dialog, number
// keys in the image view and the gallery), replace from PNG, paint mode with brush value and size, change
// logs, File ▸ Save / Save As / Save Labels as New File with progress in the status bar, the questions
// before closing modified documents, and crash-safety journals. MainWindow installs it with one line.
#pragma once

#include "document.h"

#include <QMessageBox>
#include <QObject>

#include <functional>

class DocumentSaver;
class DocumentView;
class JobProgress;
class JournalRecovery;
class MainWindow;
class QAction;
class QDoubleSpinBox;
class QMenu;
class QSpinBox;
class QToolBar;
class QUndoGroup;

class EditActions : public QObject {
    Q_OBJECT
public:
    explicit EditActions(MainWindow* window);

    [[nodiscard]] QMenu* menu() const { return m_menu; }
    [[nodiscard]] QAction* saveAction() const { return m_save; }
    [[nodiscard]] QAction* saveAsAction() const { return m_saveAs; }
    [[nodiscard]] QAction* saveLabelsAsAction() const { return m_saveLabelsAs; }
    [[nodiscard]] QAction* paintAction() const { return m_paint; }
    [[nodiscard]] QUndoGroup* undoGroup() const { return m_group; }
    [[nodiscard]] DocumentSaver* saver() const { return m_saver; }
    [[nodiscard]] QDoubleSpinBox* brushValue() const { return m_brushValue; }
    [[nodiscard]] QSpinBox* brushSize() const { return m_brushSize; }
    /// The journal keeper of a document (made when its tab first became current).
    [[nodiscard]] static JournalRecovery* recoveryOf(Document* doc);

    /// Wires a tab: its undo stack, journal, number keys, paint mode, table messages. Idempotent.
    void attach(DocumentView* view);

    /// Asks Save / Discard / Cancel about a modified document. Tests replace it (no modal loop).
    using SaveQuestion = std::function<QMessageBox::StandardButton(Document*)>;
    void setSaveQuestion(SaveQuestion ask) { m_ask = std::move(ask); }
    /// Before closing `view`: true when it may close now. With Save, the save runs and `closeAgain` is called
    /// once it succeeded; Discard drops the edits (and the journal); Cancel keeps the tab.
    bool confirmClose(DocumentView* view, const std::function<void()>& closeAgain);
    /// The same for every modified document (quitting).
    bool confirmCloseAll(const std::function<void()>& closeAgain);
    /// A tab is going away for good: its journal goes unless edits were left unsaved deliberately.
    void forget(DocumentView* view);

    /// Starts saving the current document (as Save does); false when it could not start.
    bool save(DocumentView* view, const std::function<void(bool)>& done = {})
    {
        return startSave(view, 0, {}, done);
    }
    /// Save As to `path`; edited labels go to `labelsPath` (a new file) or, when it is empty, stay unsaved.
    bool saveAs(DocumentView* view, const QString& path, const std::function<void(bool)>& done = {},
                const QString& labelsPath = {})
    {
        return startSave(view, 1, path, done, labelsPath);
    }
    /// Save As after the file dialog: when the labels have unsaved edits too, asks where they go first.
    /// False when the user cancelled or the save could not start.
    bool saveAsAsking(DocumentView* view, const QString& path, const std::function<void(bool)>& done = {});
    /// The answer to "the labels have unsaved edits too" on Save As of the images.
    enum class LabelsAnswer { SaveBoth, ImagesOnly, Cancel };
    /// Asks it: `labelsPath` is the new labels file Save Both writes (named after the new images file).
    /// `imagesOnly`: whether Images Only is possible (not when records were inserted, deleted or moved in
    /// both: the labels file would then no longer fit the new images). Tests replace it (no modal loop).
    using LabelsQuestion = std::function<LabelsAnswer(Document*, const QString& labelsPath, bool imagesOnly)>;
    void setLabelsQuestion(LabelsQuestion ask) { m_askLabels = std::move(ask); }
    bool saveLabelsAs(DocumentView* view, const QString& path, const std::function<void(bool)>& done = {})
    {
        return startSave(view, 2, path, done);
    }

    /// Record operations on the selection (or the current record) of `view`; empty string on success.
    QString deleteSelected(DocumentView* view);
    QString duplicateSelected(DocumentView* view);
    QString moveSelected(DocumentView* view, qint64 delta);
    /// Paints the brush at image pixel `pixel` of the view's current record (stroke: merges into one step).
    QString paintAt(DocumentView* view, QPoint pixel, quint64 stroke);

signals:
    /// A message for the status bar (also emitted for refused edits).
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// kind: DocumentSaver::Kind (Save, SaveAs, SaveLabelsAs) as an int, so this header needs no saver.
    bool startSave(DocumentView* view, int kind, const QString& path, const std::function<void(bool)>& done,
                   const QString& labelsPath = {});
    void createActions();
    void updateActions();
    void report(const QString& error);
    [[nodiscard]] DocumentView* current() const;
    [[nodiscard]] DocumentView* viewOf(QObject* watched) const;
    [[nodiscard]] bool digitKeysApply(DocumentView* view) const;
    void editLabelDialog();
    void replaceFromPng();
    void insertRecord(bool fromPng);
    void moveToIndex();
    void exportChangeLog();
    void importChangeLog();
    void saveAsDialog(bool labels);

    MainWindow* m_window;
    QUndoGroup* m_group;
    DocumentSaver* m_saver;
    QMenu* m_menu = nullptr;
    QToolBar* m_paintBar = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_saveLabelsAs = nullptr;
    QAction* m_paint = nullptr;
    QList<QAction*> m_docActions;
    QDoubleSpinBox* m_brushValue = nullptr;
    QSpinBox* m_brushSize = nullptr;
    JobProgress* m_progress = nullptr;
    SaveQuestion m_ask;
    LabelsQuestion m_askLabels;
    quint64 m_stroke = 0;
    bool m_painting = false;
};
