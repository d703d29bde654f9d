// Companion files: finding the labels of an images file (and back) by the MNIST-family naming conventions,
// and checking that the two agree.
#include "companion.h"

#include "container.h"
#include "sibling.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace idx {

namespace {
struct NameParts {
    QString stem; // "train" in train-images-idx3-ubyte.gz
    QString kind; // images | labels
    QChar sep;    // '-' or '.' before idxN
    QString idx;  // idx3-ubyte, idx1-ubyte, idx2-int
    QString ext;  // "", .gz, .xz (as spelt)
};

std::optional<NameParts> splitName(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^(.*)-(images|labels)([-.])(idx\\d+-(?:ubyte|int))"
                                                      "((?:\\.gz|\\.xz)?)$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(name);
    if (!m.hasMatch())
        return std::nullopt;
    return NameParts{m.captured(1), m.captured(2).toLower(), m.captured(3).at(0), m.captured(4),
                     m.captured(5)};
}
} // namespace

std::optional<QString> findOtherSplit(const QString& path)
{
    if (splitArchivePath(path))
        return std::nullopt;
    const QFileInfo fi(path);
    QString name = fi.fileName();
    QString ext;
    for (const QLatin1String e : {QLatin1String(".gz"), QLatin1String(".xz")})
        if (name.endsWith(e, Qt::CaseInsensitive)) {
            ext = name.right(3);
            name.chop(3);
        }
    const std::pair<QLatin1String, std::vector<QLatin1String>> swaps[] = {
        {QLatin1String("train"), {QLatin1String("t10k"), QLatin1String("test")}},
        {QLatin1String("t10k"), {QLatin1String("train")}},
        {QLatin1String("test"), {QLatin1String("train")}}};
    for (const auto& [from, tos] : swaps) {
        // A word of the name ("contest" holds no split), in any case.
        const QRegularExpression word(QStringLiteral("(?<![A-Za-z])%1(?![A-Za-z])").arg(from),
                                      QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch m = word.match(name);
        if (!m.hasMatch())
            continue;
        const QString found = m.captured();
        for (const QLatin1String to : tos) {
            // The case of the word found: TRAIN → T10K, Train → Test, train → t10k.
            QString replacement(to);
            if (found == found.toUpper())
                replacement = replacement.toUpper();
            else if (found.at(0).isUpper())
                replacement[0] = replacement.at(0).toUpper();
            QString other = name;
            other.replace(m.capturedStart(), found.size(), replacement);
            for (const QString& e : {ext, QString(), QStringLiteral(".gz"), QStringLiteral(".xz")}) {
                const QString candidate = fi.dir().filePath(other + e);
                if (QFileInfo(candidate).isFile())
                    return candidate;
            }
        }
    }
    return std::nullopt;
}

QStringList companionCandidates(const QString& path)
{
    if (const auto member = splitArchivePath(path)) { // ARCHIVE.npz:x_train ↔ ARCHIVE.npz:y_train
        // The pairings pairedArrays() knows: x_*/y_*, images/labels, *_images/*_labels.
        const QString name = npzArrayName(member->member);
        const QString base = member->archive + QLatin1Char(':');
        if (name.startsWith(QLatin1String("x_")))
            return {base + QLatin1String("y_") + name.mid(2)};
        if (name.startsWith(QLatin1String("y_")))
            return {base + QLatin1String("x_") + name.mid(2)};
        if (name == QLatin1String("images"))
            return {base + QLatin1String("labels")};
        if (name == QLatin1String("labels"))
            return {base + QLatin1String("images")};
        if (name.endsWith(QLatin1String("_images")))
            return {base + name.chopped(7) + QLatin1String("_labels")};
        if (name.endsWith(QLatin1String("_labels")))
            return {base + name.chopped(7) + QLatin1String("_images")};
        return {};
    }
    const QFileInfo fi(path);
    const auto parts = splitName(fi.fileName());
    if (!parts)
        return {};
    const QDir dir = fi.dir();
    const QChar otherSep = parts->sep == QLatin1Char('-') ? QLatin1Char('.') : QLatin1Char('-');
    // Same compression first, then the others: an images .gz may sit beside raw labels and vice versa.
    QStringList exts{parts->ext};
    for (const QString& e : {QString(), QStringLiteral(".gz"), QStringLiteral(".xz")})
        if (!exts.contains(e, Qt::CaseInsensitive))
            exts << e;
    QStringList names;
    auto add = [&](const QString& kind, QChar sep, const QString& idxPart) {
        for (const QString& e : exts)
            names << parts->stem + QLatin1Char('-') + kind + sep + idxPart + e;
    };
    if (parts->kind == QLatin1String("images")) {
        add(QStringLiteral("labels"), parts->sep, QStringLiteral("idx1-ubyte"));
        add(QStringLiteral("labels"), otherSep, QStringLiteral("idx1-ubyte"));
        add(QStringLiteral("labels"), QLatin1Char('-'), QStringLiteral("idx2-int")); // QMNIST
    } else {
        add(QStringLiteral("images"), parts->sep, QStringLiteral("idx3-ubyte"));
        add(QStringLiteral("images"), otherSep, QStringLiteral("idx3-ubyte"));
    }
    QStringList out;
    for (const QString& n : names)
        out << dir.filePath(n);
    out.removeDuplicates();
    out.removeAll(fi.filePath());
    return out;
}

std::optional<QString> findCompanion(const QString& path)
{
    for (const QString& c : companionCandidates(path)) {
        if (const auto member = splitArchivePath(c)) {
            const QString wanted = npzArrayName(member->member);
            for (const NpzArray& a :
                 listNpz(member->archive, [&wanted](const QString& name) { return name == wanted; }).arrays)
                if (a.layout && a.name == wanted)
                    return c;
        } else if (QFileInfo(c).isFile()) {
            return c;
        }
    }
    return std::nullopt;
}

QString companionLabelsPath(const QString& imagesPath)
{
    const QFileInfo info(imagesPath);
    QString name = info.fileName();
    static const QRegularExpression images(QStringLiteral("images([-.]idx)\\d"),
                                           QRegularExpression::CaseInsensitiveOption);
    if (const auto m = images.match(name); m.hasMatch()) {
        name.replace(m.capturedStart(), m.capturedLength(),
                     QStringLiteral("labels") + m.captured(1) + QLatin1Char('1'));
    } else {
        // A .gz or .xz suffix stays: the labels are written in the same container.
        const QString suffix = containerForPath(name) != Container::Raw ? name.right(3) : QString();
        QString base = name.chopped(suffix.size());
        if (const int dot = base.lastIndexOf(QLatin1Char('.')); dot > 0)
            base.truncate(dot);
        name = base + QStringLiteral("-labels-idx1-ubyte") + suffix;
    }
    return info.dir().filePath(name);
}

QString checkCompanion(const Header& images, const Header& labels)
{
    if (labels.ndim() != 1 && labels.ndim() != 2)
        return QCoreApplication::translate("idx",
                                           "a labels file must be 1-D or 2-D, but this one has %n "
                                           "dimension(s)",
                                           nullptr, labels.ndim());
    if (labels.ndim() == 2 && labels.dims[1] == 0)
        return QCoreApplication::translate("idx",
                                           "the labels file has %1 records of no values (no label column)")
            .arg(labels.dims[0]);
    if (labels.dims[0] != images.recordCount())
        return QCoreApplication::translate("idx", "the labels file has %1 records but the images file has %2")
            .arg(labels.dims[0])
            .arg(images.recordCount());
    return {};
}

std::vector<qint64> labelClasses(const TensorView& labels)
{
    std::vector<qint64> out;
    const Header& h = labels.header();
    if (h.ndim() != 1 && h.ndim() != 2)
        return out;
    const quint64 n = labels.availableRecords();
    const quint64 stride = h.ndim() == 2 ? h.dims[1] : 1;
    if (stride == 0)
        return out;
    out.reserve(size_t(n));
    for (quint64 i = 0; i < n; ++i) {
        const double v = labels.value(i * stride);
        // Truncate toward zero; NaN becomes 0 and infinities clamp, so callers never see UB from a cast.
        qint64 c = 0;
        if (std::isnan(v))
            c = 0;
        else if (v >= 9.2e18)
            c = std::numeric_limits<qint64>::max();
        else if (v <= -9.2e18)
            c = std::numeric_limits<qint64>::min();
        else
            c = qint64(std::trunc(v));
        out.push_back(c);
    }
    return out;
}

} // namespace idx
