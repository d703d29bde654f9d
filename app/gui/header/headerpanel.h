// HeaderPanel: everything the file says about itself: magic, type, shape, sizes, container, byte-order
// verdict (with the switch to read the data little-endian), the labels companion and every diagnostic.
#pragma once

#include <QHash>
#include <QWidget>

class QCheckBox;
class QFormLayout;
class QLabel;
class QPushButton;

namespace idx::gui {

class Document;

class HeaderPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeaderPanel(Document* doc, QWidget* parent = nullptr);

    /// The value shown for a row (tests): "dtype", "dims", "ndim", "magic", "typecode", "elementsize",
    /// "headerbytes", "databytes", "trailingbytes", "container", "filesize", "byteorder", "labels",
    /// "warnings".
    [[nodiscard]] QString value(const QString& key) const;

signals:
    void attachLabelsRequested();

public slots:
    void refresh();

private:
    QLabel* addRow(QFormLayout* form, const QString& key, const QString& title);
    QFormLayout* addSection(const QString& title);

    Document* m_doc;
    QWidget* m_body;
    QCheckBox* m_littleEndian;
    QPushButton* m_attach;
    QPushButton* m_detach;
    QHash<QString, QLabel*> m_values;
};

} // namespace idx::gui
