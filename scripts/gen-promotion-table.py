#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the promotion tables of test/Dialect/Tolk/, with the casts
--canonicalize must insert and each op's type:

- promotion-table.mlir (the default): one `tolk.add` per ordered pair of the
  nineteen promotable data types.
- promotion-extension-table.mlir (`--extensions`): one `tolk.add` per
  ordered pair of the twenty-three data types of which f128, complex<f32>,
  complex<f64> or complex<f128> is one (docs/Semantics.md, "Complex numbers
  and float128": f32 -> complex<f32>, f64 -> complex<f64> and f128,
  complex<f32> -> complex<f64>, f128 and complex<f64> -> complex<f128>).
- promotion-float-table.mlir (`--float`): the ops that compute in a float,
  `tolk.reciprocal`, `tolk.sqrt`, `tolk.exp2` and `tolk.log2` on each data
  type and `tolk.div` without rounding on each ordered pair: the operands
  convert to least_upper_float of their least upper type (through that type
  where a cast to it is not lossless).

The least upper bound is computed here from the prose of docs/Semantics.md
("The lattice" and "least_upper": its direct promotions and its order by
priority, bit size, then name), independently of lib/Dtype, so that the test
checks the C++ against a second reading of the rules rather than against
itself.

Usage: scripts/gen-promotion-table.py > test/Dialect/Tolk/promotion-table.mlir
       scripts/gen-promotion-table.py --extensions > test/Dialect/Tolk/promotion-extension-table.mlir
       scripts/gen-promotion-table.py --float > test/Dialect/Tolk/promotion-float-table.mlir
"""

import functools
import sys

# The priority of each type (the fnuz formats share their OCP format's,
# the weak int shares Bool's) and bit size (800 for the weak types).
PRIO = {"bool": 0, "weakint": 0, "i8": 1, "u8": 2, "i16": 3, "u16": 4,
        "i32": 5, "u32": 6, "i64": 7, "u64": 8, "weakfloat": 9,
        "fp8e4m3": 10, "fp8e4m3fnuz": 10, "fp8e5m2": 11, "fp8e5m2fnuz": 11,
        "f16": 12, "bf16": 13, "f32": 14, "f64": 15}
BITS = {"bool": 1, "weakint": 800, "weakfloat": 800, "i8": 8, "u8": 8,
        "i16": 16, "u16": 16, "i32": 32, "u32": 32, "i64": 64, "u64": 64,
        "fp8e4m3": 8, "fp8e5m2": 8, "fp8e4m3fnuz": 8, "fp8e5m2fnuz": 8,
        "f16": 16, "bf16": 16, "f32": 32, "f64": 64}
# The direct promotions; the 64-bit integers go to the weak float.
EDGES = {"bool": ["weakint"], "weakint": ["i8", "u8"], "i8": ["i16"],
         "u8": ["i16", "u16"], "i16": ["i32"], "u16": ["i32", "u32"],
         "i32": ["i64"], "u32": ["i64", "u64"], "i64": ["weakfloat"],
         "u64": ["weakfloat"],
         "weakfloat": ["fp8e4m3", "fp8e5m2", "fp8e4m3fnuz", "fp8e5m2fnuz"],
         "fp8e4m3": ["f16", "bf16"], "fp8e5m2": ["f16", "bf16"],
         "fp8e4m3fnuz": ["f16", "bf16"], "fp8e5m2fnuz": ["f16", "bf16"],
         "f16": ["f32"], "bf16": ["f32"], "f32": ["f64"], "f64": []}
MLIR = {"bool": "i1", "weakint": "!tolk.weakint", "i8": "si8", "u8": "ui8",
        "i16": "si16", "u16": "ui16", "i32": "si32", "u32": "ui32",
        "i64": "si64", "u64": "ui64", "weakfloat": "!tolk.weakfloat",
        "fp8e4m3": "f8E4M3FN", "fp8e5m2": "f8E5M2",
        "fp8e4m3fnuz": "f8E4M3FNUZ", "fp8e5m2fnuz": "f8E5M2FNUZ",
        "f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64"}
# float128 and the complex types: after the reals, each group by width.
PRIO.update({"f128": 16, "c64": 17, "c128": 18, "c256": 19})
BITS.update({"f128": 128, "c64": 64, "c128": 128, "c256": 256})
EDGES["f32"] = ["f64", "c64"]
EDGES["f64"] = ["f128", "c128"]
EDGES.update({"f128": ["c256"], "c64": ["c128"], "c128": ["c256"],
              "c256": []})
MLIR.update({"f128": "f128", "c64": "complex<f32>", "c128": "complex<f64>",
             "c256": "complex<f128>"})
EXTENSIONS = ["f128", "c64", "c128", "c256"]
# The 17 of `all` (docs/Semantics.md#groups), then the two weak types.
ORDER = ["bool", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64",
         "fp8e4m3", "fp8e5m2", "fp8e4m3fnuz", "fp8e5m2fnuz", "f16", "bf16",
         "f32", "f64", "weakint", "weakfloat"]


@functools.lru_cache(maxsize=None)
def up(t):
    """Every type t promotes to, t included (cached: the random-graph
    generator asks at every op it builds)."""
    s = {t}
    for p in EDGES[t]:
        s |= up(p)
    return frozenset(s)


def lub(a, b):
    common = up(a) & up(b)
    return min(common, key=lambda t: (PRIO[t], BITS[t], t))


def name(t):
    return t if t in EXTENSIONS else MLIR[t].replace("!tolk.", "")


# The finfo of the floats of known width (docs/Semantics.md, "Float formats"): (exponent, mantissa) bits.
FINFO = {"fp8e4m3": (4, 3), "fp8e4m3fnuz": (4, 3), "fp8e5m2": (5, 2),
         "fp8e5m2fnuz": (5, 2), "f16": (5, 10), "bf16": (8, 7),
         "f32": (8, 23), "f64": (11, 52)}
INTS = {"i8": (8, True), "u8": (8, False), "i16": (16, True),
        "u16": (16, False), "i32": (32, True), "u32": (32, False),
        "i64": (64, True), "u64": (64, False)}
DEFAULT_FLOAT = "f32"


def least_upper_float(t):
    """least_upper_float (docs/Semantics.md), with the default float f32."""
    if t == "weakint":
        return "weakfloat"
    if t in FINFO or t == "weakfloat":
        return t
    return lub(t, DEFAULT_FLOAT)


def can_lossless_cast(a, b):
    """can_lossless_cast (docs/Semantics.md, "Lossless casts"; the weak int
    holds every integer)."""
    if a == b or a == "bool":
        return True
    if b == "weakint":
        return a in INTS
    if a in INTS and b in INTS:
        (ab, asg), (bb, bsg) = INTS[a], INTS[b]
        if asg == bsg:
            return ab <= bb
        return not asg and ab < bb
    if a in INTS and b in FINFO:
        bits, signed = INTS[a]
        return bits - (1 if signed else 0) <= FINFO[b][1] + 1
    if a in FINFO and b in FINFO:
        (ae, am), (be, bm) = FINFO[a], FINFO[b]
        return ae <= be and am <= bm and (ae < be or am < bm)
    return False


def cast_checks(arg, a, promoted, target, tag):
    """The CHECK lines of the casts --canonicalize gives operand `arg` of data
    type a, which promotes to `promoted` and converts to `target`, and the
    name that stands for the converted operand. A cast to the promoted type
    followed by one to the target merges into one where the first is
    lossless."""
    if a == target:
        return [], arg
    if a == promoted or promoted == target or can_lossless_cast(a, promoted):
        return ["// CHECK-DAG: %%[[%s:.*]] = tolk.cast %s : %s to %s"
                % (tag, arg, MLIR[a], MLIR[target])], "%%[[%s]]" % tag
    return ["// CHECK-DAG: %%[[%sP:.*]] = tolk.cast %s : %s to %s"
            % (tag, arg, MLIR[a], MLIR[promoted]),
            "// CHECK-DAG: %%[[%s:.*]] = tolk.cast %%[[%sP]] : %s to %s"
            % (tag, tag, MLIR[promoted], MLIR[target])], "%%[[%s]]" % tag


def float_table():
    out = [
        "// Generated by scripts/gen-promotion-table.py --float; do not edit.",
        "// The ops that compute in a float convert integer and Bool operands to",
        "// least_upper_float of their least upper type (the default float, f32,",
        "// for fixed-width integers); --canonicalize inserts the casts, which the",
        "// script computes from the rules of docs/Semantics.md.",
        "// RUN: tolk-opt %s --canonicalize | FileCheck %s",
        "",
    ]
    for op in ("reciprocal", "sqrt", "exp2", "log2"):
        for a in ORDER:
            r = least_upper_float(a)
            fn = "%s_%s" % (op, name(a))
            out.append("// CHECK-LABEL: func.func @%s(" % fn)
            checks, x = cast_checks("%arg0", a, a, r, "A")
            out.extend(checks)
            out.append("// CHECK: tolk.%s %s : %s" % (op, x, MLIR[r]))
            out.append("func.func @%s(%%a: %s) -> %s {" % (fn, MLIR[a], MLIR[r]))
            types = MLIR[r] if a == r else "(%s) -> %s" % (MLIR[a], MLIR[r])
            out.append("  %%0 = tolk.%s %%a : %s" % (op, types))
            out.append("  return %%0 : %s" % MLIR[r])
            out.append("}")
            out.append("")
    for a in ORDER:
        for b in ORDER:
            p = lub(a, b)
            r = least_upper_float(p)
            fn = "div_%s_%s" % (name(a), name(b))
            out.append("// CHECK-LABEL: func.func @%s(" % fn)
            checks_a, x = cast_checks("%arg0", a, p, r, "A")
            checks_b, y = cast_checks("%arg1", b, p, r, "B")
            out.extend(checks_a + checks_b)
            out.append("// CHECK: tolk.div %s, %s : %s" % (x, y, MLIR[r]))
            out.append("func.func @%s(%%a: %s, %%b: %s) -> %s {"
                       % (fn, MLIR[a], MLIR[b], MLIR[r]))
            types = (MLIR[r] if a == b == r
                     else "(%s, %s) -> %s" % (MLIR[a], MLIR[b], MLIR[r]))
            out.append("  %%0 = tolk.div %%a, %%b : %s" % types)
            out.append("  return %%0 : %s" % MLIR[r])
            out.append("}")
            out.append("")
    print("\n".join(out).rstrip("\n"))


def main():
    if sys.argv[1:] == ["--float"]:
        return float_table()
    extensions = sys.argv[1:] == ["--extensions"]
    dtypes = ORDER + EXTENSIONS if extensions else ORDER
    out = [
        "// Generated by scripts/gen-promotion-table.py%s; do not edit."
        % (" --extensions" if extensions else ""),
        "// --canonicalize casts each operand of tolk.add to the least upper "
        "bound",
        "// of the two data types, computed by the script from docs/Semantics.md.",
        "// RUN: tolk-opt %s --canonicalize | FileCheck %s",
        "",
    ]
    for a in dtypes:
        for b in dtypes:
            if extensions and a not in EXTENSIONS and b not in EXTENSIONS:
                continue
            r = lub(a, b)
            ta, tb, tr = MLIR[a], MLIR[b], MLIR[r]
            fn = "add_%s_%s" % (name(a), name(b))
            out.append("// CHECK-LABEL: func.func @%s(" % fn)
            lhs, rhs = "%arg0", "%arg1"
            if a != r:
                out.append("// CHECK-DAG: %%[[A:.*]] = tolk.cast %%arg0 : "
                           "%s to %s" % (ta, tr))
                lhs = "%[[A]]"
            if b != r:
                out.append("// CHECK-DAG: %%[[B:.*]] = tolk.cast %%arg1 : "
                           "%s to %s" % (tb, tr))
                rhs = "%[[B]]"
            out.append("// CHECK: tolk.add %s, %s : %s" % (lhs, rhs, tr))
            out.append("func.func @%s(%%a: %s, %%b: %s) -> %s {" %
                       (fn, ta, tb, tr))
            types = tr if ta == tb == tr else "(%s, %s) -> %s" % (ta, tb, tr)
            out.append("  %%0 = tolk.add %%a, %%b : %s" % types)
            out.append("  return %%0 : %s" % tr)
            out.append("}")
            out.append("")
    print("\n".join(out).rstrip("\n"))


if __name__ == "__main__":
    main()
