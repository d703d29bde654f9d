// SavedFileEdits: after a save, every kind of edit (and undo and redo, across the save too) re-expressed
// against the saved file replays onto a fresh tensor over that file to the same content, step by step and
// through a journal; an edit that does not follow the one before is refused; and an edit's cost does not grow
// with the edits made before it.
#include "fixtures.h"
#include "idxfile.h"
#include "journal.h"
#include "save.h"
#include "savedfileedits.h"
#include "tensorcontent.h"

#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace idx;
using fx::contentOf;
using namespace Qt::StringLiterals;

namespace {

// A tensor over a file of 40 int16 records of 3 elements (multi-byte: carried bytes must be big-endian),
// edited and then saved to a second file.
struct Fixture {
    QTemporaryDir dir;
    std::shared_ptr<IdxFile> first;
    EditableTensor edited;
    std::vector<Edit> beforeSave;
    QString savedPath;
    TensorLayout saved;
    std::shared_ptr<IdxFile> savedFile;

    Fixture()
    {
        first = IdxFile::open(fx::writeFile(dir, u"first"_s, fx::idxSample(DType::Int16, {40, 3})));
        first->load();
        edited = EditableTensor(first->view());
        const auto keep = [&](EditResult r) {
            if (!r)
                qFatal("edit failed: %s", qPrintable(r.error));
            beforeSave.push_back(*r.edit);
        };
        keep(edited.setElement(2, 1, -1234));
        keep(edited.deleteRecords(10, 6));
        keep(edited.duplicateRecords(0, 3));
        keep(edited.insertRecords(5, QByteArray("\x01\x02\x03\x04\x05\x06", 6)));
        savedPath = dir.filePath(u"saved"_s);
        saved = edited.layout();
        if (!saveEditable(savedPath, edited, Container::Raw))
            qFatal("save failed");
        savedFile = IdxFile::open(savedPath);
        savedFile->load();
    }
    // A tensor as a crash recovery starts it: over the saved file, the difference journaled applied.
    EditableTensor replayed(const Edit& difference) const
    {
        EditableTensor t(savedFile->view());
        if (!difference.isEmpty() && !t.applyChecked(difference))
            qFatal("the difference does not apply");
        return t;
    }
};

} // namespace

class TstSavedFileEdits : public QObject {
    Q_OBJECT
private slots:
    void everyKindOfEditReplaysOntoTheSavedFile()
    {
        Fixture f;
        QByteArray bigEndianRecord;
        for (int i = 0; i < 3; ++i)
            bigEndianRecord += QByteArray::fromHex("7f01");
        const Edit difference = f.edited.diffFrom(f.saved);
        EditableTensor replay = f.replayed(difference);
        QCOMPARE(contentOf(replay), contentOf(f.edited));
        SavedFileEdits since(difference, f.saved.header.recordCount(), f.edited);

        QTemporaryDir journals;
        auto journal = Journal::create(journals.path(), f.savedPath, f.savedFile->header());
        QVERIFY(journal);
        QVERIFY(journal->rewrite({difference}));

        std::vector<Edit> after; // applied since the save, for undoing some of them
        // Each step edits the tensor and returns the edit as applied forward.
        const std::vector<std::pair<const char*, std::function<Edit()>>> steps = {
            {"set an element", [&] { return *f.edited.setElement(0, 0, 321).edit; }},
            {"set the same element again", [&] { return *f.edited.setElement(0, 0, -5).edit; }},
            {"set a whole record", [&] { return *f.edited.setRecord(7, bigEndianRecord).edit; }},
            {"delete records", [&] { return *f.edited.deleteRecords(3, 4).edit; }},
            {"insert records",
             [&] { return *f.edited.insertRecords(1, bigEndianRecord + bigEndianRecord).edit; }},
            {"duplicate records", [&] { return *f.edited.duplicateRecords(2, 5).edit; }},
            {"move records forward", [&] { return *f.edited.moveRecords(0, 4, 20).edit; }},
            {"move records back", [&] { return *f.edited.moveRecords(25, 3, 1).edit; }},
            {"set an element of a duplicate", [&] { return *f.edited.setElement(3, 2, 77).edit; }},
            {"undo the move back",
             [&] {
                 f.edited.undo(after.back());
                 return after.back().inverted();
             }},
            {"redo it",
             [&] {
                 f.edited.redo(after[after.size() - 2]);
                 return after[after.size() - 2];
             }},
            {"delete everything", [&] { return *f.edited.deleteRecords(0, f.edited.recordCount()).edit; }},
            {"insert into the empty tensor",
             [&] { return *f.edited.insertRecords(0, bigEndianRecord).edit; }},
        };
        for (const auto& [what, step] : steps) {
            const Edit e = step();
            after.push_back(e);
            const std::optional<Edit> translated = since.translate(e, f.edited);
            QVERIFY2(translated, what);
            QVERIFY2(replay.applyChecked(*translated), what);
            QVERIFY2(contentOf(replay) == contentOf(f.edited), what);
            QVERIFY(journal->append(*translated));
        }
        // Through the journal, as a crash recovery replays it.
        const auto info = journalFor(journals.path(), f.savedPath);
        QVERIFY(info && info->problem.isEmpty());
        QCOMPARE(info->edits, int(steps.size()) + 1);
        EditableTensor recovered(f.savedFile->view());
        const RecoveryResult r = recoverJournal(info->journalPath, recovered);
        QVERIFY2(r && r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(contentOf(recovered), contentOf(f.edited));
    }

    // Undoing every edit of the session, those made before the save included, back to the first file.
    void undoingAcrossTheSave()
    {
        Fixture f;
        const Edit difference = f.edited.diffFrom(f.saved);
        EditableTensor replay = f.replayed(difference);
        SavedFileEdits since(difference, f.saved.header.recordCount(), f.edited);
        const Edit later = *f.edited.setElement(4, 0, 9).edit;
        QVERIFY(replay.applyChecked(*since.translate(later, f.edited)));
        f.edited.undo(later);
        QVERIFY(replay.applyChecked(*since.translate(later.inverted(), f.edited)));
        for (auto it = f.beforeSave.rbegin(); it != f.beforeSave.rend(); ++it) {
            f.edited.undo(*it);
            const std::optional<Edit> translated = since.translate(it->inverted(), f.edited);
            QVERIFY(translated);
            QVERIFY(replay.applyChecked(*translated));
            QCOMPARE(contentOf(replay), contentOf(f.edited));
        }
        QCOMPARE(contentOf(replay), contentOf(EditableTensor(f.first->view())));
    }

    // An edit the translation did not see leaves the next one not following: refused, not mistranslated.
    void aMissedEditIsRefused()
    {
        Fixture f;
        const Edit difference = f.edited.diffFrom(f.saved);
        SavedFileEdits since(difference, f.saved.header.recordCount(), f.edited);
        (void)f.edited.deleteRecords(0, 2); // not shown to `since`
        const Edit next = *f.edited.deleteRecords(4, 1).edit;
        QVERIFY(!since.translate(next, f.edited));
    }

    // Records an edit only moves, splits or takes out stay the replay's: no bytes are carried for them;
    // records an edit only changes get overlay entries, not new segments.
    void movedRecordsAreNotCarried()
    {
        Fixture f;
        const Edit difference = f.edited.diffFrom(f.saved);
        EditableTensor replay = f.replayed(difference);
        SavedFileEdits since(difference, f.saved.header.recordCount(), f.edited);
        const auto check = [&](const Edit& e) {
            const std::optional<Edit> translated = since.translate(e, f.edited);
            if (!translated || !replay.applyChecked(*translated) || contentOf(replay) != contentOf(f.edited))
                return std::optional<Edit>();
            return translated;
        };
        const std::vector<std::function<Edit()>> structural = {
            [&] { return *f.edited.deleteRecords(3, 1).edit; },
            [&] { return *f.edited.moveRecords(0, 10, 20).edit; },
            [&] { return *f.edited.moveRecords(25, 5, 2).edit; },
        };
        for (const auto& edit : structural) {
            const std::optional<Edit> translated = check(edit());
            QVERIFY(translated);
            QVERIFY(translated->newSources().empty());
        }
        // A change log's worth of values in one edit: overlay entries of the replay's records.
        Edit many(Edit::Kind::Compound);
        for (quint64 r = 0; r < f.edited.recordCount(); r += 2)
            many.append(*f.edited.setElement(r, 0, double(r)).edit);
        const std::optional<Edit> translated = check(many);
        QVERIFY(translated);
        QVERIFY(translated->newSources().empty());
        for (const Edit::Step& step : translated->steps())
            QVERIFY(!step.splice && step.mod);
        QCOMPARE(translated->steps().size(), size_t((f.edited.recordCount() + 1) / 2));
    }

    // Records of no bytes: no chunk can carry one, so the whole difference is written instead.
    void recordsOfNoBytesAreLeftToTheDifference()
    {
        QTemporaryDir dir;
        auto file = IdxFile::open(fx::writeFile(dir, u"empty-records"_s, fx::rawHeader(0x08, {10, 0})));
        file->load();
        EditableTensor t(file->view());
        const TensorLayout saved = t.layout();
        SavedFileEdits since(t.diffFrom(saved), 10, t);
        QVERIFY(!since.translate(*t.deleteRecords(2, 3).edit, t));
    }

    // An edit of one element costs the same after many edits as the first one did: its own record, not the
    // difference of all the edits since the save.
    void anEditCostsItsOwnSize()
    {
        Fixture f;
        const Edit difference = f.edited.diffFrom(f.saved);
        EditableTensor replay = f.replayed(difference);
        SavedFileEdits since(difference, f.saved.header.recordCount(), f.edited);
        qsizetype first = 0;
        qsizetype last = 0;
        const quint64 n = f.edited.recordCount();
        for (quint64 i = 0; i < n; ++i) {
            const Edit e = *f.edited.setElement(i, 1, double(i)).edit;
            const std::optional<Edit> translated = since.translate(e, f.edited);
            QVERIFY(translated && replay.applyChecked(*translated));
            (i == 0 ? first : last) = translated->serialize().size();
        }
        QCOMPARE(contentOf(replay), contentOf(f.edited));
        QVERIFY2(last <= first + 32, qPrintable(u"first %1 bytes, last %2"_s.arg(first).arg(last)));
        // The whole difference, written instead of each edit before, grows with them.
        QVERIFY(f.edited.diffFrom(f.saved).serialize().size() > 5 * last); // 983 bytes against 58
    }
};

QTEST_GUILESS_MAIN(TstSavedFileEdits)
#include "tst_savedfileedits.moc"
