// The benchmark's summary: each ratio beside its peer, for bench/latest.tsv (QtCore only, so that every
// benchmark program can write it).
#pragma once

#include <QFile>
#include <QString>
#include <QTextStream>

namespace bench {

/// One figure beside its peer's, for the benchmark's summary: a line appended to the file named by
/// IDXSCOPE_BENCH_TSV (./build.sh bench: bench/latest.tsv; nothing without it). Columns: the work, idxscope's
/// figure, the peer with its settings, the peer's figure, the unit, the peer's figure over idxscope's (above
/// 1: idxscope is faster) and what is wanted of that ratio.
inline void recordRatio(const QString& work, double ours, const QString& peer, double theirs,
                        const QString& want = {}, const QString& unit = QStringLiteral("ms"))
{
    const QString path = qEnvironmentVariable("IDXSCOPE_BENCH_TSV");
    if (path.isEmpty() || !(ours > 0) || !(theirs > 0))
        return;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text))
        return;
    QTextStream s(&f);
    s << work << '\t' << QString::number(ours, 'f', 2) << '\t' << peer << '\t'
      << QString::number(theirs, 'f', 2) << '\t' << unit << '\t' << QString::number(theirs / ours, 'f', 2)
      << '\t' << want << '\n';
}

} // namespace bench
