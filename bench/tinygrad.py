#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The same tinygrad programs on tinygrad's CPU device and on the Tolk device
(the host, and Vulkan): time per realize after a warm-up, and the first run's
time, compilation included (after the same program on small inputs, which
pays tinygrad's own first-use costs on every device alike). Each device runs in a process of its own (a
tinygrad process has one device of a name); the ratios against the CPU device
come from the same run of this script. bench/README.md has the table.

    TINYGRAD_PATH=~/tinygrad bench/tinygrad.py [--devices CPU TOLK TOLK+check TOLK:VULKAN] [--runs 10]

A device named with `+check` is that device with TOLK_BOUNDS_CHECK=1: host
kernels with the runtime's bounds check, which the device leaves off by
default, as tinygrad's own devices run.

Needs tinygrad's CPU device's compiler (CC=clang-22 on Debian 12) and the
runtime library (build/lib/libTolkRuntimeC.so, or TOLK_RUNTIME_LIBRARY).
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name: (what it computes, inputs, the program)
PROGRAMS = {
  "add_f32": "x + y, f32, 2^24 elements",
  "cast_chain": "((x.half() * 3).int() + 7).cast(uint8).float() * y, 2^24 elements",
  "sum_f32": "x.sum(), f32, 2^24 elements",
}

CHILD = r"""
import json, os, statistics, sys, time
import numpy as np
import tolk.tinygrad
from tinygrad import Tensor, dtypes, Device
N = 1 << 24
name, runs = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(0)
x = Tensor(rng.standard_normal(N, dtype=np.float32)).realize()
y = Tensor(rng.standard_normal(N, dtype=np.float32)).realize()
prog = {
  "add_f32": lambda x, y: x + y,
  "cast_chain": lambda x, y: ((x.half() * 3).int() + 7).cast(dtypes.uint8).float() * y,
  "sum_f32": lambda x, y: x.sum(),
}[name]
# tinygrad compiles its pattern matchers on their first use: a cost of the
# process, not of a program, which the CPU device pays in part while it
# copies the inputs in and the Tolk device in its first program. The same
# program on 4096 elements (other kernels, the same ops) pays it here on
# every device alike, so the first run below is the program's own
# scheduling, code generation, compilation and run.
prog(Tensor(rng.standard_normal(4096, dtype=np.float32)), Tensor(rng.standard_normal(4096, dtype=np.float32))).realize()
Device[Device.DEFAULT].synchronize()
t0 = time.perf_counter(); out = prog(x, y).realize(); Device[Device.DEFAULT].synchronize(); first = time.perf_counter() - t0
times = []
for _ in range(runs):
  t0 = time.perf_counter(); prog(x, y).realize(); Device[Device.DEFAULT].synchronize(); times.append(time.perf_counter() - t0)
print(json.dumps({"first_s": first, "median_s": statistics.median(times), "min_s": min(times),
                  "check": float(out.float().sum().item())}))
"""

def measure(device, name, runs):
  device, _, variant = device.partition("+")
  env = dict(os.environ, DEV=device, PYTHONPATH=os.pathsep.join(
    [os.environ["TINYGRAD_PATH"], os.path.join(ROOT, "python"), os.environ.get("PYTHONPATH", "")]))
  env.setdefault("CC", "clang-22")
  env.setdefault("TOLK_RUNTIME_LIBRARY", os.path.join(ROOT, "build", "lib", "libTolkRuntimeC.so"))
  env.setdefault("XDG_RUNTIME_DIR", "/tmp")
  # a fresh compile on every device: tinygrad's disk cache would hide the CPU device's clang
  env["CCACHE"] = "0"
  env["TOLK_BOUNDS_CHECK"] = "1" if variant == "check" else "0"
  p = subprocess.run([sys.executable, "-c", CHILD, name, str(runs)], capture_output=True, text=True, env=env)
  if p.returncode != 0: return {"error": p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "failed"}
  return json.loads(p.stdout.strip().splitlines()[-1])

def main():
  ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
  ap.add_argument("--devices", nargs="+", default=["CPU", "TOLK", "TOLK+check", "TOLK:VULKAN"])
  ap.add_argument("--runs", type=int, default=10)
  ap.add_argument("--json", help="write the measurements here")
  args = ap.parse_args()
  if "TINYGRAD_PATH" not in os.environ: sys.exit("set TINYGRAD_PATH to a tinygrad checkout")
  res = {p: {d: measure(d, p, args.runs) for d in args.devices} for p in PROGRAMS}
  base = args.devices[0]
  print(f"| program | device | per realize (median) | vs {base} | first run (compile incl.) | vs {base} |")
  print("| --- | --- | --- | --- | --- | --- |")
  for p in PROGRAMS:
    b = res[p][base]
    for d in args.devices:
      r = res[p][d]
      if "error" in r:
        print(f"| {p} | {d} | error: {r['error']} | | | |")
        continue
      ratio = lambda k: f"{r[k] / b[k]:.2f}x" if "error" not in b else ""
      print(f"| {p} | {d} | {r['median_s'] * 1e3:.2f} ms | {ratio('median_s')} | {r['first_s'] * 1e3:.0f} ms | {ratio('first_s')} |")
  if args.json:
    with open(args.json, "w") as f: json.dump(res, f, indent=1)

if __name__ == "__main__":
  main()
