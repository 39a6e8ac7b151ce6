#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How fast the generated kernels run: bandwidth on the host (one thread and
all) and on Vulkan, as ratios to two baselines measured in the same run.

The kernels are kernel-quality.py's first five and two compute-bound ones,
each a tensor-level function over 2^24 elements (--elements):

  add_f32       f32 a + b
  add_si8_f16   si8 a + f16 b (an f16 result)
  cast_fp8      f32 cast to f8E4M3FN
  where_max     where(a < b, max(a, b), a * 2.0) in f32
  cast_bf16     f32 cast to bf16
  pow_f32       f32 pow(a, b)                     (compute-bound)
  fp8_trip      f32 to f8E4M3FN and back to f32   (compute-bound)

Each runs through `tolk-run --repeat R --warmup 1 --json` with
--no-bounds-check (the loops a benchmark wants), on `--backend host
--threads 1`, `--backend host` (one thread per core) and `--backend
vulkan` (where there is a Vulkan device; lavapipe on a machine without a
GPU). The figure is tolk-run's: the bytes of the input and output files
over the fastest timed run, in GB/s (1e9 bytes).

The baselines are one C program, compiled by this script with `gcc -O3
-march=native` and run on the same input files, timed the same way
(steady clock, fastest of R after one warm-up):
  memcpy   memcpy of half the kernel's bytes (so that as many bytes are read
           and written as the kernel's files hold): the memory limit;
  gcc      a loop of the same computation written as a user would in C (the
           8-bit float and bf16 conversions by hand, pow as powf), on one
           thread. Its results are compared with tolk-run's, bit for bit;
           the table says how many elements differ (powf is not correctly
           rounded, so pow may differ by an ulp).

Ratios: host1/memcpy, hostN/memcpy, host1/gcc, hostN/host1 (the threads'
speed-up) and vulkan/memcpy. The table and, with python3-matplotlib, a plot
(execution.png in --plot-dir, from execution.json saved there; --replot
draws it again without measuring).

Usage: bench/execution.py [--build build] [--repeat 5] [--elements N]
                          [--kernels a,b] [--no-vulkan] [--plot-dir DIR]
                          [--replot FILE.json]
"""

import argparse
import array
import datetime
import importlib
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plotting  # noqa: E402

# kernel-quality.py's kernels, whose MLIR bodies ({n}: the size) these
# share.
QUALITY = {k[0]: k for k in importlib.import_module("kernel-quality").KERNELS}


def quality(name):
    """The argument types, result types and body of kernel-quality.py's
    kernel `name`."""
    _, args, result, body, _, _ = QUALITY[name]
    return name, args, [result], body


# name, argument types, result types, MLIR body, input patterns (Python
# expressions of the element index i), the C loop body (a0, a1: the
# inputs; r0: the result), compute-bound.
KERNELS = [
    quality("add_f32") + (
        ["((i * 37) & 1023) * 0.125 - 60", "((i * 11) & 127) * 0.03125"],
        "r0[i] = a0[i] + a1[i];", False),
    quality("add_si8_f16") + (
        ["((i * 7) & 255) - 128", "((i * 7) & 63) * 0.375 - 5"],
        "r0[i] = (_Float16)a0[i] + a1[i];", False),
    quality("cast_fp8") + (
        ["((i * 37) & 4095) * 0.125 - 256"],
        "r0[i] = f32_to_e4m3(a0[i]);", False),
    quality("where_max") + (
        ["((i * 37) & 1023) * 0.125 - 60", "((i * 11) & 127) * 0.5 - 30"],
        "r0[i] = a0[i] < a1[i] ? fmaxf(a0[i], a1[i]) : a0[i] * 2.0f;", False),
    quality("cast_bf16") + (
        ["((i * 37) & 1023) * 0.1 - 50"],
        "r0[i] = f32_to_bf16(a0[i]);", False),
    ("pow_f32", ["f32", "f32"], ["f32"],
     "%r = tolk.pow %a0, %a1 : tensor<{n}xf32>",
     ["((i * 37) & 1023) * 0.0625 + 0.5", "((i * 11) & 127) * 0.03125"],
     "r0[i] = powf(a0[i], a1[i]);", True),
    ("fp8_trip", ["f32"], ["f32"],
     "%q = tolk.cast %a0 : tensor<{n}xf32> to tensor<{n}xf8E4M3FN>\n"
     "  %r = tolk.cast %q : tensor<{n}xf8E4M3FN> to tensor<{n}xf32>",
     ["((i * 37) & 4095) * 0.125 - 256"],
     "r0[i] = e4m3_to_f32(f32_to_e4m3(a0[i]));", True),
]

# Tolk type: numpy descr, struct format of one element (None: raw bits
# made from an f32 pattern elsewhere), C type.
TYPES = {
    "f32": ("<f4", "f", "float"),
    "f16": ("<f2", "e", "_Float16"),
    "si8": ("|i1", "b", "int8_t"),
    "f8E4M3FN": ("|u1", "B", "uint8_t"),
    "bf16": ("<u2", "H", "uint16_t"),
}

# The C program: the conversions a user writes by hand, the kernel's loop,
# memcpy, and the timing. The conversions follow docs/Semantics.md: round
# to nearest even, an fp8 overflow saturates to 448, an infinity becomes
# NaN; a bf16 NaN stays a (quiet) NaN.
C_SOURCE = r"""
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline uint8_t f32_to_e4m3(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  uint8_t sign = (u >> 24) & 0x80;
  uint32_t a = u & 0x7fffffff;
  if (a >= 0x7f800000) return sign | 0x7f;          /* inf, NaN: NaN */
  if (a >= 0x43e00000) return sign | 0x7e;          /* >= 448: 448 */
  if (a >= 0x3c800000) {                            /* normal: 2^-6 on */
    uint32_t r = (a + 0x7ffff + ((a >> 20) & 1)) >> 20;
    return sign | (uint8_t)(r - (120 << 3));
  }
  return sign | (uint8_t)nearbyintf(fabsf(f) * 512.0f); /* subnormal */
}

static inline float e4m3_to_f32(uint8_t v) {
  uint32_t s = (uint32_t)(v & 0x80) << 24, e = (v >> 3) & 15, m = v & 7, u;
  if (e == 15 && m == 7) {
    u = s | 0x7fc00000;
  } else if (e == 0) {
    float f = (float)m * 0x1p-9f;
    memcpy(&u, &f, 4);
    u |= s;
  } else {
    u = s | ((e + 120) << 23) | (m << 20);
  }
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static inline uint16_t f32_to_bf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if ((u & 0x7fffffff) > 0x7f800000) return (uint16_t)((u >> 16) | 0x40);
  return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *read_data(const char *path, long offset, size_t bytes) {
  FILE *f = fopen(path, "rb");
  void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!f || !p || fseek(f, offset, SEEK_SET) || fread(p, 1, bytes, f) != bytes) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(1);
  }
  fclose(f);
  return p;
}

__attribute__((noinline)) static void kernel(long n, ARGS) {
  for (long i = 0; i < n; ++i) {
    BODY
  }
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* argv: n repeat, then per input: path offset, then the output path. */
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  int repeat = atoi(argv[2]);
  INPUTS
  R0TYPE *r0 = aligned_alloc(64, (n * sizeof(R0TYPE) + 63) / 64 * 64);
  memset(r0, 0, n * sizeof(R0TYPE));
  size_t half = (BYTES) / 2;
  char *src = aligned_alloc(64, half + 64), *dst = aligned_alloc(64, half + 64);
  memset(src, 1, half);
  memset(dst, 0, half);
  double *kt = malloc(sizeof(double) * repeat), *ct = malloc(sizeof(double) * repeat);
  for (int r = -1; r < repeat; ++r) {
    double t0 = now_ms();
    kernel(n, CALL);
    double t1 = now_ms();
    memcpy(dst, src, half);
    double t2 = now_ms();
    __asm__ volatile("" : : "r"(dst), "r"(r0) : "memory");
    if (r >= 0) {
      kt[r] = t1 - t0;
      ct[r] = t2 - t1;
    }
  }
  qsort(kt, repeat, sizeof(double), cmp);
  qsort(ct, repeat, sizeof(double), cmp);
  FILE *out = fopen(argv[argc - 1], "wb");
  fwrite(r0, sizeof(R0TYPE), n, out);
  fclose(out);
  printf("%.6f %.6f\n", kt[0], ct[0]);
  return 0;
}
"""


def run(cmd, **kwargs):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr}")
    return proc.stdout


def write_npy(path, descr, fmt, n, expr):
    """A 1-D .npy of n elements, a pattern of 65536 repeated. Returns the
    offset of the data."""
    pattern = [eval(expr, {}, {"i": i}) for i in range(65536)]
    if fmt in "bB":
        pattern = [int(v) for v in pattern]
    block = struct.pack("<%d%s" % (len(pattern), fmt), *pattern)
    data = block * (n // 65536) + block[:(n % 65536) * struct.calcsize(fmt)]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, n)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(data)
    return 10 + len(header)


def npy_data(path):
    with open(path, "rb") as f:
        raw = f.read()
    (hlen,) = struct.unpack("<H", raw[8:10])
    return raw[10 + hlen:]


def differing(a, b, size):
    """How many elements of `size` bytes differ between two byte strings."""
    if a == b:
        return 0
    return sum(1 for k in range(0, len(a), size) if a[k:k + size] !=
               b[k:k + size])


def module(name, args, results, body, n):
    params = ", ".join(f"%a{i}: tensor<{n}x{t}>" for i, t in enumerate(args))
    types = ", ".join(f"tensor<{n}x{t}>" for t in results)
    return (f"func.func @{name}({params}) -> ({types}) {{\n"
            f"  {body.format(n=n)}\n"
            f"  return %r : {types}\n}}\n")


def tolk_run(tolk, path, name, backend, threads, repeat, inputs, output,
             env=None):
    cmd = [tolk, path, "--kernel", name, "--backend", backend, "--json",
           "--repeat", str(repeat), "--warmup", "1"]
    if backend == "host":
        cmd += ["--no-bounds-check"]
        if threads:
            cmd += ["--threads", str(threads)]
    cmd += inputs + ["-o", output]
    return json.loads(run(cmd, env=env))


def c_loop(tmp, k, n, repeat, inputs, offsets, output):
    name, args, results, _, _, body, _ = k
    ctypes = [TYPES[t][2] for t in args]
    rtype = TYPES[results[0]][2]
    src = C_SOURCE
    src = src.replace("ARGS", ", ".join(
        f"const {c} *restrict a{i}" for i, c in enumerate(ctypes)) +
        f", {rtype} *restrict r0")
    src = src.replace("BODY", body)
    src = src.replace("CALL", ", ".join(
        [f"a{i}" for i in range(len(args))] + ["r0"]))
    src = src.replace("R0TYPE", rtype)
    src = src.replace("INPUTS", "\n  ".join(
        f"const {c} *a{i} = read_data(argv[{3 + 2 * i}], "
        f"atol(argv[{4 + 2 * i}]), n * sizeof({c}));"
        for i, c in enumerate(ctypes)))
    nbytes = sum(struct.calcsize(TYPES[t][1]) for t in args + results) * n
    src = src.replace("BYTES", str(nbytes))
    c_path = os.path.join(tmp, name + ".c")
    exe = os.path.join(tmp, name + ".gcc")
    with open(c_path, "w") as f:
        f.write(src)
    run(["gcc", "-O3", "-march=native", "-std=gnu11", "-o", exe, c_path,
         "-lm"])
    argv = [exe, str(n), str(repeat)]
    for path, off in zip(inputs, offsets):
        argv += [path, str(off)]
    kernel_ms, copy_ms = map(float, run(argv + [output]).split())
    return nbytes, kernel_ms, copy_ms


def measure(args, tmp):
    n = args.elements
    wanted = args.kernels.split(",") if args.kernels else None
    have_vulkan = not args.no_vulkan and subprocess.run(
        ["vulkaninfo", "--summary"], capture_output=True).returncode == 0
    tolk = os.path.join(args.build, "bin", "tolk-run")
    env = dict(os.environ, XDG_RUNTIME_DIR=tmp)
    rows = []
    for k in KERNELS:
        name, targs, results, body, patterns, _, compute = k
        if wanted and name not in wanted:
            continue
        path = os.path.join(tmp, name + ".mlir")
        with open(path, "w") as f:
            f.write(module(name, targs, results, body, n))
        inputs, offsets = [], []
        for i, (t, expr) in enumerate(zip(targs, patterns)):
            inputs.append(os.path.join(tmp, f"{name}.in{i}.npy"))
            offsets.append(write_npy(inputs[-1], TYPES[t][0], TYPES[t][1],
                                     n, expr))
        gcc_out = os.path.join(tmp, name + ".gcc.out")
        nbytes, gcc_ms, copy_ms = c_loop(tmp, k, n, args.repeat, inputs,
                                         offsets, gcc_out)
        row = {"name": name, "compute_bound": compute, "bytes": nbytes,
               "memcpy_gbps": nbytes / (copy_ms * 1e6),
               "gcc_gbps": nbytes / (gcc_ms * 1e6)}
        configs = [("host1", "host", 1), ("hostN", "host", None)]
        if have_vulkan:
            configs.append(("vulkan", "vulkan", None))
        for key, backend, threads in configs:
            out = os.path.join(tmp, f"{name}.{key}.npy")
            d = tolk_run(tolk, path, name, backend, threads, args.repeat,
                         inputs, out, env)
            row[key + "_gbps"] = d["bandwidth_gbps"]
            row[key + "_ms"] = d["kernel_time"]["min_ms"]
            if key == "hostN":
                row["threads"] = d["threads"]
            if key == "host1":
                size = struct.calcsize(TYPES[results[0]][1])
                with open(gcc_out, "rb") as f:
                    row["gcc_differs"] = differing(npy_data(out), f.read(),
                                                   size)
            os.remove(out)
        for p in inputs:
            os.remove(p)
        os.remove(gcc_out)
        rows.append(row)
        sys.stderr.write(f"  {name} done\n")
    return {"date": datetime.date.today().isoformat(), "elements": n,
            "repeat": args.repeat, "cpu": run(["uname", "-m"]).strip(),
            "cores": os.cpu_count(), "rows": rows}


def ratio(x, y):
    return x / y if x is not None and y else None


def table(data):
    cols = ["kernel", "MB", "memcpy", "gcc", "host1", "hostN", "vulkan",
            "h1/memcpy", "hN/memcpy", "h1/gcc", "hN/gcc", "hN/h1",
            "vk/memcpy", "gcc differs"]
    print("Execution, %d elements, fastest of %d after a warm-up, GB/s "
          "(%s, %d cores, %s)" % (data["elements"], data["repeat"],
                                  data["cpu"], data["cores"], data["date"]))
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))

    def f(v, digits=2):
        return "-" if v is None else "%.*f" % (digits, v)

    for r in data["rows"]:
        vk = r.get("vulkan_gbps")
        print("| " + " | ".join([
            r["name"] + (" (compute)" if r["compute_bound"] else ""),
            "%.0f" % (r["bytes"] / 1e6), f(r["memcpy_gbps"], 1),
            f(r["gcc_gbps"], 1), f(r["host1_gbps"], 1),
            f(r["hostN_gbps"], 1) + " (%d)" % r["threads"], f(vk, 1),
            f(ratio(r["host1_gbps"], r["memcpy_gbps"])),
            f(ratio(r["hostN_gbps"], r["memcpy_gbps"])),
            f(ratio(r["host1_gbps"], r["gcc_gbps"])),
            f(ratio(r["hostN_gbps"], r["gcc_gbps"])),
            f(ratio(r["hostN_gbps"], r["host1_gbps"])),
            f(ratio(vk, r["memcpy_gbps"])), str(r["gcc_differs"])]) + " |")


def plot(data, directory):
    plt = plotting.pyplot()
    if plt is None:
        return
    rows = data["rows"]
    fig, ax = plt.subplots(figsize=(8, 4))
    series = [("host1_gbps", "host, 1 thread"),
              ("hostN_gbps", "host, all threads"),
              ("gcc_gbps", "gcc -O3 loop"), ("vulkan_gbps", "Vulkan")]
    width = 0.2
    for s, (key, label) in enumerate(series):
        ax.bar([i + (s - 1.5) * width for i in range(len(rows))],
               [ratio(r.get(key), r["memcpy_gbps"]) or float("nan")
                for r in rows], width, label=label)
    ax.axhline(1.0, color="gray", linestyle="--", label="memcpy")
    ax.axhline(0.9, color="gray", linestyle=":", label="target: 0.9x memcpy")
    ax.set_xticks(list(range(len(rows))))
    ax.set_xticklabels([r["name"] for r in rows], rotation=20, fontsize=8)
    ax.set_ylabel("bandwidth / memcpy's")
    ax.set_title("Kernel bandwidth, %d elements (%s)" % (data["elements"],
                                                         data["date"]),
                 fontsize=9)
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    plotting.save(plt, fig, directory, "execution.png")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build", help="the build directory")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--elements", type=int, default=1 << 24)
    ap.add_argument("--kernels", help="comma-separated names (default: all)")
    ap.add_argument("--no-vulkan", action="store_true")
    ap.add_argument("--plot-dir", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "plots"),
        help="where the plot and its measurements go")
    ap.add_argument("--replot", metavar="FILE.json",
                    help="draw the plot from saved measurements")
    args = ap.parse_args()
    if args.replot:
        with open(args.replot) as f:
            data = json.load(f)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            data = measure(args, tmp)
        os.makedirs(args.plot_dir, exist_ok=True)
        with open(os.path.join(args.plot_dir, "execution.json"), "w") as f:
            json.dump(data, f, indent=1)
    table(data)
    plot(data, args.plot_dir)


if __name__ == "__main__":
    main()
