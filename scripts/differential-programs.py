#!/usr/bin/env python3
# ===- differential-programs.py - Random programs: folder vs running ------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# The random-program half of the differential tests (differential.py checks
# one op at a time). For each seed it generates a tensor-level function with
# scripts/gen-random-graph.py's generator (mixed data types, numpy
# broadcasting, weak and strong constants, where/cast/bitcast chains),
# restricted to what a kernel can take: static tensor arguments of strong
# types, one result of the iteration shape. Then
#
#   1. the folder: for every element of the result, the same graph on
#      scalars, with each argument replaced by the constant the element reads
#      (numpy broadcasting), through `tolk-opt --canonicalize`;
#   2. each backend: `tolk-run` on the tensor function with the arguments as
#      .npy files;
#
# and compares the bits. Left out, because the exceptions of rule 2
# (docs/Semantics.md#the-three-rules) and the ULP bounds of differential.py
# allow them to differ and a chain would spread the difference: sqrt, exp2,
# log2 and float pow (not generated), and signalling NaN inputs (not drawn).
# Each scalar function also returns the
# input of every bitcast of a float of 16 bits or more whose NaN may come
# from float arithmetic, which makes "a NaN" of unspecified bits; an element
# where such a bitcast showed a NaN is counted as unspecified, not compared.
# A NaN result matches any NaN. An element the folder leaves unfolded
# (integer division by zero) is undefined at run time, not compared. The
# summary gives each count.
#
#   scripts/differential-programs.py --bin build/bin --seed 1 --count 50
#
# A failing seed is printed with its program and the element that differs;
# replay it with --seed N --count 1 --keep DIR.
#
# ===-----------------------------------------------------------------------===#

import argparse
import importlib.util
import itertools
import os
import random
import re
import shutil
import sys
import tempfile


def _load(name, file):
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(os.path.dirname(__file__), file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


diff = _load("differential", "differential.py")
graph = _load("random_graph", "gen-random-graph.py")

# The iteration shape and the shapes of arguments and constants that
# broadcast to it (scalars only as constants: a by-value argument would need
# its bits on tolk-run's command line).
SHAPE = (3, 5)
ARG_SHAPES = [("t", (3, 5)), ("t", (1, 5)), ("t", (3, 1)), ("t", (5,)),
              ("t", (1,))]
CONST_SHAPES = [None, ("t", (1, 5)), ("t", (3, 1))]
# Ops whose results a chain would carry beyond the bit-exact comparison
# (differential.py checks them alone, within their ULP bounds): not
# generated. `graph` is this script's own instance of the module.
del graph.BINARY["pow"]
for _op in ("sqrt", "exp2", "log2"):
    del graph.UNARY[_op]


class KernelFunction(graph.Function):
    """gen-random-graph's generator, restricted to kernelizable functions."""

    def __init__(self, rng, name, num_ops):
        super().__init__(rng, name, "static", num_ops, weak_pow=False)
        self.shapes = CONST_SHAPES

    def const(self, dt=None, shape="random"):
        # No `invalid` literal: a masked lane may be anything.
        while True:
            v = super().const(dt, shape)
            if "tolk.const invalid" not in self.lines[-1]:
                return v
            self.lines.pop()
            self.values.pop()

    def generate_kernel(self):
        nargs = self.rng.randint(1, 4)
        for i in range(nargs):
            dt = self.rng.choice([t for t in graph.ALU if not graph.is_weak(t)])
            v = ("%%arg%d" % i, dt, self.rng.choice(ARG_SHAPES))
            self.args.append(v)
            self.values.append(v)
        # A full-shape condition, so that the result has the iteration shape.
        mask = ("%%arg%d" % nargs, "bool", ("t", SHAPE))
        self.args.append(mask)
        for _ in range(self.rng.randint(1, 3)):
            self.const()
        self.emit_ops()
        # The result: the last strong value, selected against another by the
        # full-shape mask, so that it has the iteration shape.
        strong = [v for v in self.values if not graph.is_weak(v[1])
                  and v[1] not in ("u128", "u256")]
        a = strong[-1]
        b = self.rng.choice(strong)
        dt = graph.least_upper([a[1], b[1]])
        if graph.is_weak(dt):
            # Two strong types can promote to a weak one (si32 and ui64 in
            # the lattice, docs/Semantics.md#the-lattice), which no buffer
            # holds.
            b, dt = a, a[1]
        tf = graph.type_str
        r = self.emit("tolk.where %s, %s, %s : (%s, %s, %s) -> %s" % (
            mask[0], a[0], b[0], tf("bool", mask[2]), tf(a[1], a[2]),
            tf(b[1], b[2]), tf(dt, ("t", SHAPE))), dt, ("t", SHAPE))
        head = "func.func @%s(%s) -> %s {" % (
            self.name, ", ".join("%s: %s" % (v[0], tf(v[1], v[2]))
                                 for v in self.args), tf(dt, ("t", SHAPE)))
        tail = ["  return %s : %s" % (r[0], tf(dt, ("t", SHAPE))), "}"]
        return [head] + self.lines + tail, r


def mlir_type(dt):
    return graph.MLIR[dt]


def arg_values(rng, dt, shape):
    """Random bit patterns for an argument (boundary values mostly), no
    signalling NaNs."""
    ty = mlir_type(dt)
    pool = [v for v in diff.boundary_values(ty, rng, 4)
            if not (diff.is_float(ty) and diff.float_is_snan(ty, v))]
    n = 1
    for d in shape[1]:
        n *= d
    return [rng.choice(pool) for _ in range(n)]


def element_index(shape, index):
    """The flat index into an argument of `shape` that the result element
    at `index` (in SHAPE) reads: numpy broadcasting."""
    dims = shape[1]
    idx = index[len(index) - len(dims):]
    flat = 0
    for d, i in zip(dims, idx):
        flat = flat * d + (0 if d == 1 else i)
    return flat


SCALAR_RE = re.compile(r"tensor<(?:\d+x)*([^>]+)>")


CAST_RE = re.compile(
    r"^\s*%\S+ = tolk\.(cast|bitcast) (%\S+) : (\S+) to (\S+)$")
DEF_RE = re.compile(r"^\s*(%\S+) = tolk\.(\w+) ([^:]*):")


def definitions(body):
    """name -> (op, operand names) for the program's tolk ops."""
    defs = {}
    for line in body:
        m = DEF_RE.match(line)
        if m:
            defs[m.group(1)] = (m.group(2), re.findall(r"%[\w]+",
                                                       m.group(3)))
    return defs


def nan_bits_defined(name, defs):
    """Whether a NaN that `name` holds has bits the op descriptions define:
    an argument's or a constant's, moved by where or a bitcast, or converted
    by a cast (which keeps the payload). Float arithmetic makes "a NaN" of
    unspecified bits (x86 and PTX differ from the folder and each other)."""
    op, operands = defs.get(name, ("argument", []))
    if op in ("argument", "const", "bitcast"):
        return True
    if op == "cast":
        return nan_bits_defined(operands[0], defs)
    if op == "where":
        return all(nan_bits_defined(o, defs) for o in operands[1:])
    return False


def checked_conversion(m, defs):
    """Whether a CAST_RE match is a conversion whose input the comparison
    must see: a bitcast of a strong float of 16 bits or more whose NaN,
    if it holds one, may have unspecified bits (an 8-bit float's NaN is
    its format's one code, whatever made it). The weak types and the
    storage helpers have no bits to check: a weak value is a constant,
    folded alike everywhere."""
    if m is None or m.group(1) != "bitcast" or \
            m.group(3) not in diff.TYPES or not diff.is_float(m.group(3)):
        return False
    return diff.width(m.group(3)) >= 16 and \
        not nan_bits_defined(m.group(2), defs)


def scalar_module(body, args, values, result_dt):
    """One function per result element: the graph on scalars, the arguments
    replaced by the element's constants. Each function returns the result's
    bits, then the bits of the input of every checked_conversion."""
    out = []
    rty = mlir_type(result_dt)
    defs = definitions(body)
    for n, index in enumerate(itertools.product(*[range(d) for d in SHAPE])):
        lines = []
        for (name, dt, shape), vals in zip(args, values):
            bits = vals[element_index(shape, index)]
            diff.const_of(mlir_type(dt), bits, name[1:], lines)
        casts = []
        for line in body:
            line = SCALAR_RE.sub(r"\1", line)
            lines.append(line)
            m = CAST_RE.match(line)
            if checked_conversion(m, defs):
                casts.append((m.group(2), m.group(3)))
        name = lines.pop().split()[1]  # The return's operand.
        results = []
        for k, (v, ty) in enumerate([(name, rty)] + casts):
            if diff.is_float(ty):
                st = diff.BITS_TYPE[diff.width(ty)]
                lines.append(f"  %bits{k} = tolk.bitcast {v} : {ty} to {st}")
                results.append((f"%bits{k}", st))
            else:
                results.append((v, ty))
        sig = ", ".join(t for _, t in results)
        lines.append("  return " + ", ".join(v for v, _ in results) +
                     " : " + sig)
        out.append(f"func.func @e{n}() -> ({sig}) {{\n" +
                   "\n".join(lines) + "\n}\n")
    return "\n".join(out)


def conversion_compared(kind, src, dst, bits):
    """Whether an element whose checked conversion's input has `bits` is
    compared: not when it is a NaN of unspecified bits."""
    return bits is not None and not diff.float_is_nan(src, bits)


def parse_elements(text, rty, casts):
    """Per element function: the folded result bits (None where unfolded)
    and whether every checked conversion lets the element be compared."""
    results = []
    for chunk in re.split(r"func\.func @e\d+", text)[1:]:
        vals = diff.parse_folded(chunk, rty)
        ok = all(conversion_compared(k, s, d, b)
                 for (k, s, d), b in zip(casts, vals[1:]))
        results.append((vals[0], ok))
    return results


def check_seed(args, seed, tmp):
    rng = random.Random(seed)
    fn = KernelFunction(rng, "prog", args.ops)
    lines, result = fn.generate_kernel()
    program = "\n".join(lines) + "\n"
    rdt = result[1]
    rty = mlir_type(rdt)
    values = [arg_values(rng, dt, shape) for _, dt, shape in fn.args]

    opt = diff.tool(args, "tolk-opt")
    src = os.path.join(tmp, "scalar.mlir")
    with open(src, "w") as f:
        f.write(scalar_module(lines[1:-1], fn.args, values, rdt))
    r = diff.run([opt, "--canonicalize", src])
    if r.returncode:
        return [f"seed {seed}: the folder failed:\n{r.stderr}\n{program}"], {}
    defs = definitions(lines[1:-1])
    casts = [(m.group(1), m.group(3), m.group(4)) for m in map(
        CAST_RE.match, (SCALAR_RE.sub(r"\1", line) for line in lines[1:-1]))
        if checked_conversion(m, defs)]
    want = parse_elements(r.stdout, rty, casts)

    prog = os.path.join(tmp, "program.mlir")
    with open(prog, "w") as f:
        f.write(program)
    inputs = []
    for k, ((_, dt, shape), vals) in enumerate(zip(fn.args, values)):
        path = os.path.join(tmp, f"arg{k}.npy")
        diff.write_npy(path, mlir_type(dt), vals, shape[1])
        inputs.append(path)
    failures, counts = [], {}
    for backend in args.backend:
        out = os.path.join(tmp, f"out-{backend}.npy")
        r = diff.run([diff.tool(args, "tolk-run"), prog, "--kernel", "prog",
                      "--backend", backend] + inputs + ["-o", out])
        if r.returncode:
            if diff.UNSUPPORTED.search(r.stderr):
                counts[backend] = None  # The target cannot express it.
                continue
            failures.append(f"seed {seed} [{backend}]: tolk-run failed:\n"
                            f"{r.stderr.strip()}\n{program}")
            continue
        got = diff.read_npy(out, rty)
        compared = unspecified = undefined = 0
        for n, ((w, shown), g) in enumerate(zip(want, got)):
            if w is None:
                undefined += 1
                continue
            if not shown:
                unspecified += 1
                continue
            compared += 1
            if w == g or diff.zero_sign_only(backend, rty, w, g):
                continue
            if diff.is_float(rty) and diff.float_is_nan(rty, w) and \
                    diff.float_is_nan(rty, g):
                continue
            failures.append(f"seed {seed} [{backend}] element {n}: folder "
                            f"0x{w:x}, run 0x{g:x}\n{program}")
            break
        counts[backend] = (compared, unspecified, undefined)
    return failures, counts


def main():
    p = argparse.ArgumentParser(
        description="Random programs: the folder against running kernels")
    p.add_argument("--bin", help="the directory of tolk-opt and tolk-run "
                   "(default: found on PATH)")
    p.add_argument("--backend", action="append",
                   help="host, vulkan or cuda (repeatable; default host)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--ops", type=int, default=12, help="ops per program")
    p.add_argument("--keep", help="keep the files of the last seed here")
    args = p.parse_args()
    args.backend = args.backend or ["host"]
    failures = []
    # Per backend: elements compared, unspecified, undefined; programs
    # unsupported.
    totals = {b: [0, 0, 0, 0] for b in args.backend}
    for seed in range(args.seed, args.seed + args.count):
        tmp = tempfile.mkdtemp(prefix="tolk-diffprog-")
        try:
            f, counts = check_seed(args, seed, tmp)
            for backend, c in counts.items():
                if c is None:
                    totals[backend][3] += 1
                else:
                    for i in range(3):
                        totals[backend][i] += c[i]
        finally:
            if args.keep:
                shutil.rmtree(args.keep, ignore_errors=True)
                shutil.copytree(tmp, args.keep)
            shutil.rmtree(tmp)
        for line in f:
            print("FAIL " + line)
        failures += f
    for backend, (compared, unspecified, undefined, unsupported) in \
            totals.items():
        print(f"differential-programs: {backend}: {compared} elements "
              f"compared, {unspecified} unspecified (a bitcast shows the "
              f"bits of an arithmetic NaN), {undefined} undefined (not "
              f"folded), {unsupported} program(s) unsupported")
    print(f"differential-programs: seeds {args.seed}..{args.seed + args.count - 1},"
          f" backends {', '.join(args.backend)}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
