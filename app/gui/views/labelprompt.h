// The question "which label?" for a set of records, asked the same way wherever labels are edited (Edit ▸
// Label, the map's Label…): a number, or, when the classes have names, a name picked from the list or typed.
#pragma once

#include "recordset.h"

#include <QString>

#include <optional>

class QWidget;

namespace idx::gui {

class Document;

/// The label chosen for `records` of `doc` (the first record's label offered); nullopt when cancelled, the
/// document went meanwhile, or the text was neither a number nor a class name (then *error says so).
[[nodiscard]] std::optional<double> askLabel(QWidget* parent, Document* doc, const idx::RecordSet& records,
                                             QString* error);

} // namespace idx::gui
