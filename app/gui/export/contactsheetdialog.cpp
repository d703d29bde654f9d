// ContactSheetDialog: the layout fields plus a live "N records in C × R tiles" summary; the file row uses the
// native save dialog (which asks before replacing a file).
#include "contactsheetdialog.h"

#include "filefilters.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace idx::gui {

ContactSheetDialog::ContactSheetDialog(const RecordContext& context, const ImageChoice& shown,
                                       const QString& path, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Contact Sheet"));
    auto* layout = new QVBoxLayout(this);
    m_scope = new RecordScopeBox(context,
                                 {RecordScope::Selected, RecordScope::Filtered, RecordScope::Labels,
                                  RecordScope::Range, RecordScope::All},
                                 this);
    layout->addWidget(m_scope);

    auto* form = new QFormLayout;
    m_columns = new QSpinBox(this);
    m_columns->setRange(1, 1000);
    m_columns->setValue(10);
    m_gap = new QSpinBox(this);
    m_gap->setRange(0, 100);
    m_gap->setValue(1);
    m_gap->setSuffix(tr(" px"));
    m_captions = new QCheckBox(tr("Caption each tile with its index and label"), this);
    form->addRow(tr("C&olumns:"), m_columns);
    form->addRow(tr("&Gap:"), m_gap);
    form->addRow(QString(), m_captions);
    auto* fileRow = new QHBoxLayout;
    m_path = new QLineEdit(QDir::toNativeSeparators(path), this);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);
    auto* fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, fileRow);
    layout->addLayout(form);
    m_image = new ImageOptionsBox(shown, this);
    layout->addWidget(m_image);
    m_summary = new QLabel(this);
    layout->addWidget(m_summary);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Save Contact Sheet"),
                                                          QDir::fromNativeSeparators(m_path->text()),
                                                          fileFilters({fileFilter(idx::Format::Png)}));
        if (!file.isEmpty())
            m_path->setText(QDir::toNativeSeparators(file));
    });
    connect(m_scope, &RecordScopeBox::changed, this, &ContactSheetDialog::updateSummary);
    connect(m_columns, &QSpinBox::valueChanged, this, &ContactSheetDialog::updateSummary);
    connect(m_path, &QLineEdit::textChanged, this, &ContactSheetDialog::updateSummary);
    updateSummary();
}

ContactSheetDialog::Request ContactSheetDialog::request() const
{
    Request r;
    r.choice = m_scope->choice();
    r.columns = m_columns->value();
    r.gap = m_gap->value();
    r.captions = m_captions->isChecked();
    r.image = m_image->choice();
    r.path = QDir::fromNativeSeparators(m_path->text().trimmed());
    return r;
}

void ContactSheetDialog::setRequest(const Request& r)
{
    m_scope->setChoice(r.choice);
    m_columns->setValue(r.columns);
    m_gap->setValue(r.gap);
    m_captions->setChecked(r.captions);
    m_image->setChoice(r.image);
    m_path->setText(QDir::toNativeSeparators(r.path));
}

void ContactSheetDialog::updateSummary()
{
    const auto n = qint64(m_scope->records().count());
    const qint64 cols = std::min<qint64>(m_columns->value(), std::max<qint64>(1, n));
    const qint64 rows = n ? (n + cols - 1) / cols : 0;
    m_summary->setText(tr("%n record(s) in %1 × %2 tiles", nullptr, int(n)).arg(cols).arg(rows));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(n > 0 && !m_path->text().trimmed().isEmpty());
}

} // namespace idx::gui
