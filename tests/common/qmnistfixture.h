// Generated QMNIST-like label tables (int32, N × 8): every column within the range QMNIST's README gives it,
// the classes chosen by the test — what the rule for tables whose digest is not known recognises — and the
// README's names of the eight columns, as a test expects to see them.
#pragma once

#include <QStringList>

#include <vector>

namespace fx {

/// The values of a table (row-major) whose column 0 is `classes`: HSF series 0, 1 or 4; writers 0–610 and
/// 2100–2599; digit index 0–149; NIST class code 30 + class; global index 0–281,769; duplicate and unused 0.
/// `xnist`: every NIST digit's table instead (series 0–7, writers 0–4099, column 5 the row's index).
inline std::vector<double> qmnistTableValues(const std::vector<int>& classes, bool xnist = false)
{
    std::vector<double> v;
    v.reserve(classes.size() * 8);
    for (size_t r = 0; r < classes.size(); ++r) {
        const int c = classes[r];
        const double series = xnist ? double(r % 8) : double(r % 3 == 2 ? 4 : r % 2);
        const double writer = xnist ? double(r % 4100) : r % 2 ? double(2100 + r % 500) : double(r % 611);
        const double global = xnist ? double(r) : double(r % 281770);
        for (double value : {double(c), series, writer, double(r % 150), double(30 + c), global, 0.0, 0.0})
            v.push_back(value);
    }
    return v;
}

/// `count` classes beginning with `head`, then 0–9 in turn.
inline std::vector<int> classesBeginning(const std::vector<int>& head, size_t count)
{
    std::vector<int> out(head);
    while (out.size() < count)
        out.push_back(int(out.size() % 10));
    return out;
}

/// MNIST's first twenty test labels (QMNIST's test table begins with them).
inline std::vector<int> mnistTestHead()
{
    return {7, 2, 1, 0, 4, 1, 4, 9, 5, 9, 0, 6, 9, 0, 1, 5, 9, 7, 3, 4};
}

/// 60,000 classes with MNIST's training labels' first twenty labels and the count of every class (what
/// QMNIST's training table's classes are).
inline std::vector<int> mnistTrainingClasses()
{
    const std::vector<int> head{5, 0, 4, 1, 9, 2, 1, 3, 1, 4, 3, 5, 3, 6, 1, 7, 2, 8, 6, 9};
    std::vector<int> counts{5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949};
    std::vector<int> out(head);
    for (int c : head)
        --counts[size_t(c)];
    for (int c = 0; c < 10; ++c)
        out.insert(out.end(), size_t(counts[size_t(c)]), c);
    return out;
}

/// The columns as QMNIST's README describes them.
inline QStringList qmnistColumnNames()
{
    return {QStringLiteral("character class"), QStringLiteral("NIST HSF series"),
            QStringLiteral("NIST writer ID"),  QStringLiteral("digit index for this writer"),
            QStringLiteral("NIST class code"), QStringLiteral("global NIST digit index"),
            QStringLiteral("duplicate"),       QStringLiteral("unused")};
}

} // namespace fx
