#!/usr/bin/env python3
# ===- differential.py - The folder against running kernels --------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# Rule 2 (docs/Rationale.md) says that lowered code computes the bits the
# folder computes. This script checks it cell by cell: every elementwise op
# on every data type the verifier gives it (legal_cells), tolk.cast between
# every pair of data types, the same one included, and tolk.bitcast between
# every pair of one size. For each it takes boundary values (±0,
# subnormals, ±max, infinities, NaNs with payloads, integer extremes, shift
# counts at and past the width) and a few seeded random ones, every code of
# an 8-bit source of a conversion and cast_values for a wider one, and
#
#   1. folds the op on every input with `tolk-opt --canonicalize` (inputs
#      built by tolk.bitcast of integer constants, results bitcast back, so
#      that every bit is visible in the printed IR);
#   2. runs the same op as a tensor-level function with `tolk-run` on each
#      backend asked for (host, vulkan, cuda), inputs and outputs as .npy,
#      padded so that the kernel has vector lanes;
#   3. compares the bits.
#
# What is not compared bit for bit, and why (docs/Testing.md, "Differential
# testing"):
# - the first exception of rule 2 (docs/Semantics.md#the-three-rules): a
#   case with a signalling NaN into a conversion that disagrees is counted
#   as excused (excused());
# - on Vulkan, a part of a complex result that is a zero where the folder's
#   is a NaN or the other zero: the driver's arithmetic with a constant
#   zero, counted as excused too (constant_zero_gap());
# - inputs the folder leaves unfolded (a case undefined at run time, such as
#   integer division by zero, is never folded): counted as undefined;
# - a NaN produced by float arithmetic matches any NaN: its payload and sign
#   are the hardware's (x86 gives 0xFFC00000, PTX 0x7FFFFFFF);
# - sqrt, exp2 and log2 (and pow on Vulkan) within the ULP bound of
#   ULP_BOUNDS for that backend.
#
# f128, complex<f32> and complex<f64> are checked when --dtype names them
# (test/Differential/complex-host.test); their conversions go to and from
# every type.
#
#   scripts/differential.py --bin build/bin --backend host --backend vulkan
#   scripts/differential.py --bin build/bin --op add --dtype f8E4M3FN --exhaustive
#   scripts/differential.py --bin build/bin --op cast:f8E5M2 --dtype f32 \
#       --f32-boundaries --tsv cells.tsv
#   scripts/differential.py --bin build/bin --images --backend vulkan
#
# --images checks texel reads and writes instead (check_images()): the host
# against the bounds and rounding rules of docs/Semantics.md#images, each
# other backend against the host's bytes.
#
# It prints one line per cell and backend (cases compared, excused,
# undefined, or why the backend cannot run it), each disagreement with its
# inputs' bits, and the totals per backend, and exits non-zero if any
# disagreement remains.
#
# ===-----------------------------------------------------------------------===#

import argparse
import fractions
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------------------
# Data types: (bits, kind, .npy descr). kind is bool, sint, uint or float.
# bf16 and the 8-bit floats are stored as their storage integers, as
# tinygrad and tolk-run store them.
# ---------------------------------------------------------------------------

TYPES = {
    "i1": (8, "bool", "|b1"),
    "si8": (8, "sint", "|i1"), "si16": (16, "sint", "<i2"),
    "si32": (32, "sint", "<i4"), "si64": (64, "sint", "<i8"),
    "ui8": (8, "uint", "|u1"), "ui16": (16, "uint", "<u2"),
    "ui32": (32, "uint", "<u4"), "ui64": (64, "uint", "<u8"),
    "f16": (16, "float", "<f2"), "bf16": (16, "float", "<u2"),
    "f32": (32, "float", "<f4"), "f64": (64, "float", "<f8"),
    "f8E4M3FN": (8, "float", "|u1"), "f8E5M2": (8, "float", "|u1"),
    "f8E4M3FNUZ": (8, "float", "|u1"), "f8E5M2FNUZ": (8, "float", "|u1"),
}
# The types beyond tinygrad's (docs/Semantics.md#complex-numbers-and-float128),
# checked when --dtype names them: f128 is stored as its binary128 bits
# (|V16), a complex value as its real part, then its imaginary one, so that
# its bits are the little-endian integer of both (the real part low).
DEFAULT_TYPES = list(TYPES)
TYPES.update({
    "f128": (128, "float", "|V16"),
    "complex<f32>": (64, "complex", "<c8"),
    "complex<f64>": (128, "complex", "<c16"),
})
COMPONENT = {"complex<f32>": "f32", "complex<f64>": "f64"}

# Float formats: (exponent bits, mantissa bits, flavour). "ieee" has
# infinities and NaNs with an all-ones exponent; "fn" (e4m3fn) has no
# infinity and S.1111.111 as its NaN; "fnuz" has no infinity, no -0 and
# 0x80 as its one NaN.
FLOATS = {
    "f16": (5, 10, "ieee"), "bf16": (8, 7, "ieee"), "f32": (8, 23, "ieee"),
    "f64": (11, 52, "ieee"), "f8E5M2": (5, 2, "ieee"),
    "f8E4M3FN": (4, 3, "fn"), "f8E4M3FNUZ": (4, 3, "fnuz"),
    "f8E5M2FNUZ": (5, 2, "fnuz"), "f128": (15, 112, "ieee"),
}

# The storage integer a type is bitcast to, to print its bits.
BITS_TYPE = {8: "ui8", 16: "ui16", 32: "ui32", 64: "ui64"}


def is_float(ty):
    return TYPES[ty][1] == "float"


def is_complex(ty):
    return ty in COMPONENT


def parts(ty, bits):
    """A complex value's (component type, real bits, imaginary bits)."""
    c = COMPONENT[ty]
    w = width(c)
    return c, bits & ((1 << w) - 1), bits >> w


def is_int(ty):
    return TYPES[ty][1] in ("sint", "uint")


def width(ty):
    return TYPES[ty][0]


def float_is_nan(ty, bits):
    e, m, flavour = FLOATS[ty]
    mag = bits & ((1 << (e + m)) - 1)
    if flavour == "fnuz":
        return bits == 1 << (e + m)
    if flavour == "fn":
        return mag == (1 << (e + m)) - 1
    return (mag >> m) == (1 << e) - 1 and mag & ((1 << m) - 1) != 0


def float_is_snan(ty, bits):
    e, m, flavour = FLOATS[ty]
    return (flavour == "ieee" and float_is_nan(ty, bits)
            and not bits >> (m - 1) & 1)


def float_is_inf(ty, bits):
    e, m, flavour = FLOATS[ty]
    mag = bits & ((1 << (e + m)) - 1)
    return flavour == "ieee" and mag == ((1 << e) - 1) << m


def boundary_values(ty, rng, randoms):
    """Bit patterns of `ty` at its corners, then `randoms` random ones. A
    complex type pairs its component's (a sample of the pairs, each corner
    as a real and as an imaginary part)."""
    if is_complex(ty):
        c = COMPONENT[ty]
        w = width(c)
        cs = boundary_values(c, rng, randoms)
        one = boundary_values(c, rng, 0)
        vals = {a | b << w for a in one[::3] for b in one[1::3]}
        vals |= {a | rng.choice(cs) << w for a in cs}
        vals |= {rng.choice(cs) | b << w for b in cs}
        return sorted(vals)
    bits, kind, _ = TYPES[ty]
    mask = (1 << bits) - 1
    if kind == "bool":
        return [0, 1]
    if kind in ("sint", "uint"):
        lo = -(1 << (bits - 1)) if kind == "sint" else 0
        hi = (1 << (bits - 1)) - 1 if kind == "sint" else mask
        vals = {0, 1, 2, 3, 7, -1, -2, lo, lo + 1, hi, hi - 1,
                bits - 1, bits, bits + 1, 2 * bits}
        # Past 2^53 a conversion through f64 rounds twice: one past a bf16
        # halfway point rounds up, one short of the halfway point above an
        # odd code rounds down; through f64 both land on the tie.
        if bits > 53:
            for t in (bits - 2, bits - 1):
                half = 1 << (t - 8)
                for v in ((1 << t) + half + 1, (1 << t) + 3 * half - 1):
                    vals |= {v, -v}
        vals = {v & mask for v in vals}
        vals |= {rng.getrandbits(bits) for _ in range(randoms)}
        return sorted(vals)
    e, m, flavour = FLOATS[ty]
    sign = 1 << (e + m)
    one = ((1 << (e - 1)) - 1 + (flavour == "fnuz")) << m
    if flavour == "ieee":
        top = ((1 << e) - 2) << m | ((1 << m) - 1)
        specials = [((1 << e) - 1) << m,                     # +inf
                    ((1 << e) - 1) << m | 1 << (m - 1),       # quiet NaN
                    ((1 << e) - 1) << m | ((1 << m) - 1)]     # NaN, payload
        if m > 1:
            specials.append(((1 << e) - 1) << m | 1)          # signalling
    elif flavour == "fn":
        top = ((1 << e) - 1) << m | ((1 << m) - 2)
        specials = [((1 << e) - 1) << m | ((1 << m) - 1)]
    else:
        top = ((1 << e) - 1) << m | ((1 << m) - 1)
        specials = []
    mags = [0, 1, (1 << m) - 1, 1 << m, one, one - 1, one + 1,
            one + (1 << m), one - (1 << m), top, top - 1] + specials
    # In a fnuz format, sign | 0 is the NaN.
    vals = set(mags) | {v | sign for v in mags}
    vals |= {rng.getrandbits(bits) for _ in range(randoms)}
    return sorted(vals)


# Binary exponents around which a float-to-integer cast changes: the integer
# widths and their sign bits, the f32 and f64 precisions, 2^63 (where a
# conversion to 64 bits stops) and far past it.
CAST_EXPONENTS = [-1, 0, 1, 6, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 52,
                  53, 62, 63, 64, 65, 70, 100, 127, 128, 255, 256, 300, 1000,
                  1023]


def cast_values(ty, rng, randoms):
    """Inputs of a conversion from `ty`: boundary_values, and for a float,
    +-2^k, the float above it and the one below 2^(k+1) for each k of
    CAST_EXPONENTS in the format's range (integer-valued past the precision,
    their wrap modulo 2^w depends on the low mantissa bits), halves, and
    for f64 the values that a conversion through f32 rounds twice on the
    way to f16, bf16 or an 8-bit float: just past a halfway point of the
    narrow format, and just short of one above an odd code."""
    vals = set(boundary_values(ty, rng, randoms))
    if is_complex(ty):
        # The real part decides a conversion to a real type: the
        # component's conversion inputs, beside a few imaginary parts.
        c = COMPONENT[ty]
        im = boundary_values(c, rng, 0)
        vals |= {a | rng.choice(im) << width(c)
                 for a in cast_values(c, rng, randoms)}
        return sorted(vals)
    if not is_float(ty):
        return sorted(vals)
    e, m, flavour = FLOATS[ty]
    bias = (1 << (e - 1)) - 1 + (flavour == "fnuz")
    top = (1 << e) - (1 if flavour == "ieee" else 0)  # Past the largest.
    sign = 1 << (e + m)
    for k in CAST_EXPONENTS:
        field = k + bias
        if not 1 <= field < top:
            continue
        for frac in (0, 1, (1 << m) - 1):
            code = field << m | frac
            if flavour == "fn" and code == (1 << (e + m)) - 1:
                continue  # S.1111.111 is the NaN.
            vals |= {code, code | sign}
    for x in (0.5, 1.5, 2.5, 127.5, 128.5, 255.5, 256.5, 32767.5, 65535.5,
              2.0 ** 31 - 0.5, 2.0 ** 32 - 0.5):
        bits = exact_bits(ty, x)
        if bits is not None:
            vals |= {bits, bits | sign}
    if ty == "f128":
        # Just past a halfway point of bf16 or an 8-bit float, by less than
        # an f64 ulp: through the nearest f64 that would round twice.
        for t in (7, 3, 2):
            tiny = fractions.Fraction(1, 2 ** 100)
            for x in (1 + fractions.Fraction(1, 2 ** (t + 1)) + tiny,
                      1 + fractions.Fraction(3, 2 ** (t + 1)) - tiny):
                bits = f128_bits(str(x.numerator) + "/" + str(x.denominator))
                vals |= {bits, bits | sign}
    if ty == "f64":
        for t in (10, 7, 3, 2):  # f16, bf16, e4m3, e5m2 fraction bits.
            for x in (1 + 2.0 ** -(t + 1) + 2.0 ** -40,
                      1 + 2.0 ** -t + 2.0 ** -(t + 1) - 2.0 ** -40):
                bits = struct.unpack("<Q", struct.pack("<d", x))[0]
                vals |= {bits, bits | sign}
    return sorted(vals)


def exact_bits(ty, x):
    """The bits of the finite double x in the float format `ty`, or None
    where the format does not hold x exactly."""
    e, m, flavour = FLOATS[ty]
    bias = (1 << (e - 1)) - 1 + (flavour == "fnuz")
    mant, exp = math.frexp(abs(x))  # x = mant * 2^exp, mant in [0.5, 1)
    field = exp - 1 + bias
    frac = (mant * 2 - 1) * (1 << m)
    top = (1 << e) - (1 if flavour == "ieee" else 0)
    if x == 0 or not 1 <= field < top or frac != int(frac):
        return None
    code = field << m | int(frac)
    if flavour == "fn" and code == (1 << (e + m)) - 1:
        return None
    return code | (1 << (e + m) if x < 0 else 0)


def f32_boundaries():
    """f32 patterns around every rounding boundary of the 8-bit floats, as
    test/Unit/Transforms/NativeFloatConversionsTest.cpp's f32Sources takes
    them for each format (here their union): every finite value of each
    format and every midpoint between neighbours, one f32 ulp either side,
    of both signs; past the largest value and below the smallest subnormal;
    the special values; and every 2^16th pattern of the f32 line, with
    varying low bits."""
    out = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000,
           0xFFC00000, 0x7F800001, 0xFF800001, 0x7FBFFFFF, 0xFFFFFFFF,
           0x00000001, 0x807FFFFF, 0x7F7FFFFF, 0xFF7FFFFF}
    for ty in (t for t in FLOATS if width(t) == 8):
        values = [v for v in (float_value(ty, c) for c in range(0x80))
                  if v is not None and not math.isinf(v)]
        points = values + [(a + b) / 2 for a, b in zip(values, values[1:])]
        top = values[-1]
        points += [top * 1.0625, top * 1.125, top * 2, 3.0e38, values[1] / 2,
                   values[1] / 4]
        for p in points:
            b = struct.unpack("<I", struct.pack("<f", p))[0]
            for d in (-1, 0, 1):
                x = (b + d) & 0xFFFFFFFF
                if x < 0x7F800000:
                    out |= {x, x | 0x80000000}
    for i in range(1 << 16):
        out.add(i << 16 | ((i * 2654435761) & 0xFFFFFFFF) >> 16)
    return sorted(out)


def all_values(ty):
    return list(range(1 << width(ty))) if width(ty) <= 16 else None


def float_literal(ty, bits):
    """A tolk.const literal of a float or complex type with these bits."""
    if is_complex(ty):
        c, re_, im = parts(ty, bits)
        digits = width(c) // 4
        return f"(0x{re_:0{digits}X}, 0x{im:0{digits}X})"
    return f"0x{bits:0{width(ty) // 4}X}"


def f128_bits(text):
    """The binary128 bits of a printed f128 literal: its bits (0x...), or a
    decimal, rounded once to nearest even (it is the shortest decimal that
    reads back as the number, so this is exact)."""
    text = text.strip()
    if text.startswith("0x"):
        return int(text, 16)
    sign = 1 << 127 if text.startswith("-") else 0
    x = abs(fractions.Fraction(text))
    if x == 0:
        return sign
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if fractions.Fraction(2) ** e > x:
        e -= 1
    e = max(e, -16382)
    scaled = x / fractions.Fraction(2) ** (e - 112)
    m = int(scaled)
    rest = scaled - m
    if rest > fractions.Fraction(1, 2) or (rest == fractions.Fraction(1, 2)
                                           and m & 1):
        m += 1
    if m == 1 << 113:
        m, e = m >> 1, e + 1
    field = e + 16383 if m >> 112 else 0
    return sign | field << 112 | (m & ((1 << 112) - 1))


def literal_bits(ty, text):
    """The storage bits of a folded constant printed as `text`."""
    if ty == "f128":
        return f128_bits(text)
    if is_complex(ty):
        c = COMPONENT[ty]
        re_, im = text.strip("()").split(",")
        return literal_bits(c, re_) | literal_bits(c, im) << width(c)
    text = text.strip()
    if text.startswith("0x"):
        return int(text, 16)
    fmt = {"f32": ("<f", "<I"), "f64": ("<d", "<Q")}[ty]
    return struct.unpack(fmt[1], struct.pack(fmt[0], float(text)))[0]


# ---------------------------------------------------------------------------
# Ops: mnemonic -> arity. Which data types each takes, and its result type,
# come from the dialect's verifier (legal_cells), so that every cell the
# dialect accepts is checked.
# ---------------------------------------------------------------------------

OPS = {
    "add": 2, "sub": 2, "mul": 2, "div": 2, "truncdiv": 2, "mod": 2,
    "fmod": 2, "max": 2, "minimum": 2, "cmplt": 2, "cmpeq": 2, "ne": 2,
    "gt": 2, "le": 2, "ge": 2, "and": 2, "or": 2, "xor": 2, "shl": 2,
    "shr": 2, "pow": 2, "neg": 1, "reciprocal": 1, "trunc": 1, "floor": 1,
    "sqrt": 1, "exp2": 1, "log2": 1, "logical_not": 1, "bitwise_not": 1,
    "where": 3,
}


def operand_types(op, ty):
    return ["i1", ty, ty] if op == "where" else [ty] * OPS[op]


def symbol(ty):
    """A data type's spelling as part of a symbol name."""
    return re.sub(r"\W", "_", ty)


def legal_cells(args, op, dtypes):
    """(operand types, result type) of each data type that `op` takes: the
    functions the verifier accepts, trying as the result the operand type,
    i1 (comparisons) and f32 (an integer promoted to the default float, as
    least_upper_float does for division, docs/Semantics.md#div)."""
    found, left = {}, list(dtypes)
    for result in (lambda t: t, lambda t: "i1", lambda t: "f32"):
        chunks = []
        for ty in left:
            in_tys, rt = operand_types(op, ty), result(ty)
            params = ", ".join(f"%a{j}: {t}" for j, t in enumerate(in_tys))
            line = op_line(op, "r", [f"a{j}" for j in range(len(in_tys))],
                           in_tys, rt)
            chunks.append(f"func.func @c_{symbol(ty)}({params}) -> {rt} "
                          f"{{\n{line}\n"
                          f"  return %r : {rt}\n}}\n")
        if not chunks:
            break
        r = run([tool(args, "tolk-opt"), "--split-input-file", "-"],
                input="// -----\n".join(chunks))
        for ty in list(left):
            if re.search(rf"@c_{re.escape(symbol(ty))}\(", r.stdout):
                found[ty] = (operand_types(op, ty), result(ty))
                left.remove(ty)
    return [found[ty] for ty in dtypes if ty in found]


# Transcendental ops: the largest ULP distance from the folder's result
# each backend may have, per data type (every other op: 0). The folder
# rounds the exact result once (correctly rounded); libm and GPU math are
# not. Host and CUDA: 1 ULP. Vulkan: the precision the Vulkan spec gives
# GLSL.std.450 (sqrt as 1/inversesqrt, 3 ULP; exp2 3 + 2|x| ULP; log2 3 ULP
# outside [0.5, 2], an absolute 2^-21 inside), subnormal inputs included
# (the SPIR-V lowering computes log2 of a subnormal from its significand).
# Vulkan's pow is Tolk's own (exp2(y * log2(x)) in f64 arithmetic, with C's
# special cases: lib/Conversion/TolkToSPIRV), within 1 ULP of the
# correctly rounded f32 result, as the folder's binary64 libm pow rounded to
# f32 is; the host's libm powf agrees with the folder bit for bit.
TRANSCENDENTAL = {"sqrt", "exp2", "log2"}
ULP_BOUNDS = {("vulkan", "sqrt"): 3, ("vulkan", "exp2"): 3,
              ("vulkan", "log2"): 3, ("vulkan", "pow"): 1}


def ulp_bound(op, backend, ty, inputs):
    if op not in TRANSCENDENTAL and (backend, op) not in ULP_BOUNDS:
        return 0
    # Narrow floats compute in f32 and round once to their format; an error
    # of a few f32 ULPs moves the rounded result by at most one step.
    if width(ty) < 32:
        return 1
    # f64 exp2 and log2 on Vulkan are Tolk's expansion, within 1 ULP
    # (docs/Lowering.md, "f64 exp2, log2 and pow").
    if ty == "f64" and op in ("exp2", "log2"):
        return 1
    bound = ULP_BOUNDS.get((backend, op), 1)
    if backend == "vulkan" and op == "exp2":
        x = float_value(ty, inputs[0])
        bound += 2 * abs(int(x)) if x is not None and abs(x) < 1e6 else 0
    return bound




# ---------------------------------------------------------------------------
# IR
# ---------------------------------------------------------------------------

def const_of(ty, bits, name, lines):
    """Lines that make %name a `ty` with exactly these storage bits."""
    if ty == "i1":
        lines.append(f"  %{name} = tolk.const {'true' if bits else 'false'} : i1")
        return
    if is_int(ty):
        w = width(ty)
        v = bits - (1 << w) if TYPES[ty][1] == "sint" and bits >> (w - 1) else bits
        lines.append(f"  %{name} = tolk.const {v} : {ty}")
        return
    if is_complex(ty) or ty == "f128":
        lines.append(f"  %{name} = tolk.const {float_literal(ty, bits)} : "
                     f"{ty}")
        return
    st = BITS_TYPE[width(ty)]
    lines.append(f"  %{name}_bits = tolk.const {bits} : {st}")
    lines.append(f"  %{name} = tolk.bitcast %{name}_bits : {st} to {ty}")


def op_line(op, name, operands, in_tys, out_ty):
    """The op on `operands` (names), of the types `in_tys`. `op` is a
    mnemonic, or cast:T / bitcast:T for a conversion to T."""
    args = ", ".join(f"%{o}" for o in operands)
    if op.startswith(("cast:", "bitcast:")):
        kind = op.split(":")[0]
        return f"  %{name} = tolk.{kind} {args} : {in_tys[0]} to {out_ty}"
    ins = ", ".join(in_tys)
    return f"  %{name} = tolk.{op} {args} : ({ins}) -> {out_ty}"


def fold_module(cells, in_tys, cases):
    """A function returning each case's result, for each (op, result type)
    of `cells` in turn, as its storage integer."""
    lines, results = [], []
    for i, case in enumerate(cases):
        for j, (ty, bits) in enumerate(zip(in_tys, case)):
            const_of(ty, bits, f"a{i}_{j}", lines)
    for k, (op, out_ty) in enumerate(cells):
        for i in range(len(cases)):
            names = [f"a{i}_{j}" for j in range(len(in_tys))]
            r = f"r{k}_{i}"
            lines.append(op_line(op, r, names, in_tys, out_ty))
            if is_float(out_ty) and width(out_ty) in BITS_TYPE:
                st = BITS_TYPE[width(out_ty)]
                lines.append(f"  %o{r} = tolk.bitcast %{r} : {out_ty} to {st}")
                results.append((f"o{r}", st))
            else:
                results.append((r, out_ty))
    sig = ", ".join(t for _, t in results)
    ret = ", ".join(f"%{n}" for n, _ in results)
    return ("func.func @fold() -> (" + sig + ") {\n" + "\n".join(lines) +
            f"\n  return {ret} : {sig}\n}}\n")


CONST_RE = re.compile(r"^\s*(%\S+) = tolk\.const (.+) : (\S+)$")
RETURN_RE = re.compile(r"^\s*return (.*) : (.*)$")


def parse_folded(text, out_ty=None):
    """The folded value of each operand of the (first) return: its storage
    bits, or None where the folder left the op in place."""
    consts = {}
    operands, types = [], []
    for line in text.splitlines():
        m = CONST_RE.match(line)
        if m:
            consts[m.group(1)] = m.group(2)
        m = RETURN_RE.match(line)
        if m:
            operands = [o.strip() for o in m.group(1).split(",")]
            types = [t.strip() for t in m.group(2).split(",")]
            break
    out = []
    for o, ty in zip(operands, types):
        v = consts.get(o)
        if v is None:
            out.append(None)
        elif v in ("true", "false"):
            out.append(int(v == "true"))
        elif is_complex(ty) or ty == "f128":
            out.append(literal_bits(ty, v))
        else:
            out.append(int(v, 0) & ((1 << width(ty)) - 1))
    return out


def kernel_module(cells, in_tys, n):
    """A tensor-level function with one result per (op, result type)."""
    t_ins = [f"tensor<{n}x{ty}>" for ty in in_tys]
    t_outs = [f"tensor<{n}x{out_ty}>" for _, out_ty in cells]
    params = ", ".join(f"%a{j}: {t}" for j, t in enumerate(t_ins))
    lines = [op_line(op, f"r{k}", [f"a{j}" for j in range(len(in_tys))],
                     t_ins, t_out)
             for k, ((op, _), t_out) in enumerate(zip(cells, t_outs))]
    sig = ", ".join(t_outs)
    rets = ", ".join(f"%r{k}" for k in range(len(cells)))
    return (f"func.func @diff({params}) -> ({sig}) {{\n" + "\n".join(lines) +
            f"\n  return {rets} : {sig}\n}}\n")


# ---------------------------------------------------------------------------
# .npy, without numpy (not a dependency of the project)
# ---------------------------------------------------------------------------

def write_npy(path, ty, values, shape=None):
    descr = TYPES[ty][2]
    nbytes = width(ty) // 8
    shape = tuple(shape) if shape is not None else (len(values),)
    dims = "".join(f"{d}, " for d in shape) if len(shape) == 1 else \
        ", ".join(str(d) for d in shape)
    header = ("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }"
              % (descr, dims))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    data = b"".join(v.to_bytes(nbytes, "little") for v in values)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
                header.encode() + data)


def read_npy(path, ty):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    if raw[6] == 1:
        hlen, start = struct.unpack("<H", raw[8:10])[0], 10
    else:
        hlen, start = struct.unpack("<I", raw[8:12])[0], 12
    data = raw[start + hlen:]
    nbytes = width(ty) // 8
    return [int.from_bytes(data[i:i + nbytes], "little")
            for i in range(0, len(data), nbytes)]


# ---------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------

def float_value(ty, bits):
    """The value of float bits as a Python float (every format here is a
    subset of binary64), None for a NaN."""
    if float_is_nan(ty, bits):
        return None
    e, m, flavour = FLOATS[ty]
    sign = -1.0 if bits >> (e + m) & 1 else 1.0
    exp, frac = bits >> m & ((1 << e) - 1), bits & ((1 << m) - 1)
    bias = (1 << (e - 1)) - 1 + (flavour == "fnuz")
    if float_is_inf(ty, bits):
        return sign * float("inf")
    if exp == 0:
        return sign * frac * 2.0 ** (1 - bias - m)
    return sign * (1 + frac / 2.0 ** m) * 2.0 ** (exp - bias)


def ordered(ty, bits):
    """Float bits as an integer whose order is the values' order (for ULP
    distances); +0 and -0 are both 0."""
    e, m, _ = FLOATS[ty]
    sign, mag = bits >> (e + m) & 1, bits & ((1 << (e + m)) - 1)
    return -mag if sign else mag


def excused(op, in_tys, case):
    """Whether a disagreement on `case` is the first exception of rule 2
    (docs/Semantics.md#the-three-rules): a signalling NaN of a 16-bit or
    wider float into a conversion, which the folder keeps signalling
    (docs/Semantics.md#nans) and hardware quiets. An op computed in a wider
    type converts its operands first (pow(1, sNaN) is 1 on the quieted NaN
    where the folder's libm gives a NaN). bitcast and where move bits and
    convert nothing."""
    if op.startswith("bitcast:") or op == "where":
        return False
    def snan(ty, a):
        if is_complex(ty):
            c, re_, im = parts(ty, a)
            return float_is_snan(c, re_) or float_is_snan(c, im)
        return is_float(ty) and width(ty) >= 16 and float_is_snan(ty, a)
    return any(snan(ty, a) for ty, a in zip(in_tys, case))


def zero_sign_only(backend, ty, want, got):
    """Vulkan may ignore the sign of a zero: lavapipe (Mesa 22.3) folds
    0.0 + x to x although the module asks for SignedZeroInfNanPreserve (a
    driver gap, docs/Testing.md, "Differential testing")."""
    sign = 1 << (width(ty) - 1)
    return (backend == "vulkan" and is_float(ty) and
            (want | sign) == (got | sign) and want & ~sign == 0)


def constant_zero_gap(backend, out_ty, want, got):
    """Vulkan may compute with a constant zero as if it were a variable one
    that is +0.0 and finite: lavapipe (Mesa 22.3) makes `x * 0.0` zero (for
    an infinite or NaN x too, and without x's sign) and `0.0 + x` x, whatever
    the float controls. Complex arithmetic meets such constants where
    complex-to-standard's expansion has them (the +0 of reciprocal's
    dividend (1, +0), the zeros of the division's recoveries), so a part of
    the result may be a zero where the folder's is a NaN or the other zero
    (a driver gap, docs/Testing.md, "Differential testing"). Counted as
    excused, part by part: every other part must be the folder's."""
    if backend != "vulkan" or not is_complex(out_ty) or want == got:
        return False
    c, wr, wi = parts(out_ty, want)
    _, gr, gi = parts(out_ty, got)
    sign = 1 << (width(c) - 1)
    return all(w == g or (g & ~sign == 0 and
                          (w & ~sign == 0 or float_is_nan(c, w)))
               for w, g in ((wr, gr), (wi, gi)))


def agree(op, backend, out_ty, want, got, arith_nan, inputs, in_tys):
    if want == got or zero_sign_only(backend, out_ty, want, got):
        return True
    if is_complex(out_ty):
        # Part by part: a NaN that arithmetic makes matches any NaN.
        c, wr, wi = parts(out_ty, want)
        _, gr, gi = parts(out_ty, got)
        return all(w == g or (arith_nan and float_is_nan(c, w) and
                              float_is_nan(c, g))
                   for w, g in ((wr, gr), (wi, gi)))
    if not is_float(out_ty):
        return False
    if float_is_nan(out_ty, want) and float_is_nan(out_ty, got):
        return arith_nan
    if float_is_nan(out_ty, want) or float_is_nan(out_ty, got):
        return False
    bound = ulp_bound(op, backend, in_tys[0], inputs)
    if abs(ordered(out_ty, want) - ordered(out_ty, got)) <= bound:
        return True
    if backend == "vulkan" and op == "log2":
        x = float_value(in_tys[0], inputs[0])
        if x is not None and 0.5 <= x <= 2.0:
            return abs(float_value(out_ty, want) -
                       float_value(out_ty, got)) <= 2.0 ** -21
    return False


# A diagnostic of the pipeline that says the target cannot express the
# kernel (f64 transcendentals on SPIR-V, integer pow): not a disagreement.
UNSUPPORTED = re.compile(r"has no instruction for|needs the \w+ capability|"
                         r"has no SPIR-V lowering|which the SPIR-V target|"
                         r"has no SPIR-V type")


def tool(args, name):
    """A tool of the build: from --bin, else from PATH (as lit sets it)."""
    if args.bin:
        return os.path.join(args.bin, name)
    return shutil.which(name) or name


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


# Lanes: the case count is padded to a multiple of this, so that
# --tolk-kernelize gives every kernel vector lanes (16 bytes per thread, up
# to 16 lanes; Vulkan takes 4): the vector code of each conversion runs, and
# the random programs (15 elements) run the scalar code.
LANES = 16


def make_cases(args, op, in_tys, values):
    """The input tuples of an op: every combination of `values` (one list
    per operand), sampled down to --max-cases."""
    if len(in_tys) == 1:
        cases = [(a,) for a in values[0]]
    elif len(in_tys) == 2:
        cases = [(a, b) for a in values[0] for b in values[1]]
    else:  # where: each condition with the arms paired both ways.
        arms = list(zip(values[1], values[2]))
        arms += list(zip(values[2], values[1][1:] + values[1][:1]))
        cases = [(c, a, b) for c in values[0] for a, b in arms]
    if args.max_cases and len(cases) > args.max_cases:
        rng = random.Random(args.seed)
        cases = rng.sample(cases, args.max_cases)
    return cases


def check(args, cells, in_tys, values, tmp):
    """Folds and runs cells of one operand list, in one module and one
    kernel (one result each); returns the disagreements and, per cell and
    backend, the counts (compared, excused, undefined, disagreements) or
    why the backend cannot run it (unsupported). A kernel that fails is run
    again cell by cell, so that each cell's failure is its own."""
    op0 = cells[0][0]
    cases = make_cases(args, op0, in_tys, values)
    n = len(cases)
    opt = tool(args, "tolk-opt")
    fold_src = os.path.join(tmp, "fold.mlir")
    with open(fold_src, "w") as f:
        f.write(fold_module(cells, in_tys, cases))
    r = run([opt, "--canonicalize", fold_src])
    if r.returncode:
        return [f"{op0} {'/'.join(in_tys)}: tolk-opt failed:\n{r.stderr}"], {}
    folded = parse_folded(r.stdout)
    want = {cell: folded[k * n:(k + 1) * n] for k, cell in enumerate(cells)}

    padded = cases + cases[:(-n) % LANES]
    inputs = []
    for j, ty in enumerate(in_tys):
        path = os.path.join(tmp, f"in{j}.npy")
        write_npy(path, ty, [c[j] for c in padded])
        inputs.append(path)
    failures, counts = [], {}
    for backend in args.backend:
        got = run_kernel(args, backend, cells, in_tys, len(padded), inputs,
                         tmp)
        for cell in cells:
            op, out_ty = cell
            name = f"{op} {'/'.join(in_tys)}->{out_ty} [{backend}]"
            g = got.get(cell)
            if isinstance(g, str):
                if UNSUPPORTED.search(g):
                    line = g.strip().splitlines()[0]
                    counts[cell, backend] = ("unsupported: " +
                                             line.split("error: ")[-1])
                else:
                    failures.append(f"{name}: tolk-run failed:\n{g.strip()}")
                continue
            f, c = compare(op, backend, in_tys, out_ty, cases, want[cell],
                           g[:n], name)
            failures += f
            counts[cell, backend] = c + (len(f),)
    return failures, counts


def run_kernel(args, backend, cells, in_tys, n, inputs, tmp):
    """Each cell's results from one tolk-run of them all, or, where that
    fails, from each alone: the results, or tolk-run's error message."""
    kern_src = os.path.join(tmp, "kernel.mlir")
    with open(kern_src, "w") as f:
        f.write(kernel_module(cells, in_tys, n))
    outs = [os.path.join(tmp, f"out{k}-{backend}.npy")
            for k in range(len(cells))]
    r = run([tool(args, "tolk-run"), kern_src, "--kernel", "diff",
             "--backend", backend] + inputs + ["-o"] + outs)
    if r.returncode == 0:
        return {cell: read_npy(out, cell[1]) for cell, out in zip(cells, outs)}
    if len(cells) == 1:
        return {cells[0]: r.stderr}
    got = {}
    for cell in cells:
        got.update(run_kernel(args, backend, [cell], in_tys, n, inputs, tmp))
    return got


# Per backend: the excused cases of constant_zero_gap(), for the summary.
CONSTANT_ZERO_EXCUSED = {}


def compare(op, backend, in_tys, out_ty, cases, want, got, name):
    """The disagreements of one cell and its counts (compared, excused,
    undefined)."""
    # A conversion or a move keeps a NaN's payload (docs/Semantics.md#nans) on
    # every backend; arithmetic makes "a NaN", compared by class.
    arith_nan = not op.startswith(("cast:", "bitcast:")) and op != "where"
    failures = []
    compared = excused_n = undefined = 0
    for case, w, g in zip(cases, want, got):
        if w is None:
            undefined += 1  # Not folded: undefined at run time.
            continue
        if agree(op, backend, out_ty, w, g, arith_nan, case, in_tys):
            compared += 1
        elif excused(op, in_tys, case):
            excused_n += 1
        elif constant_zero_gap(backend, out_ty, w, g):
            excused_n += 1
            CONSTANT_ZERO_EXCUSED[backend] = \
                CONSTANT_ZERO_EXCUSED.get(backend, 0) + 1
        else:
            compared += 1
            bits = " ".join(f"0x{x:x}" for x in case)
            failures.append(f"{name} inputs {bits}: folder 0x{w:x}, run "
                            f"0x{g:x}")
    return failures, (compared, excused_n, undefined)


def cells(args):
    """The (op, operand types, result type) of every cell asked for."""
    ops = args.op or sorted(OPS) + ["cast", "bitcast"]
    dtypes = args.dtype or DEFAULT_TYPES
    # Conversions go to every default type and to the others asked for.
    targets = DEFAULT_TYPES + [t for t in dtypes if t not in DEFAULT_TYPES]
    jobs = []
    for op in ops:
        kind, _, target = op.partition(":")
        if kind in ("cast", "bitcast"):
            for a in dtypes:
                for b in [target] if target else targets:
                    if kind == "bitcast" and width(a) != width(b):
                        continue
                    jobs.append((f"{kind}:{b}", [a], b))
            continue
        jobs += [(op, in_tys, rt)
                 for in_tys, rt in legal_cells(args, op, dtypes)]
    return jobs


# Cells per kernel: those of one operand list (the casts from one type, the
# binary ops on one type) share their inputs, one folded module and one
# kernel with a result each; a few, so that the kernel's buffers stay well
# within what a Vulkan device binds.
GROUP = 8


def groups(jobs):
    """`jobs` (op, operand types, result type) as (operand types, cells)
    that share their inputs: conversions and other ops apart, at most GROUP
    cells each, in the order of the jobs."""
    keyed = {}
    for op, in_tys, out_ty in jobs:
        key = (op.startswith(("cast:", "bitcast:")), tuple(in_tys))
        keyed.setdefault(key, []).append((op, out_ty))
    for (_, in_tys), cells_ in keyed.items():
        for i in range(0, len(cells_), GROUP):
            yield list(in_tys), cells_[i:i + GROUP]


def input_values(args, op, ty, rng, arity):
    """The values of one operand of type `ty`."""
    conversion = op.startswith(("cast:", "bitcast:"))
    if (args.exhaustive and width(ty) <= (8 if arity == 2 else 16)) or \
            (conversion and width(ty) == 8):
        return all_values(ty)
    if conversion and ty == "f32" and args.f32_boundaries:
        return sorted(set(cast_values(ty, rng, args.randoms)) |
                      set(f32_boundaries()))
    if conversion:
        return cast_values(ty, rng, args.randoms)
    return boundary_values(ty, rng, args.randoms)


# ---------------------------------------------------------------------------
# Images (docs/Semantics.md#images): an image is a resource of the launch,
# which the folder does not see, so --images checks the host backend against
# the rule computed here and every other backend against the host, bit for
# bit.
# ---------------------------------------------------------------------------

IMAGE_H, IMAGE_W = 3, 5
# One thread per texel of an image one texel wider on each side.
IMAGE_THREADS = (IMAGE_W + 2, IMAGE_H + 2)


def image_module():
    """A kernel that reads each texel (and the ring around the images) of an
    imageh, as f16 and as f32, and of an imagef, keeps what it saw in
    buffers, and writes the imagef texel to an imageh (rounded once) and the
    imageh texel to an imagef (widened)."""
    h, w = IMAGE_H, IMAGE_W
    tw, th = IMAGE_THREADS
    n = tw * th * 4
    img = lambda kind: f"!tolk.ptr<f32, global, {kind}<{h}x{w}x4>>"
    buf = lambda ty: f"!tolk.ptr<{ty}, global, {n}, v = 4>"
    return f"""gpu.module @images {{
  gpu.func @texels(%h: {img('imageh')} {{tolk.readonly}},
                   %f: {img('imagef')} {{tolk.readonly}},
                   %s16: {buf('f16')}, %s32: {buf('f32')}, %sf: {buf('f32')},
                   %oh: {img('imageh')}, %of: {img('imagef')}) kernel
      attributes {{known_block_size = array<i32: {tw}, {th}, 1>, known_grid_size = array<i32: 1, 1, 1>}} {{
    %tx = tolk.special local_id x : si32
    %ty = tolk.special local_id y : si32
    %one = tolk.const 1 : si32
    %x = tolk.sub %tx, %one : si32
    %y = tolk.sub %ty, %one : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %a = tolk.image_load %h[%xy] : {img('imageh')} -> vector<4xf16>
    %b = tolk.image_load %h[%xy] : {img('imageh')} -> vector<4xf32>
    %c = tolk.image_load %f[%xy] : {img('imagef')} -> vector<4xf32>
    %tws = tolk.const {tw} : si32
    %row = tolk.mul %ty, %tws : si32
    %t = tolk.add %row, %tx : si32
    %four = tolk.const 4 : si32
    %k = tolk.mul %t, %four : si32
    %p16 = tolk.index %s16[%k] : {buf('f16')}, si32
    tolk.store %p16, %a : {buf('f16')}, vector<4xf16>
    %p32 = tolk.index %s32[%k] : {buf('f32')}, si32
    tolk.store %p32, %b : {buf('f32')}, vector<4xf32>
    %pf = tolk.index %sf[%k] : {buf('f32')}, si32
    tolk.store %pf, %c : {buf('f32')}, vector<4xf32>
    tolk.image_store %oh[%xy], %c : {img('imageh')}, vector<4xf32>
    tolk.image_store %of[%xy], %b : {img('imagef')}, vector<4xf32>
    gpu.return
  }}
}}
"""


def f16_to_f32_bits(bits):
    """The f32 bits of an f16 value (exact), None for a NaN."""
    v = float_value("f16", bits)
    return None if v is None else struct.unpack("<I", struct.pack("<f", v))[0]


def f32_to_f16_bits(bits):
    """f32 bits rounded once to f16, to nearest even; None for a NaN."""
    v = float_value("f32", bits)
    if v is None:
        return None
    if math.isinf(v) or abs(v) >= 65520.0:  # Past the largest, ties up.
        return 0x7c00 | (0x8000 if bits >> 31 else 0)
    return struct.unpack("<H", struct.pack("<e", v))[0]


def image_inputs(rng):
    """The texels: every f16 corner (NaNs included) and random f16 bits;
    f32 corners and, around f16 rounding boundaries, the tie and its
    neighbours."""
    count = IMAGE_H * IMAGE_W * 4
    half = boundary_values("f16", rng, 8)
    half = (half * (count // len(half) + 1))[:count]
    rng.shuffle(half)
    full = boundary_values("f32", rng, 4)
    while len(full) < count:
        v = f16_to_f32_bits(rng.getrandbits(15) & 0x7bff)
        full += [v + (1 << 12) + d for d in (-1, 0, 1)]
    full = full[:count]
    rng.shuffle(full)
    return half, full


def check_images(args, rng, tmp):
    """The disagreements of --images, and a summary line per backend."""
    h, w = IMAGE_H, IMAGE_W
    tw, th = IMAGE_THREADS
    half, full = image_inputs(rng)
    src = os.path.join(tmp, "images.mlir")
    with open(src, "w") as f:
        f.write(image_module())
    hin, fin = os.path.join(tmp, "h.npy"), os.path.join(tmp, "f.npy")
    write_npy(hin, "f16", half, (h, w, 4))
    write_npy(fin, "f32", full, (h, w, 4))
    names = [("s16", "f16"), ("s32", "f32"), ("sf", "f32"), ("oh", "f16"),
             ("of", "f32")]
    results = {}
    for backend in ["host"] + [b for b in args.backend if b != "host"]:
        outs = [os.path.join(tmp, f"{name}-{backend}.npy") for name, _ in names]
        r = run([tool(args, "tolk-run"), src, "--kernel", "texels",
                 "--backend", backend, hin, fin, "-o"] + outs)
        if r.returncode:
            results[backend] = r.stderr.strip()
            continue
        results[backend] = {name: read_npy(out, ty)
                            for (name, ty), out in zip(names, outs)}
    failures, lines = [], []
    host = results["host"]
    if isinstance(host, str):
        return [f"images [host]: tolk-run failed:\n{host}"], lines

    # The rule: the texel seen where the thread is inside, zeros outside.
    def texel(values, tx, ty, lane):
        x, y = tx - 1, ty - 1
        if 0 <= x < w and 0 <= y < h:
            return values[(y * w + x) * 4 + lane]
        return None
    want = {name: [] for name, _ in names}
    for ty_ in range(th):
        for tx in range(tw):
            for lane in range(4):
                hv, fv = texel(half, tx, ty_, lane), texel(full, tx, ty_, lane)
                want["s16"].append(0 if hv is None else hv)
                want["s32"].append(0 if hv is None else f16_to_f32_bits(hv))
                want["sf"].append(0 if fv is None else fv)
    want["oh"] = [f32_to_f16_bits(v) for v in full]
    want["of"] = [f16_to_f32_bits(v) for v in half]
    compared = 0
    for name, ty in names:
        for i, (wv, g) in enumerate(zip(want[name], host[name])):
            # A NaN's bits are the backend's (docs/Semantics.md#nans):
            # compared with the host's below, not here.
            if wv is None:
                continue
            compared += 1
            if wv != g:
                failures.append(f"images {name} [host] element {i}: rule "
                                f"0x{wv:x}, run 0x{g:x}")
    lines.append(f"images host: {compared} compared with the rule")
    for backend, got in results.items():
        if backend == "host":
            continue
        if isinstance(got, str):
            failures.append(f"images [{backend}]: tolk-run failed:\n{got}")
            continue
        n = excused_n = 0
        for name, ty in names:
            for i, (hv, g) in enumerate(zip(host[name], got[name])):
                # A storage image's format conversion may quiet a
                # signalling NaN (lavapipe reads an Rgba16f 0x7c01 as
                # 0x7e01), as any conversion may (excused()).
                if (ty == "f16" and float_is_snan(ty, hv) and
                        g == hv | 1 << 9):
                    excused_n += 1
                    continue
                n += 1
                if hv != g:
                    failures.append(f"images {name} [{backend}] element {i}: "
                                    f"host 0x{hv:x}, run 0x{g:x}")
        lines.append(f"images {backend}: {n} compared with the host, "
                     f"{excused_n} excused (signalling NaNs quieted)")
    return failures, lines


def main():
    p = argparse.ArgumentParser(
        description="The folder against running kernels, op by op")
    p.add_argument("--bin", help="the directory of tolk-opt and tolk-run "
                   "(default: found on PATH)")
    p.add_argument("--backend", action="append",
                   help="host, vulkan or cuda (repeatable; default host)")
    p.add_argument("--op", action="append", help="an op (default: all), "
                   "cast to check every pair of data types, bitcast every "
                   "pair of one size, cast:T or bitcast:T those to T only")
    p.add_argument("--dtype", action="append", help="default: all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--randoms", type=int, default=4,
                   help="random values per type besides the corners")
    p.add_argument("--max-cases", type=int, default=0,
                   help="sample at most this many input tuples per op")
    p.add_argument("--exhaustive", action="store_true",
                   help="every bit pattern of 8- and 16-bit types")
    p.add_argument("--f32-boundaries", action="store_true",
                   help="an f32 source of a conversion also takes the f32 "
                   "patterns around every rounding boundary of the 8-bit "
                   "floats and every 2^16th pattern (about 70000)")
    p.add_argument("--max-failures", type=int, default=20)
    p.add_argument("--tsv", metavar="FILE",
                   help="also write one tab-separated line per cell and "
                   "backend: op, operand types, result type, backend, "
                   "cases compared, agreeing, excused, undefined, and why "
                   "the cell did not run (empty where it ran)")
    p.add_argument("--images", action="store_true",
                   help="instead of the ops, check image loads and stores: "
                   "the host against the rule, each other backend against "
                   "the host, bit for bit")
    args = p.parse_args()
    for op in args.op or []:
        kind, colon, target = op.partition(":")
        if not (op in OPS or kind in ("cast", "bitcast") and
                (not colon or target in TYPES)):
            p.error(f"unknown --op '{op}' (an op of {', '.join(sorted(OPS))};"
                    f" cast, bitcast, cast:T or bitcast:T, T a data type)")
    for ty in args.dtype or []:
        if ty not in TYPES:
            p.error(f"unknown --dtype '{ty}' (one of {', '.join(TYPES)})")
    args.backend = args.backend or ["host"]
    rng = random.Random(args.seed)
    print(f"differential: seed {args.seed}, backends {', '.join(args.backend)}")
    if args.images:
        with tempfile.TemporaryDirectory(prefix="tolk-diff-") as tmp:
            failures, lines = check_images(args, rng, tmp)
        for line in lines:
            print(line)
        for f in failures[:args.max_failures]:
            print("  MISMATCH " + f)
        print(f"differential: {len(failures)} disagreement(s); replay with "
              f"--seed {args.seed}")
        return 1 if failures else 0

    all_failures = []
    # Per backend: cases compared, excused, undefined; cells unsupported.
    totals = {b: [0, 0, 0, 0] for b in args.backend}
    tsv = open(args.tsv, "w") if args.tsv else None
    with tempfile.TemporaryDirectory(prefix="tolk-diff-") as tmp:
        for in_tys, group in groups(cells(args)):
            values = [input_values(args, group[0][0], ty, rng, len(in_tys))
                      for ty in in_tys]
            failures, counts = check(args, group, in_tys, values, tmp)
            for cell in group:
                op, out_ty = cell
                for backend in args.backend:
                    c = counts.get((cell, backend))
                    if tsv:
                        row = [op, "/".join(in_tys), out_ty, backend]
                        if c is None or isinstance(c, str):
                            row += ["0"] * 4 + [c or "failed"]
                        else:
                            row += [str(c[0]), str(c[0] - c[3]), str(c[1]),
                                    str(c[2]), ""]
                        tsv.write("\t".join(row) + "\n")
                    if c is None:
                        continue
                    head = (f"{op.split(':')[0]:>11} {'/'.join(in_tys):>15} -> "
                            f"{out_ty:<11} {backend:<7}")
                    if isinstance(c, str):
                        totals[backend][3] += 1
                        print(f"{head} {c}")
                        continue
                    for i in range(3):
                        totals[backend][i] += c[i]
                    print(f"{head}{c[0]:>7} compared {c[1]:>4} excused "
                          f"{c[2]:>4} undefined")
            for f in failures[:args.max_failures]:
                print("  MISMATCH " + f)
            all_failures += failures
    if tsv:
        tsv.close()
    for backend, (compared, excused_n, undefined, unsupported) in \
            totals.items():
        zeros = CONSTANT_ZERO_EXCUSED.get(backend, 0)
        line = (f"differential: {backend}: {compared} compared, "
                f"{excused_n - zeros} excused (signalling NaNs into a "
                f"conversion), {undefined} undefined (not folded), "
                f"{unsupported} cell(s) unsupported")
        if zeros:
            line += (f", {zeros} excused (the driver's arithmetic with a "
                     f"constant zero)")
        print(line)
    print(f"differential: {len(all_failures)} disagreement(s); replay with "
          f"--seed {args.seed}")
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
