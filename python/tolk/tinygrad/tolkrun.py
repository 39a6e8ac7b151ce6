"""A launcher that runs a kernel with the `tolk-run` tool, one process a launch.

It needs no runtime library: the buffers live in host memory and cross as
.npy files. The test corpus (scripts/gen-tinygrad-corpus.py) uses it to
record each kernel's launch; the tinygrad device uses the runtime library.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

import numpy as np

_INDEX = re.compile(r"(%\w+) = tolk\.index (%\w+)\[")
_LOAD = re.compile(r"tolk\.load (%\w+)")
_STORE = re.compile(r"tolk\.store (%\w+),")
_GLOBAL_ARG = re.compile(r"(%arg\d+): !tolk\.ptr<(\w+), global")
_ALU_ARG = re.compile(r"(%arg\d+): !tolk\.ptr<(\w+), alu>")

def param_roles(src: str) -> list[tuple[str, str, str]]:
  """(name, Tolk type, role) of each global parameter in order, role one of
  'in', 'out' and 'inout', as tolk-run binds files to a hand-written kernel
  (docs/Runtime.md, "tolk-run")."""
  root: dict[str, str] = {}
  for d, base in _INDEX.findall(src): root[d] = root.get(base, base)
  loaded = {root.get(p, p) for p in _LOAD.findall(src)}
  stored = {root.get(p, p) for p in _STORE.findall(src)}
  out = []
  for name, t in _GLOBAL_ARG.findall(src):
    role = "inout" if name in loaded and name in stored else "out" if name in stored else "in"
    out.append((name, t, role))
  return out

def tool(name: str) -> str:
  """A Tolk tool: from TOLK_TOOLS_DIR, else from PATH."""
  d = os.environ.get("TOLK_TOOLS_DIR")
  path = os.path.join(d, name) if d else shutil.which(name)
  if not path or not os.path.exists(path): raise RuntimeError(f"{name} not found: set TOLK_TOOLS_DIR or PATH")
  return path

def run(src: str, kernel: str, backend: str, arrays: list[np.ndarray], grid, block, args=(), extra=()) -> list[np.ndarray]:
  """Runs `kernel` of the module text `src` on `arrays` (one per global
  parameter, in order) and returns the arrays after the launch."""
  roles = param_roles(src)
  if len(roles) != len(arrays): raise RuntimeError(f"{kernel}: {len(arrays)} buffers for {len(roles)} parameters")
  with tempfile.TemporaryDirectory(prefix="tolk-run-") as d:
    path = os.path.join(d, "k.mlir")
    with open(path, "w") as f: f.write(src)
    cmd = [tool("tolk-run"), path, "--kernel", kernel, "--backend", backend, "--quiet",
           "--grid", ",".join(str(int(x)) for x in grid)]
    if "known_block_size" not in src: cmd += ["--block", ",".join(str(int(x)) for x in block)]
    cmd += [f"--arg={v}" for v in args] + list(extra)
    outs = []
    for i, ((_, _, role), a) in enumerate(zip(roles, arrays)):
      if role in ("in", "inout"):
        np.save(p := os.path.join(d, f"in{i}.npy"), a)
        cmd.append(p)
    for i, ((_, _, role), a) in enumerate(zip(roles, arrays)):
      if role in ("out", "inout"):
        outs.append((i, p := os.path.join(d, f"out{i}.npy")))
        cmd += ["-o", f"{p}:{a.size}"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0: raise RuntimeError(f"tolk-run failed on {kernel}:\n{proc.stderr}")
    result = list(arrays)
    for i, p in outs: result[i] = np.load(p).reshape(arrays[i].shape)
    return result
