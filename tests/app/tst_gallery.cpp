// GalleryModel / GalleryView: rows under the label filter, lazy thumbnails (pixels, and no whole-gallery
// rendering), growth while a .gz decodes, jump to index and the selection shared through ViewState.
#include "appfixtures.h"
#include "document.h"
#include "gallerygrid.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "headerpanel.h"
#include "recordsetprint.h"
#include "viewstate.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <map>

using namespace idx::gui;

namespace {
constexpr int Side = 4;

// Pixel k of record i: distinct per record so a thumbnail can only match its own record.
double pixel(quint64 i, quint64 k)
{
    return double((i * 7 + k * 13) % 256);
}
qint64 labelOf(quint64 i)
{
    return qint64((i * i + 3 * i) % 7); // uneven class sizes
}

struct Fixture {
    QTemporaryDir dir;
    QString images;
    std::map<qint64, int> counts;
    explicit Fixture(quint64 n, fx::Wrap wrap = fx::Wrap::Raw)
    {
        std::vector<double> values;
        std::vector<double> labels;
        for (quint64 i = 0; i < n; ++i) {
            for (quint64 k = 0; k < Side * Side; ++k)
                values.push_back(pixel(i, k));
            labels.push_back(double(labelOf(i)));
            ++counts[labelOf(i)];
        }
        const QString suffix = wrap == fx::Wrap::Gzip ? QStringLiteral(".gz") : QString();
        images = fx::writeFile(dir, QStringLiteral("t-images-idx3-ubyte") + suffix,
                               fx::wrap(fx::idxBytes(idx::DType::UInt8, {n, Side, Side}, values), wrap));
        fx::writeFile(dir, QStringLiteral("t-labels-idx1-ubyte"),
                      fx::idxBytes(idx::DType::UInt8, {n}, labels));
    }
};

void waitLoaded(Document& doc)
{
    QTRY_VERIFY_WITH_TIMEOUT(!doc.isLoading(), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(doc.hasLabels(), 20000);
}

// What a painting view does: ask for the decoration (which requests it), then see whether it is current.
bool fresh(const GalleryModel& model, int row)
{
    (void)model.data(model.index(row), Qt::DecorationRole);
    return model.data(model.index(row), GalleryModel::ThumbnailFreshRole).toBool();
}

// Resident memory of this process in KiB (Linux: /proc/self/status), -1 when unknown.
qint64 residentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return -1;
}

bool thumbnailMatches(const QPixmap& pixmap, quint64 record)
{
    const QImage image = pixmap.toImage().convertToFormat(QImage::Format_Grayscale8);
    if (image.size() != QSize(Side, Side))
        return false;
    for (int y = 0; y < Side; ++y)
        for (int x = 0; x < Side; ++x)
            if (qGray(image.pixel(x, y)) != int(pixel(record, quint64(y * Side + x))))
                return false;
    return true;
}
} // namespace

class TestGallery : public QObject {
    Q_OBJECT
private slots:
    void modelTesterAndFilter();
    void multiClassFilter();
    void filterMenu();
    void thumbnailPixels();
    void thumbnailsFollowRenderOptions();
    void farRowsDoNotRenderEverything();
    void reshapedAndRgbThumbnails();
    void growsWhileLoading();
    void fashionTrainWhileDecoding();
    void jumpToIndex();
    void jumpStaysWhileThumbnailsArrive();
    void selectionDrivesViewState();
    void selectAllAsRuns();
    void tenMillionRecordsStaySmall();
};

void TestGallery::modelTesterAndFilter()
{
    Fixture f(200);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 200);
    QCOMPARE(model.data(model.index(12), Qt::DisplayRole).toString(),
             QStringLiteral("12 · %1").arg(labelOf(12)));
    QCOMPARE(model.data(model.index(12), GalleryModel::RecordRole).toULongLong(), 12u);
    for (const auto& [label, count] : f.counts) {
        state.setLabelFilter({label});
        QCOMPARE(model.rowCount(), count);
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.data(model.index(row), GalleryModel::LabelRole).toLongLong(), label);
    }
    QCOMPARE(model.classCounts().size(), qsizetype(f.counts.size()));
    state.setLabelFilter({});
    QCOMPARE(model.rowCount(), 200);
}

void TestGallery::multiClassFilter()
{
    Fixture f(150);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryModel model(&doc, &state);
    state.setLabelFilter({0, 3, 5});
    QCOMPARE(model.rowCount(), f.counts[0] + f.counts[3] + f.counts[5]);
    // Rows keep record order, and rowOf / recordAt are inverse.
    quint64 previous = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const quint64 r = model.recordAt(row);
        QVERIFY(row == 0 || r > previous);
        QCOMPARE(model.rowOf(r), row);
        previous = r;
    }
    const quint64 excluded = model.recordAt(0) == 0 ? 1 : 0;
    if (labelOf(excluded) != 0 && labelOf(excluded) != 3 && labelOf(excluded) != 5)
        QCOMPARE(model.rowOf(excluded), -1);
}

void TestGallery::filterMenu()
{
    Fixture f(100);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryView view(&doc, &state);
    auto* button = view.findChild<QToolButton*>();
    QVERIFY(button && button->menu());
    QCOMPARE(button->text(), QStringLiteral("Labels: all"));
    const auto actionFor = [&](qint64 label) -> QAction* {
        for (QAction* a : button->menu()->actions())
            if (a->isCheckable() && a->data().toLongLong() == label)
                return a;
        return nullptr;
    };
    // The fixture's labels are classes 0, 3, 4 and 5 only: one entry each, nothing invented.
    QVERIFY(!actionFor(1) && !actionFor(2) && !actionFor(6));
    QVERIFY(actionFor(3) && actionFor(4));
    QCOMPARE(actionFor(3)->text(), QStringLiteral("Class 3 (%1)").arg(f.counts[3]));
    actionFor(3)->trigger();
    actionFor(4)->trigger();
    QCOMPARE(state.labelFilter(), (QSet<qint64>{3, 4}));
    QCOMPARE(view.model()->rowCount(), f.counts[3] + f.counts[4]);
    QVERIFY(button->text().startsWith(QStringLiteral("Labels: 3, 4")));
    // Filtered from elsewhere (the class chart): the menu's ticks follow.
    state.setLabelFilter({5});
    QVERIFY(actionFor(5)->isChecked());
    QVERIFY(!actionFor(3)->isChecked());
    // Labels detached: the filter goes too, or every record would stay hidden.
    doc.detachLabels();
    QVERIFY(state.labelFilter().isEmpty());
    QCOMPARE(view.model()->rowCount(), 100);
    QVERIFY(button->isHidden());
}

void TestGallery::thumbnailPixels()
{
    Fixture f(50);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryModel model(&doc, &state);
    for (int row : {0, 17, 49}) {
        QTRY_VERIFY(fresh(model, row));
        const QPixmap p = model.data(model.index(row), Qt::DecorationRole).value<QPixmap>();
        QVERIFY(thumbnailMatches(p, quint64(row)));
    }
}

void TestGallery::thumbnailsFollowRenderOptions()
{
    Fixture f(20);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryModel model(&doc, &state);
    const QModelIndex i = model.index(3);
    QTRY_VERIFY(fresh(model, 3));
    state.setInvert(true);
    // The old picture stays (no flashing) but is marked stale until the new one arrives.
    QVERIFY(!model.data(i, GalleryModel::ThumbnailFreshRole).toBool());
    QVERIFY(!model.data(i, Qt::DecorationRole).value<QPixmap>().isNull());
    QTRY_VERIFY(fresh(model, 3));
    const QImage image = model.data(i, Qt::DecorationRole).value<QPixmap>().toImage();
    QCOMPARE(qGray(image.pixel(1, 0)), 255 - int(pixel(3, 1)));
}

void TestGallery::farRowsDoNotRenderEverything()
{
    Fixture f(20000);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryModel model(&doc, &state);
    const quint64 before = model.thumbnails()->renderCount();
    for (int row : {0, 19999, 10000})
        (void)model.data(model.index(row), Qt::DecorationRole); // asking is requesting
    for (int row : {0, 19999, 10000})
        QTRY_VERIFY(model.data(model.index(row), GalleryModel::ThumbnailFreshRole).toBool());
    QVERIFY(thumbnailMatches(model.data(model.index(19999), Qt::DecorationRole).value<QPixmap>(), 19999));
    QCOMPARE(model.thumbnails()->renderCount() - before, 3u);

    // Requests for rows scrolled away are dropped before they render.
    model.thumbnails()->setMaxQueue(100000);
    for (int row = 100; row < 5100; ++row)
        model.thumbnails()->request(quint64(row));
    model.thumbnails()->dropRequestsExcept({5000, 5001});
    QTRY_COMPARE(model.thumbnails()->pendingCount(), 0);
    QTRY_VERIFY(model.thumbnails()->isFresh(5001));
    QVERIFY(model.thumbnails()->renderCount() - before < 3 + 200); // at most the batches already under way
}

void TestGallery::reshapedAndRgbThumbnails()
{
    QTemporaryDir dir;
    {
        // Flat 784-value records viewed as 28×28.
        const auto values = fx::sampleValues(idx::DType::UInt8, 3 * 784, 5);
        Document doc(fx::writeFile(dir, QStringLiteral("flat.idx"),
                                   fx::idxBytes(idx::DType::UInt8, {3, 784}, values)));
        ViewState state;
        QTRY_VERIFY(!doc.isLoading());
        GalleryModel model(&doc, &state);
        state.setReshape(std::vector<quint64>{28, 28});
        QTRY_VERIFY(fresh(model, 2));
        const QImage image = model.data(model.index(2), Qt::DecorationRole).value<QPixmap>().toImage();
        QCOMPARE(image.size(), QSize(28, 28));
        QCOMPARE(qGray(image.pixel(5, 9)), int(values[2 * 784 + 9 * 28 + 5]));
    }
    {
        // [N, 4, 4, 3] with the last axis as RGB channels.
        const auto values = fx::sampleValues(idx::DType::UInt8, 2 * 4 * 4 * 3, 9);
        Document doc(fx::writeFile(dir, QStringLiteral("rgb.idx"),
                                   fx::idxBytes(idx::DType::UInt8, {2, 4, 4, 3}, values)));
        ViewState state;
        QTRY_VERIFY(!doc.isLoading());
        GalleryModel model(&doc, &state);
        state.setRgbChannels(true);
        QTRY_VERIFY(fresh(model, 1));
        const QImage image = model.data(model.index(1), Qt::DecorationRole).value<QPixmap>().toImage();
        QCOMPARE(image.size(), QSize(4, 4));
        const size_t at = size_t(((1 * 4 + 2) * 4 + 3) * 3); // record 1, y 2, x 3
        QCOMPARE(image.pixelColor(3, 2), QColor(int(values[at]), int(values[at + 1]), int(values[at + 2])));
    }
}

void TestGallery::growsWhileLoading()
{
    Fixture f(30000, fx::Wrap::Gzip);
    Document doc(f.images);
    ViewState state;
    GalleryModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy finished(&doc, &Document::loadFinished);
    QTRY_VERIFY_WITH_TIMEOUT(doc.hasLabels(), 20000);
    state.setLabelFilter({2}); // filter while records still arrive
    if (doc.isLoading())
        QVERIFY(finished.wait(30000));
    QCOMPARE(model.rowCount(), f.counts[2]);
    state.setLabelFilter({});
    QCOMPARE(model.rowCount(), 30000);
}

void TestGallery::fashionTrainWhileDecoding()
{
    const QString path = QStringLiteral(IDXSCOPE_FASHION_DIR "/train-images-idx3-ubyte.gz");
    if (!QFile::exists(path))
        QFAIL("Debian's dataset-fashion-mnist is missing: ./build.sh installs it");
    Document doc(path);
    ViewState state;
    GalleryModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy finished(&doc, &Document::loadFinished);
    // Thumbnails asked for while the records arrive: those not decoded yet simply come later.
    (void)model.data(model.index(0), Qt::DecorationRole);
    QVERIFY(finished.wait(60000));
    QTRY_COMPARE(model.rowCount(), 60000);
    QVERIFY(inserted.count() >= 1);
    QTRY_VERIFY_WITH_TIMEOUT(doc.hasLabels(), 20000);
    state.setLabelFilter({0});
    QCOMPARE(model.rowCount(), 6000); // Fashion-MNIST's train set has 6,000 of each class
    state.setLabelFilter({0, 9});
    QCOMPARE(model.rowCount(), 12000);
    QCOMPARE(model.classCounts().value(9), 6000u);
    // 60,000 rows, and only what was asked for was rendered.
    QVERIFY(model.thumbnails()->renderCount() < 100);
    // Its labels are Fashion-MNIST's: captions and tooltips name the class (record 0 is an ankle boot).
    QVERIFY(doc.dataset().has_value());
    QCOMPARE(doc.dataset()->title(), QStringLiteral("Fashion-MNIST, training images"));
    state.setLabelFilter({});
    QCOMPARE(model.data(model.index(0), Qt::DisplayRole).toString(), QStringLiteral("0 · Ankle boot"));
    QCOMPARE(model.data(model.index(1), Qt::ToolTipRole).toString(),
             QStringLiteral("Record 1, label 0 · T-shirt/top"));
    // The header panel's Dataset row says what it is, and why: once the file's own first images are
    // checked, by them (before that, by its labels file).
    HeaderPanel panel(&doc);
    QTRY_COMPARE(panel.value(QStringLiteral("dataset")),
                 QStringLiteral("Fashion-MNIST, training images (the first 16 images match the published "
                                "file's)"));
}

void TestGallery::jumpToIndex()
{
    Fixture f(300);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryView view(&doc, &state);
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.jumpTo(250);
    QCOMPARE(state.currentRecord(), 250u);
    QCOMPARE(view.listView()->currentIndex().row(), 250);
    QVERIFY(view.listView()->viewport()->rect().intersects(
        view.listView()->visualRect(view.listView()->currentIndex())));
    // Filtered: the record becomes current for the image view even when the gallery doesn't show it.
    state.setLabelFilter({labelOf(10)});
    const quint64 other = labelOf(11) != labelOf(10) ? 11 : 12;
    view.jumpTo(other);
    QCOMPARE(state.currentRecord(), other);
    view.jumpTo(100000); // clamped to the last record
    QCOMPARE(state.currentRecord(), 299u);
    // The size slider's range, and the model keeps its rows while the size changes.
    view.setThumbnailSize(200);
    QCOMPARE(view.thumbnailSize(), 112);
}

void TestGallery::jumpStaysWhileThumbnailsArrive()
{
    Fixture f(20000);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryView view(&doc, &state);
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    GalleryGrid* list = view.listView();
    view.jumpTo(12345);
    const QModelIndex current = list->currentIndex();
    QCOMPARE(current.row(), 12345);
    // The painted rows' thumbnails arrive (each a dataChanged); the jump target must stay on screen.
    QTRY_VERIFY(view.model()->data(current, GalleryModel::ThumbnailFreshRole).toBool());
    QTRY_COMPARE(view.model()->thumbnails()->pendingCount(), 0);
    QVERIFY(list->viewport()->rect().contains(list->visualRect(current)));
}

void TestGallery::selectionDrivesViewState()
{
    Fixture f(60);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryView view(&doc, &state);
    GalleryGrid* list = view.listView();
    list->selectionModel()->setCurrentIndex(view.model()->index(7), QItemSelectionModel::ClearAndSelect);
    QCOMPARE(state.currentRecord(), 7u);
    QCOMPARE(state.selection(), idx::RecordSet{7});
    list->selectionModel()->select(view.model()->index(3), QItemSelectionModel::Select);
    QCOMPARE(state.selection(), (idx::RecordSet{3, 7}));
    // The image view moves on: the gallery follows.
    state.setCurrentRecord(42);
    QCOMPARE(list->currentIndex().row(), 42);
    QCOMPARE(state.selection(), idx::RecordSet{42});
    // Selected elsewhere (the table): the gallery shows the same records selected.
    state.setSelection({1, 2, 3, 30});
    QCOMPARE(list->selectionModel()->selectedIndexes().size(), 4);
    for (int row : {1, 2, 3, 30})
        QVERIFY(list->selectionModel()->isSelected(view.model()->index(row)));
    QCOMPARE(state.selection(), (idx::RecordSet{1, 2, 3, 30}));
}

void TestGallery::selectAllAsRuns()
{
    // A selection is runs of records, never a list: Select All is one run; filtered, the shown records'
    // runs; a selection made elsewhere selects the shown rows inside its runs.
    Fixture f(60);
    Document doc(f.images);
    ViewState state;
    waitLoaded(doc);
    GalleryView view(&doc, &state);
    GalleryGrid* grid = view.listView();
    QTest::keySequence(grid, QKeySequence::SelectAll);
    QCOMPARE(state.selection(), idx::RecordSet::span(0, 60));
    QCOMPARE(state.selection().runs().size(), size_t(1));

    state.setLabelFilter({0, 4});
    QTest::keySequence(grid, QKeySequence::SelectAll);
    idx::RecordSet shown;
    for (quint64 i = 0; i < 60; ++i)
        if (labelOf(i) == 0 || labelOf(i) == 4)
            shown.add(i);
    QCOMPARE(state.selection(), shown);
    QVERIFY(shown.runs().size() > 1 && shown.runs().size() < shown.count()); // some runs are longer than 1

    state.setSelection(idx::RecordSet::span(10, 30));
    int inside = 0;
    for (quint64 i = 10; i < 30; ++i)
        inside += shown.contains(i);
    const QModelIndexList rows = grid->selectionModel()->selectedIndexes();
    QCOMPARE(int(rows.size()), inside);
    for (const QModelIndex& row : rows) {
        const quint64 record = view.model()->recordAt(row.row());
        QVERIFY(record >= 10 && record < 30);
    }
    QCOMPARE(state.selection(), idx::RecordSet::span(10, 30)); // mirroring it does not change it
}

void TestGallery::tenMillionRecordsStaySmall()
{
    // An 8 GiB sparse images file: 10,956,549 records of 28 x 28. The gallery keeps nothing per record, so
    // showing it, jumping to the end and back costs a few megabytes, not hundreds.
    QTemporaryDir dir;
    const quint64 n = (quint64(8) << 30) / 784;
    const QString path = dir.filePath(QStringLiteral("big-images-idx3-ubyte"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray header("\0\0\x08\x03", 4);
        for (quint32 d : {quint32(n), 28u, 28u})
            for (int shift = 24; shift >= 0; shift -= 8)
                header.append(char((d >> shift) & 0xff));
        QCOMPARE(f.write(header), qint64(16));
        QVERIFY2(f.resize(qint64(16 + n * 784)), qPrintable(f.errorString()));
    }
    Document doc(path);
    QTRY_VERIFY(!doc.isLoading());
    ViewState state;
    const qint64 before = residentKiB();
    QVERIFY(before > 0);
    GalleryView view(&doc, &state);
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(quint64(view.model()->rowCount()), n);
    view.jumpTo(n - 1);
    GalleryGrid* grid = view.listView();
    const QModelIndex last = grid->currentIndex();
    QCOMPARE(quint64(last.row()), n - 1);
    QVERIFY(grid->viewport()->rect().contains(grid->visualRect(last)));
    QTRY_VERIFY(fresh(*view.model(), last.row()));
    // Resizing re-lays out the grid: arithmetic, so the last record stays in view.
    view.resize(450, 500);
    QTRY_VERIFY(grid->viewport()->rect().intersects(grid->visualRect(last)));
    QTest::keyClick(grid, Qt::Key_Home);
    QCOMPARE(grid->currentIndex().row(), 0);
    QTRY_VERIFY(fresh(*view.model(), 0));
    const qint64 grown = residentKiB() - before;
    qInfo("gallery over %llu records: resident memory grew by %lld KiB", n, grown);
    QVERIFY2(grown < 64 * 1024, qPrintable(QString::number(grown)));
    // Only the thumbnails asked for were rendered.
    QVERIFY(view.model()->thumbnails()->renderCount() < 1000);
}

QTEST_MAIN(TestGallery)
#include "tst_gallery.moc"
