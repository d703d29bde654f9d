// Tests for layoutDiff on small hand-checked cases: records still in the saved file become runs of it,
// records it lacks a big-endian chunk (source 1), changed or restored records overlay entries at their place
// in the file, and nothing at all when the tensor holds what was saved.
#include "fixtures.h"
#include "layoutdiff.h"
#include "memoryview.h"
#include "recordstate.h"

#include <QTest>

using namespace idx;

namespace {
TensorLayout layoutOf(const RecordState& s)
{
    return TensorLayout{s.order().segments(), s.overlay().entries(), s.sources().base().header()};
}
} // namespace

class TestLayoutDiff : public QObject {
    Q_OBJECT

private slots:
    void nothingSinceTheSave()
    {
        RecordState s(fx::memoryView(DType::UInt8, {4}, {1, 2, 3, 4}));
        Edit e;
        s.setBytes({0, 2}, QByteArray("\x09"), e);
        const Edit diff = layoutDiff(layoutOf(s), s);
        QCOMPARE(diff.kind(), Edit::Kind::Compound);
        QVERIFY(diff.isEmpty());
        QVERIFY(diff.newSources().empty());
    }

    void runsChunkAndEntries()
    {
        RecordState s(fx::memoryView(DType::UInt8, {4}, {1, 2, 3, 4}));
        const TensorLayout saved = layoutOf(s); // the file as opened: 1 2 3 4
        Edit e;
        // Delete record 1, change record 3 to 9, append an inserted record 0x50: now 1 3 9 0x50.
        const size_t a = s.splitAt(1, e);
        const size_t b = s.splitAt(2, e);
        s.splice(a, b - a, {}, e);
        s.setBytes({0, 3}, QByteArray("\x09"), e);
        const quint32 id = s.sources().nextId();
        s.addSources({Edit::NewSource{id, std::nullopt, std::make_shared<const QByteArray>("\x50")}}, e);
        s.splice(s.order().segments().size(), 0, {Segment{id, 0, 1}}, e);

        const Edit diff = layoutDiff(saved, s);
        QCOMPARE(diff.newSources().size(), size_t(1));
        QCOMPARE(diff.newSources()[0].id, quint32(1));
        QCOMPARE(*diff.newSources()[0].chunk, QByteArray("\x50"));
        QCOMPARE(diff.steps().size(), size_t(2));
        QCOMPARE(diff.steps()[0].splice->at, quint64(0));
        QCOMPARE(diff.steps()[0].splice->before, (std::vector<Segment>{Segment{0, 0, 4}}));
        QCOMPARE(diff.steps()[0].splice->after,
                 (std::vector<Segment>{Segment{0, 0, 1}, Segment{0, 2, 2}, Segment{1, 0, 1}}));
        QCOMPARE(diff.steps()[1].mod->key, (RecordKey{0, 3}));
        QCOMPARE(diff.steps()[1].mod->before, std::nullopt);
        QCOMPARE(diff.steps()[1].mod->after, std::optional<QByteArray>("\x09"));
    }

    void inTheFilesTermsAndBigEndian()
    {
        // Little-endian int16 records 1, 2, 3; the file saved with record 2 moved first and record 0 changed
        // to 0x0102 holds (big-endian) 3, 0x0102, 2.
        RecordState s(fx::memoryView(DType::Int16, {3}, {1, 2, 3}, ByteOrder::Little));
        Edit e;
        s.setBytes({0, 0}, QByteArray("\x02\x01", 2), e); // stored little-endian
        const size_t at = s.splitAt(2, e);
        const std::vector<Segment> last{s.order().segments()[at]};
        s.splice(at, 1, {}, e);
        s.splice(0, 0, last, e);
        const TensorLayout saved = layoutOf(s);
        QCOMPARE(saved.segments, (std::vector<Segment>{Segment{0, 2, 1}, Segment{0, 0, 2}}));
        // Since the save: record 0's change undone (it reads 1 again), record 1 changed to 0x0304.
        Edit since;
        s.setBytes({0, 0}, std::nullopt, since);
        s.setBytes({0, 1}, QByteArray("\x04\x03", 2), since);
        const Edit diff = layoutDiff(saved, s);
        QVERIFY(diff.newSources().empty());
        // The order is the file's: no splice. Entries at the file's positions 1 and 2, big-endian.
        QCOMPARE(diff.steps().size(), size_t(2));
        QCOMPARE(diff.steps()[0].mod->key, (RecordKey{0, 2}));
        QCOMPARE(diff.steps()[0].mod->after, std::optional<QByteArray>(QByteArray("\x03\x04", 2)));
        QCOMPARE(diff.steps()[1].mod->key, (RecordKey{0, 1}));
        QCOMPARE(diff.steps()[1].mod->after, std::optional<QByteArray>(QByteArray("\x00\x01", 2)));
    }
};

QTEST_GUILESS_MAIN(TestLayoutDiff)
#include "tst_layoutdiff.moc"
