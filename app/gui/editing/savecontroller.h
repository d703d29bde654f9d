// SaveController: File ▸ Save / Save As / Save Labels as New File (with progress for the status bar), the
// question before closing a modified document (it is the document manager's close guard), and the crash
// journal of every open document. It knows the documents through the DocumentManager and its menu items
// through the ActionRegistry; its messages leave through statusMessage().
#pragma once

#include <QMessageBox>
#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QWidget;

namespace idx::gui {

class ActionRegistry;
class Document;
class DocumentManager;
class DocumentSaver;
class DocumentView;
class JobProgress;

class SaveController : public QObject {
    Q_OBJECT
public:
    SaveController(DocumentManager* documents, ActionRegistry* actions, QObject* parent = nullptr);

    [[nodiscard]] QAction* saveAction() const { return m_save; }
    /// The document is read with a remedy or converted from a sibling format: Save Repaired Copy applies.
    [[nodiscard]] static bool isRepairedReading(const Document& doc);
    /// Where Save Repaired Copy proposes to write: NAME-repaired beside the file (.gz / .xz kept; an .npz
    /// member's name beside its archive).
    [[nodiscard]] static QString repairedCopyPath(const Document& doc);
    [[nodiscard]] QAction* saveAsAction() const { return m_saveAs; }
    [[nodiscard]] QAction* saveLabelsAsAction() const { return m_saveLabelsAs; }
    [[nodiscard]] QAction* saveRepairedAction() const { return m_saveRepaired; }
    [[nodiscard]] DocumentSaver* saver() const { return m_saver; }
    /// The progress bar of a running save, for a status bar (owned by `parent`; shown while saving).
    JobProgress* createProgressBar(QWidget* parent);

    /// Asks Save / Discard / Cancel about a modified document. Tests replace it (no modal loop).
    using SaveQuestion = std::function<QMessageBox::StandardButton(Document*)>;
    void setSaveQuestion(SaveQuestion ask) { m_ask = std::move(ask); }
    /// Before closing `view`: true when it may close now. With Save, the save runs and `closeAgain` is called
    /// once it succeeded; Discard drops the edits (and the journal); Cancel keeps the tab.
    bool confirmClose(DocumentView* view, const std::function<void()>& closeAgain);
    /// A tab is going away for good: its journal goes unless edits were left unsaved deliberately.
    void forget(DocumentView* view);

    /// Starts saving `view`'s document (as Save does); false when it could not start.
    bool save(DocumentView* view, const std::function<void(bool)>& done = {});
    /// Save As to `path`; edited labels go to `labelsPath` (a new file) or, when it is empty, stay unsaved.
    bool saveAs(DocumentView* view, const QString& path, const std::function<void(bool)>& done = {},
                const QString& labelsPath = {});
    /// Save As after the file dialog: when the labels have unsaved edits too, asks where they go first.
    /// False when the user cancelled or the save could not start.
    bool saveAsAsking(DocumentView* view, const QString& path, const std::function<void(bool)>& done = {});
    bool saveLabelsAs(DocumentView* view, const QString& path, const std::function<void(bool)>& done = {});

    /// The answer to "the labels have unsaved edits too" on Save As of the images.
    enum class LabelsAnswer { SaveBoth, ImagesOnly, Cancel };
    /// Asks it: `labelsPath` is the new labels file Save Both writes (named after the new images file).
    /// `imagesOnly`: whether Images Only is possible (not when records were inserted, deleted or moved in
    /// both: the labels file would then no longer fit the new images). Tests replace it (no modal loop).
    using LabelsQuestion = std::function<LabelsAnswer(Document*, const QString& labelsPath, bool imagesOnly)>;
    void setLabelsQuestion(LabelsQuestion ask) { m_askLabels = std::move(ask); }

signals:
    /// A message for the status bar; `timeoutMs` 0 keeps it until the next one.
    void statusMessage(const QString& text, int timeoutMs);

private:
    /// kind: DocumentSaver::Kind (Save, SaveAs, SaveLabelsAs) as an int, so this header needs no saver.
    bool startSave(DocumentView* view, int kind, const QString& path, const std::function<void(bool)>& done,
                   const QString& labelsPath = {});
    void createActions(ActionRegistry* actions);
    void attach(DocumentView* view);
    void updateActions();
    void report(const QString& error);
    void onFinished(bool ok, const QString& error);
    void saveAsDialog(bool labels);
    QAction* m_saveRepaired = nullptr;
    [[nodiscard]] QMessageBox::StandardButton askSave(Document* doc) const;
    [[nodiscard]] LabelsAnswer askLabels(Document* doc, const QString& labelsPath, bool imagesOnly) const;

    DocumentManager* m_documents;
    DocumentSaver* m_saver;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_saveLabelsAs = nullptr;
    SaveQuestion m_ask;
    LabelsQuestion m_askLabels;
};

} // namespace idx::gui
