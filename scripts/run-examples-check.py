#!/usr/bin/env python3
# ===- run-examples-check.py - The examples run, checked by the folder ----===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# The last step of the README's main job (scripts/run-examples.sh): runs the
# two examples with tolk-run on every backend this machine has (host always;
# Vulkan where a device answers, lavapipe on a CPU; CUDA where a driver
# loads), on generated inputs, prints a few elements of each output, and
# says whether every element has the bits the folder computes for the same
# values (docs/Semantics.md, "The three rules": lowered code computes the
# folder's bits).
#
# The folder's answer is a constant program per element: the example's value
# ops with its inputs replaced by that element's constants, folded by
# `tolk-opt --canonicalize`.
#
#   run-examples-check.py --bin build/bin --work DIR [--backend NAME]...
#
# ===-----------------------------------------------------------------------===#

import argparse
import os
import random
import re
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# differential.py, beside this script.
sys.path.insert(0, HERE)
import differential as diff  # noqa: E402

SCALAR_RE = re.compile(r"tensor<(?:\d+x)*([^>]+)>")
DEF_RE = re.compile(r"^\s*(%[\w.]+) = (tolk\.\w+) (.*)$")


def f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def f16_value(bits):
    return struct.unpack("<e", struct.pack("<H", bits))[0]


def f32_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def fold(tolk_opt, functions, work, name):
    """The folded bits each function @eN returns, in order."""
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write("\n".join(functions))
    r = subprocess.run([tolk_opt, "--canonicalize", path], capture_output=True,
                       text=True)
    if r.returncode:
        sys.exit("run-examples-check: the folder failed on %s:\n%s" %
                 (path, r.stderr))
    out = []
    for chunk in re.split(r"func\.func @e\d+", r.stdout)[1:]:
        out.append(diff.parse_folded(chunk)[0])
    return out


def element_function(n, consts, body, result, ty):
    """@eN: `consts` (name, type, bits), then `body`, returning `result` of
    type `ty` as its storage bits."""
    lines = []
    for name, cty, bits in consts:
        diff.const_of(cty, bits, name.lstrip("%"), lines)
    lines += ["  " + line.strip() for line in body]
    st = diff.BITS_TYPE[diff.width(ty)] if diff.is_float(ty) else ty
    if st != ty:
        lines.append(f"  %bits = tolk.bitcast {result} : {ty} to {st}")
        result = "%bits"
    lines.append(f"  return {result} : {st}")
    return f"func.func @e{n}() -> {st} {{\n" + "\n".join(lines) + "\n}\n"


def backends_to_try(requested, tolk_run):
    return requested or ["host", "vulkan", "cuda"]


def run(tolk_run, backend, argv):
    r = subprocess.run([tolk_run] + argv + ["--backend", backend],
                       capture_output=True, text=True)
    return r.returncode, (r.stderr or r.stdout).strip()


def report(name, backend, out_ty, want, got, show):
    def text(bits):
        if out_ty == "f16":
            return repr(f16_value(bits))
        if out_ty == "f32":
            return repr(f32_value(bits))
        return str(bits)
    print("  %s on %s: %s ..." % (name, backend,
                                   ", ".join(text(b) for b in got[:show])))
    bad = [i for i, (w, g) in enumerate(zip(want, got))
           if w is not None and w != g]
    unfolded = sum(1 for w in want if w is None)
    if bad:
        i = bad[0]
        print("  %s on %s: %d of %d elements differ from the folder's, "
              "the first at %d: folder 0x%x, %s 0x%x" %
              (name, backend, len(bad), len(want), i, want[i], backend, got[i]))
        return False
    print("  %s on %s: every element (%d) has the folder's bits%s" %
          (name, backend, len(want) - unfolded,
           " (%d not folded)" % unfolded if unfolded else ""))
    return True


def check_elementwise(args, rng):
    """examples/elementwise.mlir: scale_and_shift(x, n) = x * 6 + n over a
    4x8 f16 tensor and an si8 scalar."""
    src = os.path.join(ROOT, "examples", "elementwise.mlir")
    lines = open(src).read().splitlines()
    start = next(i for i, l in enumerate(lines) if "func.func @scale_and_shift" in l)
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == "}")
    body = [SCALAR_RE.sub(r"\1", l) for l in lines[start + 1:end]
            if not l.strip().startswith("return")]
    result = lines[end - 1].split()[1]
    # Generated inputs: multiples of 1/8 and a few edges of f16's range.
    xs = [f16_bits(rng.randrange(-64, 64) / 8) for _ in range(32)]
    xs[0], xs[1], xs[2] = f16_bits(65504.0), f16_bits(-0.0), f16_bits(1e-7)
    n = rng.randrange(-128, 128)
    x_path = os.path.join(args.work, "x.npy")
    diff.write_npy(x_path, "f16", xs, (4, 8))
    functions = [element_function(i, [("%x", "f16", xs[i]), ("%n", "si8", n & 0xFF)],
                                  body, result, "f16") for i in range(32)]
    want = fold(diff_tool(args, "tolk-opt"), functions, args.work,
                "elementwise-folded.mlir")
    print("== examples/elementwise.mlir: scale_and_shift(x, %d), x a 4x8 f16 "
          "tensor: %s ..." % (n, ", ".join(repr(f16_value(b)) for b in xs[:4])))
    argv = [src, "--kernel", "scale_and_shift", "--arg", str(n), x_path]
    return run_backends(args, "scale_and_shift", argv, "f16", want)


def check_kernel(args, rng):
    """examples/kernels.mlir: neighbour_sum, y[i] = (x[i] + x[next]) * scale
    for the threads below n, next the neighbour in the 256-thread block."""
    src = os.path.join(ROOT, "examples", "kernels.mlir")
    text = open(src).read().splitlines()
    defs = {}
    for line in text:
        m = DEF_RE.match(line)
        if m:
            defs[m.group(1)] = line
    store = next(l for l in text if "tolk.store %py" in l)
    value = store.split()[2].rstrip(",")
    # The value ops the stored value depends on, up to the loads, whose
    # values are this element's inputs.
    inputs = ("%xi", "%xn", "%scale")
    body, todo, seen = [], [value], set()
    while todo:
        v = todo.pop()
        if v in seen or v in inputs:
            continue
        seen.add(v)
        line = defs[v]
        body.append(line)
        todo += re.findall(r"%[\w.]+", line.split("=", 1)[1])
    order = {line: i for i, line in enumerate(text)}
    body.sort(key=lambda l: order[l])
    size, grid, block = 1000, 4, 256
    xs = [f16_bits(rng.randrange(-256, 256) / 16) for _ in range(size)]
    scale = 0.5
    x_path = os.path.join(args.work, "h.npy")
    diff.write_npy(x_path, "f16", xs)

    def x_at(i):  # A gated-off load is 0.0 in the tile.
        return xs[i] if i < size else f16_bits(0.0)

    functions = []
    for i in range(size):
        b, l = divmod(i, block)
        nxt = b * block + (l + 1) % block
        functions.append(element_function(
            i, [("%xi", "f16", x_at(i)), ("%xn", "f16", x_at(nxt)),
                ("%scale", "f32", struct.unpack("<I", struct.pack("<f", scale))[0])],
            body, value, "f32"))
    want = fold(diff_tool(args, "tolk-opt"), functions, args.work,
                "kernels-folded.mlir")
    print("== examples/kernels.mlir: neighbour_sum on %d f16 (%s ...), "
          "scale %s, grid %d x block %d" %
          (size, ", ".join(repr(f16_value(b)) for b in xs[:4]), scale, grid,
           block))
    argv = [src, "--kernel", "neighbour_sum", "--grid", str(grid), "--arg",
            str(scale), "--arg", str(size), x_path]
    # y's pointer type has no element count: its shape is given (OUT.npy:N).
    return run_backends(args, "neighbour_sum", argv, "f32", want, str(size))


def run_backends(args, name, argv, out_ty, want, out_shape=None):
    ok = True
    for backend in args.backend or ["host", "vulkan", "cuda"]:
        out = os.path.join(args.work, "%s-%s.npy" % (name, backend))
        target = out + ":" + out_shape if out_shape else out
        rc, err = run(diff_tool(args, "tolk-run"), backend, argv + ["-o", target])
        if rc:
            if backend == "host" or args.backend:
                print("  %s on %s: tolk-run failed: %s" % (name, backend, err))
                ok = False
            else:  # No device or driver here: say so, and go on.
                print("  %s on %s: skipped (%s)" % (name, backend,
                                                    err.splitlines()[-1]))
            continue
        ok &= report(name, backend, out_ty, want, diff.read_npy(out, out_ty),
                     args.show)
    return ok


def diff_tool(args, name):
    return os.path.join(args.bin, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bin", required=True, help="the build's bin directory")
    ap.add_argument("--work", required=True, help="where inputs and outputs go")
    ap.add_argument("--backend", action="append",
                    help="host, vulkan or cuda (default: each that works)")
    ap.add_argument("--show", type=int, default=6,
                    help="how many elements of each output to print")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    rng = random.Random(args.seed)
    ok = check_elementwise(args, rng)
    ok &= check_kernel(args, rng)
    print("== every run matches the folder" if ok else
          "== some runs differ from the folder")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
