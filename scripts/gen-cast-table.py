#!/usr/bin/env python3
# ===- gen-cast-table.py - The fold-cast-table.mlir table -----------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# Emits one function per ordered pair of distinct data types (i1, the signed
# and unsigned integers, f16, bf16, f32, f64 and the four 8-bit floats)
# folding tolk.cast of boundary values of the source type. The expected
# constants follow `const dt c` (docs/Semantics.md#const), with the float
# formats of gen-lowp-table.py, independently of lib/Dtype:
#
# - integers wrap modulo 2^bits; Bool is nonzero-ness (a NaN is nonzero);
# - an integer is rounded once to a float, from its exact value, as a finite
#   value (an 8-bit float saturates, a wider one overflows to an infinity);
# - a float is rounded once to another float; a NaN keeps its sign and the
#   top of its payload, a signalling one staying signalling, in a float of
#   16 bits or more; an 8-bit float has its one NaN (one of each sign in
#   Fp8e5m2), and an infinity is the NaN of a format without infinities;
# - a float becomes an integer rounded towards zero, then wrapped; NaN is 0,
#   an infinity the least or greatest value, as every target computes too
#   (docs/Semantics.md#float-to-integer).
#
#   python3 scripts/gen-cast-table.py > table.mlir
#
# test/Dialect/Tolk/fold-cast-table.mlir runs it (the table is 700 KB:
# generated at test time, not committed).
#
# ===-----------------------------------------------------------------------===#

import importlib.util
import math
import os
from fractions import Fraction

_spec = importlib.util.spec_from_file_location(
    "lowp_table", os.path.join(os.path.dirname(__file__), "gen-lowp-table.py"))
lp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lp)

FORMATS, is_nan = lp.FORMATS, lp.is_nan

# The integer types (INTS) and wrap-around are gen-fold-table.py's.
_spec = importlib.util.spec_from_file_location(
    "fold_table", os.path.join(os.path.dirname(__file__), "gen-fold-table.py"))
ft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ft)
INTS, wrap = ft.INTS, ft.wrap
# The signed integers, then the unsigned ones.
TYPES = (["i1"] + sorted(INTS, key=lambda t: (not INTS[t][1], INTS[t][0]))
         + lp.ALL_FLOATS)
WEAK_INT, WEAK_FLOAT = "!tolk.weakint", lp.WEAK_FLOAT


def int_range(ty):
    bits, signed = INTS[ty]
    if signed:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def cast(src, dst, v):
    """`const dst v` for a src value v, or None where it is an error
    (a NaN or an infinity into Weak_int): such a cast is not folded."""
    if dst == WEAK_INT:
        if isinstance(v, (bool, int)):
            return int(v)  # A weak integer keeps the value.
        if is_nan(v) or math.isinf(v):
            return None
        return math.trunc(Fraction(v))
    if dst == WEAK_FLOAT:
        if isinstance(v, (bool, int)):
            # A `Float: the exact integer rounded once to binary64, the
            # infinity of its sign past the greatest double.
            return lp.truncate_exact(FORMATS["f64"], int(v))
        return v  # A weak float keeps v itself, a NaN's payload too.
    if dst == "i1":
        return v != 0 if not is_nan(v) else True  # A NaN is nonzero.
    if dst in INTS:
        if isinstance(v, (bool, int)):
            return wrap(int(v), dst)
        if is_nan(v):
            return 0
        if math.isinf(v):
            lo, hi = int_range(dst)
            return hi if v > 0 else lo
        return wrap(math.trunc(Fraction(v)), dst)  # Towards zero, exactly.
    fmt = FORMATS[dst]
    if isinstance(v, (bool, int)):
        # Rounded once from the exact value, as a finite value.
        return lp.truncate_exact(fmt, int(v))
    return lp.truncate(fmt, v, quiet=False)


def int_values(ty):
    lo, hi = int_range(ty)
    bits, signed = INTS[ty]
    vs = [0, 1, hi, lo]
    if signed:
        vs += [-1, lo + 1]
    # Values that wrap in a narrower integer and round in narrow floats:
    # 300 wraps to 44 in si8; 2^11 + 1 and 2^24 + 1 are ties in f16 and f32
    # (to even: 2^11 and 2^24); 2^60 + 2^36 + 1 rounds up to 2^60 + 2^37 in
    # f32 when rounded once, but to 2^60 through binary64 first.
    for v in (17, -17, 300, -129, 2049, 65519, 16777217, -16777217,
              (1 << 53) + 1, (1 << 60) + (1 << 36) + 1):
        if lo <= v <= hi:
            vs.append(v)
    return vs


# Source float values, by name or number; only those the source type holds
# exactly are used, and each says what it exercises.
FLOAT_VALUES = [
    0.0, -0.0, 1.0, -1.0,
    2.5, -2.5,         # towards zero: 2, -2
    "0.1",             # 0.1 rounded to the source, then rounded again
    300.0, -129.0,     # past si8's range: wraps to 44 and 127
    "max", "-max",     # overflow: inf, or saturation in an 8-bit float
    "tiny",            # the least subnormal: 0 in a narrower format
    "1+2^-8",          # a tie in bf16 (to 1.0)
    "1+2^-8+2^-20",    # just above the tie in bf16 (to 1 + 2^-7)
    "1+2^-11",         # a tie in f16 (to 1.0)
    "1+2^-24",         # a tie in f32 (to 1.0)
    65520.0,           # f16's overflow threshold: a tie, to inf
    464.0,             # e4m3's tie between 448 and 480: to 448
    "inf", "-inf", "nan", "-nan", "snan",
]
EXACT = {"1+2^-8": 1 + Fraction(1, 2 ** 8),
         "1+2^-8+2^-20": 1 + Fraction(1, 2 ** 8) + Fraction(1, 2 ** 20),
         "1+2^-11": 1 + Fraction(1, 2 ** 11),
         "1+2^-24": 1 + Fraction(1, 2 ** 24)}
# NaNs with a payload, by bits: a signalling NaN stays signalling through a
# cast between 16-bit and wider floats (docs/Semantics.md#const), and keeps the
# top of its payload. Payloads are chosen to survive the narrowest of them.
# The last of each list is a signalling NaN whose payload lies below every
# narrower format's fraction: it keeps the lowest fraction bit there
# (docs/Semantics.md#nans) rather than becoming an infinity.
SNAN = {"f16": ["0x7D00", "0xFE01", "0x7C01"],
        "bf16": ["0x7FA0", "0xFFC1", "0xFF81"],
        "f32": ["0x7FA00000", "0xFFC12345", "0x7F800001"],
        "f64": ["0x7FF4000000000000", "0xFFF8246800000000",
                "0xFFF0000000000001"],
        "f8E5M2": ["0xFD"]}


def float_values(ty):
    fmt = FORMATS[ty]
    vs = []
    for x in FLOAT_VALUES:
        if x == "snan":
            vs += [lp.decode(fmt, int(b, 16)) for b in SNAN.get(ty, [])]
            continue
        if not lp.has_value(x, ty):
            continue
        if x == "0.1":
            vs.append(lp.truncate_exact(fmt, Fraction(1, 10)))
            continue
        if x in EXACT:
            v = float(EXACT[x])
        else:
            v = lp.named_float(x, ty) if isinstance(x, str) else x
        if not is_nan(v) and not math.isinf(v) and lp.truncate(fmt, v) != v:
            continue  # Not exact in ty.
        vs.append(v)
    return vs


# A weak integer's values have no bound: past every 64-bit range, the
# greatest integer that rounds to the greatest double, the least one that
# rounds past it (a tie, to even: an infinity in binary64), and 10^400.
F64_MAX = (1 << 1024) - (1 << 971)
WEAK_INT_VALUES = [0, 1, -1, 300, -129, 1 << 64, -(1 << 63) - 1,
                   (1 << 60) + (1 << 36) + 1,
                   F64_MAX + (1 << 970) - 1, F64_MAX + (1 << 970),
                   -(10 ** 400)]


def values(ty):
    if ty == "i1":
        return [False, True]
    if ty == WEAK_INT:
        return WEAK_INT_VALUES
    if ty == WEAK_FLOAT:
        return float_values("f64")  # A weak float's values are binary64's.
    vs = int_values(ty) if ty in INTS else float_values(ty)
    unique = []
    for v in vs:  # 0 is both 0 and the least value of an unsigned type.
        if not any(lp.f64_bits(v) == lp.f64_bits(u) if isinstance(v, float)
                   or is_nan(v) else v == u for u in unique):
            unique.append(v)
    return unique


def literal(v, ty):
    if ty == "i1":
        return "true" if v else "false"
    return lp.literal(v, ty)


def main():
    em = lp.Emitter(lp.header("gen-cast-table.py", "fold-cast-table.mlir", [
        "tolk.cast between every pair of data types on boundary values of the",
        "source: wrap-around, truncation towards zero, rounding once, Bool from",
        "nonzero, NaN payloads, infinities and NaNs into formats without them;",
        "the expected constants are computed by the script from",
        "docs/Semantics.md#const, independently of lib/Dtype. Float-to-integer",
        "rows past the integer's range wrap, as every target does."]))
    weak = [WEAK_INT, WEAK_FLOAT]
    pairs = [(s, d) for s in TYPES for d in TYPES if s != d]
    # Weak literals committed to every type. A strong value made a weak
    # type is one of the type the commit chooses: the folder leaves it
    # (docs/Semantics.md#weak-types, test/Dialect/Tolk/
    # fold-weak-intermediate.mlir and fold-weak-int-intermediate.mlir).
    pairs += [(s, d) for s in weak for d in TYPES + weak if s != d]
    for src, dst in pairs:
        rows = []
        for v in values(src):
            r = cast(src, dst, v)
            if r is not None:  # An error: not folded.
                rows.append(((v,), r))

        def body(i, operands, src=src, dst=dst):
            return ["%%a%d = tolk.const %s : %s" % (i, literal(operands[0], src), src),
                    "%%r%d = tolk.cast %%a%d : %s to %s" % (i, i, src, dst)]
        em.function("cast_%s_%s" % (src.replace("!tolk.", ""),
                                    dst.replace("!tolk.", "")), rows,
                    lambda _, dst=dst: dst, body)
    em.write()


if __name__ == "__main__":
    main()
