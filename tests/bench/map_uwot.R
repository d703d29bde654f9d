# The dataset map's UMAP baseline for mapbench: R's uwot (a C++ UMAP, Debian's r-cran-uwot) on the same images,
# like for like with `idxscope-cli map`: the pixels as numbers, PCA to 50 components (irlba, as uwot does it
# with pca = 50), 10 neighbours (idxscope's default; uwot's nearest-neighbour search is Annoy's), 200 epochs
# (both programs' default above 10,000 records), every core for the search and for the layout (n_threads and
# n_sgd_threads), a fixed seed. Writes the layout as CSV (record,x,y) for map_baseline.py to score, and prints
# uwot's own seconds (reading the file excluded) on standard output.
#   Rscript map_uwot.R IMAGES.gz OUT.csv THREADS
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 3) stop("usage: Rscript map_uwot.R IMAGES.gz OUT.csv THREADS")
threads <- as.integer(args[3])

read_images <- function(path) {
  con <- gzfile(path, "rb")
  on.exit(close(con))
  magic <- readBin(con, "raw", 4)
  if (magic[3] != as.raw(8)) stop("not an unsigned-byte IDX file")
  dims <- readBin(con, "integer", as.integer(magic[4]), size = 4, endian = "big")
  values <- readBin(con, "raw", prod(dims))
  matrix(as.numeric(values), nrow = dims[1], byrow = TRUE)
}

images <- read_images(args[1])
suppressPackageStartupMessages(library(uwot))
set.seed(1)
started <- proc.time()[["elapsed"]]
layout <- umap(images, n_neighbors = 10, pca = 50, n_epochs = 200, n_threads = threads,
               n_sgd_threads = threads, verbose = FALSE)
seconds <- proc.time()[["elapsed"]] - started
write.csv(data.frame(record = seq_len(nrow(layout)) - 1, x = layout[, 1], y = layout[, 2]), args[2],
          row.names = FALSE, quote = FALSE)
cat(sprintf("%.3f\n", seconds))
