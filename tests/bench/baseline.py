#!/usr/bin/env python3
"""Baselines for idxbench: the same work done with numpy and PIL, timed in this process.

Each task is timed twice where a setting exists: with the settings idxscope uses (like for like: all cores,
a lazy open, zlib level 1) and with numpy's or PIL's defaults. Prints one JSON object of milliseconds (best of
--repeat runs; the first-record open is a median, as idxscope's). Needs Debian's python3-numpy and python3-pil
(and libopenblas0-pthread, so numpy does not run on the reference BLAS). With --only, one job alone and
nothing printed: idxbench times that process from outside, beside idxscope-cli doing the same.
"""
import argparse
import gzip
import json
import multiprocessing
import os
import shutil
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image

CORES = os.cpu_count() or 1

# The records the PNG export pool's workers write (set before the pool forks, so they inherit it).
_images = None


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return min(times)


def median(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def stats(x):
    return (x.min(), x.max(), x.mean(), x.std(), np.bincount(x.ravel(), minlength=256))


def stats_threads(x, pool):
    """The same numpy calls over CORES chunks in threads (numpy releases the GIL in its reductions), the
    chunks' figures then combined (the variance by the parallel formula)."""
    chunks = np.array_split(x.reshape(-1), CORES)

    def part(c):
        return (c.size, c.min(), c.max(), c.mean(), c.var(), np.bincount(c, minlength=256))

    parts = list(pool.map(part, chunks))
    n = sum(p[0] for p in parts)
    mean = sum(p[0] * p[3] for p in parts) / n
    var = sum(p[0] * (p[4] + (p[3] - mean) ** 2) for p in parts) / n
    return (min(p[1] for p in parts), max(p[2] for p in parts), mean, np.sqrt(var), sum(p[5] for p in parts))


def save_range(args):
    folder, first, end, level = args
    for i in range(first, end):
        Image.fromarray(_images[i]).save(os.path.join(folder, "%05d.png" % i), compress_level=level)


def timed_exports(tmp, count, repeat, export):
    """Best of `repeat` runs of export(folder), each into an empty folder (removing it is not timed)."""
    times = []
    for _ in range(repeat):
        folder = os.path.join(tmp, "png")
        os.mkdir(folder)
        t0 = time.perf_counter()
        export(folder)
        times.append((time.perf_counter() - t0) * 1000.0)
        shutil.rmtree(folder)
    return min(times)


def contact_sheet(raw, count, columns, path, level):
    """The whole job: open the raw file lazily, paste the tiles, save the PNG."""
    x = np.memmap(raw, dtype=np.uint8, mode="r", offset=16).reshape(-1, 28, 28)
    rows = (count + columns - 1) // columns
    sheet = Image.new("L", (columns * 28, rows * 28))
    for i in range(count):
        sheet.paste(Image.fromarray(np.asarray(x[i])), ((i % columns) * 28, (i // columns) * 28))
    sheet.save(path, compress_level=level)
    return sheet


def main():
    global _images
    ap = argparse.ArgumentParser()
    ap.add_argument("--gz")
    ap.add_argument("--raw", required=True)
    ap.add_argument("--export-count", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--export-dir", default=None, help="folder the PNG files are written under")
    ap.add_argument("--sheet-count", type=int, default=10000)
    ap.add_argument("--sheet-columns", type=int, default=100)
    ap.add_argument("--check-sheet", default=None, help="idxscope's sheet, compared with PIL's")
    ap.add_argument("--only", choices=["sheet", "export"],
                    help="one job, once, from the raw file (zlib level 1), for timing as a whole process: the "
                         "contact sheet into --out, or --export-count PNG files into the folder --out over a "
                         "pool of all cores")
    ap.add_argument("--out")
    a = ap.parse_args()
    if a.only == "sheet":
        contact_sheet(a.raw, a.sheet_count, a.sheet_columns, a.out, 1)
        return
    if a.only == "export":
        _images = np.memmap(a.raw, dtype=np.uint8, mode="r", offset=16).reshape(-1, 28, 28)
        n = a.export_count
        step = (n + CORES * 8 - 1) // (CORES * 8)
        with multiprocessing.get_context("fork").Pool(CORES) as pool:
            pool.map(save_range, [(a.out, i, min(n, i + step), 1) for i in range(0, n, step)])
        return

    def load_gz():
        with gzip.open(a.gz, "rb") as f:
            return np.frombuffer(f.read(), dtype=np.uint8, offset=16).reshape(-1, 28, 28)

    out = {"cores": CORES}
    out["numpy_gzip_open_ms"] = best(load_gz, a.repeat)
    images = load_gz()
    out["numpy_fromfile_raw_ms"] = best(lambda: np.fromfile(a.raw, dtype=np.uint8, offset=16), a.repeat)
    out["numpy_memmap_first_ms"] = median(
        lambda: int(np.memmap(a.raw, dtype=np.uint8, mode="r", offset=16)[:784].sum()), a.repeat * 4)

    out["numpy_stats_ms"] = best(lambda: stats(images), a.repeat)
    with ThreadPoolExecutor(CORES) as threads:
        out["numpy_stats_threads_ms"] = best(lambda: stats_threads(images, threads), a.repeat)

    tmp = tempfile.mkdtemp(prefix="idxbench-pil-", dir=a.export_dir)
    try:
        n = a.export_count

        def one_process(folder):
            for i in range(n):
                Image.fromarray(images[i]).save(os.path.join(folder, "%05d.png" % i))

        out["pil_export_ms"] = timed_exports(tmp, n, a.repeat, one_process)
        # Like for like: zlib level 1 over a pool of all cores, started (and given the records) before timing.
        _images = images
        with multiprocessing.get_context("fork").Pool(CORES) as pool:
            pool.map(abs, range(CORES))  # the workers are up
            step = (n + CORES * 8 - 1) // (CORES * 8)

            def pooled(folder):
                pool.map(save_range, [(folder, i, min(n, i + step), 1) for i in range(0, n, step)])

            out["pil_export_l1_pool_ms"] = timed_exports(tmp, n, a.repeat, pooled)
        out["pil_export_count"] = n

        sheet_path = os.path.join(tmp, "sheet.png")
        for key, level in (("pil_sheet_ms", 6), ("pil_sheet_l1_ms", 1)):
            out[key] = best(lambda: contact_sheet(a.raw, a.sheet_count, a.sheet_columns, sheet_path, level),
                            a.repeat)
        if a.check_sheet:
            ours = np.asarray(Image.open(a.check_sheet))
            theirs = np.asarray(Image.open(sheet_path))
            out["pil_reads_idxscope_sheet"] = bool(ours.shape == theirs.shape and np.array_equal(ours, theirs))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
