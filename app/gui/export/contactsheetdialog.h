// ContactSheetDialog: selected or filtered records tiled into one PNG — columns, gap, captions, colours,
// the output file. Only gathers the choice; ExportController renders and writes the sheet.
#pragma once

#include "exportwidgets.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace idx::gui {

class ContactSheetDialog : public QDialog {
    Q_OBJECT
public:
    struct Request {
        RecordChoice choice;
        int columns = 10;
        int gap = 1;
        bool captions = false;
        ImageChoice image;
        QString path;
    };

    ContactSheetDialog(const RecordContext& context, const ImageChoice& shown, const QString& path,
                       QWidget* parent = nullptr);

    [[nodiscard]] Request request() const;
    void setRequest(const Request& request);
    [[nodiscard]] RecordScopeBox* scopeBox() const { return m_scope; }

private:
    void updateSummary();

    RecordScopeBox* m_scope;
    ImageOptionsBox* m_image;
    QSpinBox* m_columns;
    QSpinBox* m_gap;
    QCheckBox* m_captions;
    QLineEdit* m_path;
    QLabel* m_summary;
    QDialogButtonBox* m_buttons;
};

} // namespace idx::gui
