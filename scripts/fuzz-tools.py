#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A fuzzing campaign over every tool: no input may crash one.

Each run takes an input and a tool invocation:
  - inputs: a split (`// -----`) of a .mlir file of the repository (test/,
    examples/), a module of scripts/gen-random-graph.py (tensor-level
    functions) or of scripts/gen-random-kernel.py (kernels), each mutated or
    not by a few text mutations (a number for a boundary value, a type for
    another, an op for another, an address space, a chip, a launch size, a
    line deleted, duplicated or moved, deep nesting, wide lanes, cut off;
    with --upstream-mutations also a symbol use that names nothing and an
    op of an upstream dialect for another, for the SPIR-V, LLVM, NVVM,
    ROCDL and GPU modules of test/);
  - invocations: tolk-opt with each registered pass and pipeline (the
    pipelines with good and bad options), printing in the generic form and
    as bytecode; tolk-translate on a pipeline's output (--gpu-binary-to-isa,
    --serialize-spirv, --launch-json); tolk-run --backend host on the
    generated kernels and tensor functions, with .npy inputs; a
    tolk-lsp-server session that opens the input and hovers in it.

A run is a crash when the tool dies of a signal, runs past the time limit,
or prints what only a bug prints: `LLVM ERROR`, a stack dump, an assertion,
a sanitizer report, glibc's heap corruption messages, or an `error:` line
without a location (as LLVM's default diagnostic handler prints one). Else it
is a diagnostic (a non-zero exit with a located message) or a success.

Each distinct crash (by tool, invocation and the first line that shows it,
with numbers and names blurred) is written to --out DIR with its input and
a replay command. The summary line:

  fuzz-tools: N runs, D diagnostics, S successes, C crashes (U distinct)

  scripts/fuzz-tools.py --seed 1 --runs 200          (a fixed, seeded run)
  scripts/fuzz-tools.py --seed 7 --minutes 60 -j 2   (a long campaign)

The tools are found in --tools-dir, else on PATH (as lit sets it), else in
build/bin (or TOLK_BUILD_DIR's). Exit status: 1 when any run crashed, else 0.
"""

import argparse
import hashlib
import importlib.util
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


GRAPH = load("random_graph", os.path.join(ROOT, "scripts",
                                          "gen-random-graph.py"))
KERNEL = load("random_kernel", os.path.join(ROOT, "scripts",
                                            "gen-random-kernel.py"))

# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------


def corpus():
    """Every split of every .mlir file of test/ and examples/."""
    chunks = []
    for top in ("test", "examples"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if not f.endswith(".mlir"):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, errors="replace") as fh:
                    text = fh.read()
                for part in re.split(r"^// -----.*$", text, flags=re.M):
                    if part.strip():
                        chunks.append((os.path.relpath(path, ROOT), part))
    chunks.sort()
    return chunks


TYPES = ["i1", "si8", "si16", "si32", "si64", "ui8", "ui16", "ui32", "ui64",
         "f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ",
         "f8E5M2FNUZ", "!tolk.weakint", "!tolk.weakfloat", "index", "i32",
         "i8", "i64", "ui128", "ui256", "vector<4xf32>", "vector<3xsi8>",
         "vector<65536xf32>", "vector<1xf16>", "tensor<?xf32>",
         "tensor<0x4xsi32>", "tensor<4x4xf64>", "none", "f80", "tf32"]
NUMBERS = ["0", "1", "-1", "2", "-2", "255", "256", "65535", "65536",
           "2147483647", "2147483648", "-2147483648", "4294967295",
           "4294967296", "9223372036854775807", "-9223372036854775808",
           "18446744073709551615", "18446744073709551616", "1e308", "1e400",
           "-0.0", "nan", "inf", "0x7FC00000", "0xFFFF", "3.5", "100000000",
           "340282366920938463463374607431768211456"]
SPACES = ["global", "local", "reg", "alu"]
CHIPS = ["sm_50", "sm_80", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_120",
         "sm_999", "sm_", "gfx942", "gfx90a", "gfx950", "gfx1100", "gfx9999",
         "", "x"]
OPS = ["add", "mul", "sub", "div", "mod", "fmod", "max", "minimum", "and",
       "or", "xor", "shl", "shr", "truncdiv", "pow", "cmplt", "cmpeq", "gt",
       "le", "ge", "ne", "neg", "floor", "trunc", "sqrt", "exp2", "log2",
       "reciprocal", "logical_not", "bitwise_not", "where", "cast", "bitcast",
       "const", "load", "store", "index", "special", "range",
       "define_local", "define_reg"]


def nest(rng, text):
    """The body of the first function or kernel wrapped in many tolk.range
    (or the whole text in many modules)."""
    depth = rng.choice([50, 500, 2000, 5000, 20000])
    if rng.random() < 0.5:
        return ("module {\n" * depth) + text + ("}\n" * depth)
    head = ("func.func @deep() {\n  %c0 = tolk.const 0 : si32\n"
            "  %c1 = tolk.const 1 : si32\n")
    body = "tolk.range %i = %c0 to %c1 step %c1 : si32 {\n" * depth
    return head + body + "}\n" * depth + "  return\n}\n" + text


def replace_one(rng, text, pattern, choices, group=0):
    """`text` with one random match of `pattern` (its `group`) replaced by
    one of `choices`; `text` itself when nothing matches."""
    found = list(re.finditer(pattern, text))
    if not found:
        return text
    m = rng.choice(found)
    return text[:m.start(group)] + rng.choice(choices) + text[m.end(group):]


# The mutations of upstream-dialect modules (kinds 16 and 17), on with
# --upstream-mutations: off, the seeded CI run draws what it always drew.
UPSTREAM_MUTATIONS = False


def mutate(rng, text):
    """One random text mutation of `text`."""
    lines = text.split("\n")
    kind = rng.randrange(18 if UPSTREAM_MUTATIONS else 16)
    if kind == 0 and lines:  # delete a line
        del lines[rng.randrange(len(lines))]
    elif kind == 1 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
    elif kind == 2 and len(lines) > 1:  # move a line
        line = lines.pop(rng.randrange(len(lines)))
        lines.insert(rng.randrange(len(lines) + 1), line)
    elif kind == 3:  # a number
        return replace_one(rng, text,
                           r"(?<![\w%#@.])-?\d+(\.\d+)?(e-?\d+)?\b", NUMBERS)
    elif kind == 4:  # a type
        return replace_one(
            rng, text,
            r"\b(i1|si\d+|ui\d+|i\d+|f16|bf16|f32|f64|f8E\w+|index)\b", TYPES)
    elif kind == 5:  # an op
        return replace_one(rng, text, r"\btolk\.(\w+)", OPS, group=1)
    elif kind == 6:  # an address space
        return replace_one(rng, text, r"\b(global|local|reg|alu)\b", SPACES)
    elif kind == 7:  # a chip
        chips = list(re.finditer(r'chip = "[^"]*"', text))
        if chips:
            m = rng.choice(chips)
            return (text[:m.start()] + 'chip = "%s"' % rng.choice(CHIPS) +
                    text[m.end():])
    elif kind == 8:  # a launch size
        sizes = list(re.finditer(r"known_(block|grid)_size = array<i32: [^>]*>",
                                 text))
        if sizes:
            m = rng.choice(sizes)
            dims = ", ".join(rng.choice(["0", "-1", "1", "1024", "2147483647",
                                         "65536"]) for _ in range(3))
            return (text[:m.start()] + "known_%s_size = array<i32: %s>" % (
                m.group(1), dims) + text[m.end():])
    elif kind == 9:  # deep nesting
        return nest(rng, text)
    elif kind == 10:  # wide lanes
        vecs = list(re.finditer(r"vector<(\d+)x", text))
        if vecs:
            m = rng.choice(vecs)
            n = rng.choice(["0", "1", "5", "64", "1025", "65536",
                            "1000000000"])
            return text[:m.start(1)] + n + text[m.end(1):]
    elif kind == 11:  # cut off
        return text[:rng.randrange(len(text) + 1)]
    elif kind == 12:  # a random byte
        if text:
            i = rng.randrange(len(text))
            return text[:i] + rng.choice("{}()<>[]%@#:,=\"\\\x00x") + text[i:]
    elif kind == 13:  # swap two SSA names
        names = sorted(set(re.findall(r"%[\w]+", text)))
        if len(names) >= 2:
            a, b = rng.sample(names, 2)
            return re.sub(re.escape(a) + r"\b", b, text, count=1)
    elif kind == 14:  # an attribute dropped
        attrs = list(re.finditer(r"\{[^{}\n]*\}", text))
        if attrs:
            m = rng.choice(attrs)
            return text[:m.start()] + text[m.end():]
    elif kind == 16:  # a symbol use that names nothing
        # Upstream verifiers that look symbols up (spirv.SpecConstantComposite's
        # constituents, llvm.mlir.addressof, spirv.EntryPoint) must not assume
        # they resolve (docs/UpstreamBugs.md).
        uses = list(re.finditer(r"(?<![\w.])@([\w$.]+)", text))
        if uses:
            m = rng.choice(uses)
            return text[:m.start(1)] + rng.choice(
                ["undefined", "0", "a.b", ""]) + text[m.end(1):]
    elif kind == 17:  # an op of an upstream dialect as another of the file's
        ops = re.findall(r"\b((?:spirv|llvm|nvvm|rocdl|gpu)\.[\w.]+)", text)
        if ops:
            m = rng.choice(list(re.finditer(
                r"\b(?:spirv|llvm|nvvm|rocdl|gpu)\.[\w.]+", text)))
            return text[:m.start()] + rng.choice(ops) + text[m.end():]
    else:  # a pointer's element count
        ptrs = list(re.finditer(r"(!tolk\.ptr<[^<>]*(<[^<>]*>)?[^<>]*?)>",
                                text))
        if ptrs:
            m = rng.choice(ptrs)
            return (text[:m.end(1)] + ", " + rng.choice(["0", "-1", "1",
                                                         "4294967296"]) +
                    text[m.end(1):])
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Invocations
# ---------------------------------------------------------------------------

# Options of Tolk's passes, good and bad.
PASS_OPTIONS = {
    "--tolk-native-float-conversions": [("chip", CHIPS)],
    "--tolk-kernelize": [("block-size", ["0", "1", "7", "128", "1024",
                                         "1025", "-1"]),
                         ("upcast", ["0", "1", "3", "4", "16", "17", "-4"])],
    "--tolk-gpu-module-to-binary": [("format", ["isa", "bin", "fatbin",
                                                "offloading", "llvm", "x"])],
    "--convert-tolk-to-arith": [("bf16-in-f32", ["true", "false"])],
    "--tolk-expand-float-conversions": [("include-bf16", ["true",
                                                          "false"])],
}


def pipelines(rng):
    """A GPU or host pipeline, with good or bad options."""
    kind = rng.randrange(5)
    if kind == 0:
        opts = ["chip=" + rng.choice(CHIPS[:8] + ["sm_999", ""])]
        if rng.random() < 0.3:
            opts.append("features=" + rng.choice(
                ["+ptx60", "+ptx78", "+ptx80", "+ptx81", "+ptx86", "+ptx90",
                 "+ptx999", "", "garbage"]))
        return ["--tolk-to-nvvm=" + " ".join(opts)]
    if kind == 1:
        return ["--tolk-to-rocdl=chip=" + rng.choice(
            ["gfx942", "gfx90a", "gfx950", "gfx1100", "gfx9999", "sm_90",
             ""])]
    if kind == 2:
        caps = rng.choice(["", "Shader", "Shader,Int64", "Kernel",
                           "Shader,Int8,Int16,Int64,Float16,Float64",
                           "Bogus"])
        if rng.random() < 0.5:
            return ["--tolk-to-spirv"]
        return ["--tolk-to-spirv=caps=" + caps]
    if kind == 3:
        return ["--tolk-to-llvm"]
    return ["--tolk-to-nvvm"]


class Tools:
    def __init__(self, tools_dir):
        self.dir = tools_dir

    def path(self, name):
        if self.dir:
            return os.path.join(self.dir, name)
        return shutil.which(name) or name

    def passes(self):
        """Every pass and pipeline tolk-opt registers (its --help's "Passes"
        and "Pass Pipelines" lists), but those that only print."""
        out = subprocess.run([self.path("tolk-opt"), "--help"],
                             capture_output=True, text=True).stdout
        found, listing = set(), False
        for line in out.splitlines():
            if line.strip() in ("Passes:", "Pass Pipelines:"):
                listing = True
                continue
            m = re.match(r"^      (--[\w-]+)", line)
            if m:
                if listing:
                    found.add(m.group(1))
            elif not line.startswith("    "):
                listing = False
        skip = {"--print-ir", "--print-op-stats", "--print-op-graph",
                "--view-op-graph", "--generate-runtime-verification",
                "--snapshot-op-locations", "--composite-fixed-point-pass"}
        return sorted(found - skip)


# ---------------------------------------------------------------------------
# Running and judging
# ---------------------------------------------------------------------------

CRASH_MARKERS = [
    "LLVM ERROR", "Stack dump", "PLEASE submit a bug report", "Assertion",
    "AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
    "runtime error:", "double free", "free(): ", "malloc(): ",
    "munmap_chunk", "corrupted", "pure virtual method", "terminate called",
    "Segmentation fault", "UNREACHABLE executed", "Aborted",
    "stack overflow", "internal error"]
# A diagnostic names where: FILE:LINE:COL, a tool's own prefix, an option
# (`<unknown>:0: error: tolk-to-nvvm: chip: ...`, as MLIR reports a pass
# option), or an LSP diagnostic. An `error:` at the start of a line, or at
# <unknown> with no option named, does not.
UNLOCATED = re.compile(r"^(error: |<unknown>:0: error: (?![\w<>.-]+: ))",
                       re.M)


def judge(rc, out, err, timed_out, input_text, located=True):
    """"crash:<why>", "diagnostic" or "success". Without `located` (the
    locations were stripped), an error at <unknown> is a diagnostic."""
    if timed_out:
        return "crash:timeout"
    if rc is not None and rc < 0:
        return "crash:signal %d" % -rc
    for marker in CRASH_MARKERS:
        if marker in err:
            return "crash:" + first_line_with(err, marker)
    m = UNLOCATED.search(err)
    if m and m.group(1).startswith("<") and (
            not located or "loc(unknown)" in input_text):
        m = None
    if m:
        return "crash:unlocated " + first_line_with(err, m.group(1).strip())
    if rc in (134, 136, 139):
        return "crash:exit %d" % rc
    return "success" if rc == 0 else "diagnostic"


def first_line_with(text, marker):
    for line in text.splitlines():
        if marker in line:
            return line.strip()[:200]
    return marker


def blur(text):
    """A crash's signature: numbers, names and paths blurred."""
    text = re.sub(r"0x[0-9a-fA-F]+", "X", text)
    text = re.sub(r"\d+", "N", text)
    text = re.sub(r"'[^']*'", "'_'", text)
    text = re.sub(r"\S*/\S*", "PATH", text)
    return text


def run(cmd, stdin_text, timeout, cwd):
    try:
        p = subprocess.run(cmd, input=stdin_text.encode(errors="replace"),
                           capture_output=True, timeout=timeout, cwd=cwd)
        return (p.returncode, p.stdout.decode(errors="replace"),
                p.stderr.decode(errors="replace"), False)
    except subprocess.TimeoutExpired as e:
        return (None, "", (e.stderr or b"").decode(errors="replace"), True)


def npy(path, descr, count, rng):
    """A .npy file of `count` random elements of `descr`."""
    size = int(descr[2:])
    text = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, count)
    text += " " * (64 - (10 + len(text) + 1) % 64) + "\n"
    if descr == "|b1":
        data = bytes(rng.randrange(2) for _ in range(count))
    else:
        data = bytes(rng.getrandbits(8) for _ in range(count * size))
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) +
                text.encode() + data)


def lsp_session(text, rng):
    """An LSP session (the --lit-test framing) that opens `text`, hovers at
    a few places and shuts down."""
    msgs = [{"jsonrpc": "2.0", "id": 0, "method": "initialize",
             "params": {"processId": 1, "rootUri": "test:///w",
                        "capabilities": {}, "trace": "off"}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": {"textDocument": {"uri": "test:///f.mlir",
                                         "languageId": "mlir", "version": 1,
                                         "text": text}}}]
    lines = text.count("\n") + 1
    for i in range(3):
        msgs.append({"jsonrpc": "2.0", "id": i + 1,
                     "method": rng.choice(["textDocument/hover",
                                           "textDocument/definition",
                                           "textDocument/references",
                                           "textDocument/documentSymbol"]),
                     "params": {"textDocument": {"uri": "test:///f.mlir"},
                                "position": {"line": rng.randrange(lines),
                                             "character": rng.randrange(40)},
                                "context": {"includeDeclaration": True}}})
    if rng.random() < 0.1:
        depth = rng.choice([1000, 100000])
        msgs.append("[" * depth + "]" * depth)
    msgs += [{"jsonrpc": "2.0", "id": 9, "method": "shutdown"},
             {"jsonrpc": "2.0", "method": "exit"}]
    return "\n// -----\n".join(m if isinstance(m, str) else json.dumps(m)
                               for m in msgs) + "\n"


class Campaign:
    def __init__(self, args):
        self.args = args
        self.tools = Tools(args.tools_dir)
        self.chunks = corpus()
        self.passes = self.tools.passes()
        self.lock = threading.Lock()
        self.counts = {"runs": 0, "diagnostic": 0, "success": 0, "crash": 0}
        self.crashes = {}
        self.deadline = (time.time() + 60 * args.minutes
                         if args.minutes else None)

    def make_case(self, rng):
        """(input text, manifest or None, description)."""
        r = rng.random()
        manifest = None
        if r < 0.45:
            origin, text = rng.choice(self.chunks)
        elif r < 0.7:
            seed = rng.randrange(1 << 30)
            ns = argparse.Namespace(functions=rng.randint(1, 3),
                                    ops_per_function=rng.randint(1, 25),
                                    weak_pow=rng.random() < 0.1,
                                    constants_only=rng.random() < 0.2)
            text = GRAPH.module(seed, ns)
            origin = "gen-random-graph.py --seed %d --functions %d " \
                "--ops-per-function %d" % (seed, ns.functions,
                                           ns.ops_per_function)
        else:
            seed = rng.randrange(1 << 30)
            ns = argparse.Namespace(kernels=rng.randint(1, 2),
                                    ops_per_kernel=rng.randint(1, 15))
            text, manifest = KERNEL.module(seed, ns)
            origin = "gen-random-kernel.py --seed %d --kernels %d " \
                "--ops-per-kernel %d" % (seed, ns.kernels, ns.ops_per_kernel)
        mutations = 0
        if rng.random() < 0.6:
            mutations = rng.choice([1, 1, 1, 2, 3])
            for _ in range(mutations):
                text = mutate(rng, text)
        return text, manifest if mutations == 0 else None, origin, mutations

    def invocations(self, rng, text, manifest, tmp):
        """The commands of one run: a list of (argv, stdin text or None),
        each fed the previous one's output when its stdin is None."""
        opt = self.tools.path("tolk-opt")
        kind = rng.random()
        if manifest and kind < 0.35:
            m = rng.choice(manifest)
            path = os.path.join(tmp, "in.mlir")
            with open(path, "w") as f:
                f.write(text)
            files = []
            for i, inp in enumerate(m["inputs"]):
                p = os.path.join(tmp, "in%d.npy" % i)
                npy(p, inp["dtype"], inp["count"], rng)
                files.append(p)
            outs = [os.path.join(tmp, "out%d.npy" % i)
                    for i in range(len(m["outputs"]))]
            argv = [self.tools.path("tolk-run"), path, "--kernel", m["kernel"],
                    "--backend", "host"] + files
            for a in m["args"]:
                argv.append("--arg=" + a)
            return [(argv + ["-o"] + outs, "")]
        if kind < 0.45:
            return [([opt] + pipelines(rng), text)]
        if kind < 0.55:
            # Through a pipeline to the translation of its output.
            first = pipelines(rng)
            tr = self.tools.path("tolk-translate")
            if "spirv" in first[0]:
                second = [tr, "--serialize-spirv", "-o", os.devnull]
            elif "llvm" in first[0]:
                second = [tr, "--launch-json"]
            else:
                # Every binary: a module with several is refused without
                # --binary= or --all-binaries, which is no finding.
                second = [tr, "--gpu-binary-to-isa", "--all-binaries"]
            return [([opt] + first, text), (second, None)]
        if kind < 0.62:
            tr = self.tools.path("tolk-translate")
            return [([opt, "--tolk-kernelize"], text),
                    ([tr, "--launch-json"], None)]
        if kind < 0.67:
            return [([self.tools.path("tolk-lsp-server"), "-lit-test"],
                     lsp_session(text, rng))]
        if kind < 0.72 and not manifest:
            # A tensor-level function run through tolk-run (inputs of its
            # arguments' shapes where they are static).
            m = re.search(r"func\.func @(\w+)\(([^)]*)\)", text)
            if m:
                path = os.path.join(tmp, "in.mlir")
                with open(path, "w") as f:
                    f.write(text)
                files = []
                for i, a in enumerate(re.findall(r":\s*([^,]+)", m.group(2))):
                    p = os.path.join(tmp, "a%d.npy" % i)
                    npy(p, rng.choice(["<f4", "<i4", "|u1", "<f8"]),
                        rng.choice([1, 4, 12]), rng)
                    files.append(p)
                return [([self.tools.path("tolk-run"), path, "--kernel",
                          m.group(1)] + files + ["-o",
                                                 os.path.join(tmp, "o.npy")],
                         "")]
        if kind < 0.8:
            extra = rng.choice([[], ["--mlir-print-op-generic"],
                                ["--emit-bytecode", "-o", os.devnull],
                                ["--canonicalize=test-convergence=true"],
                                ["--verify-each", "--canonicalize", "--cse"]])
            return [([opt] + extra, text)]
        steps = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            step = rng.choice(self.passes)
            if step in PASS_OPTIONS and rng.random() < 0.6:
                name, values = rng.choice(PASS_OPTIONS[step])
                step += "=%s=%s" % (name, rng.choice(values))
            steps.append(step)
        return [([opt] + steps, text)]

    def one(self, index):
        rng = random.Random("%d:%d" % (self.args.seed, index))
        text, manifest, origin, mutations = self.make_case(rng)
        with tempfile.TemporaryDirectory(prefix="tolk-fuzz-") as tmp:
            steps = self.invocations(rng, text, manifest, tmp)
            stdin = text
            verdict = "success"
            located = True
            for argv, given in steps:
                feed = stdin if given is None else given
                located &= "--strip-debuginfo" not in argv
                rc, out, err, timed_out = run(argv, feed, self.args.timeout,
                                              tmp)
                verdict = judge(rc, out, err, timed_out, feed, located)
                if verdict != "success":
                    break
                stdin = out
            if verdict.startswith("crash:"):
                self.record(index, verdict, argv, feed, origin, mutations,
                            err, tmp)
        with self.lock:
            self.counts["runs"] += 1
            key = "crash" if verdict.startswith("crash:") else verdict
            self.counts[key] += 1

    def record(self, index, verdict, argv, feed, origin, mutations, err,
               tmp):
        tool = os.path.basename(argv[0])
        flags = " ".join(a.split("=")[0] for a in argv[1:]
                         if a.startswith("-"))
        signature = "%s %s: %s" % (tool, flags, blur(verdict))
        with self.lock:
            first = signature not in self.crashes
            self.crashes.setdefault(signature, []).append(index)
        if not first or not self.args.out:
            return
        digest = hashlib.sha1(signature.encode()).hexdigest()[:10]
        d = os.path.join(self.args.out, "crash-" + digest)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "input"), "w") as f:
            f.write(feed)
        # The files the command names (tolk-run's module and .npy inputs).
        for name in os.listdir(tmp):
            shutil.copy(os.path.join(tmp, name), d)
        with open(os.path.join(d, "README"), "w") as f:
            f.write("signature: %s\nrun: --seed %d, run %d\norigin: %s, "
                    "%d mutations\ncommand: %s < input\n\n%s\n" % (
                        signature, self.args.seed, index, origin, mutations,
                        " ".join(argv), err[-4000:]))
        if not self.args.quiet:
            print("crash: %s\n  kept in %s" % (signature, d), flush=True)

    def go(self):
        index = 0
        with ThreadPoolExecutor(self.args.jobs) as pool:
            futures = []
            while True:
                if self.args.runs and index >= self.args.runs:
                    break
                if self.deadline and time.time() > self.deadline:
                    break
                futures.append(pool.submit(self.one, index))
                index += 1
                # Bounded look-ahead: a time limit stops promptly.
                while len([f for f in futures if not f.done()]) > \
                        2 * self.args.jobs:
                    time.sleep(0.01)
                if len(futures) > 1000:
                    for f in futures:
                        f.result()
                    futures = []
                if (self.args.progress and index % self.args.progress == 0):
                    self.summary(partial=True)
            for f in futures:
                f.result()
        self.summary()
        return 1 if self.counts["crash"] else 0

    def summary(self, partial=False):
        with self.lock:
            c = dict(self.counts)
            n = len(self.crashes)
        print("fuzz-tools: %d runs, %d diagnostics, %d successes, "
              "%d crashes (%d distinct)%s" % (
                  c["runs"], c["diagnostic"], c["success"], c["crash"], n,
                  " ..." if partial else ""), flush=True)
        if not partial:
            for sig, runs in sorted(self.crashes.items()):
                print("  %4d x %s (first: run %d)" % (len(runs), sig,
                                                      runs[0]))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=0,
                        help="stop after this many runs")
    parser.add_argument("--minutes", type=float, default=0,
                        help="stop after this many minutes")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds a run may take before it counts as a "
                        "hang (default 60)")
    parser.add_argument("--tools-dir", default=None,
                        help="where tolk-opt and the other tools are "
                        "(default: PATH if it has tolk-opt, else build/bin "
                        "or TOLK_BUILD_DIR's bin)")
    parser.add_argument("--out", help="keep each distinct crash here")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the figures every N runs")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--upstream-mutations", action="store_true",
                        help="also break symbol uses and swap the ops of the "
                        "upstream-dialect modules (SPIR-V, LLVM, NVVM, ROCDL, "
                        "GPU) of test/")
    args = parser.parse_args()
    global UPSTREAM_MUTATIONS
    UPSTREAM_MUTATIONS = args.upstream_mutations
    if not args.runs and not args.minutes:
        parser.error("give --runs or --minutes")
    if args.tools_dir is None and not shutil.which("tolk-opt"):
        build = os.environ.get("TOLK_BUILD_DIR", os.path.join(ROOT, "build"))
        args.tools_dir = os.path.join(build, "bin")
    if not shutil.which(Tools(args.tools_dir).path("tolk-opt")):
        parser.error("no tolk-opt in %s (build first, or give --tools-dir)"
                     % (args.tools_dir or "PATH"))
    # The generators assume the default settings (weak floats commit to
    # f32), as scripts/fuzz.sh does.
    os.environ.pop("DEFAULT_FLOAT", None)
    os.environ.pop("DEFAULT_INT", None)
    sys.exit(Campaign(args).go())


if __name__ == "__main__":
    main()
