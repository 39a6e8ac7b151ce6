#!/usr/bin/env python3
# ===- gen-unary-table.py - Generate fold-unary-table.mlir -----------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# Emits one function per primitive unary op (reciprocal, trunc, sqrt, exp2,
# log2) and float type (f16, bf16, f32, f64, the four 8-bit floats and
# !tolk.weakfloat), on boundary operands: signed zeros, infinities, NaNs
# (signalling ones quieted, payload kept), the greatest finite value, the
# least subnormal, 1, 0.5, -1 and values whose result rounds; and trunc on
# the integers and Bool, where it is the identity.
#
# The expected constants come from the float format model of
# gen-lowp-table.py: the op in binary64 (reciprocal exactly), rounded once
# to the type. The folder evaluates exp2 and log2 with the host's libm, so
# their operands are only those whose result is exact: integers for exp2,
# powers of two for log2, and the special values.
#
#   python3 scripts/gen-unary-table.py > test/Dialect/Tolk/fold-unary-table.mlir
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

is_nan, truncate = lp.is_nan, lp.truncate
FORMATS, WEAK_FLOAT = lp.FORMATS, lp.WEAK_FLOAT
F64 = FORMATS["f64"]

# The integer types (INTS) and wrap-around are gen-fold-table.py's.
_spec = importlib.util.spec_from_file_location(
    "fold_table", os.path.join(os.path.dirname(__file__), "gen-fold-table.py"))
ft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ft)
INTS = ft.INTS


def binary64_exact(x):
    """An exact result x (a Fraction) in binary64: rounded once, or
    Overflow where it is past the double range (a finite overflow)."""
    r = lp.truncate_exact(F64, x)
    if math.isinf(r):
        raise lp.Overflow(x < 0)
    return r


def unop(op, ty, a):
    """The folded value of `op a` in the float type ty."""
    fmt = lp.fmt_of(ty)
    if is_nan(a):
        return truncate(fmt, a.quieted())
    try:
        r = evaluate(op, a)
    except lp.Overflow as o:
        return lp.truncate_overflow(fmt, o.negative)
    return truncate(fmt, r)


def evaluate(op, a):
    """op on the binary64 value a (not a NaN), in binary64."""
    inf = math.inf
    if op == "trunc":
        return a if math.isinf(a) else math.copysign(float(math.trunc(a)), a)
    if op == "reciprocal":
        if a == 0:
            return math.copysign(inf, a)
        if math.isinf(a):
            return math.copysign(0.0, a)
        return binary64_exact(1 / Fraction(a))
    if op == "sqrt":
        if a == 0 or a == inf:
            return a  # sqrt(-0.0) is -0.0.
        return lp.CANONICAL_NAN if a < 0 else math.sqrt(a)  # Correctly rounded.
    if op == "exp2":
        if math.isinf(a):
            return 0.0 if a < 0 else inf
        assert a == math.floor(a), "exp2 of a non-integer is not exact"
        n = int(a)
        if n < -2000:
            return 0.0
        if n > 2000:
            raise lp.Overflow(False)
        return binary64_exact(Fraction(2) ** n)
    if op == "log2":
        if a == 0:
            return -inf
        if a < 0:
            return lp.CANONICAL_NAN
        if a == inf:
            return inf
        x = Fraction(a)
        n = x.numerator.bit_length() - x.denominator.bit_length()
        assert Fraction(2) ** n == x, "log2 of a non-power of two is not exact"
        return float(n)
    raise ValueError(op)


# Quiet and signalling NaNs with payloads, by their bits: the first operand
# of an op that is a NaN comes out quieted, with its sign and payload.
SNAN = {"f16": ["0x7D01", "0xFE01"], "bf16": ["0x7F81", "0xFFC1"],
        "f32": ["0x7F800001", "0xFFC12345"],
        "f64": ["0x7FF0000000000001", "0xFFF8000000000123"],
        "f8E5M2": ["0xFD"]}  # An Fp8e5m2 NaN reads as the NaN of its sign.

COMMON = [0.0, -0.0, "inf", "-inf", "nan", "-nan", "snan"]
OPERANDS = {
    "reciprocal": COMMON + ["max", "-max", "tiny", "-tiny", 1.0, 0.5, -1.0,
                            3.0, -0.75],
    "trunc": COMMON + ["max", "-max", "tiny", "-tiny", 1.0, 0.5, -1.0, 1.5,
                       -2.5, -0.75],
    "sqrt": COMMON + ["max", "tiny", "-tiny", 1.0, 0.5, -1.0, 2.0, 4.0, 0.25],
    # Integers only: exp2 is then exact in binary64.
    "exp2": COMMON + ["max", "-max", 1.0, -1.0, 3.0, "Etiny+1", "Etiny",
                      "Etiny-1", "Etiny-2", "Etiny-3", "Etiny-4", "Emax",
                      "Emax+1"],
    # Powers of two only: log2 is then exact.
    "log2": COMMON + ["tiny", "-tiny", 1.0, 0.5, 2.0, 1024.0, -1.0, "2^Emax"],
}


def operand(x, ty):
    """The named operand x of the float type ty, or None where ty lacks it."""
    # A weak float's values are binary64's, its NaNs and infinities written
    # by their f64 bits.
    fmt = FORMATS["f64" if ty == WEAK_FLOAT else ty]
    if x == "snan":
        return SNAN.get("f64" if ty == WEAK_FLOAT else ty)  # A list.
    if not lp.has_value(x, ty):
        return None
    etiny = fmt.emin - fmt.mbits
    emax = fmt.max.numerator.bit_length() - fmt.max.denominator.bit_length()
    exponents = {"Etiny+1": etiny + 1, "Etiny": etiny, "Etiny-1": etiny - 1,
                 "Etiny-2": etiny - 2, "Etiny-3": etiny - 3,
                 "Etiny-4": etiny - 4, "Emax": emax, "Emax+1": emax + 1}
    if x in exponents:
        v = float(exponents[x])
        return v if truncate(fmt, v) == v else None  # Exact in ty only.
    if x == "2^Emax":
        return float(Fraction(2) ** emax)
    if isinstance(x, float) and truncate(fmt, x) != x:
        return None  # Not exact in ty (1024 in f8E4M3FN).
    return lp.named_float(x, ty)


def rows_for(op, ty):
    rows = []
    for x in OPERANDS[op]:
        v = operand(x, ty)
        if v is None:
            continue
        for a in (v if isinstance(v, list) else [v]):
            if isinstance(a, str):
                a = lp.decode(FORMATS["f64" if ty == WEAK_FLOAT else ty], int(a, 16))
            rows.append(((a,), unop(op, ty, a)))
    return rows


def unary_body(op, ty):
    def body(i, operands):
        return ["%%a%d = tolk.const %s : %s" % (i, lp.operand_literal(operands[0], ty), ty),
                "%%r%d = tolk.%s %%a%d : %s" % (i, op, i, ty)]
    return body


def int_bounds(ty):
    if ty == "i1":
        return [False, True]
    if ty == "!tolk.weakint":
        return [0, -1, 2 ** 100, -(2 ** 100)]
    bits, signed = INTS[ty]
    lo = -(1 << (bits - 1)) if signed else 0
    hi = (1 << (bits - 1 if signed else bits)) - 1
    return [0, 1, lo, hi] + ([-1] if signed else [])


def main():
    em = lp.Emitter(lp.header("gen-unary-table.py", "fold-unary-table.mlir", [
        "The primitive unary ops reciprocal, trunc, sqrt, exp2 and log2 on every",
        "float type, and trunc on the integers and Bool, on boundary operands;",
        "the expected constants are computed by the script's own model of the",
        "formats of docs/Semantics.md (gen-lowp-table.py), independently of",
        "lib/Dtype. exp2 and log2 take only operands whose result is exact."]))
    for op in OPERANDS:
        for ty in lp.ALL_FLOATS + [WEAK_FLOAT]:
            name = "%s_%s" % (op, ty.replace("!tolk.", ""))
            em.function(name, rows_for(op, ty), lambda _, ty=ty: ty,
                        unary_body(op, ty))
    for ty in list(INTS) + ["!tolk.weakint", "i1"]:
        rows = [((v,), v) for v in int_bounds(ty)]
        em.function("trunc_%s" % ty.replace("!tolk.", ""), rows,
                    lambda _, ty=ty: ty, unary_body("trunc", ty))
    em.write()


if __name__ == "__main__":
    main()
