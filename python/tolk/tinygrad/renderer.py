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

class TolkRenderer(Renderer):
  """Renders a kernel for every Tolk backend; the compiler picks the pipeline."""
  suffix = "mlir"
  has_local = True
  has_shared = True
  supports_float4 = False
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
    return _KernelWriter(uops).write()

class _KernelWriter:
  """Writes one kernel: SSA names and types of every value, and the body."""

  def __init__(self, uops: list[UOp]):
    self.uops = uops
    self.name: dict[UOp, str] = {}
    self.type: dict[UOp, str] = {}
    self.lines: list[str] = []
    self.depth = 2
    self.count = 0
    self.gates: list[str] = []

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

  def ptr_type(self, u: UOp) -> str:
    t = tolk_type(u.dtype)
    if u.addrspace == AddrSpace.ALU: return f"!tolk.ptr<{t}, alu>"
    if u.addrspace == AddrSpace.GLOBAL: return f"!tolk.ptr<{t}, global>"
    space = {AddrSpace.LOCAL: "local", AddrSpace.REG: "reg"}[u.addrspace]
    return f"!tolk.ptr<{t}, {space}, {int(u.max_numel())}>"

  def check_scalar(self, u: UOp):
    shape = getattr(u, "_shape", None)
    if shape not in (None, ()) and u.op not in (Ops.PARAM, Ops.BUFFER, Ops.AFTER):
      raise RenderError(f"{u.op} on lanes {shape} has no Tolk rendering (the renderer declares no vectors)")

  def write(self) -> str:
    uops = self.uops
    kernel_name = "test"
    params = [u for u in uops if u.op is Ops.PARAM]
    bufs = sorted([u for u in params if u.addrspace != AddrSpace.ALU], key=lambda u: u.arg.slot)
    vars_ = sorted([u for u in params if u.addrspace == AddrSpace.ALU], key=lambda u: u.arg.slot)
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
      self.type[u] = self.ptr_type(u)
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
    self.check_scalar(u)
    if op is Ops.AFTER:
      n[u], t[u] = n[u.src[0]], t[u.src[0]]
    elif op is Ops.CAST and u.src[0].op is Ops.CONST:
      n[u], t[u] = self.const(u.src[0].arg, u.dtype), tolk_type(u.dtype)
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
    elif op in (Ops.INDEX,):
      if len(u.src) != 2: raise RenderError(f"INDEX with {len(u.src)} sources has no Tolk op")
      buf, idx = u.src
      r = self.fresh()
      n[u], t[u] = r, t[buf]
      self.emit(f"{r} = tolk.index {n[buf]}[{n[idx]}] : {t[buf]}, {t[idx]}")
    elif op is Ops.LOAD:
      r = self.fresh()
      n[u], t[u] = r, tolk_type(u.dtype)
      p = u.src[0]
      if len(u.src) == 3:
        alt, gate = u.src[1], u.src[2]
        self.emit(f"{r} = tolk.load {n[p]} if {n[gate]} else {n[alt]} : {t[p]} -> {t[u]}")
      elif len(u.src) == 1:
        self.emit(f"{r} = tolk.load {n[p]} : {t[p]} -> {t[u]}")
      else: raise RenderError(f"LOAD with {len(u.src)} sources has no Tolk op")
    elif op is Ops.STORE:
      if len(u.src) != 2: raise RenderError(f"STORE with {len(u.src)} sources has no Tolk op")
      p, v = u.src
      gate = f" if {self.gates[-1]}" if self.gates else ""
      self.emit(f"tolk.store {n[p]}, {n[v]}{gate} : {t[p]}, {t[v]}")
    elif op is Ops.CAST or op is Ops.BITCAST:
      r = self.fresh()
      n[u], t[u] = r, tolk_type(u.dtype)
      self.emit(f"{r} = tolk.{'cast' if op is Ops.CAST else 'bitcast'} {n[u.src[0]]} : {t[u.src[0]]} to {t[u]}")
    elif op in ALU_OPS:
      r = self.fresh()
      n[u], t[u] = r, tolk_type(u.dtype)
      operands = ", ".join(n[s] for s in u.src)
      types = ", ".join(t[s] for s in u.src)
      self.emit(f"{r} = tolk.{ALU_OPS[op]} {operands} : ({types}) -> {t[u]}")
    else:
      raise RenderError(f"{op} has no Tolk op")
