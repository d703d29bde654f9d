// Tests for RecordState: each recording call changes the state and records the step that repeats it (a split
// only where no boundary is yet), undo returns to the base and redo to the edited state, and a checked replay
// refuses an edit that does not fit, with nothing changed (sources included), and applies one that does.
#include "fixtures.h"
#include "memoryview.h"
#include "recordstate.h"

#include <QTest>

using namespace idx;

namespace {
/// Five one-byte records: 10, 11, 12, 13, 14.
TensorView base()
{
    return fx::memoryView(DType::UInt8, {5}, {10, 11, 12, 13, 14});
}

std::vector<int> contentOf(const RecordState& s)
{
    std::vector<int> out;
    for (quint64 i = 0; i < s.order().count(); ++i)
        out.push_back(*s.bytes(*s.order().keyAt(i)));
    return out;
}

Edit::Step splice(quint64 at, std::vector<Segment> before, std::vector<Segment> after)
{
    return Edit::Step{Edit::Splice{at, std::move(before), std::move(after)}, std::nullopt};
}

Edit::Step mod(RecordKey key, std::optional<QByteArray> before, std::optional<QByteArray> after)
{
    return Edit::Step{std::nullopt, Edit::ModChange{key, std::move(before), std::move(after)}};
}
} // namespace

class TestRecordState : public QObject {
    Q_OBJECT

private slots:
    void freshStateIsTheBase()
    {
        const RecordState s(base());
        QCOMPARE(s.order().segments(), (std::vector<Segment>{Segment{0, 0, 5}}));
        QCOMPARE(contentOf(s), (std::vector<int>{10, 11, 12, 13, 14}));
        QVERIFY(!s.isModified());
        const RecordState empty(fx::memoryView(DType::UInt8, {0}, {}));
        QVERIFY(empty.order().segments().empty());
        QVERIFY(!empty.isModified());
    }

    void recordingThenUndoAndRedo()
    {
        RecordState s(base());
        Edit e;
        QCOMPARE(s.splitAt(2, e), size_t(1));
        QCOMPARE(s.order().segments(), (std::vector<Segment>{Segment{0, 0, 2}, Segment{0, 2, 3}}));
        QCOMPARE(e.steps().size(), size_t(1));
        QCOMPARE(e.steps()[0].splice->before, (std::vector<Segment>{Segment{0, 0, 5}}));
        QCOMPARE(s.splitAt(2, e), size_t(1)); // a boundary already: nothing to record
        QCOMPARE(s.splitAt(5, e), size_t(2)); // the end
        QCOMPARE(e.steps().size(), size_t(1));
        QVERIFY(!s.isModified()); // cut, but still the base in order

        s.splice(1, 1, {}, e); // delete records 2..4
        QCOMPARE(contentOf(s), (std::vector<int>{10, 11}));
        const quint32 id = s.sources().nextId();
        QCOMPARE(id, quint32(1));
        s.addSources({Edit::NewSource{id, std::nullopt, std::make_shared<const QByteArray>("\x63")}}, e);
        s.splice(1, 0, {Segment{id, 0, 1}}, e); // insert 99 after 10, 11
        s.setBytes({0, 0}, QByteArray("\x07"), e);
        QCOMPARE(contentOf(s), (std::vector<int>{7, 11, 99}));
        QVERIFY(s.isModified());
        QCOMPARE(e.newSources().size(), size_t(1));
        QCOMPARE(e.steps().size(), size_t(4));
        QVERIFY(e.steps()[3].mod);
        QCOMPARE(e.steps()[3].mod->before, std::nullopt);

        s.undo(e);
        QCOMPARE(s.order().segments(), (std::vector<Segment>{Segment{0, 0, 5}}));
        QCOMPARE(contentOf(s), (std::vector<int>{10, 11, 12, 13, 14}));
        QVERIFY(s.overlay().empty());
        QVERIFY(!s.isModified());
        QCOMPARE(s.sources().nextId(), quint32(2)); // the chunk stays, for the redo

        s.redo(e);
        QCOMPARE(contentOf(s), (std::vector<int>{7, 11, 99}));
        // Setting a record back to its source's bytes removes the entry, and records its old bytes.
        Edit back;
        s.setBytes({0, 0}, std::nullopt, back);
        QCOMPARE(back.steps()[0].mod->before, std::optional<QByteArray>("\x07"));
        QCOMPARE(contentOf(s), (std::vector<int>{10, 11, 99}));
    }

    void checkedReplayRefusesWhatDoesNotFit_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("splice of segments not there") << 0;
        QTest::newRow("segment past its source's end") << 1;
        QTest::newRow("empty segment") << 2;
        QTest::newRow("entry replacing other bytes") << 3;
        QTest::newRow("entry of the wrong size") << 4;
        QTest::newRow("entry past its source's end") << 5;
        QTest::newRow("entry of an unknown source") << 6;
        QTest::newRow("alias of an unknown source") << 7;
    }
    void checkedReplayRefusesWhatDoesNotFit()
    {
        QFETCH(int, variant);
        RecordState s(base());
        Edit bad;
        // Fitting steps first, so that a refusal has something to roll back.
        bad.addSource(Edit::NewSource{3, std::nullopt, std::make_shared<const QByteArray>("\x01\x02")});
        bad.addStep(mod({0, 1}, std::nullopt, QByteArray("\x09")));
        bad.addStep(splice(0, {Segment{0, 0, 5}}, {Segment{0, 0, 5}, Segment{3, 0, 2}}));
        switch (variant) {
        case 0:
            bad.addStep(splice(0, {Segment{0, 0, 4}}, {}));
            break;
        case 1:
            bad.addStep(splice(2, {}, {Segment{3, 1, 2}}));
            break;
        case 2:
            bad.addStep(splice(2, {}, {Segment{3, 0, 0}}));
            break;
        case 3:
            bad.addStep(mod({0, 1}, QByteArray("\x08"), QByteArray("\x07")));
            break;
        case 4:
            bad.addStep(mod({0, 2}, std::nullopt, QByteArray("\x07\x07")));
            break;
        case 5:
            bad.addStep(mod({0, 5}, std::nullopt, QByteArray("\x07")));
            break;
        case 6:
            bad.addStep(mod({4, 0}, std::nullopt, QByteArray("\x07")));
            break;
        case 7:
            bad.addSource(Edit::NewSource{4, 9, nullptr});
            break;
        }
        QVERIFY(!s.applyChecked(bad));
        QCOMPARE(contentOf(s), (std::vector<int>{10, 11, 12, 13, 14}));
        QCOMPARE(s.order().segments(), (std::vector<Segment>{Segment{0, 0, 5}}));
        QVERIFY(s.overlay().empty());
        QVERIFY(!s.sources().contains(3));
        QCOMPARE(s.sources().nextId(), quint32(1));
    }

    void checkedReplayAppliesWhatFits()
    {
        RecordState s(base());
        Edit good;
        good.addSource(Edit::NewSource{3, std::nullopt, std::make_shared<const QByteArray>("\x01\x02")});
        good.addSource(Edit::NewSource{4, 0, nullptr}); // an alias of the base
        good.addStep(mod({0, 1}, std::nullopt, QByteArray("\x09")));
        good.addStep(splice(0, {Segment{0, 0, 5}}, {Segment{0, 0, 2}, Segment{3, 0, 2}, Segment{4, 1, 1}}));
        good.addStep(mod({4, 1}, std::nullopt, QByteArray("\x05")));
        QVERIFY(s.applyChecked(good));
        QCOMPARE(contentOf(s), (std::vector<int>{10, 9, 1, 2, 5}));
        QCOMPARE(s.sources().nextId(), quint32(5));
        s.undo(good);
        QCOMPARE(contentOf(s), (std::vector<int>{10, 11, 12, 13, 14}));
        QVERIFY(s.applyChecked(good)); // its sources are known now, and the same
        QCOMPARE(contentOf(s), (std::vector<int>{10, 9, 1, 2, 5}));
    }
};

QTEST_GUILESS_MAIN(TestRecordState)
#include "tst_recordstate.moc"
