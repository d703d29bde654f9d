// Test fixture for the audit tests (core and CLI): clusters of generated 8×8 images in three classes, to
// which tests add the findings they expect (duplicates, mislabelled records, outliers).
#pragma once

#include "fixtures.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace fx {

constexpr int kSide = 8;
constexpr int kValues = kSide * kSide;

/// Three class templates (a horizontal bar, a vertical bar, a diagonal) with noise in [-20, 20],
/// deterministic.
struct Clusters {
    std::vector<double> values;
    std::vector<qint64> labels;
    quint64 state = 12345;

    double noise()
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double((state >> 33) % 41) - 20;
    }
    std::vector<double> record(int cls)
    {
        std::vector<double> r(kValues);
        for (int y = 0; y < kSide; ++y)
            for (int x = 0; x < kSide; ++x) {
                const bool on = cls == 0   ? (y == 3 || y == 4)
                                : cls == 1 ? (x == 3 || x == 4)
                                           : std::abs(x - y) <= 1;
                r[size_t(y * kSide + x)] = std::clamp((on ? 200.0 : 40.0) + noise(), 0.0, 255.0);
            }
        return r;
    }
    void add(const std::vector<double>& r, qint64 label)
    {
        values.insert(values.end(), r.begin(), r.end());
        labels.push_back(label);
    }
    std::vector<double> at(qint64 i) const
    {
        return {values.begin() + i * kValues, values.begin() + (i + 1) * kValues};
    }
    /// The records as an IDX file of [N, 8, 8] unsigned bytes, and the labels as one of [N].
    [[nodiscard]] QByteArray imagesFile() const
    {
        return idxBytes(idx::DType::UInt8, {quint64(labels.size()), kSide, kSide}, values);
    }
    [[nodiscard]] QByteArray labelsFile() const
    {
        return idxBytes(idx::DType::UInt8, {quint64(labels.size())},
                        std::vector<double>(labels.begin(), labels.end()));
    }
};

/// 90 records, 30 per class, in turn: record i has class i % 3.
inline Clusters ninety()
{
    Clusters c;
    for (int i = 0; i < 90; ++i)
        c.add(c.record(i % 3), i % 3);
    return c;
}

/// ninety() and four planted findings: 90 copies record 5's bytes (and its label, 2); 91 is record 7 (class
/// 1) with one value 3 higher; 92 is a class-0 bar labelled 2; 93 is a checkerboard, like nothing else.
inline Clusters planted()
{
    Clusters c = ninety();
    c.add(c.at(5), 2);
    std::vector<double> close = c.at(7);
    close[10] = close[10] + 3;
    c.add(close, 1);
    c.add(c.record(0), 2);
    std::vector<double> odd(kValues);
    for (int i = 0; i < kValues; ++i)
        odd[size_t(i)] = ((i / kSide + i % kSide) % 2) ? 255 : 0;
    c.add(odd, 1);
    return c;
}

} // namespace fx

namespace fx {

/// Leave-one-out vote of the 10 nearest points in the plane (brute force, in double): the share of points
/// whose neighbours' most common label is their own. `xy` holds x, y per point. For the map tests: a map that
/// keeps classes apart scores near 1.
inline double planeVote(const std::vector<double>& xy, const std::vector<qint64>& labels)
{
    const size_t n = labels.size();
    size_t right = 0;
    std::vector<std::pair<double, qint64>> d;
    for (size_t i = 0; i < n; ++i) {
        d.clear();
        for (size_t j = 0; j < n; ++j)
            if (j != i)
                d.emplace_back(std::hypot(xy[2 * i] - xy[2 * j], xy[2 * i + 1] - xy[2 * j + 1]), labels[j]);
        const size_t k = std::min<size_t>(10, d.size());
        std::partial_sort(d.begin(), d.begin() + qsizetype(k), d.end());
        std::vector<std::pair<qint64, int>> votes;
        for (size_t m = 0; m < k; ++m) {
            auto it = std::find_if(votes.begin(), votes.end(),
                                   [&](const auto& v) { return v.first == d[m].second; });
            if (it == votes.end())
                votes.emplace_back(d[m].second, 1);
            else
                ++it->second;
        }
        const auto best = std::max_element(votes.begin(), votes.end(),
                                           [](const auto& a, const auto& b) { return a.second < b.second; });
        right += best->first == labels[i];
    }
    return n ? double(right) / double(n) : 0;
}

} // namespace fx
