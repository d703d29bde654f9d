// EditController: the Edit menu's undo/redo (a QUndoGroup following the current document's stack), the
// record operations (edit label, replace from an image, delete, duplicate, insert, move) and Paint Mode with
// its brush toolbar, all acting on the DocumentManager's current view. The edits are in editcommands.cpp;
// painting and the digit keys are the views' own tools (PaintTool, LabelKeys). Messages leave through
// statusMessage().
#pragma once

#include <QObject>
#include <QPointer>
#include <QToolBar>

class QAction;
class QDoubleSpinBox;
class QSpinBox;
class QUndoGroup;

namespace idx::gui {

class ActionRegistry;
class DocumentManager;
class DocumentView;
class PaintTool;

class EditController : public QObject {
    Q_OBJECT
public:
    EditController(DocumentManager* documents, ActionRegistry* actions, QObject* parent = nullptr);
    ~EditController() override;

    [[nodiscard]] QUndoGroup* undoGroup() const { return m_group; }
    [[nodiscard]] QAction* paintAction() const { return m_paint; }
    /// The brush toolbar (value and size), shown in paint mode; a window adds it (and then owns it).
    [[nodiscard]] QToolBar* brushBar() const { return m_brushBar; }
    [[nodiscard]] QDoubleSpinBox* brushValue() const { return m_brushValue; }
    [[nodiscard]] QSpinBox* brushSize() const { return m_brushSize; }

    /// Record operations on the selection (or the current record) of `view`; empty string on success.
    QString deleteSelected(DocumentView* view);
    QString duplicateSelected(DocumentView* view);
    QString moveSelected(DocumentView* view, qint64 delta);

signals:
    /// A message for the status bar (refused edits); `timeoutMs` as QStatusBar::showMessage.
    void statusMessage(const QString& text, int timeoutMs);

private:
    void createActions(ActionRegistry* actions);
    void createBrushBar();
    void updateActions();
    /// Paint mode and the brush onto the current view's paint tool (only the current view paints).
    void applyBrush();
    void report(const QString& error);
    void editLabelDialog();
    void replaceFromImage();
    void insertRecord(bool fromImage);
    void moveToIndex();

    DocumentManager* m_documents;
    QUndoGroup* m_group;
    QAction* m_paint = nullptr;
    QList<QAction*> m_documentActions; // enabled only with a document
    QPointer<QToolBar> m_brushBar;
    QDoubleSpinBox* m_brushValue = nullptr;
    QSpinBox* m_brushSize = nullptr;
    QPointer<PaintTool> m_tool; // the tool the brush was applied to
};

} // namespace idx::gui
