// ImportDialog: path rows with native choosers; the labels file name follows the images file's name
// ("…images-idx3…" → "…labels-idx1…") until the user edits it.
#include "importdialog.h"

#include "companion.h"
#include "filefilters.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace idx::gui {

namespace {
enum PathKind { Folder, SaveIdx, OpenCsv };
QString fromNative(const QLineEdit* e)
{
    return QDir::fromNativeSeparators(e->text().trimmed());
}
} // namespace

ImportDialog::ImportDialog(const QString& folder, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Import PNG Folder"));
    setMinimumWidth(560);
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_folder = addPathRow(form, tr("PNG &folder:"), Folder);
    m_folder->setText(QDir::toNativeSeparators(folder));
    m_images = addPathRow(form, tr("&Images file:"), SaveIdx);
    m_source = new QComboBox(this);
    m_source->addItem(tr("From the file names (NAME_LABEL.png)"), int(idx::LabelSource::FileNames));
    m_source->addItem(tr("From a CSV file (filename,label)"), int(idx::LabelSource::Csv));
    m_source->addItem(tr("No labels"), int(idx::LabelSource::None));
    form->addRow(tr("&Labels:"), m_source);
    m_csv = addPathRow(form, tr("&CSV file:"), OpenCsv);
    m_labels = addPathRow(form, tr("La&bels file:"), SaveIdx);
    m_gzip = new QCheckBox(tr("Compress with &gzip (.gz)"), this);
    form->addRow(QString(), m_gzip);
    layout->addLayout(form);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_images, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (!m_labelsEdited && !text.trimmed().isEmpty())
            m_labels->setText(
                QDir::toNativeSeparators(idx::companionLabelsPath(QDir::fromNativeSeparators(text))));
        updateFields();
    });
    connect(m_labels, &QLineEdit::textEdited, this, [this] { m_labelsEdited = true; });
    for (QLineEdit* e : {m_folder, m_csv, m_labels})
        connect(e, &QLineEdit::textChanged, this, &ImportDialog::updateFields);
    connect(m_source, &QComboBox::currentIndexChanged, this, &ImportDialog::updateFields);
    connect(m_gzip, &QCheckBox::toggled, this, [this](bool on) {
        // Keep the names honest about the container.
        for (QLineEdit* e : {m_images, m_labels}) {
            QString t = e->text().trimmed();
            if (t.isEmpty())
                continue;
            const bool gz = t.endsWith(QLatin1String(".gz"), Qt::CaseInsensitive);
            if (on && !gz)
                t += QStringLiteral(".gz");
            else if (!on && gz)
                t.chop(3);
            e->setText(t);
        }
    });
    updateFields();
}

QLineEdit* ImportDialog::addPathRow(QFormLayout* form, const QString& label, int kind)
{
    auto* row = new QHBoxLayout;
    auto* edit = new QLineEdit(this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    row->addWidget(edit, 1);
    row->addWidget(browse);
    auto* text = new QLabel(label, this);
    text->setBuddy(edit);
    form->addRow(text, row);
    connect(browse, &QPushButton::clicked, this, [this, edit, kind] {
        const QString start = fromNative(edit).isEmpty() ? fromNative(m_folder) : fromNative(edit);
        QString chosen;
        if (kind == Folder)
            chosen = QFileDialog::getExistingDirectory(this, tr("Folder of PNG Images"), start);
        else if (kind == OpenCsv)
            chosen =
                QFileDialog::getOpenFileName(this, tr("Labels CSV"), start,
                                             fileFilters({fileFilter(idx::formatDescription(idx::Format::Csv),
                                                                     {idx::Format::Csv, idx::Format::Text}),
                                                          allFilesFilter()}));
        else
            chosen =
                QFileDialog::getSaveFileName(this, tr("IDX File to Write"), start,
                                             fileFilters({fileFilter(idx::formatDescription(idx::Format::Idx),
                                                                     {idx::Format::Idx, idx::Format::Gzip}),
                                                          allFilesFilter()}));
        if (!chosen.isEmpty())
            edit->setText(QDir::toNativeSeparators(chosen));
    });
    return edit;
}

idx::PngImportOptions ImportDialog::options() const
{
    idx::PngImportOptions o;
    o.folder = fromNative(m_folder);
    o.imagesPath = fromNative(m_images);
    o.labels = idx::LabelSource(m_source->currentData().toInt());
    o.labelsPath = o.labels == idx::LabelSource::None ? QString() : fromNative(m_labels);
    o.labelsCsv = o.labels == idx::LabelSource::Csv ? fromNative(m_csv) : QString();
    o.container = m_gzip->isChecked() ? idx::Container::Gzip : idx::Container::Raw;
    return o;
}

void ImportDialog::setOptions(const idx::PngImportOptions& o)
{
    m_folder->setText(QDir::toNativeSeparators(o.folder));
    m_images->setText(QDir::toNativeSeparators(o.imagesPath));
    m_source->setCurrentIndex(std::max(0, m_source->findData(int(o.labels))));
    m_csv->setText(QDir::toNativeSeparators(o.labelsCsv));
    if (!o.labelsPath.isEmpty()) {
        m_labels->setText(QDir::toNativeSeparators(o.labelsPath));
        m_labelsEdited = true;
    }
    m_gzip->setChecked(o.container == idx::Container::Gzip);
}

void ImportDialog::updateFields()
{
    const auto source = idx::LabelSource(m_source->currentData().toInt());
    m_csv->setEnabled(source == idx::LabelSource::Csv);
    m_labels->setEnabled(source != idx::LabelSource::None);
    const idx::PngImportOptions o = options();
    const bool ok = !o.folder.isEmpty() && !o.imagesPath.isEmpty() &&
                    (source == idx::LabelSource::None || !o.labelsPath.isEmpty()) &&
                    (source != idx::LabelSource::Csv || !o.labelsCsv.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace idx::gui
