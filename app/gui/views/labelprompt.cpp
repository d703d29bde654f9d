// The label question: a spin box without class names; with them, an editable list ("9 · Ankle boot").
#include "labelprompt.h"

#include "document.h"

#include <QInputDialog>
#include <QPointer>

#include <cmath>
#include <limits>
#include <set>

namespace idx::gui {

std::optional<double> askLabel(QWidget* parent, Document* doc, const idx::RecordSet& records, QString* error)
{
    const auto& classes = doc->labelClasses();
    const quint64 first = records.first();
    const double old = first < classes.size() ? double(classes[first]) : doc->pieces().value(first);
    const QString title = QCoreApplication::translate("idx::gui::EditController", "Edit Label");
    const QString prompt =
        records.count() == 1
            ? QCoreApplication::translate("idx::gui::EditController", "Label of record %1:").arg(first)
            : QCoreApplication::translate("idx::gui::EditController",
                                          "Label of the %n selected records:", nullptr, int(records.count()));
    bool ok = false;
    const idx::ClassNames names = doc->classNames(); // a copy: the dialog's event loop may change them
    const QPointer<Document> guard(doc);             // and may close the document
    if (names.isEmpty()) {
        const int value =
            QInputDialog::getInt(parent, title, prompt, int(old), std::numeric_limits<int>::min(),
                                 std::numeric_limits<int>::max(), 1, &ok);
        return ok && guard ? std::optional<double>(value) : std::nullopt;
    }
    // Named classes: picked from the list ("9 · Ankle boot"), or typed as a number or a name.
    // The named labels and the current one (named or not), so that OK as offered changes nothing.
    std::set<qint64> labels;
    for (const auto& [label, name] : names.all())
        labels.insert(label);
    const bool integral = old == std::floor(old) && std::abs(old) < 9.0e15;
    if (integral)
        labels.insert(qint64(old));
    QStringList items;
    int currentItem = 0;
    for (qint64 label : labels) {
        if (integral && label == qint64(old))
            currentItem = int(items.size());
        items << names.caption(label);
    }
    const QString text = QInputDialog::getItem(parent, title, prompt, items, currentItem, true, &ok);
    if (!ok || !guard)
        return std::nullopt;
    const auto value = names.labelOf(text);
    if (!value) {
        if (error)
            *error = QCoreApplication::translate("idx::gui::EditController",
                                                 "\"%1\" is neither a class name nor a label number.")
                         .arg(text.trimmed());
        return std::nullopt;
    }
    return double(*value);
}

} // namespace idx::gui
