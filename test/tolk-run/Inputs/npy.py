# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes, prints and checks .npy files for the tolk-run tests, without numpy
(which the test machines need not have): the format is one header line and
the little-endian bytes.

  npy.py write FILE DESCR SHAPE VALUE...   SHAPE "4,8" ("" for rank 0);
        a VALUE is a number (0x... for bits of an integer or a bf16/fp8
        storage type), or one "expr:E" evaluated for each flat index i.
  npy.py print FILE...                     each file's header, then one element per
        line: integers in decimal (unsigned ones in hex too), floats as
        their bits in hex and repr().
  npy.py check FILE EXPR [IN.npy...]       compares each element's bits with
        EXPR evaluated for flat index i, with the inputs as lists in0, in1...
        and the rounding helpers f16(), f32(); prints "ok N" or the first
        mismatches.

Complex types ('<c8', '<c16') take and print two VALUEs per element (the
real part, then the imaginary one, each a float of '<f4' or '<f8'); the
opaque 16-byte items of f128 ('|V16') one 128-bit integer each (its
binary128 bits), and those of complex<f128> ('|V32') two.
"""
import ast
import struct
import sys

FORMATS = {"b1": "?", "i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i",
           "u4": "I", "i8": "q", "u8": "Q", "f2": "e", "f4": "f", "f8": "d"}
BITS = {"f2": "H", "f4": "I", "f8": "Q"}
# The types stored as several values per element: the kind of each part and
# their number (a 128-bit part is two little-endian u8 words).
PARTS = {"c8": ("f4", 2), "c16": ("f8", 2), "V16": ("u16", 1),
         "V32": ("u16", 2)}


def pack(kind, v):
    if kind == "u16":
        return struct.pack("<QQ", v & (2**64 - 1), v >> 64)
    if kind in BITS and isinstance(v, int) and not isinstance(v, bool):
        return struct.pack("<" + BITS[kind], v)
    return struct.pack("<" + FORMATS[kind], v)


def unpack_parts(kind, n, count, body):
    part, k = PARTS[kind]
    if part == "u16":
        words = struct.unpack("<%dQ" % (2 * k * count), body[:16 * k * count])
        flat = [words[2 * j] | words[2 * j + 1] << 64
                for j in range(k * count)]
    else:
        fmt = "<%d%s" % (k * count, FORMATS[part])
        flat = list(struct.unpack(fmt, body[:struct.calcsize(fmt)]))
    return [tuple(flat[k * j:k * j + k]) for j in range(count)]


def header(descr, shape):
    shape_text = "(" + "".join("%d, " % d for d in shape)
    shape_text = shape_text[:-2] + ",)" if len(shape) == 1 else (
        shape_text[:-2] + ")" if shape else "()")
    text = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, shape_text)
    pad = 64 - (10 + len(text) + 1) % 64
    text += " " * pad + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode()


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY", path + " is not a .npy file"
    major = data[6]
    if major == 1:
        (length,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (length,) = struct.unpack("<I", data[8:12])
        start = 12
    meta = ast.literal_eval(data[start:start + length].decode())
    descr, shape = meta["descr"], tuple(meta["shape"])
    count = 1
    for d in shape:
        count *= d
    body = data[start + length:]
    if descr[1:] in PARTS:
        return descr, shape, unpack_parts(descr[1:], 0, count, body)
    fmt = "<%d%s" % (count, FORMATS[descr[1:]])
    return descr, shape, list(struct.unpack(fmt, body[:struct.calcsize(fmt)]))


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bits(descr, v):
    kind = descr[1:] if descr[0] in "<|=>" else descr
    if kind in BITS:
        return struct.unpack("<" + BITS[kind],
                             struct.pack("<" + FORMATS[kind], v))[0]
    return int(v)


def print_file(path):
    descr, shape, values = read(path)
    print("descr %s shape %s" % (descr, list(shape)))
    for v in values:
        if descr[1:] in PARTS:
            part = PARTS[descr[1:]][0]
            if part == "u16":
                print(" ".join("0x%032x" % x for x in v))
            else:
                print(" ".join("0x%x %r" % (bits(part, x), x) for x in v))
        elif descr[1] == "f":
            print("0x%x %r" % (bits(descr, v), v))
        elif descr[1] == "u":
            print("%d 0x%x" % (v, v))
        else:
            print(int(v))


def main(argv):
    cmd = argv[1]
    if cmd == "write":
        path, descr, shape_text = argv[2], argv[3], argv[4]
        shape = [int(d) for d in shape_text.split(",") if d]
        count = 1
        for d in shape:
            count *= d
        values = argv[5:]
        if len(values) == 1 and values[0].startswith("expr:"):
            expr = values[0][5:]
            values = [eval(expr, {"f16": f16, "f32": f32}, {"i": i})
                      for i in range(count)]
        else:
            values = [float(v) if descr[1] in "fc" and not v.startswith("0x")
                      else int(v, 0) for v in values]
        kind = descr[1:]
        part, per = PARTS.get(kind, (kind, 1))
        assert len(values) == count * per, "%d values for %d elements" % (
            len(values), count)
        out = bytearray()
        if kind in PARTS:
            for v in values:
                out += pack(part, v)
            values = []
        for v in values:
            if kind in BITS and isinstance(v, int) and not isinstance(v, bool):
                out += struct.pack("<" + BITS[kind], v)
            else:
                out += struct.pack("<" + FORMATS[kind], v)
        with open(path, "wb") as f:
            f.write(header(descr, shape) + bytes(out))
    elif cmd == "print":
        for path in argv[2:]:
            print_file(path)
    elif cmd == "check":
        descr, shape, values = read(argv[2])
        env = {"f16": f16, "f32": f32}
        for k, path in enumerate(argv[4:]):
            env["in%d" % k] = read(path)[2]
        bad = 0
        for i, v in enumerate(values):
            want = eval(argv[3], env, {"i": i})
            if bits(descr, v) != bits(descr, want):
                if bad < 5:
                    print("mismatch at %d: got %r, want %r" % (i, v, want))
                bad += 1
        print("ok %d" % len(values) if not bad else "%d mismatches" % bad)
    else:
        sys.exit("unknown command " + cmd)


main(sys.argv)
