#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compile speed and scaling of tolk-opt, against upstream MLIR in the same run.

Generates one function holding a long chain of elementwise ops of mixed data
types (si8, ui8, si16, si32, f16, bf16, f32; weak constants, mixed-type
operands that promotion has to cast, explicit tolk.casts back down; add, mul,
sub and max, sub being a derived op that --tolk-decompose expands) of 1e3,
1e4 and 1e5 ops (1e6 with --huge), and runs it through tolk-opt:

  parse       parse, verify and print, no pass
  canon       --canonicalize
  decompose   --tolk-decompose
  full        --canonicalize --tolk-decompose --canonicalize --tolk-commit-weak

The baseline, in the same run, is the same program already promoted and
written in upstream `arith` on signless types (the casts that promotion makes
explicit written as arith.extsi/extui/sitofp/uitofp/extf, tolk.cast as the
matching arith conversion), through /usr/lib/llvm-22/bin/mlir-opt (parse, and
--canonicalize).

Each configuration is a separate process: wall time, the pass's own time
(--mlir-timing; parse and print excluded) and peak RSS (os.wait4's rusage of
that child). The table gives time per op (the op count is the Tolk program's,
constants included; the arith program has more ops, its explicit casts), and
the ratios whose targets bench/README.md states: Tolk canonicalize / arith
canonicalize (<= 1.5) and time per op at the largest size / time per op at
1e4 (<= 1.5).

A second table runs a module of 1000 small functions with and without
--mlir-disable-threading; a third, the same chains as 1000 tensor-level
functions (1000 kernels) through each GPU and host pipeline. `--canonicalize` given on the command line runs on
the module as one op: its rewriting is serial, and only the verifier after it
checks functions in parallel. The same pass nested on func.func
(--pass-pipeline) runs one function per task. Both are measured.

Wall times on a shared machine vary: every configuration runs --repeat times
and the fastest run is reported. Ratios between columns of one run are what
the numbers are for.

The first table is also drawn (with python3-matplotlib, where installed):
compile-time.png (time per op against N, net of start-up, per pipeline) and
memory.png (peak memory against N) in --plot-dir, from the measurements it
saves as compile-scaling.json there; --replot FILE.json draws them again
from saved measurements without measuring.

Usage: bench/compile-scaling.py [--tolk-opt build/bin/tolk-opt] [--huge]
                                [--sizes 1000,10000] [--plot-dir DIR]
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plotting  # noqa: E402

# ---------------------------------------------------------------------------
# Data types: the part of the promotion lattice (docs/Semantics.md) that
# the generator uses.
# ---------------------------------------------------------------------------

# The types of the chain, and the signless MLIR type arith spells them with.
TYPES = ["si8", "ui8", "si16", "si32", "f16", "bf16", "f32"]
ARITH_TYPE = {"si8": "i8", "ui8": "i8", "si16": "i16", "si32": "i32",
              "f16": "f16", "bf16": "bf16", "f32": "f32"}
WIDTH = {"si8": 8, "ui8": 8, "si16": 16, "si32": 32, "f16": 16, "bf16": 16,
         "f32": 32}


def is_float(t):
    return t in ("f16", "bf16", "f32")


def is_unsigned(t):
    return t.startswith("ui")


def least_upper(a, b):
    """least_upper (docs/Semantics.md) restricted to TYPES (closed under it): an
    integer with a float gives the float; f16 with bf16 gives f32; two
    integers give the least one holding both."""
    if a == b:
        return a
    if is_float(a) and is_float(b):
        return "f32" if {a, b} == {"f16", "bf16"} else max(a, b, key=WIDTH.get)
    if is_float(a) or is_float(b):
        return a if is_float(a) else b
    if {a, b} == {"si8", "ui8"}:
        return "si16"
    return max(a, b, key=WIDTH.get)


# ---------------------------------------------------------------------------
# The generator: the same chain written twice.
# ---------------------------------------------------------------------------

INT_CONSTANTS = ["3", "5", "7", "2"]
FLOAT_CONSTANTS = ["1.5", "0.75", "2.5", "3.0"]
OPS = ["add", "mul", "sub", "max"]


def arith_op(op, t):
    if is_float(t):
        return {"add": "arith.addf", "mul": "arith.mulf", "sub": "arith.subf",
                "max": "arith.maximumf"}[op]
    if op == "max":
        return "arith.maxui" if is_unsigned(t) else "arith.maxsi"
    return {"add": "arith.addi", "mul": "arith.muli", "sub": "arith.subi"}[op]


class Chain:
    """Writes one function in both dialects. `tolk` and `arith` collect the
    body lines; each SSA value of the chain has a name in each."""

    def __init__(self, name, rng):
        self.name = name
        self.rng = rng
        self.tolk = []
        self.arith = []
        self.counter = 0
        self.tolk_ops = 0

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def emit_tolk(self, text):
        self.tolk_ops += 1
        v = self.fresh()
        self.tolk.append("  %s = %s" % (v, text))
        return v

    def emit_arith(self, text):
        v = self.fresh()
        self.arith.append("  %s = %s" % (v, text))
        return v

    def arith_convert(self, v, src, dst):
        """The arith ops that take v from src to dst as tolk.cast does."""
        if src == dst:
            return v
        s, d = ARITH_TYPE[src], ARITH_TYPE[dst]
        if is_float(src) and is_float(dst):
            if WIDTH[src] < WIDTH[dst]:
                return self.emit_arith("arith.extf %s : %s to %s" % (v, s, d))
            if WIDTH[src] > WIDTH[dst]:
                return self.emit_arith("arith.truncf %s : %s to %s" % (v, s, d))
            # f16 <-> bf16: through f32, which holds either exactly.
            w = self.emit_arith("arith.extf %s : %s to f32" % (v, s))
            return self.emit_arith("arith.truncf %s : f32 to %s" % (w, d))
        if is_float(dst):
            op = "arith.uitofp" if is_unsigned(src) else "arith.sitofp"
            return self.emit_arith("%s %s : %s to %s" % (op, v, s, d))
        if is_float(src):
            op = "arith.fptoui" if is_unsigned(dst) else "arith.fptosi"
            return self.emit_arith("%s %s : %s to %s" % (op, v, s, d))
        if WIDTH[src] == WIDTH[dst]:
            return v  # si8 <-> ui8: the same signless bits.
        if WIDTH[src] > WIDTH[dst]:
            return self.emit_arith("arith.trunci %s : %s to %s" % (v, s, d))
        op = "arith.extui" if is_unsigned(src) else "arith.extsi"
        return self.emit_arith("%s %s : %s to %s" % (op, v, s, d))

    def generate(self, num_ops):
        """A chain of at least num_ops Tolk ops; returns the function in each
        dialect."""
        args = {t: "%%a_%s" % t for t in TYPES}
        cur, t = args["si8"], "si8"
        cur_arith = cur
        while self.tolk_ops < num_ops:
            kind = self.rng.random()
            op = self.rng.choice(OPS)
            if kind < 0.4:
                # A weak constant: it takes the chain's type. A weak float
                # beside an integer would make the result weak, so integers
                # get weak integers.
                if is_float(t) and self.rng.random() < 0.5:
                    lit, weak = self.rng.choice(FLOAT_CONSTANTS), "weakfloat"
                else:
                    lit, weak = self.rng.choice(INT_CONSTANTS), "weakint"
                c = self.emit_tolk("tolk.const %s : !tolk.%s" % (lit, weak))
                cur = self.emit_tolk("tolk.%s %s, %s : (%s, !tolk.%s) -> %s" % (
                    op, cur, c, t, weak, t))
                alit = lit
                if is_float(t) and "." not in alit:
                    alit += ".0"
                ac = self.emit_arith("arith.constant %s : %s" % (
                    alit, ARITH_TYPE[t]))
                cur_arith = self.emit_arith("%s %s, %s : %s" % (
                    arith_op(op, t), cur_arith, ac, ARITH_TYPE[t]))
            elif kind < 0.8:
                # A function argument of another type: promotion casts.
                u = self.rng.choice(TYPES)
                r = least_upper(t, u)
                types = t if t == u else "(%s, %s) -> %s" % (t, u, r)
                cur = self.emit_tolk("tolk.%s %s, %s : %s" % (
                    op, cur, args[u], types))
                x = self.arith_convert(cur_arith, t, r)
                y = self.arith_convert(args[u], u, r)
                cur_arith = self.emit_arith("%s %s, %s : %s" % (
                    arith_op(op, r), x, y, ARITH_TYPE[r]))
                t = r
            else:
                # An explicit cast, which brings the chain's type down again.
                u = self.rng.choice([x for x in TYPES if x != t])
                cur = self.emit_tolk("tolk.cast %s : %s to %s" % (cur, t, u))
                cur_arith = self.arith_convert(cur_arith, t, u)
                t = u

        params = ", ".join("%s: %s" % (args[u], u) for u in TYPES)
        aparams = ", ".join("%s: %s" % (args[u], ARITH_TYPE[u]) for u in TYPES)
        tolk = "func.func @%s(%s) -> %s {\n%s\n  return %s : %s\n}\n" % (
            self.name, params, t, "\n".join(self.tolk), cur, t)
        arith = "func.func @%s(%s) -> %s {\n%s\n  return %s : %s\n}\n" % (
            self.name, aparams, ARITH_TYPE[t], "\n".join(self.arith),
            cur_arith, ARITH_TYPE[t])
        return tolk, arith


def write_module(path_tolk, path_arith, seed, functions, ops_per_function):
    """Writes the module in both dialects; returns the Tolk op count."""
    rng = random.Random(seed)
    total = 0
    with open(path_tolk, "w") as ft, open(path_arith, "w") as fa:
        for i in range(functions):
            chain = Chain("f%d" % i, rng)
            tolk, arith = chain.generate(ops_per_function)
            ft.write(tolk)
            fa.write(arith)
            total += chain.tolk_ops
    return total


# ---------------------------------------------------------------------------
# Measuring one process.
# ---------------------------------------------------------------------------

def pass_seconds(timing, names):
    """The wall time that --mlir-timing's list display gives for the passes
    named `names`, summed. With threads it prints a user-time column before
    the wall-time one, so the wall time is the last number on a line."""
    total = 0.0
    for line in timing.splitlines():
        nums = re.findall(r"([0-9.]+)\s+\(\s*[0-9.]+%\)", line)
        if not nums:
            continue
        label = re.sub(r"([0-9.]+)\s+\(\s*[0-9.]+%\)", "", line).strip()
        if label in names:
            total += float(nums[-1])
    return total


def run_once(cmd):
    """Runs cmd; returns (wall s, CPU s, peak RSS MB, stderr text)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err = proc.stderr.read()
    # os.wait4 gives this child's own rusage; RUSAGE_CHILDREN would be the
    # maximum over every child so far.
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.stderr.write(err.decode(errors="replace"))
        raise SystemExit("failed (exit %d): %s" % (proc.returncode,
                                                   " ".join(cmd)))
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0,
            err.decode(errors="replace"))


class Result:
    def __init__(self, wall, cpu, rss, pass_s):
        self.wall = wall
        self.cpu = cpu
        self.rss = rss
        self.pass_s = pass_s


def measure(cmd, repeat, pass_names=()):
    """The fastest of `repeat` runs of cmd (with --mlir-timing when
    pass_names is given, to read the passes' own time)."""
    best = None
    for _ in range(repeat):
        full = list(cmd)
        if pass_names:
            full += ["--mlir-timing", "--mlir-timing-display=list"]
        wall, cpu, rss, err = run_once(full)
        p = pass_seconds(err, pass_names) if pass_names else 0.0
        if best is None or wall < best.wall:
            best = Result(wall, cpu, rss, p)
    return best


# ---------------------------------------------------------------------------
# The tables.
# ---------------------------------------------------------------------------

TOLK_CONFIGS = [
    ("parse", [], ()),
    ("canon", ["--canonicalize"], ("Canonicalizer",)),
    ("decompose", ["--tolk-decompose"], ("TolkDecompose",)),
    ("full", ["--canonicalize", "--tolk-decompose", "--canonicalize",
              "--tolk-commit-weak"],
     ("Canonicalizer", "TolkDecompose", "TolkCommitWeak")),
]
ARITH_CONFIGS = [
    ("arith parse", [], ()),
    ("arith canon", ["--canonicalize"], ("Canonicalizer",)),
]


def startup(args, tmp):
    """Each tool on an empty module: the process start-up (loading libMLIR,
    registering dialects) that every row pays once, whatever N is."""
    empty = os.path.join(tmp, "empty.mlir")
    with open(empty, "w") as f:
        f.write("module {}\n")
    return {tool: measure([tool, empty, "-o", os.devnull], args.repeat)
            for tool in (args.tolk_opt, args.mlir_opt)}


def scaling(args, tmp):
    sizes = ([int(n) for n in args.sizes.split(",")] if args.sizes else
             [1000, 10000, 100000] + ([1000000] if args.huge else []))
    base = startup(args, tmp)
    rows = []  # (size, name, ops, Result, start-up Result)
    for size in sizes:
        ft = os.path.join(tmp, "chain-%d.tolk.mlir" % size)
        fa = os.path.join(tmp, "chain-%d.arith.mlir" % size)
        ops = write_module(ft, fa, args.seed, 1, size)
        repeat = args.repeat if size <= 100000 else 1
        for tool, f, configs in ((args.tolk_opt, ft, TOLK_CONFIGS),
                                 (args.mlir_opt, fa, ARITH_CONFIGS)):
            for name, flags, passes in configs:
                r = measure([tool, f, "-o", os.devnull] + flags, repeat,
                            passes)
                rows.append((size, name, ops, r, base[tool]))
        sys.stderr.write("  measured %d ops\n" % size)
        sys.stderr.flush()

    def net_us(r, b, ops):
        return max(r.wall - b.wall, 0.0) / ops * 1e6

    def net_kb(r, b, ops):
        return max(r.rss - b.rss, 0.0) * 1024.0 / ops

    print("## Compile time and memory of one function of N ops")
    print()
    print("Start-up on an empty module (subtracted in the net columns): "
          "tolk-opt %.3f s, %.0f MB; mlir-opt %.3f s, %.0f MB." % (
              base[args.tolk_opt].wall, base[args.tolk_opt].rss,
              base[args.mlir_opt].wall, base[args.mlir_opt].rss))
    print()
    print("| N | pipeline | wall (s) | net us/op | pass us/op | peak MB | "
          "net KB/op |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for size, name, ops, r, b in rows:
        pass_col = "%.2f" % (r.pass_s / ops * 1e6) if r.pass_s else "-"
        print("| %d | %s | %.3f | %.2f | %s | %.0f | %.2f |" % (
            ops, name, r.wall, net_us(r, b, ops), pass_col, r.rss,
            net_kb(r, b, ops)))
    print()

    by = {(size, name): (ops, r, b) for size, name, ops, r, b in rows}
    print("## Ratios (targets: each <= 1.5)")
    print()
    print("Tolk --canonicalize / arith --canonicalize on the same program: "
          "whole process, net of start-up, and the pass alone:")
    print()
    print("| N | process | net | pass |")
    print("| ---: | ---: | ---: | ---: |")
    for size in sizes:
        ops, t, tb = by[(size, "canon")]
        _, a, ab = by[(size, "arith canon")]
        net_a = net_us(a, ab, ops)
        print("| %d | %.2f | %s | %s |" % (
            ops, t.wall / a.wall,
            ("%.2f" % (net_us(t, tb, ops) / net_a)) if net_a else "-",
            ("%.2f" % (t.pass_s / a.pass_s)) if a.pass_s else "-"))
    print()
    save_and_plot_scaling(args, sizes, rows)
    if 10000 not in sizes:
        return
    largest = sizes[-1]
    print("Per op at N=%d / per op at N=10000 (net of start-up):" % largest)
    print()
    print("| pipeline | time | pass time | memory |")
    print("| --- | ---: | ---: | ---: |")
    for name, _, _ in TOLK_CONFIGS + ARITH_CONFIGS:
        ops_l, l, lb = by[(largest, name)]
        ops_s, s_, sb = by[(10000, name)]

        def ratio(x, y):
            return ("%.2f" % (x / y)) if y else "-"
        print("| %s | %s | %s | %s |" % (
            name, ratio(net_us(l, lb, ops_l), net_us(s_, sb, ops_s)),
            ratio(l.pass_s / ops_l, s_.pass_s / ops_s),
            ratio(net_kb(l, lb, ops_l), net_kb(s_, sb, ops_s))))
    print()


def save_and_plot_scaling(args, sizes, rows):
    """Saves the scaling measurements as JSON beside the plots, and draws
    them."""
    data = {"date": time.strftime("%Y-%m-%d %H:%M"), "cores": os.cpu_count(),
            "sizes": sizes, "rows": []}
    for size, name, ops, r, b in rows:
        data["rows"].append({"size": size, "pipeline": name, "ops": ops,
                             "wall": r.wall, "rss_mb": r.rss,
                             "pass_s": r.pass_s, "startup_wall": b.wall,
                             "startup_rss_mb": b.rss})
    os.makedirs(args.plot_dir, exist_ok=True)
    path = os.path.join(args.plot_dir, "compile-scaling.json")
    with open(path, "w") as f:
        json.dump(data, f, indent=1)
    sys.stderr.write("  measurements: %s\n" % path)
    plot_scaling(data, args.plot_dir)


def plot_scaling(data, directory):
    """compile-time.png and memory.png from saved measurements."""
    plt = plotting.pyplot()
    if plt is None:
        return
    series = {}
    for row in data["rows"]:
        series.setdefault(row["pipeline"], []).append(row)
    title = "tolk-opt and mlir-opt, one function of N ops (%s, %d cores)" % (
        data["date"], data["cores"])
    for name, ylabel, value in (
            ("compile-time.png", "net time per op (us)",
             lambda r: max(r["wall"] - r["startup_wall"], 0) / r["ops"] * 1e6),
            ("memory.png", "peak memory (MB)", lambda r: r["rss_mb"])):
        fig, ax = plt.subplots(figsize=(7, 4.2))
        for pipeline, rows in series.items():
            rows = sorted(rows, key=lambda r: r["ops"])
            style = "--" if pipeline.startswith("arith") else "-"
            ax.plot([r["ops"] for r in rows], [value(r) for r in rows],
                    style, marker="o", label=pipeline)
        ax.set_xscale("log")
        if name == "memory.png":
            ax.set_yscale("log")
        ax.set_xlabel("ops in the function (N)")
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        plotting.save(plt, fig, directory, name)


# (dialect, label, flags, what --mlir-timing names the measured part). A
# pass nested on func.func runs under the "'func.func' Pipeline" timer, whose
# wall time is the elapsed time of the parallel region.
THREAD_CONFIGS = [
    ("tolk", "--canonicalize (on the module)", ["--canonicalize"],
     ("Canonicalizer",)),
    ("tolk", "func.func(canonicalize)",
     ["--pass-pipeline=builtin.module(func.func(canonicalize))"],
     ("'func.func' Pipeline",)),
    ("tolk", "func.func(full pipeline)",
     ["--pass-pipeline=builtin.module(func.func(canonicalize,tolk-decompose,"
      "canonicalize,tolk-commit-weak))"],
     ("'func.func' Pipeline",)),
    ("arith", "func.func(canonicalize)",
     ["--pass-pipeline=builtin.module(func.func(canonicalize))"],
     ("'func.func' Pipeline",)),
]


def threading(args, tmp):
    ft = os.path.join(tmp, "many.tolk.mlir")
    fa = os.path.join(tmp, "many.arith.mlir")
    ops = write_module(ft, fa, args.seed + 1, args.functions,
                       args.ops_per_function)
    print("## Threads: %d functions of %d ops (%d ops), %d cores" % (
        args.functions, args.ops_per_function, ops, os.cpu_count()))
    print()
    print("Speedup = time with --mlir-disable-threading / time without. "
          "\"pass\" is the passes' wall time from --mlir-timing; CPU is the "
          "process's user + system time, threaded.")
    print()
    print("| dialect | pipeline | process 1 thread (s) | process threaded (s) "
          "| process speedup | pass 1 thread (s) | pass threaded (s) "
          "| pass speedup | CPU threaded (s) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for dialect, name, flags, passes in THREAD_CONFIGS:
        tool, f = ((args.tolk_opt, ft) if dialect == "tolk"
                   else (args.mlir_opt, fa))
        base = [tool, f, "-o", os.devnull] + flags
        one = measure(base + ["--mlir-disable-threading"], args.repeat, passes)
        many = measure(base, args.repeat, passes)
        print("| %s | %s | %.3f | %.3f | %.2f | %.3f | %.3f | %s | %.3f |" % (
            dialect, name, one.wall, many.wall, one.wall / many.wall,
            one.pass_s, many.pass_s,
            ("%.2f" % (one.pass_s / many.pass_s)) if many.pass_s else "-",
            many.cpu))
    print()


# ---------------------------------------------------------------------------
# GPU pipelines: the same chains as tensor-level functions, one kernel each.
# ---------------------------------------------------------------------------

STRONG_TYPE = re.compile(r"(?<![\w.])(%s)(?!\w)" % "|".join(TYPES))


def write_kernels(path, seed, functions, ops_per_function, elements=1024):
    """The chains of write_module as functions over tensor<elements x T>
    (the weak constants stay scalars, which broadcast), so that
    --tolk-kernelize makes one kernel, in its own gpu.module, of each."""
    rng = random.Random(seed)
    total = 0
    with open(path, "w") as f:
        for i in range(functions):
            chain = Chain("k%d" % i, rng)
            tolk, _ = chain.generate(ops_per_function)
            f.write(STRONG_TYPE.sub(r"tensor<%dx\1>" % elements, tolk))
            total += chain.tolk_ops
    return total


def registered_pipelines(args):
    """The GPU and host pipelines this tolk-opt has."""
    out = subprocess.run([args.tolk_opt, "--help"], capture_output=True,
                         text=True).stdout
    wanted = (args.pipelines.split(",") if args.pipelines else
              ["tolk-to-nvvm", "tolk-to-rocdl", "tolk-to-spirv",
               "tolk-to-llvm"])
    return [p for p in wanted if "--%s" % p in out]


def gpu_threading(args, tmp):
    path = os.path.join(tmp, "kernels.tolk.mlir")
    ops = write_kernels(path, args.seed + 2, args.kernels,
                        args.ops_per_function)
    print("## Parallel compilation: %d kernels of %d ops (%d ops), %d cores"
          % (args.kernels, args.ops_per_function, ops, os.cpu_count()))
    print()
    print("Each tensor-level function becomes a kernel in its own gpu.module; "
          "the pipelines nest Tolk's passes on gpu.module, NVVM and ROCDL "
          "serialize the modules in parallel, SPIR-V converts them in "
          "parallel, and the host pipeline nests its function passes on "
          "the functions. Speedup = time with "
          "--mlir-disable-threading / time without; CPU is the threaded "
          "process's user + system time.")
    print()
    print("| pipeline | 1 thread (s) | threaded (s) | speedup | "
          "CPU threaded (s) | ms per kernel, threaded |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for pipeline in registered_pipelines(args):
        base = [args.tolk_opt, path, "-o", os.devnull, "--" + pipeline]
        one = measure(base + ["--mlir-disable-threading"], args.repeat)
        many = measure(base, args.repeat)
        print("| --%s | %.3f | %.3f | %.2f | %.3f | %.2f |" % (
            pipeline, one.wall, many.wall, one.wall / many.wall, many.cpu,
            many.wall / args.kernels * 1e3))
    print()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--tolk-opt",
                        default=os.path.join(root, "build", "bin", "tolk-opt"))
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--huge", action="store_true",
                        help="also 1e6 ops (slow: minutes, GBs of memory)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per configuration; the fastest is kept "
                        "(1e6 always runs once)")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--functions", type=int, default=1000)
    parser.add_argument("--ops-per-function", type=int, default=40)
    parser.add_argument("--kernels", type=int, default=1000,
                        help="kernels in the parallel-compilation table")
    parser.add_argument("--pipelines", metavar="P1,P2",
                        help="the pipelines of the parallel-compilation "
                        "table (default: every one tolk-opt has, e.g. "
                        "tolk-to-spirv,tolk-to-llvm)")
    parser.add_argument("--only", choices=["scaling", "threads", "gpu"],
                        help="run one of the three tables")
    parser.add_argument("--keep", metavar="DIR",
                        help="write the generated modules to DIR and keep them")
    parser.add_argument("--sizes", metavar="N1,N2",
                        help="the op counts of the scaling table (default "
                        "1000,10000,100000, and 1000000 with --huge)")
    parser.add_argument("--plot-dir", default=os.path.join(root, "bench",
                                                           "plots"),
                        help="where the plots and their measurements go")
    parser.add_argument("--replot", metavar="FILE.json",
                        help="draw the plots from saved measurements, and "
                        "measure nothing")
    args = parser.parse_args(argv)
    if args.replot:
        with open(args.replot) as f:
            plot_scaling(json.load(f), args.plot_dir)
        return 0
    for tool in (args.tolk_opt, args.mlir_opt):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            parser.error("no executable %s (build it, or pass --tolk-opt / "
                         "--mlir-opt)" % tool)

    tmp = args.keep or tempfile.mkdtemp(prefix="tolk-bench-")
    os.makedirs(tmp, exist_ok=True)
    try:
        print("# Compile scaling (%s, %d cores)" % (
            time.strftime("%Y-%m-%d %H:%M"), os.cpu_count()))
        print()
        if args.only in (None, "scaling"):
            scaling(args, tmp)
        if args.only in (None, "threads"):
            threading(args, tmp)
        if args.only in (None, "gpu"):
            gpu_threading(args, tmp)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
