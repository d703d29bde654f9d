// `idxscope-cli map IMAGES [--labels FILE] --out COORDS.csv|.npy [--png MAP.png] [--svg MAP.svg] [--seed N]`:
// the dataset map (core/map/maplayout.h), its coordinates written out and, on request, drawn.
#include "clicommon.h"
#include "clitr.h"
#include "imagecommands.h"

#include "companion.h"
#include "mapexport.h"
#include "mapimage.h"
#include "recordexport.h"

#include <exception>
#include <limits>

namespace idx::cli {

namespace {
constexpr IntOption kSize{"size", "PX", 64, 16384};
constexpr IntOption kSeed{"seed", "N", 0, std::numeric_limits<qint64>::max()};
constexpr IntOption kEpochs{"epochs", "N", 1, 100000};
} // namespace

int cmdMap(const QStringList& args)
{
    CommandLine cl(
        QStringLiteral("map"),
        Tr::tr("Place every record of an images file in the plane, similar records close together:\n"
               "the records' PCA components, their nearest neighbours, then a layout of that\n"
               "neighbour graph (UMAP-like; the same seed gives the same map). Writes the coordinates\n"
               "as CSV (columns record,x,y, with that header line) or, for a .npy name, as a float32\n"
               "array of shape (records, 2); --png and --svg draw the map, coloured by --labels."),
        QStringLiteral("IMAGES"));
    cl.addPositional(QStringLiteral("IMAGES"), Tr::tr("An IDX images file (raw, .gz or .xz)."));
    cl.addLabelsOption(Tr::tr("Its labels: the drawing's colours."));
    cl.addOption({QStringLiteral("out"), Tr::tr("Where the coordinates go (.csv or .npy; required)."),
                  QStringLiteral("COORDS")});
    cl.addOption(
        {QStringLiteral("png"), Tr::tr("Also draw the map as a PNG image."), QStringLiteral("MAP.png")});
    cl.addOption({QStringLiteral("svg"), Tr::tr("Also draw the map as SVG."), QStringLiteral("MAP.svg")});
    cl.addOption(kSize, Tr::tr("The drawing's side in pixels (default 1024)."));
    cl.addOption(kSeed, Tr::tr("The layout's seed (default 1)."));
    cl.addOption(kEpochs, Tr::tr("Layout epochs (default 500 up to 10,000 records, 200 beyond)."));
    cl.addOption(kNeighboursOption, Tr::tr("Neighbours per record in the graph (default 10)."));
    cl.addOption(
        kComponentsOption,
        Tr::tr("PCA components the neighbours are found in (default 50); 0: the values themselves."));
    cl.addSearchOption();
    if (const auto done = cl.parse(args, 1, 1))
        return *done;
    const auto coords = cl.required(
        QStringLiteral("out"), Tr::tr("--out COORDS.csv (or .npy) is required: where the coordinates go"));
    if (!coords)
        return Usage;
    MapOptions options;
    int side = 1024;
    if (!cl.read(kSeed, &options.seed) || !cl.read(kEpochs, &options.epochs) ||
        !cl.read(kNeighboursOption, &options.neighbours) ||
        !cl.read(kComponentsOption, &options.components) || !cl.read(kSize, &side))
        return Usage;
    const std::optional<NeighbourSearch> search = cl.search();
    if (!search)
        return Usage;
    options.search = *search;

    int status = Success;
    const QString path = cl.positional().at(0);
    const auto input = loadImagesWithLabels(path, cl.labelsPath(), &status);
    if (!input)
        return status;
    printWarnings(*input);

    TerminalProgress progress(Tr::tr("map"));
    const Control control = progress.control();
    MapProblem problem;
    std::optional<MapPoints> map;
    try {
        map = computeMap({input->images.view}, options, control, {}, &problem);
    } catch (const std::bad_alloc&) {
        progress.finish();
        return fileError(path, Tr::tr("not enough memory for the map of these records"));
    } catch (const std::exception& e) { // OpenBLAS missing (it is opened on first use)
        progress.finish();
        return fileError(path, QString::fromLocal8Bit(e.what()));
    }
    progress.finish();
    if (!map)
        return fileError(path, problem.reason.isEmpty() ? Tr::tr("the map was interrupted") : problem.reason);

    if (const WriteResult w = writeMapCoordinates(*coords, *map); !w)
        return fileError(*coords, w.error);
    MapScene scene;
    scene.points = &*map;
    if (!input->labels.path.isEmpty())
        scene.group = groupLabels(map->rows, [labels = labelValues(input->labels)](qint64 i, qint64* l) {
                          *l = labels[size_t(i)];
                          return true;
                      }).group;
    const QRectF world = mapBounds(*map);
    if (cl.isSet(QStringLiteral("png"))) {
        const QString png = cl.value(QStringLiteral("png"));
        const QImage image = renderMap(scene, world, QSize(side, side), 0xFFFFFFFF, side >= 2048 ? 2 : 1);
        if (image.isNull())
            return fileError(png, Tr::tr("not enough memory for a drawing of %1 × %1 pixels").arg(side));
        if (const QString why = savePng(image, png); !why.isEmpty())
            return fileError(png, why);
    }
    if (cl.isSet(QStringLiteral("svg"))) {
        const QString svg = cl.value(QStringLiteral("svg"));
        if (const QString why = writeMapSvg(svg, scene, world, QSize(side, side), displayPath(path));
            !why.isEmpty())
            return fileError(svg, why);
    }
    out(Tr::tr("%1 records placed; coordinates in %2\n").arg(map->rows).arg(displayPath(*coords)));
    return Success;
}

} // namespace idx::cli
