#!/usr/bin/env python3
"""Writes the fuzz seed corpus into DIR: valid IDX files of every type with ndim 0-5 (big- and little-endian data),
every malformed case of the core's diagnostics list, foreign formats, and gzip / multi-member gzip / xz versions
(some corrupt or truncated). Generated at build time; nothing binary is committed."""
import gzip
import lzma
import os
import random
import struct
import sys

TYPES = {0x08: ('B', 1), 0x09: ('b', 1), 0x0B: ('h', 2), 0x0C: ('i', 4), 0x0D: ('f', 4), 0x0E: ('d', 8)}


def header(code, dims, zero0=0, zero1=0):
    return bytes([zero0, zero1, code, len(dims)]) + b''.join(struct.pack('>I', d) for d in dims)


def payload(code, n, rng, order='>'):
    fmt, _ = TYPES[code]
    if fmt in 'fd':
        vals = [rng.choice([0.0, 1.5, -2.25, rng.uniform(-1e3, 1e3), float('nan'), float('inf'), -float('inf')])
                for _ in range(n)]
    elif fmt == 'B':
        vals = [rng.randrange(256) for _ in range(n)]
    elif fmt == 'b':
        vals = [rng.randrange(-128, 128) for _ in range(n)]
    elif fmt == 'h':
        vals = [rng.randrange(-32768, 32768) for _ in range(n)]
    else:
        vals = [rng.randrange(-2**31, 2**31) for _ in range(n)]
    return struct.pack(order + fmt * n, *vals)


def prod(dims):
    p = 1
    for d in dims:
        p *= d
    return p


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(6)
    files = {}
    shapes = [[], [5], [4, 3], [3, 4, 5], [2, 3, 2, 4], [2, 2, 3, 2, 2]]
    for code in TYPES:
        for dims in shapes:
            n = prod(dims)
            files['t%02x_nd%d' % (code, len(dims))] = header(code, dims) + payload(code, n, rng)
            if TYPES[code][1] > 1:
                files['t%02x_nd%d_le' % (code, len(dims))] = header(code, dims) + payload(code, n, rng, '<')
    u8 = header(0x08, [6, 4, 4]) + bytes(rng.randrange(256) for _ in range(96))
    f32 = header(0x0D, [3, 2, 2]) + payload(0x0D, 12, rng)
    bad = {
        'empty': b'', 'one': b'\x00', 'two': b'\x00\x00', 'three': b'\x00\x00\x08',
        'badmagic': b'\x01\x02\x08\x01\x00\x00\x00\x01\x00',
        'truncdims': header(0x08, [6, 4, 4])[:9],
        'truncpayload': u8[:-17], 'partialelem': f32[:-3], 'trailing': u8 + b'\x01\x02\x03',
        'x2': u8 + u8[16:], 'x4': u8 + u8[16:] * 3, 'x8': u8 + u8[16:] * 7,
        'overflow': header(0x0E, [0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF]),
        'terabytes': header(0x08, [1000000, 1000000, 2]) + b'\x05' * 64,
        'ndim255': header(0x08, [1] * 255) + b'\x07',
        'ndim255short': header(0x08, [1] * 255)[:600],
        'zerodim': header(0x0C, [0, 28, 28]), 'zeromid': header(0x08, [7, 0, 3]),
        'zerorecords_big': header(0x08, [0xFFFFFFFF, 0]),
        'npy': b'\x93NUMPY\x01\x00v\x00{"descr": "<f4", "fortran_order": False, "shape": (2,), }' + b' ' * 40,
        'npz': b'PK\x03\x04' + b'\x00' * 40, 'png': b'\x89PNG\r\n\x1a\n' + b'\x00' * 30,
        'html': b'<!DOCTYPE html><html><body>Not found</body></html>',
        'lfs': b'version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 47040016\n',
        'lush': struct.pack('>I', 0x1E3D4C51) + struct.pack('>III', 2, 3, 3) + b'\x00' * 9,
        'lush_le': struct.pack('<I', 0x1E3D4C55) + struct.pack('<III', 1, 4, 1) + b'\x00' * 16,
        'littleidx': bytes([3, 8, 0, 0]) + struct.pack('<III', 2, 2, 2) + b'\x01' * 8,
        'bzip2': b'BZh91AY&SY' + b'\x00' * 20, 'zstd': b'\x28\xb5\x2f\xfd' + b'\x00' * 20,
    }
    for code in (0x00, 0x01, 0x07, 0x0A, 0x0F, 0x10, 0xFF):
        bad['unknowntype%02x' % code] = header(code, [2, 2]) + b'\x00' * 4
    files.update(bad)
    for name in ['t08_nd3', 't0d_nd2', 't0e_nd4', 'trailing', 'truncpayload', 'x8', 'zerodim', 't0b_nd1_le']:
        data = files[name]
        files[name + '.gz'] = gzip.compress(data, 6, mtime=0)
        files[name + '.xz'] = lzma.compress(data, preset=0)
        third = max(1, len(data) // 3)
        files[name + '.m3.gz'] = b''.join(gzip.compress(data[i:i + third], 6, mtime=0)
                                          for i in range(0, len(data), third))
    gz = gzip.compress(u8, 6, mtime=0)
    files['badcrc.gz'] = gz[:-8] + bytes(b ^ 0x5A for b in gz[-8:-4]) + gz[-4:]
    files['badisize.gz'] = gz[:-4] + struct.pack('<I', len(u8) + 1)
    files['trunc.gz'] = gz[:len(gz) // 2]
    files['garbage_after.gz'] = gz + b'garbage!'
    xz = lzma.compress(u8, preset=0)
    files['trunc.xz'] = xz[:len(xz) - 7]
    files['bomb.gz'] = gzip.compress(header(0x08, [2, 2]) + b'\x01' * 4 + b'\x00' * (1 << 20), 9, mtime=0)
    files['gz_in_gz.gz'] = gzip.compress(gz, 6, mtime=0)
    for name, data in files.items():
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
    print('gen_corpus.py: %d seeds in %s' % (len(files), out))


if __name__ == '__main__':
    main()
