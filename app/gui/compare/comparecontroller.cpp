// Comparing a document with another file: opening it, the comparison and side-by-side figures in one Job,
// and the record correspondence the compare panel navigates by.
#include "comparecontroller.h"

#include "companion.h"
#include "document.h"
#include "pixelimage.h"
#include "render.h"

#include <QDir>

#include <algorithm>
#include <cmath>

namespace idx::gui {

namespace {

/// A file's labels as classes: its attached labels, or its own values when it is a labels file (one axis of
/// integers); empty otherwise.
std::vector<qint64> ownLabels(const idx::TensorView& v)
{
    return v.header().ndim() == 1 && !idx::isFloat(v.dtype()) ? idx::labelClasses(v) : std::vector<qint64>();
}

/// The differences as rows, in the document's order; for files of one value per record, with both values.
std::vector<CompareRow> rowsOf(const idx::TensorDiff& d, const idx::TensorPieces& a,
                               const idx::TensorPieces& b)
{
    using Kind = CompareRow::Kind;
    std::vector<CompareRow> rows;
    if (const auto& al = d.alignment) {
        for (const idx::RecordChange& c : al->changed)
            rows.push_back({Kind::Changed, c.a, c.b, c.elements, c.maxAbsDiff, {}, {}});
        for (const idx::KeptPair& p : al->moved)
            rows.push_back({Kind::Moved, p.a, p.b, 0, 0, {}, {}});
        for (quint64 i : al->deleted)
            rows.push_back({Kind::Deleted, i, std::nullopt, 0, 0, {}, {}});
        for (quint64 j : al->inserted)
            rows.push_back({Kind::Inserted, std::nullopt, j, 0, 0, {}, {}});
        // By record of the document; those only in the other file after them, by theirs.
        std::sort(rows.begin(), rows.end(), [](const CompareRow& x, const CompareRow& y) {
            if (x.a.has_value() != y.a.has_value())
                return x.a.has_value();
            return x.a ? *x.a < *y.a : *x.b < *y.b;
        });
    } else {
        for (const idx::RecordChange& c : d.records)
            rows.push_back({Kind::Changed, c.a, c.b, c.elements, c.maxAbsDiff, {}, {}});
    }
    if (a.header().recordElements() == 1 && b.header().recordElements() == 1)
        for (CompareRow& r : rows) {
            if (r.a)
                r.valueA = a.value(*r.a);
            if (r.b)
                r.valueB = b.value(*r.b);
        }
    return rows;
}

} // namespace

CompareController::CompareController(Document* doc, QObject* parent)
    : FeatureController(doc, &m_job, 500, parent) // edits come in bursts: compare once they settle
{
    m_job.setProgressText(tr("Comparing…"));
    connect(&m_job, &JobBase::finished, this, &CompareController::onFinished);
    connect(&m_draw, &JobBase::finished, this, [this] {
        if (const auto& p = m_draw.result()) {
            m_pictures = *p;
            emit picturesReady();
        }
    });
}

CompareController::~CompareController() = default;

void CompareController::loaded()
{
    if (!m_otherPath.isEmpty() && state() == State::Working && !m_job.isActive())
        begin(); // it was waiting for the document
}

void CompareController::again()
{
    if (!m_otherPath.isEmpty())
        restartWhenSettled();
}

bool CompareController::compareWith(const QString& path)
{
    auto file = idx::IdxFile::open(path);
    if (!file->headerValid()) {
        const QString why = idx::firstError(file->diagnostics());
        setState(State::Failed, tr("%1 cannot be compared: %2.")
                                    .arg(QDir::toNativeSeparators(path),
                                         why.isEmpty() ? tr("it is not a valid IDX file") : why));
        return false;
    }
    clear();
    m_otherPath = path;
    m_other = std::move(file);
    begin();
    return true;
}

void CompareController::clear()
{
    stopWaiting();
    m_job.discard();
    m_otherPath.clear();
    m_other.reset();
    m_otherView = {};
    m_diff.reset();
    m_rows.reset();
    m_toB.reset();
    m_sides.reset();
    m_draw.discard();
    m_pictures = {};
    setState(State::Idle);
    emit compared();
}

std::optional<quint64> CompareController::counterpart(quint64 a) const
{
    if (!m_diff || m_diff->shapesDiffer)
        return std::nullopt;
    if (!m_toB) // compared by index
        return a < m_otherView.availableRecords() ? std::optional(a) : std::nullopt;
    if (a >= m_toB->size() || (*m_toB)[size_t(a)] < 0)
        return std::nullopt;
    return quint64((*m_toB)[size_t(a)]);
}

const std::vector<CompareRow>& CompareController::rows() const
{
    static const std::vector<CompareRow> none;
    return m_rows ? *m_rows : none;
}

std::optional<size_t> CompareController::rowOf(quint64 a) const
{
    const auto& all = rows();
    const auto at = std::lower_bound(all.begin(), all.end(), a, [](const CompareRow& r, quint64 record) {
        return r.a && *r.a < record; // rows with a record here come first, ascending
    });
    if (at == all.end() || at->a != a)
        return std::nullopt;
    return size_t(at - all.begin());
}

void CompareController::begin()
{
    stopWaiting();
    if (!m_other)
        return;
    if (!document()->headerValid() || !document()->isSafeToRead()) {
        setState(State::Failed, tr("This file cannot be read now: reload it to compare."));
        return;
    }
    if (!document()->isLoaded()) {
        setState(State::Working); // loadFinished starts it
        return;
    }
    if (m_job.hasRunningWork() && !m_other->isLoaded()) {
        restartWhenSettled(); // one load of a file at a time: a superseded run may still be loading it
        return;
    }
    const std::vector<qint64> labels = document()->labelClasses();
    m_job.start([pieces = document()->pieces(), other = m_other, labels](JobContext& context) {
        Outcome o;
        const idx::Control& control = context.control();
        if (!other->load(idx::stageOf(control, 0, 300)) || !other->isLoaded()) {
            if (!context.isCancelled()) {
                const QString why = idx::firstError(other->diagnostics());
                context.fail(tr("%1 could not be read: %2.")
                                 .arg(QDir::toNativeSeparators(other->path()),
                                      why.isEmpty() ? tr("the payload ends early") : why));
            }
            return o;
        }
        o.other = other->view();
        if (const QString why = idx::firstError(other->diagnostics());
            !why.isEmpty() || !o.other.isComplete()) {
            context.fail(tr("%1 could not be read: %2.")
                             .arg(QDir::toNativeSeparators(other->path()),
                                  why.isEmpty() ? tr("the payload ends early") : why));
            return o;
        }
        const idx::TensorPieces b(o.other);
        auto diff = idx::diffTensors(pieces, b, {}, idx::stageOf(control, 300, 800));
        if (!diff)
            return o;
        o.diff = std::make_shared<const idx::TensorDiff>(std::move(*diff));
        o.rows = std::make_shared<const std::vector<CompareRow>>(rowsOf(*o.diff, pieces, b));
        if (const auto& al = o.diff->alignment) {
            std::vector<qint64> toB(size_t(pieces.availableRecords()), -1);
            for (const idx::KeptPair& p : al->pairs)
                toB[size_t(p.a)] = qint64(p.b);
            for (const idx::KeptPair& p : al->moved)
                toB[size_t(p.a)] = qint64(p.b);
            for (const idx::RecordChange& c : al->changed)
                toB[size_t(c.a)] = qint64(c.b);
            o.toB = std::make_shared<const std::vector<qint64>>(std::move(toB));
        }
        if (o.diff->shapesDiffer)
            return o;
        // Side by side: each file's values and, where both have labels, their classes.
        auto sides = std::make_shared<SideBySide>();
        const idx::Control figures = idx::stageOf(control, 800, 1000);
        const auto statsA = idx::computeStats(pieces, {}, figures);
        const auto statsB = idx::computeStats(b, {}, figures);
        if (!statsA || !statsB)
            return o;
        sides->a = *statsA;
        sides->b = *statsB;
        std::vector<qint64> labelsA = labels;
        if (labelsA.empty() && pieces.header().ndim() == 1)
            labelsA = ownLabels(idx::gatherView(pieces));
        std::vector<qint64> labelsB = ownLabels(o.other);
        if (const auto companion = idx::findCompanion(other->path()); companion && labelsB.empty()) {
            const auto file = idx::IdxFile::open(*companion);
            if (file->headerValid() && file->load(figures) &&
                idx::checkCompanion(o.other.header(), file->header()).isEmpty())
                labelsB = idx::labelClasses(file->view());
        }
        if (labelsA.size() == pieces.availableRecords() && labelsB.size() == b.availableRecords()) {
            sides->classesA = idx::computeLabelStats(pieces, labelsA, {}, figures);
            sides->classesB = idx::computeLabelStats(b, labelsB, {}, figures);
        }
        o.sides = std::move(sides);
        return o;
    });
    setState(State::Working);
}

void CompareController::onFinished()
{
    const auto& result = m_job.result();
    if (m_job.status() != JobBase::Status::Succeeded || !result || !result->diff) {
        // What an earlier comparison found no longer holds (edits started this one): nothing is shown.
        m_diff.reset();
        m_rows.reset();
        m_toB.reset();
        m_sides.reset();
        setState(State::Failed, m_job.status() == JobBase::Status::Failed
                                    ? m_job.errorString()
                                    : tr("Stopped: compare again to see the differences."));
        emit compared();
        return;
    }
    m_otherView = result->other;
    m_diff = result->diff;
    m_rows = result->rows;
    m_toB = result->toB;
    m_sides = result->sides;
    setState(State::Ready);
    emit compared();
}

void CompareController::drawPair(std::optional<quint64> a, std::optional<quint64> b,
                                 const idx::SliceSpec& spec, const idx::RenderOptions& options)
{
    idx::TensorView one =
        a && *a < document()->availableRecords() ? document()->recordView(*a) : idx::TensorView();
    idx::TensorView two =
        b && *b < m_otherView.availableRecords() ? m_otherView.records(*b, 1) : idx::TensorView();
    m_draw.start([a, b, one, two, spec, options](JobContext&) {
        CompareDrawing p;
        p.a = one.recordCount() == 1 && one.isComplete() ? a : std::nullopt;
        p.b = two.recordCount() == 1 && two.isComplete() ? b : std::nullopt;
        auto slice = [&spec](const idx::TensorView& t) -> std::optional<idx::Slice> {
            if (t.header().ndim() < 2)
                return std::nullopt;
            idx::SliceSpec s = spec;
            s.fixed.resize(size_t(t.header().ndim()), 0);
            s.fixed[0] = 0; // the view holds that one record
            return idx::extractSlice(t, s);
        };
        const auto sa = p.a ? slice(one) : std::nullopt;
        const auto sb = p.b ? slice(two) : std::nullopt;
        if (sa)
            p.imageA = toQImage(idx::renderSlice(*sa, options));
        if (sb)
            p.imageB = toQImage(idx::renderSlice(*sb, options));
        if (sa && sb && sa->width == sb->width && sa->height == sb->height) {
            idx::Slice d = *sb;
            for (size_t i = 0; i < d.values.size(); ++i) {
                d.values[i] = sb->values[i] - sa->values[i];
                if (std::isfinite(d.values[i]))
                    p.largest = std::max(p.largest, std::fabs(d.values[i]));
            }
            idx::RenderOptions o;
            o.colormap = idx::Colormap::Diverging;
            const double w = p.largest > 0 ? p.largest : 1;
            o.window = {-w, w};
            p.difference = toQImage(idx::renderSlice(d, o));
        }
        return p;
    });
}

} // namespace idx::gui
