#!/usr/bin/env python3
# ===- gen-support-matrix.py - Every op, data type and target ------------===#
#
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# ===-----------------------------------------------------------------------===#
#
# The support matrix (docs/SupportMatrix.md): every elementwise op (primitive
# and derived, tolk.cast and tolk.bitcast) on every data type, in three
# forms (scalar code, vector code, broadcasting operands), through every
# pipeline. A cell is (op, data types, form, target). Each cell either
#
#   - compiles, and the target's own tool accepts the output (ptxas for
#     NVVM, llvm-mc for ROCDL, spirv-val for SPIR-V; the LLVM path also runs
#     with tolk-run --backend host), or
#   - stops the pipeline with a diagnostic at a location in the cell, which
#     test/SupportMatrix/expected.txt lists with the reason.
#
# Anything else fails the cell: a crash, an error without a location (or
# LLVM's "LLVM ERROR"), a message that dumps IR, an exit 0 without the
# cell's kernel, a tool that rejects the output, a failed run, a diagnostic
# that the expectations do not list, and a listed cell that compiles.
#
# Cells are batched: one module per op (per source type for casts) holds
# every cell of the op as tensor-level functions, compiled once per target
# (group_functions says which cells share a kernel). A diagnostic is
# attributed to the cell whose line it points at, and the module is
# compiled again without that cell, so that one unsupported cell hides no
# other; a kernel of several cells that fails is split into one per cell,
# and a crash halves the module until one cell has it (docs/Testing.md,
# "The support matrix").
#
#   scripts/gen-support-matrix.py --bin build/bin            # every cell
#   scripts/gen-support-matrix.py --bin build/bin --cell 'pow.si32.vector@rocdl-gfx942'
#   scripts/gen-support-matrix.py --bin build/bin --op exp2 --target rocdl-gfx942 -v
#   scripts/gen-support-matrix.py --bin build/bin --update
#
# --update rewrites docs/SupportMatrix.md and drops the lines of
# expected.txt that no cell needs any more; --keep DIR keeps each module,
# its output and its diagnostics.
#
# ===-----------------------------------------------------------------------===#

import argparse
import collections
import concurrent.futures
import difflib
import fnmatch
import itertools
import os
import re
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time

# ---------------------------------------------------------------------------
# Data types
# ---------------------------------------------------------------------------

# The stored data types: MLIR spelling -> (itemsize in bytes, kind).
STORED = {
    "i1": (1, "bool"),
    "si8": (1, "int"), "si16": (2, "int"), "si32": (4, "int"),
    "si64": (8, "int"),
    "ui8": (1, "int"), "ui16": (2, "int"), "ui32": (4, "int"),
    "ui64": (8, "int"),
    "f16": (2, "float"), "bf16": (2, "float"), "f32": (4, "float"),
    "f64": (8, "float"),
    "f8E4M3FN": (1, "float"), "f8E5M2": (1, "float"),
    "f8E4M3FNUZ": (1, "float"), "f8E5M2FNUZ": (1, "float"),
}
# The extensions: IEEE binary128 and the complex types, stored data types
# too. None of them has lanes: an MLIR vector holds no complex numbers
# (--tolk-kernelize gives a function of them one element per thread), and
# an item of 16 bytes or more gets one lane of the 16 bytes a thread moves.
EXTENSIONS = {"f128": (16, "float"), "c64": (8, "complex"),
              "c128": (16, "complex"), "c256": (32, "complex")}
STORED.update(EXTENSIONS)
MLIR_SPELLING = {"c64": "complex<f32>", "c128": "complex<f64>",
                 "c256": "complex<f128>"}
# The weak types: the pipelines commit them to the default integer and
# float (si32, f32) before kernelizing.
WEAK = {"weakint": (4, "int"), "weakfloat": (4, "float")}
# The storage helpers: tolk.cast and tolk.const only.
WIDE = {"ui128": (16, "int"), "ui256": (32, "int")}
TYPES = {**STORED, **WEAK, **WIDE}
ELEMENT_TYPES = list(STORED) + list(WEAK)
# DEFAULT_FLOAT, unset: what the pipelines commit !tolk.weakfloat to.
DEFAULT_FLOAT = "f32"


def mlir_type(ty):
    return "!tolk." + ty if ty in WEAK else MLIR_SPELLING.get(ty, ty)


def kind(ty):
    return TYPES[ty][1]


def itemsize(ty):
    return WEAK[ty][0] if ty in WEAK else TYPES[ty][0]


def least_upper_float(ty):
    """The type a float-only op computes an operand of type `ty` in (the
    op's description: least_upper_float)."""
    if kind(ty) in ("float", "complex"):
        return ty
    if ty == "weakint":
        return "weakfloat"
    return DEFAULT_FLOAT


# ---------------------------------------------------------------------------
# Ops: the dialect's typing rules (TolkOps.td, each op's description)
# ---------------------------------------------------------------------------

def takes_any(ty):
    return True


def takes_int_or_bool(ty):
    return kind(ty) in ("int", "bool")


def takes_int(ty):
    return kind(ty) == "int"


def takes_not_bool(ty):
    return kind(ty) != "bool"


def same(ty):
    return ty


def boolean(ty):
    return "i1"


# name -> (mnemonic and attributes, arity, operand types it takes, result
# type). reciprocal, sqrt, exp2, log2 and float division take every type
# and compute in least_upper_float, as tinygrad does. The complex types are
# taken wherever the floats are: the ops that need an order (and sqrt,
# exp2, log2, pow) are verifier errors on them, which expected.txt lists as
# cells that are not defined.
OPS = {
    # Primitive ops.
    "add": ("add", 2, takes_any, same),
    "mul": ("mul", 2, takes_any, same),
    "cmplt": ("cmplt", 2, takes_any, boolean),
    "cmpeq": ("cmpeq", 2, takes_any, boolean),
    "max": ("max", 2, takes_any, same),
    "and": ("and", 2, takes_int_or_bool, same),
    "or": ("or", 2, takes_int_or_bool, same),
    "xor": ("xor", 2, takes_int_or_bool, same),
    "shl": ("shl", 2, takes_int, same),
    "shr": ("shr", 2, takes_int, same),
    "truncdiv": ("truncdiv", 2, takes_int, same),
    "pow": ("pow", 2, takes_not_bool, same),
    "reciprocal": ("reciprocal", 1, takes_any, least_upper_float),
    "trunc": ("trunc", 1, takes_any, same),
    "sqrt": ("sqrt", 1, takes_any, least_upper_float),
    "exp2": ("exp2", 1, takes_any, least_upper_float),
    "log2": ("log2", 1, takes_any, least_upper_float),
    "where": ("where", 3, takes_any, same),
    # Derived ops.
    "sub": ("sub", 2, takes_any, same),
    "div": ("div", 2, takes_any, least_upper_float),
    "div_trunc": ("div {rounding = #tolk.rounding<trunc>}", 2,
                  takes_not_bool, same),
    "div_floor": ("div {rounding = #tolk.rounding<floor>}", 2,
                  takes_not_bool, same),
    "mod": ("mod", 2, takes_not_bool, same),
    "fmod": ("fmod", 2, takes_not_bool, same),
    "gt": ("gt", 2, takes_any, boolean),
    "le": ("le", 2, takes_any, boolean),
    "ge": ("ge", 2, takes_any, boolean),
    "ne": ("ne", 2, takes_any, boolean),
    "minimum": ("minimum", 2, takes_any, same),
    "neg": ("neg", 1, takes_any, same),
    "floor": ("floor", 1, takes_any, same),
    "logical_not": ("logical_not", 1, takes_any, boolean),
    "isfinite": ("isfinite", 1, takes_any, boolean),
    "bitwise_not": ("bitwise_not", 1, takes_int_or_bool, same),
}
CONVERSIONS = ("cast", "bitcast")
ALL_OPS = list(OPS) + list(CONVERSIONS)


def bitcast_pairs():
    """tolk.bitcast: equal itemsizes, storage formats (no weak types or
    storage helpers)."""
    return [(a, b) for a in STORED for b in STORED
            if a != b and itemsize(a) == itemsize(b)]


def cast_pairs():
    return [(a, b) for a in TYPES for b in TYPES
            if a != b and b not in WEAK]


# ---------------------------------------------------------------------------
# Forms: how a cell's operands reach the op
# ---------------------------------------------------------------------------
#
# scalar:    a tensor<3x5xT> (15 elements, one per thread: the kernel
#            computes on scalars), the last operand of a binary op or where
#            a by-value scalar T; of an extension, which no by-value
#            parameter passes (tolk-run's --arg has no f128 or complex
#            value), a tensor<1xT> that every element reads. The
#            extensions have no vector form.
# vector:    every operand a tensor<4x16xT>: the lanes --tolk-kernelize
#            chooses (16 bytes of the widest type), so vector code.
# broadcast: a tensor<4xT> with a tensor<4x1xT> (numpy broadcasting to
#            4x4: the first a vector load that every row reads, the second
#            one element splat over the lanes; 4 lanes, 2 of an 8-byte
#            type). Binary ops and where only.
# odd:       every operand a tensor<3x5xT>: 15 elements, which no power of
#            two above 1 divides, so --tolk-kernelize keeps an odd lane
#            count: 15 lanes of a 1- or 2-byte type, 5 of a 4-byte one, 3
#            of an 8-byte one (the widest type of the kernel decides).
# prime:     every operand a tensor<7x7xT>: 7 lanes of every type.
# The odd and prime forms have no lanes on SPIR-V (at most 4 lanes, powers
# of two: one element per thread there).

FORMS = ("scalar", "vector", "broadcast", "odd", "prime")
SHAPE = {"scalar": "3x5", "vector": "4x16", "broadcast": "4x4",
         "odd": "3x5", "prime": "7x7"}
# The forms of vector code: every operand a tensor of the form's shape.
LANE_FORMS = ("vector", "odd", "prime")


class Cell:
    __slots__ = ("op", "types", "form")

    def __init__(self, op, types, form):
        self.op, self.types, self.form = op, tuple(types), form

    @property
    def name(self):
        return f"{self.op}.{'.'.join(self.types)}.{self.form}"

    def key(self):
        return (self.op, self.types, self.form)

    def signature(self):
        """The operand types and the result type, `si32->i1` (where's
        condition first): what the expectations' TYPES patterns match."""
        operands = self.types[:1] if self.op in CONVERSIONS else self.types
        if self.op == "where":
            operands = ("i1",) + operands
        return ".".join(operands) + "->" + cell_result_type(self)

    def arity(self):
        return 1 if self.op in CONVERSIONS else OPS[self.op][1]

    def __repr__(self):
        return self.name


def has_lanes(types):
    """Whether a cell of these operand and result types has a vector form."""
    return not any(t in EXTENSIONS for t in types)


def all_cells(ops=None, dtypes=None, forms=None):
    cells = []
    for op in ops or ALL_OPS:
        if op in CONVERSIONS:
            pairs = cast_pairs() if op == "cast" else bitcast_pairs()
            for a, b in pairs:
                if dtypes and a not in dtypes and b not in dtypes:
                    continue
                for form in ("scalar",) + LANE_FORMS:
                    if form in LANE_FORMS and not has_lanes((a, b)):
                        continue
                    if not forms or form in forms:
                        cells.append(Cell(op, (a, b), form))
            continue
        _, arity, takes, result = OPS[op]
        for ty in ELEMENT_TYPES:
            if not takes(ty) or (dtypes and ty not in dtypes):
                continue
            for form in FORMS:
                if form == "broadcast" and arity == 1:
                    continue
                if form in LANE_FORMS and not has_lanes((ty, result(ty))):
                    continue
                if not forms or form in forms:
                    cells.append(Cell(op, (ty,), form))
    return cells


# ---------------------------------------------------------------------------
# IR: one module of tensor-level functions per batch of cells
# ---------------------------------------------------------------------------

def tensor(shape, ty):
    return f"tensor<{shape}x{mlir_type(ty)}>" if shape else mlir_type(ty)


def op_line(cell, result, operands, operand_types, result_type):
    args = ", ".join(operands)
    if cell.op in CONVERSIONS:
        return (f"    {result} = tolk.{cell.op} {args} : {operand_types[0]} "
                f"to {result_type}")
    mnemonic = OPS[cell.op][0]
    attrs = ""
    if " " in mnemonic:
        mnemonic, attrs = mnemonic.split(" ", 1)
        attrs = " " + attrs
    ins = ", ".join(operand_types)
    return (f"    {result} = tolk.{mnemonic} {args}{attrs} : ({ins}) -> "
            f"{result_type}")


def cell_result_type(cell):
    if cell.op in CONVERSIONS:
        return cell.types[1]
    return OPS[cell.op][3](cell.types[0])


def cell_body(cell, k):
    """(parameters, lines, results) of cell number k of a function:
    parameters and results as (name, type) pairs, one line per op."""
    shape = SHAPE[cell.form]
    ty = cell.types[0]
    out = tensor(shape, cell_result_type(cell))
    arity = cell.arity()
    if cell.form == "broadcast":
        operands = [tensor("4", ty), tensor("4x1", ty)]
    elif cell.form == "scalar" and arity > 1:
        last = tensor("1", ty) if ty in EXTENSIONS else mlir_type(ty)
        operands = [tensor(shape, ty)] * (arity - 1) + [last]
    else:
        operands = [tensor(shape, ty)] * arity
    if cell.op == "where":
        operands = [tensor(shape, "i1")] + operands[-2:]
    params = [(f"%c{k}_{j}", t) for j, t in enumerate(operands)]
    line = op_line(cell, f"%r{k}", [n for n, _ in params], operands, out)
    return params, [line], [(f"%r{k}", out)]


def function_name(cells):
    """A function's (and its kernel's) name: a PTX, AMDGCN and SPIR-V
    identifier."""
    cell = cells[0]
    if len(cells) > 1:
        return f"{cell.op}_{cell.types[0]}_{cell.form}_{len(cells)}_cells"
    return f"{cell.op}_{'_'.join(cell.types)}_{cell.form}"


# Data types whose arithmetic some target emulates in integer code (bf16 and
# the 8-bit floats): their vector kernels are large.
EMULATED = ("bf16", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ")


def group_functions(cells):
    """The functions of a batch. LLVM's back ends take more than linear
    time in the size of a kernel, and each kernel costs a run of the
    target's tool, so: every scalar cell of an op in one function (scalar
    code is small), the vector and broadcast cells of an op in one function
    per itemsize (one lane count), and a function of its own for each
    vector or broadcast cell of a type some target emulates. A cell of an
    extension has a function of its own too: a GPU target reports a type
    it has no lowering for once per kernel, at its first op, so that cells
    of one kernel would stop one compile at a time."""
    groups = collections.OrderedDict()
    for cell in cells:
        if not has_lanes(cell.types + (cell_result_type(cell),)):
            key = cell.key()
        elif cell.form == "scalar":
            key = (cell.op, cell.form)
        elif any(t in EMULATED for t in cell.types):
            key = cell.key()
        else:
            key = (cell.op, cell.form,
                   max(itemsize(t) for t in cell.types +
                       (cell_result_type(cell),)))
        groups.setdefault(key, []).append(cell)
    return list(groups.values())


class Module:
    """A module of tensor-level functions, each holding one or more cells.
    `cell_of_line` maps each op's line to its cell, `function_of_line` each
    line of a function to the function's cells."""

    def __init__(self, functions):
        self.functions = [(function_name(cells), cells)
                          for cells in functions]
        self.cell_of_line, self.function_of_line = {}, {}
        out = ["module {"]
        for fname, cells in self.functions:
            params, lines, results = [], [], []
            for k, cell in enumerate(cells):
                p, l, r = cell_body(cell, k)
                params += p
                lines += [(cell, line) for line in l]
                results += r
            start = len(out) + 1
            out.append(f"  func.func @{fname}(" +
                       ", ".join(f"{n}: {t}" for n, t in params) + ")")
            rtypes = ", ".join(t for _, t in results)
            out.append(f"      -> ({rtypes}) {{")
            for cell, line in lines:
                out.append(line)
                self.cell_of_line[len(out)] = cell
            out.append(f"    return {', '.join(n for n, _ in results)} : "
                       f"{rtypes}")
            out.append("  }")
            for ln in range(start, len(out) + 1):
                self.function_of_line[ln] = cells
        out.append("}")
        self.text = "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Targets
# ---------------------------------------------------------------------------

class Target:
    def __init__(self, name, kind, pipeline, chip=None):
        self.name, self.kind, self.pipeline, self.chip = \
            name, kind, pipeline, chip


# NVVM: the PTX ISA version each chip needs is given explicitly (sm_89's
# fp8 conversions need PTX 8.1, sm_100 PTX 8.6).
TARGETS = [
    Target("nvvm-sm_80", "nvvm", "--tolk-to-nvvm=chip=sm_80 features=+ptx80",
           "sm_80"),
    Target("nvvm-sm_89", "nvvm", "--tolk-to-nvvm=chip=sm_89 features=+ptx81",
           "sm_89"),
    Target("nvvm-sm_90", "nvvm", "--tolk-to-nvvm=chip=sm_90 features=+ptx80",
           "sm_90"),
    Target("nvvm-sm_100", "nvvm",
           "--tolk-to-nvvm=chip=sm_100 features=+ptx86", "sm_100"),
    Target("rocdl-gfx90a", "rocdl", "--tolk-to-rocdl=chip=gfx90a", "gfx90a"),
    Target("rocdl-gfx942", "rocdl", "--tolk-to-rocdl=chip=gfx942", "gfx942"),
    Target("rocdl-gfx950", "rocdl", "--tolk-to-rocdl=chip=gfx950", "gfx950"),
    Target("rocdl-gfx1100", "rocdl", "--tolk-to-rocdl=chip=gfx1100",
           "gfx1100"),
    Target("spirv", "spirv", "--tolk-to-spirv"),
    Target("spirv-shader", "spirv",
           "--tolk-to-spirv=caps=Shader exts=SPV_KHR_storage_buffer_storage_class"),
    Target("llvm", "llvm", "--tolk-to-llvm"),
]
TARGET_BY_NAME = {t.name: t for t in TARGETS}


# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------

class Tools:
    def __init__(self, args):
        def find(name, explicit=None, extra=()):
            if explicit:
                return explicit if os.path.exists(explicit) else None
            if args.bin and os.path.exists(os.path.join(args.bin, name)):
                return os.path.join(args.bin, name)
            for candidate in (name,) + tuple(extra):
                path = shutil.which(candidate)
                if path:
                    return path
                if os.path.isabs(candidate) and os.path.exists(candidate):
                    return candidate
            return None
        self.opt = find("tolk-opt")
        self.translate = find("tolk-translate")
        self.run = find("tolk-run")
        self.ptxas = find("ptxas", args.ptxas, ("/usr/local/cuda/bin/ptxas",))
        self.llvm_mc = find("llvm-mc-22", args.llvm_mc, ("llvm-mc",))
        self.spirv_val = find("spirv-val", args.spirv_val)
        if not (self.opt and self.translate and self.run):
            sys.exit("gen-support-matrix: tolk-opt, tolk-translate and "
                     "tolk-run not found (pass --bin build/bin)")

    def validator(self, target):
        """The tool that checks a target's output, or None where the machine
        lacks it."""
        return {"nvvm": self.ptxas, "rocdl": self.llvm_mc,
                "spirv": self.spirv_val, "llvm": self.run}[target.kind]


# CPU seconds each tool took in this process (--profile).
TOOL_CPU = collections.Counter()


def run_tool(cmd, timeout=600, **kw):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout, **kw)
        result = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        result = -9, "", f"timed out after {timeout} s"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    TOOL_CPU[os.path.basename(cmd[0])] += (after.ru_utime - before.ru_utime +
                                           after.ru_stime - before.ru_stime)
    return result


# ---------------------------------------------------------------------------
# Diagnostics
# ---------------------------------------------------------------------------

DIAG_RE = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note|remark): (.*)$")
CRASH_RE = re.compile(r"Stack dump|PLEASE submit a bug report|"
                      r"Assertion .* failed|Segmentation fault|Aborted")
# Printed IR in a message: the message should name the problem, not show
# the module. A quoted op name ("'func.func' op of type ...", the op a
# lowered op came from) is the usual diagnostic prefix, not IR.
IR_RE = re.compile(r"(?<!')\b(func\.func|gpu\.module|gpu\.func|llvm\.func|"
                   r"spirv\.module|builtin\.module)\b(?!')")


class Diagnostic:
    def __init__(self, line, message):
        self.line, self.message, self.notes = line, message, []

    def text(self):
        return self.message


def parse_diagnostics(stderr, path):
    """The errors of a tolk-opt run on `path`: (located, problems), located
    being Diagnostics with a line of the input file, problems the reasons the
    run fails the test as a whole (errors elsewhere, crashes, LLVM errors)."""
    located, problems = [], []
    current = None
    base = os.path.basename(path)
    lines = stderr.splitlines()
    for raw in lines:
        m = DIAG_RE.match(raw)
        if m:
            file, line, _, severity, message = m.groups()
            if severity == "error":
                if os.path.basename(file) == base:
                    current = Diagnostic(int(line), message)
                    located.append(current)
                else:
                    current = None
                    problems.append(f"an error without a location in the "
                                    f"input: {raw.strip()}")
            elif severity == "note" and current is not None:
                current.notes.append(message)
            continue
        if raw.startswith("LLVM ERROR") or " LLVM ERROR:" in raw:
            problems.append(f"an LLVM error: {raw.strip()}")
        elif raw.startswith("error:") or raw.startswith("<unknown>"):
            problems.append(f"an error without a location: {raw.strip()}")
        elif current is not None and raw.startswith(" "):
            # The continuation of a message (or a printed operation).
            current.notes.append(raw)
    if CRASH_RE.search(stderr):
        problems.append("a crash: " + next(
            (l for l in lines if CRASH_RE.search(l)), "").strip())
    return located, problems


def message_problem(diag):
    """Why a located diagnostic is not an acceptable message, or None."""
    whole = diag.message + "\n" + "\n".join(diag.notes)
    if IR_RE.search(diag.message) or len(whole) > 2000 or \
            len(diag.message) > 600:
        return "the message dumps IR: " + diag.message[:200]
    return None


# ---------------------------------------------------------------------------
# Expectations: test/SupportMatrix/expected.txt
# ---------------------------------------------------------------------------
#
# One line per group of cells a target does not support:
#
#   KIND TARGETS OPS TYPES FORMS | MESSAGE | REASON
#
# (fields separated by " | "). KIND is `unsupported` (the target cannot
# express the cell without an emulation Tolk chose not to write), `gap` (a
# limitation of Tolk that is to be removed) or `undefined` (the op is not
# defined on the data type: a verifier error). TARGETS, OPS, TYPES and FORMS are comma-separated
# fnmatch patterns matched against the target, the op, the cell's
# signature (operand types and result type: `si32->i1` for cmplt on si32,
# `f32->si8` for a cast) and the form. MESSAGE is a regular expression that
# the cell's diagnostic contains; the first line that covers the cell and
# matches its diagnostic is the cell's. REASON says why, for
# docs/SupportMatrix.md.

# unsupported: the target cannot express the cell without an emulation Tolk
# chose not to write; gap: a limitation of Tolk, to be removed; undefined:
# the op is not defined on the data type (a verifier error, on every
# target).
KINDS = ("unsupported", "gap", "undefined")


class Expectation:
    def __init__(self, lineno, kind, targets, ops, types, forms, message,
                 reason):
        self.lineno, self.kind = lineno, kind
        self.targets, self.ops, self.types, self.forms = \
            targets, ops, types, forms
        self.message = re.compile(message)
        self.message_text, self.reason = message, reason
        self.used = False

    def covers(self, cell, target):
        def match(value, patterns):
            return any(fnmatch.fnmatchcase(value, p) for p in patterns)
        return (match(target.name, self.targets) and
                match(cell.op, self.ops) and
                match(cell.signature(), self.types) and
                match(cell.form, self.forms))


def read_expectations(path):
    expectations = []
    if not path:
        return expectations
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            # Fields are separated by " | ": a regular expression may hold
            # a | of its own.
            parts = [p.strip() for p in line.split(" | ", 2)]
            head = parts[0].split()
            if len(parts) != 3 or len(head) != 5 or \
                    head[0] not in KINDS:
                sys.exit(f"{path}:{lineno}: expected 'KIND TARGETS OPS "
                         f"TYPES FORMS | MESSAGE | REASON'")
            kind, *globs = head
            expectations.append(Expectation(
                lineno, kind, *[g.split(",") for g in globs], parts[1],
                parts[2]))
    return expectations


def expectations_for(expectations, cell, target):
    return [e for e in expectations if e.covers(cell, target)]


# ---------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------

class Outcome:
    """What happened to one cell on one target. status: compiled (and, where
    the tool exists, validated and run), unsupported (an expected
    diagnostic) or fail."""

    def __init__(self, status, detail="", expectation=None, validated=False,
                 ran=False):
        self.status, self.detail, self.expectation = status, detail, \
            expectation
        self.validated, self.ran = validated, ran


def classify_diagnostic(cell, target, diag, expectations):
    problem = message_problem(diag)
    if problem:
        return Outcome("fail", problem)
    candidates = expectations_for(expectations, cell, target)
    if not candidates:
        return Outcome("fail", f"unexpected diagnostic: {diag.message}")
    for e in candidates:
        if e.message.search(diag.message):
            return Outcome("unsupported", diag.message, expectation=e)
    e = candidates[0]
    return Outcome("fail", f"diagnostic differs from the expected "
                   f"'{e.message_text}' (expected.txt:{e.lineno}): "
                   f"{diag.message}")


def classify_compiled(cell, target, expectations, validated, ran):
    candidates = expectations_for(expectations, cell, target)
    if candidates:
        e = candidates[0]
        return Outcome("fail", f"compiles, but expected.txt:{e.lineno} "
                       f"lists it ({e.kind}: {e.reason})")
    return Outcome("compiled", validated=validated, ran=ran)


# ---------------------------------------------------------------------------
# Compiling, validating and running a batch of cells on one target
# ---------------------------------------------------------------------------

# The first line of each PTX module, and an entry's name.
PTX_START = re.compile(r"^//\n// Generated by LLVM NVPTX Back-End", re.M)
PTX_ENTRY = re.compile(r"^\.visible \.entry (\w+)\(", re.M)
# Each AMDGCN code object starts with its target directive; a kernel is
# its .amdhsa_kernel.
AMDGCN_START = re.compile(r"^\s*\.amdgcn_target ", re.M)
AMDGCN_KERNEL = re.compile(r"^\s*\.amdhsa_kernel (\w+)", re.M)
LOCAL_LABEL = re.compile(r"\.L(\w+)")
SPIRV_ENTRY = re.compile(r'spirv\.EntryPoint "GLCompute" @(\w+)')
LLVM_KERNEL = re.compile(r'llvm\.func @"?(\w+)_kernel\.(\w+)"?\(')


def split_objects(text, start_re, name_re):
    """The assembly of each kernel of a concatenation of modules."""
    starts = [m.start() for m in start_re.finditer(text)]
    objects = {}
    for i, s in enumerate(starts):
        chunk = text[s:starts[i + 1] if i + 1 < len(starts) else len(text)]
        for m in name_re.finditer(chunk):
            objects[m.group(1)] = chunk
    return objects


NPY_DESCR = {"i1": "|b1", "si8": "|i1", "ui8": "|u1", "si16": "<i2",
             "ui16": "<u2", "si32": "<i4", "ui32": "<u4", "si64": "<i8",
             "ui64": "<u8", "f16": "<f2", "bf16": "<u2", "f32": "<f4",
             "f64": "<f8", "f8E4M3FN": "|u1", "f8E5M2": "|u1",
             "f8E4M3FNUZ": "|u1", "f8E5M2FNUZ": "|u1",
             # tolk-run's storage of the extensions (docs/Semantics.md,
             # "Lowering and running").
             "f128": "|V16", "c64": "<c8", "c128": "<c16", "c256": "|V32",
             # Committed by the pipeline.
             "weakint": "<i4", "weakfloat": "<f4"}
TENSOR_RE = re.compile(r"^tensor<([0-9x]+)x(!tolk\.)?([\w<>]+)>$")
TYPE_OF_SPELLING = {v: k for k, v in MLIR_SPELLING.items()}


def write_zeros_npy(path, ty, shape):
    """A .npy of zeros (a value of every data type) of `shape`."""
    descr = NPY_DESCR[ty]
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, dims)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    count = 1
    for d in shape:
        count *= d
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
                header.encode() + bytes(count * itemsize(ty)))


class BatchRunner:
    """Compiles one batch of cells for one target until every cell has an
    outcome."""

    def __init__(self, name, cells, target, tools, expectations, workdir,
                 keep):
        self.name, self.cells, self.target = name, cells, target
        self.tools, self.expectations = tools, expectations
        self.workdir, self.keep = workdir, keep
        self.outcomes = {}
        self.ran = set()
        self.attempt = 0

    def path(self, suffix):
        return os.path.join(self.workdir,
                            f"{self.name}.{self.attempt}{suffix}")

    def fail(self, cell, detail):
        self.outcomes[cell.key()] = Outcome("fail", detail)

    def run(self):
        # (functions) lists still to compile; each function a list of cells.
        queue = [group_functions(self.cells)]
        compiled = []
        while queue:
            queue += self.compile(queue.pop(), compiled)
        if self.target.kind == "llvm" and self.tools.run:
            self.run_host(compiled)
        for cell, validated in compiled:
            if cell.key() not in self.outcomes:
                self.outcomes[cell.key()] = classify_compiled(
                    cell, self.target, self.expectations, validated,
                    cell.key() in self.ran)
        return self.outcomes

    def compile(self, functions, compiled):
        """Compiles `functions` as one module; records the outcome of every
        cell it can (appending those that compiled to `compiled`) and
        returns the modules still to compile."""
        self.attempt += 1
        module = Module(functions)
        src, out = self.path(".mlir"), self.path(".out.mlir")
        with open(src, "w") as f:
            f.write(module.text)
        cmd = [self.tools.opt, "--mlir-disable-threading", src,
               self.target.pipeline, "-o", out]
        rc, _, err = run_tool(cmd)
        if self.keep:
            with open(self.path(".stderr"), "w") as f:
                f.write(" ".join(cmd) + "\n" + err)
        located, problems = parse_diagnostics(err, src)
        if rc == 0 and not located and not problems:
            with open(out) as f:
                return self.check_output(module, f.read(), out, compiled)
        if rc == 0:
            problems.append("errors, but exit 0")
        if not located and not problems:
            problems.append(f"exit {rc} without a diagnostic: "
                            f"{err.strip()[:300]}")
        # Each located error belongs to the cell on its line, or to the only
        # cell of its function; the first is the cell's diagnostic. An error
        # at a function of several cells splits it.
        attributed = collections.OrderedDict()
        split = []
        for d in located:
            cell = module.cell_of_line.get(d.line)
            cells = module.function_of_line.get(d.line)
            if cell is None and cells and len(cells) == 1:
                cell = cells[0]
            if cell is not None:
                attributed.setdefault(cell.key(), (cell, d))
            elif cells:
                if cells not in split:
                    split.append(cells)
            else:
                problems.append(f"an error outside every cell (line "
                                f"{d.line}): {d.message}")
        if problems:
            # Bisect to the cells that make them.
            flat = [c for f in functions for c in f]
            if len(flat) == 1:
                self.fail(flat[0], "; ".join(problems))
                return []
            if len(functions) == 1:
                return [[[c] for c in flat]]
            half = len(functions) // 2
            return [functions[:half], functions[half:]]
        for key, (cell, d) in attributed.items():
            self.outcomes[key] = classify_diagnostic(
                cell, self.target, d, self.expectations)
        rest = []
        for f in functions:
            left = [c for c in f if c.key() not in attributed]
            if f in split:
                rest += [[c] for c in left]
            elif left:
                rest.append(left)
        return [rest] if rest else []

    def check_output(self, module, text, out, compiled):
        """The functions of a module that compiled: each one's kernel must be
        there, and the target's tool must accept it. Returns the modules to
        compile again (a rejected function of several cells, split)."""
        kind = self.target.kind
        if kind in ("nvvm", "rocdl"):
            # Every kernel's binary at once, split again by split_objects.
            rc, isa, err = run_tool([self.tools.translate,
                                     "--gpu-binary-to-isa", "--all-binaries",
                                     out])
            start, name = (PTX_START, PTX_ENTRY) if kind == "nvvm" else \
                (AMDGCN_START, AMDGCN_KERNEL)
            objects = split_objects(isa if rc == 0 else "", start, name)
        elif kind == "spirv":
            objects = split_spirv(text)
        else:
            objects = {m.group(2): None for m in LLVM_KERNEL.finditer(text)}
        validator = self.tools.validator(self.target)
        accepted = set()
        if validator is not None and kind != "llvm":
            accepted = self.validate_together(
                [(f, objects[f]) for f, _ in module.functions if f in objects])
        again = []
        for fname, cells in module.functions:
            problem = None
            if fname not in objects:
                problem = "exit 0, but no kernel"
            elif validator is not None and kind != "llvm" and \
                    fname not in accepted:
                problem = self.validate(fname, objects[fname])
            if problem is None:
                compiled += [(c, validator is not None) for c in cells]
            elif len(cells) > 1:
                again.append([[c] for c in cells])
            else:
                self.fail(cells[0], problem)
        return [[f for m in again for f in m]] if again else []

    def validate_together(self, objects):
        """The kernels of `objects` ((name, object) pairs) that the target's
        tool accepts in one run: ptxas takes several modules, llvm-mc the
        code objects one after the other, and tolk-translate serializes
        every SPIR-V module at once. All of them or none (then validate()
        looks at each)."""
        t = self.target
        base = self.path(".all")
        if t.kind == "nvvm" and objects:
            paths = []
            for fname, obj in objects:
                paths.append(self.path(f".{fname}.ptx"))
                with open(paths[-1], "w") as f:
                    f.write(obj)
            # ptxas links the modules: each kernel's name is its own.
            rc, _, _ = run_tool([self.tools.ptxas, f"-arch={t.chip}"] + paths +
                                ["-o", base + ".cubin"])
            return {f for f, _ in objects} if rc == 0 else set()
        if t.kind == "rocdl" and objects:
            # One file of every code object, each object's local labels
            # (.L...) made its own.
            chunks = [LOCAL_LABEL.sub(lambda m: f".L{i}_{m.group(1)}", obj)
                      for i, (_, obj) in enumerate(objects)]
            with open(base + ".s", "w") as f:
                f.write("\n".join(chunks))
            rc, _, _ = run_tool([self.tools.llvm_mc,
                                 "-triple=amdgcn-amd-amdhsa",
                                 f"-mcpu={t.chip}", "-filetype=obj",
                                 base + ".s", "-o", base + ".o"])
            return {f for f, _ in objects} if rc == 0 else set()
        if t.kind == "spirv" and objects:
            with open(base + ".spirv.mlir", "w") as f:
                f.write("\n// -----\n".join(obj for _, obj in objects))
            rc, _, _ = run_tool([self.tools.translate, "--serialize-spirv",
                                 "--split-input-file", base + ".spirv.mlir",
                                 "-o", base + ".spv"])
            if rc != 0:
                return set()
            with open(base + ".spv", "rb") as f:
                binaries = split_spirv_binaries(f.read())
            if len(binaries) != len(objects):
                return set()
            good = set()
            for (fname, _), binary in zip(objects, binaries):
                path = self.path(f".{fname}.spv")
                with open(path, "wb") as f:
                    f.write(binary)
                rc, _, _ = run_tool([self.tools.spirv_val, "--target-env",
                                     "vulkan1.3", path])
                if rc == 0:
                    good.add(fname)
            return good
        return set()

    def validate(self, fname, obj):
        """Why the target's tool rejects a function's kernel, or None."""
        t = self.target
        base = self.path(f".{fname}")
        if t.kind == "nvvm":
            with open(base + ".ptx", "w") as f:
                f.write(obj)
            rc, _, err = run_tool([self.tools.ptxas, f"-arch={t.chip}",
                                   base + ".ptx", "-o", base + ".cubin"])
            return None if rc == 0 else \
                f"ptxas rejects the PTX: {err.strip()[:500]}"
        if t.kind == "rocdl":
            with open(base + ".s", "w") as f:
                f.write(obj)
            rc, _, err = run_tool([self.tools.llvm_mc,
                                   "-triple=amdgcn-amd-amdhsa",
                                   f"-mcpu={t.chip}", "-filetype=obj",
                                   base + ".s", "-o", base + ".o"])
            return None if rc == 0 else \
                f"llvm-mc rejects the assembly: {err.strip()[:500]}"
        with open(base + ".spirv.mlir", "w") as f:
            f.write(obj)
        rc, _, err = run_tool([self.tools.translate, "--serialize-spirv",
                               base + ".spirv.mlir", "-o", base + ".spv"])
        if rc != 0:
            return f"tolk-translate --serialize-spirv fails: " \
                   f"{err.strip()[:500]}"
        rc, _, err = run_tool([self.tools.spirv_val, "--target-env",
                               "vulkan1.3", base + ".spv"])
        return None if rc == 0 else \
            f"spirv-val rejects the binary: {err.strip()[:500]}"

    def run_host(self, compiled):
        """Runs the cells that compiled with tolk-run --backend host, on
        zeros: one function per form, halved until each failure is one
        cell's."""
        by_form = collections.OrderedDict()
        for cell, _ in compiled:
            if all(runnable(t) for t in cell.types) and \
                    runnable(cell_result_type(cell)):
                by_form.setdefault(cell.form, []).append(cell)
        queue = list(by_form.values())
        while queue:
            cells = queue.pop()
            detail = self.run_cells(cells)
            if detail is None:
                self.ran.update(c.key() for c in cells)
            elif len(cells) == 1:
                self.fail(cells[0], detail)
            else:
                half = len(cells) // 2
                queue += [cells[:half], cells[half:]]

    def run_cells(self, cells):
        """Why running one function of `cells` fails, or None."""
        self.attempt += 1
        module = Module([cells])
        fname = module.functions[0][0]
        base = self.path(".run")
        with open(base + ".mlir", "w") as f:
            f.write(module.text)
        inputs, args, outputs = [], [], []
        for k, cell in enumerate(cells):
            params, _, results = cell_body(cell, k)
            for _, ty in params:
                m = TENSOR_RE.match(ty)
                if not m:
                    args += ["--arg", "0"]
                    continue
                path = f"{base}.in{len(inputs)}.npy"
                write_zeros_npy(path, TYPE_OF_SPELLING.get(m.group(3),
                                                           m.group(3)),
                                [int(d) for d in m.group(1).split("x")])
                inputs.append(path)
            outputs += [f"{base}.out{len(outputs) + i}.npy"
                        for i in range(len(results))]
        rc, _, err = run_tool([self.tools.run, base + ".mlir", "--kernel",
                               fname, "--backend", "host"] + args + inputs +
                              ["-o"] + outputs)
        if rc != 0:
            return f"tolk-run --backend host fails (exit {rc}): " \
                   f"{err.strip()[:500]}"
        missing = [o for o in outputs if not os.path.exists(o)]
        return f"tolk-run wrote no {missing[0]}" if missing else None


def runnable(ty):
    """Whether tolk-run has a .npy type for `ty`."""
    return ty in NPY_DESCR


SPIRV_MODULE_START = re.compile(r"^  spirv\.module ", re.M)


SPIRV_MAGIC = 0x07230203


def split_spirv_binaries(data):
    """The SPIR-V binaries of tolk-translate --split-input-file, each as
    bytes: a binary is a 5-word header and instructions that give their own
    length, and the next one follows a newline."""
    magic = struct.pack("<I", SPIRV_MAGIC)
    binaries, pos = [], 0
    while pos < len(data):
        if data[pos:pos + 4] != magic:
            return []
        start, pos = pos, pos + 20
        while pos + 4 <= len(data) and data[pos:pos + 4] != magic and \
                data[pos:pos + 5] != b"\n" + magic:
            count = struct.unpack("<I", data[pos:pos + 4])[0] >> 16
            if count == 0:
                return []
            pos += 4 * count
        binaries.append(data[start:pos])
        if data[pos:pos + 1] == b"\n":
            pos += 1
    return binaries


def split_spirv(text):
    """Each kernel's spirv.module of a --tolk-to-spirv output, as a module of
    its own (for tolk-translate --serialize-spirv)."""
    objects = {}
    for m in SPIRV_MODULE_START.finditer(text):
        end = text.index("\n  }\n", m.start()) + 5
        chunk = text[m.start():end]
        for e in SPIRV_ENTRY.finditer(chunk):
            objects[e.group(1)] = "module {\n" + chunk + "}\n"
    return objects


# ---------------------------------------------------------------------------
# The whole matrix
# ---------------------------------------------------------------------------

def batches_of(cells):
    """One batch per op, per source type for tolk.cast."""
    batches = collections.OrderedDict()
    for cell in cells:
        key = f"{cell.op}.{cell.types[0]}" if cell.op == "cast" else cell.op
        batches.setdefault(key, []).append(cell)
    return batches


def run_job(job):
    name, cells, target, tools, expectations, workdir, keep = job
    # Each job in a directory of its own, removed unless --keep.
    jobdir = os.path.join(workdir, f"{name}@{target.name}")
    os.makedirs(jobdir, exist_ok=True)
    runner = BatchRunner(f"{name}@{target.name}", cells, target, tools,
                         expectations, jobdir, keep)
    TOOL_CPU.clear()
    outcomes = runner.run()
    if not keep:
        shutil.rmtree(jobdir, ignore_errors=True)
    # Expectations are matched in the worker: send back which lines were
    # used, by number.
    used = sorted({o.expectation.lineno for o in outcomes.values()
                   if o.expectation is not None})
    return target.name, outcomes, used, runner.attempt, dict(TOOL_CPU)


def compress(cells):
    """Cells as lines `ops: types (forms)`: ops with the same types and forms
    share a line."""
    by_op = collections.OrderedDict()
    for cell in cells:
        by_op.setdefault(cell.op, collections.OrderedDict()).setdefault(
            ".".join(cell.types), set()).add(cell.form)
    lines = collections.OrderedDict()
    for op, types in by_op.items():
        forms_of = collections.OrderedDict()
        for ty, forms in types.items():
            forms_of.setdefault(tuple(sorted(forms)), []).append(ty)
        key = tuple((forms, tuple(tys)) for forms, tys in forms_of.items())
        lines.setdefault(key, []).append(op)
    out = []
    for key, ops in lines.items():
        parts = []
        for forms, tys in key:
            text = ", ".join(tys)
            all_forms = set(forms) >= {"scalar", *LANE_FORMS}
            if not all_forms:
                text += " (" + ", ".join(forms) + ")"
            parts.append(text)
        out.append(f"`{'`, `'.join(ops)}`: " + "; ".join(parts))
    return out


def render_doc(results, targets, expectations, cell_count):
    """docs/SupportMatrix.md from the outcomes (status per cell per target);
    nothing in it depends on which validation tools the machine has."""
    lines = [
        "# Support matrix",
        "",
        "<!-- Generated by scripts/gen-support-matrix.py --write-doc "
        "docs/SupportMatrix.md; do not edit. -->",
        "",
        "Every elementwise op of the `tolk` dialect (primitive and derived,",
        "`tolk.cast` and `tolk.bitcast`) on every data type (`i1`, the eight",
        "integers, the eight floats, the weak types, which the pipelines",
        "commit to `si32` and `f32`, `f128` and the complex types `c64`,",
        "`c128` and `c256` (`complex<f32>`, `complex<f64>`,",
        "`complex<f128>`), and `ui128`/`ui256` for `tolk.cast`), in five",
        "forms, through every pipeline. A form is how the operands reach the",
        "op in the kernel `--tolk-kernelize` makes of a tensor-level",
        "function:",
        "",
        "- `scalar`: 15 elements, one per thread (scalar code), the last",
        "  operand of a binary op (and of `where`) a by-value scalar, or for",
        "  `f128` and the complex types, which no by-value parameter passes,",
        "  a buffer of one element that every thread reads;",
        "- `vector`: 64 elements, as many lanes per thread as make 16 bytes",
        "  of the widest type: vector code. `f128` and the complex types have",
        "  no vector form: a vector holds no complex numbers (a function of",
        "  them computes one element per thread), and a 16-byte item gets",
        "  one lane;",
        "- `broadcast`: a `4` operand with a `4x1` one, broadcast to `4x4`",
        "  (the first a vector load that every row reads, the second one",
        "  element splat over the lanes); binary ops and `where` only;",
        "- `odd`: 15 elements (`3x5`), which no power of two above 1",
        "  divides, so that `--tolk-kernelize` chooses an odd lane count:",
        "  15 lanes of a 1- or 2-byte type, 5 of a 4-byte one, 3 of an",
        "  8-byte one (the widest type of the kernel decides);",
        "- `prime`: 49 elements (`7x7`): 7 lanes of every type.",
        "",
        "SPIR-V kernels have at most 4 lanes, a power of two, so the `odd`",
        "and `prime` forms are one element per thread there. The lane",
        "counts that are not a power of two are legalized where a back end",
        "cannot select them (docs/Lowering.md, \"Lanes that are not a power",
        "of two\").",
        "",
        "A cell compiles, and the target's own tool accepts the output",
        "(`ptxas` for NVVM, `llvm-mc` for ROCDL, `spirv-val` for SPIR-V; the",
        "LLVM path also runs with `tolk-run --backend host`), or the",
        "pipeline stops with a diagnostic at the cell's op that names what",
        "the target lacks. A cell whose op is not defined on its data type",
        "(an op that needs an order, or `sqrt`, `exp2`, `log2` and `pow`, on",
        "complex numbers: docs/Semantics.md, \"Ops on complex numbers\") is",
        "a verifier error at the op on every target. `test/SupportMatrix/`",
        "runs every cell, and checks that this page is up to date.",
        "",
        "| target | pipeline | cells | compile | unsupported | known gaps | "
        "not defined |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    by_target = collections.OrderedDict((t.name, []) for t in targets)
    for (tname, key), outcome in sorted(results.items()):
        by_target[tname].append((key, outcome))
    for t in targets:
        items = by_target[t.name]
        count = collections.Counter(
            o.expectation.kind if o.expectation else o.status
            for _, o in items)
        lines.append(f"| `{t.name}` | `{t.pipeline}` | {len(items)} | "
                     f"{count['compiled']} | {count['unsupported']} | "
                     f"{count['gap']} | {count['undefined']} |")
    lines += ["", f"{cell_count} cells per target. NVIDIA targets pass the "
              "PTX ISA version each chip needs (`features=+ptxNN`).", ""]
    # Targets with the same unsupported cells, for the same reasons, share
    # a section.
    sections = collections.OrderedDict()
    for t in targets:
        groups = collections.OrderedDict()
        for key, o in by_target[t.name]:
            if o.expectation is not None:
                groups.setdefault(o.expectation.lineno, (o.expectation, []))
                groups[o.expectation.lineno][1].append(Cell(*key))
        body = []
        for kind, title in (("unsupported", "Unsupported"),
                            ("gap", "Known gaps"),
                            ("undefined", "Not defined (on every target)")):
            chosen = [(e, cells) for e, cells in groups.values()
                      if e.kind == kind]
            if not chosen:
                continue
            body += [f"{title}:", ""]
            for e, cells in chosen:
                body.append(f"- {e.reason} ({len(cells)} cells; the "
                            f"diagnostic says `{e.message_text}`)")
                body += [f"  - {text}" for text in compress(cells)]
            body.append("")
        if not body:
            body = ["Every cell compiles.", ""]
        # Where most cells stop, what compiles is the shorter list.
        compiled = [Cell(*key) for key, o in by_target[t.name]
                    if o.status == "compiled"]
        if len(compiled) < len(by_target[t.name]) - len(compiled):
            body = [f"What compiles ({len(compiled)} cells):", ""] + \
                [f"- {text}" for text in compress(compiled)] + [""] + body
        sections.setdefault(tuple(body), []).append(t.name)
    for body, names in sections.items():
        lines += ["## " + ", ".join(f"`{n}`" for n in names), ""]
        lines += list(body)
    return "\n".join(lines).rstrip() + "\n"


def parse_cell_id(text):
    """`op.types.form@target` (fnmatch patterns) -> (cell pattern, target
    pattern)."""
    cell, _, target = text.partition("@")
    return cell, target or "*"


def main():
    p = argparse.ArgumentParser(
        description="The support matrix: every op, data type, form and "
        "target compiles and validates, or stops with an expected diagnostic")
    p.add_argument("--bin", help="the directory of tolk-opt, tolk-translate "
                   "and tolk-run (default: found on PATH)")
    p.add_argument("--ptxas", help="default: on PATH, or "
                   "/usr/local/cuda/bin/ptxas")
    p.add_argument("--llvm-mc", help="default: llvm-mc or llvm-mc-22 on PATH")
    p.add_argument("--spirv-val", help="default: on PATH")
    p.add_argument("--expected", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "test",
        "SupportMatrix", "expected.txt"))
    p.add_argument("--op", action="append", help="only this op (repeatable)")
    p.add_argument("--dtype", action="append",
                   help="only cells with this data type (repeatable)")
    p.add_argument("--form", action="append", choices=FORMS)
    p.add_argument("--target", action="append",
                   help="only this target (repeatable): " +
                   ", ".join(t.name for t in TARGETS))
    p.add_argument("--cell", action="append",
                   help="only the cells OP.TYPES.FORM[@TARGET] (fnmatch "
                   "patterns), e.g. 'pow.si32.vector@rocdl-gfx942'")
    p.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2)
    p.add_argument("--keep", help="keep the modules, outputs and "
                   "diagnostics in this directory")
    p.add_argument("--write-doc", metavar="PATH",
                   help="write docs/SupportMatrix.md from this run (the "
                   "whole matrix only)")
    p.add_argument("--check-doc", metavar="PATH",
                   help="fail if PATH differs from what this run generates")
    p.add_argument("--update", action="store_true",
                   help="the whole matrix: remove the lines of the "
                   "expectations that no cell matches any more and rewrite "
                   "the page (docs/SupportMatrix.md)")
    p.add_argument("--profile", action="store_true",
                   help="print the CPU time of each tool on each target")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print every cell's outcome")
    args = p.parse_args()

    tools = Tools(args)
    expectations = read_expectations(args.expected)
    targets = TARGETS
    if args.target:
        unknown = [t for t in args.target if t not in TARGET_BY_NAME]
        if unknown:
            sys.exit(f"unknown target {unknown[0]}: expected one of " +
                     ", ".join(TARGET_BY_NAME))
        targets = [TARGET_BY_NAME[t] for t in args.target]
    for op in args.op or []:
        if op not in ALL_OPS:
            sys.exit(f"unknown op {op}: expected one of {', '.join(ALL_OPS)}")
    cells = all_cells(args.op, args.dtype, args.form)
    whole = not (args.op or args.dtype or args.form or args.target or
                 args.cell)
    cell_count = len(cells)
    if args.cell:
        patterns = [parse_cell_id(c) for c in args.cell]
        targets = [t for t in targets
                   if any(fnmatch.fnmatchcase(t.name, tp)
                          for _, tp in patterns)]
        cells = [c for c in cells
                 if any(fnmatch.fnmatchcase(c.name, cp) for cp, _ in patterns)]
    if args.update:
        args.write_doc = args.write_doc or os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "..", "docs",
            "SupportMatrix.md")
    if (args.write_doc or args.check_doc or args.update) and not whole:
        sys.exit("--write-doc, --check-doc and --update need the whole "
                 "matrix")
    missing = [f"{t.name} ({t.kind})" for t in targets
               if tools.validator(t) is None]
    print(f"support matrix: {len(cells)} cells x {len(targets)} targets")
    for m in missing:
        print(f"  note: no validation tool for {m}: cells are compiled only")

    workdir = args.keep or tempfile.mkdtemp(prefix="tolk-matrix-")
    os.makedirs(workdir, exist_ok=True)
    jobs = []
    for name, batch in batches_of(cells).items():
        for t in targets:
            if any(fnmatch.fnmatchcase(t.name, tp) for _, tp in
                   ([parse_cell_id(c) for c in args.cell] if args.cell
                    else [("*", "*")])):
                jobs.append((name, batch, t, tools, expectations, workdir,
                             bool(args.keep)))
    # The biggest first, so that the pool ends evenly.
    jobs.sort(key=lambda j: -len(j[1]))
    results = {}
    used = set()
    compiles = 0
    profile = collections.Counter()
    start = time.monotonic()
    try:
        with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
            for tname, outcomes, lines, n, cpu in pool.map(run_job, jobs):
                compiles += n
                for tool_name, seconds in cpu.items():
                    profile[(tname, tool_name)] += seconds
                used.update(lines)
                for key, o in outcomes.items():
                    results[(tname, key)] = o
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    elapsed = time.monotonic() - start
    # Outcomes came back from the workers with copies of the expectations.
    by_line = {e.lineno: e for e in expectations}
    for o in results.values():
        if o.expectation is not None:
            o.expectation = by_line[o.expectation.lineno]

    failures = 0
    for (tname, key), o in sorted(results.items()):
        cell = Cell(*key)
        if o.status == "fail":
            failures += 1
            print(f"FAIL {cell.name}@{tname}: {o.detail}")
        elif args.verbose:
            what = o.status
            if o.status == "compiled":
                what += ", validated" if o.validated else ", not validated"
                what += ", run" if o.ran else ""
            else:
                what = f"{o.expectation.kind}: {o.detail}"
            print(f"  {cell.name}@{tname}: {what}")
    stale = [e for e in expectations if e.lineno not in used] if whole \
        else []
    if args.update and stale:
        with open(args.expected) as f:
            lines = f.readlines()
        drop = {e.lineno for e in stale}
        with open(args.expected, "w") as f:
            f.writelines(l for i, l in enumerate(lines, 1) if i not in drop)
        print(f"removed {len(stale)} stale line(s) from {args.expected}")
        stale = []
    for e in stale:
        failures += 1
        print(f"FAIL expected.txt:{e.lineno}: no cell has this diagnostic any "
              f"more: remove the line (or run with --update)")

    print("target          cells compiled validated    run unsupported  gaps "
          "undefined failed")
    for t in targets:
        items = [o for (tn, _), o in results.items() if tn == t.name]
        c = collections.Counter(
            o.expectation.kind if o.expectation else o.status for o in items)
        validated = sum(o.validated for o in items)
        ran = sum(o.ran for o in items)
        print(f"{t.name:<14} {len(items):>6} {c['compiled']:>8} "
              f"{validated:>9} {ran:>6} {c['unsupported']:>11} "
              f"{c['gap']:>5} {c['undefined']:>9} {c['fail']:>6}")
    if args.profile:
        print("CPU seconds by target and tool:")
        for (tname, tool_name), seconds in sorted(profile.items()):
            print(f"  {tname:<14} {tool_name:<16} {seconds:8.1f}")
        print(f"  total {sum(profile.values()):.1f}")
    print(f"support matrix: {failures} failure(s), {compiles} compiles "
          f"in {elapsed:.0f} s")

    if args.write_doc or args.check_doc:
        doc = render_doc(results, targets, expectations, cell_count)
        if args.write_doc:
            with open(args.write_doc, "w") as f:
                f.write(doc)
            print(f"wrote {args.write_doc}")
        if args.check_doc:
            with open(args.check_doc) as f:
                old = f.read()
            if old != doc:
                failures += 1
                print(f"FAIL {args.check_doc} is out of date: rerun with "
                      f"--write-doc {args.check_doc}")
                # What differs, for a run whose files are gone (CI's).
                diff = difflib.unified_diff(
                    old.splitlines(), doc.splitlines(), args.check_doc,
                    "generated", lineterm="", n=0)
                for line in itertools.islice(diff, 40):
                    print(line[:300])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
