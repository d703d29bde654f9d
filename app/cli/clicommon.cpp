// Console output, option parsing, file loading and ranges shared by the idxscope-cli commands.
#include "clicommon.h"

#include "companion.h"
#include "dataset.h"

#include <QCoreApplication>
#include <QDir>

#include <atomic>
#include <cstdio>
#include <mutex>

#ifdef Q_OS_UNIX
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <io.h>
#endif

namespace idx::cli {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idxscope_cli)
};

std::mutex& consoleMutex()
{
    static std::mutex m;
    return m;
}
} // namespace

void out(const QString& text)
{
    std::lock_guard lock(consoleMutex());
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

void err(const QString& text)
{
    std::lock_guard lock(consoleMutex());
    std::fflush(stdout);
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    std::fflush(stderr);
}

bool stderrIsTerminal()
{
#ifdef Q_OS_UNIX
    return ::isatty(STDERR_FILENO) == 1;
#elif defined(Q_OS_WIN)
    return ::_isatty(_fileno(stderr)) != 0;
#else
    return false;
#endif
}

QString displayPath(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

int fileError(const QString& path, const QString& reason)
{
    err(Tr::tr("%1: error: %2: %3\n").arg(QLatin1String(kProgram), displayPath(path), reason));
    return Failure;
}

void fileWarning(const QString& path, const QString& message)
{
    err(Tr::tr("%1: warning: %2: %3\n").arg(QLatin1String(kProgram), displayPath(path), message));
}

int usageError(const QString& message, const QString& command)
{
    const QString help = command.isEmpty()
                             ? QStringLiteral("%1 --help").arg(QLatin1String(kProgram))
                             : QStringLiteral("%1 %2 --help").arg(QLatin1String(kProgram), command);
    err(Tr::tr("%1: error: %2\n").arg(QLatin1String(kProgram), message) +
        Tr::tr("Try '%1' for more information.\n").arg(help));
    return Usage;
}

// ---- CommandLine ----

CommandLine::CommandLine(QString command, QString description, QString positionalSyntax)
    : m_command(std::move(command)), m_syntax(std::move(positionalSyntax))
{
    m_parser.setApplicationDescription(description);
    m_parser.addHelpOption();
}

void CommandLine::addPositional(const QString& name, const QString& description, const QString& syntax)
{
    m_parser.addPositionalArgument(name, description, syntax);
}

QString CommandLine::helpText() const
{
    // Qt's first line names the program by its full path and misses the command: replace it.
    QString text = m_parser.helpText();
    const qsizetype eol = text.indexOf(QLatin1Char('\n'));
    const QString usage =
        Tr::tr("Usage: %1 %2 [options] %3").arg(QLatin1String(kProgram), m_command, m_syntax).trimmed();
    text = eol < 0 ? usage + QLatin1Char('\n') : usage + text.mid(eol);
    if (!text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    return text;
}

std::optional<int> CommandLine::parse(const QStringList& args, int minPositional, int maxPositional)
{
    if (!m_parser.parse(args))
        return usage(m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help")) || m_parser.isSet(QStringLiteral("help-all"))) {
        out(helpText());
        return Success;
    }
    m_positional = m_parser.positionalArguments();
    if (!m_positional.isEmpty())
        m_positional.removeFirst(); // the command itself
    if (m_positional.size() < minPositional)
        return usage(m_positional.isEmpty() ? Tr::tr("missing arguments") : Tr::tr("too few arguments"));
    if (maxPositional >= 0 && m_positional.size() > maxPositional)
        return usage(Tr::tr("unexpected argument '%1'").arg(m_positional.at(maxPositional)));
    return std::nullopt;
}

std::optional<qint64> CommandLine::intValue(const QString& name, qint64 min, qint64 max) const
{
    bool ok = false;
    const qint64 v = value(name).trimmed().toLongLong(&ok);
    if (!ok || v < min || v > max) {
        usage(Tr::tr("--%1 wants a whole number from %2 to %3, not '%4'")
                  .arg(name)
                  .arg(min)
                  .arg(max)
                  .arg(value(name)));
        return std::nullopt;
    }
    return v;
}

void CommandLine::addReadOptions()
{
    addOption(
        {QStringLiteral("type"),
         Tr::tr("Read the payload as this element type whatever the type code says (uint8, int8, int16,\n"
                "int32, float32, float64); the dims are kept."),
         QStringLiteral("NAME")});
    addOption(
        {QStringLiteral("byte-order"),
         Tr::tr("Read multi-byte data as 'little' or 'big' endian (default big, as IDX says). For a file\n"
                "whose header bytes are reversed, 'little' reads the whole file little-endian."),
         QStringLiteral("ORDER")});
    addOption({QStringLiteral("ignore-trailing"), Tr::tr("Do not warn about bytes after the payload.")});
}

void CommandLine::addClassNamesOption()
{
    addOption({QStringLiteral("class-names"),
               Tr::tr("Names of the label values, from FILE: one name per line (line 1 names label 0), an\n"
                      "EMNIST mapping ('label code-point' per line) or a CSV ('label,name'). They replace a\n"
                      "known dataset's names."),
               QStringLiteral("FILE")});
}

std::optional<ClassNames> CommandLine::classNames() const
{
    if (!isSet(QStringLiteral("class-names")))
        return ClassNames();
    const QString path = value(QStringLiteral("class-names"));
    QString why;
    ClassNames names = ClassNames::load(path, &why);
    if (names.isEmpty()) {
        fileError(path, why);
        return std::nullopt;
    }
    return names;
}

std::optional<ImagesInput> loadImagesWithLabels(const QString& imagesPath, const QString& labelsPath,
                                                int* status)
{
    ImagesInput in;
    in.images = loadFile(imagesPath);
    if (!in.images.ok()) {
        *status = loadError(in.images);
        return std::nullopt;
    }
    if (labelsPath.isEmpty())
        return in;
    in.labels = loadFile(labelsPath);
    if (!in.labels.ok()) {
        *status = loadError(in.labels);
        return std::nullopt;
    }
    if (const QString bad = checkCompanion(in.images.view.header(), in.labels.view.header());
        !bad.isEmpty()) {
        *status = fileError(labelsPath, bad);
        return std::nullopt;
    }
    return in;
}

ClassNames namesForLabels(const TensorView& labels, const ClassNames& given)
{
    if (!given.isEmpty())
        return given;
    const auto dataset = identifyDataset(labels);
    return dataset ? dataset->classes : ClassNames();
}

std::optional<OpenOptions> CommandLine::readOptions() const
{
    OpenOptions o;
    if (isSet(QStringLiteral("type"))) {
        o.elementType = storedTypeFromName(value(QStringLiteral("type")).trimmed().toLower());
        if (!o.elementType) {
            usage(
                Tr::tr(
                    "--type wants uint8, int8, int16, int32, float32, float64, or one shown widened: uint16, "
                    "uint32, int64, uint64, float16, bool; not '%1'")
                    .arg(value(QStringLiteral("type"))));
            return std::nullopt;
        }
    }
    if (isSet(QStringLiteral("byte-order"))) {
        const QString order = value(QStringLiteral("byte-order")).trimmed().toLower();
        if (order == QLatin1String("little")) {
            o.dataOrder = ByteOrder::Little;
        } else if (order != QLatin1String("big")) {
            usage(Tr::tr("--byte-order wants 'little' or 'big', not '%1'")
                      .arg(value(QStringLiteral("byte-order"))));
            return std::nullopt;
        }
    }
    o.ignoreTrailing = isSet(QStringLiteral("ignore-trailing"));
    return o;
}

// ---- files ----

QString LoadedFile::inexactReading() const
{
    for (const Diagnostic& d : diagnostics)
        if (d.code == DiagCode::Converted && d.actual > 0)
            return Tr::tr(
                       "%1; writing would not keep them (IDX has no 64-bit integer type, and float64 holds "
                       "integers exactly only up to 2^53)")
                .arg(d.message);
    return {};
}

QStringList LoadedFile::warnings() const
{
    QStringList w;
    for (const Diagnostic& d : diagnostics)
        if (!d.isError())
            w << d.message;
    return w;
}

LoadedFile loadFile(const QString& path, const OpenOptions& options)
{
    LoadedFile f;
    f.path = path;
    f.file = IdxFile::open(path, options);
    if (options.dataOrder == ByteOrder::Little && !options.littleEndianFile && !f.file->headerValid()) {
        const Diagnostics d = f.file->diagnostics();
        if (!d.isEmpty() && d.front().code == DiagCode::LittleEndianIdx) {
            OpenOptions whole = options;
            whole.littleEndianFile = true;
            f.file = IdxFile::open(path, whole);
        }
    }
    // Anything decoded (a compressed stream, a sibling format converted to IDX, a widened reading) takes time
    // in proportion to its size and shows its progress; a mapped IDX file is complete once open (its load
    // only samples the byte order) and reports none.
    if (f.file->headerValid() && !f.file->isLoaded() && stderrIsTerminal()) {
        TerminalProgress progress(f.file->container() != Container::Raw ? Tr::tr("decompressing")
                                                                        : Tr::tr("converting"));
        Control control;
        control.progress = [&progress](qint64 done, qint64 total) { progress.update(done, total); };
        (void)f.file->load(control);
        progress.finish();
    } else if (f.file->headerValid()) {
        (void)f.file->load();
    }
    f.diagnostics = f.file->diagnostics();
    f.view = f.file->view();
    f.error = firstError(f.diagnostics);
    if (f.error.isEmpty() && !f.file->headerValid())
        f.error = Tr::tr("not a valid IDX file");
    if (f.error.isEmpty() && !f.view.isComplete())
        f.error = Tr::tr("the payload is incomplete (%1 of %2 bytes)")
                      .arg(f.view.availableBytes())
                      .arg(f.view.header().dataBytes);
    if (!f.diagnostics.isEmpty())
        f.remedies = findRemedies(*f.file);
    return f;
}

QStringList remedyHints(const LoadedFile& f)
{
    QStringList hints;
    for (const Remedy& r : f.remedies)
        if (r.plausible)
            hints << QStringLiteral("%1: %2 (%3)")
                         .arg(openArguments(r.options).join(QLatin1Char(' ')), r.description, r.evidence);
    return hints;
}

namespace {
void printHints(const LoadedFile& f)
{
    for (const QString& h : remedyHints(f))
        err(Tr::tr("%1: hint: %2: %3\n").arg(QLatin1String(kProgram), displayPath(f.path), h));
}
} // namespace

int loadError(const LoadedFile& f)
{
    fileError(f.path, f.error);
    printHints(f);
    return Failure;
}

void printWarnings(const LoadedFile& f)
{
    for (const QString& w : f.warnings())
        fileWarning(f.path, w);
    printHints(f);
}

// ---- ranges ----

std::optional<Range> parseRange(const QString& text, quint64 count, QString* error)
{
    auto fail = [&](const QString& why) -> std::optional<Range> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QString t = text.trimmed();
    const qsizetype colon = t.indexOf(QLatin1Char(':'));
    auto number = [](const QString& s, quint64* v) {
        bool ok = false;
        *v = s.trimmed().toULongLong(&ok);
        return ok && !s.trimmed().startsWith(QLatin1Char('+'));
    };
    Range r;
    if (colon < 0) {
        quint64 i = 0;
        if (!number(t, &i))
            return fail(Tr::tr("'%1' is not a record range (A:B, :B, A: or an index)").arg(text));
        r.first = i;
        r.end = i + 1;
    } else {
        const QString a = t.left(colon), b = t.mid(colon + 1);
        r.first = 0;
        r.end = count;
        if (!a.trimmed().isEmpty() && !number(a, &r.first))
            return fail(Tr::tr("'%1' is not a record range (A:B, :B, A: or an index)").arg(text));
        if (!b.trimmed().isEmpty() && !number(b, &r.end))
            return fail(Tr::tr("'%1' is not a record range (A:B, :B, A: or an index)").arg(text));
    }
    if (r.first > r.end)
        return fail(Tr::tr("the record range %1 ends before it starts").arg(text));
    if (r.end > count)
        return fail(Tr::tr("the record range %1 is outside the file's records 0:%2").arg(text).arg(count));
    return r;
}

std::optional<std::pair<double, double>> parseNumberPair(const QString& text, QChar separator)
{
    const QStringList parts = text.split(separator);
    if (parts.size() != 2)
        return std::nullopt;
    bool ok1 = false, ok2 = false;
    const double a = parts[0].trimmed().toDouble(&ok1);
    const double b = parts[1].trimmed().toDouble(&ok2);
    if (!ok1 || !ok2 || !(a < b) || !std::isfinite(a) || !std::isfinite(b))
        return std::nullopt;
    return std::pair{a, b};
}

// ---- progress ----

struct TerminalProgress::Private {
    QString what;
    bool enabled = false;
    std::atomic<int> lastPercent{-1};
    std::atomic<bool> shown{false};
};

TerminalProgress::TerminalProgress(QString what) : d(std::make_unique<Private>())
{
    d->what = std::move(what);
    d->enabled = stderrIsTerminal();
}

TerminalProgress::~TerminalProgress()
{
    finish();
}

void TerminalProgress::update(qint64 done, qint64 total)
{
    if (!d->enabled || total <= 0)
        return;
    const int percent = int(std::clamp<qint64>(done * 100 / total, 0, 100));
    int last = d->lastPercent.load();
    if (percent <= last || !d->lastPercent.compare_exchange_strong(last, percent))
        return;
    d->shown = true;
    err(QStringLiteral("\r%1: %2/%3 (%4%)").arg(d->what).arg(done).arg(total).arg(percent));
}

void TerminalProgress::finish()
{
    if (d->enabled && d->shown.exchange(false))
        err(QStringLiteral("\n"));
}

} // namespace idx::cli
