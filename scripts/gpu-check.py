#!/usr/bin/env python3
# ===- gpu-check.py - The checks of scripts/gpu-check.sh, and its table ---===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# What scripts/gpu-check.sh runs once the driver is found and the tools are
# built (it passes the tools, the device backend and what it measured); run
# alone, it is the same on tools already built:
#
#   scripts/gpu-check.py --bin build/bin --work /tmp/gc --device host --quick
#
# Every check is a job of its own process, run --jobs at a time, the longest
# first:
#
#   - the differential suite (differential.py), the ops on one operand type
#     a process and the conversions from one type another, on the host
#     backend and the device in the same process (one fold for both);
#   - the conversions that NativeFloatConversionsTest proves against a model
#     of the chip's instructions, here on the chip: every f16 and bf16 code
#     (differential.py --exhaustive), the f32 patterns around every rounding
#     boundary of the 8-bit floats (--f32-boundaries), through tolk.cast to
#     every data type and tolk.bitcast to every one of its size; every code
#     of an 8-bit float is the differential suite's own input of its casts;
#   - random programs (differential-programs.py), in chunks of seeds;
#   - every kernel and tensor-level function of examples/ with generated
#     inputs, on the host and on the device, compared byte for byte: small
#     exact floats and random integers in each input buffer (1000 elements
#     where the pointer type does not say, so that a gated tail runs), the
#     element count for an integer by-value argument (what an example bounds
#     its threads with), 0.5 for a float one.
#
# It prints one table (and writes it, with the machine, to --work's
# results.md): per check and backend, cases compared / agreeing / excused /
# cells unsupported, and the bandwidth table's ratios when --bandwidth names
# bench/nvidia-bandwidth.sh's output. Exit status 1 when anything disagreed
# or failed.
#
# ===-----------------------------------------------------------------------===#

import argparse
import concurrent.futures
import datetime
import math
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# differential.py, beside this script.
sys.path.insert(0, HERE)
import differential as diff  # noqa: E402

# The differential suite's rows: each op's class.
CLASSES = [
    ("arithmetic", ["add", "sub", "mul", "div", "truncdiv", "mod", "fmod",
                    "max", "minimum", "neg", "reciprocal", "trunc", "floor"]),
    ("comparisons", ["cmplt", "cmpeq", "ne", "gt", "le", "ge"]),
    ("bitwise, logical, shifts", ["and", "or", "xor", "bitwise_not",
                                  "logical_not", "shl", "shr"]),
    ("transcendental (within ULP bounds)", ["sqrt", "exp2", "log2", "pow"]),
    ("where", ["where"]),
    ("casts", ["cast"]),
    ("bitcasts", ["bitcast"]),
]
assert sorted(op for _, ops in CLASSES for op in ops) == \
    sorted(list(diff.OPS) + ["cast", "bitcast"])

# The conversions the chip makes with its own instructions on sm_89 and
# later (docs/Lowering.md, "Native fp8 conversions"): to and from the two
# OCP formats.
NATIVE_FP8 = ("f8E4M3FN", "f8E5M2")
NATIVE_WIDE = ("f16", "bf16", "f32", "f64")

# Seconds one job may take: a hung kernel shows in the table, not as a
# script that never ends. --time-limit bounds them all.
JOB_TIMEOUT = 300
# Disagreements printed before the table.
SHOWN = 40


class Job:
    """One process of one stage; `weight` orders the queue (the longest
    first, so that the pool ends together)."""

    def __init__(self, stage, name, cmd, weight, tsv=None, rows=()):
        self.stage, self.name, self.cmd = stage, name, cmd
        self.rows = set(rows)  # The table's rows whose cells it runs.
        self.dtypes = {cmd[i + 1] for i, a in enumerate(cmd)
                       if a == "--dtype"}
        self.weight, self.tsv = weight, tsv
        self.log = None
        self.rc = None
        self.seconds = self.cpu = 0.0
        self.output = ""


def differential_jobs(args, backends):
    """The differential suite and the exhaustive conversions."""
    jobs = []
    base = [sys.executable, os.path.join(HERE, "differential.py"),
            "--bin", args.bin, "--max-failures", "5"]
    base += [a for b in backends for a in ("--backend", b)]

    def job(stage, name, extra, weight):
        tsv = os.path.join(args.work, "tsv", name + ".tsv")
        ops = [extra[i + 1] for i, a in enumerate(extra) if a == "--op"]
        rows = {class_of(op) for op in ops} if stage == "differential" else \
            {extra[extra.index("--dtype") + 1]}
        jobs.append(Job(stage, name, base + extra + ["--tsv", tsv], weight,
                        tsv, rows))

    if args.quick:
        # The same jobs on one op of each class, a few data types and a few
        # cases: the commands and the table, in seconds.
        small = ["--max-cases", "24", "--dtype", "si8", "--dtype", "f16"]
        job("differential", "ops", ["--op", "add", "--op", "cmplt", "--op",
                                    "shl", "--op", "sqrt", "--op", "where"] +
            small, 1)
        job("differential", "conversions", ["--op", "cast:f32", "--op",
                                            "bitcast", "--dtype",
                                            "f8E4M3FN"] + small, 1)
        for ty, to, extra in (("f16", "f8E4M3FN", "--exhaustive"),
                              ("bf16", "f8E5M2", "--exhaustive"),
                              ("f32", "f8E5M2", "--f32-boundaries")):
            job("conversions", f"exhaustive-{ty}",
                ["--op", "cast:" + to, "--dtype", ty, extra, "--max-cases",
                 "64"], 1)
        return jobs

    # One job per operand type: the ops on one type share their inputs, a
    # fold and a kernel (differential.py's groups), which one job per op
    # would not. The conversions from one type likewise.
    ops = [a for op in sorted(diff.OPS) for a in ("--op", op)]
    for ty in diff.TYPES:
        job("differential", "ops-" + ty, ops + ["--dtype", ty],
            WEIGHTS["ops"])
        job("differential", "conversions-" + ty,
            ["--op", "cast", "--op", "bitcast", "--dtype", ty],
            WEIGHTS["conversions"])
    # Every f16 and bf16 code, and the f32 boundaries, to every type: one
    # job per four targets (a fold of 65536 codes into four types is half a
    # million ops).
    for ty, extra in (("f16", ["--exhaustive"]), ("bf16", ["--exhaustive"]),
                      ("f32", ["--f32-boundaries"])):
        cells = [f"cast:{t}" for t in diff.TYPES] + \
            [f"bitcast:{t}" for t in diff.TYPES
             if diff.width(t) == diff.width(ty)]
        for k in range(0, len(cells), 4):
            ops = [a for op in cells[k:k + 4] for a in ("--op", op)]
            job("conversions", f"exhaustive-{ty}-{k // 4}",
                ops + ["--dtype", ty] + extra, WEIGHTS["exhaustive"])
    return jobs


# CPU seconds of a job on the host backend alone, measured on the
# development machine (scripts/gpu-check.sh's header): the queue's order.
WEIGHTS = {"ops": 3, "conversions": 0.6, "exhaustive": 8, "programs": 2.5}


def program_jobs(args, backends):
    jobs = []
    count = 2 if args.quick else args.programs
    chunk = 2 if args.quick else 20
    for start in range(1, count + 1, chunk):
        n = min(chunk, count + 1 - start)
        cmd = [sys.executable, os.path.join(HERE, "differential-programs.py"),
               "--bin", args.bin, "--seed", str(start), "--count", str(n)]
        cmd += [a for b in backends for a in ("--backend", b)]
        jobs.append(Job("programs", f"programs-{start}", cmd,
                        WEIGHTS["programs"] * n / 20))
    return jobs


# ---------------------------------------------------------------------------
# examples/: each kernel and tensor-level function with generated inputs
# ---------------------------------------------------------------------------

GPU_FUNC_RE = re.compile(r"gpu\.func @(\w+)\((.*?)\)\s*kernel", re.S)
FUNC_RE = re.compile(r"func\.func @(\w+)\((.*?)\)\s*->", re.S)
PARAM_RE = re.compile(r"(%\w+)\s*:\s*(!tolk\.ptr<[^>]*>|tensor<[^>]*>|\w+)"
                      r"(\s*\{[^}]*\})?")
PTR_RE = re.compile(r"!tolk\.ptr<(\w+),\s*(\w+)(?:,\s*(\d+))?>")
BOUNDS_RE = re.compile(r"tolk\.bounds = array<i64:\s*(-?\d+),\s*(-?\d+)>")
DIMS_RE = re.compile(r"(known_block_size|known_grid_size) = "
                     r"array<i32:\s*([\d,\s]+)>")

# Elements of a buffer whose type does not say: not a multiple of a block,
# so that the gated tail runs.
EXAMPLE_ELEMENTS = 1000
EXAMPLE_TIMEOUT = 60


def example_values(ty, n, rng):
    """`n` bit patterns of `ty`: small exact values for a float (finite
    results, whose bits every backend must agree on), random ones for an
    integer, alternating for i1."""
    if ty == "i1":
        return [int(i % 3 == 0) for i in range(n)]
    if diff.is_int(ty):
        return [rng.getrandbits(diff.width(ty)) for _ in range(n)]
    pool = [b for b in (diff.exact_bits(ty, k / 8) for k in range(-40, 41)
                        if k) if b is not None]
    return [rng.choice(pool) for _ in range(n)]


def example_scalar(ty, elements, bounds):
    """A by-value argument: the element count for an integer (what an
    example's bound is), within its tolk.bounds; 0.5 for a float."""
    if ty == "i1":
        return "true"
    if diff.is_float(ty):
        return "0.5"
    v = elements
    if bounds:
        v = max(bounds[0], min(bounds[1] - 1, v))
    return str(v)


def aliases(body, name):
    """`name` and every tolk.index derived from it in `body`."""
    found = {name}
    changed = True
    while changed:
        changed = False
        for m in re.finditer(r"(%\w+) = tolk\.index (%\w+)\[", body):
            if m.group(2) in found and m.group(1) not in found:
                found.add(m.group(1))
                changed = True
    return found


def example_runs(path, tmp, rng):
    """(name, tolk-run arguments, [(output path, dtype, tolk-run's size
    suffix)]) of each kernel and tensor-level function of the example, its
    inputs written to `tmp`, or (name, None, why) where its parameters
    cannot be generated."""
    text = open(path).read()
    runs = []
    for m in GPU_FUNC_RE.finditer(text):
        name, params = m.group(1), m.group(2)
        end = text.find("gpu.func", m.end())
        body = text[m.end():end if end >= 0 else len(text)]
        # The attributes between `kernel` and the body's brace.
        opening = re.search(r"\{\s*\n", body)
        dims = dict((k, [int(x) for x in v.split(",")]) for k, v in
                    DIMS_RE.findall(body[:opening.start() if opening else 0]))
        block = dims.get("known_block_size", [256])[0]
        ins, outs, scalars, why = [], [], [], None
        cmd = ["--kernel", name]
        for pm in PARAM_RE.finditer(params):
            pname, ptype, attrs = pm.group(1), pm.group(2), pm.group(3) or ""
            p = PTR_RE.fullmatch(ptype)
            if not p or p.group(1) not in diff.TYPES:
                why = f"parameter {pname} of type {ptype}"
                break
            ty, space = p.group(1), p.group(2)
            if space == "alu":
                b = BOUNDS_RE.search(attrs)
                bounds = (int(b.group(1)), int(b.group(2))) if b else None
                scalars.append((ty, bounds))
                continue
            n = int(p.group(3) or EXAMPLE_ELEMENTS)
            names = aliases(body, pname)
            stored = any(re.search(rf"tolk\.store {re.escape(a)}\b", body)
                         for a in names)
            loaded = any(re.search(rf"tolk\.load {re.escape(a)}\b", body)
                         for a in names)
            if loaded or not stored:
                ins.append((ty, n))
            if stored:
                outs.append((ty, p.group(3)))
        if why:
            runs.append((name, None, why))
            continue
        n = ins[0][1] if ins else EXAMPLE_ELEMENTS
        if "known_grid_size" not in dims:
            cmd += ["--grid", str(-(-n // block))]
        if "known_block_size" not in dims:
            cmd += ["--block", str(block)]
        for ty, bounds in scalars:
            cmd += ["--arg", example_scalar(ty, n, bounds)]
        # An output of no declared size has the first input's (tolk-run's
        # OUT.npy:N).
        runs.append((name, cmd + write_inputs(tmp, name, ins, rng),
                     [(os.path.join(tmp, f"{name}-out{k}"), ty,
                       "" if count else f":{n}")
                      for k, (ty, count) in enumerate(outs)]))
    for m in FUNC_RE.finditer(text):
        name, params = m.group(1), m.group(2)
        result = text[m.end():text.find("{", m.end())]
        cmd = ["--kernel", name]
        ins, why = [], None
        for pm in PARAM_RE.finditer(params):
            ptype = pm.group(2)
            t = re.fullmatch(r"tensor<((?:\d+x)*)(\w+)>", ptype)
            if t and t.group(2) in diff.TYPES:
                shape = [int(d) for d in t.group(1).split("x") if d]
                ins.append((t.group(2), shape))
            elif ptype in diff.TYPES:
                cmd += ["--arg", example_scalar(ptype, 3, None)]
            else:
                why = f"parameter {pm.group(1)} of type {ptype}"
                break
        outs = re.findall(r"tensor<(?:\d+x)*(\w+)>", result)
        if why or not outs:
            runs.append((name, None, why or "no tensor result"))
            continue
        runs.append((name, cmd + write_inputs(tmp, name, ins, rng),
                     [(os.path.join(tmp, f"{name}-out{k}"), ty, "")
                      for k, ty in enumerate(outs)]))
    return runs


def write_inputs(tmp, name, ins, rng):
    paths = []
    for k, (ty, shape) in enumerate(ins):
        shape = shape if isinstance(shape, list) else [shape]
        n = math.prod(shape)
        path = os.path.join(tmp, f"{name}-in{k}.npy")
        diff.write_npy(path, ty, example_values(ty, n, rng), shape)
        paths.append(path)
    return paths


def run_examples(args, device):
    """Each example kernel on the host and on `device`: rows of (example,
    kernel, elements compared, elements agreeing, or why it did not run)."""
    tmp = os.path.join(args.work, "examples")
    os.makedirs(tmp, exist_ok=True)
    rng = random.Random(1)
    rows = []
    examples = sorted(f for f in os.listdir(os.path.join(ROOT, "examples"))
                      if f.endswith(".mlir"))
    tool = diff.tool(args, "tolk-run")
    for file in examples:
        path = os.path.join(ROOT, "examples", file)
        for name, cmd, outs in example_runs(path, tmp, rng):
            if cmd is None:
                rows.append((file, name, 0, 0, f"not run: {outs}"))
                continue
            got = {}
            for backend in ("host", device):
                files = [f"{o}-{backend}.npy" for o, _, _ in outs]
                shapes = [f + size for f, (_, _, size) in zip(files, outs)]
                try:
                    r = diff.run([tool, path] + cmd + ["--backend", backend,
                                                       "-o"] + shapes,
                                 timeout=EXAMPLE_TIMEOUT)
                except subprocess.TimeoutExpired:
                    got = f"{backend}: timed out after {EXAMPLE_TIMEOUT} s"
                    break
                if r.returncode:
                    why = (r.stderr.strip().splitlines() or
                           [f"exit status {r.returncode}"])[-1]
                    got = f"{backend}: {why}"
                    break
                got[backend] = [diff.read_npy(f, ty)
                                for f, (_, ty, _) in zip(files, outs)]
            if isinstance(got, str):
                rows.append((file, name, 0, 0, "failed: " + got))
                continue
            pairs = [(a, b) for h, d in zip(got["host"], got[device])
                     for a, b in zip(h, d)]
            same = sum(a == b for a, b in pairs)
            rows.append((file, name, len(pairs), same, ""))
    return rows


# ---------------------------------------------------------------------------
# Running and reading the jobs
# ---------------------------------------------------------------------------

def run_job(job, deadline):
    """Runs `job`, its output into its log, until JOB_TIMEOUT or the
    `deadline` (time.monotonic()); its wall and CPU seconds (its
    processes', from wait4, which the table reports so that the next run's
    budget can be planned)."""
    start = time.monotonic()
    limit = min(JOB_TIMEOUT, deadline - start)
    with open(job.log, "w") as log:
        log.write(" ".join(job.cmd) + "\n")
        if limit <= 0:
            job.rc, job.output = "timeout", "gpu-check: not run: out of time\n"
            log.write(job.output)
            return job
        log.flush()
        # A session of its own, so that a timeout ends its tolk-runs too.
        proc = subprocess.Popen(job.cmd, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        timer = threading.Timer(limit, os.killpg, (proc.pid, signal.SIGKILL))
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        timed_out = not timer.is_alive()
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
    job.rc = "timeout" if timed_out else proc.returncode
    job.seconds = time.monotonic() - start
    job.cpu = usage.ru_utime + usage.ru_stime
    with open(job.log) as log:
        job.output = log.read()
    if timed_out:
        job.output += f"gpu-check: timed out after {limit:.0f} s\n"
    return job


# The last line of differential.py and of differential-programs.py: a job
# that exits without it (status 1 is also Python's for an exception) broke.
SUMMARY_RE = re.compile(r"^differential(?:-programs)?: .*(?:disagreement|"
                        r"failure)\(s\)", re.M)


def broke(job):
    return job.rc not in (0, 1) or not SUMMARY_RE.search(job.output)


def trouble(job):
    """What the table says of a job that broke."""
    return f"{job.name} {'timed out' if job.rc == 'timeout' else 'failed'}"


def read_tsv(job):
    rows = []
    if job.tsv and os.path.exists(job.tsv):
        for line in open(job.tsv):
            f = line.rstrip("\n").split("\t")
            rows.append({"op": f[0], "src": f[1], "dst": f[2],
                         "backend": f[3], "compared": int(f[4]),
                         "agree": int(f[5]), "excused": int(f[6]),
                         "why": f[8]})
    return rows


class Tally:
    """compared / agree / excused / unsupported of one row and backend."""

    def __init__(self):
        self.compared = self.agree = self.excused = self.unsupported = 0
        self.failed = 0

    def add(self, row):
        if row["why"].startswith("unsupported"):
            self.unsupported += 1
        elif row["why"]:
            self.failed += 1
        self.compared += row["compared"]
        self.agree += row["agree"]
        self.excused += row["excused"]

    def cell(self):
        return (f"{self.compared} / {self.agree} / {self.excused} / "
                f"{self.unsupported}")

    def ok(self):
        return self.compared == self.agree and not self.failed


def class_of(op):
    kind = op.split(":")[0]
    for name, ops in CLASSES:
        if kind in ops:
            return name
    return kind


def native(row):
    return (row["op"].startswith("cast:") and
            (row["src"] in NATIVE_FP8 and row["dst"] in NATIVE_WIDE or
             row["src"] in NATIVE_WIDE[:3] and row["dst"] in NATIVE_FP8))


def verdict(tallies, jobs):
    bad = [trouble(j) for j in jobs if broke(j)]
    disagree = sum(t.compared - t.agree for t in tallies)
    failed = sum(t.failed for t in tallies)
    words = []
    if disagree:
        words.append(f"**{disagree} disagree**")
    if failed:
        words.append(f"**{failed} cell(s) failed to run**")
    if bad:
        words.append(f"**{', '.join(bad)}**")
    return "; ".join(words) or "ok"


def table(args, backends, jobs, examples, bandwidth):
    """The Markdown table, and whether everything agreed."""
    head = ["check"] + [f"{b}: compared / agree / excused / unsupported"
                        for b in backends] + ["result"]
    lines = ["| " + " | ".join(head) + " |",
             "| --- |" + " ---: |" * len(backends) + " --- |"]
    all_ok = True

    def row(label, per_backend, result):
        lines.append("| " + " | ".join([label] + per_backend + [result]) +
                     " |")

    def tally_rows(label, rows, stage_jobs):
        nonlocal all_ok
        tallies = {b: Tally() for b in backends}
        for r in rows:
            tallies[r["backend"]].add(r)
        v = verdict(tallies.values(), stage_jobs)
        all_ok &= v == "ok"
        row(label, [tallies[b].cell() for b in backends], v)

    by_stage = {}
    for j in jobs:
        by_stage.setdefault(j.stage, []).append(j)
    diff_jobs = by_stage.get("differential", [])
    diff_rows = [r for j in diff_jobs for r in read_tsv(j)]
    for name, _ in CLASSES:
        tally_rows(name, [r for r in diff_rows if class_of(r["op"]) == name],
                   [j for j in diff_jobs if name in j.rows])
    conv_jobs = by_stage.get("conversions", [])
    conv_rows = [r for j in conv_jobs for r in read_tsv(j)]
    for ty, what in (("f16", "every code"), ("bf16", "every code"),
                     ("f32", "the 8-bit floats' rounding boundaries")):
        tally_rows(f"{ty} ({what}) to every type",
                   [r for r in conv_rows if r["src"] == ty],
                   [j for j in conv_jobs if ty in j.rows])
    # Every code of an 8-bit float is the differential suite's input of its
    # conversions (the casts and bitcasts rows above, from those types).
    def from_fp8(r):
        return (r["src"] in diff.FLOATS and diff.width(r["src"]) == 8 and
                r["op"].startswith(("cast:", "bitcast:")))
    conv_rows += [r for r in diff_rows if from_fp8(r)]
    fp8_jobs = [j for j in diff_jobs if "casts" in j.rows and
                any(diff.is_float(t) and diff.width(t) == 8 for t in j.dtypes)]
    tally_rows("8-bit floats (every code) to every type",
               [r for r in conv_rows if from_fp8(r)], fp8_jobs)
    tally_rows("of these four, the native fp8 conversions (sm_89+)",
               [r for r in conv_rows if native(r)], conv_jobs + fp8_jobs)

    prog_jobs = by_stage.get("programs", [])
    per = {b: [0, 0, 0, 0] for b in backends}  # programs, agree, elts, unsup
    failed = {b: set() for b in backends}
    broken = []
    for j in prog_jobs:
        if broke(j):
            broken.append(trouble(j))
        for m in re.finditer(r"^FAIL seed (\d+)(?: \[(\w+)\])?", j.output,
                             re.M):
            for b in [m.group(2)] if m.group(2) else backends:
                failed[b].add(int(m.group(1)))
        for m in re.finditer(r"^differential-programs: (\w+): (\d+) elements "
                             r"compared.*?(\d+) program\(s\) unsupported",
                             j.output, re.M):
            b = m.group(1)
            per[b][2] += int(m.group(2))
            per[b][3] += int(m.group(3))
        m = re.search(r"seeds (\d+)\.\.(\d+)", j.output)
        if m:
            n = int(m.group(2)) - int(m.group(1)) + 1
            for b in backends:
                per[b][0] += n
    for b in backends:
        per[b][0] -= per[b][3]
        per[b][1] = per[b][0] - len(failed[b])
    v = "; ".join(
        ([f"**{len(failed[b])} program(s) disagree or failed on {b}**"
          for b in backends if failed[b]]) +
        ([f"**{', '.join(broken)}**"] if broken else [])) or "ok"
    all_ok &= v == "ok"
    row("random programs (programs; elements compared)",
        [f"{p} / {a} / - / {u} ({e} elements)" for p, a, e, u in
         (per[b] for b in backends)], v)

    if examples is not None:
        kernels = len(examples)
        ran = [e for e in examples if not e[4]]
        not_run = [e for e in examples if e[4].startswith("not run")]
        agree = [e for e in ran if e[2] == e[3]]
        elements = sum(e[2] for e in ran)
        v = "ok" if len(agree) == kernels else "; ".join(
            f"**{e[1]}: {e[4] or f'{e[2] - e[3]} element(s) differ'}**"
            for e in examples if e[4] or e[2] != e[3])
        all_ok &= v == "ok"
        cells = ["reference"] * (len(backends) - 1) + [
            f"{len(ran)} / {len(agree)} / - / {len(not_run)} "
            f"({elements} elements, byte for byte against host)"]
        row(f"examples/ ({kernels} kernels, generated inputs)", cells, v)

    if bandwidth is not None:
        for dtype, ratio in bandwidth:
            ok = ratio >= 0.9
            row(f"bandwidth {dtype}: kernel / copy",
                ["-"] * (len(backends) - 1) + [f"{ratio:.3f}"],
                "ok (>= 0.9)" if ok else "**below 0.9**")
    elif args.bandwidth_skipped:
        row("bandwidth (bench/nvidia-bandwidth.sh)", ["-"] * len(backends),
            f"not run ({args.bandwidth_skipped})")
    elif args.device != "host":
        row("bandwidth (bench/nvidia-bandwidth.sh)",
            ["-"] * len(backends), "**not run** (its log: bandwidth.log)")
        all_ok = False
    return lines, all_ok


def parse_bandwidth(path):
    """(dtype, kernel / copy) of each row of nvidia-bandwidth.sh's table,
    or None where it did not run."""
    if not path or not os.path.exists(path):
        return None
    rows = []
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0] in ("f32", "f16", "bf16",
                                            "f8E4M3FN"):
            rows.append((cells[0], float(cells[7])))
    return rows or None


def main():
    p = argparse.ArgumentParser(description="scripts/gpu-check.sh's checks "
                                "and table")
    p.add_argument("--bin", required=True, help="tolk-opt and tolk-run")
    p.add_argument("--work", required=True, help="logs and results.md")
    p.add_argument("--device", default="cuda",
                   help="the backend beside host (host: the host alone)")
    p.add_argument("--quick", action="store_true",
                   help="a few cases of each check, in seconds")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--time-limit", type=float, default=360,
                   help="seconds for all the checks; a job still running "
                   "then is ended, one not started is not run (default 360)")
    p.add_argument("--programs", type=int, default=300,
                   help="random programs (differential-programs.py seeds)")
    p.add_argument("--bandwidth", help="bench/nvidia-bandwidth.sh's output")
    p.add_argument("--bandwidth-skipped", metavar="WHY",
                   help="why there is no bandwidth table")
    p.add_argument("--machine", default="",
                   help="what the table's heading says of the machine")
    p.add_argument("--setup-seconds", type=float, default=0.0,
                   help="install, build and bandwidth time, for the table")
    args = p.parse_args()
    backends = ["host"] if args.device == "host" else ["host", args.device]
    for name in ("tolk-opt", "tolk-run"):
        if not os.access(os.path.join(args.bin, name), os.X_OK):
            p.error(f"no {name} in --bin {args.bin}")
    os.makedirs(os.path.join(args.work, "logs"), exist_ok=True)
    os.makedirs(os.path.join(args.work, "tsv"), exist_ok=True)

    start = time.monotonic()
    jobs = differential_jobs(args, backends) + program_jobs(args, backends)
    for j in jobs:
        j.log = os.path.join(args.work, "logs", j.name + ".log")
    print(f"gpu-check: {len(jobs)} jobs on {args.jobs} processes "
          f"(logs: {os.path.join(args.work, 'logs')})", flush=True)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        deadline = start + args.time_limit
        pending = [pool.submit(run_job, j, deadline)
                   for j in sorted(jobs, key=lambda j: -j.weight)]
        examples = run_examples(args, args.device)
        for f in concurrent.futures.as_completed(pending):
            j = f.result()
            print(f"gpu-check: {j.name}: {j.seconds:.1f} s, CPU {j.cpu:.1f} s"
                  f"{' (broke: see its log)' if broke(j) else ''}", flush=True)
    pool_seconds = time.monotonic() - start

    # What went wrong, the first lines of it (the logs have the rest).
    shown = [f"{j.name}: {line.strip()}"[:400] for j in jobs
             for line in j.output.splitlines()
             if line.startswith(("  MISMATCH", "FAIL")) or
             (broke(j) and ("error" in line or "Error" in line))]
    for line in shown[:SHOWN]:
        print(line)
    if len(shown) > SHOWN:
        print(f"gpu-check: {len(shown) - SHOWN} more such line(s) in the logs")
    lines, ok = table(args, backends, jobs, examples,
                      parse_bandwidth(args.bandwidth))
    stage_cpu = {}
    for j in jobs:
        stage_cpu[j.stage] = stage_cpu.get(j.stage, 0) + j.cpu
    times = (f"Time: setup and bandwidth {args.setup_seconds:.0f} s, checks "
             f"{pool_seconds:.0f} s on {args.jobs} processes (CPU seconds: " +
             ", ".join(f"{s} {t:.0f}" for s, t in stage_cpu.items()) +
             f"; the longest job {max(j.seconds for j in jobs):.0f} s). "
             "compared / agree / excused / unsupported: cases compared "
             "with the folder, those that agree bit for bit (or within the "
             "op's ULP bound), signalling NaNs into a conversion (the one "
             "exception), cells the target cannot express. Logs: "
             f"{os.path.join(args.work, 'logs')}.")
    heading = (f"scripts/gpu-check.sh, {datetime.date.today().isoformat()}"
               f"{', ' + args.machine if args.machine else ''}"
               f"{' (--quick: a few cases of each check)' if args.quick else ''}")
    text = "\n".join([heading, ""] + lines + ["", times]) + "\n"
    with open(os.path.join(args.work, "results.md"), "w") as f:
        f.write(text)
    print()
    print(text, end="")
    print(f"gpu-check: the table is in {os.path.join(args.work, 'results.md')}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
