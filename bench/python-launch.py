#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A launch of an empty kernel from Python (the `tolk` package over the C API)
against plain ctypes calls into the same library (the launch itself,
tolkRtLaunch, and the cheapest call, tolkRtGetApiVersion), in microseconds
per call, measured in the same process. bench/README.md has the table.

    PYTHONPATH=python python3 bench/python-launch.py [--backends host vulkan] [--calls 20000]
"""
import argparse
import ctypes
import statistics
import time

import tolk
from tolk import _capi

EMPTY = "gpu.module @m {\n  gpu.func @empty() kernel {\n    gpu.return\n  }\n}\n"

def per_call_us(fn, calls, repeats=5):
  best = []
  for _ in range(repeats):
    t0 = time.perf_counter()
    for _ in range(calls): fn()
    best.append((time.perf_counter() - t0) / calls * 1e6)
  return statistics.median(best)

def main():
  ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
  ap.add_argument("--backends", nargs="+", default=["host", "vulkan"])
  ap.add_argument("--calls", type=int, default=20000)
  args = ap.parse_args()
  plain = per_call_us(_capi.GetApiVersion, args.calls)
  print("| call | µs per call | vs `tolkRtGetApiVersion` | vs a plain `tolkRtLaunch` |")
  print("| --- | --- | --- | --- |")
  print(f"| plain ctypes call (`tolkRtGetApiVersion`) | {plain:.3f} | 1.00x | |")
  for backend in args.backends:
    if (why := tolk.available(backend)) is not None:
      print(f"| {backend}: unavailable ({why}) | | | |")
      continue
    with tolk.Device(backend) as dev:
      prog = dev.compile(EMPTY)
      one = (ctypes.c_uint32 * 3)(1, 1, 1)
      a = prog.args("empty", ())
      prog.launch_args("empty", a, grid=one, block=one)
      dev.synchronize()
      calls = args.calls if backend == "host" else max(args.calls // 20, 100)
      # The same launch as a plain ctypes call of tolkRtLaunch, its
      # arguments made once: what the package adds is measured against it.
      index = prog._by_name["empty"][0]
      direct = per_call_us(lambda: _capi.Launch(prog.handle, index, one, one, a, len(a)), calls)
      dev.synchronize()
      raw = per_call_us(lambda: prog.launch_args("empty", a, grid=one, block=one), calls)
      dev.synchronize()
      full = per_call_us(lambda: prog.launch("empty", grid=(1, 1, 1), block=(1, 1, 1)), calls)
      dev.synchronize()
      timed = per_call_us(lambda: prog.time("empty", grid=(1, 1, 1), block=(1, 1, 1)), max(calls // 10, 50))
      print(f"| {backend}: plain ctypes call of `tolkRtLaunch` | {direct:.3f} | {direct / plain:.2f}x | 1.00x |")
      print(f"| {backend}: `Program.launch_args` (arguments built once) | {raw:.3f} | {raw / plain:.2f}x | {raw / direct:.2f}x |")
      print(f"| {backend}: `Program.launch` (arguments built per call) | {full:.3f} | {full / plain:.2f}x | {full / direct:.2f}x |")
      print(f"| {backend}: `Program.time` (launch and wait) | {timed:.3f} | {timed / plain:.2f}x | |")

if __name__ == "__main__":
  main()
