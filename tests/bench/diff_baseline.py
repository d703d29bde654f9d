#!/usr/bin/env python3
"""The comparison's baseline for diffbench: the same comparison written with numpy and Python's difflib, timed in
this process.

Like for like with `idxscope-cli diff`: both files read from disk and decoded (gzip with Python's gzip module),
then either compared record by record (--mode index: which records differ, how many values each, the largest
absolute difference; numpy, vectorised) or aligned by record content (--mode align: each record's bytes hashed,
then difflib.SequenceMatcher without its junk heuristic, as a diff of lines would be; deleted and inserted records
counted from its opcodes). Prints one JSON object with the best time of --repeat runs and what was found, so the
benchmark can check that both sides found the same. Needs Debian's python3-numpy.
"""
import argparse
import difflib
import gzip
import json
import time

import numpy as np


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    ndim = data[3]
    dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    values = np.frombuffer(data, np.uint8, offset=4 + 4 * ndim)
    return values.reshape(dims[0], -1)


def by_index(a, b):
    differ = a != b
    rows = np.flatnonzero(differ.any(axis=1))
    elements = differ[rows].sum(axis=1)
    largest = np.abs(a[rows].astype(np.int16) - b[rows].astype(np.int16)).max(axis=1)
    return {"records": int(rows.size), "elements": int(elements.sum()),
            "max_abs_diff": int(largest.max()) if rows.size else 0}


def aligned(a, b):
    ha = [hash(r.tobytes()) for r in a]
    hb = [hash(r.tobytes()) for r in b]
    deleted = inserted = kept = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ha, hb, autojunk=False).get_opcodes():
        if tag == "equal":
            kept += i2 - i1
        else:
            deleted += i2 - i1
            inserted += j2 - j1
    return {"kept": kept, "deleted": deleted, "inserted": inserted}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--mode", choices=["index", "align"], required=True)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    best, found = None, None
    for _ in range(args.repeat):
        start = time.perf_counter()
        a, b = read(args.a), read(args.b)
        found = by_index(a, b) if args.mode == "index" else aligned(a, b)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(json.dumps({"seconds": best, "found": found}))


if __name__ == "__main__":
    main()
