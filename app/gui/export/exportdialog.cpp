// ExportDialog: scope box, folder row with a native folder chooser, pixel options; OK only when there are
// records and a folder.
#include "exportdialog.h"

#include <QCheckBox>
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

ExportDialog::ExportDialog(Kind kind, const RecordContext& context, const ImageChoice& shown,
                           const QString& folder, QWidget* parent)
    : QDialog(parent), m_kind(kind)
{
    const bool sprite = kind == Kind::Sprite;
    setWindowTitle(sprite ? tr("Export Sprite Sheet for the Projector") : tr("Export Records as PNG Files"));
    auto* layout = new QVBoxLayout(this);
    if (sprite) {
        auto* note = new QLabel(
            context.names.isEmpty()
                ? tr("Writes sprite.png (a square grid, row-major) and metadata.tsv (one label per line) for "
                     "the TensorBoard Projector.")
                : tr("Writes sprite.png (a square grid, row-major) and metadata.tsv (each record's label and "
                     "class name) for the TensorBoard Projector."),
            this);
        note->setWordWrap(true);
        layout->addWidget(note);
    }
    m_scope = new RecordScopeBox(context,
                                 {RecordScope::Current, RecordScope::Selected, RecordScope::Range,
                                  RecordScope::All, RecordScope::Labels, RecordScope::Filtered},
                                 this);
    layout->addWidget(m_scope);

    auto* folderRow = new QHBoxLayout;
    m_folder = new QLineEdit(QDir::toNativeSeparators(folder), this);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    auto* folderLabel = new QLabel(tr("F&older:"), this);
    folderLabel->setBuddy(m_folder);
    folderRow->addWidget(folderLabel);
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    layout->addLayout(folderRow);
    if (!sprite) {
        auto* naming =
            new QLabel(tr("Files are named INDEX_LABEL.png (zero-padded, as the command line names "
                          "them). Existing files are never replaced without asking."),
                       this);
        naming->setWordWrap(true);
        layout->addWidget(naming);
        if (!context.labels.empty() && !context.names.isEmpty()) {
            m_nameByClass = new QCheckBox(
                tr("&Name files by class (INDEX_NAME.png, such as %1)")
                    .arg(idx::recordFileName(42, 5, context.names.all().begin()->first, &context.names)),
                this);
            layout->addWidget(m_nameByClass);
        }
    }
    m_image = new ImageOptionsBox(shown, this);
    layout->addWidget(m_image);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose a Folder"),
                                                              QDir::fromNativeSeparators(m_folder->text()));
        if (!dir.isEmpty())
            setFolder(dir);
    });
    connect(m_folder, &QLineEdit::textChanged, this, &ExportDialog::updateOk);
    connect(m_scope, &RecordScopeBox::changed, this, &ExportDialog::updateOk);
    updateOk();
}

void ExportDialog::setFolder(const QString& folder)
{
    m_folder->setText(QDir::toNativeSeparators(folder));
}

ExportDialog::Request ExportDialog::request() const
{
    return {m_scope->choice(), QDir::fromNativeSeparators(m_folder->text().trimmed()), m_image->choice(),
            m_nameByClass && m_nameByClass->isChecked()};
}

void ExportDialog::updateOk()
{
    const bool ok = !m_folder->text().trimmed().isEmpty() && !m_scope->records().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace idx::gui
