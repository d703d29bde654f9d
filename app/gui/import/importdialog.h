// ImportDialog: a folder of PNGs into a new IDX images file, with labels from the file names
// (NAME_LABEL.png), from a CSV of filename,label, or none. Only gathers the choice; ExportController runs the
// import.
#pragma once

#include "pngimport.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLineEdit;

namespace idx::gui {

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(const QString& folder, QWidget* parent = nullptr);

    [[nodiscard]] idx::PngImportOptions options() const;
    void setOptions(const idx::PngImportOptions& options);

private:
    void updateFields();
    QLineEdit* addPathRow(QFormLayout* form, const QString& label, int kind);

    QLineEdit* m_folder;
    QLineEdit* m_images;
    QComboBox* m_source;
    QLineEdit* m_csv;
    QLineEdit* m_labels;
    QCheckBox* m_gzip;
    QDialogButtonBox* m_buttons;
    bool m_labelsEdited = false;
};

} // namespace idx::gui
