#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The runtime's costs through its C API (tolk-runtime-bench), each against
a baseline measured in the same run:

  launch     an empty kernel launched and waited for through the C API, in
             us per launch, on the host and on Vulkan; against tolk-run's
             whole process for the same kernel (what running it cost before
             the runtime kept a device and a program). On Vulkan also
             against a bare vkQueueSubmit and fence wait of an empty
             dispatch on the same device, in the same process, and N
             launches queued before one synchronize.
  compile    a module's first compile through the C API and a second
             compile of the same text (the compile cache), in ms.
  bandwidth  execution.py's kernels over --elements elements on the host
             (all threads, no bounds check) through the C API, in GB/s;
             against `tolk-run --repeat` of the same kernel and files.

Usage: bench/runtime.py [--build build] [--elements N] [--launches N]
                        [--kernels a,b] [--no-vulkan]
"""

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
execution = importlib.import_module("execution")

EMPTY = """gpu.module @bench {
  gpu.func @empty() kernel attributes {
      known_block_size = array<i32: 1, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}
"""


def figures(cmd, env=None):
    """The NAME VALUE lines of tolk-runtime-bench as a dict."""
    out = execution.run(cmd, env=env)
    return {k: float(v) for k, v in (line.split() for line in
                                     out.splitlines())}


def process_ms(tolk_run, path, backend, runs, env):
    """The fastest of `runs` runs of tolk-run's whole process, in ms."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        execution.run([tolk_run, path, "--kernel", "empty", "--backend",
                       backend, "--quiet"], env=env)
        best = min(best, (time.perf_counter() - start) * 1e3)
    return best


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default="build")
    p.add_argument("--elements", type=int, default=1 << 22)
    p.add_argument("--launches", type=int, default=20000)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--kernels", default="add_f32,cast_bf16,pow_f32")
    p.add_argument("--no-vulkan", action="store_true")
    a = p.parse_args()
    bench = os.path.join(a.build, "bench", "tolk-runtime-bench")
    tolk_run = os.path.join(a.build, "bin", "tolk-run")
    tmp = tempfile.mkdtemp(prefix="tolk-runtime-bench.")
    env = dict(os.environ, XDG_RUNTIME_DIR=tmp)
    empty = os.path.join(tmp, "empty.mlir")
    with open(empty, "w") as f:
        f.write(EMPTY)

    print("| backend | launch through the C API (us) | tolk-run's process "
          "(ms) | ratio |")
    print("| --- | --- | --- | --- |")
    backends = [("host", a.launches)]
    if not a.no_vulkan:
        backends.append(("vulkan", max(1, a.launches // 10)))
    vulkan = None
    for backend, n in backends:
        if backend == "vulkan":
            vulkan = figures([bench, "vulkan-launch", str(n)], env)
            us = vulkan["launch_us"]
        else:
            us = figures([bench, "launch", backend, str(n)], env)["launch_us"]
        ms = process_ms(tolk_run, empty, backend, 5, env)
        print(f"| {backend} | {us:.2f} | {ms:.1f} | {ms * 1e3 / us:.0f}x |")
    if vulkan:
        print()
        print("| bare vkQueueSubmit + fence wait (us) | launch + synchronize "
              "(us) | ratio | launch, queued (us) | ratio |")
        print("| --- | --- | --- | --- | --- |")
        bare = vulkan["bare_submit_us"]
        print(f"| {bare:.2f} | {vulkan['launch_us']:.2f} | "
              f"{vulkan['launch_us'] / bare:.2f} | "
              f"{vulkan['queued_launch_us']:.2f} | "
              f"{vulkan['queued_launch_us'] / bare:.2f} |")

    c = figures([bench, "compile", "host"], env)
    print()
    print("| first compile (ms) | second compile (ms) | ratio |")
    print("| --- | --- | --- |")
    print(f"| {c['first_compile_ms']:.1f} | {c['second_compile_ms']:.3f} | "
          f"{c['first_compile_ms'] / c['second_compile_ms']:.0f}x |")

    print()
    print("| kernel | runtime (GB/s) | tolk-run (GB/s) | ratio |")
    print("| --- | --- | --- | --- |")
    wanted = a.kernels.split(",")
    for k in execution.KERNELS:
        name, args, results, body = k[:4]
        if name not in wanted:
            continue
        path = os.path.join(tmp, name + ".mlir")
        with open(path, "w") as f:
            f.write(execution.module(name, args, results, body, a.elements))
        rt = figures([bench, "bandwidth", "host", path, name,
                      str(a.repeat)], env)["gbps"]
        inputs = []
        for i, (t, pattern) in enumerate(zip(args, k[4])):
            descr, fmt, _ = execution.TYPES[t]
            npy = os.path.join(tmp, f"{name}.in{i}.npy")
            execution.write_npy(npy, descr, fmt, a.elements, pattern)
            inputs.append(npy)
        out = os.path.join(tmp, f"{name}.out.npy")
        tr = execution.tolk_run(tolk_run, path, name, "host", 0, a.repeat,
                                inputs, out, env=env)["bandwidth_gbps"]
        print(f"| {name} | {rt:.1f} | {tr:.1f} | {rt / tr:.2f} |")


if __name__ == "__main__":
    main()
