// The name filters of file dialogs, made from core's table of formats (formats.h): every dialog offers a
// format under the same patterns, and only a filter's description is translated, so a translation can never
// change which files a dialog lists.
#pragma once

#include "formats.h"

#include <QString>

#include <initializer_list>

namespace idx::gui {

// A description (translated) and its patterns, e.g. {"PNG images", "*.png"}.
struct FileFilter {
    QString description;
    QString patterns;
};

// The filters as QFileDialog takes them: "description (patterns)", joined by ";;".
[[nodiscard]] QString fileFilters(std::initializer_list<FileFilter> filters);
// A format under its own description: "NumPy arrays (*.npy)".
[[nodiscard]] FileFilter fileFilter(idx::Format format);
// Several formats' patterns under one description: {tr("Names"), {Text, Csv}}.
[[nodiscard]] FileFilter fileFilter(const QString& description, std::initializer_list<idx::Format> formats);
// IDX files, raw or compressed (what Save writes): "IDX files (*-idx?-ubyte … *.idx *.gz *.xz)".
[[nodiscard]] FileFilter idxFilter();
// The "All files (*)" entry.
[[nodiscard]] FileFilter allFilesFilter();
// What File ▸ Open offers: every format it reads together, then IDX, NumPy and Lush each, then all files.
[[nodiscard]] QString openFilters();

} // namespace idx::gui
