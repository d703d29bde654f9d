// Cancelling the GUI's background work at random moments, in a real MainWindow: the progressive load, the
// statistics, the gallery thumbnails and the exports are cancelled, superseded, restarted or torn down (tab
// or window closed, file replaced and reloaded) after a random number of progress reports or event-loop
// turns. The choices come from a seeded generator: the seed is printed, and IDXSCOPE_TEST_SEED=N repeats a
// run's choices (IDXSCOPE_TEST_ROUNDS=K runs K times as many rounds). Checked: every figure, thumbnail and
// mean image matches the data the document holds at the moment it appears; once the work has settled,
// everything shown equals a fresh synchronous computation; no signal of a cancelled or finished job arrives
// later; an export reports exactly what it left on disk. The sanitizer build runs this under ASan, UBSan and
// LSan.
#include "appfixtures.h"
#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "editcommands.h"
#include "exportcontroller.h"
#include "gallerymodel.h"
#include "galleryview.h"
#include "idxfile.h"
#include "mainwindow.h"
#include "meanimages.h"
#include "pixelimage.h"
#include "savecontroller.h"
#include "slicerenderer.h"
#include "stats.h"
#include "statspanel.h"
#include "thumbnailcache.h"
#include "viewstate.h"

#include <QAbstractItemView>
#include <QDir>
#include <QPointer>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QScrollBar>
#include <QTest>
#include <QThread>
#include <QUndoStack>
#include <QtEndian>

#include <cmath>
#include <memory>

using namespace idx::gui;

namespace {

constexpr quint32 Records = 12000; // 9.4 MB of 28×28 images: every job spans many progress reports
constexpr quint64 RecordElements = 28 * 28;

quint32 seedFromEnvironment()
{
    bool ok = false;
    const quint32 seed = qEnvironmentVariable("IDXSCOPE_TEST_SEED").toUInt(&ok);
    return ok ? seed : QRandomGenerator::system()->generate();
}

int rounds(int base)
{
    bool ok = false;
    const int factor = qEnvironmentVariableIntValue("IDXSCOPE_TEST_ROUNDS", &ok);
    return base * (ok && factor > 0 ? factor : 1);
}

quint32 nameHash(const char* name) // FNV-1a: stable across processes, unlike qHash
{
    quint32 h = 2166136261u;
    for (; *name; ++name)
        h = (h ^ uchar(*name)) * 16777619u;
    return h;
}

// Two contents of the same shape: A, and A inverted. Every figure, thumbnail and mean differs between them.
QByteArray imagesVariant(bool inverted)
{
    QByteArray bytes = appfx::randomImages(Records);
    if (inverted)
        for (qsizetype i = 16; i < bytes.size(); ++i)
            bytes[i] = char(255 - uchar(bytes[i]));
    return bytes;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool replaceFile(const QString& path, const QByteArray& bytes) // atomically, as another program would
{
    QSaveFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit();
}

QByteArray bytesOf(const idx::TensorView& v)
{
    return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.availableBytes()));
}

StatsPanel* panelOf(DocumentView* v)
{
    return v->panel<StatsPanel>();
}

/// Empty when the figures agree (the spread sums of parallel workers may differ in the last bits).
QString statsMismatch(const std::optional<idx::Stats>& shown, const std::optional<idx::Stats>& expected)
{
    if (!shown || !expected)
        return bool(shown) == bool(expected)
                   ? QString()
                   : QStringLiteral("figures shown: %1, expected: %2").arg(bool(shown)).arg(bool(expected));
    const idx::Stats& a = *shown;
    const idx::Stats& b = *expected;
    const auto close = [](double x, double y) {
        return std::abs(x - y) <= 1e-9 * std::max(1.0, std::abs(y));
    };
    if (a.count == b.count && a.nan == b.nan && a.posinf == b.posinf && a.neginf == b.neginf &&
        a.zeros == b.zeros && a.min == b.min && a.max == b.max && close(a.mean, b.mean) &&
        close(a.std, b.std) && a.histogram.counts == b.histogram.counts)
        return {};
    return QStringLiteral("shown count %1 mean %2, expected count %3 mean %4")
        .arg(a.count)
        .arg(a.mean, 0, 'g', 12)
        .arg(b.count)
        .arg(b.mean, 0, 'g', 12);
}

std::optional<idx::Stats> rangeStats(const idx::TensorView& view, quint64 first, quint64 end)
{
    idx::StatsOptions o;
    o.firstRecord = first;
    o.endRecord = end;
    return idx::computeStats(view, o);
}

/// The given records of `view` copied into one contiguous tensor, here in the test: the reference the
/// exports and the selection figures (which read records where they are) are compared with.
idx::TensorView gatherRecords(const idx::TensorView& view, const idx::RecordSet& records)
{
    std::vector<quint64> dims = view.header().dims;
    dims[0] = records.count();
    auto bytes = std::make_shared<QByteArray>();
    for (quint64 r : records)
        bytes->append(reinterpret_cast<const char*>(view.recordData(r)),
                      qsizetype(view.header().recordBytes()));
    return idx::TensorView(*idx::Header::make(view.dtype(), dims),
                           reinterpret_cast<const uchar*>(bytes->constData()), quint64(bytes->size()), bytes,
                           view.byteOrder());
}

/// The selected records that are available, at most `limit` of them (the first ones: records arrive in
/// order).
idx::RecordSet availableSelection(const idx::TensorView& view, const idx::RecordSet& selection,
                                  quint64 limit = ~quint64(0))
{
    idx::RecordSet out;
    for (quint64 r : selection.clampedTo(view.availableRecords())) {
        if (out.count() == limit)
            break;
        out.add(r);
    }
    return out;
}

/// Empty when `pixmap` is exactly what rendering `record` now, with the current settings, gives.
QString thumbnailMismatch(DocumentView* v, quint64 record, const QPixmap& pixmap)
{
    const idx::TensorView view = v->document()->view();
    if (record >= view.availableRecords())
        return QStringLiteral("thumbnail of record %1, which is not available").arg(record);
    const auto buffer = idx::renderRecord(view, record, v->viewState()->render());
    if (!buffer)
        return QStringLiteral("record %1 does not render").arg(record);
    const QImage expected = idx::toQImage(*buffer).convertToFormat(QImage::Format_RGB32);
    if (pixmap.toImage().convertToFormat(QImage::Format_RGB32) != expected)
        return QStringLiteral("thumbnail of record %1 is not a fresh render of it").arg(record);
    return {};
}

/// Empty when the first mean image (class 0) shows the mean of class 0's records at pixel 0 (gray colormap
/// only).
QString meansMismatch(DocumentView* v)
{
    if (v->viewState()->render().colormap != idx::Colormap::Gray)
        return {};
    const idx::TensorView view = v->document()->view();
    const auto& labels = v->document()->labelClasses();
    double sum = 0;
    quint64 n = 0;
    for (quint64 r = 0; r < std::min<quint64>(view.availableRecords(), labels.size()); ++r)
        if (labels[size_t(r)] == 0) {
            sum += view.recordData(r)[0];
            ++n;
        }
    MeanImages* means = panelOf(v)->meanImages();
    if (n == 0 || means->imageCount() == 0)
        return QStringLiteral("mean images shown: %1, labelled records of class 0: %2")
            .arg(means->imageCount())
            .arg(n);
    const QImage expected =
        idx::toQImage(idx::renderSlice(idx::Slice{1, 1, {sum / double(n)}}, v->viewState()->render()));
    const int got = qGray(means->image(0).pixel(0, 0));
    if (std::abs(got - qGray(expected.pixel(0, 0))) > 1)
        return QStringLiteral("mean image of class 0: %1, expected %2")
            .arg(got)
            .arg(qGray(expected.pixel(0, 0)));
    return {};
}

/// Records every result a tab shows that does not match its document's data at the moment it appears.
class StaleWatch {
public:
    /// `round` names the round a problem is noted in (a helper's failed check does not end the loop).
    StaleWatch(DocumentView* v, const QString* round) : m_view(v), m_round(round)
    {
        Document* doc = v->document();
        // Until the GUI has handled the end of the load, more records may have been decoded since a panel
        // looked: "not loaded yet" can only be checked against what was available then, which is unknown.
        m_loading = doc->headerValid();
        QObject::connect(doc, &Document::loadFinished, &m_context, [this] { m_loading = false; });
        QObject::connect(doc, &Document::reloaded, &m_context,
                         [this, doc] { m_loading = doc->headerValid(); });
        StatsPanel* panel = panelOf(v);
        QObject::connect(panel, &StatsPanel::figuresShown, &m_context,
                         [this](StatsPanel::Scope scope) { checkFigures(scope); });
        QObject::connect(panel, &StatsPanel::labelStatsReady, &m_context, [this] { checkMeans(); });
        QObject::connect(v->gallery()->model()->thumbnails(), &ThumbnailCache::thumbnailReady, &m_context,
                         [this](quint64 record) { checkThumbnail(record); });
    }
    QStringList problems;

private:
    void note(const QString& what, const QString& prefix = {})
    {
        if (!what.isEmpty() && problems.size() < 20)
            problems << prefix + what + QStringLiteral(" [in %1]").arg(*m_round);
    }

    void checkFigures(StatsPanel::Scope scope)
    {
        if (!m_view)
            return;
        const idx::TensorView view = m_view->document()->view();
        const std::optional<idx::Stats>& shown = panelOf(m_view)->shownStats(scope);
        // A figure may describe fewer records than are available now (loading went on meanwhile), never other
        // records or other data: the first `records` of what it was asked for.
        const quint64 records = shown ? shown->count / RecordElements : 0;
        if (shown && shown->count % RecordElements)
            return note(QStringLiteral("figures of %1 elements: not whole records").arg(shown->count));
        switch (scope) {
        case StatsPanel::Tensor:
            if (!shown || records > view.availableRecords())
                return note(QStringLiteral("tensor figures of %1 records, %2 available")
                                .arg(records)
                                .arg(view.availableRecords()));
            return note(statsMismatch(shown, rangeStats(view, 0, records)), QStringLiteral("tensor: "));
        case StatsPanel::Record: {
            const quint64 r = m_view->viewState()->currentRecord();
            if (!shown && m_loading)
                return; // "not loaded yet" when the panel looked (the settled state is checked afterwards)
            const auto expected = r < view.availableRecords() ? rangeStats(view, r, r + 1) : std::nullopt;
            return note(statsMismatch(shown, expected),
                        QStringLiteral("record %1 of %2 available, %3 in pieces, header %4, container %5, "
                                       "%6 of %7 bytes decoded, %8 on disk, loading %9 (note \"%10\"): ")
                            .arg(r)
                            .arg(view.availableRecords())
                            .arg(m_view->document()->pieces().availableRecords())
                            .arg(m_view->document()->headerValid())
                            .arg(idx::containerName(m_view->document()->file()->container()))
                            .arg(m_view->document()->file()->decodedBytes())
                            .arg(m_view->document()->file()->expectedBytes())
                            .arg(QFileInfo(m_view->document()->path()).size())
                            .arg(m_view->document()->isLoading())
                            .arg(panelOf(m_view)->noteText(scope)));
        }
        case StatsPanel::Selection: {
            const auto selected = availableSelection(view, m_view->viewState()->selection(), records);
            if (selected.count() < records)
                return note(QStringLiteral("selection figures of %1 records, %2 selected and available")
                                .arg(records)
                                .arg(selected.count()));
            const auto expected =
                selected.isEmpty() ? std::nullopt : idx::computeStats(gatherRecords(view, selected));
            return note(statsMismatch(shown, expected), QStringLiteral("selection: "));
        }
        }
    }

    void checkThumbnail(quint64 record)
    {
        if (!m_view)
            return;
        ThumbnailCache* cache = m_view->gallery()->model()->thumbnails();
        if (cache->isFresh(record)) // an out-of-date picture may stay on screen: it is marked as such
            note(thumbnailMismatch(m_view, record, cache->thumbnail(record)));
    }

    void checkMeans()
    {
        if (m_view)
            note(meansMismatch(m_view));
    }

    QPointer<DocumentView> m_view;
    const QString* m_round;
    bool m_loading = true;
    QObject m_context; // the connections end with the watch
};

/// Float32 records of the same shape as the images, uniform in [offset, offset + scale). Continuous values: a
/// record's own range is practically never the tensor's, so a window tells which of the two it is.
QByteArray floatImages(quint32 seed, float offset, float scale)
{
    const auto header = idx::Header::make(idx::DType::Float32, {Records, 28, 28});
    QByteArray bytes = header->encode();
    const qsizetype start = bytes.size();
    bytes.resize(start + qsizetype(Records * RecordElements * 4));
    QRandomGenerator rng(seed);
    auto* out = reinterpret_cast<uchar*>(bytes.data() + start);
    for (quint64 i = 0; i < Records * RecordElements; ++i)
        qToBigEndian(offset + scale * float(rng.generateDouble()), out + 4 * i);
    return bytes;
}

/// The finite min..max of what the document holds now; nullopt when nothing is finite.
std::optional<idx::Window> tensorRange(Document* doc)
{
    idx::StatsOptions o;
    o.bins = 2;
    o.spread = false; // min and max only: one pass (the check runs on every render, under sanitizers too)
    const auto s = idx::computeStats(doc->pieces(), o);
    if (!s || s->count == s->nan + s->posinf + s->neginf)
        return std::nullopt;
    return idx::Window{s->min, s->max};
}

QString windowText(const idx::Window& w)
{
    return QStringLiteral("[%1, %2]").arg(w.low, 0, 'g', 9).arg(w.high, 0, 'g', 9);
}

/// Runs the event loop for a random number of turns, letting the workers advance a random amount between
/// them.
void randomPause(QRandomGenerator& rng, int maxTurns = 20)
{
    const int turns = int(rng.bounded(maxTurns + 1));
    for (int i = 0; i < turns; ++i) {
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        if (rng.bounded(2))
            QThread::usleep(rng.bounded(2000));
    }
}

/// When to cancel: -1 after the job finished, 0 at once, else after that many progress reports.
int pickMoment(QRandomGenerator& rng, int maxReports)
{
    const int dice = int(rng.bounded(10));
    return dice < 2 ? -1 : dice < 4 ? 0 : 1 + int(rng.bounded(maxReports));
}

/// Delivers everything queued, deferred deletes included.
void drain()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    }
}

} // namespace

class TestCancelRandom : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    quint32 m_seed = 0;
    QRandomGenerator m_rng;
    QString m_context;      // what the current round does, printed when it fails
    QByteArray m_images[2]; // the two contents, as files
    QByteArray m_gz[2];
    QByteArray m_labels;
    QString m_rawPath, m_gzPath;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_warnings;

    std::unique_ptr<MainWindow> makeWindow()
    {
        auto w = std::make_unique<MainWindow>();
        w->setSaveSettings(false);
        w->resize(1200, 800);
        w->show();
        ExportController::Ui& ui = w->findChild<ExportController*>()->ui();
        ui.warn = [this](const QString&, const QString& text) { m_warnings << text; };
        ui.confirm = [](const QString&, const QString&, const QString&) { return false; };
        ui.exec = [](QDialog*) { return false; };
        w->saving()->setSaveQuestion([](Document*) { return QMessageBox::Discard; }); // edits are throwaway
        return w;
    }

    QString writePair(const QString& folder, bool gz, int variant)
    {
        QDir().mkpath(m_dir.filePath(folder));
        const QString images = m_dir.filePath(folder + (gz ? QStringLiteral("/a-images-idx3-ubyte.gz")
                                                           : QStringLiteral("/a-images-idx3-ubyte")));
        if (!replaceFile(images, gz ? m_gz[variant] : m_images[variant]) ||
            !replaceFile(m_dir.filePath(folder + QStringLiteral("/a-labels-idx1-ubyte")), m_labels))
            return {};
        return images;
    }

    void closeTabs()
    {
        while (m_window->documents()->count() > 0)
            m_window->documents()->closeAt(0);
        drain();
    }

    /// Waits until the tab's work is done and its results are on screen; true when it got there.
    bool settle(DocumentView* v, bool tensorCancelled)
    {
        Document* doc = v->document();
        StatsPanel* panel = panelOf(v);
        const auto quiet = [&] {
            return !doc->isLoading() && !doc->labelsPending() && !panel->hasRunningWork() &&
                   (tensorCancelled || !panel->isComputing(StatsPanel::Tensor)) &&
                   !panel->isComputing(StatsPanel::Record) && !panel->isComputing(StatsPanel::Selection) &&
                   (!doc->labelsFile() || (doc->hasLabels() && panel->labelStatsShown())) &&
                   !v->renderer()->isRendering() && v->visibleThumbnailsReady();
        };
        for (int attempt = 0; attempt < 10; ++attempt) {
            if (!QTest::qWaitFor(quiet, 120000))
                return false;
            drain(); // whatever the finished work queued; it may start more
            if (quiet())
                return true;
        }
        return false;
    }

    /// After settle(): what the tab shows is exactly the latest request's result over `payload`'s data.
    void verifySettled(DocumentView* v, const QByteArray& payload, bool tensorCancelled)
    {
        Document* doc = v->document();
        StatsPanel* panel = panelOf(v);
        const idx::TensorView view = doc->view();
        QCOMPARE(bytesOf(view), payload.left(qsizetype(view.availableBytes())));
        QCOMPARE(view.isComplete(), view.availableBytes() == quint64(payload.size()));
        if (doc->isLoaded())
            QVERIFY(view.isComplete());
        GalleryModel* model = v->gallery()->model();
        const QSet<qint64>& filter = v->viewState()->labelFilter();
        quint64 rows = filter.isEmpty() ? view.availableRecords() : 0;
        for (quint64 rec = 0; !filter.isEmpty() && rec < view.availableRecords(); ++rec)
            rows += rec < doc->labelClasses().size() && filter.contains(doc->labelClasses()[size_t(rec)]);
        QCOMPARE(quint64(model->rowCount()), rows);

        if (!tensorCancelled) {
            const QString why = statsMismatch(panel->shownStats(StatsPanel::Tensor), idx::computeStats(view));
            QVERIFY2(why.isEmpty(), qPrintable(why));
            QCOMPARE(panel->noteText(StatsPanel::Tensor).isEmpty(), view.isComplete());
        }
        const quint64 r = v->viewState()->currentRecord();
        QString why = statsMismatch(panel->shownStats(StatsPanel::Record),
                                    r < view.availableRecords() ? rangeStats(view, r, r + 1) : std::nullopt);
        QVERIFY2(why.isEmpty(), qPrintable(QStringLiteral("record %1: ").arg(r) + why));
        const auto selected = availableSelection(view, v->viewState()->selection());
        why = statsMismatch(panel->shownStats(StatsPanel::Selection),
                            selected.isEmpty() ? std::nullopt
                                               : idx::computeStats(gatherRecords(view, selected)));
        QVERIFY2(why.isEmpty(), qPrintable(QStringLiteral("selection: ") + why));

        // Every thumbnail that claims to be current is a fresh render (the visible ones all are, see settle).
        ThumbnailCache* cache = model->thumbnails();
        int fresh = 0;
        for (quint64 rec = 0; rec < view.availableRecords(); ++rec) {
            if (!cache->isFresh(rec))
                continue;
            ++fresh;
            why = thumbnailMismatch(v, rec, cache->thumbnail(rec));
            QVERIFY2(why.isEmpty(), qPrintable(why));
        }
        QVERIFY(fresh > 0 || view.availableRecords() == 0 || !v->gallery()->isVisible());

        if (doc->hasLabels()) {
            QVERIFY(panel->labelStatsShown());
            why = meansMismatch(v);
            QVERIFY2(why.isEmpty(), qPrintable(why));
        } else {
            QCOMPARE(panel->meanImages()->imageCount(), 0); // none from labels no longer attached
        }
    }

    void expectNoProblems(const StaleWatch& watch)
    {
        QVERIFY2(watch.problems.isEmpty(), qPrintable(watch.problems.join(QStringLiteral("\n"))));
    }

private slots:
    void initTestCase()
    {
        appfx::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_seed = seedFromEnvironment();
        qInfo("seed %u (IDXSCOPE_TEST_SEED=%u repeats this run's choices)", m_seed, m_seed);
        for (int v = 0; v < 2; ++v) {
            m_images[v] = imagesVariant(v == 1);
            m_gz[v] = fx::gzip(m_images[v], 1);
        }
        m_labels = appfx::labels(Records);
        m_rawPath = writePair(QStringLiteral("raw"), false, 0);
        m_gzPath = writePair(QStringLiteral("gz"), true, 0);
        QVERIFY(!m_rawPath.isEmpty() && !m_gzPath.isEmpty());
        m_window = makeWindow();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void init()
    {
        // Each function draws from its own sequence: one of them alone reproduces too.
        m_rng.seed(m_seed ^ nameHash(QTest::currentTestFunction()));
        m_context.clear();
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            qWarning("failed in: %s (seed %u)", qPrintable(m_context), m_seed);
        closeTabs();
    }

    void cleanupTestCase() { m_window.reset(); }

    // The load of a .gz (or the byte-order pass of a raw file) cancelled at once, after k progress reports or
    // after it finished; then reloaded to the end.
    void cancelLoad()
    {
        for (int round = 0; round < rounds(8); ++round) {
            const bool gz = round % 4 != 3;
            const int moment = pickMoment(m_rng, 40);
            m_context = QStringLiteral("cancelLoad round %1, %2, moment %3")
                            .arg(round)
                            .arg(gz ? "gz" : "raw")
                            .arg(moment);
            DocumentView* v = m_window->openFile(gz ? m_gzPath : m_rawPath);
            Document* doc = v->document();
            doc->setProgressInterval(1);
            StaleWatch watch(v, &m_context);
            int reports = 0, finishedCount = 0, late = 0;
            bool ok = false;
            auto context = std::make_unique<QObject>(); // the connections below end with it
            connect(doc, &Document::loadProgress, context.get(), [&] {
                late += finishedCount;
                if (++reports == moment)
                    doc->cancelLoad();
            });
            connect(doc, &Document::viewChanged, context.get(), [&] { late += finishedCount; });
            connect(doc, &Document::loadFinished, context.get(), [&](bool result) {
                ++finishedCount;
                ok = result;
            });
            if (moment == 0)
                doc->cancelLoad();
            QVERIFY(QTest::qWaitFor([&] { return finishedCount > 0; }, 60000));
            if (moment < 0)
                doc->cancelLoad(); // too late: changes nothing
            QVERIFY(settle(v, false));
            QCOMPARE(finishedCount, 1);
            QCOMPARE(late, 0); // nothing after the end of the load
            QCOMPARE(ok, doc->isLoaded());
            const idx::TensorView partial = doc->view();
            if (v->warningText().startsWith(QStringLiteral("Loading was cancelled")))
                QCOMPARE(v->warningText(),
                         QStringLiteral("Loading was cancelled: %L1 of %L2 records are available.")
                             .arg(partial.availableRecords())
                             .arg(partial.recordCount()));
            else
                QVERIFY2(doc->isLoaded() || partial.isComplete(), qPrintable(v->warningText()));
            verifySettled(v, m_images[0].mid(16), false);
            if (QTest::currentTestFailed())
                return;

            context.reset();
            QObject again;
            bool reloaded = false;
            connect(doc, &Document::loadFinished, &again, [&](bool result) { reloaded = result; });
            doc->reload();
            QVERIFY(QTest::qWaitFor([&] { return reloaded; }, 60000));
            QVERIFY(settle(v, false));
            QVERIFY(doc->view().isComplete());
            QCOMPARE(v->warningText(), QString()); // the cancel notice went with the cancelled load
            verifySettled(v, m_images[0].mid(16), false);
            expectNoProblems(watch);
            if (QTest::currentTestFailed())
                return;
            closeTabs();
        }
    }

    // Whole-tensor statistics cancelled and restarted, the current record and the selection changed while
    // their figures compute: each scope ends with its latest request's figures, and a cancelled tensor run
    // never shows up.
    void restartStats()
    {
        for (int round = 0; round < rounds(5); ++round) {
            const bool gz = round % 2;
            m_context = QStringLiteral("restartStats round %1 (%2)").arg(round).arg(gz ? "gz" : "raw");
            DocumentView* v = m_window->openFile(gz ? m_gzPath : m_rawPath);
            Document* doc = v->document();
            ViewState* state = v->viewState();
            StatsPanel* panel = panelOf(v);
            StaleWatch watch(v, &m_context);
            // Loaded and its figures shown: the end of a load restarts the figures by itself.
            QVERIFY(QTest::qWaitFor([&] { return v->isReady(); }, 60000));
            bool cancelled = false;
            int shownAfterCancel = 0;
            QObject context;
            connect(panel, &StatsPanel::figuresShown, &context, [&](StatsPanel::Scope scope) {
                shownAfterCancel += scope == StatsPanel::Tensor && cancelled;
            });
            const int steps = 6 + int(m_rng.bounded(12));
            for (int step = 0; step < steps; ++step) {
                switch (m_rng.bounded(7)) {
                case 0:
                    panel->cancelTensorStats();
                    cancelled = panel->noteText(StatsPanel::Tensor).startsWith(QStringLiteral("cancelled"));
                    break;
                case 1:
                    panel->computeTensorStats();
                    cancelled = false;
                    break;
                case 2:
                    state->setCurrentRecord(m_rng.bounded(Records));
                    break;
                case 3: {
                    const quint64 first = m_rng.bounded(Records - 1);
                    state->setSelection(idx::RecordSet::span(
                        first, std::min<quint64>(Records, first + 1 + m_rng.bounded(4000))));
                    break;
                }
                case 4: {
                    idx::RecordSet scattered;
                    for (quint64 r = m_rng.bounded(50); r < Records; r += 1 + m_rng.bounded(400))
                        scattered.add(r);
                    state->setSelection(scattered);
                    break;
                }
                case 5: // the mean images are computed again, or go
                    if (doc->labelsFile())
                        doc->detachLabels();
                    else
                        QVERIFY(doc->attachLabels(
                            QFileInfo(doc->path()).dir().filePath(QStringLiteral("a-labels-idx1-ubyte"))));
                    break;
                default:
                    break;
                }
                randomPause(m_rng);
            }
            QVERIFY(settle(v, cancelled));
            QCOMPARE(shownAfterCancel, 0);
            if (cancelled)
                QVERIFY(panel->noteText(StatsPanel::Tensor).startsWith(QStringLiteral("cancelled")));
            verifySettled(v, m_images[0].mid(16), cancelled);
            if (QTest::currentTestFailed())
                return;
            if (cancelled) { // and restarted: the figures arrive and are the right ones
                panel->computeTensorStats();
                QVERIFY(settle(v, false));
                verifySettled(v, m_images[0].mid(16), false);
            }
            expectNoProblems(watch);
            if (QTest::currentTestFailed())
                return;
            closeTabs();
        }
    }

    // Thumbnails re-requested mid-render: size changes, scrolling, jumps, label filters, new colours and
    // window sizes, while the .gz decodes or after.
    void thumbnailsMidRender()
    {
        for (int round = 0; round < rounds(5); ++round) {
            const bool gz = round % 2 == 0;
            m_context = QStringLiteral("thumbnailsMidRender round %1 (%2)").arg(round).arg(gz ? "gz" : "raw");
            DocumentView* v = m_window->openFile(gz ? m_gzPath : m_rawPath);
            v->document()->setProgressInterval(1 + int(m_rng.bounded(20)));
            ViewState* state = v->viewState();
            GalleryView* gallery = v->gallery();
            auto* grid = gallery->findChild<QAbstractItemView*>();
            QVERIFY(grid);
            StaleWatch watch(v, &m_context);
            const int steps = 8 + int(m_rng.bounded(12));
            for (int step = 0; step < steps; ++step) {
                switch (m_rng.bounded(7)) {
                case 0:
                    gallery->setThumbnailSize(28 + int(m_rng.bounded(85)));
                    break;
                case 1:
                    grid->verticalScrollBar()->setValue(
                        int(m_rng.bounded(grid->verticalScrollBar()->maximum() + 1)));
                    break;
                case 2:
                    state->setInvert(!state->render().invert);
                    break;
                case 3:
                    state->setColormap(idx::allColormaps().at(int(m_rng.bounded(4))));
                    break;
                case 4:
                    gallery->jumpTo(m_rng.bounded(Records));
                    break;
                case 5: { // the rows are rebuilt under the renders
                    QSet<qint64> filter;
                    for (int k = int(m_rng.bounded(4)); k > 0; --k)
                        filter.insert(m_rng.bounded(10));
                    state->setLabelFilter(filter);
                    break;
                }
                default:
                    m_window->resize(900 + int(m_rng.bounded(500)), 600 + int(m_rng.bounded(300)));
                    break;
                }
                randomPause(m_rng);
            }
            QVERIFY(settle(v, false));
            verifySettled(v, m_images[0].mid(16), false);
            if (QTest::currentTestFailed())
                return;
            expectNoProblems(watch);
            if (QTest::currentTestFailed())
                return;
            closeTabs();
        }
        m_window->resize(1200, 800);
    }

    // Every kind of export cancelled at once, after k progress reports or after it finished: the outcome
    // comes once, nothing after it, and the disk holds exactly what it reports (all of it complete, or what
    // could not be removed — here: nothing).
    void cancelExports()
    {
        DocumentView* v = m_window->openFile(m_rawPath);
        Document* doc = v->document();
        QVERIFY(QTest::qWaitFor([&] { return !doc->isLoading() && doc->hasLabels(); }, 60000));
        auto* actions = m_window->findChild<ExportController*>();
        const idx::TensorView view = doc->view();
        const idx::TensorView labels = doc->labelsFile()->view();
        enum Kind { Png, Sheet, Sprite, Csv, Npy, Subset, KindCount };
        for (int round = 0; round < rounds(12); ++round) {
            const int kind = round % KindCount;
            const int moment = pickMoment(m_rng, 6);
            m_context =
                QStringLiteral("cancelExports round %1, kind %2, moment %3").arg(round).arg(kind).arg(moment);
            const QString out = m_dir.filePath(QStringLiteral("export-%1").arg(round));
            QVERIFY(QDir().mkpath(out));
            const quint64 first = m_rng.bounded(Records - 3000);
            const idx::RecordSet records = idx::RecordSet::span(first, first + (kind >= Csv ? 3000 : 800));
            RecordChoice choice;
            choice.scope = RecordScope::Range;
            choice.first = records.first();
            choice.end = records.last() + 1;
            QStringList targets; // files the export writes (Png: the folder's contents)
            ExportJob* job = nullptr;
            switch (kind) {
            case Png: {
                ExportDialog::Request request{choice, out, ExportController::shownImage(v)};
                job = actions->exportRecordsPng(v, request);
                break;
            }
            case Sheet: {
                ContactSheetDialog::Request request;
                request.choice = choice;
                request.columns = 40;
                request.captions = true;
                request.image = ExportController::shownImage(v);
                request.path = out + QStringLiteral("/sheet.png");
                targets << request.path;
                job = actions->exportContactSheet(v, request);
                break;
            }
            case Sprite:
                targets << out + QStringLiteral("/sprite.png") << out + QStringLiteral("/metadata.tsv");
                job = actions->exportSprite(
                    v, ExportDialog::Request{choice, out, ExportController::shownImage(v)});
                break;
            case Csv:
            case Npy: {
                v->viewState()->setSelection(records);
                targets << out + (kind == Csv ? QStringLiteral("/records.csv")
                                              : QStringLiteral("/records.npy"));
                job = actions->exportData(v, ExportController::DataSource::Records,
                                          kind == Csv ? DataFormat::Csv : DataFormat::Npy, targets.first());
                break;
            }
            case Subset:
                targets << out + QStringLiteral("/sub-images-idx3-ubyte.gz")
                        << out + QStringLiteral("/sub-labels-idx1-ubyte.gz");
                job = actions->exportSubset(v, records, targets[0], targets[1], idx::Container::Gzip);
                break;
            }
            QVERIFY(job);
            QPointer<ExportJob> guard(job);
            int reports = 0, finishedCount = 0, late = 0;
            JobOutcome outcome;
            QObject context;
            connect(job, &ExportJob::progressChanged, &context, [&] {
                late += finishedCount;
                if (++reports == moment && guard)
                    guard->cancel();
            });
            connect(job, &ExportJob::finished, &context, [&](const JobOutcome& o) {
                ++finishedCount;
                outcome = o;
            });
            if (moment == 0)
                job->cancel();
            else if (moment > 0 && m_rng.bounded(3) == 0) { // or after a random while instead of reports
                randomPause(m_rng, 40);
                if (guard)
                    guard->cancel();
            }
            QVERIFY(QTest::qWaitFor([&] { return finishedCount > 0; }, 120000));
            if (guard)
                guard->cancel(); // after the end: changes nothing
            drain();
            QVERIFY(!guard); // the job is gone
            QCOMPARE(finishedCount, 1);
            QCOMPARE(late, 0);

            if (!outcome.ok) {
                QVERIFY2(outcome.cancelled, qPrintable(outcome.error));
                QVERIFY(outcome.remaining.isEmpty()); // a temporary folder: removing never fails here
                QCOMPARE(QDir(out).entryList(QDir::Files | QDir::Hidden), QStringList());
                continue;
            }
            // Finished: every file complete.
            switch (kind) {
            case Png: {
                const QStringList files = QDir(out).entryList(QDir::Files | QDir::Hidden);
                QCOMPARE(quint64(files.size()), records.count());
                QCOMPARE(outcome.fileCount, quint64(files.size()));
                for (const QString& name : files)
                    QCOMPARE(QImage(QDir(out).filePath(name)).size(), QSize(28, 28));
                break;
            }
            case Sheet:
                QVERIFY(!QImage(targets[0]).isNull());
                break;
            case Sprite:
                QVERIFY(!QImage(targets[0]).isNull());
                QCOMPARE(quint64(readAll(targets[1]).count('\n')), records.count()); // one label a line
                break;
            case Csv:
            case Npy: {
                // Byte for byte what the same export gives when nothing interferes.
                const QString ref = m_dir.filePath(QStringLiteral("reference-%1").arg(round));
                QVERIFY(runDataOut(gatherRecords(view, records),
                                   kind == Csv ? DataFormat::Csv : DataFormat::Npy, ref)
                            .ok);
                QCOMPARE(readAll(targets[0]), readAll(ref));
                break;
            }
            case Subset: {
                auto images = idx::IdxFile::open(targets[0]);
                auto subLabels = idx::IdxFile::open(targets[1]);
                QVERIFY(images->load() && subLabels->load());
                QCOMPARE(bytesOf(images->view()), bytesOf(gatherRecords(view, records)));
                QCOMPARE(bytesOf(subLabels->view()), bytesOf(gatherRecords(labels, records)));
                break;
            }
            }
            if (kind != Png) // a PNG export counts its files (fileCount, above) rather than listing them
                QCOMPARE(outcome.files.size(), targets.size());
        }
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QStringLiteral("\n"))));
    }

    // The file replaced on disk by other content and reloaded at random moments, while it loads and while the
    // statistics, mean images and thumbnails of the old content compute: nothing of the old content shows.
    void reloadWhileRunning()
    {
        for (int round = 0; round < rounds(6); ++round) {
            const bool gz = round % 2 == 0;
            const QString path = writePair(QStringLiteral("reload"), gz, 0);
            QVERIFY(!path.isEmpty());
            int variant = 0;
            m_context = QStringLiteral("reloadWhileRunning round %1 (%2)").arg(round).arg(gz ? "gz" : "raw");
            DocumentView* v = m_window->openFile(path);
            Document* doc = v->document();
            doc->setProgressInterval(1);
            ViewState* state = v->viewState();
            StaleWatch watch(v, &m_context);
            state->setCurrentRecord(m_rng.bounded(Records));
            const quint64 a = m_rng.bounded(Records), b = m_rng.bounded(Records);
            state->setSelection({std::min(a, b), std::max(a, b)});
            int reports = 0, finished = 0;
            QObject context;
            connect(doc, &Document::loadProgress, &context, [&] { ++reports; });
            connect(doc, &Document::loadFinished, &context, [&] { ++finished; });
            const int reloads = 1 + int(m_rng.bounded(3));
            for (int i = 0; i < reloads; ++i) {
                const int moment = pickMoment(m_rng, 30);
                // Now and then the file is replaced by a broken one first: its header is refused at once.
                const bool broken = m_rng.bounded(4) == 0;
                m_context +=
                    QStringLiteral(", reload at %1%2").arg(moment).arg(broken ? " (broken first)" : "");
                reports = 0;
                QVERIFY(QTest::qWaitFor(
                    [&] { return !doc->isLoading() || (moment >= 0 && reports >= moment); }, 60000));
                if (broken) {
                    QVERIFY(replaceFile(path, QByteArray("not an IDX file")));
                    doc->reload();
                    QVERIFY(!doc->headerValid() && !doc->isLoading());
                    finished = 0;
                    drain();
                    QCOMPARE(finished, 0); // the cancelled load of the old file stays silent
                    QVERIFY(v->showsError());
                }
                variant = 1 - variant;
                QVERIFY(replaceFile(path, gz ? m_gz[variant] : m_images[variant]));
                randomPause(m_rng, 5);
                doc->reload();
                if (m_rng.bounded(2))
                    state->setSelection({m_rng.bounded(Records)});
                randomPause(m_rng);
            }
            QVERIFY(settle(v, false));
            verifySettled(v, m_images[variant].mid(16), false);
            if (QTest::currentTestFailed())
                return;
            expectNoProblems(watch);
            if (QTest::currentTestFailed())
                return;
            closeTabs();
        }
    }

    // The whole-tensor window ("Auto: tensor") computed in the background while the data changes under it:
    // reloads onto other content, edits and undo, the other byte order, the current record, the mode switched
    // away and back, a .gz still decoding. Every image is painted with its own slice's range (the tensor's
    // is not known yet) or with the range of the tensor as it is at that moment, never an earlier content's;
    // settled, the window is the current tensor's range.
    void tensorWindowMidWork()
    {
        const QByteArray variants[2] = {floatImages(1, 0.0f, 1.0f), floatImages(2, 10.0f, 10.0f)};
        for (int round = 0; round < rounds(5); ++round) {
            const bool gz = round % 2 == 0;
            const QString path = m_dir.filePath(gz ? QStringLiteral("window/f-images-idx3-ubyte.gz")
                                                   : QStringLiteral("window/f-images-idx3-ubyte"));
            QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("window"))));
            int variant = 0;
            const auto content = [&](int which) {
                return gz ? fx::gzip(variants[which], 1) : variants[which];
            };
            QVERIFY(replaceFile(path, content(variant)));
            m_context = QStringLiteral("tensorWindowMidWork round %1 (%2)").arg(round).arg(gz ? "gz" : "raw");
            DocumentView* v = m_window->openFile(path);
            Document* doc = v->document();
            doc->setProgressInterval(1);
            ViewState* state = v->viewState();
            SliceRenderer* renderer = v->renderer();
            QVERIFY(renderer);
            state->setWindowMode(ViewState::WindowMode::AutoTensor);
            QStringList problems;
            int tensorWindows = 0; // images painted with a tensor range (not a slice's own)
            QObject context;
            connect(renderer, &SliceRenderer::rendered, &context, [&](bool ok) {
                if (!ok || state->windowMode() != ViewState::WindowMode::AutoTensor || problems.size() >= 10)
                    return;
                const RenderResult& shown = renderer->lastResult();
                if (shown.window.low == shown.sliceMin && shown.window.high == shown.sliceMax)
                    return; // the slice's own range, while the tensor's is computed
                ++tensorWindows;
                const auto now = tensorRange(doc);
                if (!now || now->low != shown.window.low || now->high != shown.window.high)
                    problems << QStringLiteral("painted with %1, the tensor's range is %2 (%3)")
                                    .arg(windowText(shown.window),
                                         now ? windowText(*now) : QStringLiteral("none"), m_context);
            });
            const int steps = 6 + int(m_rng.bounded(10));
            for (int step = 0; step < steps; ++step) {
                switch (m_rng.bounded(8)) {
                case 0: // other content on disk, reloaded (edits go with it)
                    variant = 1 - variant;
                    QVERIFY(replaceFile(path, content(variant)));
                    doc->reload();
                    m_context += QStringLiteral(", reload");
                    break;
                case 1: // a value outside both contents' ranges: the tensor's range changes
                    if (doc->isLoaded() && !doc->isLoading()) { // its end heard: editable
                        const QString error = Editing::setElement(
                            doc, Document::Part::Main, m_rng.bounded(Records), m_rng.bounded(RecordElements),
                            m_rng.bounded(2) ? 100.0 + m_rng.bounded(100) : -50.0 - m_rng.bounded(50));
                        QVERIFY2(error.isEmpty(), qPrintable(error));
                        m_context += QStringLiteral(", edit");
                    }
                    break;
                case 2:
                    if (doc->undoStack()->canUndo()) {
                        doc->undoStack()->undo();
                        m_context += QStringLiteral(", undo");
                    }
                    break;
                case 3: { // away and back: a run for nobody is cancelled, and started again when asked
                    const auto mode = ViewState::WindowMode(m_rng.bounded(4));
                    state->setWindowMode(mode);
                    m_context += QStringLiteral(", mode %1").arg(int(mode));
                    break;
                }
                case 4:
                    state->setWindowMode(ViewState::WindowMode::AutoTensor);
                    break;
                case 5: // the same bytes read the other way: other values, other range
                    if (!doc->isModified()) {
                        doc->setDataOrder(doc->dataOrder() == idx::ByteOrder::Big ? idx::ByteOrder::Little
                                                                                  : idx::ByteOrder::Big);
                        m_context += QStringLiteral(", byte order");
                    }
                    break;
                case 6:
                    state->setCurrentRecord(m_rng.bounded(Records));
                    break;
                default:
                    break;
                }
                randomPause(m_rng);
            }
            state->setWindowMode(ViewState::WindowMode::AutoTensor);
            const auto quiet = [&] {
                return !doc->isLoading() && !renderer->isRendering() && !renderer->isComputingRange();
            };
            bool settled = false;
            for (int attempt = 0; attempt < 10 && !settled; ++attempt) {
                QVERIFY(QTest::qWaitFor(quiet, 120000));
                drain();
                settled = quiet();
            }
            QVERIFY(settled);
            const auto expected = tensorRange(doc);
            QVERIFY(expected);
            const RenderResult& shown = renderer->lastResult();
            QVERIFY2(shown.error.isEmpty(), qPrintable(shown.error));
            QCOMPARE(windowText(shown.window), windowText(*expected));
            QCOMPARE(windowText(state->render().window), windowText(*expected));
            QVERIFY(tensorWindows > 0);
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
            closeTabs();
        }
    }

    // Tabs and whole windows closed while everything runs: the load, statistics, thumbnails and an export.
    // Afterwards the export's folder holds all of its files or none.
    void closeWhileRunning()
    {
        for (int round = 0; round < rounds(6); ++round) {
            const int action = int(m_rng.bounded(4));
            m_context = QStringLiteral("closeWhileRunning round %1, action %2").arg(round).arg(action);
            auto window = makeWindow();
            DocumentView* raw = window->openFile(m_rawPath);
            DocumentView* gz = window->openFile(m_gzPath);
            gz->document()->setProgressInterval(1);
            gz->viewState()->setSelection({1, 2, 3, 500});
            const QPointer<Document> rawDoc(raw->document()), gzDoc(gz->document());
            const QString out = m_dir.filePath(QStringLiteral("close-%1").arg(round));
            QVERIFY(QDir().mkpath(out));
            RecordChoice choice;
            choice.scope = RecordScope::Range;
            choice.first = m_rng.bounded(Records - 800);
            choice.end = choice.first + 800;
            auto* actions = window->findChild<ExportController*>();
            const bool exporting = m_rng.bounded(4) != 0;
            if (exporting)
                QVERIFY(actions->exportRecordsPng(
                    raw, ExportDialog::Request{choice, out, ExportController::shownImage(raw)}));
            randomPause(m_rng, 60);
            switch (action) {
            case 0:
                window->documents()->close(gz);
                break;
            case 1:
                window->documents()->close(raw);
                break;
            case 2:
                window->close();
                break;
            default:
                break;
            }
            if (action <= 1) {
                randomPause(m_rng, 20);
                QVERIFY(action == 0 ? !gzDoc : !rawDoc);
            }
            window.reset(); // the rest goes with the window
            drain();
            QVERIFY(!rawDoc && !gzDoc);
            const qsizetype files = QDir(out).entryList(QDir::Files | QDir::Hidden).size();
            QVERIFY2(files == 0 || (exporting && files == 800),
                     qPrintable(QStringLiteral("%1 files left").arg(files)));
        }
    }
};

QTEST_MAIN(TestCancelRandom)
#include "tst_cancel_random.moc"
