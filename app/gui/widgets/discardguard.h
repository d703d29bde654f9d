// Asking before an action throws away unsaved edits (reload, detaching labels): nothing the user made is lost
// without consent.
#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace idx::gui {

class Document;

/// True when `doc` has no unsaved edits, or the user agrees to discard them for `action` (e.g. "Reload").
[[nodiscard]] bool confirmDiscard(QWidget* parent, const Document* doc, const QString& action);

/// Tests replace the question (no modal dialogs in tests); an empty function restores the dialog.
void setDiscardQuestion(std::function<bool(const Document*, const QString& action)> question);

} // namespace idx::gui
