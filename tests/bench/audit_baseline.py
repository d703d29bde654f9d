#!/usr/bin/env python3
"""The audit's baseline for auditbench: the same neighbour searches with scikit-learn, timed in this process.

Like for like with `idxscope-cli audit TRAIN --against TEST`: the images decoded to float32, scikit-learn's PCA to
50 components fitted on the training records (its default solver, all cores through OpenBLAS), then brute-force
NearestNeighbors on those features: training → training (51 neighbours, each record's own match dropped),
test → training (50) and test → test (51). Prints one JSON object of seconds (the ranking of label suspects by the
audit's rule is ranking_baseline.py's). Needs Debian's python3-sklearn and libopenblas0-pthread (numpy otherwise
runs on the reference BLAS).
"""
import argparse
import gzip
import json
import time

import numpy as np
from sklearn.decomposition import PCA
from sklearn.neighbors import NearestNeighbors


def idx(path, offset):
    with gzip.open(path, "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=offset)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--train", required=True)
    p.add_argument("--test", required=True)
    p.add_argument("--k", type=int, default=50)
    a = p.parse_args()
    train = idx(a.train, 16).reshape(-1, 784)
    test = idx(a.test, 16).reshape(-1, 784)

    t0 = time.perf_counter()
    x = train.astype(np.float32)
    y = test.astype(np.float32)
    pca = PCA(n_components=50, random_state=0).fit(x)
    fx, fy = pca.transform(x), pca.transform(y)
    t1 = time.perf_counter()
    nn = NearestNeighbors(n_neighbors=a.k + 1, algorithm="brute").fit(fx)
    nn.kneighbors(fx)
    t2 = time.perf_counter()
    nn.kneighbors(fy, n_neighbors=a.k)
    t3 = time.perf_counter()
    NearestNeighbors(n_neighbors=a.k + 1, algorithm="brute").fit(fy).kneighbors(fy)
    t4 = time.perf_counter()

    result = {"pca_s": t1 - t0, "train_train_s": t2 - t1, "test_train_s": t3 - t2, "test_test_s": t4 - t3,
              "total_s": t4 - t0}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
