#!/usr/bin/env python3
# ===- differential.py - The folder against running kernels --------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# DESIGN.md's rule 2 says that lowered code computes the bits the folder
# computes. This script checks it: for each elementwise op and each data
# type it takes boundary values (±0, subnormals, ±max, infinities, NaNs with
# payloads, integer extremes, shift counts at and past the width) and a few
# seeded random ones, and
#
#   1. folds the op on every input with `tolk-opt --canonicalize` (inputs
#      built by tolk.bitcast of integer constants, results bitcast back, so
#      that every bit is visible in the printed IR);
#   2. runs the same op as a tensor-level function with `tolk-run` on each
#      backend asked for (host, vulkan, cuda), inputs and outputs as .npy;
#   3. compares the bits.
#
# What is not compared bit for bit, and why (docs/Rationale.md, "Differential
# testing"):
# - DESIGN.md rule 2's exceptions: signalling NaNs into a conversion, and
#   float-to-integer casts of NaN, infinities and values out of the integer's
#   range;
# - inputs the folder leaves unfolded (a case undefined at run time, such as
#   integer division by zero, is never folded);
# - a NaN produced by float arithmetic matches any NaN: its payload and sign
#   are the hardware's (x86 gives 0xFFC00000, PTX 0x7FFFFFFF);
# - sqrt, exp2 and log2 (and pow on Vulkan) within the ULP bound of
#   ULP_BOUNDS for that backend.
#
#   scripts/differential.py --bin build/bin --backend host --backend vulkan
#   scripts/differential.py --bin build/bin --op add --dtype f8E4M3FN --exhaustive
#
# It prints one line per (op, dtype, backend) and each disagreement with its
# inputs' bits, and exits non-zero if any remain.
#
# ===-----------------------------------------------------------------------===#

import argparse
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

# Float formats: (exponent bits, mantissa bits, flavour). "ieee" has
# infinities and NaNs with an all-ones exponent; "fn" (e4m3fn) has no
# infinity and S.1111.111 as its NaN; "fnuz" has no infinity, no -0 and
# 0x80 as its one NaN.
FLOATS = {
    "f16": (5, 10, "ieee"), "bf16": (8, 7, "ieee"), "f32": (8, 23, "ieee"),
    "f64": (11, 52, "ieee"), "f8E5M2": (5, 2, "ieee"),
    "f8E4M3FN": (4, 3, "fn"), "f8E4M3FNUZ": (4, 3, "fnuz"),
    "f8E5M2FNUZ": (5, 2, "fnuz"),
}

# The storage integer a type is bitcast to, to print its bits.
BITS_TYPE = {8: "ui8", 16: "ui16", 32: "ui32", 64: "ui64"}


def is_float(ty):
    return TYPES[ty][1] == "float"


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
    """Bit patterns of `ty` at its corners, then `randoms` random ones."""
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


def all_values(ty):
    return list(range(1 << width(ty))) if width(ty) <= 16 else None


# ---------------------------------------------------------------------------
# Ops: mnemonic -> (arity, which data types, result type).
# ---------------------------------------------------------------------------

def same(ty):
    return ty


def boolean(ty):
    return "i1"


def ints_and_bool(ty):
    return is_int(ty) or ty == "i1"


def numbers(ty):
    return ty != "i1"


def everything(ty):
    return True


def true_div(ty):
    """tolk.div without a rounding mode: an integer divides as the default
    float (seed 003's least_upper_float)."""
    return ty if is_float(ty) else "f32"


OPS = {
    "add": (2, numbers, same), "sub": (2, numbers, same),
    "mul": (2, numbers, same), "div": (2, numbers, true_div),
    "truncdiv": (2, is_int, same), "mod": (2, is_int, same),
    "fmod": (2, is_float, same),
    "max": (2, everything, same), "minimum": (2, everything, same),
    "cmplt": (2, everything, boolean), "cmpeq": (2, everything, boolean),
    "ne": (2, everything, boolean), "gt": (2, everything, boolean),
    "le": (2, everything, boolean), "ge": (2, everything, boolean),
    "and": (2, ints_and_bool, same), "or": (2, ints_and_bool, same),
    "xor": (2, ints_and_bool, same),
    "shl": (2, is_int, same), "shr": (2, is_int, same),
    "pow": (2, numbers, same),
    "neg": (1, numbers, same), "reciprocal": (1, is_float, same),
    "trunc": (1, is_float, same), "floor": (1, is_float, same),
    "sqrt": (1, is_float, same), "exp2": (1, is_float, same),
    "log2": (1, is_float, same),
    "logical_not": (1, everything, boolean),
    "bitwise_not": (1, ints_and_bool, same),
}

# Transcendental ops: the largest ULP distance from the folder's result
# each backend may have, per data type (every other op: 0). The folder
# rounds the exact result once (correctly rounded); libm and GPU math are
# not. Host and CUDA: 1 ULP. Vulkan: the precision the Vulkan spec gives
# GLSL.std.450 (sqrt as 1/inversesqrt, 3 ULP; exp2 3 + 2|x| ULP; log2 3 ULP
# outside [0.5, 2], an absolute 2^-21 inside), and subnormal inputs may be
# flushed to zero (no shaderDenormPreserve), so they are not compared.
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
    bound = ULP_BOUNDS.get((backend, op), 1)
    if backend == "vulkan" and op == "exp2":
        x = float_value(ty, inputs[0])
        bound += 2 * abs(int(x)) if x is not None and abs(x) < 1e6 else 0
    return bound


# What a backend is known to get wrong, left out of the comparison and
# reported as such until it is fixed (docs/Rationale.md, "Differential
# testing"): (backend, op or "cast") -> why.
KNOWN_GAPS = {}


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
    st = BITS_TYPE[width(ty)]
    lines.append(f"  %{name}_bits = tolk.const {bits} : {st}")
    lines.append(f"  %{name} = tolk.bitcast %{name}_bits : {st} to {ty}")


def op_line(op, name, operands, in_ty, out_ty):
    args = ", ".join(f"%{o}" for o in operands)
    if op.startswith("cast:"):
        return f"  %{name} = tolk.cast {args} : {in_ty} to {out_ty}"
    ins = ", ".join([in_ty] * len(operands))
    return f"  %{name} = tolk.{op} {args} : ({ins}) -> {out_ty}"


def fold_module(op, in_ty, out_ty, cases):
    """A function returning each case's result as its storage integer."""
    lines, results = [], []
    for i, case in enumerate(cases):
        names = []
        for j, bits in enumerate(case):
            const_of(in_ty, bits, f"a{i}_{j}", lines)
            names.append(f"a{i}_{j}")
        lines.append(op_line(op, f"r{i}", names, in_ty, out_ty))
        if is_float(out_ty):
            st = BITS_TYPE[width(out_ty)]
            lines.append(f"  %o{i} = tolk.bitcast %r{i} : {out_ty} to {st}")
            results.append((f"o{i}", st))
        else:
            results.append((f"r{i}", out_ty))
    sig = ", ".join(t for _, t in results)
    ret = ", ".join(f"%{n}" for n, _ in results)
    return ("func.func @fold() -> (" + sig + ") {\n" + "\n".join(lines) +
            f"\n  return {ret} : {sig}\n}}\n")


CONST_RE = re.compile(r"^\s*(%\S+) = tolk\.const (\S+) : (\S+)$")
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
        else:
            out.append(int(v, 0) & ((1 << width(ty)) - 1))
    return out


def kernel_module(op, in_ty, out_ty, n, arity):
    t_in, t_out = f"tensor<{n}x{in_ty}>", f"tensor<{n}x{out_ty}>"
    params = ", ".join(f"%a{j}: {t_in}" for j in range(arity))
    line = op_line(op, "r", [f"a{j}" for j in range(arity)], t_in, t_out)
    return (f"func.func @diff({params}) -> {t_out} {{\n{line}\n"
            f"  return %r : {t_out}\n}}\n")


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


def is_subnormal(ty, bits):
    e, m, _ = FLOATS[ty]
    return bits >> m & ((1 << e) - 1) == 0 and bits & ((1 << m) - 1) != 0


def ordered(ty, bits):
    """Float bits as an integer whose order is the values' order (for ULP
    distances); +0 and -0 are both 0."""
    e, m, _ = FLOATS[ty]
    sign, mag = bits >> (e + m) & 1, bits & ((1 << (e + m)) - 1)
    return -mag if sign else mag


def excluded(op, in_ty, out_ty, case):
    """DESIGN.md rule 2's documented exceptions."""
    if is_float(in_ty) and any(float_is_snan(in_ty, a) for a in case):
        # Hardware conversions quiet a signalling NaN, and an op computed
        # in a wider type converts its operands first: pow(1, sNaN) is 1
        # on the quieted NaN where the folder's libm gives a NaN.
        return True
    if not op.startswith("cast:"):
        return False
    a = case[0]
    if is_float(in_ty) and is_int(out_ty):
        # NaN, infinities and values out of the integer's range: the folder
        # wraps, targets saturate.
        return True if float_is_nan(in_ty, a) or float_is_inf(in_ty, a) \
            else None  # Range checked by the caller from the folded value.
    return False


def zero_sign_only(backend, ty, want, got):
    """Vulkan may ignore the sign of a zero: lavapipe (Mesa 22.3) folds
    0.0 + x to x although the module asks for SignedZeroInfNanPreserve (a
    driver gap, docs/Rationale.md, "Differential testing")."""
    sign = 1 << (width(ty) - 1)
    return (backend == "vulkan" and is_float(ty) and
            (want | sign) == (got | sign) and want & ~sign == 0)


def agree(op, backend, out_ty, want, got, arith_nan, inputs):
    if want == got or zero_sign_only(backend, out_ty, want, got):
        return True
    if not is_float(out_ty):
        return False
    if float_is_nan(out_ty, want) and float_is_nan(out_ty, got):
        return arith_nan
    if float_is_nan(out_ty, want) or float_is_nan(out_ty, got):
        return False
    bound = ulp_bound(op, backend, out_ty, inputs)
    if abs(ordered(out_ty, want) - ordered(out_ty, got)) <= bound:
        return True
    if backend == "vulkan" and op == "log2":
        x = float_value(out_ty, inputs[0])
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


def check(args, op, in_ty, out_ty, arity, values, tmp):
    if arity == 1:
        cases = [(a,) for a in values]
    else:
        cases = [(a, b) for a in values for b in values]
    if args.max_cases and len(cases) > args.max_cases:
        rng = random.Random(args.seed)
        cases = rng.sample(cases, args.max_cases)
    opt = tool(args, "tolk-opt")
    fold_src = os.path.join(tmp, "fold.mlir")
    with open(fold_src, "w") as f:
        f.write(fold_module(op, in_ty, out_ty, cases))
    r = run([opt, "--canonicalize", fold_src])
    if r.returncode:
        return [f"{op} {in_ty}: tolk-opt failed:\n{r.stderr}"], {}
    want = parse_folded(r.stdout, out_ty)

    kern_src = os.path.join(tmp, "kernel.mlir")
    with open(kern_src, "w") as f:
        f.write(kernel_module(op, in_ty, out_ty, len(cases), arity))
    inputs = []
    for j in range(arity):
        path = os.path.join(tmp, f"in{j}.npy")
        write_npy(path, in_ty, [c[j] for c in cases])
        inputs.append(path)
    failures, counts = [], {}
    tolk_run = tool(args, "tolk-run")
    for backend in args.backend:
        gap = KNOWN_GAPS.get((backend, op.split(":")[0]))
        if gap:
            counts[backend] = f"known gap: {gap}"
            continue
        out = os.path.join(tmp, f"out-{backend}.npy")
        r = run([tolk_run, kern_src, "--kernel", "diff", "--backend",
                 backend] + inputs + ["-o", out])
        if r.returncode:
            if UNSUPPORTED.search(r.stderr):
                line = r.stderr.strip().splitlines()[0]
                counts[backend] = "unsupported: " + line.split("error: ")[-1]
                continue
            failures.append(f"{op} {in_ty}->{out_ty} [{backend}]: tolk-run "
                            f"failed:\n{r.stderr.strip()}")
            continue
        got = read_npy(out, out_ty)
        compared = skipped = 0
        # A conversion keeps a NaN's payload (the seed's rule) on every
        # backend: the SPIR-V lowering computes it in integer arithmetic.
        arith_nan = not op.startswith("cast:")
        for case, w, g in zip(cases, want, got):
            ex = excluded(op, in_ty, out_ty, case)
            if backend == "vulkan" and op in TRANSCENDENTAL and \
                    is_subnormal(in_ty, case[0]):
                ex = True  # Vulkan may flush subnormal inputs.
            if w is None or ex is True:
                skipped += 1
                continue
            if ex is None and w != g:
                skipped += 1  # Out of the integer's range: rule 2.
                continue
            compared += 1
            if not agree(op, backend, out_ty, w, g, arith_nan, case):
                bits = " ".join(f"0x{x:x}" for x in case)
                failures.append(f"{op} {in_ty}->{out_ty} [{backend}] inputs "
                                f"{bits}: folder 0x{w:x}, run 0x{g:x}")
        counts[backend] = (compared, skipped)
    return failures, counts


def main():
    p = argparse.ArgumentParser(
        description="The folder against running kernels, op by op")
    p.add_argument("--bin", help="the directory of tolk-opt and tolk-run "
                   "(default: found on PATH)")
    p.add_argument("--backend", action="append",
                   help="host, vulkan or cuda (repeatable; default host)")
    p.add_argument("--op", action="append", help="an op (default: all), "
                   "or cast to check every pair of data types")
    p.add_argument("--dtype", action="append", help="default: all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--randoms", type=int, default=4,
                   help="random values per type besides the corners")
    p.add_argument("--max-cases", type=int, default=0,
                   help="sample at most this many input tuples per op")
    p.add_argument("--exhaustive", action="store_true",
                   help="every bit pattern of 8- and 16-bit types")
    p.add_argument("--max-failures", type=int, default=20)
    args = p.parse_args()
    args.backend = args.backend or ["host"]
    ops = args.op or sorted(OPS) + ["cast"]
    dtypes = args.dtype or list(TYPES)
    rng = random.Random(args.seed)
    print(f"differential: seed {args.seed}, backends {', '.join(args.backend)}")

    jobs = []
    for op in ops:
        if op == "cast":
            for a in dtypes:
                for b in TYPES:
                    if a != b:
                        jobs.append((f"cast:{b}", a, b, 1))
            continue
        arity, applies, result = OPS[op]
        for ty in dtypes:
            if applies(ty):
                jobs.append((op, ty, result(ty), arity))

    all_failures = []
    with tempfile.TemporaryDirectory(prefix="tolk-diff-") as tmp:
        for op, in_ty, out_ty, arity in jobs:
            values = (all_values(in_ty) if args.exhaustive and
                      width(in_ty) <= (8 if arity == 2 else 16) else None)
            if values is None:
                values = boundary_values(in_ty, rng, args.randoms)
            failures, counts = check(args, op, in_ty, out_ty, arity, values,
                                     tmp)
            for backend, c in counts.items():
                head = f"{op:>18} {in_ty:>11} -> {out_ty:<11} {backend:<7}"
                if isinstance(c, str):
                    print(f"{head} {c}")
                else:
                    print(f"{head}{c[0]:>7} compared {c[1]:>5} skipped")
            for f in failures[:args.max_failures]:
                print("  MISMATCH " + f)
            all_failures += failures
    print(f"differential: {len(all_failures)} disagreement(s); replay with "
          f"--seed {args.seed}")
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
