// Tests for Edit on hand-built edits: the kind a merge keeps or turns compound, the inverse (steps reversed,
// before and after swapped), no-ops (splices that change nothing, entries back to their first bytes), and the
// serialized form read back to the same steps and sources.
#include "edit.h"

#include <QTest>

using namespace idx;

namespace {
Edit::Step splice(quint64 at, std::vector<Segment> before, std::vector<Segment> after)
{
    return Edit::Step{Edit::Splice{at, std::move(before), std::move(after)}, std::nullopt};
}

Edit::Step mod(RecordKey key, std::optional<QByteArray> before, std::optional<QByteArray> after)
{
    return Edit::Step{std::nullopt, Edit::ModChange{key, std::move(before), std::move(after)}};
}

/// An insert of a two-record chunk as source 4 between base records 0..2 and 3..9, then a change of its
/// first record.
Edit sample()
{
    Edit e(Edit::Kind::Insert, 3);
    e.addSource(Edit::NewSource{4, std::nullopt, std::make_shared<const QByteArray>("abcd")});
    e.addStep(splice(0, {Segment{0, 0, 10}}, {Segment{0, 0, 3}, Segment{0, 3, 7}}));
    e.addStep(splice(1, {}, {Segment{4, 0, 2}}));
    e.addStep(mod({4, 0}, std::nullopt, QByteArray("xy")));
    return e;
}
} // namespace

class TestEdit : public QObject {
    Q_OBJECT

private slots:
    void kindsOfMerges()
    {
        Edit none;
        QCOMPARE(none.kind(), Edit::Kind::None);
        QVERIFY(none.isEmpty());
        Edit set(Edit::Kind::SetElement, 4, 7);
        set.addStep(mod({0, 4}, std::nullopt, QByteArray("a")));
        none.append(set); // an empty edit takes the first one's kind and place
        QCOMPARE(none.kind(), Edit::Kind::SetElement);
        QCOMPARE(none.record(), quint64(4));
        QCOMPARE(none.element(), quint64(7));
        Edit again(Edit::Kind::SetElement, 4, 7);
        again.addStep(mod({0, 4}, QByteArray("a"), QByteArray("b")));
        none.append(again); // the same element: still a SetElement
        QCOMPARE(none.kind(), Edit::Kind::SetElement);
        QCOMPARE(none.steps().size(), size_t(2));
        Edit other(Edit::Kind::SetElement, 4, 8);
        none.append(other); // another element: compound
        QCOMPARE(none.kind(), Edit::Kind::Compound);
    }

    void inverseSwapsAndReverses()
    {
        const Edit e = sample();
        const Edit inv = e.inverted();
        QCOMPARE(inv.kind(), Edit::Kind::Insert);
        QCOMPARE(inv.newSources().size(), size_t(1)); // an undo logged after its edit names the same sources
        QCOMPARE(inv.newSources()[0].id, quint32(4));
        QCOMPARE(inv.steps().size(), size_t(3));
        QVERIFY(inv.steps()[0].mod);
        QCOMPARE(inv.steps()[0].mod->before, std::optional<QByteArray>("xy"));
        QCOMPARE(inv.steps()[0].mod->after, std::nullopt);
        QCOMPARE(inv.steps()[1].splice->before, (std::vector<Segment>{Segment{4, 0, 2}}));
        QVERIFY(inv.steps()[1].splice->after.empty());
        QCOMPARE(inv.steps()[2].splice->before, (std::vector<Segment>{Segment{0, 0, 3}, Segment{0, 3, 7}}));
        QCOMPARE(inv.steps()[2].splice->after, (std::vector<Segment>{Segment{0, 0, 10}}));
    }

    void noops()
    {
        QVERIFY(Edit().isNoop());
        QVERIFY(!sample().isNoop());
        Edit back(Edit::Kind::SetElement, 1, 0);
        back.addStep(mod({0, 1}, std::nullopt, QByteArray("a")));
        QVERIFY(!back.isNoop());
        back.addStep(mod({0, 1}, QByteArray("a"), QByteArray("b")));
        QVERIFY(!back.isNoop());
        back.addStep(mod({0, 1}, QByteArray("b"), std::nullopt)); // back to the source's bytes
        QVERIFY(back.isNoop());
        Edit same(Edit::Kind::Move, 2);
        same.addStep(splice(0, {Segment{0, 0, 5}}, {Segment{0, 0, 5}}));
        QVERIFY(same.isNoop());
        same.addStep(splice(0, {Segment{0, 0, 5}}, {Segment{0, 0, 2}, Segment{0, 2, 3}}));
        QVERIFY(!same.isNoop()); // the same records, but a different segment list
    }

    void serializationRoundTrip()
    {
        const Edit e = sample();
        const auto back = Edit::deserialize(e.serialize());
        QVERIFY(back);
        QCOMPARE(back->kind(), Edit::Kind::Insert);
        QCOMPARE(back->record(), quint64(3));
        QCOMPARE(back->newSources().size(), size_t(1));
        QCOMPARE(back->newSources()[0].id, quint32(4));
        QCOMPARE(back->newSources()[0].aliasOf, std::nullopt);
        QCOMPARE(*back->newSources()[0].chunk, QByteArray("abcd"));
        QCOMPARE(back->steps().size(), size_t(3));
        QCOMPARE(back->steps()[0].splice->at, quint64(0));
        QCOMPARE(back->steps()[0].splice->after, (std::vector<Segment>{Segment{0, 0, 3}, Segment{0, 3, 7}}));
        QCOMPARE(back->steps()[1].splice->at, quint64(1));
        QVERIFY(!back->steps()[1].mod);
        QCOMPARE(back->steps()[2].mod->key, (RecordKey{4, 0}));
        QCOMPARE(back->steps()[2].mod->after, std::optional<QByteArray>("xy"));
        QCOMPARE(back->serialize(), e.serialize());
        // An alias survives as an alias.
        Edit dup(Edit::Kind::Duplicate);
        dup.addSource(Edit::NewSource{2, 0, nullptr});
        const auto dupBack = Edit::deserialize(dup.serialize());
        QVERIFY(dupBack);
        QCOMPARE(dupBack->newSources()[0].aliasOf, std::optional<quint32>(0));
        QVERIFY(!dupBack->newSources()[0].chunk);
        // Trailing bytes are refused.
        QVERIFY(!Edit::deserialize(e.serialize() + '\0'));
    }
};

QTEST_GUILESS_MAIN(TestEdit)
#include "tst_edit.moc"
