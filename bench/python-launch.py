#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A launch of an empty kernel from Python (the `tolk` package over the C API)
against a plain ctypes call into the same library (tolkRtGetApiVersion), in
microseconds per call, measured in the same process. bench/README.md has the
table.

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
  print("| call | µs per call | vs a plain ctypes call |")
  print("| --- | --- | --- |")
  print(f"| plain ctypes call (`tolkRtGetApiVersion`) | {plain:.3f} | 1.00x |")
  for backend in args.backends:
    if (why := tolk.available(backend)) is not None:
      print(f"| {backend}: unavailable ({why}) | | |")
      continue
    with tolk.Device(backend) as dev:
      prog = dev.compile(EMPTY)
      one = (ctypes.c_uint32 * 3)(1, 1, 1)
      a = prog.args("empty", ())
      prog.launch_args("empty", a, grid=one, block=one)
      dev.synchronize()
      calls = args.calls if backend == "host" else max(args.calls // 20, 100)
      raw = per_call_us(lambda: prog.launch_args("empty", a, grid=one, block=one), calls)
      dev.synchronize()
      full = per_call_us(lambda: prog.launch("empty", grid=(1, 1, 1), block=(1, 1, 1)), calls)
      dev.synchronize()
      timed = per_call_us(lambda: prog.time("empty", grid=(1, 1, 1), block=(1, 1, 1)), max(calls // 10, 50))
      print(f"| {backend}: `Program.launch_args` (arguments built once) | {raw:.3f} | {raw / plain:.2f}x |")
      print(f"| {backend}: `Program.launch` (arguments built per call) | {full:.3f} | {full / plain:.2f}x |")
      print(f"| {backend}: `Program.time` (launch and wait) | {timed:.3f} | {timed / plain:.2f}x |")

if __name__ == "__main__":
  main()
