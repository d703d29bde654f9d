// Fuzz target: the edit journal read back for crash recovery (recoverJournal, what start-up offers after a
// crash), on journals of a small labels-like tensor (12 records of 3 bytes) kept on tmpfs. The first byte
// picks the input's use:
// - even: a program of edits (set, set record, delete, insert, duplicate, move, undo of the last) made on the
//   tensor while journaling, then the journal cut short or a byte of it changed at a fuzzer-chosen place.
//   Oracle: recovery gives exactly the tensor after the first edits it reports (all of them when nothing was
//   damaged), with a message whenever a changed byte stopped it early;
// - odd: the rest of the input as the journal's records after a valid header (or, with bit 1 set, as the
// whole
//   file). Oracle: no crash, a refused file says why, and the edits recovered, applied to a fresh tensor,
//   give the recovered tensor, and undone in reverse give the file back.
#include "fuzz_common.h"

#include "editabletensor.h"
#include "idxfile.h"
#include "journal.h"

#include <QFile>

namespace {

constexpr quint64 kRecords = 12, kRecordBytes = 3;

QByteArray contentOf(const idx::EditableTensor& t)
{
    const idx::TensorView v = t.materialize(0, t.recordCount());
    return v.header().encode() +
           QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

struct Setup {
    QString dir, source, journals;
    std::shared_ptr<idx::IdxFile> file;
    QByteArray head; // a journal's valid first bytes: magic and header record
    QString journalPath;
};

const Setup& setup()
{
    static const Setup s = [] {
        Setup s;
        s.dir = fz::scratchPath("journal");
        QDir().mkpath(s.dir);
        s.source = s.dir + QStringLiteral("/train-labels-idx2-ubyte");
        s.journals = s.dir + QStringLiteral("/journals");
        QByteArray bytes("\x00\x00\x08\x02\x00\x00\x00\x0c\x00\x00\x00\x03", 12);
        for (quint64 i = 0; i < kRecords * kRecordBytes; ++i)
            bytes += char(i * 7);
        FZ_CHECK(fz::writeScratch(s.source, bytes));
        s.file = idx::IdxFile::open(s.source);
        s.file->load();
        FZ_CHECK(s.file->headerValid());
        auto j = idx::Journal::create(s.journals, s.source, s.file->header());
        FZ_CHECK(j);
        s.journalPath = j->filePath();
        QFile f(s.journalPath);
        FZ_CHECK(f.open(QIODevice::ReadOnly));
        s.head = f.readAll();
        j->discard();
        return s;
    }();
    return s;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Applies the program's edits to `t`, journaling each in `j`; returns the content after each edit journaled.
std::vector<QByteArray> runProgram(FuzzedDataProvider& fdp, idx::EditableTensor& t, idx::Journal& j)
{
    std::vector<QByteArray> states{contentOf(t)};
    std::vector<idx::Edit> done;
    const int steps = fdp.ConsumeIntegralInRange<int>(0, 12);
    for (int s = 0; s < steps && fdp.remaining_bytes() > 0; ++s) {
        const quint64 n = t.recordCount();
        const auto pick = [&](quint64 upTo) { return fdp.ConsumeIntegralInRange<quint64>(0, upTo); };
        idx::EditResult r;
        switch (fdp.ConsumeIntegralInRange<int>(0, 6)) {
        case 0:
            r = t.setElement(pick(n), pick(kRecordBytes), fdp.ConsumeIntegralInRange<int>(-5, 300));
            break;
        case 1: {
            const auto bytes = fdp.ConsumeBytes<char>(kRecordBytes);
            r = t.setRecord(pick(n), QByteArrayView(bytes.data(), qsizetype(bytes.size())));
            break;
        }
        case 2:
            r = t.deleteRecords(pick(n), pick(4));
            break;
        case 3: {
            const auto bytes = fdp.ConsumeBytes<char>(size_t(kRecordBytes * pick(3)));
            r = t.insertRecords(pick(n), QByteArrayView(bytes.data(), qsizetype(bytes.size())));
            break;
        }
        case 4:
            r = t.duplicateRecords(pick(n), pick(3));
            break;
        case 5:
            r = t.moveRecords(pick(n), pick(3), pick(n));
            break;
        default:
            if (!done.empty()) {
                t.undo(done.back());
                FZ_CHECK(j.appendUndo(done.back()));
                done.pop_back();
                states.push_back(contentOf(t));
            }
            continue;
        }
        if (!r)
            continue; // refused edits change nothing and are not journaled
        FZ_CHECK(j.append(*r.edit));
        done.push_back(*r.edit);
        states.push_back(contentOf(t));
    }
    return states;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz::ensureApp();
    const Setup& s = setup();
    FuzzedDataProvider fdp(data, size);
    const auto mode = fdp.ConsumeIntegral<quint8>();
    idx::EditableTensor fresh(s.file->view());
    const QByteArray original = contentOf(fresh);
    if (mode % 2 == 0) {
        std::vector<QByteArray> states;
        {
            auto j = idx::Journal::create(s.journals, s.source, s.file->header());
            FZ_CHECK(j);
            idx::EditableTensor t(s.file->view());
            states = runProgram(fdp, t, *j);
        } // a "crash": the journal stays
        QByteArray bytes = readFile(s.journalPath);
        const QByteArray before = bytes;
        bool flipped = false; // a byte changed (a cut at a record's end reads as a journal of fewer edits)
        if (fdp.ConsumeBool()) {
            const auto at = fdp.ConsumeIntegralInRange<qsizetype>(0, bytes.size());
            if (fdp.ConsumeBool()) {
                bytes.truncate(at);
            } else if (at < bytes.size()) {
                bytes[at] = char(bytes[at] ^ fdp.ConsumeIntegralInRange<int>(1, 255));
                flipped = true;
            }
            FZ_CHECK(fz::writeScratch(s.journalPath, bytes));
        }
        idx::EditableTensor t(s.file->view());
        const idx::RecoveryResult r = idx::recoverJournal(s.journalPath, t);
        if (bytes == before) {
            FZ_CHECK(r && r.error.isEmpty());
            FZ_CHECK(r.edits.size() + 1 == states.size());
        }
        if (r) {
            FZ_CHECK(r.edits.size() < states.size());
            FZ_CHECK(contentOf(t) == states[r.edits.size()]);
            if (flipped && r.edits.size() + 1 < states.size())
                FZ_CHECK(!r.error.isEmpty());
        } else {
            FZ_CHECK(!r.error.isEmpty());
            FZ_CHECK(contentOf(t) == original);
        }
    } else {
        const QByteArray tail = fz::rest(fdp);
        FZ_CHECK(fz::writeScratch(s.journalPath, (mode & 2) ? tail : s.head + tail));
        idx::EditableTensor t(s.file->view());
        const idx::RecoveryResult r = idx::recoverJournal(s.journalPath, t);
        if (!r) {
            FZ_CHECK(!r.error.isEmpty());
            FZ_CHECK(contentOf(t) == original);
            return 0;
        }
        for (const idx::Edit& e : r.edits)
            FZ_CHECK(fresh.applyChecked(e));
        FZ_CHECK(contentOf(fresh) == contentOf(t));
        for (auto it = r.edits.rbegin(); it != r.edits.rend(); ++it)
            t.undo(*it);
        FZ_CHECK(contentOf(t) == original);
    }
    return 0;
}
