// ClassNamesDialog (File ▸ Class Names…): the names of a document's label values, one row per label, edited
// in place, loaded from a file (one name per line, an EMNIST mapping or a CSV: ClassNames::parse) or
// exported as a CSV. A known dataset's names are where it starts; OK gives the names to the document, which
// remembers them for its labels' content (Document::setClassNames).
#pragma once

#include "classnames.h"

#include <QDialog>

#include <map>

class QLabel;
class QTableWidget;

namespace idx::gui {

class Document;

class ClassNamesDialog : public QDialog {
    Q_OBJECT
public:
    explicit ClassNamesDialog(Document* doc, QWidget* parent = nullptr);

    /// The names as the table holds them now.
    [[nodiscard]] idx::ClassNames names() const;
    /// Fills the table: a row for every label in the labels and every label `names` names.
    void setNames(const idx::ClassNames& names);
    /// Loads names from `path` into the table; false (and the table unchanged) with `error` naming the file
    /// and the problem.
    bool loadFile(const QString& path, QString* error);
    /// Writes the table's names to `path` as a CSV; false with `error` on failure.
    bool exportFile(const QString& path, QString* error) const;
    /// Why the table's names cannot be given (a name longer than ClassNames::kMaxName); empty when they can.
    [[nodiscard]] QString problem() const;
    /// Gives the document the table's names (the dataset's own are not stored as given ones).
    void apply();
    /// OK: refused, with a message, while problem() says why.
    void accept() override;
    [[nodiscard]] QTableWidget* table() const { return m_table; }

private:
    void load();
    void exportNames();

    Document* m_doc;
    QLabel* m_source;
    QTableWidget* m_table;
    std::map<qint64, quint64> m_counts; // records per label
};

} // namespace idx::gui
