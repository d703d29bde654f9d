// RecordFilter: a binary search in the list, a set lookup of the label.
#include "recordfilter.h"

#include <algorithm>

namespace idx {

bool RecordFilter::listed(quint64 record) const
{
    return !records || std::binary_search(records->begin(), records->end(), record);
}

bool RecordFilter::passes(quint64 record, std::span<const qint64> labels) const
{
    if (!listed(record))
        return false;
    if (classes.isEmpty())
        return true;
    return record < labels.size() && classes.contains(labels[size_t(record)]);
}

quint64 RecordFilter::end(quint64 available, quint64 labelled) const
{
    return classes.isEmpty() ? available : std::min(available, labelled);
}

std::vector<quint64> sortedRecords(std::vector<quint64> records)
{
    std::sort(records.begin(), records.end());
    records.erase(std::unique(records.begin(), records.end()), records.end());
    return records;
}

} // namespace idx
