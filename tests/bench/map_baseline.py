#!/usr/bin/env python3
"""The dataset map's baseline for mapbench: scikit-learn's t-SNE on the same records, timed in this process, and
the quality measure applied alike to every map.

Like for like with idxscope's map of Fashion-MNIST's test records: the images decoded to float32, scikit-learn's
PCA to 50 components (its default solver, all cores through OpenBLAS), then TSNE to two dimensions with its
defaults (Barnes-Hut, all cores: n_jobs=-1) and a fixed seed. Quality: the 5-fold cross-validated accuracy of a
10-nearest-neighbour classifier of the labels from the 2-D points (the same folds for every map). Prints one JSON
object: t-SNE's seconds and accuracy, the accuracy of the first two PCA components, and that of each CSV given
with --map (columns record,x,y). Needs Debian's python3-sklearn and libopenblas0-pthread.
"""
import argparse
import csv
import gzip
import json
import time

import numpy as np
from sklearn.decomposition import PCA
from sklearn.manifold import TSNE
from sklearn.model_selection import KFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier


def idx(path, offset):
    with gzip.open(path, "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=offset)


def accuracy(points, labels):
    folds = KFold(n_splits=5, shuffle=True, random_state=0)
    return float(cross_val_score(KNeighborsClassifier(n_neighbors=10), points, labels, cv=folds).mean())


def read_map(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["record", "x", "y"], rows[0]
    return np.array([[float(r[1]), float(r[2])] for r in rows[1:]])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--images", required=True)
    p.add_argument("--labels", required=True)
    p.add_argument("--map", action="append", default=[], help="a map to score (CSV record,x,y)")
    p.add_argument("--no-tsne", action="store_true")
    a = p.parse_args()
    images = idx(a.images, 16).reshape(-1, 784)
    labels = idx(a.labels, 8).astype(np.int64)
    out = {"maps": [accuracy(read_map(m), labels) for m in a.map]}

    t0 = time.perf_counter()
    x = images.astype(np.float32)
    features = PCA(n_components=50, random_state=0).fit_transform(x)
    t1 = time.perf_counter()
    out["pca2_accuracy"] = accuracy(features[:, :2], labels)
    if not a.no_tsne:
        t2 = time.perf_counter()
        embedded = TSNE(n_components=2, random_state=0, n_jobs=-1).fit_transform(features)
        t3 = time.perf_counter()
        out["pca_s"] = t1 - t0
        out["tsne_s"] = t3 - t2
        out["total_s"] = (t1 - t0) + (t3 - t2)
        out["tsne_accuracy"] = accuracy(embedded, labels)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
