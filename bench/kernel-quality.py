#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The quality of the generated kernels: PTX instructions per element and
compile time, for ten tensor-level functions (nine over 2^20 elements).

  1 add_f32      f32 a + b
  2 add_si8_f16  a + b with a si8, b f16 (an f16 result)
  3 cast_fp8     f32 cast to f8E4M3FN
  4 where_max    where(a < b, max(a, b), a * 2.0) in f32
  5 cast_bf16    f32 cast to bf16
  6 cast_si32    f32 cast to si32 (wrapping, as the folder)
  7 cast_ui8     f32 cast to ui8
  8 cast_si64    f32 cast to si64 (past 2^63: the reduction in f32)
  9 cast_f64_si64  f64 cast to si64
 10 bcast_odd    a 500x1 ui8 times a 1x1001 bf16 plus an f32 scalar (a
                 broadcast whose odd inner size, 1001, no power of two
                 divides), 500500 elements

Table 1, PTX instructions per element: each function goes through
`tolk-opt --tolk-to-nvvm` and `tolk-translate --gpu-binary-to-isa`. The count
is the number of instructions in the body of the kernel's `.entry` (between
its braces): every statement that ends in `;` and is not a directive
(`.reg`, `.loc`, ...), so ld.param, cvta, mov of special registers, setp,
bra and ret all count, and labels, braces, comments and declarations do not.
The kernels have no loops, so this static count is also what each thread
executes (on the path that runs every instruction). Per element is the count
divided by the elements one thread handles, its lanes (the buffers' widest
vector in `tolk-translate --launch-json`; size / (grid * block) where the
size is a multiple of the block). The references are the counts of nvcc on
tinygrad's CUDA C (the targets) and of tinygrad's own PTX renderer, as
bench/README.md gives them.

Table 2, compile time: `tolk-kernel-compile-bench` (bench/KernelCompileBench
.cpp) parses each function and runs --tolk-to-nvvm on it in one process,
--repeat times after an untimed warm-up, and reports the median (and the
fastest and slowest) milliseconds. Target: at most 5 ms median.

Both tables are also drawn (with python3-matplotlib, where installed):
kernel-instructions.png and kernel-compile-time.png in --plot-dir, from the
measurements saved there as kernel-quality.json; --replot FILE.json draws
them again without measuring.

Usage: bench/kernel-quality.py [--build build] [--repeat 21] [--keep DIR]
                               [--show-ptx] [--no-compile-time]
                               [--plot-dir DIR] [--replot FILE.json]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plotting  # noqa: E402

N = 1 << 20

# name, MLIR body, argument types, result type, target (nvcc), tinygrad PTX.
KERNELS = [
    ("add_f32", ["f32", "f32"], "f32",
     "%r = tolk.add %a0, %a1 : tensor<{n}xf32>", 5.75, 7.75),
    ("add_si8_f16", ["si8", "f16"], "f16",
     "%r = tolk.add %a0, %a1 : (tensor<{n}xsi8>, tensor<{n}xf16>) -> "
     "tensor<{n}xf16>", 7.75, 11.75),
    ("cast_fp8", ["f32"], "f8E4M3FN",
     "%r = tolk.cast %a0 : tensor<{n}xf32> to tensor<{n}xf8E4M3FN>",
     5.25, 53),
    ("where_max", ["f32", "f32"], "f32",
     "%c = tolk.cmplt %a0, %a1 : (tensor<{n}xf32>, tensor<{n}xf32>) -> "
     "tensor<{n}xi1>\n"
     "  %m = tolk.max %a0, %a1 : tensor<{n}xf32>\n"
     "  %two = tolk.const 2.0 : !tolk.weakfloat\n"
     "  %d = tolk.mul %a0, %two : (tensor<{n}xf32>, !tolk.weakfloat) -> "
     "tensor<{n}xf32>\n"
     "  %r = tolk.where %c, %m, %d : (tensor<{n}xi1>, tensor<{n}xf32>, "
     "tensor<{n}xf32>) -> tensor<{n}xf32>", 7.75, 11),
    ("cast_bf16", ["f32"], "bf16",
     "%r = tolk.cast %a0 : tensor<{n}xf32> to tensor<{n}xbf16>", 5.75, 51.75),
    # The float-to-integer casts: no nvcc or tinygrad figures (C's
    # conversion is undefined out of range, tinygrad's saturates).
    ("cast_si32", ["f32"], "si32",
     "%r = tolk.cast %a0 : tensor<{n}xf32> to tensor<{n}xsi32>", None, None),
    ("cast_ui8", ["f32"], "ui8",
     "%r = tolk.cast %a0 : tensor<{n}xf32> to tensor<{n}xui8>", None, None),
    ("cast_si64", ["f32"], "si64",
     "%r = tolk.cast %a0 : tensor<{n}xf32> to tensor<{n}xsi64>", None, None),
    ("cast_f64_si64", ["f64"], "si64",
     "%r = tolk.cast %a0 : tensor<{n}xf64> to tensor<{n}xsi64>", None, None),
    # A broadcast whose inner size, 1001 = 7 * 11 * 13, no power of two
    # divides: its own shape. nvcc on a one-element-a-thread CUDA kernel of
    # it: 29-33 (bench/README.md).
    ("bcast_odd", None, None,
     "func.func @bcast_odd(%a0: tensor<500x1xui8>, %a1: tensor<1x1001xbf16>, "
     "%a2: tensor<f32>) -> tensor<500x1001xf32> {\n"
     "  %m = tolk.mul %a0, %a1 : (tensor<500x1xui8>, tensor<1x1001xbf16>) -> "
     "tensor<500x1001xbf16>\n"
     "  %r = tolk.add %m, %a2 : (tensor<500x1001xbf16>, tensor<f32>) -> "
     "tensor<500x1001xf32>\n"
     "  return %r : tensor<500x1001xf32>\n}\n", 29, None),
]


def source(name, args, result, body):
    if args is None:  # a whole function of its own shape
        return body
    params = ", ".join(f"%a{i}: tensor<{N}x{t}>" for i, t in enumerate(args))
    return (f"func.func @{name}({params}) -> tensor<{N}x{result}> {{\n"
            f"  {body.format(n=N)}\n"
            f"  return %r : tensor<{N}x{result}>\n}}\n")


def run(cmd, **kwargs):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr}")
    return proc.stdout


def entry_body(ptx, name):
    """The lines between the braces of `.entry name`."""
    m = re.search(r"\.entry\s+" + re.escape(name) + r"\s*\(", ptx)
    if not m:
        sys.exit(f"no .entry {name} in the PTX")
    start = ptx.index("{", ptx.index(")", m.end()))
    depth, i = 0, start
    while True:
        if ptx[i] == "{":
            depth += 1
        elif ptx[i] == "}":
            depth -= 1
            if depth == 0:
                break
        i += 1
    return ptx[start + 1:i].splitlines()


def instructions(body):
    """The instructions of a kernel body (see the module docstring)."""
    out = []
    for line in body:
        line = line.split("//")[0].strip()
        if not line or line in ("{", "}") or line.startswith("."):
            continue
        if re.fullmatch(r"[$\w]+:", line):
            continue
        out.append(line)
    return out


def plot(data, directory):
    """kernel-instructions.png and kernel-compile-time.png from saved
    measurements."""
    plt = plotting.pyplot()
    if plt is None:
        return
    rows = data["rows"]
    names = ["%d %s" % (r["num"], r["name"]) for r in rows]
    x = range(len(rows))
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.27
    for k, (key, label) in enumerate((("per_element", "Tolk"),
                                      ("target", "target (nvcc)"),
                                      ("tinygrad", "tinygrad PTX"))):
        # A kernel without a reference figure has no bar.
        ax.bar([i + (k - 1) * width for i in x],
               [float("nan") if r[key] is None else r[key] for r in rows],
               width, label=label)
    finish(ax, names, "PTX instructions per element",
           "Generated kernels, %s, 2^20 elements (%s)" % (data["chip"],
                                                          data["date"]))
    plotting.save(plt, fig, directory, "kernel-instructions.png")
    if any(r["median_ms"] is None for r in rows):
        return  # --no-compile-time: no second table to draw.

    fig, ax = plt.subplots(figsize=(7, 4))
    med = [r["median_ms"] for r in rows]
    err = [[m - r["min_ms"] for m, r in zip(med, rows)],
           [r["max_ms"] - m for m, r in zip(med, rows)]]
    ax.bar(list(x), med, 0.6, yerr=err, capsize=4, label="median, min to max")
    ax.axhline(5, color="gray", linestyle="--", label="target: 5 ms")
    finish(ax, names, "ms, tensor-level function to PTX",
           "Compile time in-process, median of %d (%s)" % (data["repeat"],
                                                           data["date"]))
    plotting.save(plt, fig, directory, "kernel-compile-time.png")


def finish(ax, names, ylabel, title):
    """The kernels on the x axis, labels, legend and grid of a bar chart."""
    ax.set_xticks(list(range(len(names))))
    ax.set_xticklabels(names, rotation=20, fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build", help="the build directory")
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--chip", default="sm_90")
    ap.add_argument("--keep", help="write the kernels and PTX here")
    ap.add_argument("--show-ptx", action="store_true",
                    help="print each kernel's counted instructions")
    ap.add_argument("--no-compile-time", action="store_true",
                    help="count the instructions only (Table 1)")
    ap.add_argument("--plot-dir", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "plots"),
        help="where the plots and their measurements go")
    ap.add_argument("--replot", metavar="FILE.json",
                    help="draw the plots from saved measurements, and "
                    "measure nothing")
    opts = ap.parse_args()
    if opts.replot:
        with open(opts.replot) as f:
            plot(json.load(f), opts.plot_dir)
        return

    opt = os.path.join(opts.build, "bin", "tolk-opt")
    translate = os.path.join(opts.build, "bin", "tolk-translate")
    bench = os.path.join(opts.build, "bin", "tolk-kernel-compile-bench")
    for tool in (opt, translate) + (() if opts.no_compile_time else (bench,)):
        if not os.access(tool, os.X_OK):
            sys.exit(f"{tool} is missing: build it (scripts/build.sh "
                     f"{os.path.basename(tool)})")
    work = opts.keep or tempfile.mkdtemp(prefix="tolk-kq-")
    os.makedirs(work, exist_ok=True)

    rows, files = [], []
    for i, (name, args, result, body, target, tinygrad) in enumerate(KERNELS):
        path = os.path.join(work, f"{i + 1}-{name}.mlir")
        with open(path, "w") as f:
            f.write(source(name, args, result, body))
        files.append(path)
        launch = json.loads(run([translate, "--launch-json"],
                                input=run([opt, path, "--tolk-kernelize"])))
        (entry,) = launch["launches"]
        per_thread = max(p.get("vector", 1) for p in entry["params"])
        lowered = run([opt, path, f"--tolk-to-nvvm=chip={opts.chip}"])
        ptx = run([translate, "--gpu-binary-to-isa"], input=lowered)
        with open(path[:-5] + ".ptx", "w") as f:
            f.write(ptx)
        insts = instructions(entry_body(ptx, entry["kernel"]))
        if opts.show_ptx:
            print(f"// {name}: {len(insts)} instructions, {per_thread} "
                  f"elements per thread")
            print("\n".join("  " + s for s in insts))
        rows.append((i + 1, name, len(insts), per_thread,
                     len(insts) / per_thread, target, tinygrad))

    times = {}
    if not opts.no_compile_time:
        for line in run([bench, f"--repeat={opts.repeat}",
                         f"--chip={opts.chip}"] + files).splitlines():
            path, median, lo, hi = line.split()
            times[path] = (float(median), float(lo), float(hi))

    print(f"PTX instructions per element ({opts.chip}, 2^20 elements; kernel "
          f"10: 500500)\n")
    print("| # | kernel | instructions | elements/thread | per element "
          "| target (nvcc) | tinygrad PTX |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for num, name, count, per_thread, per_elt, target, tinygrad in rows:
        print(f"| {num} | {name} | {count} | {per_thread} | {per_elt:.2f} "
              f"| {'-' if target is None else target} "
              f"| {'-' if tinygrad is None else tinygrad} |")
    if not opts.no_compile_time:
        print_compile_times(opts, rows, files, times)
    if opts.keep:
        print(f"\nkernels and PTX in {work}")
    save_and_plot(opts, rows, files, times)


def print_compile_times(opts, rows, files, times):
    print(f"\nCompile time, tensor-level function to PTX, in-process "
          f"(median of {opts.repeat}; target <= 5 ms)\n")
    print("| # | kernel | median ms | min ms | max ms |")
    print("| ---: | --- | ---: | ---: | ---: |")
    for (num, name, *_), path in zip(rows, files):
        median, lo, hi = times[path]
        print(f"| {num} | {name} | {median:.2f} | {lo:.2f} | {hi:.2f} |")


def save_and_plot(opts, rows, files, times):
    """Saves the measurements as JSON beside the plots, and draws them."""
    data = {"date": time.strftime("%Y-%m-%d %H:%M"), "chip": opts.chip,
            "repeat": opts.repeat, "rows": []}
    for (num, name, count, per_thread, per_elt, target, tinygrad), path in \
            zip(rows, files):
        median, lo, hi = times.get(path, (None, None, None))
        data["rows"].append({
            "num": num, "name": name, "instructions": count,
            "elements_per_thread": per_thread, "per_element": per_elt,
            "target": target, "tinygrad": tinygrad, "median_ms": median,
            "min_ms": lo, "max_ms": hi})
    os.makedirs(opts.plot_dir, exist_ok=True)
    saved = os.path.join(opts.plot_dir, "kernel-quality.json")
    with open(saved, "w") as f:
        json.dump(data, f, indent=1)
    sys.stderr.write(f"  measurements: {saved}\n")
    plot(data, opts.plot_dir)


if __name__ == "__main__":
    main()
