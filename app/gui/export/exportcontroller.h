// ExportController: the exports and imports themselves. Each start function takes every parameter (the menus'
// questions are ExportPrompts'), captures thread-safe copies of the data and options, and runs the work as an
// ExportJob with a progress row and Cancel; when a job ends it shows the outcome (a status message, the
// overwrite question, the offer to open an import). Every question to the user goes through ui(), so tests
// replace the choosers and message boxes and never open a modal dialog.
#pragma once

#include "contactsheetdialog.h"
#include "exportdialog.h"
#include "exportjob.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QDialog;
class QWidget;

namespace idx::gui {

class DocumentManager;
class DocumentView;

class ExportController : public QObject {
    Q_OBJECT
public:
    explicit ExportController(DocumentManager* documents, QObject* parent = nullptr);
    ~ExportController() override; // cancels and waits for running jobs

    /// The user interaction, replaceable by tests. Defaults: QFileDialog static functions and message boxes.
    struct Ui {
        std::function<QString(const QString& caption, const QString& start, const QString& filter)> saveFile;
        std::function<QString(const QString& caption, const QString& start, const QString& filter)> openFile;
        std::function<QString(const QString& caption, const QString& start)> folder;
        /// A yes/no question; `yes` is the accepting button's text.
        std::function<bool(const QString& title, const QString& text, const QString& yes)> confirm;
        std::function<void(const QString& title, const QString& text)> warn;
        /// Runs a dialog; true when accepted.
        std::function<bool(QDialog* dialog)> exec;
    };
    [[nodiscard]] Ui& ui() { return m_ui; }
    /// Where the running jobs show their progress and Cancel, for a status bar (owned by `parent`).
    QWidget* createProgressArea(QWidget* parent);

    /// What a document view offers to export (records available, current, selection, filter, labels).
    [[nodiscard]] static RecordContext context(DocumentView* view);
    /// The view's colours: colormap, invert and the window it shows.
    [[nodiscard]] static ImageChoice shownImage(DocumentView* view);

    // The work behind the menus, with every parameter given (tests call these directly).
    ExportJob* exportSlicePng(DocumentView* view, bool asDisplayed, const QString& path);
    /// The image as shown, 1 pixel per value, onto the clipboard. False when there is none.
    bool copyImage(DocumentView* view);
    /// Refusing to overwrite: asks "N files exist — Overwrite / Cancel" and reruns with consent.
    ExportJob* exportRecordsPng(DocumentView* view, const ExportDialog::Request& request,
                                bool overwrite = false);
    ExportJob* exportContactSheet(DocumentView* view, const ContactSheetDialog::Request& request);
    ExportJob* exportSprite(DocumentView* view, const ExportDialog::Request& request, bool overwrite = false);
    enum class DataSource { Slice, Records };
    /// Records: the selection, or the current record without one.
    ExportJob* exportData(DocumentView* view, DataSource source, DataFormat format, const QString& path);
    /// `records` of the stored tensor and the same records of the labels file (when attached).
    ExportJob* exportSubset(DocumentView* view, const idx::RecordSet& records, const QString& imagesPath,
                            const QString& labelsPath, idx::Container container);
    ExportJob* importPngFolder(const idx::PngImportOptions& options);
    ExportJob* importNpy(const QString& npyPath, const QString& idxPath, idx::Container container);

signals:
    /// After the outcome was shown (and any overwrite question answered or open offer made).
    void jobFinished(const JobOutcome& outcome);
    /// A message for the status bar; `timeoutMs` as QStatusBar::showMessage.
    void statusMessage(const QString& text, int timeoutMs);

private:
    ExportJob* startJob(const QString& title, ExportJob::Work work,
                        std::function<void(const JobOutcome&)> onConflict = {});
    void finish(ExportJob* job, const std::function<void(const JobOutcome&)>& onConflict);
    void offerToOpen(const JobOutcome& outcome);

    DocumentManager* m_documents;
    Ui m_ui;
    QPointer<QWidget> m_progressArea;
    QList<QPointer<ExportJob>> m_jobs;
};

} // namespace idx::gui
