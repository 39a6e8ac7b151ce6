#!/usr/bin/env python3
# ===- gen-fold-table.py - Generate test/Dialect/Tolk/fold-table.mlir ------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# Emits one function per primitive binary op and data type, folding a few
# boundary operand pairs, with the expected constants computed here,
# independently of lib/Dtype: Python integers wrapped at the width, and
# floats computed in binary64 and rounded through struct ('e', 'f', 'd').
# bf16 and the 8-bit floats are left to the hand-written fold.mlir.
#
#   python3 scripts/gen-fold-table.py > test/Dialect/Tolk/fold-table.mlir
#
# ===-----------------------------------------------------------------------===#

import math
import struct
import sys

INTS = {  # MLIR type: (bits, signed)
    "si8": (8, True), "ui8": (8, False), "si16": (16, True),
    "ui16": (16, False), "si32": (32, True), "ui32": (32, False),
    "si64": (64, True), "ui64": (64, False),
}
FLOATS = {"f16": "e", "f32": "f", "f64": "d"}  # struct format; f64 is exact
WEAK_INT, WEAK_FLOAT = "!tolk.weakint", "!tolk.weakfloat"


def wrap(x, ty):
    bits, signed = INTS[ty]
    x &= (1 << bits) - 1
    if signed and x >> (bits - 1):
        x -= 1 << bits
    return x


def to_float(x, ty):
    """x (a double) rounded once to ty, as a double."""
    if ty in (WEAK_FLOAT, "f64") or math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack(FLOATS[ty], struct.pack(FLOATS[ty], x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def float_bits(x, ty):
    fmt, ifmt, width = {"f16": ("e", "H", 4), "f32": ("f", "I", 8),
                        "f64": ("d", "Q", 16)}[ty]
    if ty == "f16" and math.isinf(x):
        return "0x%04X" % (0xFC00 if x < 0 else 0x7C00)
    return "0x%0*X" % (width, struct.unpack(ifmt, struct.pack(fmt, x))[0])


def literal(v, ty):
    """tolk-opt's printed literal of v as a ty constant."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if math.isnan(v):
        # Tolk's NaNs here are the positive quiet NaN with zero payload: an
        # operation makes it, and the NaN operands of the table are that one.
        return {"f16": "0x7E00", "f32": "0x7FC00000",
                "f64": "0x7FF8000000000000"}[ty]
    if math.isinf(v):
        return float_bits(v, ty)
    s = repr(v)
    mant, _, exp = s.partition("e")
    if "." not in mant:
        mant += ".0"
    return mant + ("e" + exp if exp else "")


def ftrunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def fmax(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    if a == b == 0:
        return b if math.copysign(1, a) < 0 else a
    return max(a, b)


def evaluate(op, ty, a, b):
    """The folded value of `op a b` in ty, or None where it is not folded."""
    if ty == "i1":
        return {"add": a or b, "mul": a and b, "cmplt": a < b,
                "cmpeq": a == b, "max": a or b, "and": a and b,
                "or": a or b, "xor": a != b}[op]
    if ty in INTS or ty == WEAK_INT:
        w = (lambda x: x) if ty == WEAK_INT else (lambda x: wrap(x, ty))
        if op == "cmplt":
            return a < b
        if op == "cmpeq":
            return a == b
        if op in ("shl", "shr") and ty == WEAK_INT:
            # A weak integer's count is a number: negative is not folded.
            return None if b < 0 else (a << b if op == "shl" else a >> b)
        if op in ("shl", "shr"):
            bits = INTS[ty][0]
            c = b % (1 << bits)  # the count, read unsigned
            if op == "shl":
                return 0 if c >= bits else w(a << c)
            return (-1 if a < 0 else 0) if c >= bits else a >> c
        if op == "truncdiv":
            return None if b == 0 else w(ftrunc_div(a, b))
        if op == "pow":
            return None if b < 0 else w(a ** b)
        return w({"add": a + b, "mul": a * b, "max": max(a, b),
                  "and": a & b, "or": a | b, "xor": a ^ b}[op])
    # Floats.
    if op == "cmplt":
        return a < b
    if op == "cmpeq":
        return a == b
    if op == "max":
        return fmax(a, b)
    if op == "pow":
        try:
            r = math.pow(a, b)
        except ValueError:  # A negative base to a fractional power.
            r = math.nan
    else:
        r = {"add": a + b, "mul": a * b}[op]
    return to_float(r, ty)


INT_PAIRS = {
    "add": [(1, 2), ("max", 1), ("min", -1), (-1, -1)],
    "mul": [(3, 5), ("max", 2), ("min", -1), (-1, -1)],
    "cmplt": [(1, 2), ("min", "max"), (0, 0), (-1, 0)],
    "cmpeq": [(1, 1), ("min", "max"), (-1, -1)],
    "max": [(1, 2), ("min", "max"), (-1, 0)],
    "and": [(12, 10), (-1, "max")],
    "or": [(12, 10), ("min", 1)],
    "xor": [(12, 10), (-1, 1)],
    "shl": [(1, 3), (1, "bits-1"), (1, "bits"), (3, -1)],
    "shr": [("max", 1), ("min", 1), ("min", "bits"), (-1, 1)],
    "truncdiv": [(7, 2), (-7, 2), ("min", -1), ("max", 3)],
    "pow": [(3, 4), (2, "bits-1"), (-1, 3), (0, 0)],
}
FLOAT_PAIRS = {
    "add": [(1.5, 2.25), ("max", "max"), (0.0, -0.0), (-0.0, -0.0),
            ("nan", 1.0), ("inf", "-inf"), (0.1, 0.2)],
    "mul": [(1.5, 2.0), ("max", 2.0), (-0.0, 1.0), ("inf", 0.0),
            (0.1, 0.1)],
    "cmplt": [(1.0, 2.0), ("nan", 1.0), (-0.0, 0.0), ("-inf", "max")],
    "cmpeq": [(1.0, 1.0), ("nan", "nan"), (-0.0, 0.0)],
    "max": [(1.0, 2.0), ("nan", -3.0), (-0.0, 0.0), ("-inf", "inf")],
    "pow": [(2.0, 3.0), (2.0, -2.0), ("nan", 0.0), (-8.0, 0.5)],
}
BOOL_OPS = ["add", "mul", "cmplt", "cmpeq", "max", "and", "or", "xor"]
BOOL_PAIRS = [(False, False), (False, True), (True, False), (True, True)]
FLOAT_MAX = {"f16": 65504.0, "f32": struct.unpack("f", b"\xff\xff\x7f\x7f")[0],
             "f64": sys.float_info.max, WEAK_FLOAT: sys.float_info.max}


def int_operand(x, ty):
    if ty == WEAK_INT:
        return {"max": 2 ** 100, "min": -(2 ** 100), "bits": 200,
                "bits-1": 199}.get(x, x)
    bits, signed = INTS[ty]
    named = {"max": (1 << (bits - 1 if signed else bits)) - 1,
             "min": -(1 << (bits - 1)) if signed else 0,
             "bits": bits, "bits-1": bits - 1}
    return wrap(named.get(x, x), ty)


def float_operand(x, ty):
    named = {"max": FLOAT_MAX[ty], "nan": math.nan, "inf": math.inf,
             "-inf": -math.inf}
    return to_float(named.get(x, x), ty)


def operand_literal(v, ty):
    return literal(v, ty)


def emit(op, ty, pairs, out):
    rows = []
    for a, b in pairs:
        r = evaluate(op, ty, a, b)
        if r is None:
            continue  # Not folded (division by zero, ...): fold.mlir's job.
        if ty == WEAK_FLOAT and not math.isfinite(r):
            continue  # A weak float has no bits to print a NaN or inf with.
        rows.append((a, b, r))
    if not rows:
        return
    rty = "i1" if op in ("cmplt", "cmpeq") else ty
    name = "%s_%s" % (op, ty.replace("!tolk.", ""))
    if len(out) > HEADER_LINES:
        out.append("\n// -----")
    out.append("")
    out.append("// CHECK-LABEL: func.func @%s" % name)
    # A value folded twice is one constant after CSE: one CHECK-DAG each.
    seen = {}
    for _, _, r in rows:
        lit = literal(r, rty)
        if lit not in seen:
            seen[lit] = "V%d" % len(seen)
            out.append("// CHECK-DAG: %%[[%s:.*]] = tolk.const %s : %s"
                       % (seen[lit], lit, rty))
    out.append("// CHECK: return %s" % ", ".join(
        "%%[[%s]]" % seen[literal(r, rty)] for _, _, r in rows))
    rtys = ", ".join([rty] * len(rows))
    out.append("func.func @%s() -> (%s) {" % (name, rtys))
    results = []
    for i, (a, b, _) in enumerate(rows):
        out.append("  %%a%d = tolk.const %s : %s" % (i, operand_literal(a, ty), ty))
        out.append("  %%b%d = tolk.const %s : %s" % (i, operand_literal(b, ty), ty))
        sig = ty if rty == ty else "(%s, %s) -> %s" % (ty, ty, rty)
        out.append("  %%r%d = tolk.%s %%a%d, %%b%d : %s" % (i, op, i, i, sig))
        results.append("%%r%d" % i)
    out.append("  return %s : %s" % (", ".join(results), rtys))
    out.append("}")


HEADER_LINES = 6


def main():
    out = ["// GENERATED by scripts/gen-fold-table.py; do not edit. Regenerate with",
           "//   python3 scripts/gen-fold-table.py > test/Dialect/Tolk/fold-table.mlir",
           "// Every primitive binary op on every data type it takes (bf16 and the",
           "// 8-bit floats are in fold.mlir), with boundary operands; the expected",
           "// constants are computed by the script, independently of lib/Dtype.",
           "// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s"]
    for op in INT_PAIRS:
        for ty in list(INTS) + [WEAK_INT]:
            emit(op, ty, [(int_operand(a, ty), int_operand(b, ty))
                          for a, b in INT_PAIRS[op]], out)
        if op in FLOAT_PAIRS:
            for ty in list(FLOATS) + [WEAK_FLOAT]:
                pairs = FLOAT_PAIRS[op]
                if ty == WEAK_FLOAT:  # Finite operands only: literals.
                    pairs = [(a, b) for a, b in pairs
                             if not isinstance(a, str) or a == "max"]
                emit(op, ty, [(float_operand(a, ty), float_operand(b, ty))
                              for a, b in pairs], out)
        if op in BOOL_OPS:
            emit(op, "i1", BOOL_PAIRS, out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
