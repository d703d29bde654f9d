#!/usr/bin/env python3
"""Baselines for idxbench: the same work done with numpy and PIL, timed in this process.

Prints one JSON object of milliseconds (best of --repeat runs). Needs Debian's python3-numpy and python3-pil.
"""
import argparse
import gzip
import json
import os
import shutil
import tempfile
import time

import numpy as np
from PIL import Image


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gz", required=True)
    ap.add_argument("--raw", required=True)
    ap.add_argument("--export-count", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--export-dir", default=None, help="folder the PNG files are written under")
    a = ap.parse_args()

    def load_gz():
        with gzip.open(a.gz, "rb") as f:
            return np.frombuffer(f.read(), dtype=np.uint8, offset=16).reshape(-1, 28, 28)

    out = {}
    out["numpy_gzip_open_ms"] = best(load_gz, a.repeat)
    images = load_gz()
    out["numpy_fromfile_raw_ms"] = best(lambda: np.fromfile(a.raw, dtype=np.uint8, offset=16), a.repeat)

    def stats():
        x = images
        return (x.min(), x.max(), x.mean(), x.std(), np.bincount(x.ravel(), minlength=256))

    out["numpy_stats_ms"] = best(stats, a.repeat)

    tmp = tempfile.mkdtemp(prefix="idxbench-pil-", dir=a.export_dir)
    try:
        # Best of --repeat runs, each into an empty folder, as idxbench times its own export.
        times = []
        for _ in range(a.repeat):
            folder = os.path.join(tmp, "png")
            os.mkdir(folder)
            t0 = time.perf_counter()
            for i in range(a.export_count):
                Image.fromarray(images[i]).save(os.path.join(folder, "%05d.png" % i))
            times.append((time.perf_counter() - t0) * 1000.0)
            shutil.rmtree(folder)
        out["pil_export_ms"] = min(times)
        out["pil_export_count"] = a.export_count
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
