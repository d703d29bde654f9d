// Tests for the edit journal: a round trip (edits appended, the document dropped without saving, the journal
// replayed into a fresh tensor gives the same bytes), undo entries, torn and corrupt tails keep the valid
// prefix, a changed source or another shape is refused, a journal re-keyed after its source was saved over,
// listing and discarding.
#include "fixtures.h"
#include "idxfile.h"
#include "journal.h"
#include "save.h"
#include "tensorcontent.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <cstring>

using namespace idx;
using fx::contentOf;
using namespace Qt::StringLiterals;

namespace {

struct Fixture {
    QTemporaryDir dir;
    QString source;
    QString journals;
    std::shared_ptr<IdxFile> file;

    Fixture()
    {
        source = fx::writeFile(dir, u"train-labels-idx1-ubyte"_s, fx::idxSample(DType::UInt8, {50, 2}));
        journals = dir.filePath(u"appdata/journals"_s);
        file = IdxFile::open(source);
        file->load();
    }
    EditableTensor fresh() const { return EditableTensor(file->view()); }
};

/// Edits a tensor while journaling (7 journal records, one an undo); returns the tensor's content afterwards.
QByteArray editWithJournal(Journal& j, EditableTensor& t)
{
    std::vector<Edit> edits;
    const auto run = [&](EditResult r) {
        if (!r || !j.append(*r.edit))
            qFatal("edit or journal append failed");
        edits.push_back(*r.edit);
    };
    run(t.setElement(3, 1, 200));
    run(t.deleteRecords(10, 5));
    run(t.insertRecords(2, QByteArray("\x01\x02\x03\x04", 4)));
    run(t.duplicateRecords(0, 4));
    run(t.moveRecords(0, 2, 30));
    // An undo of the last edit, logged as its inverse.
    t.undo(edits.back());
    if (!j.appendUndo(edits.back()))
        qFatal("undo append failed");
    run(t.setElement(0, 0, 9));
    return contentOf(t);
}

} // namespace

class TestJournal : public QObject {
    Q_OBJECT

private slots:
    void roundTrip()
    {
        Fixture f;
        QString error;
        QByteArray expected;
        QString journalPath;
        {
            auto j = Journal::create(f.journals, f.source, f.file->header(), &error);
            QVERIFY2(j, qPrintable(error));
            EditableTensor t = f.fresh();
            expected = editWithJournal(*j, t);
            QCOMPARE(j->editCount(), 7);
            journalPath = j->filePath();
            // "crash": the tensor and the journal object go away without a save
        }
        QVERIFY(QFile::exists(journalPath));
        const auto info = journalFor(f.journals, f.source);
        QVERIFY(info);
        QVERIFY(info->matchesSource);
        QCOMPARE(info->edits, 7);
        QVERIFY(!info->tornTail);
        QCOMPARE(info->stamp.path, QFileInfo(f.source).canonicalFilePath());
        const auto all = listJournals(f.journals);
        QCOMPARE(all.size(), size_t(1));
        QCOMPARE(all[0].journalPath, journalPath);

        EditableTensor recovered = f.fresh();
        const RecoveryResult r = recoverJournal(journalPath, recovered);
        QVERIFY2(r, qPrintable(r.error));
        QVERIFY(r.error.isEmpty());
        QCOMPARE(r.edits.size(), size_t(7));
        QCOMPARE(contentOf(recovered), expected);
        // The recovered edits undo like the originals.
        for (auto it = r.edits.rbegin(); it != r.edits.rend(); ++it)
            recovered.undo(*it);
        QVERIFY(!recovered.isModified());
    }

    void tornOrCorruptTail_data()
    {
        QTest::addColumn<QByteArray>("damage"); // what happens to the end of the journal
        QTest::addColumn<int>("recovered");     // of 7 edits
        QTest::newRow("last record cut by 1 byte") << QByteArray("cut1") << 6;
        QTest::newRow("last record cut in half") << QByteArray("cut-half") << 6;
        QTest::newRow("crash while writing a record head") << QByteArray("half-head") << 7;
        QTest::newRow("a payload byte of the last record flipped") << QByteArray("flip") << 6;
        QTest::newRow("garbage appended") << QByteArray("garbage") << 7;
    }
    void tornOrCorruptTail()
    {
        QFETCH(QByteArray, damage);
        QFETCH(int, recovered);
        Fixture f;
        QString path;
        {
            auto j = Journal::create(f.journals, f.source, f.file->header());
            QVERIFY(j);
            EditableTensor t = f.fresh();
            editWithJournal(*j, t);
            path = j->filePath();
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll();
        file.close();
        if (damage == "cut1")
            bytes.chop(1);
        else if (damage == "cut-half")
            bytes.chop(12); // the last edit (setElement on a 2-byte record) is a few dozen bytes
        else if (damage == "half-head")
            bytes += QByteArray("\x10\x00\x00\x00\x7f", 5);
        else if (damage == "flip")
            bytes[bytes.size() - 3] = char(bytes[bytes.size() - 3] ^ 0x40);
        else
            bytes += QByteArray(40, '\xee');
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
        file.close();
        const auto info = journalFor(f.journals, f.source);
        QVERIFY(info && info->tornTail);
        QCOMPARE(info->edits, recovered);
        EditableTensor t = f.fresh();
        const RecoveryResult r = recoverJournal(path, t);
        QVERIFY(r);
        QVERIFY(r.tornTail);
        QCOMPARE(int(r.edits.size()), recovered);
        QVERIFY2(r.error.contains(u"incomplete edit"_s), qPrintable(r.error));
        // The same edits applied directly give the same bytes.
        EditableTensor check = f.fresh();
        for (const Edit& e : r.edits)
            check.redo(e);
        QCOMPARE(contentOf(t), contentOf(check));
    }

    void changedSourceRefused_data()
    {
        QTest::addColumn<QString>("change");
        QTest::newRow("size") << u"size"_s;
        QTest::newRow("mtime") << u"mtime"_s;
        QTest::newRow("deleted") << u"deleted"_s;
    }
    void changedSourceRefused()
    {
        QFETCH(QString, change);
        Fixture f;
        QString path;
        {
            auto j = Journal::create(f.journals, f.source, f.file->header());
            QVERIFY(j);
            EditableTensor t = f.fresh();
            editWithJournal(*j, t);
            path = j->filePath();
        }
        if (change == "size"_L1) {
            QFile out(f.source);
            QVERIFY(out.open(QIODevice::Append));
            out.write("x");
        } else if (change == "mtime"_L1) {
            QFile out(f.source);
            QVERIFY(out.open(QIODevice::ReadWrite));
            QVERIFY(out.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                                    QFileDevice::FileModificationTime));
        } else {
            QVERIFY(QFile::remove(f.source));
        }
        const auto info = journalFor(f.journals, f.source);
        QVERIFY(info);
        QVERIFY(!info->matchesSource);
        const QString expected =
            change == "deleted"_L1 ? u"no longer exists"_s : u"changed since the edits were journaled"_s;
        QVERIFY2(info->problem.contains(expected), qPrintable(info->problem));
        EditableTensor t = f.fresh();
        const RecoveryResult r = recoverJournal(path, t);
        QVERIFY(!r);
        QVERIFY(r.error.contains(u"the journal was not applied"_s));
        QVERIFY(!t.isModified());
    }

    void rebaseAfterSave()
    {
        // The source is saved over while edits go on (the GUI's save keeps its overlay): the journal must
        // then hold the remaining difference against the new file, keyed by the new file's stamp. rewrite()
        // keeps the old stamp (offered never again); rebase() re-keys it.
        Fixture f;
        auto j = Journal::create(f.journals, f.source, f.file->header());
        QVERIFY(j);
        EditableTensor t = f.fresh();
        QVERIFY(j->append(*t.deleteRecords(0, 2).edit));
        QVERIFY(j->append(*t.setElement(5, 1, 77).edit));
        const TensorLayout saved = t.layout();
        // The file on disk becomes the tensor's content now (48 records), a second later (a new mtime).
        QVERIFY(saveEditable(f.source, t, Container::Raw));
        QFile touch(f.source);
        QVERIFY(touch.open(QIODevice::ReadWrite));
        QVERIFY(
            touch.setFileTime(QDateTime::currentDateTime().addSecs(5), QFileDevice::FileModificationTime));
        touch.close();
        QVERIFY(j->append(*t.setElement(7, 0, 99).edit)); // edited on after the save
        const QByteArray expected = contentOf(t);

        QVERIFY(j->rewrite({t.diffFrom(saved)}));
        QVERIFY(!journalFor(f.journals, f.source)->matchesSource); // the old stamp: the file changed since

        QString error;
        QVERIFY2(j->rebase(saved.header, {t.diffFrom(saved)}, &error), qPrintable(error));
        const auto info = journalFor(f.journals, f.source);
        QVERIFY(info);
        QVERIFY2(info->matchesSource && info->problem.isEmpty(), qPrintable(info->problem));
        QCOMPARE(info->edits, 1);
        auto file = IdxFile::open(f.source);
        QVERIFY(file->load());
        QCOMPARE(file->view().recordCount(), quint64(48));
        EditableTensor onSaved(file->view());
        const RecoveryResult r = recoverJournal(info->journalPath, onSaved);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(contentOf(onSaved), expected);
        // Appending goes on into the rebased journal.
        QVERIFY(j->append(*t.setElement(8, 0, 3).edit));
        QCOMPARE(journalFor(f.journals, f.source)->edits, 2);
        QVERIFY(journalFor(f.journals, f.source)->matchesSource);
        // A discarded journal cannot be rebased.
        QVERIFY(j->discard());
        QVERIFY(!j->rebase(saved.header, {}, &error));
        QCOMPARE(error, u"the journal is closed"_s);
    }

    void otherShapeRefused()
    {
        Fixture f;
        auto j = Journal::create(f.journals, f.source, f.file->header());
        QVERIFY(j);
        EditableTensor other(
            EditableTensor(TensorView(*Header::make(DType::UInt8, {50, 3}), nullptr, 0, nullptr)));
        const RecoveryResult r = recoverJournal(j->filePath(), other);
        QVERIFY(!r);
        QCOMPARE(r.error, u"the journal was written for a tensor of another shape or type"_s);
    }

    // Records carry a 64-bit length (an edit of 4 GiB or more keeps its length), and a journal of the first
    // version, with 32-bit lengths, written before by an older idxscope, is still recovered.
    void sixtyFourBitLengthsAndTheFirstVersion()
    {
        Fixture f;
        QString path;
        QByteArray expected;
        {
            auto j = Journal::create(f.journals, f.source, f.file->header());
            QVERIFY(j);
            EditableTensor t = f.fresh();
            expected = editWithJournal(*j, t);
            path = j->filePath();
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        file.close();
        QVERIFY(bytes.startsWith("IDXJRNL2"));
        // Walk the records: [u64 length][u32 CRC][u8 type][payload], the header first, then 7 edits; each
        // written again as [u32 length][u32 CRC][u8 type][payload] after "IDXJRNL1".
        QByteArray old("IDXJRNL1");
        qsizetype pos = 8;
        int records = 0;
        while (pos < bytes.size()) {
            QVERIFY(bytes.size() - pos >= 13);
            const auto* h = reinterpret_cast<const uchar*>(bytes.constData() + pos);
            const quint64 length = qFromLittleEndian<quint64>(h);
            QVERIFY(length <= quint64(bytes.size() - pos - 13));
            QCOMPARE(int(h[12]), records == 0 ? 1 : 2);
            QByteArray head(9, '\0');
            qToLittleEndian<quint32>(quint32(length), head.data());
            std::memcpy(head.data() + 4, h + 8, 5); // the CRC and the type
            old += head + bytes.mid(pos + 13, qsizetype(length));
            pos += 13 + qsizetype(length);
            ++records;
        }
        QCOMPARE(records, 8);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(old), old.size());
        file.close();
        const auto info = journalFor(f.journals, f.source);
        QVERIFY(info && !info->tornTail);
        QCOMPARE(info->edits, 7);
        EditableTensor t = f.fresh();
        const RecoveryResult r = recoverJournal(path, t);
        QVERIFY2(r && r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(contentOf(t), expected);
    }

    void notAJournal()
    {
        Fixture f;
        QVERIFY(QDir().mkpath(f.journals));
        const QString bogus = QDir(f.journals).filePath(u"x.idxjournal"_s);
        QFile out(bogus);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("hello");
        out.close();
        EditableTensor t = f.fresh();
        const RecoveryResult r = recoverJournal(bogus, t);
        QVERIFY(!r);
        QVERIFY(r.error.contains(u"is not an idxscope journal"_s));
        QCOMPARE(listJournals(f.journals).size(), size_t(1));
        QVERIFY(!listJournals(f.journals)[0].problem.isEmpty());
    }

    void liveJournalIsLocked()
    {
        Fixture f;
        const QString images = fx::writeFile(f.dir, u"train-images-idx3-ubyte"_s, QByteArray());
        QString journalPath;
        {
            auto j = Journal::create(f.journals, f.source, f.file->header(), nullptr, images);
            QVERIFY(j);
            EditableTensor t = f.fresh();
            QVERIFY(j->append(*t.setElement(1, 1, 5).edit));
            journalPath = j->filePath();
            // Live: listed as in use, and neither a second journal nor a removal can take it over.
            QVERIFY(journalInUse(journalPath));
            const auto all = listJournals(f.journals);
            QCOMPARE(all.size(), size_t(1));
            QVERIFY(all[0].inUse);
            QCOMPARE(all[0].owner, QFileInfo(images).canonicalFilePath());
            QString error;
            QVERIFY(!Journal::create(f.journals, f.source, f.file->header(), &error));
            QVERIFY2(error.contains(u"in use by another running idxscope"_s), qPrintable(error));
            QVERIFY(!removeJournal(journalPath, &error));
            QVERIFY2(error.contains(QDir::toNativeSeparators(journalPath)), qPrintable(error));
            QVERIFY(QFile::exists(journalPath));
        } // dropped without discard: a crash's journal, no longer in use
        QVERIFY(QFile::exists(journalPath));
        QVERIFY(!journalInUse(journalPath));
        const auto info = journalFor(f.journals, f.source);
        QVERIFY(info);
        QVERIFY(!info->inUse);
        QCOMPARE(info->edits, 1);

        // A crashed process's lock: the lock file stays behind with a process id that is not running.
        {
            QLockFile held(journalPath + u".lock"_s);
            QVERIFY(held.tryLock(0));
            QFile lockFile(journalPath + u".lock"_s);
            QVERIFY(lockFile.open(QIODevice::ReadOnly));
            QList<QByteArray> lines = lockFile.readAll().split('\n');
            lockFile.close();
            held.unlock();
            lines[0] = QByteArray::number(1 << 30); // above any pid_max: no such process
            QVERIFY(lockFile.open(QIODevice::WriteOnly));
            lockFile.write(lines.join('\n'));
        }
        QVERIFY(QFile::exists(journalPath + u".lock"_s));
        QVERIFY(!journalInUse(journalPath)); // stale: recognised and cleared
        QVERIFY(removeJournal(journalPath));
        QVERIFY(!QFile::exists(journalPath));
        QVERIFY(!QFile::exists(journalPath + u".lock"_s));
    }

    void discardDeletes()
    {
        Fixture f;
        auto j = Journal::create(f.journals, f.source, f.file->header());
        QVERIFY(j);
        EditableTensor t = f.fresh();
        QVERIFY(j->append(*t.setElement(0, 0, 1).edit));
        const QString path = j->filePath();
        QCOMPARE(path, Journal::pathFor(f.journals, f.source));
        QVERIFY(j->discard());
        QVERIFY(!QFile::exists(path));
        QVERIFY(!journalFor(f.journals, f.source));
        QVERIFY(!j->append(*t.setElement(0, 0, 2).edit));
        // A folder that cannot be created: a clear error.
        QString error;
        QVERIFY(!Journal::create(u"/proc/idxscope-journals"_s, f.source, f.file->header(), &error));
        QVERIFY2(error.contains(u"/proc/idxscope-journals"_s), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestJournal)
#include "tst_journal.moc"
