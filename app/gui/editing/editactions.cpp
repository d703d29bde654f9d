// EditActions: the Edit menu, the save actions and the keyboard/mouse editing gestures, wired to the current
// tab. The edits themselves are in editcommands.cpp, saving in documentsaver.cpp, journals in
// journalrecovery.cpp.
#include "editactions.h"

#include "changelog.h"
#include "companion.h"
#include "documentsaver.h"
#include "documentview.h"
#include "editcommands.h"
#include "exporttasks.h"
#include "gallerygrid.h"
#include "galleryview.h"
#include "imageview.h"
#include "jobprogress.h"
#include "journalrecovery.h"
#include "mainwindow.h"
#include "reshape.h"
#include "tablemodel.h"
#include "tableview.h"
#include "viewstate.h"

#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>

#include <cmath>
#include <limits>

namespace {
constexpr int kMessageMs = 8000;

// The records an operation applies to: the selection when it is one contiguous run, else the current record.
std::pair<quint64, quint64> selectedRun(DocumentView* view)
{
    const idx::RecordSet& sel = view->viewState()->selection();
    if (sel.count() > 1 && sel.isContiguous())
        return {sel.first(), sel.count()};
    return {view->viewState()->currentRecord(), 1};
}

idx::RecordSet selectedOrCurrent(DocumentView* view)
{
    const idx::RecordSet& sel = view->viewState()->selection();
    return sel.isEmpty() ? idx::RecordSet{view->viewState()->currentRecord()} : sel;
}

QImage loadPng(QWidget* parent, QString* error)
{
    const QString path =
        QFileDialog::getOpenFileName(parent, QObject::tr("Choose an Image"), {},
                                     QObject::tr("Images (*.png *.bmp *.pgm *.jpg);;All files (*)"));
    if (path.isEmpty())
        return {};
    QImage image(path);
    if (image.isNull())
        *error = QObject::tr("%1 could not be read as an image.").arg(QDir::toNativeSeparators(path));
    return image;
}
} // namespace

EditActions::EditActions(MainWindow* window)
    : QObject(window), m_window(window), m_group(new QUndoGroup(this)), m_saver(new DocumentSaver(this))
{
    m_progress = new JobProgress(window);
    m_progress->setCancellable(false); // a save is not stopped half-way from here
    m_progress->setJob(m_saver->job());
    window->statusBar()->addPermanentWidget(m_progress);
    connect(m_saver, &DocumentSaver::finished, this, [this](bool ok, const QString& error) {
        if (ok) {
            m_window->statusBar()->showMessage(tr("Saved."), kMessageMs);
            return;
        }
        report(error);
        // Non-modal: the document stays usable (and modified) while the reason is read.
        auto* box =
            new QMessageBox(QMessageBox::Warning, tr("Save Failed"), error, QMessageBox::Ok, m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setModal(false);
        box->show();
    });
    connect(this, &EditActions::message, this,
            [this](const QString& text) { m_window->statusBar()->showMessage(text, kMessageMs); });
    m_ask = [this](Document* doc) {
        QMessageBox box(QMessageBox::Question, tr("Unsaved Changes"),
                        tr("%1 has unsaved changes. Save them?").arg(doc->displayName()),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
        box.setDefaultButton(QMessageBox::Save);
        return QMessageBox::StandardButton(box.exec());
    };
    m_askLabels = [this](Document* doc, const QString& labelsPath, bool imagesOnly) {
        const QString labelsName = QFileInfo(doc->labelsPath()).fileName();
        QString text = tr("Save them too, as a new file beside the images: %1?")
                           .arg(QDir::toNativeSeparators(labelsPath));
        if (QFileInfo::exists(labelsPath))
            text += QLatin1Char(' ') + tr("That file exists and will be replaced.");
        text += QStringLiteral("\n\n") +
                (imagesOnly
                     ? tr("Saving only the images leaves the label edits unsaved in this window; %1 is not "
                          "changed either way.")
                           .arg(labelsName)
                     : tr("Records were inserted, deleted or moved in both, so the labels must be saved "
                          "with the images; %1 is not changed.")
                           .arg(labelsName));
        QMessageBox box(QMessageBox::Question, tr("Save As"),
                        tr("The labels (%1) have unsaved changes too.").arg(labelsName), QMessageBox::Cancel,
                        m_window);
        box.setInformativeText(text);
        QPushButton* both = box.addButton(tr("Save &Both"), QMessageBox::AcceptRole);
        QPushButton* images =
            imagesOnly ? box.addButton(tr("Save &Images Only"), QMessageBox::ActionRole) : nullptr;
        box.setDefaultButton(both);
        box.exec();
        return box.clickedButton() == both               ? LabelsAnswer::SaveBoth
               : images && box.clickedButton() == images ? LabelsAnswer::ImagesOnly
                                                         : LabelsAnswer::Cancel;
    };
    createActions();
    window->tabs()->installEventFilter(this);
    connect(window->tabs(), &QTabWidget::currentChanged, this, [this] {
        if (DocumentView* v = current())
            attach(v);
        m_group->setActiveStack(current() ? current()->document()->undoStack() : nullptr);
        updateActions();
    });
    updateActions();
}

void EditActions::createActions()
{
    m_save = new QAction(tr("&Save"), this);
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, [this] {
        if (DocumentView* v = current())
            save(v);
    });
    m_saveAs = new QAction(tr("Save &As…"), this);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAs, &QAction::triggered, this, [this] { saveAsDialog(false); });
    m_saveLabelsAs = new QAction(tr("Save La&bels as New File…"), this);
    connect(m_saveLabelsAs, &QAction::triggered, this, [this] { saveAsDialog(true); });

    // File, Edit, View, ...: the Edit menu may exist already (Copy Image lives there too).
    QMenu* view = nullptr;
    for (QAction* a : m_window->menuBar()->actions()) {
        const QString name = a->text().remove(u'&');
        if (a->menu() && name == tr("Edit"))
            m_menu = a->menu();
        else if (a->menu() && name == tr("View"))
            view = a->menu();
    }
    if (!m_menu) {
        m_menu = new QMenu(tr("&Edit"), m_window);
        m_window->menuBar()->insertMenu(view ? view->menuAction() : nullptr, m_menu);
    }
    QAction* undo = m_group->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_group->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    QAction* first = m_menu->actions().value(0);
    m_menu->insertActions(first, {undo, redo, m_menu->insertSeparator(first)});
    m_menu->addSeparator();
    auto add = [this](const QString& text, QKeySequence key, auto fn) {
        QAction* a = m_menu->addAction(text, this, [this, fn] {
            if (DocumentView* v = current())
                fn(v);
        });
        a->setShortcut(key);
        m_docActions << a;
        return a;
    };
    add(tr("Edit &Label…"), QKeySequence(Qt::Key_F2), [this](DocumentView*) { editLabelDialog(); });
    add(tr("&Replace Record from Image…"), {}, [this](DocumentView*) { replaceFromPng(); });
    m_menu->addSeparator();
    add(tr("&Delete Records"), QKeySequence::Delete, [this](DocumentView* v) { report(deleteSelected(v)); });
    add(tr("D&uplicate Records"), QKeySequence(Qt::CTRL | Qt::Key_D),
        [this](DocumentView* v) { report(duplicateSelected(v)); });
    add(tr("&Insert Blank Record"), QKeySequence(Qt::CTRL | Qt::Key_I),
        [this](DocumentView*) { insertRecord(false); });
    add(tr("Insert Record from I&mage…"), {}, [this](DocumentView*) { insertRecord(true); });
    add(tr("Move &Up"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Up),
        [this](DocumentView* v) { report(moveSelected(v, -1)); });
    add(tr("Move Do&wn"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Down),
        [this](DocumentView* v) { report(moveSelected(v, 1)); });
    add(tr("Move &To…"), {}, [this](DocumentView*) { moveToIndex(); });
    m_menu->addSeparator();
    m_paint = m_menu->addAction(tr("&Paint Mode"));
    m_paint->setCheckable(true);
    m_paint->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_docActions << m_paint;
    m_menu->addSeparator();
    add(tr("E&xport Change Log…"), {}, [this](DocumentView*) { exportChangeLog(); });
    add(tr("Im&port Change Log…"), {}, [this](DocumentView*) { importChangeLog(); });

    // The brush: shown while painting.
    m_paintBar = new QToolBar(tr("Brush"), m_window);
    m_paintBar->setObjectName(QStringLiteral("brushToolBar"));
    m_brushValue = new QDoubleSpinBox(m_paintBar);
    m_brushValue->setRange(-1e9, 1e9);
    m_brushValue->setDecimals(3);
    m_brushValue->setValue(255);
    m_brushValue->setToolTip(tr("The value painted (checked against the file's type)"));
    m_brushSize = new QSpinBox(m_paintBar);
    m_brushSize->setRange(1, 15);
    m_brushSize->setSuffix(tr(" px"));
    m_brushSize->setToolTip(tr("Brush size in image pixels"));
    m_paintBar->addWidget(new QLabel(tr(" Brush value "), m_paintBar));
    m_paintBar->addWidget(m_brushValue);
    m_paintBar->addWidget(new QLabel(tr(" Size "), m_paintBar));
    m_paintBar->addWidget(m_brushSize);
    m_window->addToolBar(m_paintBar);
    m_paintBar->hide();
    connect(m_paint, &QAction::toggled, m_paintBar, &QWidget::setVisible);
    connect(m_paint, &QAction::toggled, this, [this](bool on) {
        if (DocumentView* v = current(); v && v->imageView())
            v->imageView()->setCursor(on ? Qt::CrossCursor : Qt::OpenHandCursor);
    });
}

void EditActions::updateActions()
{
    DocumentView* v = current();
    for (QAction* a : std::as_const(m_docActions))
        a->setEnabled(v != nullptr);
    m_save->setEnabled(v != nullptr);
    m_saveAs->setEnabled(v != nullptr);
    m_saveLabelsAs->setEnabled(v && v->document()->labelsFile());
}

DocumentView* EditActions::current() const
{
    return m_window->currentView();
}

JournalRecovery* EditActions::recoveryOf(Document* doc)
{
    return doc ? doc->findChild<JournalRecovery*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

void EditActions::attach(DocumentView* view)
{
    Document* doc = view->document();
    if (recoveryOf(doc))
        return;
    new JournalRecovery(doc, view, doc);
    m_group->addStack(doc->undoStack());
    connect(doc, &Document::labelsChanged, this, &EditActions::updateActions);
    view->installEventFilter(this); // for the views made later: see eventFilter's ChildAdded
    auto wire = [this, view] {
        if (view->imageView())
            view->imageView()->installEventFilter(this);
        if (view->gallery())
            view->gallery()->listView()->installEventFilter(this);
        if (auto* table = view->findChild<TableView*>())
            connect(table->model(), &TableModel::editFailed, this, &EditActions::message,
                    Qt::UniqueConnection);
    };
    wire();
    connect(view, &DocumentView::panelsChanged, this, wire);
}

void EditActions::report(const QString& error)
{
    if (!error.isEmpty())
        emit message(error);
}

DocumentView* EditActions::viewOf(QObject* watched) const
{
    for (QObject* o = watched; o; o = o->parent())
        if (auto* v = qobject_cast<DocumentView*>(o))
            return v;
    return nullptr;
}

bool EditActions::digitKeysApply(DocumentView* view) const
{
    return view && Editing::hasEditableLabels(view->document());
}

bool EditActions::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) { // only these: others arrive while widgets are being destroyed
    case QEvent::ShortcutOverride:
    case QEvent::KeyPress:
    case QEvent::MouseButtonPress:
    case QEvent::MouseMove:
    case QEvent::MouseButtonRelease:
        break;
    default:
        return QObject::eventFilter(watched, event);
    }
    // The document tab bar (focused after opening) passes unused keys to the tab widget: the current tab.
    DocumentView* view = watched == m_window->tabs() ? current() : viewOf(watched);
    const bool image = view && watched == view->imageView();
    const bool gallery = view && view->gallery() && watched == view->gallery()->listView();
    // A digit nobody in the tab used (focus on a tab bar, a button) reaches the view itself: a label too.
    const bool tab =
        view && (watched == view || watched == m_window->tabs()) && event->type() == QEvent::KeyPress;
    if (!image && !gallery && !tab)
        return QObject::eventFilter(watched, event);
    const auto digit = [](QEvent* e) -> int {
        const auto* k = static_cast<QKeyEvent*>(e);
        const bool plain = (k->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
        return plain && k->key() >= Qt::Key_0 && k->key() <= Qt::Key_9 ? k->key() - Qt::Key_0 : -1;
    };
    switch (event->type()) {
    case QEvent::ShortcutOverride: // the digit is a label here, not the menu's "0: actual pixels"
        if (digit(event) >= 0 && digitKeysApply(view)) {
            event->accept();
            return true;
        }
        break;
    case QEvent::KeyPress:
        if (const int d = digit(event); d >= 0 && digitKeysApply(view)) {
            const idx::RecordSet records =
                image ? idx::RecordSet{view->viewState()->currentRecord()} : selectedOrCurrent(view);
            report(Editing::setLabels(view->document(), records, d));
            return true;
        }
        break;
    case QEvent::MouseButtonPress:
    case QEvent::MouseMove:
    case QEvent::MouseButtonRelease: {
        if (!image || !m_paint->isChecked())
            break;
        auto* m = static_cast<QMouseEvent*>(event);
        if (event->type() == QEvent::MouseButtonPress && m->button() == Qt::LeftButton) {
            m_painting = true;
            ++m_stroke;
        } else if (event->type() == QEvent::MouseButtonRelease) {
            m_painting = false;
            return true;
        }
        if (!m_painting)
            break; // hover: the view still reports the value under the cursor
        report(paintAt(view, view->imageView()->pixelAt(m->position()), m_stroke));
        return true;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

QString EditActions::paintAt(DocumentView* view, QPoint pixel, quint64 stroke)
{
    if (pixel.x() < 0 || pixel.y() < 0)
        return {};
    if (view->viewState()->rgbChannels())
        return tr("Painting is not available for colour channels; switch RGB off to paint one channel.");
    const auto elements =
        Editing::brushElements(*view->document(), *view->viewState(), view->imageView()->image().size(),
                               pixel, m_brushSize->value());
    if (!elements)
        return tr("Painting needs records that are images.");
    return Editing::paint(view->document(), view->viewState()->currentRecord(), *elements,
                          m_brushValue->value(), stroke);
}

QString EditActions::deleteSelected(DocumentView* view)
{
    const idx::RecordSet sel = selectedOrCurrent(view);
    const QString error = Editing::deleteRecordList(view->document(), sel);
    const quint64 count = view->document()->availableRecords();
    view->viewState()->setSelection({});
    view->viewState()->setCurrentRecord(std::min(sel.first(), count ? count - 1 : 0));
    return error;
}

QString EditActions::duplicateSelected(DocumentView* view)
{
    const auto [first, count] = selectedRun(view);
    return Editing::duplicateRecords(view->document(), first, count);
}

QString EditActions::moveSelected(DocumentView* view, qint64 delta)
{
    const auto [first, count] = selectedRun(view);
    const qint64 to = qint64(first) + delta;
    const quint64 total = view->document()->availableRecords();
    if (to < 0 || quint64(to) + count > total)
        return tr("The records are already at the %1.").arg(delta < 0 ? tr("start") : tr("end"));
    const QString error = Editing::moveRecords(view->document(), first, count, quint64(to));
    if (error.isEmpty()) {
        view->viewState()->setCurrentRecord(quint64(to));
        view->viewState()->setSelection(count > 1 ? idx::RecordSet::span(quint64(to), quint64(to) + count)
                                                  : idx::RecordSet{});
    }
    return error;
}

void EditActions::editLabelDialog()
{
    DocumentView* v = current();
    Document* doc = v->document();
    if (!Editing::hasEditableLabels(doc))
        return report(doc->labelsFile() || doc->file()->header().ndim() <= 1
                          ? tr("The labels are still loading.")
                          : tr("This file has no labels: attach a labels file to edit them."));
    const idx::RecordSet records = selectedOrCurrent(v);
    const auto& classes = doc->labelClasses();
    const quint64 first = records.first();
    const double old = first < classes.size() ? double(classes[first]) : doc->pieces().value(first);
    bool ok = false;
    const int value = QInputDialog::getInt(
        m_window, tr("Edit Label"),
        records.count() == 1 ? tr("Label of record %1:").arg(first)
                             : tr("Label of the %n selected records:", nullptr, int(records.count())),
        int(old), std::numeric_limits<int>::min(), std::numeric_limits<int>::max(), 1, &ok);
    if (ok)
        report(Editing::setLabels(doc, records, value));
}

void EditActions::replaceFromPng()
{
    DocumentView* v = current();
    QString error;
    const QImage image = loadPng(m_window, &error);
    if (!image.isNull())
        error = Editing::replaceRecord(v->document(), v->viewState()->currentRecord(), image);
    report(error);
}

void EditActions::insertRecord(bool fromPng)
{
    DocumentView* v = current();
    QString error;
    QImage image;
    if (fromPng && (image = loadPng(m_window, &error)).isNull())
        return report(error);
    const quint64 total = v->document()->availableRecords();
    const quint64 at = total == 0 ? 0 : std::min(v->viewState()->currentRecord() + 1, total);
    error = Editing::insertRecord(v->document(), at, image);
    if (error.isEmpty())
        v->viewState()->setCurrentRecord(at);
    report(error);
}

void EditActions::moveToIndex()
{
    DocumentView* v = current();
    const auto [first, count] = selectedRun(v);
    const quint64 total = v->document()->availableRecords();
    bool ok = false;
    const int to = QInputDialog::getInt(m_window, tr("Move Records"),
                                        tr("Move %n records to index:", nullptr, int(count)), int(first), 0,
                                        int(std::min<quint64>(total - count, INT_MAX)), 1, &ok);
    if (ok)
        report(moveSelected(v, qint64(to) - qint64(first)));
}

void EditActions::exportChangeLog()
{
    Document* doc = current()->document();
    const idx::EditableTensor* labels =
        doc->labelsFile()
            ? doc->editable(Document::Part::Labels)
            : (doc->file()->header().ndim() <= 1 ? doc->editable(Document::Part::Main) : nullptr);
    if (!labels)
        return report(tr("This document has no labels."));
    const auto changes = idx::labelChanges(*labels);
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Change Log"), {},
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    const idx::WriteResult r = idx::writeChangeLog(path, changes);
    emit message(r ? tr("%n label changes written to %1.", nullptr, int(changes.size()))
                         .arg(QDir::toNativeSeparators(path))
                   : tr("%1 was not written: %2").arg(QDir::toNativeSeparators(path), r.error));
}

void EditActions::importChangeLog()
{
    Document* doc = current()->document();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Change Log"), {},
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    QStringList issues;
    const QString error = Editing::applyChangeLog(doc, path, &issues);
    report(error);
    if (!issues.isEmpty()) {
        auto* box = new QMessageBox(QMessageBox::Information, tr("Change Log"),
                                    tr("Some rows were not applied:\n%1").arg(issues.mid(0, 30).join(u'\n')),
                                    QMessageBox::Ok, m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setModal(false);
        box->show();
    }
}

void EditActions::saveAsDialog(bool labels)
{
    DocumentView* v = current();
    if (!v)
        return;
    const QString start = labels ? v->document()->labelsPath() : v->document()->path();
    const QString path = QFileDialog::getSaveFileName(
        m_window, labels ? tr("Save Labels as New File") : tr("Save As"),
        start.startsWith(u':') ? QString() : start, tr("IDX files (*-ubyte *.idx *.gz *.xz);;All files (*)"));
    if (path.isEmpty())
        return;
    if (labels)
        saveLabelsAs(v, path);
    else
        saveAsAsking(v, path);
}

bool EditActions::saveAsAsking(DocumentView* view, const QString& path, const std::function<void(bool)>& done)
{
    Document* doc = view->document();
    if (!doc->isPartModified(Document::Part::Labels))
        return saveAs(view, path, done);
    // The labels' edits belong with the new images (records may have been deleted or moved in both): never
    // written over the labels file unasked, so they go to a new file named after the images, or stay here.
    const QString labelsPath = idx::companionLabelsPath(path);
    // Records inserted, deleted or moved in both: the labels file no longer fits the new images, so the
    // labels' edits cannot be left behind in it.
    const idx::EditableTensor* labels = doc->editable(Document::Part::Labels);
    const idx::TensorLayout* saved = doc->savedLayout(Document::Part::Labels);
    const bool imagesOnly =
        labels && labels->segments() == (saved ? saved->segments : labels->baseLayout().segments);
    switch (m_askLabels(doc, labelsPath, imagesOnly)) {
    case LabelsAnswer::SaveBoth:
        return saveAs(view, path, done, labelsPath);
    case LabelsAnswer::ImagesOnly:
        if (imagesOnly)
            return saveAs(view, path, done);
        break;
    case LabelsAnswer::Cancel:
        break;
    }
    return false;
}

bool EditActions::startSave(DocumentView* view, int kind, const QString& path,
                            const std::function<void(bool)>& done, const QString& labelsPath)
{
    QString error;
    const bool ok =
        m_saver->start(view->document(), DocumentSaver::Kind(kind), path, done, &error, labelsPath);
    report(error);
    return ok;
}

bool EditActions::confirmClose(DocumentView* view, const std::function<void()>& closeAgain)
{
    Document* doc = view->document();
    if (!doc->isModified() || m_saver->isRunning())
        return !m_saver->isRunning();
    switch (m_ask(doc)) {
    case QMessageBox::Save:
        save(view, [closeAgain](bool ok) {
            if (ok && closeAgain)
                closeAgain();
        });
        return false;
    case QMessageBox::Discard:
        if (JournalRecovery* r = recoveryOf(doc))
            r->discard();
        doc->discardEdits(); // asked once: not again when the window closes
        return true;
    default:
        return false;
    }
}

bool EditActions::confirmCloseAll(const std::function<void()>& closeAgain)
{
    for (int i = 0; i < m_window->documentCount(); ++i)
        if (!confirmClose(m_window->viewAt(i), closeAgain))
            return false;
    return true;
}

void EditActions::forget(DocumentView* view)
{
    // A clean close: nothing is left to recover.
    if (JournalRecovery* r = recoveryOf(view->document()); r && !view->document()->isModified())
        r->discard();
}
