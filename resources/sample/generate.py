#!/usr/bin/env python3
"""Generates the bundled sample: the first 1,000 Fashion-MNIST test images and their labels, as IDX .gz.

Reads Debian's dataset-fashion-mnist package (apt-get install dataset-fashion-mnist) and writes
fashion-sample-images-idx3-ubyte.gz and fashion-sample-labels-idx1-ubyte.gz next to this script.
Output is reproducible (gzip mtime 0). Standard library only.
"""
import gzip
import os
import struct
import sys

COUNT = 1000
SRC = os.environ.get("FASHION_MNIST_DIR", "/usr/share/datasets/fashion-mnist")
HERE = os.path.dirname(os.path.abspath(__file__))


def subset(src_name, dst_name):
    with gzip.open(os.path.join(SRC, src_name), "rb") as f:
        data = f.read()
    if data[:2] != b"\0\0" or data[2] != 0x08:
        sys.exit(f"{src_name}: not a uint8 IDX file")
    ndim = data[3]
    dims = list(struct.unpack(">%dI" % ndim, data[4:4 + 4 * ndim]))
    per_record = 1
    for d in dims[1:]:
        per_record *= d
    header = bytes([0, 0, 0x08, ndim]) + struct.pack(">%dI" % ndim, COUNT, *dims[1:])
    payload = data[4 + 4 * ndim:4 + 4 * ndim + COUNT * per_record]
    with open(os.path.join(HERE, dst_name), "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as out:
            out.write(header + payload)


subset("t10k-images-idx3-ubyte.gz", "fashion-sample-images-idx3-ubyte.gz")
subset("t10k-labels-idx1-ubyte.gz", "fashion-sample-labels-idx1-ubyte.gz")
