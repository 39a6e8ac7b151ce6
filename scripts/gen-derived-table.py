#!/usr/bin/env python3
# ===- gen-derived-table.py - Generate fold-derived-table.mlir -------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# Emits one function per derived op (docs/Semantics.md#derived-operations) and
# data type, on boundary operands, with the expected constants computed here,
# independently of lib/Dtype and of the definitions where Python has the
# meaning natively: integer floor division and modulo are Python's // and %,
# floor is math.floor, minimum is min. Float steps that the definitions spell
# out (div as x times the reciprocal of y, each step rounded to the type) are
# computed step by step in binary64 and rounded through struct, as
# gen-fold-table.py does.
#
# The test runs twice against the same CHECK lines: folding the derived op
# directly, and folding its decomposition (--tolk-decompose), so the folder
# and the decomposition agree with this model and with each other.
#
#   python3 scripts/gen-derived-table.py > test/Dialect/Tolk/fold-derived-table.mlir
#
# ===-----------------------------------------------------------------------===#

import importlib.util
import math
import os
import sys

_spec = importlib.util.spec_from_file_location(
    "fold_table", os.path.join(os.path.dirname(__file__), "gen-fold-table.py"))
ft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ft)

INTS, FLOATS = ft.INTS, ft.FLOATS
WEAK_INT = ft.WEAK_INT
BOOL_RESULT = {"gt", "le", "ge", "ne", "logical_not"}


def fround(x, ty):
    return ft.to_float(x, ty)


def frecip(b, ty):
    if math.isnan(b):
        return math.nan
    if b == 0:
        return math.copysign(math.inf, b)
    return fround(1.0 / b, ty)


def fmul(a, b, ty):
    if (math.isinf(a) and b == 0) or (a == 0 and math.isinf(b)):
        return math.nan
    return fround(a * b, ty)


def ffloor(x):
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x
    r = float(math.floor(x))
    return math.copysign(r, x) if r == 0 else r


def ftrunc(x):
    if math.isnan(x) or math.isinf(x):
        return x
    return math.copysign(float(math.trunc(x)), x)


def fsub(a, b, ty):
    if math.isinf(a) and math.isinf(b) and (a > 0) == (b > 0):
        return math.nan
    return fround(a - b, ty)


def fmin(a, b):
    """minimum: the non-NaN operand, -0.0 below +0.0."""
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    if a == b == 0:
        return a if math.copysign(1, a) < 0 else b
    return min(a, b)


def evaluate(op, ty, a, b=None, rounding=None):
    """The folded value of the derived op, or None where it is not folded."""
    if ty == "i1":
        return {"sub": lambda: a or not b, "neg": lambda: not a,
                "gt": lambda: a > b, "le": lambda: a <= b,
                "ge": lambda: a >= b, "ne": lambda: a != b,
                "minimum": lambda: a and b, "logical_not": lambda: not a,
                "bitwise_not": lambda: not a, "floor": lambda: a}[op]()
    if ty in INTS or ty == WEAK_INT:
        w = (lambda x: x) if ty == WEAK_INT else (lambda x: ft.wrap(x, ty))
        if op == "div" and rounding is None:
            # x, as a float (f32, the default float), times 1/y.
            return fmul(fround(float(a), "f32"), frecip(float(b), "f32"), "f32")
        if op in ("div", "mod", "fmod") and b == 0:
            return None  # Integer division by zero is never folded.
        return {
            "sub": lambda: w(a - b),
            "neg": lambda: w(-a),
            "gt": lambda: a > b, "le": lambda: a <= b, "ge": lambda: a >= b,
            "ne": lambda: a != b,
            "minimum": lambda: min(a, b),
            "logical_not": lambda: a == 0,
            "bitwise_not": lambda: w(~a),
            "floor": lambda: a,
            "div": lambda: w(a // b if rounding == "floor"
                             else ft.ftrunc_div(a, b)),
            "mod": lambda: a % b,
            "fmod": lambda: w(a - b * ft.ftrunc_div(a, b)),
        }[op]()
    # Floats.
    if op == "sub":
        return fsub(a, b, ty)
    if op == "neg":
        return -a
    if op in ("gt", "le", "ge", "ne"):
        if math.isnan(a) or math.isnan(b):
            return op != "gt"  # le, ge, ne negate an ordered comparison.
        return {"gt": a > b, "le": a <= b, "ge": a >= b, "ne": a != b}[op]
    if op == "minimum":
        return fmin(a, b)
    if op == "logical_not":
        return a == 0
    if op == "floor":
        return ffloor(a)
    q = fmul(a, frecip(b, ty), ty)  # div: x times the reciprocal of y
    if op == "div":
        return {None: q, "trunc": ftrunc(q), "floor": ffloor(q)}[rounding]
    if op in ("mod", "fmod"):
        q = ffloor(q) if op == "mod" else ftrunc(q)
        return fsub(a, fmul(b, q, ty), ty)
    raise ValueError(op)


INT_CASES = {
    "sub": [(5, 7), ("min", 1), ("max", -1), (0, "min")],
    "neg": [(5,), ("min",), (0,)],
    "gt": [(1, 2), ("max", "min"), (3, 3)],
    "le": [(1, 2), ("max", "min"), (3, 3)],
    "ge": [(1, 2), ("max", "min"), (3, 3)],
    "ne": [(1, 2), (3, 3)],
    "minimum": [(1, 2), ("min", "max"), (-1, 0)],
    "logical_not": [(0,), (7,), ("min",)],
    "bitwise_not": [(0,), (5,), ("min",)],
    "floor": [(7,), ("min",)],
    "div": [(7, 2), (1, 3), (5, 0), (-1, 0), ("max", 1)],
    "div trunc": [(7, 2), (-7, 2), (7, -2), ("min", -1), (5, 0)],
    "div floor": [(7, 2), (-7, 2), (7, -2), (-8, 2), ("min", -1)],
    "mod": [(7, 3), (-7, 3), (7, -3), (-7, -3), ("min", -1), (5, 0)],
    "fmod": [(7, 3), (-7, 3), (7, -3), (-7, -3), ("min", -1)],
}
FLOAT_CASES = {
    "sub": [(1.5, 0.25), (0.0, 0.0), (-0.0, 0.0), ("inf", "inf"), ("nan", 1.0),
            ("max", "-max")],
    "neg": [(1.5,), (0.0,), ("-inf",)],
    "gt": [(1.0, 2.0), ("nan", 1.0), (-0.0, 0.0)],
    "le": [(1.0, 2.0), ("nan", 1.0), (-0.0, 0.0), (2.0, 1.0)],
    "ge": [(1.0, 2.0), ("nan", 1.0), (-0.0, 0.0)],
    "ne": [(1.0, 1.0), ("nan", "nan"), (-0.0, 0.0)],
    "minimum": [(1.0, 2.0), ("nan", 3.0), (-0.0, 0.0), (0.0, -0.0),
                ("-inf", "inf")],
    "logical_not": [(0.0,), (-0.0,), ("nan",), (0.5,)],
    "floor": [(1.5,), (-0.5,), (-0.0,), (-2.0,), ("nan",), ("-inf",)],
    "div": [(1.0, 3.0), (1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (10.0, 4.0)],
    "div trunc": [(7.0, 2.0), (-7.0, 2.0), (1.0, 0.0), (-0.5, 2.0)],
    "div floor": [(7.0, 2.0), (-7.0, 2.0), (-0.5, 2.0), (0.5, 2.0)],
    "mod": [(7.0, 3.0), (-7.0, 3.0), (7.0, -3.0), (5.5, 2.0)],
    "fmod": [(7.0, 3.0), (-7.0, 3.0), (7.0, -3.0), (5.5, 2.0)],
}
BOOL_CASES = {
    op: ([(False,), (True,)] if op in ("neg", "logical_not", "bitwise_not",
                                       "floor")
         else [(False, False), (False, True), (True, False), (True, True)])
    for op in ("sub", "neg", "gt", "le", "ge", "ne", "minimum", "logical_not",
               "bitwise_not", "floor")
}


def float_operand(x, ty):
    if x == "-max":
        return -ft.FLOAT_MAX[ty]
    return ft.float_operand(x, ty)


def lit(v, ty):
    if isinstance(v, bool) or ty == "i1":
        return "true" if v else "false"
    if ty in FLOATS and isinstance(v, float) and math.isnan(v):
        # A NaN operand is the positive quiet NaN; an op may flip its sign
        # (neg) or keep it, which the folder prints by its bits: leave NaN
        # results' sign to fold.mlir, and match any quiet NaN here.
        return None
    return ft.literal(v, ty)


def emit(spec, ty, cases, out):
    op, _, rounding = spec.partition(" ")
    rounding = rounding or None
    rows = []
    for operands in cases:
        r = evaluate(op, ty, *operands, rounding=rounding)
        if r is None:
            continue
        rows.append((operands, r))
    if not rows:
        return
    if op in BOOL_RESULT:
        rty = "i1"
    elif op == "div" and rounding is None and ty in INTS:
        rty = "f32"  # least_upper_float of an integer: the default float
    else:
        rty = ty
    name = "%s_%s" % (spec.replace(" ", "_"), ty.replace("!tolk.", ""))
    out.append("\n// -----\n")
    out.append("// CHECK-LABEL: func.func @%s" % name)
    seen, refs = {}, []
    for _, r in rows:
        text = lit(r, rty)
        if text is None:
            key = "NAN"
            # The quiet NaN of zero payload, of either sign.
            pattern = {"f16": "0x{{7E00|FE00}}", "f32": "0x{{7FC00000|FFC00000}}",
                       "f64": "0x{{7FF8000000000000|FFF8000000000000}}"}[rty]
        else:
            key = text
            pattern = text
        if key not in seen:
            seen[key] = "V%d" % len(seen)
            out.append("// CHECK-DAG: %%[[%s:.*]] = tolk.const %s : %s"
                       % (seen[key], pattern, rty))
        refs.append("%%[[%s]]" % seen[key])
    out.append("// CHECK: return %s" % ", ".join(refs))
    rtys = ", ".join([rty] * len(rows))
    out.append("func.func @%s() -> (%s) {" % (name, rtys))
    attr = " {rounding = #tolk.rounding<%s>}" % rounding if rounding else ""
    results = []
    for i, (operands, _) in enumerate(rows):
        names = []
        for j, v in enumerate(operands):
            out.append("  %%%s%d = tolk.const %s : %s"
                       % ("ab"[j], i, ft.literal(v, ty), ty))
            names.append("%%%s%d" % ("ab"[j], i))
        if rty == ty:
            sig = ty
        else:
            sig = "(%s) -> %s" % (", ".join([ty] * len(operands)), rty)
        out.append("  %%r%d = tolk.%s %s%s : %s"
                   % (i, op, ", ".join(names), attr, sig))
        results.append("%%r%d" % i)
    out.append("  return %s : %s" % (", ".join(results), rtys))
    out.append("}")


def main():
    out = [
        "// GENERATED by scripts/gen-derived-table.py; do not edit. Regenerate with",
        "//   python3 scripts/gen-derived-table.py > test/Dialect/Tolk/fold-derived-table.mlir",
        "// Every derived op (docs/Semantics.md#derived-operations) on the data types it",
        "// takes, on boundary operands, with constants computed by the script (Python's",
        "// own // and %, floor and min where it has them). Folded directly, and folded",
        "// after --tolk-decompose: the derived op and its decomposition agree.",
        "// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s",
        "// RUN: tolk-opt %s -split-input-file --tolk-decompose --canonicalize | FileCheck %s",
    ]
    float_types = list(FLOATS)
    for spec in sorted(set(INT_CASES) | set(FLOAT_CASES)):
        op = spec.split(" ")[0]
        if spec in INT_CASES:
            for ty in list(INTS) + [WEAK_INT]:
                cases = [tuple(ft.int_operand(x, ty) for x in c)
                         for c in INT_CASES[spec]]
                if spec == "div" and ty == WEAK_INT:
                    continue  # least_upper_float of a weak int: fold.mlir
                emit(spec, ty, cases, out)
        if spec in FLOAT_CASES:
            for ty in float_types:
                cases = [tuple(float_operand(x, ty) for x in c)
                         for c in FLOAT_CASES[spec]]
                emit(spec, ty, cases, out)
        if spec in BOOL_CASES:
            emit(spec, "i1", BOOL_CASES[spec], out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
