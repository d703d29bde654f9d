// GalleryModel: row mapping under the label filter, incremental growth, and thumbnail settings tracking.
#include "gallerymodel.h"

#include "document.h"
#include "reshape.h"
#include "viewstate.h"

#include <algorithm>
#include <limits>

namespace idx::gui {

namespace {

constexpr quint64 MaxRows = quint64(std::numeric_limits<int>::max());

bool sameSpecIgnoringRecord(idx::SliceSpec a, idx::SliceSpec b)
{
    if (!a.fixed.empty())
        a.fixed[0] = 0;
    if (!b.fixed.empty())
        b.fixed[0] = 0;
    return a == b;
}

bool sameOptions(const idx::RenderOptions& a, const idx::RenderOptions& b)
{
    return a.window.low == b.window.low && a.window.high == b.window.high && a.invert == b.invert &&
           a.colormap == b.colormap && a.nonFinite == b.nonFinite;
}

ThumbnailSource makeSource(const idx::TensorPieces& view, const ViewState& state)
{
    ThumbnailSource s;
    s.view = view;
    s.options = state.render();
    s.spec = effectiveSlice(view.header(), state);
    const idx::Header& h = view.header();
    const int n = h.ndim();
    if (const int channels = state.rgbChannels() ? idx::rgbChannelAxis(h) : -1; channels >= 0) {
        s.rgbChannelAxis = channels;
        s.spec = s.spec.besideChannels(h, channels); // as the image view: one row stays one row
        s.fastPath = false;
        return s;
    }
    const idx::SliceSpec def = idx::SliceSpec::forRecord(h, 0);
    s.fastPath = n <= 3 && s.spec.rowAxis == def.rowAxis && s.spec.colAxis == def.colAxis &&
                 !s.spec.transpose && !s.spec.flipHorizontal && !s.spec.flipVertical;
    return s;
}

} // namespace

GalleryModel::GalleryModel(Document* doc, ViewState* state, QObject* parent)
    : QAbstractListModel(parent), m_doc(doc), m_state(state), m_cache(new ThumbnailCache(this))
{
    connect(m_doc, &Document::viewChanged, this, &GalleryModel::onViewChanged);
    connect(m_doc, &Document::labelsChanged, this, &GalleryModel::onLabelsChanged);
    connect(m_state, &ViewState::labelFilterChanged, this, &GalleryModel::rebuild);
    connect(m_state, &ViewState::recordFilterChanged, this, &GalleryModel::rebuild);
    connect(m_state, &ViewState::reshapeChanged, this, [this] { refreshSource(true); });
    connect(m_state, &ViewState::renderOptionsChanged, this, [this] { refreshSource(false); });
    connect(m_state, &ViewState::sliceChanged, this, [this] { refreshSource(false); });
    connect(m_cache, &ThumbnailCache::thumbnailReady, this, &GalleryModel::onThumbnailReady);
    connect(m_doc, &Document::edited, this, &GalleryModel::onEdited);
    onLabelsChanged();
    rebuild();
}

int GalleryModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return int(m_filtered ? m_rows.size() : std::min(m_records, MaxRows));
}

quint64 GalleryModel::recordAt(int row) const
{
    return m_filtered ? m_rows[size_t(row)] : quint64(row);
}

bool GalleryModel::hasLabels() const
{
    return m_doc->hasLabels();
}

QVariant GalleryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const quint64 record = recordAt(index.row());
    const auto& labels = m_doc->labelClasses();
    const bool hasLabel = record < labels.size();
    switch (role) {
    case Qt::DisplayRole:
        // The class's name where the dataset has one ("0 · Ankle boot"), else its value.
        return hasLabel ? tr("%1 · %2").arg(record).arg(m_doc->classNames().text(labels[size_t(record)]))
                        : QString::number(record);
    case Qt::ToolTipRole:
        return hasLabel ? tr("Record %1, label %2")
                              .arg(record)
                              .arg(m_doc->classNames().caption(labels[size_t(record)]))
                        : tr("Record %1").arg(record);
    case Qt::DecorationRole: {
        // Asking for the decoration is what "visible" means: the view only paints what is on screen.
        const QPixmap p = m_cache->thumbnail(record);
        return p.isNull() ? QVariant() : QVariant(p);
    }
    case RecordRole:
        return record;
    case LabelRole:
        return hasLabel ? QVariant(labels[size_t(record)]) : QVariant();
    case ThumbnailFreshRole:
        return m_cache->isFresh(record);
    default:
        return {};
    }
}

QHash<int, QByteArray> GalleryModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(RecordRole, "record");
    names.insert(LabelRole, "label");
    names.insert(ThumbnailFreshRole, "thumbnailFresh");
    return names;
}

int GalleryModel::rowOf(quint64 record) const
{
    if (!m_filtered)
        return record < std::min(m_records, MaxRows) ? int(record) : -1;
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), record);
    return it != m_rows.end() && *it == record ? int(it - m_rows.begin()) : -1;
}

int GalleryModel::nearestRow(quint64 record) const
{
    const int n = rowCount();
    if (n == 0)
        return -1;
    if (!m_filtered)
        return int(std::min(record, quint64(n - 1)));
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), record);
    return it == m_rows.end() ? n - 1 : int(it - m_rows.begin());
}

void GalleryModel::addRecordsOfRows(int top, int bottom, idx::RecordSet& out) const
{
    if (top > bottom)
        return;
    if (!m_filtered) {
        out.add(quint64(top), quint64(bottom) + 1);
        return;
    }
    for (int row = top; row <= bottom; ++row)
        out.add(m_rows[size_t(row)]); // ascending: appends or extends the last run
}

std::pair<int, int> GalleryModel::rowsOf(quint64 first, quint64 end) const
{
    const int n = rowCount();
    if (!m_filtered)
        return {int(std::min(first, quint64(n))), int(std::min(end, quint64(n)))};
    const auto a = std::lower_bound(m_rows.begin(), m_rows.begin() + n, first);
    const auto b = std::lower_bound(a, m_rows.begin() + n, end);
    return {int(a - m_rows.begin()), int(b - m_rows.begin())};
}

bool GalleryModel::passes(quint64 record) const
{
    return m_state->filter().passes(record, m_doc->labelClasses());
}

quint64 GalleryModel::filterEnd(quint64 available) const
{
    return m_state->filter().end(available, m_doc->labelClasses().size());
}

void GalleryModel::rebuild()
{
    refreshSource(false); // before the reset: it may emit dataChanged
    beginResetModel();
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    m_records = view.availableRecords();
    m_filtered = m_state->filter().active();
    m_rows.clear();
    if (const auto& only = m_state->recordFilter()) {
        // The listed records alone (ascending), those with a label outside the label filter left out.
        const quint64 n = filterEnd(m_records);
        for (quint64 r : *only)
            if (r < n && m_rows.size() < MaxRows && passes(r))
                m_rows.push_back(r);
    } else if (m_filtered) {
        // One pass over the labels: 60,000 comparisons, well under a millisecond.
        const quint64 n = filterEnd(m_records);
        for (quint64 r = 0; r < n && m_rows.size() < MaxRows; ++r)
            if (passes(r))
                m_rows.push_back(r);
    }
    endResetModel();
}

void GalleryModel::onViewChanged()
{
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    const quint64 available = view.availableRecords();
    const void* file = m_doc->file().get();
    if (file != m_file || view.byteOrder() != m_order || view.header().dims != m_dims ||
        available < m_records) {
        // Reloaded, re-read with another byte order or replaced: nothing shown so far is valid.
        refreshSource(true);
        rebuild();
        return;
    }
    m_cache->updateView(view);
    if (available == m_records)
        return;
    std::vector<quint64> added;
    if (m_filtered) {
        const quint64 n = filterEnd(available);
        for (quint64 r = m_records; r < n; ++r)
            if (passes(r))
                added.push_back(r);
    }
    const quint64 oldRows = quint64(rowCount());
    const quint64 newRows =
        m_filtered ? std::min(oldRows + added.size(), MaxRows) : std::min(available, MaxRows);
    if (newRows > oldRows)
        beginInsertRows({}, int(oldRows), int(newRows - 1));
    m_records = available;
    if (m_filtered)
        m_rows.insert(m_rows.end(), added.begin(), added.begin() + qint64(newRows - oldRows));
    if (newRows > oldRows)
        endInsertRows();
}

void GalleryModel::onLabelsChanged()
{
    m_classCounts.clear();
    for (qint64 c : m_doc->labelClasses())
        ++m_classCounts[c];
    emit classesChanged();
    if (m_classCounts.isEmpty() && !m_state->labelFilter().isEmpty()) {
        // Labels detached: a class filter would hide every record, with no control left to undo it.
        m_state->setLabelFilter({});
        return; // labelFilterChanged rebuilt the rows
    }
    if (m_filtered) {
        rebuild();
    } else if (rowCount() > 0) {
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::DisplayRole, Qt::ToolTipRole, LabelRole});
    }
}

void GalleryModel::refreshSource(bool force)
{
    const idx::TensorPieces view = reshapedPieces(*m_doc, *m_state);
    ThumbnailSource source = makeSource(view, *m_state);
    const bool same = !force && m_file == m_doc->file().get() && view.byteOrder() == m_order &&
                      view.header().dims == m_dims && source.fastPath == m_source.fastPath &&
                      source.rgbChannelAxis == m_source.rgbChannelAxis &&
                      sameSpecIgnoringRecord(source.spec, m_source.spec) &&
                      sameOptions(source.options, m_source.options);
    m_file = m_doc->file().get();
    m_order = view.byteOrder();
    m_dims = view.header().dims;
    if (same) {
        m_cache->updateView(view);
        return;
    }
    m_source = source;
    m_cache->setSource(source);
    // Repaint: visible rows ask again, get their stale picture at once and a fresh one shortly.
    if (rowCount() > 0)
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::DecorationRole, ThumbnailFreshRole});
}

void GalleryModel::onEdited(Document::Part part, const idx::Edit& edit, bool)
{
    if (part != Document::Part::Main)
        return; // labels: labelsChanged refreshes the captions
    const bool one = edit.kind() == idx::Edit::Kind::SetElement || edit.kind() == idx::Edit::Kind::SetRecord;
    if (one)
        m_cache->invalidate(edit.record());
    else
        m_cache->invalidateAll(); // records moved, were deleted or inserted
    // Repainted after Document::viewChanged (which follows) hands the cache the edited view.
    if (one && rowOf(edit.record()) >= 0) {
        const QModelIndex i = index(rowOf(edit.record()));
        emit dataChanged(i, i, {Qt::DecorationRole, ThumbnailFreshRole});
    } else if (!one && rowCount() > 0) {
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::DecorationRole, ThumbnailFreshRole});
    }
}

void GalleryModel::onThumbnailReady(quint64 record)
{
    const int row = rowOf(record);
    if (row >= 0) {
        const QModelIndex i = index(row);
        emit dataChanged(i, i, {Qt::DecorationRole, ThumbnailFreshRole});
    }
}

} // namespace idx::gui
