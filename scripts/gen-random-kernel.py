#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a gpu.module of random, valid Tolk kernels, for fuzzing.

Each kernel reads its input buffers at its thread's global index, gated on
the buffers' element count, computes a random elementwise graph over what it
read (the op and type rules of scripts/gen-random-graph.py, whose Function
class draws the ops) and stores each result to an output buffer of the
result's type. Some kernels also accumulate in a tolk.range loop into
tolk.define_reg memory, pass values through tolk.define_local memory across a
gpu.barrier, take by-value (alu) parameters with tolk.bounds, or load and
store lanes (vector<4xT> pointees).

With --manifest, a JSON line per kernel says how to run it with tolk-run:
the inputs' data types and element counts, the outputs, the --arg values.
Every buffer is either read or written, never both, so that the inputs and
outputs bind in parameter order (tolk-run --help).

The output depends only on the options: the same seed gives the same module.

Usage: scripts/gen-random-kernel.py --seed 7 --kernels 3 --ops-per-kernel 20
"""

import argparse
import importlib.util
import json
import os
import random
import sys

_spec = importlib.util.spec_from_file_location(
    "random_graph", os.path.join(os.path.dirname(__file__),
                                 "gen-random-graph.py"))
graph = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(graph)

# The data types a buffer holds (a .npy file too): every strong type.
STORED = [t for t in graph.ALU if not graph.is_weak(t)] + ["bool"]
STORED = sorted(set(STORED))
# tolk-run's .npy dtype of each (tinygrad's storage: bool |b1, bf16 <u2,
# the 8-bit floats |u1).
NPY = {"bool": "|b1", "i8": "|i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
       "u8": "|u1", "u16": "<u2", "u32": "<u4", "u64": "<u8", "f16": "<f2",
       "bf16": "<u2", "f32": "<f4", "f64": "<f8", "fp8e4m3": "|u1",
       "fp8e5m2": "|u1", "fp8e4m3fnuz": "|u1", "fp8e5m2fnuz": "|u1"}


def ptr(dt, shape, count, space="global"):
    elt = graph.type_str(dt, shape)
    if count is None:
        return "!tolk.ptr<%s, %s>" % (elt, space)
    return "!tolk.ptr<%s, %s, %d>" % (elt, space, count)


class Kernel(graph.Function):
    """A graph.Function whose arguments are loads and whose results are
    stores."""

    def __init__(self, rng, name, num_ops):
        family = "lanes" if rng.random() < 0.3 else "scalar"
        super().__init__(rng, name, family, num_ops, weak_pow=False)
        self.params = []  # (name, type text)
        self.manifest = {"kernel": name, "inputs": [], "outputs": [],
                         "args": []}
        self.lanes = family == "lanes"

    def strong(self, v):
        """v, cast to a strong type if it is weak."""
        if not graph.is_weak(v[1]):
            return v
        to = "i64" if v[1] == "weakint" else "f32"
        return self.cast(v, to, v[2])

    def generate_kernel(self):
        rng = self.rng
        count = rng.choice([1, 3, 16, 64, 100, 256])
        block = rng.choice([1, 4, 32, 64, 128])
        grid = (count + block - 1) // block
        body = []
        idx = "%gid"
        body.append("  %gid = tolk.special global_id x : si32")
        body.append("  %count = tolk.const {} : si32".format(count))
        body.append("  %ok = tolk.cmplt %gid, %count : (si32, si32) -> i1")
        # Inputs.
        for i in range(rng.randint(1, 4)):
            dt = rng.choice(STORED)
            shape = ("v", 4) if self.lanes and dt != "bool" and \
                rng.random() < 0.5 else None
            name = "%%in%d" % i
            ty = ptr(dt, shape, count)
            self.params.append((name, ty))
            zero = "%%zero%d" % i
            body.append("  %s = tolk.const %s : %s" % (
                zero, "false" if dt == "bool" else
                ("0.0" if graph.is_float(dt) else "0"),
                graph.type_str(dt, shape)))
            body.append("  %%p%d = tolk.index %s[%s] : %s, si32" % (
                i, name, idx, ty))
            v = "%%x%d" % i
            body.append("  %s = tolk.load %%p%d if %%ok else %s : %s -> %s" % (
                v, i, zero, ty, graph.type_str(dt, shape)))
            self.values.append((v, dt, shape))
            self.manifest["inputs"].append(
                {"dtype": NPY[dt], "count": count * (4 if shape else 1)})
        # By-value parameters.
        for i in range(rng.randint(0, 2)):
            dt = rng.choice(["i32", "u32", "i64", "f32", "f16", "u8"])
            name = "%%s%d" % i
            ty = ptr(dt, None, None, "alu")
            attr = ""
            if graph.is_int(dt) and rng.random() < 0.5:
                lo, hi = graph.int_range(dt)
                attr = " {tolk.bounds = array<i64: %d, %d>}" % (
                    max(lo, -100), min(hi, 100))
                value = str(rng.randint(max(lo, -100), min(hi, 100)))
            elif graph.is_int(dt):
                lo, hi = graph.int_range(dt)
                value = str(rng.choice([lo, hi, 0, 1, 7]))
            else:
                value = rng.choice(["0.5", "-2", "inf", "nan", "1e-3"])
            self.params.append((name + attr, ty))
            v = "%%a%d" % i
            body.append("  %s = tolk.load %s : %s -> %s" % (
                v, name, ty, graph.type_str(dt, None)))
            self.values.append((v, dt, None))
            self.manifest["args"].append(value)
        for _ in range(rng.randint(0, 2)):
            self.const()
        self.emit_ops()
        body += self.lines
        self.lines = []
        results = [v for v in self.values if v[0] not in self.used and
                   v[0].startswith("%v")] or [self.values[-1]]
        results = [self.strong(v) for v in results[:3]]
        body += self.lines
        self.lines = []
        # An accumulator loop: acc[0] = sum over j < trip of the first
        # result (a tolk.define_reg array), stored to its own output.
        if rng.random() < 0.3:
            r = results[0]
            if r[2] is None and r[1] not in ("bool",):
                trip = rng.choice([1, 3, 8])
                t = graph.type_str(r[1], None)
                body += [
                    "  %acc = tolk.define_reg : !tolk.ptr<{}, reg, 1>".format(t),
                    "  %c0 = tolk.const 0 : si32",
                    "  %ctrip = tolk.const {} : si32".format(trip),
                    "  %c1 = tolk.const 1 : si32",
                    "  %pacc = tolk.index %acc[%c0] : "
                    "!tolk.ptr<{}, reg, 1>, si32".format(t),
                    "  tolk.store %pacc, {} : !tolk.ptr<{}, reg, 1>, {}".format(
                        r[0], t, t),
                    "  tolk.range %j = %c0 to %ctrip step %c1 : si32 {",
                    "    %old = tolk.load %pacc : !tolk.ptr<{}, reg, 1> -> {}"
                    .format(t, t),
                    "    %new = tolk.max %old, {} : {}".format(r[0], t),
                    "    tolk.store %pacc, %new : !tolk.ptr<{}, reg, 1>, {}"
                    .format(t, t),
                    "  }",
                    "  %accv = tolk.load %pacc : !tolk.ptr<{}, reg, 1> -> {}"
                    .format(t, t)]
                results.append(("%accv", r[1], None))
        # Through workgroup memory: each thread writes its value, all wait,
        # and each reads its own slot back.
        if rng.random() < 0.2:
            r = results[0]
            if r[2] is None:
                t = graph.type_str(r[1], None)
                lp = "!tolk.ptr<{}, local, {}>".format(t, block)
                body += [
                    "  %tile = tolk.define_local : " + lp,
                    "  %lid = tolk.special local_id x : si32",
                    "  %pt = tolk.index %tile[%lid] : {}, si32".format(lp),
                    "  tolk.store %pt, {} : {}, {}".format(r[0], lp, t),
                    "  gpu.barrier",
                    "  %shared = tolk.load %pt : {} -> {}".format(lp, t)]
                results.append(("%shared", r[1], None))
        # Outputs.
        for i, r in enumerate(results):
            name = "%%out%d" % i
            ty = ptr(r[1], r[2], count)
            self.params.append((name, ty))
            body.append("  %%q%d = tolk.index %s[%s] : %s, si32" % (
                i, name, idx, ty))
            body.append("  tolk.store %%q%d, %s if %%ok : %s, %s" % (
                i, r[0], ty, graph.type_str(r[1], r[2])))
            self.manifest["outputs"].append(
                {"dtype": NPY[r[1]], "count": count * (4 if r[2] else 1)})
        body.append("  gpu.return")
        # Inputs first, then the by-value parameters, then the outputs: the
        # order the manifest binds them in.
        head = "gpu.func @%s(%s) kernel attributes {known_block_size = " \
            "array<i32: %d, 1, 1>, known_grid_size = array<i32: %d, 1, 1>} {" % (
                self.name, ", ".join("%s: %s" % (n.split(" ")[0], t) +
                                     (" " + n.split(" ", 1)[1]
                                      if " " in n else "")
                                     for n, t in self.params), block, grid)
        return [head] + ["  " + line for line in body] + ["}"]


def module(seed, args):
    rng = random.Random(seed)
    out = ["// Generated by scripts/gen-random-kernel.py --seed %d "
           "--kernels %d --ops-per-kernel %d" % (
               seed, args.kernels, args.ops_per_kernel),
           "gpu.module @fuzz {"]
    manifests = []
    for i in range(args.kernels):
        k = Kernel(rng, "k%d" % i, args.ops_per_kernel)
        out += ["  " + line for line in k.generate_kernel()]
        manifests.append(k.manifest)
    out.append("}")
    return "\n".join(out) + "\n", manifests


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kernels", type=int, default=2)
    parser.add_argument("--ops-per-kernel", type=int, default=15)
    parser.add_argument("--manifest",
                        help="write one JSON line per kernel here")
    args = parser.parse_args(argv)
    if args.kernels < 1 or args.ops_per_kernel < 0:
        parser.error("--kernels must be >= 1, --ops-per-kernel >= 0")
    text, manifests = module(args.seed, args)
    sys.stdout.write(text)
    if args.manifest:
        with open(args.manifest, "w") as f:
            for m in manifests:
                f.write(json.dumps(m) + "\n")


if __name__ == "__main__":
    main()
