"""tinygrad's linearized kernel UOps as a `gpu.module` of Tolk ops.

The mapping, op by op, and what is left to tinygrad's own decompositions
are in docs/Tinygrad.md. The renderer writes MLIR text: one `gpu.func ...
kernel` whose parameters are the kernel's buffers (in slot order) and then
its by-value variables (`alu` pointers, in slot order), the order in which
tinygrad passes them to a program.
"""
from __future__ import annotations

import math
import struct

from tinygrad.dtype import AddrSpace, DType, dtypes, truncate
from tinygrad.renderer import Renderer
from tinygrad.uop.ops import GroupOp, Ops, UOp

# tinygrad's data types as Tolk's (docs/Semantics.md, "Data types").
TOLK_TYPES: dict[DType, str] = {
  dtypes.bool: "i1",
  dtypes.int8: "si8", dtypes.int16: "si16", dtypes.int32: "si32", dtypes.int64: "si64",
  dtypes.uint8: "ui8", dtypes.uint16: "ui16", dtypes.uint32: "ui32", dtypes.uint64: "ui64",
  dtypes.fp8e4m3: "f8E4M3FN", dtypes.fp8e5m2: "f8E5M2",
  dtypes.fp8e4m3fnuz: "f8E4M3FNUZ", dtypes.fp8e5m2fnuz: "f8E5M2FNUZ",
  dtypes.float16: "f16", dtypes.bfloat16: "bf16", dtypes.float32: "f32", dtypes.float64: "f64",
}

# Each ALU op that has a Tolk op with the same meaning. tinygrad rewrites every
# other op (SIN, MULACC, THREEFRY, FDIV, POW, ...) into these before rendering,
# because a renderer's `code_for_op` is what tinygrad takes as its native ops.
ALU_OPS: dict[Ops, str] = {
  Ops.EXP2: "exp2", Ops.LOG2: "log2", Ops.SQRT: "sqrt", Ops.RECIPROCAL: "reciprocal",
  Ops.NEG: "neg", Ops.TRUNC: "trunc",
  Ops.ADD: "add", Ops.SUB: "sub", Ops.MUL: "mul", Ops.SHL: "shl", Ops.SHR: "shr",
  Ops.CDIV: "truncdiv", Ops.CMOD: "fmod", Ops.MAX: "max",
  Ops.CMPLT: "cmplt", Ops.CMPNE: "ne", Ops.CMPEQ: "cmpeq",
  Ops.XOR: "xor", Ops.OR: "or", Ops.AND: "and", Ops.WHERE: "where",
}

SPECIALS = {"g": "group_id", "l": "local_id", "i": "global_id"}

class RenderError(RuntimeError):
  """A UOp the renderer has no Tolk op for."""

def tolk_type(dt: DType) -> str:
  dt = dt.scalar() if hasattr(dt, "scalar") else dt
  if dt not in TOLK_TYPES: raise RenderError(f"no Tolk data type for {dt}")
  return TOLK_TYPES[dt]

POINTER_SPACES = (AddrSpace.GLOBAL, AddrSpace.LOCAL, AddrSpace.REG)

# SPIR-V without the Vector16 capability (Vulkan) has vectors of 2 to 4 lanes;
# tinygrad folds more only for half with ALLOW_HALF8.
VULKAN_MAX_LANES = 4

def lanes(u: UOp) -> int:
  """How many lanes the value `u` has: 1 for a scalar, N for tinygrad's
  vector of shape (N,) (a float4 is a LOAD through a SHRINK of 4 elements)."""
  shape = u._shape
  if not shape: return 1
  if len(shape) != 1 or not isinstance(shape[0], int):
    raise RenderError(f"{u.op} of shape {shape} has no Tolk rendering (lanes are one-dimensional)")
  return shape[0]

def value_type(u: UOp) -> str:
  """The Tolk type of the value `u`: its data type, as lanes (`vector<N x T>`)
  when it has several (docs/Semantics.md, "Lanes and shapes")."""
  n, t = lanes(u), tolk_type(u.dtype)
  return f"vector<{n}x{t}>" if n > 1 else t

def float_literal(v: float) -> str:
  """A finite float as an MLIR float literal (always with a '.')."""
  s = repr(float(v))
  if "." not in s:
    s = s.replace("e", ".0e") if "e" in s else s + ".0"
  return s

def const_literal(v, dt: DType) -> str:
  """The literal of a constant of a finite value, as `tolk.const` reads it."""
  if dt == dtypes.bool: return "true" if v else "false"
  if dtypes.is_int(dt): return str(truncate[dt](int(v)))
  return float_literal(v)

def scalar_of(t: str) -> str:
  """The element type of `vector<N x T>`, or `t` itself."""
  return t[t.index("x") + 1:-1] if t.startswith("vector<") else t

def is_pointer(u: UOp) -> bool:
  return root_buffer(u).op in (Ops.PARAM, Ops.BUFFER) and u.addrspace in POINTER_SPACES

def root_buffer(u: UOp) -> UOp:
  while u.op is Ops.AFTER: u = u.src[0]
  return u

def const_index(u: UOp) -> int | None:
  """The value of a constant lane index (CONST, or CAST of a CONST)."""
  if u.op is Ops.CAST and u.src[0].op is Ops.CONST: u = u.src[0]
  return int(u.arg) if u.op is Ops.CONST else None

def alignment(dt: DType, n: int) -> int:
  """The bytes a vector access of `n` lanes is aligned to: tinygrad folds
  only offsets that are a multiple of `n`, and buffers are 16-byte aligned
  (docs/Kernels.md, "Aligned vector accesses")."""
  size = n * dt.itemsize
  return min(size & -size, 16)

class TolkRenderer(Renderer):
  """Renders a kernel for every Tolk backend; the compiler picks the pipeline."""
  suffix = "mlir"
  has_local = True
  has_shared = True
  supports_float4 = True
  # Vulkan's least maxComputeWorkGroupCount is 65535 in each dimension, and
  # its least maxComputeWorkGroupSize (128, 128, 64) with 128 invocations.
  global_max = (65535, 65535, 65535)
  local_max = (128, 128, 64)
  global_prod_max = None
  shared_max = 16384
  code_for_op = {op: (lambda *args: None) for op in ALU_OPS}

  def __init__(self, target, compiler=None):
    super().__init__(target)
    if compiler is not None: self.compiler = compiler

  def __reduce__(self): return self.__class__, (self.target,)

  # ** rendering **

  def render(self, uops: list[UOp]) -> str:
    return _KernelWriter(uops, getattr(self, "backend", "HOST")).write()

class _KernelWriter:
  """Writes one kernel: SSA names and types of every value, and the body."""

  def __init__(self, uops: list[UOp], backend: str = "HOST"):
    self.uops = uops
    self.max_lanes = VULKAN_MAX_LANES if backend == "VULKAN" else None
    self.name: dict[UOp, str] = {}
    self.type: dict[UOp, str] = {}
    self.lines: list[str] = []
    self.depth = 2
    self.count = 0
    self.gates: list[str] = []
    # a SHRINK of a buffer of width 1: its lanes' count, loaded and stored one by one
    self.split: dict[UOp, int] = {}
    self.widths: dict[UOp, int] = {}

  def fresh(self) -> str:
    self.count += 1
    return f"%v{self.count}"

  def emit(self, line: str): self.lines.append("  " * self.depth + line)

  def const(self, v, dt: DType) -> str:
    """A `tolk.const` of `v` in `dt`; non-finite floats through Tolk's cast."""
    t, r = tolk_type(dt), self.fresh()
    if dtypes.is_float(dt) and not math.isfinite(v):
      bits = struct.unpack("<Q", struct.pack("<d", v))[0]
      if dt == dtypes.float64:
        self.emit(f"{r} = tolk.const 0x{bits:016X} : f64")
      else:
        d = self.fresh()
        self.emit(f"{d} = tolk.const 0x{bits:016X} : f64")
        self.emit(f"{r} = tolk.cast {d} : f64 to {t}")
      return r
    self.emit(f"{r} = tolk.const {const_literal(v, dt)} : {t}")
    return r

  def ptr_type(self, u: UOp, v: int = 1) -> str:
    t = tolk_type(u.dtype)
    if u.addrspace == AddrSpace.ALU: return f"!tolk.ptr<{t}, alu>"
    if u.addrspace == AddrSpace.GLOBAL: return f"!tolk.ptr<{t}, global{f', v = {v}' if v > 1 else ''}>"
    space = {AddrSpace.LOCAL: "local", AddrSpace.REG: "reg"}[u.addrspace]
    return f"!tolk.ptr<{t}, {space}, {int(u.max_numel())}>"

  def vector_widths(self) -> dict[UOp, int]:
    """The vector width `v = N` of each global buffer that tinygrad accesses
    only N lanes at a time (SHRINKs of N elements, docs/Tinygrad.md,
    "Vectors"). A pointer's width is its type's, and Tolk has no op that
    changes it, so a buffer that is also accessed otherwise (a scalar INDEX,
    another width) keeps width 1 and its lanes are loaded and stored one by
    one, as are local and register buffers (their allocations have width 1)."""
    seen: dict[UOp, set[int]] = {}
    for u in self.uops:
      if u.op in (Ops.INDEX, Ops.SHRINK) and is_pointer(u.src[0]):
        seen.setdefault(root_buffer(u.src[0]), set()).add(lanes(u) if u.op is Ops.SHRINK else 1)
    return {b: w for b, ws in seen.items() if len(ws) == 1 and (w := next(iter(ws))) > 1
            and b.op is Ops.PARAM and b.addrspace == AddrSpace.GLOBAL}

  def coerce(self, name: str, have: str, want: str) -> str:
    """`name` of type `have` as `want`: a scalar broadcast into lanes."""
    if have == want: return name
    r = self.fresh()
    self.emit(f"{r} = tolk.cast {name} : {have} to {want}")
    return r

  def lane(self, name: str, vtype: str, i: int) -> str:
    r = self.fresh()
    self.emit(f"{r} = vector.extract {name}[{i}] : {scalar_of(vtype)} from {vtype}")
    return r

  def lane_pointers(self, p: UOp) -> list[str]:
    """The pointers to the lanes of a SHRINK that is loaded or stored one lane at a time."""
    ptr, ptype = self.name[p], self.type[p]
    out = [ptr]
    for i in range(1, self.split[p]):
      c, r = self.fresh(), self.fresh()
      self.emit(f"{c} = tolk.const {i} : si32")
      self.emit(f"{r} = tolk.index {ptr}[{c}] : {ptype}, si32")
      out.append(r)
    return out

  def write(self) -> str:
    uops = self.uops
    kernel_name = "test"
    params = [u for u in uops if u.op is Ops.PARAM]
    bufs = sorted([u for u in params if u.addrspace != AddrSpace.ALU], key=lambda u: u.arg.slot)
    vars_ = sorted([u for u in params if u.addrspace == AddrSpace.ALU], key=lambda u: u.arg.slot)
    self.widths = self.vector_widths()
    # A renderer with threads (the host's) gets `core_id`, the thread's number,
    # as a variable that tinygrad leaves to the device (a None in `vals`): it
    # is the workgroup id of a launch of one workgroup per thread.
    cores = [u for u in vars_ if u.expr == "core_id"]
    vars_ = [u for u in vars_ if u.expr != "core_id"]
    for u in cores:
      r = self.fresh()
      self.emit(f"{r} = tolk.special group_id x : {tolk_type(u.dtype)}")
      self.name[u], self.type[u] = r, tolk_type(u.dtype)
    args = []
    for i, u in enumerate(bufs + vars_):
      self.name[u] = f"%arg{i}"
      self.type[u] = self.ptr_type(u, self.widths.get(u, 1))
      attr = ""
      if u.addrspace == AddrSpace.ALU and dtypes.is_int(u.dtype) and u.arg.vmin_vmax is not None:
        lo, hi = u.arg.vmin_vmax
        attr = f" {{tolk.bounds = array<i64: {int(lo)}, {int(hi)}>}}"
      args.append(f"%arg{i}: {self.type[u]}{attr}")
    # a by-value parameter is read once, at the top, as tinygrad reads a DEFINE_VAR
    for u in vars_:
      r = self.fresh()
      self.emit(f"{r} = tolk.load {self.name[u]} : {self.type[u]} -> {tolk_type(u.dtype)}")
      self.name[u], self.type[u] = r, tolk_type(u.dtype)

    block = [1, 1, 1]
    has_local = False
    for u in uops:
      if u.op is Ops.SINK:
        if u.arg is not None: kernel_name = u.arg.function_name
        continue
      if u.op in (Ops.NOOP, Ops.GROUP, Ops.CONST, Ops.PARAM): continue
      if u.op is Ops.STACK and len(u.src) == 0: continue
      if u.op is Ops.SPECIAL and u.arg[0] == "l":
        has_local = True
        block[int(u.arg[-1])] = int(u.src[0].vmax)
      self.render_uop(u)

    attrs = f" attributes {{known_block_size = array<i32: {block[0]}, {block[1]}, {block[2]}>}}" if has_local else ""
    head = [f"gpu.module @tinygrad {{",
            f"  gpu.func @{kernel_name}({', '.join(args)}) kernel{attrs} {{"]
    tail = ["    gpu.return", "  }", "}", ""]
    return "\n".join(head + self.lines + tail)

  def render_uop(self, u: UOp):
    n, t = self.name, self.type
    op = u.op
    if self.max_lanes is not None and u.op is not Ops.PARAM and u.addrspace not in POINTER_SPACES and lanes(u) > self.max_lanes:
      raise RenderError(f"{op} of {lanes(u)} lanes has no Vulkan rendering (SPIR-V vectors have at most {self.max_lanes})")
    if op is Ops.AFTER:
      n[u], t[u] = n[u.src[0]], t[u.src[0]]
    elif op is Ops.CAST and u.src[0].op is Ops.CONST:
      # a constant with lanes (tinygrad's VCONST of one value) broadcasts it
      c = self.const(u.src[0].arg, u.dtype)
      n[u], t[u] = self.coerce(c, tolk_type(u.dtype), value_type(u)), value_type(u)
    elif op is Ops.BUFFER:
      r = self.fresh()
      kind = {AddrSpace.LOCAL: "define_local", AddrSpace.REG: "define_reg"}.get(u.addrspace)
      if kind is None: raise RenderError(f"BUFFER in {u.addrspace} has no Tolk op")
      n[u], t[u] = r, self.ptr_type(u)
      self.emit(f"{r} = tolk.{kind} : {t[u]}")
    elif op is Ops.SPECIAL:
      r = self.fresh()
      n[u], t[u] = r, tolk_type(u.dtype)
      self.emit(f"{r} = tolk.special {SPECIALS[u.arg[0]]} {'xyz'[int(u.arg[-1])]} : {t[u]}")
    elif op is Ops.RANGE:
      if u.dtype == dtypes.void: raise RenderError("an unbounded RANGE has no Tolk op")
      lo, one = self.const(0, u.dtype), self.const(1, u.dtype)
      r = self.fresh()
      n[u], t[u] = r, tolk_type(u.dtype)
      self.emit(f"tolk.range {r} = {lo} to {n[u.src[0]]} step {one} : {t[u]} {{")
      self.depth += 1
    elif op is Ops.END:
      if len(u.src) > 2: raise RenderError("an END with a condition (a do-while loop) has no Tolk op")
      self.depth -= 1
      self.emit("}")
    elif op is Ops.IF:
      # the only IF tinygrad makes holds one gated STORE: it becomes the store's gate
      g = n[u.src[0]]
      if self.gates:
        r = self.fresh()
        self.emit(f"{r} = tolk.and {self.gates[-1]}, {g} : (i1, i1) -> i1")
        g = r
      self.gates.append(g)
    elif op is Ops.ENDIF:
      self.gates.pop()
    elif op is Ops.BARRIER:
      self.emit("gpu.barrier")
    elif op is Ops.INDEX and not is_pointer(u.src[0]):
      # a lane of a value (tinygrad's GEP)
      if len(u.src) != 2: raise RenderError(f"a lane INDEX with {len(u.src)} sources has no Tolk op")
      v, i = u.src
      if (k := const_index(i)) is None: raise RenderError("a lane chosen at run time has no Tolk rendering")
      if lanes(u) != 1: raise RenderError(f"INDEX of lanes {u._shape} out of a value has no Tolk rendering")
      n[u], t[u] = (self.lane(n[v], t[v], k) if t[v].startswith("vector<") else n[v]), tolk_type(u.dtype)
    elif op in (Ops.INDEX, Ops.SHRINK):
      if len(u.src) != (2 if op is Ops.INDEX else 3): raise RenderError(f"{op} with {len(u.src)} sources has no Tolk op")
      buf, idx = u.src[:2]
      r = self.fresh()
      n[u], t[u] = r, t[buf]
      self.emit(f"{r} = tolk.index {n[buf]}[{n[idx]}] : {t[buf]}, {t[idx]}")
      # a SHRINK is the pointer to lanes(u) elements: through a pointer of that width one access, else one a lane
      if op is Ops.SHRINK and lanes(u) > 1 and self.widths.get(root_buffer(buf)) != lanes(u): self.split[u] = lanes(u)
    elif op is Ops.LOAD:
      p = u.src[0]
      if len(u.src) not in (1, 3): raise RenderError(f"LOAD with {len(u.src)} sources has no Tolk op")
      vt, st = value_type(u), tolk_type(u.dtype)
      if len(u.src) == 3: alt, gate = n[u.src[1]], n[u.src[2]]
      if p in self.split:
        if len(u.src) == 3: alt = self.coerce(alt, t[u.src[1]], vt)
        parts = []
        for i, q in enumerate(self.lane_pointers(p)):
          r = self.fresh()
          cond = f" if {gate} else {self.lane(alt, vt, i)}" if len(u.src) == 3 else ""
          self.emit(f"{r} = tolk.load {q}{cond} : {t[p]} -> {st}")
          parts.append(r)
        r = self.fresh()
        self.emit(f"{r} = vector.from_elements {', '.join(parts)} : {vt}")
      else:
        if len(u.src) == 3: alt = self.coerce(alt, t[u.src[1]], vt)
        r = self.fresh()
        cond = f" if {gate} else {alt}" if len(u.src) == 3 else ""
        self.emit(f"{r} = tolk.load {n[p]}{cond}{self.align(u)} : {t[p]} -> {vt}")
      n[u], t[u] = r, vt
    elif op is Ops.STORE:
      if len(u.src) != 2: raise RenderError(f"STORE with {len(u.src)} sources has no Tolk op")
      p, v = u.src
      gate = f" if {self.gates[-1]}" if self.gates else ""
      vt = value_type(v) if lanes(u) == 1 else f"vector<{lanes(u)}x{tolk_type(v.dtype)}>"
      val = self.coerce(n[v], t[v], vt)
      if p in self.split:
        for i, q in enumerate(self.lane_pointers(p)):
          self.emit(f"tolk.store {q}, {self.lane(val, vt, i)}{gate} : {t[p]}, {scalar_of(vt)}")
      else:
        self.emit(f"tolk.store {n[p]}, {val}{gate}{self.align(v, lanes(u))} : {t[p]}, {vt}")
    elif op is Ops.STACK:
      # lanes from scalars (tinygrad's VECTORIZE)
      if lanes(u) == 1: n[u], t[u] = n[u.src[0]], t[u.src[0]]
      else:
        if any(lanes(s) != 1 for s in u.src): raise RenderError("a STACK of lanes has no Tolk rendering")
        r = self.fresh()
        n[u], t[u] = r, value_type(u)
        self.emit(f"{r} = vector.from_elements {', '.join(n[s] for s in u.src)} : {t[u]}")
    elif op is Ops.CAST or op is Ops.BITCAST:
      if u.addrspace in POINTER_SPACES: raise RenderError(f"a {op} of a pointer has no Tolk op")
      r = self.fresh()
      n[u], t[u] = r, value_type(u)
      self.emit(f"{r} = tolk.{'cast' if op is Ops.CAST else 'bitcast'} {n[u.src[0]]} : {t[u.src[0]]} to {t[u]}")
    elif op in ALU_OPS:
      r = self.fresh()
      n[u], t[u] = r, value_type(u)
      operands = ", ".join(n[s] for s in u.src)
      types = ", ".join(t[s] for s in u.src)
      self.emit(f"{r} = tolk.{ALU_OPS[op]} {operands} : ({types}) -> {t[u]}")
    else:
      raise RenderError(f"{op} has no Tolk op")

  def align(self, u: UOp, k: int | None = None) -> str:
    """The alignment of a vector access of the value `u` (k lanes)."""
    k = lanes(u) if k is None else k
    return f" {{tolk.alignment = {alignment(u.dtype, k)} : i64}}" if k > 1 else ""
