#!/usr/bin/env python3
"""The scale benchmark's input (auditscalebench): Fashion-MNIST's training and test sets together (70,000
records) and their eight one-pixel shifts (up, down, left, right and the four diagonals; zeros come in at the
edge), 630,000 × 28 × 28 unsigned bytes, as raw IDX files in --out:
  fashion70k-images-idx3-ubyte, fashion70k-labels-idx1-ubyte        the 70,000 records as published
  shifted630k-images-idx3-ubyte, shifted630k-labels-idx1-ubyte      those first, then each shift in turn
Needs numpy only.
"""
import argparse
import gzip
import os

import numpy as np

SHIFTS = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)]  # (rows, columns)


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    ndim = data[3]
    dims = [int.from_bytes(data[4 + 4 * i: 8 + 4 * i], "big") for i in range(ndim)]
    return np.frombuffer(data, np.uint8, offset=4 + 4 * ndim).reshape(dims)


def write_idx(path, array):
    with open(path, "wb") as f:
        f.write(bytes([0, 0, 0x08, array.ndim]))
        for d in array.shape:
            f.write(int(d).to_bytes(4, "big"))
        f.write(np.ascontiguousarray(array).tobytes())


def shifted(images, dy, dx):
    """Every image moved by dy rows and dx columns (down and right when positive), zero fill."""
    out = np.zeros_like(images)
    h, w = images.shape[1:]
    out[:, max(dy, 0): h + min(dy, 0), max(dx, 0): w + min(dx, 0)] = \
        images[:, max(-dy, 0): h + min(-dy, 0), max(-dx, 0): w + min(-dx, 0)]
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--fashion", default="/usr/share/datasets/fashion-mnist")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    images = np.concatenate([read_idx(os.path.join(a.fashion, f"{s}-images-idx3-ubyte.gz"))
                             for s in ("train", "t10k")])
    labels = np.concatenate([read_idx(os.path.join(a.fashion, f"{s}-labels-idx1-ubyte.gz"))
                             for s in ("train", "t10k")])
    write_idx(os.path.join(a.out, "fashion70k-images-idx3-ubyte"), images)
    write_idx(os.path.join(a.out, "fashion70k-labels-idx1-ubyte"), labels)
    every = np.concatenate([images] + [shifted(images, dy, dx) for dy, dx in SHIFTS])
    write_idx(os.path.join(a.out, "shifted630k-images-idx3-ubyte"), every)
    write_idx(os.path.join(a.out, "shifted630k-labels-idx1-ubyte"), np.tile(labels, len(SHIFTS) + 1))


if __name__ == "__main__":
    main()
