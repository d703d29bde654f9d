// ExportDialog: records as PNG files (or a Projector sprite sheet) — which records, into which folder, with
// which colours and scale. Only gathers the choice; ExportController runs the export.
#pragma once

#include "exportwidgets.h"

#include <QDialog>

class QCheckBox;
class QLineEdit;
class QDialogButtonBox;

namespace idx::gui {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    enum class Kind { PngFiles, Sprite };
    struct Request {
        RecordChoice choice;
        QString folder;
        ImageChoice image;
        bool nameByClass = false; // PNG files: INDEX_NAME.png instead of INDEX_LABEL.png
    };

    ExportDialog(Kind kind, const RecordContext& context, const ImageChoice& shown, const QString& folder,
                 QWidget* parent = nullptr);

    [[nodiscard]] Request request() const;
    [[nodiscard]] RecordScopeBox* scopeBox() const { return m_scope; }
    [[nodiscard]] ImageOptionsBox* imageBox() const { return m_image; }
    /// "Name files by class", offered for PNG files when the labels have names (null otherwise).
    [[nodiscard]] QCheckBox* nameByClassBox() const { return m_nameByClass; }
    void setFolder(const QString& folder);

private:
    void updateOk();

    Kind m_kind;
    RecordScopeBox* m_scope;
    ImageOptionsBox* m_image;
    QLineEdit* m_folder;
    QCheckBox* m_nameByClass = nullptr;
    QDialogButtonBox* m_buttons;
};

} // namespace idx::gui
