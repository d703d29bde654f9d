// Values near the largest double, as the "read as float64" repair makes of a misread file: the PCA's mean
// does not overflow (the audit finds variance; tst_maplayout: the map's points are finite), and the distance
// between records whose differences' squares overflow is still the true one (no pair of distinct records
// becomes a near duplicate at an infinite distance). Each with an expected value worked out here.
#include "audit.h"
#include "memoryview.h"
#include "recordfeatures.h"

#include <QTest>

#include <cmath>

using namespace idx;

namespace {

/// `rows` records of 8 float64 values near ±1e307: record r is (r % 2 ? −1 : 1) · (1 + v/16 + r/1000) ·
/// 1e307, its values v = 0 … 7 rotated by r, so that the records differ (r and r + 8 least: by 8e304 in each
/// value) and vary along several directions.
TensorView huge(int rows)
{
    std::vector<double> values;
    for (int r = 0; r < rows; ++r)
        for (int e = 0; e < 8; ++e)
            values.push_back((r % 2 ? -1 : 1) * (1 + double((e + r) % 8) / 16 + r / 1000.0) * 1e307);
    return fx::memoryView(DType::Float64, {quint64(rows), 8}, values);
}

} // namespace

class TestHugeValues : public QObject {
    Q_OBJECT
private slots:
    void pcaOfHugeValues()
    {
        const TensorView t = huge(40);
        const auto pca = fitPca(t, 3);
        QVERIFY(pca);
        for (float m : pca->mean)
            QVERIFY(std::isfinite(m));
        QVERIFY2(pca->explained() > 0.5, qPrintable(QString::number(pca->explained())));
        const auto f = project(t, *pca);
        QVERIFY(f);
        for (float x : f->values)
            QVERIFY(std::isfinite(x));
    }

    void distanceBeyondTheSquaresRange()
    {
        // (1e307, 0) against (−1e307, 0): 2e307, though 4e614 overflows; equal records stay at 0.
        const TensorView t = fx::memoryView(DType::Float64, {3, 2}, {1e307, 0, -1e307, 0, 1e307, 0});
        QCOMPARE(recordDistance(t, 0, t, 1), 2e307);
        QCOMPARE(recordDistance(t, 0, t, 2), 0.0);
        // (1e200, 1e200) against (0, 0): √2 · 1e200.
        const TensorView u = fx::memoryView(DType::Float64, {2, 2}, {1e200, 1e200, 0, 0});
        QVERIFY(std::abs(recordDistance(u, 0, u, 1) / (std::sqrt(2.0) * 1e200) - 1) < 1e-12);
    }

    void auditOfHugeValues()
    {
        const TensorView t = huge(40);
        AuditOptions o;
        o.neighbours = 5;
        o.components = 3;
        const auto r = audit({t, {}}, nullptr, o, {}, nullptr);
        QVERIFY(r);
        QVERIFY(r->thresholds.explainedVariance > 0.5);
        // No two records are equal, and none lies within a quarter of the typical nearest distance (each
        // record's nearest is r ± 8, at 8e304 · √8): with distances that overflowed, that typical distance
        // was infinite and every pair compared became a near duplicate.
        QVERIFY(r->exactDuplicates.empty());
        QVERIFY(std::isfinite(r->thresholds.medianNearestDistance));
        for (const NearDuplicate& p : r->nearDuplicates)
            QVERIFY2(std::isfinite(p.distance), "a near duplicate at an infinite distance");
        QVERIFY(r->nearDuplicates.empty());
    }
};

QTEST_GUILESS_MAIN(TestHugeValues)
#include "tst_hugevalues.moc"
