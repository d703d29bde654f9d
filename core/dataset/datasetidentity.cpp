// A recognised file's title ("Fashion-MNIST, training images").
#include "datasetidentity.h"

#include <QCoreApplication>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};
} // namespace

QString DatasetIdentity::title() const
{
    const QString what = part == DatasetPart::Images   ? Tr::tr("images")
                         : part == DatasetPart::Labels ? Tr::tr("labels")
                                                       : Tr::tr("label table");
    return Tr::tr("%1, %2 %3").arg(dataset, split, what);
}

} // namespace idx
