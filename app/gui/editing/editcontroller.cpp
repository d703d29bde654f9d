// EditController: the Edit menu's actions on the current view, and the brush toolbar of paint mode.
#include "editcontroller.h"

#include "actionregistry.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcommands.h"
#include "filefilters.h"
#include "labelprompt.h"
#include "painttool.h"
#include "statustimeouts.h"
#include "viewstate.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QPointer>
#include <QSpinBox>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>

#include <climits>

namespace idx::gui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(Editing)
};

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

QImage loadImage(QWidget* parent, QString* error)
{
    const QString path =
        QFileDialog::getOpenFileName(parent, Tr::tr("Choose an Image"), {},
                                     fileFilters({fileFilter(idx::Format::Image), allFilesFilter()}));
    if (path.isEmpty())
        return {};
    QImage image(path);
    if (image.isNull())
        *error = Tr::tr("%1 could not be read as an image.").arg(QDir::toNativeSeparators(path));
    return image;
}
} // namespace

EditController::EditController(DocumentManager* documents, ActionRegistry* actions, QObject* parent)
    : QObject(parent), m_documents(documents), m_group(new QUndoGroup(this))
{
    createBrushBar();
    createActions(actions);
    auto follow = [this](DocumentView* view) {
        m_group->addStack(view->document()->undoStack());
        connect(view, &DocumentView::panelsChanged, this, [this, view] {
            if (view == m_documents->currentView())
                applyBrush(); // its image view (and paint tool) came with the content
        });
    };
    connect(documents, &DocumentManager::documentOpened, this, follow);
    for (DocumentView* view : documents->views())
        follow(view);
    connect(documents, &DocumentManager::currentDocumentChanged, this, [this](DocumentView* view) {
        m_group->setActiveStack(view ? view->document()->undoStack() : nullptr);
        updateActions();
        applyBrush();
    });
    if (DocumentView* view = documents->currentView())
        m_group->setActiveStack(view->document()->undoStack());
    updateActions();
}

EditController::~EditController()
{
    if (m_brushBar && !m_brushBar->parent())
        delete m_brushBar.data(); // no window took it
}

void EditController::createActions(ActionRegistry* actions)
{
    // Everything goes before the change-log section, in this order, whenever that section is made.
    int separators = 0;
    const auto place = [this, actions](const QString& id, QAction* a) {
        actions->addAction(id, a);
        actions->placeBefore(MenuId::Edit, id, SectionId::EditChangeLog);
    };
    const auto separator = [&] {
        auto* a = new QAction(this);
        a->setSeparator(true);
        place(QStringLiteral("edit.separator%1").arg(++separators), a);
    };
    const auto add = [this, &place](const QString& id, const QString& text, QKeySequence key, auto fn) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        connect(a, &QAction::triggered, this, [this, fn] {
            if (DocumentView* v = m_documents->currentView())
                fn(v);
        });
        place(id, a);
        m_documentActions << a;
        return a;
    };
    // Undo and Redo name the step ("Undo Delete Records") through a format a translation can word and order
    // ("Rückgängig: Einträge löschen"), which QUndoGroup's prefixed actions are not.
    const auto stepAction = [this](const QString& plain, const QString& format, auto canChanged,
                                   auto textChanged, auto step, const QString& text, bool can) {
        auto* a = new QAction(this);
        const auto setText = [a, plain, format](const QString& t) {
            a->setText(t.isEmpty() ? plain : format.arg(t));
        };
        setText(text);
        a->setEnabled(can);
        connect(m_group, canChanged, a, &QAction::setEnabled);
        connect(m_group, textChanged, a, setText);
        connect(a, &QAction::triggered, m_group, step);
        return a;
    };
    QAction* undo =
        stepAction(tr("&Undo"), tr("&Undo %1"), &QUndoGroup::canUndoChanged, &QUndoGroup::undoTextChanged,
                   &QUndoGroup::undo, m_group->undoText(), m_group->canUndo());
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo =
        stepAction(tr("&Redo"), tr("&Redo %1"), &QUndoGroup::canRedoChanged, &QUndoGroup::redoTextChanged,
                   &QUndoGroup::redo, m_group->redoText(), m_group->canRedo());
    redo->setShortcut(QKeySequence::Redo);
    place(QStringLiteral("edit.undo"), undo);
    place(QStringLiteral("edit.redo"), redo);
    separator();
    add(QStringLiteral("edit.label"), tr("Edit &Label…"), QKeySequence(Qt::Key_F2),
        [this](DocumentView*) { editLabelDialog(); });
    add(QStringLiteral("edit.replaceRecord"), tr("&Replace Record from Image…"), {},
        [this](DocumentView*) { replaceFromImage(); });
    separator();
    add(QStringLiteral("edit.deleteRecords"), tr("&Delete Records"), QKeySequence::Delete,
        [this](DocumentView* v) { report(deleteSelected(v)); });
    add(QStringLiteral("edit.duplicateRecords"), tr("D&uplicate Records"), QKeySequence(Qt::CTRL | Qt::Key_D),
        [this](DocumentView* v) { report(duplicateSelected(v)); });
    add(QStringLiteral("edit.insertBlank"), tr("&Insert Blank Record"), QKeySequence(Qt::CTRL | Qt::Key_I),
        [this](DocumentView*) { insertRecord(false); });
    add(QStringLiteral("edit.insertImage"), tr("Insert Record from I&mage…"), {},
        [this](DocumentView*) { insertRecord(true); });
    add(QStringLiteral("edit.moveUp"), tr("Move &Up"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Up),
        [this](DocumentView* v) { report(moveSelected(v, -1)); });
    add(QStringLiteral("edit.moveDown"), tr("Move Do&wn"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Down),
        [this](DocumentView* v) { report(moveSelected(v, 1)); });
    add(QStringLiteral("edit.moveTo"), tr("Move &To…"), {}, [this](DocumentView*) { moveToIndex(); });
    separator();
    m_paint = new QAction(tr("&Paint Mode"), this);
    m_paint->setCheckable(true);
    m_paint->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    place(QStringLiteral("edit.paintMode"), m_paint);
    m_documentActions << m_paint;
    connect(m_paint, &QAction::toggled, m_brushBar, &QWidget::setVisible);
    connect(m_paint, &QAction::toggled, this, &EditController::applyBrush);
}

void EditController::createBrushBar()
{
    // The brush: shown while painting.
    m_brushBar = new QToolBar(tr("Brush"));
    m_brushBar->setObjectName(QStringLiteral("brushToolBar"));
    m_brushValue = new QDoubleSpinBox(m_brushBar);
    m_brushValue->setRange(-1e9, 1e9);
    m_brushValue->setDecimals(3);
    m_brushValue->setValue(255);
    m_brushValue->setToolTip(tr("The value painted (checked against the file's type)"));
    m_brushSize = new QSpinBox(m_brushBar);
    m_brushSize->setRange(1, 15);
    m_brushSize->setSuffix(tr(" px"));
    m_brushSize->setToolTip(tr("Brush size in image pixels"));
    m_brushBar->addWidget(new QLabel(tr(" Brush value "), m_brushBar));
    m_brushBar->addWidget(m_brushValue);
    m_brushBar->addWidget(new QLabel(tr(" Size "), m_brushBar));
    m_brushBar->addWidget(m_brushSize);
    m_brushBar->hide();
    connect(m_brushValue, &QDoubleSpinBox::valueChanged, this, &EditController::applyBrush);
    connect(m_brushSize, &QSpinBox::valueChanged, this, &EditController::applyBrush);
}

void EditController::updateActions()
{
    const bool open = m_documents->currentView() != nullptr;
    for (QAction* a : std::as_const(m_documentActions))
        a->setEnabled(open);
}

void EditController::applyBrush()
{
    DocumentView* view = m_documents->currentView();
    PaintTool* tool = view ? view->paintTool() : nullptr;
    if (m_tool && m_tool != tool)
        m_tool->setActive(false); // a tab in the background does not paint
    m_tool = tool;
    if (!tool)
        return;
    tool->setBrush(m_brushValue->value(), m_brushSize->value());
    if (tool->isActive() != m_paint->isChecked())
        tool->setActive(m_paint->isChecked());
}

void EditController::report(const QString& error)
{
    if (!error.isEmpty())
        emit statusMessage(error, StatusTimeout::kResultMs);
}

QString EditController::deleteSelected(DocumentView* view)
{
    const idx::RecordSet sel = selectedOrCurrent(view);
    const QString error = Editing::deleteRecordList(view->document(), sel);
    const quint64 count = view->document()->availableRecords();
    view->viewState()->setSelection({});
    view->viewState()->setCurrentRecord(std::min(sel.first(), count ? count - 1 : 0));
    return error;
}

QString EditController::duplicateSelected(DocumentView* view)
{
    const auto [first, count] = selectedRun(view);
    return Editing::duplicateRecords(view->document(), first, count);
}

QString EditController::moveSelected(DocumentView* view, qint64 delta)
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

void EditController::editLabelDialog()
{
    DocumentView* v = m_documents->currentView();
    Document* doc = v->document();
    if (!Editing::hasEditableLabels(doc))
        return report(doc->labelsFile() || doc->file()->header().ndim() <= 1
                          ? tr("The labels are still loading.")
                          : tr("This file has no labels: attach a labels file to edit them."));
    const idx::RecordSet records = selectedOrCurrent(v);
    QString error;
    const QPointer<Document> guard(doc); // the dialog's event loop may close the document
    const auto value = askLabel(m_documents->dialogParent(), doc, records, &error);
    if (value && guard)
        report(Editing::setLabels(doc, records, *value));
    else if (!error.isEmpty())
        report(error);
}

void EditController::replaceFromImage()
{
    DocumentView* v = m_documents->currentView();
    QString error;
    const QImage image = loadImage(m_documents->dialogParent(), &error);
    if (!image.isNull())
        error = Editing::replaceRecord(v->document(), v->viewState()->currentRecord(), image);
    report(error);
}

void EditController::insertRecord(bool fromImage)
{
    DocumentView* v = m_documents->currentView();
    QString error;
    QImage image;
    if (fromImage && (image = loadImage(m_documents->dialogParent(), &error)).isNull())
        return report(error);
    const quint64 total = v->document()->availableRecords();
    const quint64 at = total == 0 ? 0 : std::min(v->viewState()->currentRecord() + 1, total);
    error = Editing::insertRecord(v->document(), at, image);
    if (error.isEmpty())
        v->viewState()->setCurrentRecord(at);
    report(error);
}

void EditController::moveToIndex()
{
    DocumentView* v = m_documents->currentView();
    const auto [first, count] = selectedRun(v);
    const quint64 total = v->document()->availableRecords();
    bool ok = false;
    const int to = QInputDialog::getInt(m_documents->dialogParent(), tr("Move Records"),
                                        tr("Move %n records to index:", nullptr, int(count)), int(first), 0,
                                        int(std::min<quint64>(total - count, INT_MAX)), 1, &ok);
    if (ok)
        report(moveSelected(v, qint64(to) - qint64(first)));
}

} // namespace idx::gui
