// What a recognised file of the MNIST family is (dataset.h recognises it): the dataset, split and part, and
// what comes with it — class names, a label table's column names, EMNIST's transposed storage, the evidence.
#pragma once

#include "classnames.h"

#include <QString>
#include <QStringList>

namespace idx {

enum class DatasetPart { Images, Labels, LabelTable };

struct DatasetIdentity {
    QString dataset; // "Fashion-MNIST", "EMNIST Balanced"
    QString split;   // "training", "test"
    DatasetPart part = DatasetPart::Labels;
    ClassNames classes;
    QStringList columns;     // the columns of a QMNIST label table
    bool transposed = false; // EMNIST: each image is stored transposed (shown upright by default)
    QString evidence;        // what matched, for the header panel and `info`
    /// "Fashion-MNIST, training images".
    [[nodiscard]] QString title() const;
};

} // namespace idx
