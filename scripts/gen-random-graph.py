#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a module of random, valid Tolk elementwise graphs, for fuzzing.

Each function mixes every data type of docs/Semantics.md#data-types (i1,
si8..si64, ui8..ui64, the four 8-bit floats, f16, bf16, f32, f64,
!tolk.weakint, !tolk.weakfloat) as scalars, lanes (vector<4xT>) or ranked
tensors that broadcast as numpy does (static, dynamic and zero-sized
dimensions); strong and weak constants, boundary values among them (NaN
payloads and infinities by their bits, signed zeros, the extremes of every
type, shift counts at and past the width, invalid); every elementwise op of the
dialect, and chains of tolk.where, tolk.cast and tolk.bitcast.

The IR must be valid, so the script computes every result type itself: the
promotion lattice of docs/Semantics.md (the same reading as
gen-promotion-table.py, independent of lib/Dtype) and the verifier's
operand-kind rules of each op. A generated module that tolk-opt rejects is a
bug in one of the two.

Two choices keep the output through `--canonicalize | --tolk-commit-weak`
valid: `tolk.pow` of a strong integer base never gets a !tolk.weakint exponent
(the exception of docs/Semantics.md#operand-promotion, which --tolk-commit-weak
rejects unless --tolk-decompose ran first; --weak-pow generates it anyway), and
weak types never appear as lanes (MLIR vectors hold only integers and floats).

The output depends only on the options: the same seed gives the same module.

Usage: scripts/gen-random-graph.py --seed 7 --functions 4 --ops-per-function 30
"""

import argparse
import importlib.util
import os
import random
import sys

# ---------------------------------------------------------------------------
# Data types: the lattice and what the verifier needs to know.
# ---------------------------------------------------------------------------

# The lattice (PRIO, BITS, EDGES, MLIR and `up`) is
# gen-promotion-table.py's, which promotion-table.mlir checks against
# tolk-opt; the storage helpers, which casts may target, are added here.
_spec = importlib.util.spec_from_file_location(
    "promotion_table",
    os.path.join(os.path.dirname(__file__), "gen-promotion-table.py"))
_pt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_pt)
PRIO, EDGES, up = _pt.PRIO, _pt.EDGES, _pt.up
BITS = dict(_pt.BITS, u128=128, u256=256)
MLIR = dict(_pt.MLIR, u128="ui128", u256="ui256")
# The data types elementwise ops compute on: the 17 of `all`, and the weak two.
ALU = list(_pt.ORDER)
SINTS = ["i8", "i16", "i32", "i64"]
UINTS = ["u8", "u16", "u32", "u64"]
FLOATS = ["fp8e4m3", "fp8e5m2", "fp8e4m3fnuz", "fp8e5m2fnuz", "f16", "bf16",
          "f32", "f64"]
# (exponent bits, mantissa bits) of the IEEE-like formats; the 8-bit floats
# are handled by their bit patterns alone.
IEEE = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52),
        "weakfloat": (11, 52)}
# The largest finite value of each float, as a decimal the type reads without
# rounding, and one that rounds down to it (within half an ulp).
FMAX = {"fp8e4m3": ["448.0", "460.0"], "fp8e5m2": ["57344.0", "61439.0"],
        "fp8e4m3fnuz": ["240.0", "247.0"], "fp8e5m2fnuz": ["57344.0", "61439.0"],
        "f16": ["65504.0", "65519.0"],
        "bf16": ["3.3895313892515355e38"],
        "f32": ["3.4028234663852886e38"],
        "f64": ["1.7976931348623157e308"],
        "weakfloat": ["1.7976931348623157e308"]}
DEFAULT_FLOAT = "f32"  # DEFAULT_FLOAT when unset; fuzz.sh unsets it.


def is_int(t):
    """is_int (docs/Semantics.md#groups): the fixed-width integers and the
    weak one."""
    return t in SINTS or t in UINTS or t == "weakint"


def is_float(t):
    return t in FLOATS or t == "weakfloat"


def is_weak(t):
    return t in ("weakint", "weakfloat")


def storage(t):
    """The itemsize of a type with a storage format, or None."""
    if t == "bool":
        return 1
    if t in ALU and not is_weak(t):
        return BITS[t] // 8
    return None


def least_upper(types):
    common = set(ALU)
    for t in types:
        common &= up(t)
    return min(common, key=lambda t: (PRIO[t], BITS[t], t))


def least_upper_float(t):
    if t == "weakint":
        return "weakfloat"
    if is_float(t):
        return t
    return least_upper([t, DEFAULT_FLOAT])


# ---------------------------------------------------------------------------
# Ops: what each takes (checked on the promoted type) and gives.
# ---------------------------------------------------------------------------

ANY, INT_OR_BOOL, INT, FLOAT, NOT_BOOL = range(5)
PROMOTED, BOOL = range(2)

BINARY = {"add": (ANY, PROMOTED), "mul": (ANY, PROMOTED),
          "cmplt": (ANY, BOOL), "cmpeq": (ANY, BOOL), "max": (ANY, PROMOTED),
          "and": (INT_OR_BOOL, PROMOTED), "or": (INT_OR_BOOL, PROMOTED),
          "xor": (INT_OR_BOOL, PROMOTED), "shl": (INT, PROMOTED),
          "shr": (INT, PROMOTED), "truncdiv": (INT, PROMOTED),
          "pow": (NOT_BOOL, PROMOTED), "sub": (ANY, PROMOTED),
          "div": (NOT_BOOL, PROMOTED), "mod": (NOT_BOOL, PROMOTED),
          "fmod": (NOT_BOOL, PROMOTED), "gt": (ANY, BOOL), "le": (ANY, BOOL),
          "ge": (ANY, BOOL), "ne": (ANY, BOOL), "minimum": (ANY, PROMOTED)}
UNARY = {"reciprocal": (FLOAT, PROMOTED), "trunc": (ANY, PROMOTED),
         "sqrt": (FLOAT, PROMOTED), "exp2": (FLOAT, PROMOTED),
         "log2": (FLOAT, PROMOTED), "neg": (ANY, PROMOTED),
         "floor": (ANY, PROMOTED), "logical_not": (ANY, BOOL),
         "bitwise_not": (INT_OR_BOOL, PROMOTED)}


def takes(rule, t):
    if rule == INT_OR_BOOL:
        return is_int(t) or t == "bool"
    if rule == INT:
        return is_int(t)
    if rule == FLOAT:
        return is_float(t)
    if rule == NOT_BOOL:
        return t != "bool"
    return True


# ---------------------------------------------------------------------------
# Shapes: None is a scalar, ("v", n) lanes, ("t", dims) a ranked tensor with
# -1 for a dynamic dimension. A function draws its shapes from one family,
# whose members all broadcast with each other.
# ---------------------------------------------------------------------------

FAMILIES = {
    "scalar": [None],
    "lanes": [None, ("v", 4)],
    "static": [None, ("t", (3, 4)), ("t", (1, 4)), ("t", (3, 1)),
               ("t", (1, 1)), ("t", (4,)), ("t", (1,)), ("t", ())],
    "dynamic": [None, ("t", (-1, 4)), ("t", (-1, 1)), ("t", (1, 4)),
                ("t", (4,)), ("t", (1, 1))],
    "empty": [None, ("t", (0, 4)), ("t", (0, 1)), ("t", (1, 4)),
              ("t", (4,)), ("t", (1,))],
}


def broadcast(shapes):
    """numpy broadcasting as TypeMapping.cpp's broadcastShapes, or None
    (for "does not broadcast", returned as the string "bad")."""
    result = None
    for s in shapes:
        if s is None:
            continue
        if result is None:
            result = s
            continue
        if s[0] != result[0]:
            return "bad"
        if s[0] == "v":
            if s != result:
                return "bad"
            continue
        a, b = result[1], s[1]
        n = max(len(a), len(b))
        a = (1,) * (n - len(a)) + a
        b = (1,) * (n - len(b)) + b
        out = []
        for x, y in zip(a, b):
            if x == y or y == 1:
                out.append(x)
            elif x == 1:
                out.append(y)
            else:
                return "bad"
        result = ("t", tuple(out))
    return result


def type_str(dt, shape):
    elt = MLIR[dt]
    if shape is None:
        return elt
    if shape[0] == "v":
        return "vector<%dx%s>" % (shape[1], elt)
    dims = "".join(("?" if d < 0 else str(d)) + "x" for d in shape[1])
    return "tensor<%s%s>" % (dims, elt)


def is_dynamic(shape):
    return shape is not None and shape[0] == "t" and any(d < 0 for d in shape[1])


def shape_ok(dt, shape):
    """Lanes of a weak type do not exist (MLIR vectors hold only integers and
    floats)."""
    return not (shape is not None and shape[0] == "v" and is_weak(dt))


# ---------------------------------------------------------------------------
# Literals
# ---------------------------------------------------------------------------

def int_range(t):
    b = BITS[t]
    if t in SINTS:
        return -(1 << (b - 1)), (1 << (b - 1)) - 1
    return 0, (1 << b) - 1


def int_literal(rng, t):
    if t == "weakint":
        v = rng.choice([0, 1, -1, 2, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65,
                        127, 128, 255, 256, -128, -129, 1 << 63, -(1 << 63),
                        (1 << 64) - 1, 1 << 64, -(1 << 64), 1 << 100,
                        -(1 << 100), 10 ** 30, rng.randint(-1000, 1000),
                        rng.randint(-(1 << 70), 1 << 70)])
        return str(v)
    lo, hi = int_range(t)
    b = BITS[t]
    v = rng.choice([0, 1, lo, hi, lo + 1, hi - 1, b - 1, b, b + 1, 2 * b,
                    hi // 2, rng.randint(lo, hi), rng.randint(-4, 4)])
    v = min(max(v, lo), hi)
    if v >= 0 and rng.random() < 0.2:
        return hex(v)
    return str(v)


def ieee_specials(t):
    e, m = IEEE[t]
    w = 1 + e + m
    inf = ((1 << e) - 1) << m
    sign = 1 << (w - 1)
    one = ((1 << (e - 1)) - 1) << m
    return w, [0, sign, inf, sign | inf, inf | (1 << (m - 1)), inf | 1,
               sign | inf | (1 << (m - 1)) | 5, inf - 1, sign | (inf - 1), 1,
               sign | 1, 1 << m, one, sign | one, (1 << (m - 1)) | 3]


def float_literal(rng, t):
    r = rng.random()
    if r < 0.45:
        # By its bits: any pattern is a value of its format.
        if t in IEEE:
            w, specials = ieee_specials(t)
            bits = rng.choice(specials + [rng.getrandbits(w)])
        else:
            w = 8
            bits = rng.choice([0x00, 0x80, 0x7F, 0xFF, 0x7E, 0xFE, 0x01,
                               0x81, 0x38, 0x3C, rng.getrandbits(8)])
        return "0x%0*X" % ((w + 3) // 4, bits)
    if r < 0.55:
        lit = rng.choice(FMAX[t])
        return "-" + lit if rng.random() < 0.5 else lit
    return rng.choice(["0.0", "-0.0", "1.0", "-1.0", "0.5", "1.5", "-2.5",
                       "3.0", "0.1", "-0.3", "100.0", "7", "-3", "1.0e-3",
                       "2.0e-8", "1.0e-40", "0.0625", "-64.0", "2"])


def literal(rng, t):
    if rng.random() < 0.04:
        return "invalid"
    if t == "bool":
        return rng.choice(["true", "false"])
    if is_int(t):
        return int_literal(rng, t)
    return float_literal(rng, t)


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------

class Function:
    def __init__(self, rng, name, family, num_ops, weak_pow):
        self.rng = rng
        self.name = name
        self.shapes = FAMILIES[family]
        self.num_ops = num_ops
        self.weak_pow = weak_pow
        self.lines = []
        self.values = []  # (name, dtype, shape)
        self.used = set()
        self.args = []
        self.counter = 0

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def random_dtype(self):
        return self.rng.choice(ALU)

    def random_shape(self, dt):
        while True:
            s = self.rng.choice(self.shapes)
            if shape_ok(dt, s):
                return s

    def pick(self, pred=lambda v: True):
        """A value of the pool, recent ones more likely, or None."""
        cands = [v for v in self.values if pred(v)]
        if not cands:
            return None
        if self.rng.random() < 0.6:
            return self.rng.choice(cands[-6:])
        return self.rng.choice(cands)

    def emit(self, text, dt, shape):
        name = self.fresh()
        self.lines.append("  %s = %s" % (name, text))
        v = (name, dt, shape)
        self.values.append(v)
        return v

    def use(self, *vs):
        for v in vs:
            self.used.add(v[0])

    # -- ops ---------------------------------------------------------------

    def const(self, dt=None, shape="random"):
        dt = dt or self.random_dtype()
        if shape == "random":
            shape = self.random_shape(dt)
            while is_dynamic(shape):
                shape = self.random_shape(dt)  # constants have static shapes
        elif is_dynamic(shape):
            shape = None  # a scalar broadcasts against the dynamic operand
        return self.emit("tolk.const %s : %s" % (literal(self.rng, dt),
                                                  type_str(dt, shape)),
                         dt, shape)

    def cast(self, v, to, shape):
        self.use(v)
        return self.emit("tolk.cast %s : %s to %s" % (
            v[0], type_str(v[1], v[2]), type_str(to, shape)), to, shape)

    def gen_cast(self):
        v = self.pick()
        shape = v[2]
        # The lane rules (docs/Semantics.md#lanes-and-shapes): a scalar casts
        # to lanes, lanes to a scalar.
        if shape is None and ("v", 4) in self.shapes and self.rng.random() < 0.3:
            shape = ("v", 4)
        elif shape is not None and shape[0] == "v" and self.rng.random() < 0.3:
            shape = None
        if self.rng.random() < 0.05:
            # Through a storage helper and back: only casts take them.
            wide = self.rng.choice(["u128", "u256"])
            mid = self.cast(v, wide, shape)
            self.values.pop()  # no elementwise op may use it
            to = self.rng.choice([t for t in ALU if shape_ok(t, shape)])
            return self.cast(mid, to, shape)
        to = self.rng.choice([t for t in ALU if shape_ok(t, shape)])
        return self.cast(v, to, shape)

    def gen_bitcast(self):
        v = self.pick(lambda v: storage(v[1]) is not None)
        if v is None:
            return self.gen_cast()
        size = storage(v[1])
        to = self.rng.choice([t for t in ALU if storage(t) == size])
        self.use(v)
        return self.emit("tolk.bitcast %s : %s to %s" % (
            v[0], type_str(v[1], v[2]), type_str(to, v[2])), to, v[2])

    def operand_for(self, rule):
        """A value whose own data type the rule accepts, cast to one if need
        be."""
        v = self.pick(lambda v: takes(rule, v[1]))
        if v is not None and self.rng.random() < 0.9:
            return v
        v = self.pick()
        if takes(rule, v[1]):
            return v
        to = self.rng.choice([t for t in ALU
                              if takes(rule, t) and shape_ok(t, v[2])])
        return self.cast(v, to, v[2])

    def binary_result(self, op, a, b, rounding):
        rule, gives = BINARY[op]
        shape = broadcast([a[2], b[2]])
        if shape == "bad":
            return None
        if op == "pow" and is_int(a[1]) and b[1] == "weakint":
            if not self.weak_pow and not is_weak(a[1]):
                return None
            promoted = target = a[1]
        else:
            promoted = target = least_upper([a[1], b[1]])
            if op == "div" and rounding is None:
                target = least_upper_float(promoted)
        if not takes(rule, promoted):
            return None
        # The operands convert to the promoted type, so it too needs lanes.
        if not (shape_ok(promoted, shape) and shape_ok(target, shape)):
            return None
        dt = "bool" if gives == BOOL else target
        return dt, shape

    def gen_binary(self):
        op = self.rng.choice(sorted(BINARY))
        rule = BINARY[op][0]
        rounding = None
        if op == "div" and self.rng.random() < 0.5:
            rounding = self.rng.choice(["trunc", "floor"])
        a = self.operand_for(rule)
        for attempt in range(12):
            if attempt < 8:
                b = self.pick()
            else:
                # A constant of a's own type (or the exponent of a pow)
                # always fits.
                b = self.const(a[1], self.rng.choice([None, a[2]]))
            res = self.binary_result(op, a, b, rounding)
            if res is None:
                continue
            self.use(a, b)
            ta, tb = type_str(a[1], a[2]), type_str(b[1], b[2])
            attr = (" {rounding = #tolk.rounding<%s>}" % rounding
                    if rounding else "")
            return self.emit("tolk.%s %s, %s%s : (%s, %s) -> %s" % (
                op, a[0], b[0], attr, ta, tb, type_str(*res)), *res)
        return None

    def gen_unary(self):
        op = self.rng.choice(sorted(UNARY))
        rule, gives = UNARY[op]
        a = self.operand_for(rule)
        dt = "bool" if gives == BOOL else a[1]
        if not shape_ok(dt, a[2]):
            return None
        self.use(a)
        return self.emit("tolk.%s %s : (%s) -> %s" % (
            op, a[0], type_str(a[1], a[2]), type_str(dt, a[2])), dt, a[2])

    def gen_where(self):
        c = self.pick(lambda v: v[1] == "bool")
        if c is None or self.rng.random() < 0.2:
            # A comparison makes a condition; otherwise a constant one.
            c = None
            if self.rng.random() < 0.5:
                x, y = self.pick(), self.pick()
                res = self.binary_result("cmplt", x, y, None)
                if res is not None:
                    self.use(x, y)
                    c = self.emit("tolk.cmplt %s, %s : (%s, %s) -> %s" % (
                        x[0], y[0], type_str(x[1], x[2]),
                        type_str(y[1], y[2]), type_str(*res)), *res)
            if c is None:
                c = self.const("bool")
        for _ in range(12):
            x, y = self.pick(), self.pick()
            shape = broadcast([c[2], x[2], y[2]])
            dt = least_upper([x[1], y[1]])
            if shape == "bad" or not shape_ok(dt, shape):
                continue
            self.use(c, x, y)
            return self.emit("tolk.where %s, %s, %s : (%s, %s, %s) -> %s" % (
                c[0], x[0], y[0], type_str(c[1], c[2]), type_str(x[1], x[2]),
                type_str(y[1], y[2]), type_str(dt, shape)), dt, shape)
        return None

    def op_generators(self):
        """The op generators and their weights."""
        return [(self.gen_binary, 50), (self.gen_unary, 15),
                (self.gen_where, 10), (self.gen_cast, 10),
                (self.gen_bitcast, 5), (self.const, 10)]

    def emit_ops(self):
        """num_ops random ops, binary ones most often."""
        gens = self.op_generators()
        total = sum(w for _, w in gens)
        emitted = 0
        while emitted < self.num_ops:
            r = self.rng.uniform(0, total)
            for gen, w in gens:
                r -= w
                if r <= 0:
                    break
            if gen() is not None:
                emitted += 1

    def generate(self, constants_only=False):
        nargs = 0 if constants_only else self.rng.randint(1, 5)
        for i in range(nargs):
            dt = self.random_dtype()
            shape = self.random_shape(dt)
            v = ("%%arg%d" % i, dt, shape)
            self.args.append(v)
            self.values.append(v)
        for _ in range(self.rng.randint(1 + 2 * constants_only, 3)):
            self.const()
        self.emit_ops()
        # Return every value nothing uses, so that the whole graph is live.
        results = [v for v in self.values
                   if v[0] not in self.used and not v[0].startswith("%arg")]
        if not results:
            results = [self.values[-1]]
        head = "func.func @%s(%s) -> (%s) {" % (
            self.name,
            ", ".join("%s: %s" % (v[0], type_str(v[1], v[2]))
                      for v in self.args),
            ", ".join(type_str(v[1], v[2]) for v in results))
        tail = ["  return %s : %s" % (
            ", ".join(v[0] for v in results),
            ", ".join(type_str(v[1], v[2]) for v in results)), "}"]
        return [head] + self.lines + tail


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--functions", type=int, default=4)
    parser.add_argument("--ops-per-function", type=int, default=30)
    parser.add_argument("--weak-pow", action="store_true",
                        help="also generate tolk.pow of a strong integer "
                        "with a !tolk.weakint exponent (which "
                        "--tolk-commit-weak rejects)")
    parser.add_argument("--constants-only", action="store_true",
                        help="functions without arguments, whose graphs "
                        "fold completely (but for what is never folded)")
    parser.add_argument("--count", type=int, default=1,
                        help="with --output-dir: write the modules of seeds "
                        "SEED..SEED+COUNT-1 (one process for many seeds)")
    parser.add_argument("--output-dir",
                        help="write seed-N.mlir files here instead of stdout")
    args = parser.parse_args(argv)
    if args.functions < 0 or args.ops_per_function < 0 or args.count < 1:
        parser.error("--functions and --ops-per-function must be >= 0, "
                     "--count >= 1")
    if args.count > 1 and not args.output_dir:
        parser.error("--count needs --output-dir")
    for seed in range(args.seed, args.seed + args.count):
        text = module(seed, args)
        if args.output_dir:
            path = os.path.join(args.output_dir, "seed-%d.mlir" % seed)
            with open(path, "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)


def module(seed, args):
    rng = random.Random(seed)
    out = ["// Generated by scripts/gen-random-graph.py --seed %d "
           "--functions %d --ops-per-function %d%s" % (
               seed, args.functions, args.ops_per_function,
               " --weak-pow" if args.weak_pow else "") +
           (" --constants-only" if args.constants_only else "")]
    for i in range(args.functions):
        family = rng.choice(sorted(FAMILIES))
        out.append("")
        out.append("// shapes: %s" % family)
        out += Function(rng, "f%d" % i, family, args.ops_per_function,
                        args.weak_pow).generate(args.constants_only)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
