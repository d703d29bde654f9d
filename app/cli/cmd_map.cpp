// `idxscope-cli map IMAGES [--labels FILE] --out COORDS.csv|.npy [--png MAP.png] [--svg MAP.svg] [--seed N]`:
// the dataset map (core/map/maplayout.h), its coordinates written out and, on request, drawn.
#include "clicommon.h"
#include "commands.h"

#include "companion.h"
#include "mapexport.h"
#include "mapimage.h"
#include "recordexport.h"

#include <QCoreApplication>

#include <functional>
#include <limits>

namespace idx::cli {

namespace {

/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idxscope_cli)
};

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
    cl.addPositional(QStringLiteral("map"), Tr::tr("The command."), QStringLiteral("map"));
    cl.addPositional(QStringLiteral("IMAGES"), Tr::tr("An IDX images file (raw, .gz or .xz)."));
    cl.addOption(
        {QStringLiteral("labels"), Tr::tr("Its labels: the drawing's colours."), QStringLiteral("FILE")});
    cl.addOption({QStringLiteral("out"), Tr::tr("Where the coordinates go (.csv or .npy; required)."),
                  QStringLiteral("COORDS")});
    cl.addOption(
        {QStringLiteral("png"), Tr::tr("Also draw the map as a PNG image."), QStringLiteral("MAP.png")});
    cl.addOption({QStringLiteral("svg"), Tr::tr("Also draw the map as SVG."), QStringLiteral("MAP.svg")});
    cl.addOption({QStringLiteral("size"), Tr::tr("The drawing's side in pixels (default 1024)."),
                  QStringLiteral("PX")});
    cl.addOption({QStringLiteral("seed"), Tr::tr("The layout's seed (default 1)."), QStringLiteral("N")});
    cl.addOption({QStringLiteral("epochs"),
                  Tr::tr("Layout epochs (default 500 up to 10,000 records, 200 beyond)."),
                  QStringLiteral("N")});
    cl.addOption({QStringLiteral("neighbours"), Tr::tr("Neighbours per record in the graph (default 10)."),
                  QStringLiteral("K")});
    cl.addOption(
        {QStringLiteral("components"),
         Tr::tr("PCA components the neighbours are found in (default 50); 0: the values themselves."),
         QStringLiteral("N")});
    if (const auto done = cl.parse(args, 1, 1))
        return *done;
    if (!cl.isSet(QStringLiteral("out")))
        return cl.usage(Tr::tr("--out COORDS.csv (or .npy) is required: where the coordinates go"));
    MapOptions options;
    const struct {
        const char* name;
        qint64 min, max;
        std::function<void(qint64)> set;
    } numbers[] = {
        {"seed", 0, std::numeric_limits<qint64>::max(), [&](qint64 v) { options.seed = quint64(v); }},
        {"epochs", 1, 100000, [&](qint64 v) { options.epochs = int(v); }},
        {"neighbours", 1, 1000, [&](qint64 v) { options.neighbours = int(v); }},
        {"components", 0, kMaxPcaInput, [&](qint64 v) { options.components = int(v); }},
    };
    for (const auto& n : numbers) {
        const QString name = QLatin1String(n.name);
        if (!cl.isSet(name))
            continue;
        const auto v = cl.intValue(name, n.min, n.max);
        if (!v)
            return Usage;
        n.set(*v);
    }
    int side = 1024;
    if (cl.isSet(QStringLiteral("size"))) {
        const auto v = cl.intValue(QStringLiteral("size"), 64, 16384);
        if (!v)
            return Usage;
        side = int(*v);
    }

    int status = Success;
    const QString path = cl.positional().at(0);
    const auto input = loadImagesWithLabels(path, cl.value(QStringLiteral("labels")), &status);
    if (!input)
        return status;
    printWarnings(input->images);

    TerminalProgress progress(Tr::tr("map"));
    Control control;
    control.progress = [&progress](qint64 done, qint64 total) { progress.update(done, total); };
    MapProblem problem;
    std::optional<MapPoints> map;
    try {
        map = computeMap({input->images.view}, options, control, {}, &problem);
    } catch (const std::bad_alloc&) {
        progress.finish();
        return fileError(path, Tr::tr("not enough memory for the map of these records"));
    }
    progress.finish();
    if (!map)
        return fileError(path, problem.reason.isEmpty() ? Tr::tr("the map was interrupted") : problem.reason);

    const QString coords = cl.value(QStringLiteral("out"));
    if (const WriteResult w = writeMapCoordinates(coords, *map); !w)
        return fileError(coords, w.error);
    MapScene scene;
    scene.points = &*map;
    if (!input->labels.path.isEmpty())
        scene.group =
            groupLabels(map->rows, [labels = labelClasses(input->labels.view)](qint64 i, qint64* l) {
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
    out(Tr::tr("%1 records placed; coordinates in %2\n").arg(map->rows).arg(displayPath(coords)));
    return Success;
}

} // namespace idx::cli
