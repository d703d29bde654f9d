// The name filters of file dialogs. Only a filter's description is translated: its patterns are fixed here,
// so a translation can never change which files a dialog lists.
#pragma once

#include <QString>

#include <initializer_list>
#include <utility>

namespace idx::gui {

// A description (translated) and its patterns, e.g. {tr("PNG images"), "*.png"}.
using FileFilter = std::pair<QString, const char*>;

// The filters as QFileDialog takes them: "description (patterns)", joined by ";;".
[[nodiscard]] QString fileFilters(std::initializer_list<FileFilter> filters);
// The "All files (*)" entry.
[[nodiscard]] FileFilter allFilesFilter();

} // namespace idx::gui
