// Comparing two tensors: by index when their dims agree, else by aligning their records' content keys
// (recordalign.h). Keys are hashes; every pair the alignment calls equal is compared again value by value, so
// a hash collision can only cost a pairing, never report different records as equal.
#include "diff.h"

#include "dtype.h"
#include "recordalign.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace idx {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

constexpr quint64 kChunk = 4096;  // records between progress reports, cancel checks and page releases
constexpr size_t kFewRecords = 8; // a stretch of unequal sides this short still pairs its records in place

bool sameEncoding(const TensorPieces& a, const TensorPieces& b)
{
    return a.dtype() == b.dtype() && a.byteOrder() == b.byteOrder();
}

bool sameRecordShape(const Header& a, const Header& b)
{
    if (a.ndim() != b.ndim())
        return false;
    return a.ndim() == 0 || std::equal(a.dims.begin() + 1, a.dims.end(), b.dims.begin() + 1);
}

/// Record keys: a hash of the bytes when equal bytes mean equal values and nothing else does (integers of one
/// type and byte order), else of the values as doubles with every NaN one NaN and -0 made 0.
class Keys {
public:
    Keys(const TensorPieces& a, const TensorPieces& b) : m_bytes(sameEncoding(a, b) && !isFloat(a.dtype())) {}
    quint64 operator()(const TensorPieces& t, quint64 r)
    {
        const quint64 n = t.header().recordElements();
        const uchar* p = t.recordData(r);
        if (m_bytes)
            return qHash(QByteArrayView(p, qsizetype(t.header().recordBytes())));
        // The values a chunk at a time, each chunk's hash the seed of the next: a huge record needs no copy.
        const int size = elementSize(t.dtype());
        size_t h = 0;
        for (quint64 first = 0; first < n; first += kValuesPerChunk) {
            const quint64 count = std::min(kValuesPerChunk, n - first);
            for (quint64 i = 0; i < count; ++i) {
                const double v = decodeElement(p + (first + i) * quint64(size), t.dtype(), t.byteOrder());
                m_values[size_t(i)] = std::isnan(v) ? std::numeric_limits<double>::quiet_NaN()
                                      : v == 0      ? 0.0
                                                    : v;
            }
            h = qHash(QByteArrayView(reinterpret_cast<const char*>(m_values.data()), qsizetype(count * 8)),
                      h);
        }
        return h;
    }

private:
    static constexpr quint64 kValuesPerChunk = 4096;
    bool m_bytes;
    std::vector<double> m_values = std::vector<double>(kValuesPerChunk);
};

std::optional<std::vector<quint64>> keysOf(const TensorPieces& t, Keys& keys, const Control& control)
{
    const quint64 n = t.availableRecords();
    std::vector<quint64> out(static_cast<size_t>(n));
    for (quint64 r = 0; r < n; ++r) {
        if (r % kChunk == 0) {
            if (control.cancelled())
                return std::nullopt;
            control.report(qint64(r), qint64(n));
            if (r > 0)
                t.releaseRecords(r - kChunk, r);
        }
        out[size_t(r)] = keys(t, r);
    }
    return out;
}

void compareByIndex(const TensorPieces& a, const TensorPieces& b, const DiffOptions& options,
                    const Control& control, TensorDiff& d, bool* cancelled)
{
    const quint64 n = std::min(a.availableRecords(), b.availableRecords());
    const bool labels = a.header().ndim() == 1;
    for (quint64 r = 0; r < n; ++r) {
        if (r % kChunk == 0) {
            if (control.cancelled()) {
                *cancelled = true;
                return;
            }
            control.report(qint64(r), qint64(n));
            if (r > 0) {
                a.releaseRecords(r - kChunk, r);
                b.releaseRecords(r - kChunk, r);
            }
        }
        const RecordChange c = compareRecords(a, r, b, r);
        if (c.elements == 0)
            continue;
        ++d.recordsDiffering;
        d.elementsDiffering += c.elements;
        d.maxAbsDiff = std::max(d.maxAbsDiff, c.maxAbsDiff);
        if (d.records.size() >= options.listLimit) {
            d.listTruncated = true;
            continue;
        }
        d.records.push_back(c);
        if (labels)
            d.changedLabels.push_back({r, a.value(r), b.value(r)});
    }
    control.report(qint64(n), qint64(n));
}

/// The alignment's kept pairs checked value by value, moves found among the rest (not for one value per
/// record: equal labels are not the same record), and what is left paired in place (changed) or not at all
/// (deleted, inserted). nullopt when cancelled.
std::optional<RecordAlignment> describe(const TensorPieces& a, const TensorPieces& b,
                                        const std::vector<quint64>& keysA, const std::vector<quint64>& keysB,
                                        const SequenceAlignment& s, const Control& control)
{
    RecordAlignment r;
    r.exact = s.exact;
    const quint64 na = keysA.size(), nb = keysB.size();
    const qint64 steps = qint64(s.kept.size() + na + nb);
    qint64 done = 0;
    auto tick = [&]() {
        if (++done % qint64(kChunk) != 0)
            return true;
        control.report(done, steps);
        return !control.cancelled();
    };
    std::vector<bool> usedA(size_t(na), false), usedB(size_t(nb), false);
    std::vector<KeptPair> kept;
    kept.reserve(s.kept.size());
    for (const KeptPair& p : s.kept) {
        if (!tick())
            return std::nullopt;
        if (compareRecords(a, p.a, b, p.b).elements == 0) {
            kept.push_back(p);
            usedA[size_t(p.a)] = usedB[size_t(p.b)] = true;
        }
    }
    r.kept = kept.size();

    if (a.header().recordElements() > 1) {
        // The records of B not kept, by key and then position; each record of A not kept takes the first
        // of its key still free whose values are its own.
        std::vector<std::pair<quint64, quint64>> freeB;
        for (quint64 j = 0; j < nb; ++j)
            if (!usedB[size_t(j)])
                freeB.emplace_back(keysB[size_t(j)], j);
        std::sort(freeB.begin(), freeB.end());
        // Records of a key are taken in order: the first still free of each key is kept by key, so that
        // many equal records (blank images) cost one step each, not a walk past those taken before.
        std::unordered_map<quint64, size_t> firstFree;
        for (quint64 i = 0; i < na; ++i) {
            if (!tick())
                return std::nullopt;
            if (usedA[size_t(i)])
                continue;
            const quint64 key = keysA[size_t(i)];
            auto [slot, added] = firstFree.try_emplace(key, 0);
            if (added)
                slot->second =
                    size_t(std::lower_bound(freeB.begin(), freeB.end(), std::pair<quint64, quint64>(key, 0)) -
                           freeB.begin());
            const size_t at = slot->second;
            if (at < freeB.size() && freeB[at].first == key &&
                compareRecords(a, i, b, freeB[at].second).elements == 0) {
                r.moved.push_back({i, freeB[at].second});
                usedA[size_t(i)] = usedB[size_t(freeB[at].second)] = true;
                ++slot->second;
            }
        }
    }

    // Between consecutive kept records, what is left of A and B pairs up in order as records changed in
    // place.
    quint64 i = 0, j = 0;
    for (size_t g = 0; g <= kept.size(); ++g) {
        const quint64 endA = g < kept.size() ? kept[g].a : na, endB = g < kept.size() ? kept[g].b : nb;
        std::vector<quint64> restA, restB;
        for (; i < endA; ++i)
            if (!usedA[size_t(i)])
                restA.push_back(i);
        for (; j < endB; ++j)
            if (!usedB[size_t(j)])
                restB.push_back(j);
        // Paired in place when the stretch looks like edits: as many records on each side, or a few. Two
        // unrelated files (a training and a test split) are one stretch of unequal sides: nothing is paired.
        const bool inPlace =
            restA.size() == restB.size() || std::max(restA.size(), restB.size()) <= kFewRecords;
        const size_t pairs = inPlace ? std::min(restA.size(), restB.size()) : 0;
        for (size_t p = 0; p < pairs; ++p) {
            if (!tick())
                return std::nullopt;
            r.changed.push_back(compareRecords(a, restA[p], b, restB[p]));
        }
        r.deleted.insert(r.deleted.end(), restA.begin() + std::ptrdiff_t(pairs), restA.end());
        r.inserted.insert(r.inserted.end(), restB.begin() + std::ptrdiff_t(pairs), restB.end());
        i = endA + 1;
        j = endB + 1;
    }
    r.pairs = std::move(kept);
    return r;
}

/// Whether a record that differs by index has its values somewhere in `b` (a deleted, inserted or moved
/// record, which an alignment would explain): its key among b's.
bool recordsShifted(const TensorDiff& d, const std::vector<quint64>& keysA, std::vector<quint64> keysB)
{
    std::sort(keysB.begin(), keysB.end());
    return std::any_of(d.records.begin(), d.records.end(), [&](const RecordChange& c) {
        return std::binary_search(keysB.begin(), keysB.end(), keysA[size_t(c.a)]);
    });
}

} // namespace

RecordChange compareRecords(const TensorPieces& a, quint64 ra, const TensorPieces& b, quint64 rb)
{
    RecordChange c{ra, rb, 0, 0};
    const quint64 n = a.header().recordElements();
    const uchar* pa = a.recordData(ra);
    const uchar* pb = b.recordData(rb);
    if (sameEncoding(a, b) && std::memcmp(pa, pb, size_t(a.header().recordBytes())) == 0)
        return c;
    const int sa = elementSize(a.dtype()), sb = elementSize(b.dtype());
    for (quint64 e = 0; e < n; ++e) {
        const double x = decodeElement(pa + e * quint64(sa), a.dtype(), a.byteOrder());
        const double y = decodeElement(pb + e * quint64(sb), b.dtype(), b.byteOrder());
        if (x == y || (std::isnan(x) && std::isnan(y)))
            continue;
        ++c.elements;
        const double d = std::fabs(y - x);
        c.maxAbsDiff = std::max(c.maxAbsDiff, std::isnan(d) ? std::numeric_limits<double>::infinity() : d);
    }
    return c;
}

std::optional<TensorDiff> diffTensors(const TensorPieces& a, const TensorPieces& b,
                                      const DiffOptions& options, const Control& control)
{
    TensorDiff d;
    const Header& ha = a.header();
    const Header& hb = b.header();
    d.typeDiffers = ha.dtype != hb.dtype;
    d.dimsDiffer = ha.dims != hb.dims;
    d.shapesDiffer = !sameRecordShape(ha, hb);
    if (d.shapesDiffer)
        return d;
    const quint64 na = a.availableRecords(), nb = b.availableRecords();
    if (!d.dimsDiffer) {
        bool cancelled = false;
        compareByIndex(a, b, options, stageOf(control, 0, 300), d, &cancelled);
        if (cancelled)
            return std::nullopt;
        // Labels that differ by index are changed labels: equal values elsewhere are not the same record.
        if (d.recordsDiffering == 0 || ha.ndim() == 1 || na + nb > options.maxAligned) {
            control.report(1000, 1000);
            return d;
        }
    } else if (na + nb > options.maxAligned) {
        d.alignmentSkipped = Tr::tr("%1 records in all; records are aligned for at most %2")
                                 .arg(na + nb)
                                 .arg(options.maxAligned);
        return d;
    }
    Keys keys(a, b);
    const auto keysA = keysOf(a, keys, stageOf(control, 300, 450));
    if (!keysA)
        return std::nullopt;
    const auto keysB = keysOf(b, keys, stageOf(control, 450, 600));
    if (!keysB)
        return std::nullopt;
    // Equal dims: an alignment is only worth making when some record differing by index is elsewhere in b.
    if (!d.dimsDiffer && !recordsShifted(d, *keysA, *keysB)) {
        control.report(1000, 1000);
        return d;
    }
    const auto aligned = alignSequences(*keysA, *keysB, stageOf(control, 600, 850), options.alignBudget);
    if (!aligned || control.cancelled())
        return std::nullopt;
    auto al = describe(a, b, *keysA, *keysB, *aligned, stageOf(control, 850, 1000));
    if (!al)
        return std::nullopt;
    // Equal dims: the alignment is only told when it explains the differences in no more steps than the
    // records that differ by index (a record deleted and another appended, records swapped or reordered).
    const quint64 steps = al->deleted.size() + al->inserted.size() + al->moved.size() + al->changed.size();
    if (d.dimsDiffer || steps <= d.recordsDiffering)
        d.alignment = std::move(*al);
    control.report(1000, 1000);
    return d;
}

} // namespace idx
