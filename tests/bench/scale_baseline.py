#!/usr/bin/env python3
"""The scale benchmark's baseline (auditscalebench): hnswlib's approximate k-nearest-neighbour search on the
features idxscope's audit searches, for the same records in the same run.

The features as recordfeatures.cpp makes them: images centred by their mass (ranking_baseline.centre, which
mirrors the C++), then PCA to 50 components fitted on the whole file (the covariance summed per block in float32
products, accumulated in double, its leading eigenvectors by numpy.linalg.eigh, the projection in float32), timed
apart from the search. The search: Debian's python3-hnswlib (0.6), L2, idxscope's settings (neighbours.cpp: M = 12,
ef_construction = 64), built with
every core, then knn_query of every record, k = 51 (its own match dropped), ef = 64, every core. Its recall: on
--sample random records (seeded), the share of the 50 exact nearest (numpy, every distance) that it found, a found
neighbour as far as the 50th exact one counting too (near-equal records tie). Prints one JSON object.
"""
import argparse
import json
import os
import time

import hnswlib
import numpy as np

from ranking_baseline import centred_rows, read_idx


def pca_features(x, components, block=20000):
    """x (rows x inputs, float32) projected on its leading principal components (float32)."""
    n = len(x)
    mean = x.mean(axis=0, dtype=np.float64).astype(np.float32)
    cov = np.zeros((x.shape[1], x.shape[1]))
    for first in range(0, n, block):
        part = x[first: first + block] - mean
        cov += part.T @ part
    cov /= n - 1
    _, vectors = np.linalg.eigh(cov)
    basis = np.ascontiguousarray(vectors[:, ::-1][:, :components]).astype(np.float32)
    out = np.empty((n, components), np.float32)
    for first in range(0, n, block):
        out[first: first + block] = (x[first: first + block] - mean) @ basis
    return out


def exact_neighbours(features, rows, k, block=100):
    """The k nearest other records of each of rows (every distance computed, in double) and their squared
    distances."""
    base = features.astype(np.float64)
    norms = (base * base).sum(1)
    nearest = np.empty((len(rows), k), np.int64)
    distances = np.empty((len(rows), k))
    for first in range(0, len(rows), block):
        chosen = rows[first: first + block]
        q = base[chosen]
        d = (q * q).sum(1)[:, None] - 2 * (q @ base.T) + norms[None, :]
        d[np.arange(len(chosen)), chosen] = np.inf  # never its own neighbour
        near = np.argpartition(d, k, axis=1)[:, :k]
        nearest[first: first + len(chosen)] = near
        distances[first: first + len(chosen)] = np.take_along_axis(d, near, axis=1)
    return nearest, distances


def drop_self(found, k):
    rows = np.arange(len(found))
    own = found == rows[:, None]
    own[~own.any(axis=1), -1] = True
    return found[~own].reshape(len(found), k)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--images", required=True)
    p.add_argument("--k", type=int, default=50)
    p.add_argument("--sample", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    cores = os.cpu_count() or 1

    t0 = time.perf_counter()
    images = read_idx(a.images)
    features = pca_features(centred_rows(images), 50)
    del images
    t1 = time.perf_counter()
    index = hnswlib.Index(space="l2", dim=features.shape[1])
    index.init_index(max_elements=len(features), ef_construction=64, M=12, random_seed=a.seed)
    index.add_items(features, np.arange(len(features)), num_threads=cores)
    t2 = time.perf_counter()
    index.set_ef(max(a.k + 14, 64))
    found, found_d = index.knn_query(features, k=a.k + 1, num_threads=cores)
    t3 = time.perf_counter()

    rows = np.random.default_rng(a.seed).choice(len(features), size=min(a.sample, len(features)), replace=False)
    exact, exact_d = exact_neighbours(features, rows, a.k)
    ours = drop_self(found[rows].astype(np.int64), a.k)
    q = features[rows]
    ours_d = ((features[ours] - q[:, None, :]) ** 2).sum(-1)
    hits = 0
    for i in range(len(rows)):
        limit = exact_d[i].max() * (1 + 1e-5) + 1e-6
        same = np.intersect1d(ours[i], exact[i]).size
        hits += max(same, int((ours_d[i] <= limit).sum()))
    print(json.dumps({
        "records": int(len(features)), "cores": cores, "features_s": t1 - t0, "build_s": t2 - t1,
        "query_s": t3 - t2, "recall": hits / (len(rows) * a.k), "sample": int(len(rows)),
    }))


if __name__ == "__main__":
    main()
