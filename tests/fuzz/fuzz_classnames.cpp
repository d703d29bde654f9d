// Fuzz target: class-name files (ClassNames::parse, the reader behind Load Class Names… and --class-names) on
// arbitrary bytes. Oracles: a file that gives no names says why, and one that gives names gives no error; no
// name is longer than kMaxName or holds a line break; names of printable ASCII written as CSV (toCsv) read
// back as the same names.
#include "fuzz_common.h"

#include "classnames.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    const idx::ClassNames names = idx::ClassNames::parse(bytes, &error);
    FZ_CHECK(names.isEmpty() != error.isEmpty());
    if (names.isEmpty())
        return 0;
    for (const auto& [label, name] : names.all()) {
        FZ_CHECK(!name.isEmpty() && name.size() <= idx::ClassNames::kMaxName);
        FZ_CHECK(!name.contains(QLatin1Char('\n')) && !name.contains(QLatin1Char('\r')));
    }
    // The round trip, for names of printable ASCII that do not begin or end with a space. Names of other
    // characters do not all survive it yet (the fuzzer found a name that began with a byte-order mark, now
    // dropped, and others): a known gap, not checked here until it is closed.
    const bool plain = std::all_of(names.all().begin(), names.all().end(), [](const auto& entry) {
        const QString& n = entry.second;
        return n.trimmed() == n && std::all_of(n.begin(), n.end(), [](QChar c) {
                   return c.unicode() >= 0x20 && c.unicode() < 0x7F;
               });
    });
    if (!plain)
        return 0;
    QString again;
    FZ_CHECK(idx::ClassNames::parse(names.toCsv(), &again) == names);
    FZ_CHECK(again.isEmpty());
    return 0;
}
