#!/usr/bin/env python3
"""Writes the fuzz seed corpus into DIR: valid IDX files of every type with ndim 0-5 (big- and little-endian data),
every malformed case of the core's diagnostics list, foreign formats, and gzip / multi-member gzip / xz versions
(some corrupt or truncated); .npy files (npy_*), CSV inputs (csv_*, whose first bytes are fuzz_csv's option
bytes) and class-name files (names_*). Generated at build time; nothing binary is committed."""
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


def npy(major, dict_text, data=b'', pad=True):
    """An .npy file as numpy writes it: magic, version, header length, the dict padded to 64 bytes, data."""
    d = dict_text.encode('latin-1')
    fixed = 10 if major == 1 else 12
    if pad:
        d += b' ' * ((64 - (fixed + len(d) + 1) % 64) % 64) + b'\n'
    return b'\x93NUMPY' + bytes([major, 0]) + struct.pack('<H' if major == 1 else '<I', len(d)) + d + data


def npy_seeds(rng):
    """Every descr the reader takes in both byte orders and versions 1-3, spelling variants, and the malformed
    cases of tests/core/read/tst_npyreader.cpp."""
    out = {}
    kinds = {'u1': 'B', 'i1': 'b', 'i2': 'h', 'i4': 'i', 'f4': 'f', 'f8': 'd'}
    for code, fmt in kinds.items():
        for order in ('|', '=') if code[1] == '1' else ('<', '>', '='):
            for major, shape in ((1, (5,)), (1, (2, 3)), (2, ()), (3, (2, 1, 3))):
                n = prod(shape)
                vals = [rng.randrange(0, 100) for _ in range(n)]
                data = struct.pack(('<' if order != '>' else '>') + fmt * n, *vals)
                text = "{'descr': '%s%s', 'fortran_order': False, 'shape': %s, }" % (order, code, str(shape))
                out['npy_%s%s_v%d_nd%d' % ({'|': 'n', '<': 'l', '>': 'b', '=': 'e'}[order], code, major,
                                            len(shape))] = npy(major, text, data)
    d4 = struct.pack('<4h', 1, -2, 3, -4)
    good = "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 2), }"
    out.update({
        'npy_double_quotes': npy(1, '{"descr": "<i2", "fortran_order": False, "shape": (2, 2)}', d4),
        'npy_reordered': npy(1, "{'shape': (2, 2), 'fortran_order': False, 'descr': '<i2'}", d4),
        'npy_longs': npy(1, "{'descr': '<i2', 'fortran_order': False, 'shape': (2L, 2L), }", d4),
        'npy_no_spaces': npy(1, "{'descr':'<i2','fortran_order':False,'shape':(2,2)}", d4),
        'npy_no_padding': npy(1, good, d4, pad=False),
        'npy_trailing_data': npy(1, good, d4 + b'\x01\x02'),
        'npy_short_data': npy(1, good, d4[:5]),
        'npy_fortran': npy(1, "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 2), }", d4),
        'npy_structured': npy(1, "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }", d4),
        'npy_u2': npy(1, "{'descr': '<u2', 'fortran_order': False, 'shape': (2, 2), }", d4),
        'npy_object': npy(1, "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", d4),
        'npy_negative_dim': npy(1, "{'descr': '<i2', 'fortran_order': False, 'shape': (-2,), }"),
        'npy_dim_too_large': npy(1, "{'descr': '|u1', 'fortran_order': False, 'shape': (4294967296,), }"),
        'npy_overflow': npy(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967295, 4294967295, "
                               "4294967295), }"),
        'npy_zero_and_huge': npy(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967295, 0, "
                                    "4294967295, 4294967295), }"),
        'npy_256_dims': npy(2, "{'descr': '|u1', 'fortran_order': False, 'shape': (%s), }" % ('1, ' * 256), b'\x00'),
        'npy_missing_shape': npy(1, "{'descr': '<i2', 'fortran_order': False}"),
        'npy_unexpected_key': npy(1, "{'descr': '<i2', 'fortran_order': False, 'shape': (), 'x': 1}", d4),
        'npy_duplicate_shape': npy(1, "{'descr': '<i2', 'fortran_order': False, 'shape': (2,), 'shape': (2,)}",
                                   d4),
        'npy_unterminated': npy(1, "{'descr': '<i2', 'fortran_order': False", pad=False),
        'npy_not_dict': npy(1, "['descr']"),
        'npy_version4': b'\x93NUMPY\x04\x00' + npy(1, good, d4)[8:],
        'npy_truncated_header': npy(1, good, d4)[:30],
        'npy_huge_header_len': b'\x93NUMPY\x02\x00' + struct.pack('<I', 0xFFFFFFF0) + good.encode(),
        'npy_preamble_only': b'\x93NUMPY\x01\x00',
    })
    return out


def csv_seeds():
    """Change logs and labels CSVs: RFC 4180 quoting, BOM, CRLF and CR, blank lines, and every reader error.
    The first byte is fuzz_csv's option byte (bit 0 trimmed, bit 1 small limits in the next 3 bytes, bit 2
    quote every field in the round trip)."""
    return {
        'csv_changelog': b'\x00index,old,new\n1,2,3\n17,5,9\n',
        'csv_changelog_crlf_bom': b'\x31\xef\xbb\xbfindex,old,new\r\n1,2,3\r\n\r\n4, 5 ,6\r\n',
        'csv_labels_quoted': b'\x01filename,label\n"a,b.png",3\n"say ""hi"".png", 4\n  c.png , 5 \n',
        'csv_line_breaks': b'\x05"a\nb","c\r\nd","e\rf"\r\n,,\n""\n',
        'csv_cr_lines': b'\x00a,b\rc,d\re',
        'csv_spaces_quotes': b'\x01  "a"  , " b " ,\t\n \t \n"x"',
        'csv_quote_unquoted': b'\x00a,b"c\n',
        'csv_after_quote': b'\x00"a"b,c\n',
        'csv_unclosed': b'\x00a\n"b,c\nd\n',
        'csv_utf8': b'\x00\xc3\xa9t\xc3\xa9,"\xe2\x82\xac"\n\xf0\x9f\x98\x80,x\n',
        'csv_limits': b'\x02\x00\x01\x08' + b'aaaa,bbbb,cccc\n' * 8,
        'csv_limits_trimmed': b'\x73\x40\x00\x20' + b' a , "b" \r\n' * 8,
        'csv_long_quoted': b'\x07"' + b'x,\n' * 1500 + b'"\n',
    }


def names_seeds():
    """Class-name files (fuzz_classnames): one name per line, EMNIST's "label code-point" mapping, a CSV with a
    header and KMNIST's three columns, with a BOM, CRLF, quotes, and the reader's errors."""
    return {
        'names_lines': b'T-shirt/top\nTrouser\nPullover\nDress\nCoat\nSandal\nShirt\nSneaker\nBag\nAnkle boot\n',
        'names_lines_crlf_bom': b'\xef\xbb\xbfzero\r\none\r\n\r\nthree\r\n',
        'names_emnist_mapping': b''.join(b'%d %d %d\n' % (k, 48 + k if k < 10 else 55 + k, 87 + k if k >= 10 else 48 + k)
                                         for k in range(36)),
        'names_csv': b'label,name\n0,"T-shirt, top"\n1,"say ""hi"""\n9,Ankle boot\n',
        'names_kmnist_csv': 'index,codepoint,char\n0,U+304A,\u304a\n1,U+304D,\u304d\n2,U+3059,\u3059\n'.encode(),
        'names_negative': b'-1,none\n0,zero\n',
        'names_tab': b'a\tb\nc\n',
        'names_long': b'x' * 201 + b'\n',
        'names_bad_csv': b'label,name\n0,"open\n1,b\n',
        'names_blank': b'\n \n\t\n',
    }


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
    # Sibling formats read as IDX (fuzz_sibling): .npy of the widened types and Fortran order, Lush matrices.
    d8 = bytes(range(48))
    for descr, shape in [('<u2', '(2, 3, 4)'), ('>u4', '(3, 4)'), ('<i8', '(6,)'), ('>f2', '(4, 3, 2)'),
                         ('|b1', '(8, 6)'), ('<u8', '(2, 3)')]:
        bad['sib_npy_%s' % descr[1:]] = npy(1, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }"
                                              % (descr, shape), d8)
    bad['sib_npy_fortran'] = npy(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 4), }", d8)
    bad['sib_npy_fortran_cut'] = npy(1, "{'descr': '>i2', 'fortran_order': True, 'shape': (5, 6), }", d8)
    for magic, n in [(0x1E3D4C53, 8), (0x1E3D4C54, 4), (0x1E3D4C56, 2), (0x1E3D4C57, 1)]:
        bad['sib_lush_%x' % magic] = struct.pack('>IIIIII', magic, 4, 2, 1, 3, 1) + d8[:6 * n]
        bad['sib_lush_%x_le' % magic] = struct.pack('<IIIII', magic, 2, 3, 2, 1) + d8[:6 * n]
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
    files.update(npy_seeds(rng))
    files.update(csv_seeds())
    files.update(names_seeds())
    for name, data in files.items():
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
    print('gen_corpus.py: %d seeds in %s' % (len(files), out))


if __name__ == '__main__':
    main()
