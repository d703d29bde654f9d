// Label change logs: derived from the overlay, CSV out and in, applied with per-line validation.
#include "changelog.h"
#include "numbertext.h"

#include "csvreader.h"
#include "sink.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

QByteArray numBytes(double v)
{
    return numberText(v).toLatin1();
}

std::optional<double> parseNumber(QByteArrayView field)
{
    bool ok = false;
    const double v = field.trimmed().toByteArray().toDouble(&ok);
    return ok ? std::optional(v) : std::nullopt;
}

bool sameValue(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b));
}
} // namespace

std::vector<LabelChange> labelChanges(const EditableTensor& labels)
{
    std::vector<LabelChange> out;
    const auto& mods = labels.modifications();
    if (mods.empty() || labels.recordElements() == 0)
        return out;
    const TensorView& base = labels.base();
    // Positions of surviving base records with an overlay entry: walk the segments that reference the base.
    for (const Segment& s : labels.segments()) {
        if (s.source != 0)
            continue;
        for (auto it = mods.lower_bound(RecordKey{0, s.start});
             it != mods.end() && it->first < RecordKey{0, s.start + s.count}; ++it) {
            const quint64 index = it->first.index;
            const double before = base.value(index * labels.recordElements());
            const double after = decodeElement(reinterpret_cast<const uchar*>(it->second.constData()),
                                               labels.dtype(), labels.byteOrder());
            if (!sameValue(before, after))
                out.push_back(LabelChange{index, before, after});
        }
    }
    std::sort(out.begin(), out.end(),
              [](const LabelChange& a, const LabelChange& b) { return a.index < b.index; });
    return out;
}

QByteArray changeLogCsv(const std::vector<LabelChange>& changes)
{
    QByteArray out = "index,old,new\n";
    for (const LabelChange& c : changes)
        out += QByteArray::number(c.index) + ',' + numBytes(c.oldValue) + ',' + numBytes(c.newValue) + '\n';
    return out;
}

WriteResult writeChangeLog(const QString& path, const std::vector<LabelChange>& changes)
{
    const QByteArray csv = changeLogCsv(changes);
    return detail::saveAtomically(path, [&](QIODevice& out) {
        detail::Sink sink(out, Container::Raw);
        return sink.write(csv) ? WriteResult{} : detail::failure(sink.error());
    });
}

namespace {
constexpr int kMaxErrors =
    100; // bad lines reported before reading stops (a wrong file is not read to its end)

ChangeLogParse parseDevice(QIODevice& device, const QString& fileName)
{
    ChangeLogParse r;
    CsvOptions options;
    options.maxBytes = qint64(64) << 20; // some four million changes
    options.trimSpaces = true;
    CsvReader reader(device, options);
    // Records one by one; false once the error list is full (then the reading stops).
    const auto bad = [&](const CsvPosition& at, const QString& reason) {
        if (r.errors.size() < kMaxErrors) {
            r.errors << csvMessage(fileName, at, reason);
            return true;
        }
        r.errors << csvMessage(
            fileName, at,
            Tr::tr("more than %1 lines could not be read; the rest of the file was not read")
                .arg(kMaxErrors));
        return false;
    };
    bool first = true;
    while (const std::optional<CsvRecord> record = reader.next()) {
        const std::vector<CsvField>& f = record->fields;
        const bool header = first && isCsvHeader(*record, 3, {0, 1, 2});
        first = false;
        if (header)
            continue;
        if (f.size() != 3) {
            if (!bad(record->at(), Tr::tr("expected 3 fields (index,old,new), found %1").arg(f.size())))
                return r;
            continue;
        }
        bool ok = false;
        const quint64 index = f[0].text.toULongLong(&ok);
        if (!ok) {
            if (!bad(f[0].at, Tr::tr("\"%1\" is not a record index").arg(QString::fromUtf8(f[0].text))))
                return r;
            continue;
        }
        const auto oldValue = parseNumber(f[1].text);
        const auto newValue = parseNumber(f[2].text);
        if (!oldValue || !newValue) {
            const CsvField& field = oldValue ? f[2] : f[1];
            if (!bad(field.at, Tr::tr("\"%1\" is not a number").arg(QString::fromUtf8(field.text))))
                return r;
            continue;
        }
        r.entries.push_back(ChangeLogEntry{int(record->at().line), LabelChange{index, *oldValue, *newValue}});
    }
    if (const auto& e = reader.error())
        r.errors << csvMessage(fileName, e->at,
                               Tr::tr("%1; the rest of the file was not read").arg(e->reason));
    return r;
}
} // namespace

ChangeLogParse parseChangeLog(QByteArrayView csv, const QString& fileName)
{
    QByteArray bytes = csv.toByteArray();
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    return parseDevice(buffer, fileName);
}

ChangeLogParse readChangeLog(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        ChangeLogParse r;
        r.errors << Tr::tr("cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return r;
    }
    return parseDevice(f, path);
}

ChangeLogApply applyChangeLog(EditableTensor& target, const std::vector<ChangeLogEntry>& entries, bool force)
{
    ChangeLogApply r;
    Edit all;
    for (const ChangeLogEntry& e : entries) {
        const LabelChange& c = e.change;
        if (c.index >= target.recordCount()) {
            r.issues << Tr::tr("line %1: index %2 is out of range (the labels have %3 records); not applied")
                            .arg(e.line)
                            .arg(c.index)
                            .arg(target.recordCount());
            continue;
        }
        const double current = target.value(c.index, 0);
        const bool mismatch = !sameValue(current, c.oldValue);
        if (mismatch && !force) {
            r.issues << Tr::tr("line %1: record %2 has label %3, not %4 as the log says; not applied")
                            .arg(e.line)
                            .arg(c.index)
                            .arg(numberText(current), numberText(c.oldValue));
            continue;
        }
        EditResult er = target.setElement(c.index, 0, c.newValue);
        if (!er) {
            r.issues << Tr::tr("line %1: %2; not applied").arg(e.line).arg(er.error);
            continue;
        }
        if (mismatch)
            r.issues << Tr::tr("line %1: record %2 had label %3, not %4 as the log says; applied anyway")
                            .arg(e.line)
                            .arg(c.index)
                            .arg(numberText(current), numberText(c.oldValue));
        all.append(*er.edit);
        ++r.applied;
    }
    if (r.applied > 0)
        r.edit = std::move(all);
    return r;
}

} // namespace idx
