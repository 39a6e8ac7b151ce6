#!/usr/bin/env python3
# ===- gen-lowp-table.py - Generate fold-lowp-table.mlir -------------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# Emits one function per primitive binary op (add, mul, cmplt, cmpeq, max,
# pow) and narrow float type (bf16 and the four 8-bit floats), on boundary
# operand pairs: overflow (an infinity in bf16, the greatest finite value of
# the same sign in an 8-bit float), NaNs, signed zeros, subnormal results and
# ties to even.
#
# It also holds the float format model that gen-unary-table.py,
# gen-cast-table.py and gen-bitcast-table.py import: every float type's
# rounding, encoding and decoding written from docs/Semantics.md ("truncate",
# "NaNs", "8-bit floats", "Storage") with exact fractions
# (fractions.Fraction), independently of lib/Dtype and of llvm::APFloat.
# Values are those of docs/Semantics.md#values: a binary64 number, a NaN
# carrying a sign and a binary64 payload.
#
#   python3 scripts/gen-lowp-table.py > test/Dialect/Tolk/fold-lowp-table.mlir
#
# ===-----------------------------------------------------------------------===#

import math
import struct
import sys
from fractions import Fraction

# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

QUIET = 1 << 51  # The quiet bit of a binary64 NaN's 52-bit mantissa field.


class NaN:
    """A NaN value: its sign and its binary64 mantissa field (quiet bit
    included). Python floats would do, but keeping the payload explicit
    leaves no doubt that no host operation quieted or dropped it."""

    def __init__(self, sign, payload=QUIET):
        self.sign, self.payload = sign, payload

    def quieted(self):
        return NaN(self.sign, self.payload | QUIET)

    def __eq__(self, other):
        return (isinstance(other, NaN) and self.sign == other.sign
                and self.payload == other.payload)

    def __repr__(self):
        return "NaN(%d, %#x)" % (self.sign, self.payload)


# The NaN an operation makes (docs/Semantics.md#arithmetic-on-values):
# positive, quiet, zero payload.
CANONICAL_NAN = NaN(0)


def is_nan(v):
    return isinstance(v, NaN)


def f64_bits(v):
    if is_nan(v):
        return (v.sign << 63) | (0x7FF << 52) | v.payload
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def from_f64_bits(b):
    if (b >> 52) & 0x7FF == 0x7FF and b & ((1 << 52) - 1):
        return NaN(b >> 63, b & ((1 << 52) - 1))
    return struct.unpack("<d", struct.pack("<Q", b))[0]


# ---------------------------------------------------------------------------
# Float formats
# ---------------------------------------------------------------------------


class Format:
    """A binary float format.

    kind is "ieee" (infinities, NaNs with the all-ones exponent), "fn" (no
    infinities; only the all-ones code, of either sign, is a NaN: Fp8e4m3)
    or "fnuz" (no infinities, no -0.0; the one NaN is the -0.0 code)."""

    def __init__(self, name, ebits, mbits, bias, kind, nan_code=None):
        self.name, self.ebits, self.mbits = name, ebits, mbits
        self.bias, self.kind = bias, kind
        self.width = 1 + ebits + mbits
        self.emin = 1 - bias  # The exponent of the least normal number.
        top = (1 << ebits) - 1  # The all-ones exponent field.
        if kind == "ieee":
            emax, mmax = top - 1 - bias, (1 << mbits) - 1
        elif kind == "fn":
            emax, mmax = top - bias, (1 << mbits) - 2
        else:
            emax, mmax = top - bias, (1 << mbits) - 1
        self.max = Fraction((1 << mbits) + mmax, 1 << mbits) * Fraction(2) ** emax
        # The positive NaN code this model encodes (a Tolk choice for e5m2).
        self.nan_code = nan_code

    @property
    def has_inf(self):
        return self.kind == "ieee"

    def hex(self, bits):
        return "0x%0*X" % (self.width // 4, bits)


# Fp8e5m2 has one NaN of each sign, the other 8-bit floats one positive NaN,
# stored as S.11111.11 for e5m2, 0.1111.111 for e4m3 and 0x80 for fnuz; every
# other NaN code (0x7D, 0x7E, 0xFD, 0xFE in e5m2) reads as the same NaN
# (docs/Semantics.md#nans).
FORMATS = {
    "f16": Format("f16", 5, 10, 15, "ieee"),
    "bf16": Format("bf16", 8, 7, 127, "ieee"),
    "f32": Format("f32", 8, 23, 127, "ieee"),
    "f64": Format("f64", 11, 52, 1023, "ieee"),
    "f8E4M3FN": Format("f8E4M3FN", 4, 3, 7, "fn", 0x7F),
    "f8E5M2": Format("f8E5M2", 5, 2, 15, "ieee", 0x7F),
    "f8E4M3FNUZ": Format("f8E4M3FNUZ", 4, 3, 8, "fnuz", 0x80),
    "f8E5M2FNUZ": Format("f8E5M2FNUZ", 5, 2, 16, "fnuz", 0x80),
}
FP8 = ["f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ"]
NARROW = ["bf16"] + FP8
ALL_FLOATS = ["f16", "bf16", "f32", "f64"] + FP8
WEAK_FLOAT = "!tolk.weakfloat"


def round_fraction(fmt, x):
    """x (an exact nonnegative fraction) rounded to nearest even at fmt's
    precision with an unbounded exponent, as an exact fraction."""
    if x == 0:
        return Fraction(0)
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** e > x:
        e -= 1
    e = max(e, fmt.emin)  # Subnormals share the least normal's quantum.
    quantum = Fraction(2) ** (e - fmt.mbits)
    q, r = divmod(x, quantum)
    if r * 2 > quantum or (r * 2 == quantum and q % 2 == 1):
        q += 1
    return q * quantum


def truncate(fmt, v, quiet=True):
    """`truncate fmt v` (and, with quiet=False, what `const` does
    to a NaN): v rounded once to fmt, as a value."""
    if fmt is None:  # A weak float keeps v itself.
        return v
    if is_nan(v):
        if fmt.width == 8:
            # Fp8e5m2 has one NaN of each sign, the others one positive NaN.
            return NaN(v.sign if fmt.name == "f8E5M2" else 0)
        # A 16-bit or wider float keeps the sign and the top of the payload.
        drop = 52 - fmt.mbits
        keep = v.payload >> drop << drop
        if quiet:
            return NaN(v.sign, keep | QUIET)
        if keep == 0:
            # A signalling NaN stays one: once all of its payload falls off,
            # Tolk sets the lowest fraction bit (it is not an infinity;
            # docs/Semantics.md#nans).
            keep = 1 << drop
        return NaN(v.sign, keep)
    if math.isinf(v):
        # An infinity is its format's NaN where there is none (positive:
        # only Fp8e5m2, which has infinities, has a negative NaN).
        return v if fmt.has_inf else NaN(0)
    return truncate_exact(fmt, Fraction(v), math.copysign(1.0, v) < 0)


def truncate_exact(fmt, x, negative=None):
    """An exact number x (an int or a Fraction; its sign is `negative`, for
    -0.0) rounded once to fmt, as a finite value: the rounding of an
    integer "from its exact value", and of a finite float."""
    if negative is None:
        negative = x < 0
    r = round_fraction(fmt, abs(Fraction(x)))
    if r > fmt.max:
        # Overflow: an infinity from 16 bits up, the greatest finite value
        # of the same sign in an 8-bit float, even from an integer past the
        # double range (docs/Semantics.md#8-bit-floats).
        if fmt.width == 8:
            r = fmt.max
        else:
            return -math.inf if negative else math.inf
    if r == 0 and fmt.kind == "fnuz":
        return 0.0  # No -0.0 (docs/Semantics.md#8-bit-floats).
    f = float(r)
    return -f if negative else f


def encode(fmt, v):
    """The bits of the fmt value v (already representable)."""
    if is_nan(v):
        if fmt.width == 8:
            return fmt.nan_code | (v.sign << 7 if fmt.name == "f8E5M2" else 0)
        top = (1 << fmt.ebits) - 1
        mant = v.payload >> (52 - fmt.mbits)
        assert mant, "a NaN %r with no payload left in %s" % (v, fmt.name)
        return (v.sign << (fmt.width - 1)) | (top << fmt.mbits) | mant
    sign = int(math.copysign(1.0, v) < 0)
    if fmt.kind == "fnuz" and v == 0:
        sign = 0
    signbit = sign << (fmt.width - 1)
    if math.isinf(v):
        assert fmt.has_inf
        return signbit | (((1 << fmt.ebits) - 1) << fmt.mbits)
    a = abs(Fraction(v))
    if a == 0:
        return signbit
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    if e < fmt.emin:  # Subnormal.
        mant = a / Fraction(2) ** (fmt.emin - fmt.mbits)
        assert mant.denominator == 1
        return signbit | int(mant)
    mant = a / Fraction(2) ** (e - fmt.mbits) - (1 << fmt.mbits)
    assert mant.denominator == 1 and 0 <= mant < (1 << fmt.mbits), (fmt.name, v)
    return signbit | ((e + fmt.bias) << fmt.mbits) | int(mant)


def decode(fmt, bits):
    """The value that the fmt bits encode (from_storage_scalar)."""
    sign = bits >> (fmt.width - 1)
    efield = (bits >> fmt.mbits) & ((1 << fmt.ebits) - 1)
    mant = bits & ((1 << fmt.mbits) - 1)
    top = (1 << fmt.ebits) - 1
    if fmt.kind == "fnuz" and bits == 1 << (fmt.width - 1):
        return NaN(0)
    if fmt.kind == "fn" and efield == top and mant == (1 << fmt.mbits) - 1:
        return NaN(0)
    if fmt.kind == "ieee" and efield == top:
        if mant == 0:
            return -math.inf if sign else math.inf
        if fmt.width == 8:
            return NaN(sign)
        return NaN(sign, mant << (52 - fmt.mbits))
    if efield == 0:
        x = Fraction(mant) * Fraction(2) ** (fmt.emin - fmt.mbits)
    else:
        x = (Fraction(mant, 1 << fmt.mbits) + 1) * Fraction(2) ** (efield - fmt.bias)
    f = float(x)
    return -f if sign else f


def fmt_of(ty):
    return None if ty == WEAK_FLOAT else FORMATS[ty]


# ---------------------------------------------------------------------------
# Printing
# ---------------------------------------------------------------------------


def float_literal(v, ty):
    """tolk-opt's printed literal of the ty value v: a finite float in the
    fewest digits that read back as the same binary64 (pp_const, with a
    ".0" in the mantissa), infinities and NaNs by their bits in ty."""
    if is_nan(v) or math.isinf(v):
        # A weak float's value is a binary64: its bits are f64's.
        fmt = FORMATS["f64" if ty == WEAK_FLOAT else ty]
        return fmt.hex(encode(fmt, v))
    mant, _, exp = repr(v).partition("e")
    if "." not in mant:
        mant += ".0"
    return mant + ("e" + exp if exp else "")


def literal(v, ty):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return float_literal(v, ty)


def operand_literal(v, ty):
    """A literal that gives exactly v: decimal for a finite value (the
    exact binary64 repr, which ty holds exactly), bits otherwise."""
    return literal(v, ty)


def smallest_subnormal(ty):
    fmt = FORMATS[ty]
    return float(Fraction(2) ** (fmt.emin - fmt.mbits))


def largest(ty):
    return float(FORMATS[ty].max)


def named_float(x, ty):
    """A named operand of ty: "max", "-max", "tiny" (the least subnormal),
    "-tiny", "inf", "-inf", "nan", "-nan", or a number (exact in ty)."""
    if ty == WEAK_FLOAT:
        ty = "f64"  # A weak float's values are binary64's.
    named = {"max": largest(ty), "-max": -largest(ty),
             "tiny": smallest_subnormal(ty), "-tiny": -smallest_subnormal(ty),
             "inf": math.inf, "-inf": -math.inf, "nan": NaN(0), "-nan": NaN(1)}
    if isinstance(x, str) and x.startswith("0x"):
        return decode(FORMATS[ty], int(x, 16))
    v = named.get(x, x)
    if not is_nan(v):
        assert truncate(FORMATS[ty], v) == v or math.isnan(v), (x, ty)
    return v


# ---------------------------------------------------------------------------
# The primitive ops on floats, in binary64, rounded once to the type
# ---------------------------------------------------------------------------


class Overflow(Exception):
    """A binary64 result beyond the double range: a finite overflow
    (docs/Rationale.md), so an 8-bit float saturates rather than taking an
    infinity."""

    def __init__(self, negative):
        self.negative = negative


def c_pow(x, y):
    """C99's pow in binary64, with a binary64 overflow raised as Overflow."""
    if y == 0:
        return 1.0  # Even for a NaN x.
    if x == 1.0:
        return 1.0  # Even for a NaN y.
    if is_nan(x):
        return x.quieted()
    if is_nan(y):
        return y.quieted()
    odd_int = (math.isfinite(y) and y == math.floor(y)
               and abs(y) < 2 ** 53 and int(y) % 2 == 1)
    if x == 0:
        negative = odd_int and math.copysign(1.0, x) < 0
        if y < 0:
            return -math.inf if negative else math.inf
        return -0.0 if negative else 0.0
    try:
        return math.pow(x, y)
    except OverflowError:
        raise Overflow(x < 0 and odd_int)
    except ValueError:  # A negative finite base to a non-integer power.
        return CANONICAL_NAN


def binop(op, ty, a, b):
    """The folded value of `op a b` on floats of ty (bool for comparisons)."""
    if op == "cmplt":
        return not is_nan(a) and not is_nan(b) and a < b
    if op == "cmpeq":
        return not is_nan(a) and not is_nan(b) and a == b
    fmt = fmt_of(ty)
    if op == "max":
        # One NaN: the other operand; two: the first, quieted.
        if is_nan(a) and is_nan(b):
            return truncate(fmt, a.quieted())
        if is_nan(a):
            return b
        if is_nan(b):
            return a
        if a == b == 0:
            return a if math.copysign(1.0, a) > 0 else b
        return max(a, b)
    if op == "pow":
        try:
            r = c_pow(a, b)
        except Overflow as o:
            return truncate_overflow(fmt, o.negative)
        return truncate(fmt, r)
    # add, mul: the first NaN operand, quieted; else IEEE binary64.
    if is_nan(a):
        return truncate(fmt, a.quieted())
    if is_nan(b):
        return truncate(fmt, b.quieted())
    if op == "add":
        if math.isinf(a) and math.isinf(b) and a != b:
            return truncate(fmt, CANONICAL_NAN)
        r = a + b
    else:
        if (math.isinf(a) and b == 0) or (a == 0 and math.isinf(b)):
            return truncate(fmt, CANONICAL_NAN)
        r = a * b
        if math.isinf(r) and math.isfinite(a) and math.isfinite(b):
            return truncate_overflow(fmt, r < 0)
    return truncate(fmt, r)


def truncate_overflow(fmt, negative):
    """A finite value past the double range, rounded to fmt."""
    if fmt is not None and fmt.width == 8:
        m = float(fmt.max)
        return -m if negative else m
    return -math.inf if negative else math.inf


# ---------------------------------------------------------------------------
# Emitting
# ---------------------------------------------------------------------------


class Emitter:
    def __init__(self, header):
        self.out = list(header)
        self.functions = 0

    def function(self, name, rows, rty_of, body):
        """One function returning each row's folded op. rows: [(operands,
        expected)]; rty_of(operands) is the result type; body(i, operands)
        the lines that compute %r<i>. One CHECK-DAG per distinct printed
        result, as CSE merges equal constants."""
        if not rows:
            return
        self.functions += 1
        if self.functions > 1:
            self.out.append("\n// -----")
        self.out.append("")
        self.out.append("// CHECK-LABEL: func.func @%s" % name)
        seen, refs, rtys = {}, [], []
        for operands, r in rows:
            rty = rty_of(operands)
            key = (literal(r, rty), rty)
            if key not in seen:
                seen[key] = "V%d" % len(seen)
                self.out.append("// CHECK-DAG: %%[[%s:.*]] = tolk.const %s : %s{{$}}"
                                % (seen[key], key[0], rty))
            refs.append("%%[[%s]]" % seen[key])
            rtys.append(rty)
        self.out.append("// CHECK: return %s" % ", ".join(refs))
        self.out.append("func.func @%s() -> (%s) {" % (name, ", ".join(rtys)))
        for i, (operands, _) in enumerate(rows):
            self.out.extend("  " + line for line in body(i, operands))
        self.out.append("  return %s : %s" % (
            ", ".join("%%r%d" % i for i in range(len(rows))), ", ".join(rtys)))
        self.out.append("}")

    def write(self):
        sys.stdout.write("\n".join(self.out) + "\n")


def header(script, test, lines):
    return (["// GENERATED by scripts/%s; do not edit. Regenerate with" % script,
             "//   python3 scripts/%s > test/Dialect/Tolk/%s" % (script, test)]
            + ["// " + line for line in lines]
            + ["// RUN: tolk-opt %s -split-input-file --canonicalize | FileCheck %s"])


# Operand pairs by op; names are resolved per type by named_float. Each pair
# says in a comment what it exercises.
PAIRS = {
    "add": [
        (1.0, 2.0),
        ("max", "max"),          # overflow: inf (bf16) or saturation (fp8)
        ("-max", "-max"),        # the same, negative
        (0.0, -0.0),             # +0.0
        (-0.0, -0.0),            # -0.0 (fnuz has none)
        ("tiny", "tiny"),        # a subnormal result, exact
        ("tiny", "-tiny"),       # an exact zero: +0.0
        ("nan", 1.0),            # the NaN operand, quieted
        (1.0, "-nan"),           # the first NaN operand keeps its sign
        ("inf", "-inf"),         # nan
        ("inf", 1.0),
        ("tie", "one"),          # 1 + half an ulp: a tie, to even (1.0)
        ("tie3", "one"),         # 1 + 3/2 ulp: a tie, to even (1 + 2 ulp)
    ],
    "mul": [
        (1.5, 2.0),
        ("max", 2.0),            # overflow
        ("-max", 2.0),
        ("max", -1.0),
        (-0.0, 1.0),             # -0.0 (+0.0 in fnuz)
        ("tiny", 0.5),           # half the least subnormal: a tie, to 0
        ("-tiny", 0.5),          # -0.0 (+0.0 in fnuz)
        ("tiny", 1.5),           # 1.5 subnormals: a tie, to even (2)
        ("inf", 0.0),            # nan
        ("-inf", 2.0),
        ("nan", 0.0),            # the NaN operand
    ],
    "cmplt": [
        (1.0, 2.0), (2.0, 1.0), ("nan", 1.0), (1.0, "nan"), (-0.0, 0.0),
        ("-max", "max"), ("-inf", "-max"), ("tiny", 0.0), ("-tiny", 0.0),
    ],
    "cmpeq": [
        (1.0, 1.0), (1.0, 2.0), ("nan", "nan"), (-0.0, 0.0), ("inf", "inf"),
        ("max", "max"), ("tiny", 0.0),
    ],
    "max": [
        (1.0, 2.0),
        ("nan", -3.0),           # one NaN: the other operand
        (-3.0, "nan"),
        ("nan", "-nan"),         # two: the first, quieted
        ("-nan", "nan"),
        (-0.0, 0.0),             # +0.0
        (0.0, -0.0),
        ("-inf", "inf"),
        ("-max", "-tiny"),
    ],
    "pow": [
        (2.0, 3.0),
        (2.0, -2.0),
        ("nan", 0.0),            # 1, C99
        (1.0, "nan"),            # 1, C99
        ("nan", 2.0),            # the NaN, quieted
        (-8.0, 0.5),             # nan: a negative base, a fractional power
        (0.0, -1.0),             # inf (the NaN of an 8-bit float without)
        (-0.0, -1.0),            # -inf
        ("max", 2.0),            # overflow of the type, finite in binary64
        ("max", "max"),          # overflow of binary64: finite (saturates)
        ("-max", 3.0),           # negative overflow
        (-2.0, 3.0),
        (2.0, "-max"),           # underflow to +0.0
        ("inf", 2.0),            # a true infinity
    ],
}


def tie_operands(ty):
    """1.0 + half an ulp of 1.0 and 1.0 + 3/2 ulp, split as "tie" + "one"
    operands that ty holds: the sum is a tie only in the sum, not in an
    operand (1.0 and a half-ulp are both exact)."""
    fmt = FORMATS[ty]
    ulp = Fraction(1, 1 << fmt.mbits)
    return float(ulp / 2), float(ulp * 3 / 2)


def resolve(x, ty):
    if x == "one":
        return 1.0
    if x in ("tie", "tie3"):
        half, three_halves = tie_operands(ty)
        return half if x == "tie" else three_halves
    return named_float(x, ty)


def has_value(x, ty):
    """Whether the named operand exists in ty."""
    if ty == WEAK_FLOAT:
        return True
    fmt = FORMATS[ty]
    if x in ("inf", "-inf") and not fmt.has_inf:
        return False
    if x == "-nan" and fmt.width == 8 and ty != "f8E5M2":
        return False  # The format's one NaN is positive.
    if isinstance(x, float) and x == 0 and math.copysign(1, x) < 0 \
            and fmt.kind == "fnuz":
        return False  # No -0.0 literal.
    return True


def main():
    em = Emitter(header("gen-lowp-table.py", "fold-lowp-table.mlir", [
        "The primitive binary ops add, mul, cmplt, cmpeq, max and pow on bf16",
        "and the four 8-bit floats, on boundary operands (overflow, NaNs,",
        "signed zeros, subnormals, ties to even); the expected constants are",
        "computed by the script's own model of the formats of",
        "docs/Semantics.md, independently of lib/Dtype."]))
    for op, pairs in PAIRS.items():
        for ty in NARROW:
            rows = []
            for a, b in pairs:
                if not (has_value(a, ty) and has_value(b, ty)):
                    continue
                va, vb = resolve(a, ty), resolve(b, ty)
                rows.append(((va, vb), binop(op, ty, va, vb)))
            rty = "i1" if op in ("cmplt", "cmpeq") else ty
            sig = ty if rty == ty else "(%s, %s) -> %s" % (ty, ty, rty)

            def body(i, operands, ty=ty, op=op, sig=sig):
                return ["%%a%d = tolk.const %s : %s" % (i, operand_literal(operands[0], ty), ty),
                        "%%b%d = tolk.const %s : %s" % (i, operand_literal(operands[1], ty), ty),
                        "%%r%d = tolk.%s %%a%d, %%b%d : %s" % (i, op, i, i, sig)]
            em.function("%s_%s" % (op, ty), rows, lambda _, rty=rty: rty, body)
    em.write()


if __name__ == "__main__":
    main()
