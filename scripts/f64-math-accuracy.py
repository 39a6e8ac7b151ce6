#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The accuracy of f64 exp2, log2 and pow on each backend, in ULPs of the
correctly rounded result (docs/Lowering.md, "f64 exp2, log2 and pow").

Runs `tolk.exp2`, `tolk.log2` and `tolk.pow` on f64 tensors of a dense
sample with tolk-run on each backend named by --backend (the host computes
with its libm, Vulkan with Tolk's expansion) and prints, per op and
backend, the largest distance from the exact result over the finite
results, and the special cases (zeros, infinities, NaNs, negative bases)
whose result differs from C99's (Annex F) beyond a NaN's sign and payload.

The reference is x86's 80-bit long double (numpy's longdouble: exp2l,
log2l, powl), 11 bits more than f64: a figure is exact to about 0.001 ULP.
The sample: random bit patterns over every binade, operands near 1, around
the overflow and subnormal thresholds, subnormal operands, and for pow
exponents that put y log2(x) anywhere in the finite range, integer
exponents of negative bases, and a grid of special values.

  scripts/f64-math-accuracy.py --bin build/bin --backend host,vulkan [-n N]
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

LD = np.longdouble
SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 2.5,
            -2.5, 1e308, -1e308, 5e-324, -5e-324, 2.2250738585072014e-308,
            float("inf"), -float("inf"), float("nan"), 2.0**53, -2.0**53,
            2.0**53 + 2, 1e-300, 1023.5, -1074.5]


def sample(op, n, rng):
    """(operands, is_special) for op: n random cases and the special grid."""
    k = n // 4

    def bits(count, positive):
        b = rng.integers(0, 0x7FF0000000000000, count, dtype=np.uint64)
        x = b.view(np.float64)
        return x if positive else np.where(rng.random(count) < 0.5, -x, x)

    if op == "exp2":
        xs = [rng.uniform(-1080, 1030, k), rng.uniform(-1, 1, k),
              rng.uniform(-1075, -1020, k // 2), rng.uniform(1020, 1024, k // 2),
              np.ldexp(rng.uniform(-1, 1, k), rng.integers(-1074, 0, k))]
        x = np.concatenate(xs)
        return [np.concatenate([x, SPECIALS])], len(x)
    if op == "log2":
        xs = [bits(k, True), 1 + rng.uniform(-0.3, 0.3, k),
              1 + np.ldexp(rng.uniform(-1, 1, k), rng.integers(-60, 0, k)),
              rng.integers(1, 1 << 52, k, dtype=np.uint64).view(np.float64)]
        x = np.concatenate(xs)
        return [np.concatenate([x, SPECIALS])], len(x)
    # pow: y log2(x) over the finite range; near 1; small bases and
    # exponents; negative bases with integer exponents; subnormal bases.
    x0 = bits(k, True)
    with np.errstate(divide="ignore"):
        l0 = np.abs(np.log2(x0))
    y0 = rng.uniform(-1, 1, k) * 1080 / np.maximum(l0, 1e-300)
    x1 = 1 + np.ldexp(rng.uniform(-1, 1, k), rng.integers(-52, 0, k))
    y1 = np.ldexp(rng.uniform(-1, 1, k), rng.integers(0, 63, k))
    x2 = rng.uniform(0, 4, k)
    y2 = rng.uniform(-300, 300, k)
    x3 = -rng.uniform(0, 30, k)
    y3 = np.floor(rng.uniform(-200, 200, k))
    x4 = rng.integers(1, 1 << 52, k // 2, dtype=np.uint64).view(np.float64)
    y4 = rng.uniform(-1, 1, k // 2)
    x = np.concatenate([x0, x1, x2, x3, x4])
    y = np.concatenate([y0, y1, y2, y3, y4])
    grid = np.array([(a, b) for a in SPECIALS for b in SPECIALS]).T
    return [np.concatenate([x, grid[0]]), np.concatenate([y, grid[1]])], len(x)


def reference(op, args):
    with np.errstate(all="ignore"):
        if op == "exp2":
            return np.exp2(LD(args[0]) if np.ndim(args[0]) == 0
                           else args[0].astype(LD))
        if op == "log2":
            return np.log2(args[0].astype(LD))
        return np.power(args[0].astype(LD), args[1].astype(LD))


def ulp_errors(got, ref):
    """|got - ref| in ULPs of ref's binade (subnormals: 2^-1074); inf where
    got and ref disagree on being finite."""
    with np.errstate(all="ignore"):
        big = np.abs(ref) >= LD(2.0) ** 1024 - LD(2.0) ** 970  # Rounds to inf.
        r = np.where(big, np.copysign(LD("inf"), ref), ref)
        finite = np.isfinite(r) & np.isfinite(got)
        e = np.floor(np.log2(np.abs(np.where(finite, r, 1))))
        ulp = np.exp2(np.maximum(e, -1022) - 52)
        err = np.abs(got.astype(LD) - r) / ulp
        same = (got.astype(LD) == r) | (np.isnan(got) & np.isnan(r))
        return np.where(same, 0, np.where(finite, err, np.inf))


MODULE = """func.func @f({params}) -> tensor<{n}xf64> {{
  %r = tolk.{op} {operands} : {types}
  return %r : tensor<{n}xf64>
}}
"""


def run(args, backend, op, operands, tmp):
    n = len(operands[0])
    ty = f"tensor<{n}xf64>"
    params = ", ".join(f"%a{i}: {ty}" for i in range(len(operands)))
    names = ", ".join(f"%a{i}" for i in range(len(operands)))
    types = ty if len(operands) == 1 else f"({ty}, {ty}) -> {ty}"
    src = os.path.join(tmp, f"{op}.mlir")
    with open(src, "w") as f:
        f.write(MODULE.format(params=params, n=n, op=op, operands=names,
                              types=types))
    files = []
    for i, a in enumerate(operands):
        files.append(os.path.join(tmp, f"{op}{i}.npy"))
        np.save(files[-1], a)
    out = os.path.join(tmp, f"{op}-{backend}.npy")
    subprocess.run([os.path.join(args.bin, "tolk-run"), "--quiet", src,
                    "--kernel", "f", "--backend", backend, *files, "-o", out],
                   check=True)
    return np.load(out)


def special_mismatches(op, operands, got, first):
    """Special cases whose result is not libm's (a NaN as any NaN)."""
    import ctypes
    libm = ctypes.CDLL("libm.so.6")
    fn = getattr(libm, op)
    fn.restype = ctypes.c_double
    fn.argtypes = [ctypes.c_double] * len(operands)
    bad = []
    for i in range(first, len(got)):
        a = [float(o[i]) for o in operands]
        want = fn(*a)
        g = float(got[i])
        if want != want and g != g:
            continue
        if np.float64(want).view(np.uint64) != np.float64(g).view(np.uint64):
            bad.append((a, g, want))
    return bad


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default="build/bin")
    p.add_argument("--backend", default="host,vulkan")
    p.add_argument("-n", type=int, default=200000,
                   help="random cases per op (default 200000)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = np.random.default_rng(args.seed)
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for op in ("exp2", "log2", "pow"):
            operands, first = sample(op, args.n, rng)
            ref = reference(op, operands)
            for backend in args.backend.split(","):
                got = run(args, backend, op, operands, tmp)
                err = ulp_errors(got[:first], ref[:first])
                worst = int(np.argmax(err))
                bad = special_mismatches(op, operands, got, first)
                where = ", ".join(float(o[worst]).hex() for o in operands)
                print(f"f64 {op} on {backend}: {first} cases, max "
                      f"{float(err[worst]):.4f} ULP ({op}({where})), "
                      f"{len(got) - first} special cases, {len(bad)} "
                      f"differ from C99's")
                for a, g, w in bad[:5]:
                    print(f"  {op}{tuple(a)} = {g!r}, C99: {w!r}")
                failed |= bool(bad) or not np.isfinite(err[worst])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
