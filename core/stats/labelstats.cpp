// Statistics grouped by label: per class, the record count, the statistics of its records and its mean image.
// Each class runs through the shared parallel statistics engine over its own records.
#include "elementdecode.h"
#include "stats_p.h"

#include <map>

namespace idx {
namespace {

// Element-wise mean of `records`. Work items are column blocks of the record, each summing its columns over
// all the class's records into its own part of the result: no per-thread copies of a possibly large image.
template <typename D>
std::optional<std::vector<double>> meanImage(const TensorPieces& t, const std::vector<quint64>& records,
                                             detail::Progress& progress)
{
    using T = typename D::Type;
    // Exact integer sums for 8/16-bit values; doubles otherwise (int32 sums beyond 2^53 round, as numpy's
    // do).
    using Acc = std::conditional_t<std::is_integral_v<T> && sizeof(T) <= 2, qint64, double>;
    constexpr size_t es = sizeof(T);
    const quint64 per = t.header().recordElements();
    std::vector<double> mean(per, 0.0);
    if (records.empty() || per == 0)
        return mean;
    const quint64 work = per * records.size();
    const int workers = detail::workerCount(work, size_t(per));
    const quint64 block = std::max<quint64>(64, per / quint64(workers * 4));
    const size_t items = size_t((per + block - 1) / block);
    // Where each record is (the pieces of an edited tensor are not one block): looked up once.
    std::vector<const uchar*> at(records.size());
    for (size_t k = 0; k < records.size(); ++k)
        at[k] = t.recordData(records[k]);
    std::atomic<bool> cancelled{false};
    const bool ok =
        detail::parallelFor(items, std::min<int>(workers, int(items)), progress, [&](int, size_t item) {
            const quint64 b = quint64(item) * block;
            const quint64 n = std::min(block, per - b);
            std::vector<Acc> acc(n, Acc(0));
            quint64 sinceReport = 0;
            for (const uchar* record : at) {
                const uchar* p = record + b * es;
                for (quint64 j = 0; j < n; ++j)
                    acc[j] += Acc(D::get(p + j * es));
                sinceReport += n;
                if (sinceReport >= (1u << 20)) { // a long item: keep progress moving and honour cancel
                    progress.add(qint64(sinceReport));
                    sinceReport = 0;
                    if (progress.cancelled()) {
                        cancelled = true;
                        return;
                    }
                }
            }
            progress.add(qint64(sinceReport));
            const double count = double(records.size());
            for (quint64 j = 0; j < n; ++j)
                mean[b + j] = double(acc[j]) / count;
        });
    if (!ok || cancelled)
        return std::nullopt;
    return mean;
}

} // namespace

std::optional<LabelStats> computeLabelStats(const TensorView& images, const std::vector<qint64>& labels,
                                            const StatsOptions& options, const Control& control)
{
    return computeLabelStats(TensorPieces(images), labels, options, control);
}

std::optional<LabelStats> computeLabelStats(const TensorPieces& images, const std::vector<qint64>& labels,
                                            const StatsOptions& options, const Control& control)
{
    const quint64 end = std::min(options.endRecord, images.availableRecords());
    const quint64 first = std::min(options.firstRecord, end);
    const quint64 per = images.header().recordElements();
    LabelStats out;
    std::map<qint64, std::vector<quint64>> groups; // ordered: classes come out in ascending label order
    // Only labelled records are visited: the rest are counted, not looped over (a header of 3e9 zero-sized
    // records would otherwise take minutes; found by fuzz_stats).
    const quint64 labelled = std::max(first, std::min<quint64>(end, labels.size()));
    for (quint64 r = first; r < labelled; ++r)
        groups[labels[size_t(r)]].push_back(r);
    out.unlabelled = end - labelled;
    qint64 total = 0;
    for (const auto& [label, records] : groups) { // + 1: the mean image pass
        const quint64 elements = records.size() * per;
        total += qint64(elements) * (detail::statsPasses(images.dtype(), elements, options.spread) + 1);
    }
    detail::Progress progress(control, total);
    for (const auto& [label, records] : groups) {
        if (progress.cancelled())
            return std::nullopt;
        detail::WorkPlan plan(images.header().elementSize());
        for (quint64 r : records) {
            const size_t k = images.pieceOf(r);
            const quint64 local = r - images.pieceStarts()[k];
            plan.add(quint32(k), local * per, (local + 1) * per);
        }
        auto stats = detail::statsOver(images, plan, options.bins, options.spread, progress);
        if (!stats)
            return std::nullopt;
        // clang < 16 cannot capture a structured binding in a lambda: name it first.
        const auto& groupRecords = records;
        auto mean = detail::withDecoder(images.dtype(), images.byteOrder(), [&](auto dec) {
            return meanImage<decltype(dec)>(images, groupRecords, progress);
        });
        if (!mean)
            return std::nullopt;
        out.classes.push_back(
            ClassStats{label, quint64(records.size()), std::move(*stats), std::move(*mean)});
    }
    return out;
}

} // namespace idx
