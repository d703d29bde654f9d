#!/usr/bin/env python3
"""The label-suspect ranking's baseline for auditbench: idxscope's rule computed by scikit-learn, and a plain
10-nearest-neighbour vote, on one images file and its labels.

The rule, as core/insights/audit.cpp and recordfeatures.cpp apply it (docs/insights.md, "Suspected labels"):
- images (records of two dimensions, no negative value, some mass) moved so that their centre of mass is the
  image's centre, by linear interpolation along the rows, then along the columns, zeros coming in at the edges
  (centre() below mirrors recordfeatures.cpp's centre(), in double);
- scikit-learn's PCA to 50 components fitted on the file (float32 inputs, its default solver);
- brute-force NearestNeighbors, k = 51, each record's own match dropped (else the 51st);
- the neighbour at rank j (from 1) votes for its label with weight 1 / j; own = the share of the record's label,
  top = the largest share of another label; suspected when top > own and own <= 0.2; score = (1 - own) +
  0.1 x (top - own); ranked by score, then top, descending (ties: the lower index first).
The plain vote: the nearest 10 of the same graph, unweighted; suspected when the majority label (ties: the lower
label, as scikit-learn's KNeighborsClassifier) is not the record's; ranked by the majority's share descending,
then the own label's share ascending (ties: the lower index first).

Prints one JSON object: the suspects' counts, the 0-based rank of each --known record among each ranking's
suspects (-1: not suspected), and seconds. Needs Debian's python3-sklearn and libopenblas0-pthread.
"""
import argparse
import gzip
import json
import time

import numpy as np
from sklearn.decomposition import PCA
from sklearn.neighbors import NearestNeighbors


def read_idx(path):
    """An IDX file (.gz or raw) as a numpy array of its shape; unsigned bytes only (the MNIST family)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    if data[0] != 0 or data[1] != 0 or data[2] != 0x08:
        raise SystemExit(f"{path}: not an IDX file of unsigned bytes")
    ndim = data[3]
    dims = [int.from_bytes(data[4 + 4 * i: 8 + 4 * i], "big") for i in range(ndim)]
    return np.frombuffer(data, np.uint8, offset=4 + 4 * ndim).reshape(dims)


def shift_axis(v, offset, frac, axis):
    """out[i] = (1 - frac) * v[i + offset] + frac * v[i + offset + 1] along axis (1: rows, 2: columns), per image,
    a term dropped where its index leaves the image (recordfeatures.cpp's two passes); by slices, images grouped
    by their whole offset."""
    n = v.shape[axis]
    out = np.zeros_like(v)
    for o in np.unique(offset):
        chosen = offset == o
        part, into = v[chosen], np.zeros_like(v[chosen])
        for step, weight in ((0, 1 - frac[chosen]), (1, frac[chosen])):
            s = int(o) + step
            lo, hi = max(0, -s), min(n, n - s)
            if lo >= hi:
                continue
            if axis == 1:
                into[:, lo:hi, :] += part[:, lo + s: hi + s, :] * weight[:, None, None]
            else:
                into[:, :, lo:hi] += part[:, :, lo + s: hi + s] * weight[:, None, None]
        out[chosen] = into
    return out


def centre(images):
    """Images (count x h x w) moved so that each one's centre of mass is its centre; float64."""
    v = images.astype(np.float64)
    count, h, w = v.shape
    mass = v.sum(axis=(1, 2))
    my = (v.sum(axis=2) * np.arange(h)).sum(axis=1)
    mx = (v.sum(axis=1) * np.arange(w)).sum(axis=1)
    moved = (mass > 0) & np.isfinite(mass) & (v.min(axis=(1, 2)) >= 0)
    safe = np.where(moved, mass, 1)
    dy = np.where(moved, (h - 1) / 2 - my / safe, 0)
    dx = np.where(moved, (w - 1) / 2 - mx / safe, 0)
    oy, ox = np.floor(-dy), np.floor(-dx)
    fy, fx = -dy - oy, -dx - ox
    out = shift_axis(v, oy.astype(np.int64), fy, 1)
    out = shift_axis(out, ox.astype(np.int64), fx, 2)
    out[~moved] = v[~moved]
    return out


def centred_rows(images, chunk=10000):
    """Records as float32 rows: images centred (in chunks, to bound memory), other records as they are."""
    if images.ndim != 3:
        return images.reshape(len(images), -1).astype(np.float32)
    out = np.empty((len(images), images.shape[1] * images.shape[2]), np.float32)
    for first in range(0, len(images), chunk):
        part = images[first: first + chunk]
        out[first: first + len(part)] = centre(part).reshape(len(part), -1)
    return out


def neighbours(features, k):
    """Each row's k nearest other rows, nearest first (brute force; its own match dropped, else the (k+1)th)."""
    _, found = NearestNeighbors(n_neighbors=k + 1, algorithm="brute").fit(features).kneighbors(features)
    rows = np.arange(len(features))
    own = found == rows[:, None]
    own[~own.any(axis=1), -1] = True  # no own match among them: drop the last
    return found[~own].reshape(len(features), k)


def ranks_of(order, count, known):
    rank = np.full(count, -1, np.int64)
    rank[order] = np.arange(len(order))
    return [int(rank[i]) for i in known]


def weighted_rule(neigh, labels, share=0.2, margin=0.1):
    """idxscope's ranking (audit.cpp's Ballot and suspects()): returns the suspects, best first."""
    n, k = neigh.shape
    rows = np.arange(n)
    classes = int(labels.max()) + 1
    votes = np.zeros((n, classes))
    total = 0.0
    for j in range(k):  # summed in rank order, as audit.cpp does
        weight = 1.0 / (j + 1)
        np.add.at(votes, (rows, labels[neigh[:, j]]), weight)
        total += weight
    votes /= total
    own = votes[rows, labels]
    votes[rows, labels] = -1
    top = votes.max(axis=1)
    flagged = rows[(top > own) & (own <= share + 1e-12)]
    score = (1 - own[flagged]) + margin * (top[flagged] - own[flagged])
    return flagged[np.lexsort((flagged, -top[flagged], -score))]


def majority_vote(neigh, labels, k=10):
    """A plain k-neighbour vote: the suspects (majority label not the record's), best first."""
    n = len(neigh)
    rows = np.arange(n)
    counts = np.zeros((n, int(labels.max()) + 1))
    for j in range(k):
        np.add.at(counts, (rows, labels[neigh[:, j]]), 1)
    majority = counts.argmax(axis=1)
    flagged = rows[majority != labels]
    best = counts[flagged, majority[flagged]] / k
    own = counts[flagged, labels[flagged]] / k
    return flagged[np.lexsort((flagged, own, -best))]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--images", required=True)
    p.add_argument("--labels", required=True)
    p.add_argument("--known", default="", help="comma-separated records to rank")
    p.add_argument("--k", type=int, default=50)
    p.add_argument("--components", type=int, default=50)
    a = p.parse_args()
    images = read_idx(a.images)
    labels = read_idx(a.labels).astype(np.int64)
    known = [int(i) for i in a.known.split(",") if i]

    t0 = time.perf_counter()
    x = centred_rows(images)
    t1 = time.perf_counter()
    features = PCA(n_components=a.components, random_state=0).fit_transform(x)
    t2 = time.perf_counter()
    neigh = neighbours(features, a.k)
    t3 = time.perf_counter()
    rule = weighted_rule(neigh, labels)
    vote = majority_vote(neigh, labels)
    print(json.dumps({
        "centre_s": t1 - t0, "pca_s": t2 - t1, "neighbours_s": t3 - t2,
        "rule_suspects": int(len(rule)), "rule_ranks": ranks_of(rule, len(labels), known),
        "vote_suspects": int(len(vote)), "vote_ranks": ranks_of(vote, len(labels), known),
    }))


if __name__ == "__main__":
    main()
