// Tests for the edit overlay: sequences of edits checked against a naive model of whole records, undo of
// everything restores the original bytes and redo the edited ones, value range checks per dtype, the overlay
// stays O(edits) over a 47 MB base and 10 million records, one-record views, merges that return to the
// original become no-ops, and Edit serialization.
#include "editabletensor.h"
#include "fixtures.h"
#include "memoryview.h"
#include "recordfixtures.h"

#include <QTest>

#include <cmath>

using namespace idx;
using namespace Qt::StringLiterals;

namespace {

using Model = std::vector<QByteArray>; // big-endian bytes of each record, in order

Model modelOf(const TensorView& v)
{
    Model m;
    const quint64 rb = v.header().recordBytes();
    const int es = v.header().elementSize();
    for (quint64 i = 0; i < v.availableRecords(); ++i) {
        QByteArray r(reinterpret_cast<const char*>(v.recordData(i)), qsizetype(rb));
        if (v.byteOrder() == ByteOrder::Little)
            for (qsizetype k = 0; k + es <= r.size(); k += es)
                std::reverse(r.data() + k, r.data() + k + es);
        m.push_back(r);
    }
    return m;
}

Model modelOf(const EditableTensor& t)
{
    return modelOf(t.materialize(0, t.recordCount()));
}

QByteArray recordOf(DType t, quint64 elements, double value)
{
    return fx::encodeValues(t, std::vector<double>(size_t(elements), value));
}

/// Applies "op a b c" to both the tensor and the model. Ops: set r e v, rec r v (fill), del f n, ins at n v,
/// dup f n, mov f n to.
Edit apply(EditableTensor& t, Model& m, const QString& op)
{
    const QStringList p = op.split(u' ', Qt::SkipEmptyParts);
    const auto a = [&](int k) { return p.value(k).toULongLong(); };
    const DType dt = t.dtype();
    const quint64 ne = t.recordElements();
    EditResult r;
    if (p[0] == "set"_L1) {
        const double v = p[3].toDouble();
        r = t.setElement(a(1), a(2), v);
        QByteArray& rec = m[size_t(a(1))];
        const QByteArray e = fx::encodeValues(dt, {v});
        rec.replace(qsizetype(a(2)) * e.size(), e.size(), e);
    } else if (p[0] == "rec"_L1) {
        const QByteArray bytes = recordOf(dt, ne, p[2].toDouble());
        r = t.setRecord(a(1), bytes);
        m[size_t(a(1))] = bytes;
    } else if (p[0] == "del"_L1) {
        r = t.deleteRecords(a(1), a(2));
        m.erase(m.begin() + qint64(a(1)), m.begin() + qint64(a(1) + a(2)));
    } else if (p[0] == "ins"_L1) {
        QByteArray bytes;
        Model added;
        for (quint64 k = 0; k < a(2); ++k) {
            added.push_back(recordOf(dt, ne, p[3].toDouble() + double(k)));
            bytes += added.back();
        }
        r = t.insertRecords(a(1), bytes);
        m.insert(m.begin() + qint64(a(1)), added.begin(), added.end());
    } else if (p[0] == "dup"_L1) {
        r = t.duplicateRecords(a(1), a(2));
        const Model copy(m.begin() + qint64(a(1)), m.begin() + qint64(a(1) + a(2)));
        m.insert(m.begin() + qint64(a(1) + a(2)), copy.begin(), copy.end());
    } else if (p[0] == "mov"_L1) {
        r = t.moveRecords(a(1), a(2), a(3));
        const Model block(m.begin() + qint64(a(1)), m.begin() + qint64(a(1) + a(2)));
        m.erase(m.begin() + qint64(a(1)), m.begin() + qint64(a(1) + a(2)));
        m.insert(m.begin() + qint64(a(3)), block.begin(), block.end());
    }
    if (!r)
        qFatal("op %s failed: %s", qPrintable(op), qPrintable(r.error));
    return *r.edit;
}

} // namespace

class TestEditableTensor : public QObject {
    Q_OBJECT

private slots:
    void undoRedoSequences_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<bool>("little");
        QTest::addColumn<QString>("ops");
        const QString mixed = u"set 3 1 7; del 2 3; ins 0 2 100; dup 1 4; mov 0 3 5; rec 2 9; set 0 0 1; "
                              u"mov 10 2 0; del 0 1; dup 0 12; set 20 5 33"_s;
        QTest::newRow("uint8 set") << int(DType::UInt8) << false << u"set 0 0 200; set 0 0 201; set 5 2 0"_s;
        QTest::newRow("uint8 delete all") << int(DType::UInt8) << false << u"del 0 12"_s;
        QTest::newRow("uint8 delete then insert") << int(DType::UInt8) << false << u"del 0 12; ins 0 3 50"_s;
        QTest::newRow("uint8 append") << int(DType::UInt8) << false << u"ins 12 2 7; set 13 0 3"_s;
        QTest::newRow("uint8 dup of edited")
            << int(DType::UInt8) << false << u"set 4 0 99; dup 3 3; set 5 0 1"_s;
        QTest::newRow("uint8 dup of dup") << int(DType::UInt8) << false << u"dup 0 4; dup 2 4; set 3 1 42"_s;
        QTest::newRow("uint8 move back and forth") << int(DType::UInt8) << false << u"mov 0 4 8; mov 8 4 0"_s;
        QTest::newRow("uint8 move to same place") << int(DType::UInt8) << false << u"mov 3 2 3"_s;
        QTest::newRow("uint8 mixed") << int(DType::UInt8) << false << mixed;
        QTest::newRow("int8 mixed") << int(DType::Int8) << false
                                    << QString(mixed).replace(u"100"_s, u"-100"_s);
        QTest::newRow("int16 mixed") << int(DType::Int16) << false << mixed;
        QTest::newRow("int16 little-endian base") << int(DType::Int16) << true << mixed;
        QTest::newRow("int32 mixed") << int(DType::Int32) << false << mixed;
        QTest::newRow("float32 little-endian base") << int(DType::Float32) << true << mixed;
        QTest::newRow("float64 mixed") << int(DType::Float64) << false << mixed;
    }
    void undoRedoSequences()
    {
        QFETCH(int, dtype);
        QFETCH(bool, little);
        QFETCH(QString, ops);
        const DType t = DType(dtype);
        const std::vector<quint64> dims{12, 2, 3};
        const TensorView base = fx::memoryView(t, dims, fx::sampleValues(t, fx::elementCount(dims)),
                                               little ? ByteOrder::Little : ByteOrder::Big);
        EditableTensor et(base);
        const Model original = modelOf(base);
        QCOMPARE(modelOf(et), original);
        QVERIFY(!et.isModified());
        Model model = original;
        std::vector<Edit> edits;
        for (const QString& op : ops.split(u';'))
            edits.push_back(apply(et, model, op.trimmed()));
        QCOMPARE(et.recordCount(), quint64(model.size()));
        QCOMPARE(et.header().dims[0], quint64(model.size()));
        QCOMPARE(modelOf(et), model);
        const Model edited = model;
        for (auto it = edits.rbegin(); it != edits.rend(); ++it)
            et.undo(*it);
        QCOMPARE(modelOf(et), original);
        QVERIFY(!et.isModified());
        QVERIFY(et.modifications().empty());
        for (const Edit& e : edits)
            et.redo(e);
        QCOMPARE(modelOf(et), edited);
        // value() agrees with the model everywhere.
        for (quint64 i = 0; i < et.recordCount(); ++i)
            for (quint64 k = 0; k < et.recordElements(); ++k)
                QCOMPARE(et.value(i, k),
                         decodeElement(reinterpret_cast<const uchar*>(edited[size_t(i)].constData()) +
                                           k * quint64(elementSize(t)),
                                       t));
        // Read in place, piece by piece: the same records, values and slices, without a copy.
        const TensorPieces pieces = et.pieces();
        QCOMPARE(pieces.availableRecords(), et.recordCount());
        const TensorView whole = et.materialize(0, et.recordCount());
        for (quint64 i = 0; i < et.recordCount(); ++i) {
            QCOMPARE(
                QByteArray(reinterpret_cast<const char*>(pieces.recordData(i)), qsizetype(et.recordBytes())),
                QByteArray(reinterpret_cast<const char*>(et.recordBytes(i)), qsizetype(et.recordBytes())));
            QCOMPARE(modelOf(pieces.recordView(i)), Model{edited[size_t(i)]});
        }
        for (quint64 f = 0; f < pieces.availableElements(); ++f)
            QCOMPARE(pieces.value(f), whole.value(f));
        if (et.recordCount() > 1) {
            SliceSpec inRecord = SliceSpec::forRecord(whole.header(), et.recordCount() - 1);
            SliceSpec across; // rows are records: a slice through all of them
            across.rowAxis = 0;
            across.colAxis = 2;
            across.fixed = {0, 1, 0};
            for (const SliceSpec& spec : {inRecord, across}) {
                const auto a = extractSlice(pieces, spec);
                const auto b = extractSlice(whole, spec);
                QVERIFY(a && b);
                QCOMPARE(a->width, b->width);
                QCOMPARE(a->height, b->height);
                for (size_t k = 0; k < a->values.size(); ++k)
                    QVERIFY(a->values[k] == b->values[k] ||
                            (std::isnan(a->values[k]) && std::isnan(b->values[k])));
            }
        }
        // The same edits replayed on a fresh tensor through serialization give the same bytes.
        EditableTensor fresh(base);
        for (const Edit& e : edits) {
            const auto back = Edit::deserialize(e.serialize());
            QVERIFY(back);
            QVERIFY(fresh.applyChecked(*back));
        }
        QCOMPARE(modelOf(fresh), edited);
    }

    void outOfRange_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("message"); // empty: accepted
        const double nan = std::nan("");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("uint8 300") << int(DType::UInt8) << 300.0
                                   << u"value 300 is out of range for uint8 (0..255)"_s;
        QTest::newRow("uint8 -1") << int(DType::UInt8) << -1.0
                                  << u"value -1 is out of range for uint8 (0..255)"_s;
        QTest::newRow("uint8 255") << int(DType::UInt8) << 255.0 << QString();
        QTest::newRow("uint8 2.5") << int(DType::UInt8) << 2.5
                                   << u"value 2.5 is not a whole number; uint8 holds whole numbers only"_s;
        QTest::newRow("uint8 nan") << int(DType::UInt8) << nan
                                   << u"value nan is not a number; uint8 holds whole numbers"_s;
        QTest::newRow("int8 128") << int(DType::Int8) << 128.0
                                  << u"value 128 is out of range for int8 (-128..127)"_s;
        QTest::newRow("int8 -128") << int(DType::Int8) << -128.0 << QString();
        QTest::newRow("int16 40000") << int(DType::Int16) << 40000.0
                                     << u"value 40000 is out of range for int16 (-32768..32767)"_s;
        QTest::newRow("int32 3e9")
            << int(DType::Int32) << 3e9
            << u"value 3000000000 is out of range for int32 (-2147483648..2147483647)"_s;
        QTest::newRow("int32 inf") << int(DType::Int32) << inf
                                   << u"value inf is out of range for int32 (-2147483648..2147483647)"_s;
        QTest::newRow("float32 1e39")
            << int(DType::Float32) << 1e39
            << u"value 1e+39 is out of range for float32 (±3.4028234663852886e+38)"_s;
        QTest::newRow("float32 nan") << int(DType::Float32) << nan << QString();
        QTest::newRow("float32 0.1") << int(DType::Float32) << 0.1 << QString();
        QTest::newRow("float64 1e300") << int(DType::Float64) << 1e300 << QString();
    }
    void outOfRange()
    {
        QFETCH(int, dtype);
        QFETCH(double, value);
        QFETCH(QString, message);
        const DType t = DType(dtype);
        EditableTensor et(fx::memoryView(t, {3}, {1, 2, 3}));
        const EditResult r = et.setElement(1, 0, value);
        QCOMPARE(r.error, message);
        QCOMPARE(bool(r), message.isEmpty());
        QCOMPARE(et.isModified(), message.isEmpty());
        if (!message.isEmpty())
            QCOMPARE(et.value(1, 0), 2.0);
        else if (std::isnan(value))
            QVERIFY(std::isnan(et.value(1, 0)));
        else
            QCOMPARE(et.value(1, 0), t == DType::Float32 ? double(float(value)) : value);
    }

    void badArguments_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("message");
        QTest::newRow("set record") << u"set 10 0"_s
                                    << u"record 10 is out of range (the tensor has 10 records)"_s;
        QTest::newRow("set element") << u"set 0 6"_s
                                     << u"element 6 is out of range (a record has 6 elements)"_s;
        QTest::newRow("delete past end")
            << u"del 8 3"_s << u"records 8..10 are out of range (the tensor has 10 records)"_s;
        QTest::newRow("delete none") << u"del 0 0"_s << u"no records given"_s;
        QTest::newRow("insert past end")
            << u"ins 11 6"_s << u"position 11 is out of range (the tensor has 10 records)"_s;
        QTest::newRow("insert partial") << u"ins 0 5"_s << u"5 bytes are not whole records of 6 bytes"_s;
        QTest::newRow("move past end")
            << u"mov 0 3 8"_s << u"cannot move 3 records to position 8 (the tensor has 10 records)"_s;
        QTest::newRow("record size") << u"rec 0 5"_s << u"the record needs 6 bytes but 5 were given"_s;
    }
    void badArguments()
    {
        QFETCH(QString, op);
        QFETCH(QString, message);
        EditableTensor et(fx::imageRecords(10));
        const QStringList p = op.split(u' ');
        const quint64 a = p[1].toULongLong(), b = p[2].toULongLong();
        EditResult r;
        if (p[0] == "set"_L1)
            r = et.setElement(a, b, 1);
        else if (p[0] == "del"_L1)
            r = et.deleteRecords(a, b);
        else if (p[0] == "ins"_L1)
            r = et.insertRecords(a, QByteArray(qsizetype(b), '\1'));
        else if (p[0] == "mov"_L1)
            r = et.moveRecords(a, b, p[3].toULongLong());
        else if (p[0] == "rec"_L1)
            r = et.setRecord(a, QByteArray(qsizetype(b), '\1'));
        QVERIFY(!r);
        QCOMPARE(r.error, message);
        QVERIFY(!et.isModified());
    }

    void overlayOfOneLabelIsSmall()
    {
        // 60000 × 28 × 28 uint8: the 47 MB train images. One changed element must not copy the payload.
        const quint64 n = 60000;
        auto bytes = std::make_shared<QByteArray>(qsizetype(n * 784), '\x11');
        const auto h = Header::make(DType::UInt8, {n, 28, 28});
        const TensorView base(*h, reinterpret_cast<const uchar*>(bytes->constData()), h->dataBytes, bytes);
        EditableTensor et(base);
        const quint64 empty = et.overlayBytes();
        QVERIFY(et.setElement(31337, 100, 7));
        QVERIFY(et.overlayBytes() - empty <= 784 + 128);
        QCOMPARE(et.recordBytes(0), base.recordData(0)); // unedited records point into the base
        QCOMPARE(et.value(31337, 100), 7.0);
        QCOMPARE(int(bytes->at(31337 * 784 + 100)), 0x11); // the base is untouched
        // Structural edits on every record stay O(segments).
        QVERIFY(et.moveRecords(0, 30000, 30000));
        QVERIFY(et.duplicateRecords(0, 60000));
        QVERIFY(et.deleteRecords(1000, 50000));
        QVERIFY(et.overlayBytes() < 4096 + 2 * 784);
        QCOMPARE(et.recordCount(), quint64(70000));

        // And the labels: 1 byte per record.
        EditableTensor lab(fx::memoryView(DType::UInt8, {n}, std::vector<double>(size_t(n), 3)));
        const quint64 before = lab.overlayBytes();
        QVERIFY(lab.setElement(59999, 0, 4));
        QVERIFY(lab.overlayBytes() - before <= 1 + 128);
    }

    void tenMillionRecords()
    {
        const quint64 n = 10'000'000;
        auto bytes = std::make_shared<QByteArray>(qsizetype(n), '\0');
        for (quint64 i = 0; i < n; ++i)
            (*bytes)[qsizetype(i)] = char(i % 251);
        const auto h = Header::make(DType::UInt8, {n});
        EditableTensor et(TensorView(*h, reinterpret_cast<const uchar*>(bytes->constData()), n, bytes));
        std::vector<Edit> edits;
        edits.push_back(*et.deleteRecords(5, 1'000'000).edit);
        edits.push_back(*et.moveRecords(0, 4'000'000, 5'000'000).edit);
        edits.push_back(*et.duplicateRecords(100, 2'000'000).edit);
        edits.push_back(*et.insertRecords(7, QByteArray(3, '\x7f')).edit);
        QCOMPARE(et.recordCount(), n - 1'000'000 + 2'000'000 + 3);
        QVERIFY(et.segments().size() < 20);
        QVERIFY(et.overlayBytes() < 4096);
        // The moved block (base 0..4, then 1'000'005..) starts at 5'000'000, shifted by the 2'000'000 copies
        // and the 3 inserted records before it.
        const quint64 block = 5'000'000 + 2'000'000 + 3;
        QCOMPARE(et.baseIndexAt(block), std::optional<quint64>(0));
        QCOMPARE(et.baseIndexAt(block + 5), std::optional<quint64>(1'000'005));
        QCOMPARE(et.value(block + 5, 0), double(1'000'005 % 251));
        QCOMPARE(et.baseIndexAt(7), std::nullopt); // inserted
        QCOMPARE(et.value(7, 0), 127.0);
        for (auto it = edits.rbegin(); it != edits.rend(); ++it)
            et.undo(*it);
        QVERIFY(!et.isModified());
        QCOMPARE(et.recordCount(), n);
    }

    void recordViewsOutliveEdits()
    {
        EditableTensor et(fx::imageRecords(5));
        QVERIFY(et.setElement(2, 0, 77));
        const TensorView v2 = et.recordView(2);
        QCOMPARE(v2.header().dims, (std::vector<quint64>{1, 2, 3}));
        QCOMPARE(v2.value(0), 77.0);
        QCOMPARE(v2.value(1), 2.0);
        QVERIFY(et.setElement(2, 0, 78)); // the overlay entry is replaced; the view keeps its bytes
        QCOMPARE(v2.value(0), 77.0);
        const TensorView page = et.materialize(1, 3);
        QCOMPARE(page.header().dims[0], quint64(3));
        QCOMPARE(page.value(6), 78.0);
        QCOMPARE(et.snapshot().header().dims[0], quint64(5));
        EditableTensor clean(fx::imageRecords(5));
        QCOMPARE(clean.snapshot().data(), clean.base().data()); // zero copy when unmodified
    }

    void mergesBackToOriginalAreNoops()
    {
        EditableTensor et(fx::labelRecords(10));
        Edit merged = *et.setElement(4, 0, 9).edit;
        QCOMPARE(merged.kind(), Edit::Kind::SetElement);
        QCOMPARE(merged.record(), quint64(4));
        merged.append(*et.setElement(4, 0, 8).edit);
        QCOMPARE(merged.kind(), Edit::Kind::SetElement); // same element: still mergeable
        QVERIFY(!merged.isNoop());
        merged.append(*et.setElement(4, 0, 4).edit); // back to the original label
        QVERIFY(merged.isNoop());
        QVERIFY(!et.isModified()); // an edit that restores the source's bytes leaves no overlay entry
        et.undo(merged);
        QCOMPARE(et.value(4, 0), 4.0);
        QVERIFY(!et.isModified());
    }

    void diffFromSavedLayout_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<bool>("little");
        QTest::addColumn<QString>("saved"); // edits in the saved file
        QTest::addColumn<int>("undone");    // how many of them are undone after the save
        QTest::addColumn<QString>("after"); // edits made after the save (and the undos)
        const QString mixed = u"set 3 1 7; del 2 3; ins 0 2 100; dup 1 4; mov 0 3 5; rec 2 9"_s;
        const QString later = u"set 0 0 5; ins 1 1 9; dup 0 2; del 4 1; mov 0 1 3"_s;
        QTest::newRow("nothing since") << int(DType::UInt8) << false << u"set 0 0 1"_s << 0 << QString();
        QTest::newRow("set undone") << int(DType::UInt8) << false << u"set 3 1 7"_s << 1 << QString();
        QTest::newRow("delete undone") << int(DType::UInt8) << false << u"del 2 3"_s << 1 << QString();
        QTest::newRow("insert undone") << int(DType::UInt8) << false << u"ins 2 3 40"_s << 1 << QString();
        QTest::newRow("all undone") << int(DType::UInt8) << false << mixed << 6 << QString();
        QTest::newRow("some undone, more edits") << int(DType::UInt8) << false << mixed << 3 << later;
        QTest::newRow("everything deleted, then undone")
            << int(DType::UInt8) << false << u"del 0 12"_s << 1 << QString();
        QTest::newRow("saved empty, then inserted")
            << int(DType::UInt8) << false << u"del 0 12"_s << 0 << u"ins 0 2 5"_s;
        QTest::newRow("int16 little-endian") << int(DType::Int16) << true << mixed << 3 << later;
        QTest::newRow("float32 little-endian") << int(DType::Float32) << true << mixed << 2 << later;
        QTest::newRow("float64") << int(DType::Float64) << false << mixed << 4 << later;
    }
    void diffFromSavedLayout()
    {
        QFETCH(int, dtype);
        QFETCH(bool, little);
        QFETCH(QString, saved);
        QFETCH(int, undone);
        QFETCH(QString, after);
        const DType t = DType(dtype);
        const std::vector<quint64> dims{12, 2, 3};
        const TensorView base = fx::memoryView(t, dims, fx::sampleValues(t, fx::elementCount(dims)),
                                               little ? ByteOrder::Little : ByteOrder::Big);
        EditableTensor et(base);
        Model model = modelOf(base);
        std::vector<Edit> edits;
        for (const QString& op : saved.split(u';', Qt::SkipEmptyParts))
            edits.push_back(apply(et, model, op.trimmed()));
        // "Save": the file holds the tensor now, big-endian; the tensor keeps its base and overlay.
        const TensorLayout layout = et.layout();
        QVERIFY(et.hasLayout(layout));
        QByteArray fileBytes;
        for (const QByteArray& r : model)
            fileBytes += r;
        const auto bytes = std::make_shared<QByteArray>(fileBytes);
        const TensorView file(layout.header, reinterpret_cast<const uchar*>(bytes->constData()),
                              quint64(bytes->size()), bytes, ByteOrder::Big);
        for (int k = 0; k < undone; ++k) {
            et.undo(edits.back());
            edits.pop_back();
        }
        model = modelOf(et);
        for (const QString& op : after.split(u';', Qt::SkipEmptyParts))
            apply(et, model, op.trimmed());
        QCOMPARE(et.hasLayout(layout), undone == 0 && after.isEmpty());

        const Edit diff = et.diffFrom(layout);
        QCOMPARE(diff.isEmpty(), undone == 0 && after.isEmpty());
        const auto back = Edit::deserialize(diff.serialize()); // as the journal stores it
        QVERIFY(back);
        EditableTensor replay(file);
        QVERIFY(replay.applyChecked(*back));
        QCOMPARE(modelOf(replay), modelOf(et));
        // Only what the file does not hold is carried: never a copy of the whole tensor.
        quint64 carried = 0;
        for (const auto& source : diff.newSources())
            carried += source.chunk ? quint64(source.chunk->size()) : 0;
        QVERIFY(carried <= quint64(model.size()) * et.recordBytes());
        if (undone == 0 && after.isEmpty())
            QCOMPARE(carried, quint64(0));
    }

    void piecesAreZeroCopy()
    {
        const TensorView base = fx::imageRecords(1000);
        EditableTensor et(base);
        QCOMPARE(et.pieces().pieces().size(), size_t(1));
        QCOMPARE(et.pieces().pieces()[0].data(), base.data());
        QVERIFY(et.pieces().contiguous());
        QVERIFY(et.setElement(500, 2, 9));
        const TensorPieces p = et.pieces();
        // The records before and after the edited one are the base's own bytes; the edited one the overlay's.
        QCOMPARE(p.pieces().size(), size_t(3));
        QCOMPARE(p.recordData(0), base.data());
        QCOMPARE(p.recordData(501), base.recordData(501));
        QCOMPARE(p.recordData(500), et.recordBytes(500));
        QVERIFY(!p.contiguous());
        const TensorView one = p.recordView(500);
        QCOMPARE(one.header().dims, (std::vector<quint64>{1, 2, 3}));
        QCOMPARE(one.value(2), 9.0);
        QVERIFY(et.setElement(500, 2, 10)); // the view keeps the bytes it was made with
        QCOMPARE(one.value(2), 9.0);
        const TensorView none = p.recordView(1000); // past the end: the shape, nothing to read
        QVERIFY(none.isNull());
        QCOMPARE(none.availableRecords(), quint64(0));
        QCOMPARE(none.header().dims, (std::vector<quint64>{1, 2, 3}));
        QVERIFY(!extractSlice(none, SliceSpec::forRecord(none.header(), 0)));
    }

    void diffCarriesOnlyWhatTheFileLacks()
    {
        EditableTensor et(fx::imageRecords(1000));
        QVERIFY(et.setElement(10, 0, 200));
        const TensorLayout layout = et.layout();
        const Edit undoable = *et.setElement(500, 1, 7).edit;
        QVERIFY(et.deleteRecords(900, 100)); // after the save: records the file holds are runs of it
        et.undo(undoable);
        const Edit diff = et.diffFrom(layout);
        QVERIFY(diff.newSources().empty());
        // One splice (the file's 1000 records become its first 900); record 10's edit is in the file
        // already and the undone edit of record 500 was never saved: no bytes at all.
        QCOMPARE(diff.steps().size(), size_t(1));
        QVERIFY(diff.steps()[0].splice);
        QVERIFY(diff.serialize().size() < 200);
    }

    void applyCheckedRefusesForeignEdits()
    {
        EditableTensor a(fx::imageRecords(10)), b(fx::imageRecords(3));
        const Edit del = *a.deleteRecords(5, 5).edit;
        QVERIFY(!b.applyChecked(del)); // b has no segment [0, 10)
        QVERIFY(!b.isModified());
        QVERIFY(!Edit::deserialize(QByteArray("garbage")));
        // Every truncation of a serialized edit is refused (the journal's CRC catches most damage; this is
        // the second line of defence).
        const Edit dup = *a.duplicateRecords(0, 3).edit;
        for (const Edit& e : {del, dup}) {
            const QByteArray bytes = e.serialize();
            for (qsizetype n = 0; n < bytes.size(); ++n)
                QVERIFY(!Edit::deserialize(QByteArrayView(bytes).first(n)));
            QVERIFY(Edit::deserialize(bytes));
        }
    }
};

QTEST_GUILESS_MAIN(TestEditableTensor)
#include "tst_editabletensor.moc"
