// ClassNamesDialog: a three-column table (label, records, name), Load…, Export… and Reset.
#include "classnamesdialog.h"

#include "document.h"
#include "filefilters.h"
#include "settings.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>

#include <map>

namespace idx::gui {

namespace {
enum Column { LabelColumn, CountColumn, NameColumn };
}

ClassNamesDialog::ClassNamesDialog(Document* doc, QWidget* parent)
    : QDialog(parent), m_doc(doc), m_source(new QLabel(this)), m_table(new QTableWidget(0, 3, this))
{
    setWindowTitle(tr("Class Names — %1").arg(doc->displayName()));
    auto* layout = new QVBoxLayout(this);
    m_source->setWordWrap(true);
    layout->addWidget(m_source);
    m_table->setHorizontalHeaderLabels({tr("Label"), tr("Records"), tr("Name")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton* loadButton = buttons->addButton(tr("&Load…"), QDialogButtonBox::ActionRole);
    QPushButton* exportButton = buttons->addButton(tr("&Export…"), QDialogButtonBox::ActionRole);
    const auto& dataset = doc->dataset();
    const bool known = dataset && !dataset->classes.isEmpty();
    QPushButton* reset =
        buttons->addButton(known ? tr("&Dataset's Names") : tr("&Clear"), QDialogButtonBox::ResetRole);
    reset->setToolTip(known ? tr("Go back to %1's own names").arg(dataset->dataset)
                            : tr("Remove every name"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(loadButton, &QPushButton::clicked, this, &ClassNamesDialog::load);
    connect(exportButton, &QPushButton::clicked, this, &ClassNamesDialog::exportNames);
    connect(reset, &QPushButton::clicked, this,
            [this, known, dataset] { setNames(known ? dataset->classes : idx::ClassNames()); });

    const QString remembered =
        doc->canRememberClassNames()
            ? tr("Names you give are remembered for these labels, wherever the file goes.")
            : tr("These labels are too large to be remembered by their content (over %1 "
                 "MB): the names you give last until the file is closed.")
                  .arg(idx::kMaxKeyedBytes >> 20);
    m_source->setText((known
                           ? tr("%1 names its classes; change any name here, or load names from a file.")
                                 .arg(dataset->dataset)
                           : tr("Name the classes here, or load the names from a file (one name per line, an "
                                "EMNIST mapping, or a CSV).")) +
                      QLatin1Char(' ') + remembered);
    // Counted once: the dialog opens on loaded labels, and a pass over even 800,000 of them is short.
    m_counts = doc->labelCounts();
    setNames(doc->classNames());
    resize(460, 520);
}

void ClassNamesDialog::setNames(const idx::ClassNames& names)
{
    std::map<qint64, quint64> counts = m_counts;
    for (const auto& [label, name] : names.all())
        counts.try_emplace(label, 0);
    m_table->setRowCount(int(counts.size()));
    int row = 0;
    for (const auto& [label, count] : counts) {
        auto* labelItem = new QTableWidgetItem(QString::number(label));
        labelItem->setData(Qt::UserRole, label);
        labelItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        auto* countItem = new QTableWidgetItem(QLocale().toString(count));
        countItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        countItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, LabelColumn, labelItem);
        m_table->setItem(row, CountColumn, countItem);
        m_table->setItem(row, NameColumn, new QTableWidgetItem(names.name(label)));
        ++row;
    }
    m_table->resizeColumnToContents(LabelColumn);
    m_table->resizeColumnToContents(CountColumn);
}

idx::ClassNames ClassNamesDialog::names() const
{
    idx::ClassNames out;
    for (int row = 0; row < m_table->rowCount(); ++row)
        out.set(m_table->item(row, LabelColumn)->data(Qt::UserRole).toLongLong(),
                m_table->item(row, NameColumn)->text().trimmed());
    return out;
}

bool ClassNamesDialog::loadFile(const QString& path, QString* error)
{
    QString why;
    const idx::ClassNames loaded = idx::ClassNames::load(path, &why);
    if (loaded.isEmpty()) {
        if (error)
            *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), why);
        return false;
    }
    setNames(loaded);
    return true;
}

bool ClassNamesDialog::exportFile(const QString& path, QString* error) const
{
    QSaveFile file(path);
    const QByteArray csv = names().toCsv();
    if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !file.commit()) {
        if (error)
            *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

QString ClassNamesDialog::problem() const
{
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (m_table->item(row, NameColumn)->text().trimmed().size() > idx::ClassNames::kMaxName)
            return tr("The name of label %1 is longer than %2 characters.")
                .arg(m_table->item(row, LabelColumn)->text())
                .arg(idx::ClassNames::kMaxName);
    return {};
}

void ClassNamesDialog::accept()
{
    if (const QString why = problem(); !why.isEmpty()) {
        QMessageBox::warning(this, tr("Class Names"), why);
        return;
    }
    QDialog::accept();
}

void ClassNamesDialog::apply()
{
    const idx::ClassNames chosen = names();
    const auto& dataset = m_doc->dataset();
    // The dataset's own names are not given ones: they stay the dataset's (and follow its recognition).
    m_doc->setClassNames(dataset && chosen == dataset->classes ? idx::ClassNames() : chosen);
}

void ClassNamesDialog::load()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Load Class Names"), Settings::lastFolder(),
        fileFilters({fileFilter(tr("Names"), {idx::Format::Text, idx::Format::Csv}), allFilesFilter()}));
    if (path.isEmpty())
        return;
    Settings::setLastFolder(path);
    QString error;
    if (!loadFile(path, &error))
        QMessageBox::warning(this, tr("Load Class Names"), tr("The names were not loaded.\n%1").arg(error));
}

void ClassNamesDialog::exportNames()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export Class Names"),
                                     QDir(Settings::lastFolder()).filePath(QStringLiteral("class-names.csv")),
                                     fileFilters({fileFilter(idx::Format::Csv), allFilesFilter()}));
    if (path.isEmpty())
        return;
    Settings::setLastFolder(path);
    QString error;
    if (!exportFile(path, &error))
        QMessageBox::warning(this, tr("Export Class Names"),
                             tr("The names were not written.\n%1").arg(error));
}

} // namespace idx::gui
