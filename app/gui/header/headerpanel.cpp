// HeaderPanel: a scrollable form of read-only, selectable values; refreshed whenever the document's view,
// diagnostics or labels change.
#include "headerpanel.h"

#include "discardguard.h"

#include "document.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHash>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace idx::gui {

namespace {
QString bytes(qint64 n)
{
    if (n < 0)
        return HeaderPanel::tr("unknown");
    const QLocale l;
    if (n < 1024)
        return HeaderPanel::tr("%L1 bytes").arg(n);
    return HeaderPanel::tr("%1 (%L2 bytes)").arg(l.formattedDataSize(n), QString::number(n));
}

QString dimsString(const std::vector<quint64>& dims)
{
    QStringList parts;
    for (quint64 d : dims)
        parts << QLocale().toString(d);
    return parts.isEmpty() ? HeaderPanel::tr("(scalar)") : parts.join(QStringLiteral(" × "));
}
} // namespace

HeaderPanel::HeaderPanel(Document* doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    m_body = new QWidget(scroll);
    auto* column = new QVBoxLayout(m_body);
    column->setContentsMargins(8, 6, 8, 8);
    scroll->setWidget(m_body);

    QFormLayout* file = addSection(tr("File"));
    addRow(file, QStringLiteral("path"), tr("Path"));
    addRow(file, QStringLiteral("format"), tr("Format"));
    addRow(file, QStringLiteral("dataset"), tr("Dataset"));
    addRow(file, QStringLiteral("container"), tr("Container"));
    addRow(file, QStringLiteral("filesize"), tr("Size on disk"));
    addRow(file, QStringLiteral("streamsize"), tr("Decompressed"));

    QFormLayout* header = addSection(tr("Header"));
    addRow(header, QStringLiteral("magic"), tr("Magic"));
    addRow(header, QStringLiteral("typecode"), tr("Type code"));
    addRow(header, QStringLiteral("dtype"), tr("Element type"));
    addRow(header, QStringLiteral("readas"), tr("Read as"));
    addRow(header, QStringLiteral("elementsize"), tr("Element size"));
    addRow(header, QStringLiteral("ndim"), tr("Dimensions"));
    addRow(header, QStringLiteral("dims"), tr("Shape"));
    addRow(header, QStringLiteral("headerbytes"), tr("Header"));
    addRow(header, QStringLiteral("databytes"), tr("Data"));
    addRow(header, QStringLiteral("trailingbytes"), tr("Trailing"));
    addRow(header, QStringLiteral("records"), tr("Records loaded"));

    QFormLayout* order = addSection(tr("Byte order"));
    addRow(order, QStringLiteral("byteorder"), tr("Verdict"));
    addRow(order, QStringLiteral("evidence"), tr("Evidence"));
    m_littleEndian = new QCheckBox(tr("Read data as little-endian"), m_body);
    order->addRow(m_littleEndian);
    connect(m_littleEndian, &QCheckBox::toggled, doc,
            [doc](bool on) { doc->setDataOrder(on ? idx::ByteOrder::Little : idx::ByteOrder::Big); });

    QFormLayout* labels = addSection(tr("Labels"));
    addRow(labels, QStringLiteral("labels"), tr("Companion"));
    auto* buttons = new QHBoxLayout;
    m_attach = new QPushButton(tr("Choose…"), m_body);
    m_attach->setToolTip(tr("Attach a labels file by hand"));
    m_detach = new QPushButton(tr("Detach"), m_body);
    buttons->addWidget(m_attach);
    buttons->addWidget(m_detach);
    buttons->addStretch();
    labels->addRow(buttons);
    connect(m_attach, &QPushButton::clicked, this, &HeaderPanel::attachLabelsRequested);
    connect(m_detach, &QPushButton::clicked, this, [this, doc] {
        if (confirmDiscard(this, doc, tr("Detach Labels")))
            doc->detachLabels();
    });

    QFormLayout* diag = addSection(tr("Diagnostics"));
    QLabel* warnings = addRow(diag, QStringLiteral("warnings"), QString());
    warnings->setTextFormat(Qt::RichText);
    column->addStretch();

    connect(doc, &Document::diagnosticsChanged, this, &HeaderPanel::refresh);
    connect(doc, &Document::labelsChanged, this, &HeaderPanel::refresh);
    connect(doc, &Document::reloaded, this, &HeaderPanel::refresh);
    connect(doc, &Document::loadFinished, this, &HeaderPanel::refresh);
    connect(doc, &Document::viewChanged, this, &HeaderPanel::refresh);
    connect(doc, &Document::modifiedChanged, this, &HeaderPanel::refresh); // the Dataset row says so
    refresh();
}

QFormLayout* HeaderPanel::addSection(const QString& title)
{
    auto* column = static_cast<QVBoxLayout*>(m_body->layout());
    auto* heading = new QLabel(title, m_body);
    QFont f = heading->font();
    f.setBold(true);
    heading->setFont(f);
    if (column->count() > 0)
        column->addSpacing(6);
    column->addWidget(heading);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setLabelAlignment(Qt::AlignLeft);
    form->setContentsMargins(8, 0, 0, 0);
    column->addLayout(form);
    return form;
}

QLabel* HeaderPanel::addRow(QFormLayout* form, const QString& key, const QString& title)
{
    auto* value = new QLabel(m_body);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    value->setMinimumWidth(60);
    if (title.isEmpty())
        form->addRow(value);
    else
        form->addRow(title, value);
    m_values.insert(key, value);
    return value;
}

QString HeaderPanel::value(const QString& key) const
{
    const QLabel* l = m_values.value(key);
    return l ? l->text() : QString();
}

void HeaderPanel::refresh()
{
    const auto& f = *m_doc->file();
    auto set = [this](const char* key, const QString& text) {
        m_values.value(QLatin1String(key))->setText(text);
    };
    set("path", QDir::toNativeSeparators(m_doc->path()));
    const bool compressed = f.container() != idx::Container::Raw;
    const idx::SourceLayout& source = f.source();
    const bool sibling = source.format != idx::SourceFormat::Idx;
    set("format", !sibling ? QStringLiteral("IDX")
                           : tr("%1 (%2, %3), read as IDX; edits are saved as IDX (Save As)")
                                 .arg(idx::sourceFormatName(source.format), source.descr,
                                      source.fortran ? tr("column-major") : tr("row-major")));
    const auto& dataset = m_doc->dataset();
    // The evidence is about the files as opened: unsaved edits since (a fixed label) are said, not hidden.
    set("dataset", dataset ? tr("%1 (%2)%3")
                                 .arg(dataset->title(), dataset->evidence,
                                      m_doc->isModified() ? tr("; edited since, not saved") : QString())
                   : !m_doc->isLoaded() ? tr("checked once loaded")
                   : m_doc->hasLabels()
                       ? tr("not recognised (by its content, nor by its labels file's)")
                       : tr("not recognised by its content (a labels file beside it would tell "
                            "more: MNIST's images are known by their labels)"));
    set("container", compressed ? tr("%1 (compressed)").arg(idx::containerName(f.container()))
                     : source.format == idx::SourceFormat::Npz ? tr("zip archive (an array inside it)")
                     : sibling || f.isConverted()              ? tr("raw")
                                                               : tr("raw (mapped)"));
    // After a save over the file the document still reads the file as opened (its undo history builds on
    // it): sizes are the saved file's, its stream the canonical header and the records saved.
    const idx::TensorLayout* saved = m_doc->savedLayout(Document::Part::Main);
    const bool savedOver = saved != nullptr;
    const qint64 fileSize = savedOver ? QFileInfo(m_doc->path()).size() : f.fileSize();
    set("filesize", bytes(fileSize));
    if (compressed) {
        const qint64 stream = savedOver ? qint64(quint64(saved->header.headerBytes) + saved->header.dataBytes)
                              : f.isLoaded() ? f.decodedBytes()
                                             : f.expectedBytes();
        const QString ratio = fileSize > 0 && stream > 0
                                  ? tr(" — %1 : 1").arg(QLocale().toString(double(stream) / fileSize, 'f', 1))
                                  : QString();
        set("streamsize", bytes(stream) + ratio);
    } else {
        set("streamsize", tr("— (not compressed)"));
    }
    const bool valid = f.headerValid();
    const idx::Header& h = f.header();
    // The magic of the IDX stream (decompressed for .gz/.xz), not the container's own signature.
    if (valid && sibling)
        set("magic", tr("%1 as IDX (the file itself starts %2)")
                         .arg(QString::fromLatin1(h.encode().left(4).toHex(' ').toUpper()),
                              QString::fromLatin1(f.leadingBytes().left(4).toHex(' ').toUpper())));
    else if (valid)
        set("magic", h.encode().left(4).toHex(' ').toUpper());
    else if (f.container() == idx::Container::Raw)
        set("magic", f.leadingBytes().left(4).toHex(' ').toUpper());
    else
        set("magic", tr("%1 (the compressed file's first bytes)")
                         .arg(QString::fromLatin1(f.leadingBytes().left(4).toHex(' ').toUpper())));
    const QString na = tr("—");
    set("typecode",
        valid ? QStringLiteral("0x") + QStringLiteral("%1").arg(h.typeCode, 2, 16, QLatin1Char('0')).toUpper()
              : na);
    set("dtype", valid ? idx::dtypeName(h.dtype) : na);
    // The reinterpretation in force, and what the file itself says.
    const idx::OpenOptions how = m_doc->openOptions();
    set("readas",
        how.isDefault() ? tr("as written")
        : how.elementType
            ? tr("%1 (the file's type code is 0x%2)")
                  .arg(how.describe())
                  .arg(QString::number(f.storedTypeCode(), 16).toUpper().rightJustified(2, QLatin1Char('0')))
            : how.describe());
    set("elementsize", valid ? tr("%n byte(s)", nullptr, h.elementSize()) : na);
    // Shape, payload and records as the document holds them now (records inserted or deleted count).
    const idx::Header now = valid ? m_doc->header() : h;
    set("ndim", valid ? QString::number(h.ndim()) : na);
    set("dims", valid ? dimsString(now.dims) : na);
    set("headerbytes", valid ? bytes(h.headerBytes) : na);
    set("databytes", valid ? bytes(qint64(now.dataBytes)) : na);
    set("trailingbytes", valid && savedOver      ? bytes(0) // a save writes none
                         : valid && f.isLoaded() ? bytes(f.trailingBytes())
                                                 : (valid ? tr("known once loaded") : na));
    set("records", valid ? tr("%L1 of %L2").arg(m_doc->availableRecords()).arg(now.recordCount()) : na);

    const idx::ByteOrderCheck bo = m_doc->byteOrderCheck();
    const bool multiByte = valid && h.elementSize() > 1;
    set("byteorder",
        !valid ? na : (m_doc->isLoaded() ? idx::verdictName(bo.verdict) : tr("checked once loaded")));
    set("evidence", bo.evidence.isEmpty() ? na : bo.evidence);
    // A sibling format names its byte order in its own header and is converted as it says.
    m_littleEndian->setEnabled(multiByte && !sibling);
    m_littleEndian->setToolTip(
        sibling ? tr("A %1 file names its byte order in its header: it is read as written")
                      .arg(idx::sourceFormatName(source.format))
                : tr("For files whose writer put little-endian values behind the big-endian header"));
    {
        const QSignalBlocker block(m_littleEndian);
        m_littleEndian->setChecked(m_doc->dataOrder() == idx::ByteOrder::Little);
    }

    QString labels;
    if (m_doc->labelsFile())
        labels = tr("%1\n%L2 labels loaded")
                     .arg(QDir::toNativeSeparators(m_doc->labelsPath()))
                     .arg(m_doc->labelClasses().size());
    else if (!m_doc->labelsMessage().isEmpty())
        labels = m_doc->labelsMessage();
    else
        labels = tr("none");
    set("labels", labels);
    m_attach->setEnabled(valid);
    m_detach->setEnabled(m_doc->labelsFile() != nullptr);

    QStringList items;
    for (const idx::Diagnostic& d : m_doc->diagnostics()) {
        const QString tag = d.isError() ? tr("Error") : tr("Warning");
        const QString color = d.isError() ? QStringLiteral("#d9434f") : QStringLiteral("#c98a00");
        items << QStringLiteral("<p><b style=\"color:%1\">%2:</b> %3</p>")
                     .arg(color, tag, d.message.toHtmlEscaped());
    }
    set("warnings", items.isEmpty() ? tr("No problems found.") : items.join(QString()));
}

} // namespace idx::gui
