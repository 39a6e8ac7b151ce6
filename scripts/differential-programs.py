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
#      (numpy broadcasting), through `tolk-opt --canonicalize
#      --tolk-commit-weak --canonicalize` (what a weak float made from a
#      strong value computes waits for the commit, docs/Semantics.md#weak-types);
#   2. each backend: `tolk-run` on the tensor function with the arguments as
#      .npy files, and (unless --no-constant-inputs) on the same graph with
#      one argument (number N mod the argument count for seed N) replaced by
#      a constant of one of its values, which the pipeline's own
#      canonicalizer folds into the kernel;
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
# (integer division by zero) is undefined at run time, not compared. On
# Vulkan, an element that differs in a program whose SPIR-V multiplies,
# adds or subtracts a constant float zero is counted apart as the driver's
# arithmetic with a constant zero (lavapipe makes `x * 0.0` zero for an
# infinite or NaN x: a driver gap, docs/Testing.md, "Differential
# testing"), never as agreeing. The summary gives each count.
#
#   scripts/differential-programs.py --bin build/bin --seed 1 --count 50
#
# Besides gen-random-graph's ops, the programs draw weak intermediates
# (unless --no-weak-intermediates): a strong value (an integer past every
# float's exact range, often) with a weak float constant, or a Bool with a
# weak integer past si32's range, whose weak result then meets a strong
# value of another width; and the arguments' values include integers past
# every float's exact range.
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
# The weak float constants of weak intermediates: exact in every float, in
# none, and tiny or huge beside an integer.
WEAK_FLOATS = ["1.5", "0.1", "3.0", "-2.5", "0.3333333333333333", "1.0e-3",
               "9.313225746154785e-10", "1.0e20", "16777216.0", "0.5"]
# The weak integer constants that meet a Bool: past si32's range, at its
# edges and small, so that the committed si32 wraps them or not.
WEAK_INTS = ["4294967296", "4294967297", "2147483647", "2147483648",
             "-2147483649", "1099511627776", "3", "-1"]
# Weak intermediates and integers past every float's range (on unless
# --no-weak-intermediates).
WEAK_INTERMEDIATES = True
# Integers past the exact range of each float (bf16: 2^8, f16: 2^11, f32:
# 2^24, f64: 2^53), at odd values a conversion must round.
PAST_EXACT = [(1 << 8) + 1, (1 << 11) + 1, (1 << 24) + 1, (1 << 24) + 3,
              (1 << 25) + 5, (1 << 31) - 1, (1 << 53) + 1, (1 << 53) + 3,
              (1 << 62) + 1]
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

    def gen_weak_intermediate(self):
        """A strong value with a weak float constant (a weak float result),
        or a Bool with a weak integer one (a weak integer result), then that
        result with a strong value of some width."""
        if self.rng.random() < 0.25:
            return self.gen_weak_int_intermediate()
        a = None
        if self.rng.random() < 0.8:
            # An integer, whose weak-float result is the class at stake.
            a = self.pick(lambda v: graph.is_int(v[1]) and
                          not graph.is_weak(v[1]))
        if a is None:
            a = self.pick(lambda v: not graph.is_weak(v[1]) and v[1] != "bool")
        if a is None:
            return None
        c = self.emit("tolk.const %s : !tolk.weakfloat" % self.rng.choice(
            WEAK_FLOATS), "weakfloat", None)
        op = self.rng.choice(["mul", "add", "sub", "div"])
        res = self.binary_result(op, a, c, None)
        if res is None or not graph.is_weak(res[0]):
            return None
        self.use(a, c)
        tf = graph.type_str
        w = self.emit("tolk.%s %s, %s : (%s, %s) -> %s" % (
            op, a[0], c[0], tf(a[1], a[2]), tf(c[1], c[2]), tf(*res)), *res)
        b = self.pick(lambda v: v[1] in ("f16", "bf16", "f32", "f64", "i8",
                                         "i32", "u64", "i64"))
        if b is None:
            return w
        op = self.rng.choice(["add", "mul", "max", "cmplt"])
        res = self.binary_result(op, w, b, None)
        if res is None:
            return w
        self.use(w, b)
        return self.emit("tolk.%s %s, %s : (%s, %s) -> %s" % (
            op, w[0], b[0], tf(w[1], w[2]), tf(b[1], b[2]), tf(*res)), *res)

    def gen_weak_int_intermediate(self):
        """A Bool with a weak integer constant: a weak integer that the
        commit makes an si32 (docs/Semantics.md#weak-types), then that
        result with a strong value of some width."""
        a = self.pick(lambda v: v[1] == "bool")
        if a is None:
            return None
        c = self.emit("tolk.const %s : !tolk.weakint" % self.rng.choice(
            WEAK_INTS), "weakint", None)
        op = self.rng.choice(["add", "mul", "sub", "max", "cmplt"])
        res = self.binary_result(op, a, c, None)
        if res is None:
            return None
        self.use(a, c)
        tf = graph.type_str
        w = self.emit("tolk.%s %s, %s : (%s, %s) -> %s" % (
            op, a[0], c[0], tf(a[1], a[2]), tf(c[1], c[2]), tf(*res)), *res)
        if not graph.is_weak(w[1]):
            return w
        b = self.pick(lambda v: v[1] in ("f16", "bf16", "f32", "f64", "i8",
                                         "i32", "u64", "i64"))
        if b is None:
            return w
        op = self.rng.choice(["add", "mul", "max", "cmplt", "div"])
        res = self.binary_result(op, w, b, None)
        if res is None:
            return w
        self.use(w, b)
        return self.emit("tolk.%s %s, %s : (%s, %s) -> %s" % (
            op, w[0], b[0], tf(w[1], w[2]), tf(b[1], b[2]), tf(*res)), *res)

    def op_generators(self):
        """gen-random-graph's mix, with weak intermediates."""
        gens = super().op_generators()
        if WEAK_INTERMEDIATES:
            gens.append((self.gen_weak_intermediate, 15))
        return gens

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
    if WEAK_INTERMEDIATES and not diff.is_float(ty) and ty != "i1":
        bits = diff.width(ty)
        signed = ty.startswith("si")
        top = 1 << (bits - 1 if signed else bits)
        for v in PAST_EXACT:
            if v < top:
                pool += [v, v]
                if signed:
                    pool.append(((1 << bits) - v))  # -v, as bits
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
SPIRV_ZERO_RE = re.compile(
    r"^\s*(%\S+) = spirv\.Constant (?:dense<)?-?0\.0+e\+00>? :", re.M)
SPIRV_FLOAT_OP_RE = re.compile(r"= spirv\.F(?:Mul|Add|Sub) (%[^,\s]+), (%\S+) :")


def has_constant_zero_arith(args, program_path):
    """Whether the SPIR-V of `program_path` multiplies, adds or subtracts a
    constant float zero, which lavapipe's code generator folds whatever the
    float controls (docs/Testing.md, "Differential testing")."""
    r = diff.run([diff.tool(args, "tolk-opt"), "--tolk-to-spirv",
                  program_path])
    zeros = set(SPIRV_ZERO_RE.findall(r.stdout))
    return any(a in zeros or b in zeros
               for a, b in SPIRV_FLOAT_OP_RE.findall(r.stdout))


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
    # The argument the variant makes a constant reads one value everywhere,
    # so that the folder's elements serve both programs.
    constant = seed % len(fn.args) if args.constant_inputs else None
    if constant is not None:
        values[constant] = [values[constant][0]] * len(values[constant])

    opt = diff.tool(args, "tolk-opt")
    src = os.path.join(tmp, "scalar.mlir")
    with open(src, "w") as f:
        f.write(scalar_module(lines[1:-1], fn.args, values, rdt))
    r = diff.run([opt, "--canonicalize", "--tolk-commit-weak", "--canonicalize",
                  src])
    if r.returncode:
        if "shifts a weak integer by the negative count" in r.stderr:
            # With these inputs the program is outside the semantics (a weak
            # shift takes no negative count, docs/Semantics.md#shl-shr), an
            # error the folder reports and a kernel cannot: nothing to compare.
            return [], {}
        return [f"seed {seed}: the folder failed:\n{r.stderr}\n{program}"], {}
    defs = definitions(lines[1:-1])
    casts = [(m.group(1), m.group(3), m.group(4)) for m in map(
        CAST_RE.match, (SCALAR_RE.sub(r"\1", line) for line in lines[1:-1]))
        if checked_conversion(m, defs)]
    want = parse_elements(r.stdout, rty, casts)

    inputs = []
    for k, ((_, dt, shape), vals) in enumerate(zip(fn.args, values)):
        path = os.path.join(tmp, f"arg{k}.npy")
        diff.write_npy(path, mlir_type(dt), vals, shape[1])
        inputs.append(path)
    # The graph as generated, and with one argument a constant.
    variants = [("", program, inputs)]
    if constant is not None:
        variants.append((f" (argument #{constant} a constant)",
                         with_constant_argument(lines, fn.args, constant,
                                                values[constant]),
                         inputs[:constant] + inputs[constant + 1:]))
    failures, counts = [], {}
    for backend in args.backend:
        counts[backend] = None
        for label, text, files in variants:
            f, c = run_program(args, backend, tmp, text, files, want, rty)
            failures += [f"seed {seed} [{backend}]{label}: {x}\n{text}"
                         for x in f]
            if c is not None:
                counts[backend] = tuple(
                    a + b for a, b in zip(counts[backend] or (0, 0, 0, 0), c))
            if f:
                break
    return failures, counts


def with_constant_argument(lines, fn_args, k, vals):
    """The program with argument k replaced by a splat constant of its first
    value (the arguments' values are drawn so that every element of that
    argument reads it: see check_seed)."""
    name, dt, shape = fn_args[k]
    ty = graph.type_str(dt, shape)
    mty = mlir_type(dt)
    body = []
    if diff.is_float(mty):
        st = diff.BITS_TYPE[diff.width(mty)]
        sty = ty.replace(mty, st)
        body.append(f"  {name}_bits = tolk.const {vals[0]} : {sty}")
        body.append(f"  {name} = tolk.bitcast {name}_bits : {sty} to {ty}")
    elif mty == "i1":
        body.append(f"  {name} = tolk.const "
                    f"{'true' if vals[0] else 'false'} : {ty}")
    else:
        w = diff.width(mty)
        v = vals[0]
        if mty.startswith("si") and v >> (w - 1):
            v -= 1 << w
        body.append(f"  {name} = tolk.const {v} : {ty}")
    params = [f"{n}: {graph.type_str(d, s)}" for i, (n, d, s) in
              enumerate(fn_args) if i != k]
    head = re.sub(r"\(.*\) ->", "(" + ", ".join(params) + ") ->", lines[0],
                  count=1)
    return "\n".join([head] + body + lines[1:]) + "\n"


def run_program(args, backend, tmp, program, inputs, want, rty):
    """Runs `program` on `backend`; the failures and the counts (compared,
    unspecified, undefined, excused as the driver's arithmetic with a
    constant zero), or None for a program the target cannot express."""
    prog = os.path.join(tmp, "program.mlir")
    with open(prog, "w") as f:
        f.write(program)
    out = os.path.join(tmp, f"out-{backend}.npy")
    r = diff.run([diff.tool(args, "tolk-run"), prog, "--kernel", "prog",
                  "--backend", backend] + inputs + ["-o", out])
    if r.returncode:
        if diff.UNSUPPORTED.search(r.stderr):
            return [], None  # The target cannot express it.
        return [f"tolk-run failed:\n{r.stderr.strip()}"], None
    got = diff.read_npy(out, rty)
    compared = unspecified = undefined = excused = 0
    # Whether the driver gap can apply: found at the first difference.
    zero_gap = None
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
        if backend == "vulkan":
            if zero_gap is None:
                zero_gap = has_constant_zero_arith(args, prog)
            if zero_gap:
                compared -= 1
                excused += 1
                continue
        return [f"element {n}: folder 0x{w:x}, run 0x{g:x}"], \
            (compared, unspecified, undefined, excused)
    return [], (compared, unspecified, undefined, excused)


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
    p.add_argument("--constant-inputs", default=True,
                   action=argparse.BooleanOptionalAction,
                   help="also run the graph with an argument replaced by a "
                   "constant (default: on)")
    p.add_argument("--weak-intermediates", default=True,
                   action=argparse.BooleanOptionalAction,
                   help="draw weak intermediates and integers past every "
                   "float's exact range (default: on)")
    args = p.parse_args()
    global WEAK_INTERMEDIATES
    WEAK_INTERMEDIATES = args.weak_intermediates
    args.backend = args.backend or ["host"]
    failures = []
    # Per backend: elements compared, unspecified, undefined, excused;
    # programs unsupported.
    totals = {b: [0, 0, 0, 0, 0] for b in args.backend}
    for seed in range(args.seed, args.seed + args.count):
        tmp = tempfile.mkdtemp(prefix="tolk-diffprog-")
        try:
            f, counts = check_seed(args, seed, tmp)
            for backend, c in counts.items():
                if c is None:
                    totals[backend][4] += 1
                else:
                    for i in range(4):
                        totals[backend][i] += c[i]
        finally:
            if args.keep:
                shutil.rmtree(args.keep, ignore_errors=True)
                shutil.copytree(tmp, args.keep)
            shutil.rmtree(tmp)
        for line in f:
            print("FAIL " + line)
        failures += f
    for backend, (compared, unspecified, undefined, excused,
                  unsupported) in totals.items():
        driver = (f", {excused} excused (the driver's arithmetic with a "
                  f"constant zero)" if backend == "vulkan" else "")
        print(f"differential-programs: {backend}: {compared} elements "
              f"compared, {unspecified} unspecified (a bitcast shows the "
              f"bits of an arithmetic NaN), {undefined} undefined (not "
              f"folded){driver}, {unsupported} program(s) unsupported")
    if args.constant_inputs:
        print("differential-programs: each program ran twice per backend: "
              "as generated, and with one argument a constant")
    print(f"differential-programs: seeds {args.seed}..{args.seed + args.count - 1},"
          f" backends {', '.join(args.backend)}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
