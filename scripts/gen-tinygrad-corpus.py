#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Regenerates test/Tinygrad/: the Tolk modules that tinygrad's kernels render
to (python/tolk/tinygrad/renderer.py), as lit tests that compile them on every
pipeline and run them on the host and on Vulkan with known inputs and outputs.

    TINYGRAD_PATH=~/tinygrad scripts/gen-tinygrad-corpus.py [--tools build/bin]

The corpus: `a + b` for every pair of data types, `b` broadcast over the rows
of `a`; a cast between every pair of data types; a bitcast between every pair
of data types of one size; sums (a reduction over registers, and one over
workgroup memory); kernels of float4-style vector loads and stores. The
host device's renderer (threads that loop) renders them all, and the Vulkan
device's (a grid of workgroups, local memory) the sums and vectors too. Each
kernel runs through tolk-run (the device's tolk-run launcher) on the inputs
tinygrad gave it; the outputs it wrote are the
expected ones, printed by test/tolk-run/Inputs/npy.py, and they are compared
with tinygrad's own CPU device, bit for bit: the script lists every
difference (docs/Tinygrad.md explains each). Needs numpy; tinygrad's CPU
device needs CC=clang-22 on Debian 12.
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def main():
  ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
  ap.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"), help="where tolk-run is")
  ap.add_argument("--out", default=os.path.join(ROOT, "test", "Tinygrad"))
  ap.add_argument("--no-cpu", action="store_true", help="do not compare with tinygrad's CPU device")
  ap.add_argument("--types", default="bool,i8,u8,i16,u16,i32,u32,i64,u64,e4m3,e5m2,e4m3fnuz,e5m2fnuz,f16,bf16,f32,f64",
                  help="the data types of the pairs (tinygrad's short names, comma-separated)")
  args = ap.parse_args()
  tg = os.environ.get("TINYGRAD_PATH")
  if not tg: sys.exit("set TINYGRAD_PATH to a tinygrad checkout")
  sys.path[:0] = [tg, os.path.join(ROOT, "python")]
  os.environ["TOLK_TINYGRAD_LAUNCHER"] = "tolk-run"
  os.environ["TOLK_TOOLS_DIR"] = os.path.abspath(args.tools)
  os.environ.setdefault("CC", "clang-22")
  Corpus(args.out, not args.no_cpu, args.types.split(",")).write()

class Corpus:
  def __init__(self, out, compare_cpu, types):
    import numpy as np
    import tolk.tinygrad  # noqa: F401 (registers the device)
    from tolk.tinygrad import device, tolkrun
    from tinygrad import Tensor, dtypes
    from tinygrad.dtype import float_to_fp8
    self.np, self.Tensor, self.dtypes, self.tolkrun = np, Tensor, dtypes, tolkrun
    self.float_to_fp8 = float_to_fp8
    self.out, self.compare_cpu = out, compare_cpu
    self.recorded = []
    self.mismatches = []
    orig = device.TolkRunProgram.__call__
    corpus = self
    def record(prg, *bufs, global_size=(1, 1, 1), local_size=(1, 1, 1), vals=(), wait=False, **kw):
      ins = [np.array(b, copy=True) for b in bufs]
      r = orig(prg, *bufs, global_size=global_size, local_size=local_size, vals=vals, wait=wait, **kw)
      corpus.recorded.append(dict(src=prg.src, name=prg.name, grid=tuple(int(g) for g in global_size),
                                  block=tuple(int(x) for x in (local_size or (1, 1, 1))), vals=tuple(int(v) for v in vals),
                                  sig=prg.signature, ins=ins, outs=[np.array(b, copy=True) for b in bufs]))
      return r
    device.TolkRunProgram.__call__ = record
    D = dtypes
    self.short = {D.bool: "bool", D.int8: "i8", D.uint8: "u8", D.int16: "i16", D.uint16: "u16", D.int32: "i32",
                  D.uint32: "u32", D.int64: "i64", D.uint64: "u64", D.fp8e4m3: "e4m3", D.fp8e5m2: "e5m2",
                  D.fp8e4m3fnuz: "e4m3fnuz", D.fp8e5m2fnuz: "e5m2fnuz", D.float16: "f16", D.bfloat16: "bf16",
                  D.float32: "f32", D.float64: "f64"}
    by_name = {v: k for k, v in self.short.items()}
    self.types = [by_name[t] for t in types]

  # ** inputs **

  def values(self, dt):
    """Eight values of `dt`, corner cases included, as a numpy array of its storage."""
    np, D = self.np, self.dtypes
    if dt == D.bool: return np.array([0, 1, 1, 0, 1, 0, 0, 1], dtype=np.bool_)
    if D.is_int(dt):
      lo, hi = dt.min, dt.max
      vals = [0, 1, -1, 100, lo, hi, -77, 42] if not D.is_unsigned(dt) else [0, 1, 2, 100, hi, hi - 1, 77, 42]
      return np.array(vals, dtype=np.dtype(dt.fmt))
    fl = [0.0, -0.0, 1.5, -2.25, 300.0, float("inf"), float("nan"), -1e-3]
    if dt in D.fp8s: return np.array([self.float_to_fp8(v, dt) for v in fl], dtype=np.uint8)
    if dt == D.bfloat16:
      f = np.array(fl, dtype=np.float32).view(np.uint32)
      return ((f + 0x7FFF + ((f >> 16) & 1)) >> 16).astype(np.uint16)
    return np.array(fl, dtype=np.dtype(dt.fmt))

  def tensor(self, dt, shape, device):
    np, D, Tensor = self.np, self.dtypes, self.Tensor
    v = self.values(dt)[:int(np.prod(shape))].reshape(shape)
    if dt == D.bfloat16: return Tensor(v, device=device).bitcast(D.bfloat16).contiguous().realize()
    if dt in D.fp8s: return Tensor(v, device=device).bitcast(dt).contiguous().realize()
    return Tensor(v, dtype=dt, device=device).contiguous().realize()

  def tiled(self, dt, n, device, shift=0):
    """`n` values of `dt`: the eight corner cases, rotated by `shift`, repeated."""
    np, D, Tensor = self.np, self.dtypes, self.Tensor
    v = np.resize(np.roll(self.values(dt), shift), n)
    if dt == D.bfloat16 or dt in D.fp8s: return Tensor(v, device=device).bitcast(dt).contiguous().realize()
    return Tensor(v, dtype=dt, device=device).contiguous().realize()

  # ** the corpus **

  def run(self, key, inputs, op, device="TOLK"):
    """Runs op(*inputs(dev)) on `device`, the inputs realized first, and
    records the kernels of op under `key`; compares the result with
    tinygrad's CPU device."""
    def result(dev):
      self.recorded = []
      t = op(*[x.realize() for x in inputs(dev)]).realize()
      return t.bitcast(self.storage(t.dtype)).numpy() if t.dtype in (self.dtypes.bfloat16, *self.dtypes.fp8s) else t.numpy()
    got = result(device)
    kernels = list(self.recorded)
    if self.compare_cpu and (want := result("CPU")).tobytes() != got.tobytes(): self.mismatches.append((key, got, want))
    return [(f"{key}_{i}" if len(kernels) > 1 else key, k) for i, k in enumerate(kernels)]

  def run_both(self, key, inputs, op):
    """run() with the host's renderer (threads that loop) and with Vulkan's
    (a grid of workgroups, local memory), the second under `key`_gpu."""
    return self.run(key, inputs, op) + self.run(f"{key}_gpu", inputs, op, device="TOLK:VULKAN")

  def storage(self, dt):
    return self.dtypes.uint16 if dt == self.dtypes.bfloat16 else self.dtypes.uint8

  def families(self):
    D, short = self.dtypes, self.short
    add = []
    for a in self.types:
      for b in self.types:
        add += self.run(f"add_{short[a]}_{short[b]}", lambda dev, a=a, b=b: (self.tensor(a, (2, 4), dev), self.tensor(b, (4,), dev)),
                        lambda x, y: x + y)
    casts = []
    for a in self.types:
      for b in self.types:
        if a != b: casts += self.run(f"cast_{short[a]}_{short[b]}", lambda dev, a=a: (self.tensor(a, (8,), dev),),
                                     lambda x, b=b: x.cast(b))
    bitcasts = []
    for a in self.types:
      for b in self.types:
        if a != b and a.itemsize == b.itemsize and D.bool not in (a, b):
          bitcasts += self.run(f"bitcast_{short[a]}_{short[b]}", lambda dev, a=a: (self.tensor(a, (8,), dev),),
                               lambda x, b=b: (x + x).bitcast(b))
    Tensor, np = self.Tensor, self.np
    reduce = []
    reduce += self.run_both("sum_f32", lambda dev: (Tensor(np.arange(64, dtype=np.float32).reshape(8, 8), device=dev),),
                       lambda x: x.sum(axis=1))
    reduce += self.run_both("sum_i8", lambda dev: (self.tensor(D.int8, (8,), dev),), lambda x: x.reshape(2, 4).sum(axis=1))
    reduce += self.run_both("max_f16", lambda dev: (self.tensor(D.float16, (8,), dev),), lambda x: x.reshape(2, 4).max(axis=1))
    local = self.run_both("sum_local_f32", lambda dev: (Tensor(np.arange(4096, dtype=np.float32), device=dev),),
                     lambda x: (x * 0.5).sum())
    # lengths that are a multiple of 4, so that tinygrad folds float4 loads and stores
    vec = []
    for dt in (D.float32, D.float16, D.int32, D.uint32, D.fp8e4m3):
      vec += self.run_both(f"vec_add_{short[dt]}", lambda dev, dt=dt: (self.tiled(dt, 64, dev), self.tiled(dt, 64, dev, 3)),
                      lambda x, y: x + y)
    vec += self.run_both("vec_cast_f32_f16_i32", lambda dev: (Tensor(np.linspace(-300, 300, 64, dtype=np.float32), device=dev),),
                    lambda x: x.cast(D.float16).cast(D.int32))
    vec += self.run_both("vec_where_f32", lambda dev: (self.tiled(D.float32, 64, dev), self.tiled(D.float32, 64, dev, 5)),
                    lambda x, y: (x < y).where(x, y))
    vec += self.run_both("vec_pad_f16", lambda dev: (self.tiled(D.float16, 64, dev),),
                    lambda x: x.reshape(8, 8).pad(((0, 0), (1, 3))).contiguous())
    vec += self.run_both("vec_sum_rows_f32", lambda dev: (Tensor(np.arange(64, dtype=np.float32), device=dev),),
                    lambda x: x.reshape(16, 4).sum(axis=1))
    vec += self.run_both("vec_sum_pairs_f16", lambda dev: (self.tiled(D.float16, 10, dev),), lambda x: x.reshape(5, 2).sum(axis=1))
    vec += self.run_both("vec_matmul_f32", lambda dev: (Tensor((np.arange(64) % 7).astype(np.float32), device=dev),
                                                   Tensor((np.arange(128) % 5).astype(np.float32), device=dev)),
                    lambda x, y: x.reshape(8, 8) @ y.reshape(8, 16))
    return [("elementwise", "a + b for every pair of data types, b broadcast over the rows of a", add),
            ("casts", "a cast between every pair of data types", casts),
            ("bitcasts", "a bitcast between every pair of data types of one size", bitcasts),
            ("reductions", "sums and a max: accumulators in registers, and one in workgroup memory", reduce + local),
            ("vectors", "float4-style loads and stores: adds, a cast chain, a where, a padded copy, sums and a matmul", vec)]

  # ** writing **

  def write(self):
    os.makedirs(self.out, exist_ok=True)
    fams = self.families()
    with tempfile.TemporaryDirectory() as tmp:
      for name, what, kernels in fams:
        self.write_family(tmp, name, what, kernels)
    for key, got, want in self.mismatches:
      print(f"differs from tinygrad's CPU device: {key}: tolk {got.tolist()} cpu {want.tolist()}")
    print(f"{sum(len(k) for _, _, k in fams)} kernels, {len(self.mismatches)} results differ from the CPU device")

  def npy_lines(self, tmp, arr):
    """What npy.py prints for `arr`."""
    path = os.path.join(tmp, "x.npy")
    self.np.save(path, arr)
    out = subprocess.run([sys.executable, os.path.join(ROOT, "test", "tolk-run", "Inputs", "npy.py"), "print", path],
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()

  def write_family(self, tmp, family, what, kernels):
    np = self.np
    header = ["// Generated by scripts/gen-tinygrad-corpus.py; do not edit.",
              f"// tinygrad kernels rendered to Tolk ({what}),",
              "// compiled on every pipeline and run on the host with the inputs tinygrad",
              "// gave them; the outputs are those of the run, checked bit for bit.",
              "// RUN: tolk-opt %s --tolk-to-llvm -o /dev/null",
              "// RUN: tolk-opt %s --tolk-to-spirv -o /dev/null",
              "// RUN: tolk-opt %s --tolk-to-nvvm -o /dev/null",
              "// RUN: tolk-opt %s --tolk-to-rocdl -o /dev/null",
              "// RUN: rm -rf %t && mkdir -p %t"]
    inputs: dict[str, str] = {}
    writes, runs, checks, modules = [], {"host": [], "vulkan": []}, [], []
    for key, k in kernels:
      prefix = key.upper()
      src = k["src"].replace("gpu.module @tinygrad", f"gpu.module @{key}")
      modules.append(src.rstrip())
      roles = self.tolkrun.param_roles(src)
      files, outs = [], []
      for (_, _, role), sig, a_in, a_out in zip(roles, k["sig"], k["ins"], k["outs"]):
        view = a_in.view(self.np_type(sig[2]))
        if role in ("in", "inout"):
          descr = view.dtype.str if view.dtype != np.bool_ else "|b1"
          vals = [("0x%x" % int(x)) if view.dtype.kind in "fc" else str(int(x))
                  for x in (view.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[view.itemsize]) if view.dtype.kind == "f" else view)]
          h = hashlib.sha1(f"{descr}{vals}".encode()).hexdigest()[:8]
          if h not in inputs:
            inputs[h] = f"%t/in_{h}.npy"
            writes.append(f"// RUN: %python %S/../tolk-run/Inputs/npy.py write {inputs[h]} '{descr}' {view.size} {' '.join(vals)}")
          files.append(inputs[h])
        if role in ("out", "inout"):
          ov = a_out.view(self.np_type(sig[2]))
          outs.append((f"%t/{key}.npy:{ov.size}", ov))
      assert len(outs) == 1, f"{key}: {len(outs)} outputs"
      launch = f"--grid {','.join(map(str, k['grid']))}"
      if "known_block_size" not in src: launch += f" --block {','.join(map(str, k['block']))}"
      launch += "".join(f" --arg={v}" for v in k["vals"])
      for be in runs:
        env = "env XDG_RUNTIME_DIR=%t " if be == "vulkan" else ""
        target = "%s" if be == "host" else f"%S/{family}.mlir"
        runs[be].append(f"// RUN: {env}tolk-run --quiet {target} --kernel {key}::{k['name']} --backend {be} {launch} "
                        f"{' '.join(files)} -o {outs[0][0]}")
        runs[be].append(f"// RUN: %python %S/../tolk-run/Inputs/npy.py print %t/{key}.npy | FileCheck {target} "
                        f"--check-prefix={prefix}")
      lines = self.npy_lines(tmp, outs[0][1])
      checks.append(f"// {prefix}: {lines[0]}")
      checks += [f"// {prefix}-NEXT: {line}" for line in lines[1:]]
    with open(os.path.join(self.out, f"{family}.mlir"), "w") as f:
      f.write("\n".join(header + writes + runs["host"] + [""] + checks + [""] + modules) + "\n")
    with open(os.path.join(self.out, f"{family}-vulkan.test"), "w") as f:
      f.write("\n".join(["# Generated by scripts/gen-tinygrad-corpus.py; do not edit.",
                         f"# The kernels of {family}.mlir on Vulkan (lavapipe where there is no GPU),",
                         "# with the host's inputs and outputs.",
                         "REQUIRES: vulkan", "RUN: rm -rf %t && mkdir -p %t"] +
                        [w[3:] for w in writes] + [r[3:] for r in runs["vulkan"]]) + "\n")

  def np_type(self, dt):
    D, np = self.dtypes, self.np
    if dt == D.bfloat16: return np.uint16
    if dt in D.fp8s: return np.uint8
    if dt == D.bool: return np.bool_
    return np.dtype(dt.fmt)

if __name__ == "__main__":
  main()
