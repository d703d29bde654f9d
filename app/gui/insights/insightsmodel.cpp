// The rows of each insights tab, built from the controller's findings.
#include "insightsmodel.h"

#include "document.h"
#include "insightscontroller.h"
#include "recordimage.h"

#include <QFileInfo>
#include <QLocale>

#include <map>

namespace idx::gui {

using idx::RecordRef;

InsightsModel::InsightsModel(InsightsController* insights, Kind kind, QObject* parent)
    : QAbstractListModel(parent), m_insights(insights), m_kind(kind)
{
    connect(m_insights, &InsightsController::findingsChanged, this, &InsightsModel::rebuild);
    connect(m_insights, &InsightsController::reviewedChanged, this, [this] {
        if (!m_items.empty())
            emit dataChanged(index(0), index(rowCount() - 1), {ReviewedRole, Qt::DisplayRole});
    });
    // Edits change records and labels: thumbnails and captions are drawn again.
    connect(m_insights->document(), &Document::edited, this, [this] {
        m_thumbs.clear();
        if (!m_items.empty())
            emit dataChanged(index(0), index(rowCount() - 1));
    });
    rebuild();
}

int InsightsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

QString InsightsModel::labelText(int file, qint64 label) const
{
    // "6", "0 · T-shirt/top": a name that only repeats the number is not said twice.
    return file == 0 ? m_insights->document()->classNames().caption(label) : QString::number(label);
}

QString InsightsModel::refText(const RecordRef& r) const
{
    const QString n = QLocale().toString(r.record);
    if (r.file == 0)
        return tr("record %1").arg(n);
    return tr("record %1 of %2").arg(n, QFileInfo(m_insights->otherSplit()).fileName());
}

QString InsightsModel::caption(const RecordRef& r) const
{
    const std::vector<qint64>& labels =
        r.file == 0 ? m_insights->document()->labelClasses() : m_insights->otherLabels();
    if (r.record < qint64(labels.size()))
        return m_insights->document()->classNames().text(labels[size_t(r.record)]);
    return QLocale().toString(r.record);
}

QList<RecordRef> InsightsModel::withNeighbours(const RecordRef& r) const
{
    QList<RecordRef> out{r};
    const idx::AuditResult* a = m_insights->result();
    const idx::NeighbourGraph& g = r.file == 0 ? a->first : a->across;
    if (r.record < 0 || r.record >= g.rows)
        return out;
    for (int j = 0; j < std::min(g.k, kNeighboursShown); ++j)
        if (const qint32 n = g.neighbours(r.record)[j]; n >= 0)
            out.push_back({0, n});
    return out;
}

void InsightsModel::rebuild()
{
    beginResetModel();
    m_items.clear();
    m_thumbs.clear();
    if (const idx::AuditResult* a = m_insights->result()) {
        const QLocale locale;
        const bool leakage = m_kind == Kind::Leakage;
        if (m_kind == Kind::Suspects || leakage) {
            for (size_t i = 0; i < a->labelSuspects.size(); ++i) {
                const idx::LabelSuspect& s = a->labelSuspects[i];
                if ((s.record.file == 1) != leakage)
                    continue;
                const QString judges =
                    leakage ? tr("records of %1").arg(m_insights->document()->displayName()) : tr("records");
                m_items.push_back({withNeighbours(s.record),
                                   tr("%1: labelled %2; its %3 nearest %4 vote %5 (%6% of the votes, "
                                      "the nearest weighing most)")
                                       .arg(refText(s.record), labelText(0, s.label))
                                       .arg(a->thresholds.neighbours)
                                       .arg(judges, labelText(0, s.suggested))
                                       .arg(qRound(s.support * 100)),
                                   int(i)});
            }
        }
        if (m_kind == Kind::Duplicates || leakage) {
            for (const auto& group : a->exactDuplicates) {
                const bool across =
                    std::any_of(group.begin(), group.end(), [](const RecordRef& r) { return r.file == 1; }) &&
                    std::any_of(group.begin(), group.end(), [](const RecordRef& r) { return r.file == 0; });
                if (across != leakage)
                    continue;
                QStringList names;
                for (const RecordRef& r : group)
                    names << refText(r);
                m_items.push_back({QList<RecordRef>(group.begin(), group.begin() + qsizetype(std::min<size_t>(
                                                                                       group.size(), 6))),
                                   tr("Equal records: %1").arg(names.join(QStringLiteral(", "))), -1});
            }
            for (const idx::NearDuplicate& p : a->nearDuplicates) {
                if ((p.a.file != p.b.file) != leakage)
                    continue;
                m_items.push_back({{p.a, p.b},
                                   tr("Nearly equal: %1 and %2, %3 apart (typical neighbours: %4)")
                                       .arg(refText(p.a), refText(p.b), locale.toString(p.distance, 'g', 4),
                                            locale.toString(a->thresholds.medianNearestDistance, 'g', 4)),
                                   -1});
            }
        }
        if (m_kind == Kind::Overlap)
            addOverlap(*a);
        if (m_kind == Kind::Outliers) {
            for (const idx::Outlier& o : a->outliers)
                m_items.push_back({withNeighbours(o.record),
                                   tr("%1: %2× the usual distance to its nearest records")
                                       .arg(refText(o.record), locale.toString(o.score, 'f', 2)),
                                   -1});
        }
        for (Item& item : m_items) // "record 7: …" begins a sentence
            if (!item.text.isEmpty())
                item.text[0] = item.text.at(0).toUpper();
    }
    endResetModel();
}

void InsightsModel::setCell(const std::optional<Cell>& cell)
{
    if (cell == m_cell)
        return;
    m_cell = cell;
    rebuild();
}

void InsightsModel::addOverlap(const idx::AuditResult& a)
{
    if (!m_cell)
        return;
    const auto found =
        std::find_if(a.confusion.begin(), a.confusion.end(), [this](const idx::ClassConfusion& c) {
            return c.label == m_cell->label && c.favoured == m_cell->favoured;
        });
    if (found == a.confusion.end())
        return;
    // Those also suspected have a suggestion to accept (their favoured class): A acts on them.
    std::map<qint64, int> suspects;
    for (size_t i = 0; i < a.labelSuspects.size(); ++i)
        if (a.labelSuspects[i].record.file == 0)
            suspects.emplace(a.labelSuspects[i].record.record, int(i));
    for (const qint64 r : found->records) {
        const auto s = suspects.find(r);
        QString text = tr("%1: labelled %2; its %3 nearest records favour %4")
                           .arg(refText({0, r}), labelText(0, found->label))
                           .arg(a.thresholds.neighbours)
                           .arg(labelText(0, found->favoured));
        if (s != suspects.end())
            text = tr("%1 — a suspected label (%2% of the votes)")
                       .arg(text)
                       .arg(qRound(a.labelSuspects[size_t(s->second)].support * 100));
        m_items.push_back({withNeighbours({0, r}), text, s == suspects.end() ? -1 : s->second});
    }
}

QImage InsightsModel::thumbnail(const RecordRef& r) const
{
    const QString key = QStringLiteral("%1:%2").arg(r.file).arg(r.record);
    if (const QImage* cached = m_thumbs.object(key))
        return *cached;
    QImage image;
    if (r.file == 0) {
        const idx::TensorPieces pieces = m_insights->document()->pieces();
        if (pieces.header().recordElements() <= kMaxThumbnailValues &&
            quint64(r.record) < pieces.availableRecords())
            image = idx::renderRecordImage(pieces, quint64(r.record), {});
    } else {
        const idx::TensorView& view = m_insights->otherView();
        if (view.header().recordElements() <= kMaxThumbnailValues &&
            quint64(r.record) < view.availableRecords())
            image = idx::renderRecordImage(view, quint64(r.record), {});
    }
    m_thumbs.insert(key, new QImage(image));
    return image;
}

QVariant InsightsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Item& it = m_items[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return m_insights->isReviewed(it.records.first()) ? tr("%1 — reviewed").arg(it.text) : it.text;
    case Qt::ToolTipRole: {
        QStringList shown;
        for (const RecordRef& r : it.records)
            shown << refText(r);
        return tr("%1\nShown: %2").arg(it.text, shown.join(QStringLiteral(", ")));
    }
    case ThumbnailsRole: {
        QVariantList images;
        for (const RecordRef& r : it.records)
            images << thumbnail(r);
        return images;
    }
    case CaptionsRole: {
        // The record's index under it, then its neighbours' or duplicates' labels (their indexes are in the
        // tooltip): what the eye compares.
        QStringList captions{QLocale().toString(it.records.first().record)};
        for (qsizetype i = 1; i < it.records.size(); ++i)
            captions << caption(it.records[i]);
        return captions;
    }
    case ReviewedRole:
        return m_insights->isReviewed(it.records.first());
    default:
        return {};
    }
}

std::vector<quint64> InsightsModel::documentRecords() const
{
    std::vector<quint64> out;
    for (const Item& it : m_items) {
        if (m_kind == Kind::Suspects || m_kind == Kind::Outliers || m_kind == Kind::Overlap) {
            if (it.records.first().file == 0)
                out.push_back(quint64(it.records.first().record));
            continue;
        }
        for (const RecordRef& r : it.records) // duplicates and leaks: every member in this file
            if (r.file == 0)
                out.push_back(quint64(r.record));
    }
    return out;
}

} // namespace idx::gui
