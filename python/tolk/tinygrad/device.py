"""The Tolk device of tinygrad: an allocator, a renderer, a compiler and a program.

`DEV=TOLK` runs on the host; the renderer part of the device string picks the
backend (`DEV=TOLK:VULKAN`, `DEV=TOLK:CUDA:sm_90`), as tinygrad's own devices
pick theirs. Buffers, programs and launches go through Tolk's runtime (the
`tolk` package). With TOLK_TINYGRAD_LAUNCHER=tolk-run the device keeps its
buffers in host memory and runs each launch with the tolk-run tool instead,
which needs no runtime library (scripts/gen-tinygrad-corpus.py records its
corpus that way). docs/Tinygrad.md says how to use it.
"""
from __future__ import annotations

import os

from tinygrad.device import Allocator, BufferSpec, Compiled, CompileError, Compiler, LRUAllocator, Program, TinyELF
from tinygrad.dtype import dtypes
from tinygrad.helpers import DEV, NUM_CPU_THREADS, getenv

from tolk import np  # numpy at its first use: a compile worker needs none
from tolk.tinygrad.renderer import TolkRenderer

BACKENDS = ("HOST", "VULKAN", "CUDA")

class TolkCompiler(Compiler):
  """The module text is the binary: the runtime compiles it once per device
  when the program is made, and serves a second compile of the same text from
  its cache."""
  def __init__(self, backend: str, arch: str = ""):
    self.backend, self.arch = backend, arch
    super().__init__(None)
  def compile(self, src: str) -> bytes: return src.encode()

class TolkBackendRenderer(TolkRenderer):
  backend = "HOST"
  def __init__(self, target):
    super().__init__(target)
    self.compiler = TolkCompiler(self.backend, target.arch)

class TolkHostRenderer(TolkBackendRenderer):
  """The host runs a kernel as tinygrad's CPU device does: one workgroup of
  one thread per core, each looping over its share (tinygrad's threads, the
  `core_id` variable), rather than a GPU's grid of small workgroups, whose
  per-thread work is a few scalars that the host's loops cannot vectorize
  across (docs/Tinygrad.md, "The host device")."""
  has_local = False
  has_shared = False
  has_threads = bool(getenv("THREADS", 1))
  @property
  def global_max(self): return (NUM_CPU_THREADS.value, 0, 0)  # type: ignore[override]

class TolkVulkanRenderer(TolkBackendRenderer): backend = "VULKAN"
class TolkCudaRenderer(TolkBackendRenderer):
  backend = "CUDA"
  global_max = (2147483647, 65535, 65535)
  local_max = (1024, 1024, 64)
  shared_max = 49152

RENDERERS = {"HOST": TolkHostRenderer, "VULKAN": TolkVulkanRenderer, "CUDA": TolkCudaRenderer}

# ** through the runtime **

class _View:
  """Bytes [offset, offset + size) of a runtime buffer where the runtime takes
  no view of them (an offset that is not a multiple of 256 bytes)."""
  def __init__(self, base, offset: int, size: int): self.base, self.offset, self.nbytes = base, offset, size

def _base(buf): return (buf.base, buf.offset) if isinstance(buf, _View) else (buf, 0)

class TolkAllocator(LRUAllocator["TolkDevice"]):
  """Freed buffers are kept for the next allocation of their size, as by
  tinygrad's own devices: a realize that makes a new output then costs no
  allocation (a runtime buffer is zeroed memory, tens of ms for 64 MiB)."""
  def __init__(self, dev): super().__init__(dev, supports_transfer=False)
  def _alloc(self, size: int, options: BufferSpec):
    import tolk
    try: return self.dev.rt.buffer(size)
    except tolk.OutOfMemoryError as e: raise MemoryError(str(e)) from e
  def _free(self, opaque, options: BufferSpec):
    self.dev.queue.flush()
    if not isinstance(opaque, _View): opaque.free()
  def _copyin(self, dest, src: memoryview):
    self.dev.queue.flush()
    b, off = _base(dest)
    b.write(src, off)
  def _copyout(self, dest: memoryview, src):
    self.dev.queue.flush()
    b, off = _base(src)
    b.read_into(dest, off)
  def _offset(self, buf, size: int, offset: int):
    # A runtime view where the runtime takes one (docs/Tinygrad.md,
    # "Compiles, launches and views"), else a view that launches copy
    b, off = _base(buf)
    if size > 0 and (b.memory_offset + off + offset) % b.VIEW_ALIGNMENT == 0: return b.view(off + offset, size)
    return _View(b, off + offset, size)

class TolkProgram(Program["TolkDevice"]):
  """A kernel whose compile starts on the device's compile threads when
  tinygrad makes the program; its launches wait for it in the device's
  queue (docs/Tinygrad.md, "Compiles, launches and views")."""
  def __init__(self, dev: "TolkDevice", obj: TinyELF):
    self.dev, self.name = dev, obj.name
    self.compiling = dev.queue.compile(obj.lib)
    self.prog = None

  def compiled(self):
    """The compiled program; waits for the compile, and raises its error."""
    if self.prog is None:
      import tolk
      try: prog = self.compiling.result()
      except tolk.CompileError as e: raise CompileError(f"{self.name}: {e}") from e
      self.kernel = prog.kernel(self.name)
      self.known_block = self.kernel.known_block is not None
      self.prog = prog
    return self.prog

  def __call__(self, *bufs, global_size=(1, 1, 1), local_size=(1, 1, 1), vals=(), wait=False, **kw):
    # tinygrad leaves a variable of the device's own (`core_id`) as None: the
    # renderer made it the workgroup id
    launch = (bufs, tuple(int(x) for x in global_size), local_size, [int(v) for v in vals if v is not None])
    if wait:
      self.dev.queue.flush()
      return self.run(*launch, timed=True)
    self.dev.queue.launch(self.compiling, lambda: self.run(*launch))
    return None

  def run(self, bufs, grid, local_size, vals, timed=False):
    prog = self.compiled()
    block = None if self.known_block else tuple(int(x) for x in (local_size or (1, 1, 1)))
    # a view is launched on a copy of its bytes, written back after the launch
    views = [(i, b) for i, b in enumerate(bufs) if isinstance(b, _View)]
    args = list(bufs)
    for i, v in views:
      tmp = self.dev.rt.buffer(v.nbytes)
      tmp.write(v.base.numpy(np.uint8, (v.nbytes,), v.offset))
      args[i] = tmp
    args += vals
    if timed or views: t = prog.time(self.name, *args, grid=grid, block=block)
    else: t, _ = None, prog.launch(self.name, *args, grid=grid, block=block)
    for i, v in views: v.base.write(args[i].numpy(np.uint8), v.offset)
    return t if timed else None

# ** through tolk-run **

def _np_dtype(dt):
  """The numpy type tolk-run reads a buffer of `dt` as (docs/Runtime.md, "tolk-run")."""
  if dt == dtypes.bfloat16: return np.uint16
  if dt in dtypes.fp8s: return np.uint8
  if dt == dtypes.bool: return np.bool_
  return np.dtype(dt.fmt)

class TolkRunAllocator(Allocator["TolkDevice"]):
  def __init__(self, dev): super().__init__(dev, supports_transfer=False)
  def _alloc(self, size: int, options: BufferSpec): return np.zeros(size, dtype=np.uint8)
  def _as_buffer(self, src) -> memoryview: return memoryview(src).cast("B")
  def _copyin(self, dest, src: memoryview): dest[:] = np.frombuffer(src, dtype=np.uint8)
  def _copyout(self, dest: memoryview, src): np.frombuffer(dest, dtype=np.uint8)[:] = src
  def _offset(self, buf, size: int, offset: int): return buf[offset:offset + size]

class TolkRunProgram(Program["TolkDevice"]):
  """Launches through tolk-run, one process a launch."""
  def __init__(self, dev: "TolkDevice", obj: TinyELF):
    self.dev, self.name, self.src, self.signature = dev, obj.name, obj.lib.decode(), obj.signature
  def __call__(self, *bufs, global_size=(1, 1, 1), local_size=(1, 1, 1), vals=(), wait=False, **kw):
    from tolk.tinygrad import tolkrun
    arrays = [b.view(_np_dtype(sig[2])) for b, sig in zip(bufs, self.signature)]
    outs = tolkrun.run(self.src, self.name, self.dev.backend.lower(), arrays, global_size, local_size or (1, 1, 1),
                       args=[int(v) for v in vals if v is not None])
    for b, a, o in zip(bufs, arrays, outs):
      if o is not a: b[:] = np.ascontiguousarray(o).view(np.uint8).reshape(-1)
    return None

class TolkDevice(Compiled):
  def __init__(self, device: str):
    target = DEV.target(device.split(":")[0])
    # `TOLK:VULKAN` as a device string names the backend as DEV=TOLK:VULKAN
    # does, so that one process can hold the host and Vulkan devices
    named = [p.upper() for p in device.split(":")[1:] if p.upper() in BACKENDS]
    self.backend = named[0] if named else target.renderer or "HOST"
    if self.backend not in BACKENDS: raise RuntimeError(f"TOLK has no backend {self.backend!r}: {', '.join(BACKENDS)}")
    self.launcher = os.environ.get("TOLK_TINYGRAD_LAUNCHER", "runtime")
    if self.launcher == "tolk-run":
      super().__init__(device, TolkRunAllocator(self), [RENDERERS[self.backend]], TolkRunProgram, None)
      return
    import tolk
    index = int(device.split(":")[1]) if device.count(":") == 1 and device.split(":")[1].isdigit() else 0
    # Off unless TOLK_BOUNDS_CHECK=1 (docs/Tinygrad.md, "Use"), as tinygrad's
    # own devices check nothing: the check's early exits cost a realize 5 to
    # 20 percent.
    bounds_check = os.environ.get("TOLK_BOUNDS_CHECK", "0") != "0"
    self.rt = tolk.Device(self.backend.lower(), index, chip=target.arch or None, bounds_check=bounds_check)
    self.queue = tolk.LaunchQueue(self.rt)
    super().__init__(device, TolkAllocator(self), [RENDERERS[self.backend]], TolkProgram, None)

  def synchronize(self):
    if self.launcher != "tolk-run":
      self.queue.flush()
      self.rt.synchronize()
