// LabelKeys: which key is a label, and which records it applies to.
#include "labelkeys.h"

#include "editcommands.h"
#include "viewstate.h"

#include <QKeyEvent>

namespace idx::gui {

LabelKeys::LabelKeys(Document* doc, ViewState* state, QObject* parent)
    : QObject(parent), m_doc(doc), m_state(state)
{}

int LabelKeys::digitOf(const QKeyEvent* event)
{
    const bool plain = (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
    const int key = event->key();
    return plain && key >= Qt::Key_0 && key <= Qt::Key_9 ? key - Qt::Key_0 : -1;
}

bool LabelKeys::applies() const
{
    return Editing::hasEditableLabels(m_doc);
}

bool LabelKeys::overridesShortcut(const QKeyEvent* event) const
{
    return digitOf(event) >= 0 && applies();
}

bool LabelKeys::keyPressed(const QKeyEvent* event, Target target)
{
    const int digit = digitOf(event);
    if (digit < 0 || !applies())
        return false;
    const quint64 current = m_state->currentRecord();
    const idx::RecordSet& selection = m_state->selection();
    const idx::RecordSet records =
        target == Target::Current || selection.isEmpty() ? idx::RecordSet{current} : selection;
    if (const QString error = Editing::setLabels(m_doc, records, digit); !error.isEmpty())
        emit message(error);
    return true;
}

} // namespace idx::gui
