"""Tolk from Python: devices, buffers and programs of Tolk's runtime.

    import numpy as np, tolk
    dev = tolk.Device("host")                      # or "vulkan", "cuda"
    prog = dev.compile(open("k.mlir").read())      # module text, or tolk.compile_file
    x = dev.buffer_from(np.arange(8, dtype=np.float32))
    y = dev.buffer(8 * 4)
    prog.launch("scale", x, y, 2.0, grid=(1, 1, 1), block=(8, 1, 1))
    print(y.numpy(np.float32))

The package is a thin layer over the runtime's C API
(include/tolk-c/Runtime.h), loaded with ctypes (tolk/_capi.py); every error
of the library is a TolkError carrying its message. docs/Runtime.md ("The
Python package") describes it.
"""
from __future__ import annotations

import ctypes
import functools
import math
import operator
import os
import struct
import time

from tolk import _capi


class _Numpy:
  """numpy, imported at its first use: a process that only renders kernels
  (tinygrad's compile workers unpickle the renderer, which lives in this
  package) then does not pay for numpy's import, about 55 ms here."""

  def __getattr__(self, name):
    import numpy
    globals()["np"] = numpy
    return getattr(numpy, name)


np = _Numpy()

__all__ = ["Device", "Buffer", "Program", "Kernel", "Param", "TolkError", "CompileError", "LaunchError",
           "UnavailableError", "InvalidArgumentError", "InvalidHandleError", "available", "compile_file",
           "LaunchQueue"]

# ** errors **

class TolkError(RuntimeError):
  """An error of Tolk's runtime; `code` is the C API's TolkRtErrorCode."""
  code = 0
  def __init__(self, message: str, code: int = 0):
    super().__init__(message)
    self.code = code or type(self).code

class InvalidArgumentError(TolkError, ValueError): code = _capi.ERROR_INVALID_ARGUMENT
class InvalidHandleError(TolkError): code = _capi.ERROR_INVALID_HANDLE
class UnavailableError(TolkError): code = _capi.ERROR_UNAVAILABLE
class CompileError(TolkError): code = _capi.ERROR_COMPILE_FAILED
class LaunchError(TolkError): code = _capi.ERROR_LAUNCH_FAILED
class OutOfMemoryError(TolkError, MemoryError): code = _capi.ERROR_OUT_OF_MEMORY

_ERRORS = {c.code: c for c in (InvalidArgumentError, InvalidHandleError, UnavailableError, CompileError, LaunchError,
                               OutOfMemoryError)}

def _check(status: _capi.Status) -> None:
  if not status.value: return
  try:
    message = _capi.StatusGetMessage(status).decode(errors="replace")
    code = _capi.StatusGetCode(status)
  finally:
    _capi.StatusDestroy(status)
  raise _ERRORS.get(code, TolkError)(message, code)

def _unsigned(value, what: str, bits: int = 64) -> int:
  """`value` as an unsigned integer of `bits` bits, or the error that says why
  not: ctypes would wrap a negative or too large one silently."""
  try: v = operator.index(value)
  except TypeError: raise TypeError(f"{what} must be an integer, not {type(value).__name__}") from None
  if not 0 <= v < 1 << bits: raise InvalidArgumentError(f"{what} {v} is out of range (0 to 2^{bits} - 1)")
  return v

# ** data types **

# The data type names of the C API (TolkRtParamInfo::dtype) and the numpy type
# a buffer of them is read as: bf16 and the 8-bit floats as their storage bits.
NUMPY_TYPES = {
  "bool": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
  "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
  "f16": "float16", "f32": "float32", "f64": "float64", "bf16": "uint16",
  "fp8e4m3": "uint8", "fp8e5m2": "uint8", "fp8e4m3fnuz": "uint8", "fp8e5m2fnuz": "uint8",
}

def _bf16_bits(v: float) -> int:
  """v rounded to bf16 (to nearest even, from its f32 value), as its bits."""
  b = struct.unpack("<I", struct.pack("<f", v))[0]
  if math.isnan(v): return (b >> 16) | 0x40
  return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF

def scalar_bits(value, dtype: str) -> int:
  """The bits a scalar argument of data type `dtype` passes for `value`.

  Integers wrap to their width; floats are rounded to the type; bf16 and the
  8-bit floats take a float (bf16) or their storage bits (an int, for fp8)."""
  try:
    if dtype == "bool": return 1 if value else 0
    if dtype[0] in "iu":
      bits = int(dtype[1:])
      return int(value) & ((1 << bits) - 1)
    if dtype == "f16": return struct.unpack("<H", struct.pack("<e", float(value)))[0]
    if dtype == "f32": return struct.unpack("<I", struct.pack("<f", float(value)))[0]
    if dtype == "f64": return struct.unpack("<Q", struct.pack("<d", float(value)))[0]
    if dtype == "bf16": return _bf16_bits(float(value))
  except (OverflowError, struct.error) as e:
    # An infinity as an integer, a float beyond the type's range.
    raise InvalidArgumentError(f"{value!r} does not fit a {dtype} argument: {e}") from None
  if dtype.startswith("fp8"):
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool): return int(value) & 0xFF
    raise InvalidArgumentError(f"a {dtype} argument is passed as its storage bits (an int)")
  raise InvalidArgumentError(f"no scalar argument of data type {dtype!r}")

# ** devices **

_BACKENDS = {"host": _capi.BACKEND_HOST, "vulkan": _capi.BACKEND_VULKAN, "cuda": _capi.BACKEND_CUDA}

def _options(backend: str, index: int = 0, chip: str | None = None, cuda_driver_library: str | None = None,
             threads: int = 0, bounds_check: bool = True) -> _capi.DeviceOptions:
  if backend not in _BACKENDS: raise InvalidArgumentError(f"unknown backend {backend!r}: one of {', '.join(_BACKENDS)}")
  index, threads = _unsigned(index, "device index", 32), _unsigned(threads, "threads", 32)
  o = _capi.DeviceOptions()
  _capi.DeviceOptionsInit(ctypes.byref(o))
  o.backend, o.deviceIndex, o.hostThreads, o.hostBoundsCheck = _BACKENDS[backend], index, threads, bounds_check
  if chip: o.chip = chip.encode()
  if cuda_driver_library: o.cudaDriverLibrary = cuda_driver_library.encode()
  return o

def available(backend: str, **options) -> str | None:
  """None when a device of `backend` can be opened, else why not."""
  try: _check(_capi.BackendCheckAvailable(ctypes.byref(_options(backend, **options))))
  except TolkError as e: return str(e)
  return None

class Device:
  """A backend opened once: the host JIT and its thread pool, a Vulkan device
  and queue, or a CUDA context. Buffers and programs belong to one device and
  die with it."""

  def __init__(self, backend: str = "host", index: int = 0, *, chip: str | None = None,
               cuda_driver_library: str | None = None, threads: int = 0, bounds_check: bool = True):
    self._handle = _capi.Device()
    _check(_capi.DeviceCreate(ctypes.byref(_options(backend, index, chip, cuda_driver_library, threads, bounds_check)),
                              ctypes.byref(self._handle)))
    info = _capi.DeviceInfo()
    _check(_capi.DeviceGetInfo(self._handle, ctypes.byref(info)))
    self.backend = backend
    self.name = info.name.decode()
    self.memory_safety = info.memorySafety.decode()
    self.threads = info.hostThreads
    self.max_lanes = info.maxLanes

  def __repr__(self): return f"<tolk.Device {self.backend} {self.name!r}>"
  def __enter__(self): return self
  def __exit__(self, *exc): self.close()
  def __del__(self):
    try: self.close()
    except Exception: pass

  def close(self) -> None:
    """Waits for the launches, then destroys the device with its buffers and programs."""
    if getattr(self, "_handle", None) is not None and self._handle.id:
      h, self._handle = self._handle, None
      _check(_capi.DeviceDestroy(h))

  @property
  def handle(self) -> _capi.Device:
    if not self._handle: raise InvalidHandleError("the device was closed")
    return self._handle

  def synchronize(self) -> None:
    """Waits for every launch made so far; raises the first error among them."""
    _check(_capi.DeviceSynchronize(self.handle))

  def buffer(self, nbytes: int) -> "Buffer":
    """A zeroed buffer of `nbytes` bytes."""
    return Buffer(self, nbytes)

  def buffer_from(self, array) -> "Buffer":
    """A buffer holding a copy of `array`'s bytes (C order)."""
    a = np.ascontiguousarray(array)
    b = Buffer(self, max(a.nbytes, 1))
    try:
      if a.nbytes: b.write(a)
    except BaseException:
      b.free()
      raise
    return b

  def compile(self, text: str | bytes) -> "Program":
    """Compiles a module (its text) for this device; compiling the same text
    again is served from the runtime's cache."""
    return Program(self, text)

  def compile_file(self, path: str | os.PathLike) -> "Program":
    with open(path, "rb") as f: return Program(self, f.read())

def compile_file(path: str | os.PathLike, device: Device) -> "Program": return device.compile_file(path)

# ** buffers **

class Buffer:
  """Memory of one device that persists across launches."""

  VIEW_ALIGNMENT = 256  # a view starts at a multiple of this in its memory (tolkRtBufferCreateView)

  def __init__(self, device: Device, nbytes: int, _view_of: "Buffer | None" = None, _offset: int = 0):
    self.device, self.nbytes = device, _unsigned(int(nbytes), "a buffer size")
    self._handle = _capi.Buffer()
    if _view_of is None:
      _check(_capi.BufferAllocate(device.handle, self.nbytes, ctypes.byref(self._handle)))
      self.memory_offset = 0
    else:
      _check(_capi.BufferCreateView(_view_of.handle, _unsigned(_offset, "an offset"), self.nbytes, ctypes.byref(self._handle)))
      self.memory_offset = _view_of.memory_offset + _offset

  def __repr__(self): return f"<tolk.Buffer {self.nbytes} bytes on {self.device.backend}>"

  def view(self, offset: int, nbytes: int) -> "Buffer":
    """Bytes [offset, offset + nbytes) of this buffer as a buffer of their
    own, sharing its memory (which the view keeps alive); their place in the
    memory (`memory_offset + offset`) is a multiple of VIEW_ALIGNMENT."""
    return Buffer(self.device, nbytes, _view_of=self, _offset=offset)
  def __del__(self):
    try: self.free()
    except Exception: pass

  @property
  def handle(self) -> _capi.Buffer:
    if not self._handle: raise InvalidHandleError("the buffer was freed")
    return self._handle

  def free(self) -> None:
    if getattr(self, "_handle", None) is not None and self._handle.id and self.device._handle:
      h, self._handle = self._handle, None
      _check(_capi.BufferFree(h))

  def write(self, data, offset: int = 0) -> None:
    """Copies `data` (a numpy array or bytes-like) into the buffer at `offset` bytes."""
    offset = _unsigned(offset, "an offset")
    mv = memoryview(np.ascontiguousarray(data) if isinstance(data, np.ndarray) else data).cast("B")
    src = (ctypes.c_char * len(mv)).from_buffer_copy(mv) if mv.readonly else (ctypes.c_char * len(mv)).from_buffer(mv)
    _check(_capi.BufferWrite(self.handle, offset, ctypes.addressof(src), len(mv)))

  def read_into(self, out, offset: int = 0) -> None:
    """Copies bytes of the buffer from `offset` into the writable buffer `out`."""
    offset = _unsigned(offset, "an offset")
    mv = memoryview(out).cast("B")
    dst = (ctypes.c_char * len(mv)).from_buffer(mv)
    _check(_capi.BufferRead(self.handle, offset, ctypes.addressof(dst), len(mv)))

  def numpy(self, dtype="uint8", shape=None, offset: int = 0) -> np.ndarray:
    """The buffer's contents as a new array of `dtype` (the whole buffer from
    `offset`, or `shape`)."""
    dt, offset = np.dtype(dtype), _unsigned(offset, "an offset")
    if offset > self.nbytes: raise InvalidArgumentError(f"offset {offset} is past the buffer's {self.nbytes} bytes")
    count = (self.nbytes - offset) // dt.itemsize if shape is None else int(np.prod(shape))
    # Checked before the array is made: a shape larger than the buffer would
    # otherwise ask numpy for that much memory first.
    if count < 0 or offset + count * dt.itemsize > self.nbytes:
      raise InvalidArgumentError(f"{count} x {dt} from offset {offset} is more than the buffer's {self.nbytes} bytes")
    out = np.empty(count, dtype=dt)
    if out.nbytes: self.read_into(out.view(np.uint8), offset)
    return out.reshape(shape) if shape is not None else out

# ** programs **

class Param:
  """A kernel parameter, from the kernel ABI: `kind` is "buffer", "scalar" or "image"."""
  def __init__(self, info: _capi.ParamInfo):
    self.kind = {_capi.PARAM_BUFFER: "buffer", _capi.PARAM_SCALAR: "scalar", _capi.PARAM_IMAGE: "image"}[info.kind]
    self.dtype, self.element_type = info.dtype.decode(), info.elementType.decode()
    self.itemsize, self.count, self.lanes, self.min_bytes = info.itemSize, info.count, info.lanes, info.minBytes
    self.image_shape = tuple(info.imageShape) if self.kind == "image" else None
  def __repr__(self): return f"<Param {self.kind} {self.element_type}>"

class Kernel:
  """A kernel of a program: its name, parameters and known launch sizes."""
  def __init__(self, program: "Program", index: int):
    info = _capi.KernelInfo()
    _check(_capi.ProgramGetKernel(program.handle, index, ctypes.byref(info)))
    self.name, self.module, self.function = info.name.decode(), info.module.decode(), info.function.decode()
    self.known_grid = tuple(info.knownGrid) if info.hasKnownGrid else None
    self.known_block = tuple(info.knownBlock) if info.hasKnownBlock else None
    self.params = []
    for p in range(info.numParams):
      pi = _capi.ParamInfo()
      _check(_capi.ProgramGetParam(program.handle, index, p, ctypes.byref(pi)))
      self.params.append(Param(pi))
  def __repr__(self): return f"<Kernel {self.module}::{self.name} {self.params}>"

@functools.lru_cache(maxsize=256)
def _dims_of(t: tuple) -> ctypes.Array:
  # The C API only reads a launch's sizes, so one array serves every launch
  # of the same sizes: making it is most of what a launch costs in Python.
  return (ctypes.c_uint32 * 3)(*(t + (1,) * (3 - len(t))))

def _dims(v):
  if v is None or isinstance(v, ctypes.Array): return v
  t = tuple(v) if isinstance(v, (tuple, list)) else (v,)
  if len(t) > 3: raise InvalidArgumentError(f"a launch size of {len(t)} dimensions: at most 3")
  return _dims_of(tuple(_unsigned(x, "a launch size", 32) for x in t))

class Program:
  """A module compiled once for a device; launch its kernels any number of times."""

  def __init__(self, device: Device, text: str | bytes):
    self.device = device
    data = text.encode() if isinstance(text, str) else bytes(text)
    self._handle = _capi.Program()
    _check(_capi.ProgramCreate(device.handle, data, len(data), ctypes.byref(self._handle)))
    n = ctypes.c_size_t()
    _check(_capi.ProgramGetNumKernels(self._handle, ctypes.byref(n)))
    self.kernels = [Kernel(self, i) for i in range(n.value)]
    self._by_name: dict[str, tuple[bytes, Kernel]] = {}

  def __del__(self):
    try: self.destroy()
    except Exception: pass

  @property
  def handle(self) -> _capi.Program:
    if not self._handle: raise InvalidHandleError("the program was destroyed")
    return self._handle

  def destroy(self) -> None:
    if getattr(self, "_handle", None) is not None and self._handle.id and self.device._handle:
      h, self._handle = self._handle, None
      _check(_capi.ProgramDestroy(h))

  def kernel(self, name: str) -> Kernel:
    """The kernel that `name` gives ("KERNEL" or "MODULE::KERNEL")."""
    if (k := self._by_name.get(name)) is None:
      if not isinstance(name, str): raise TypeError(f"a kernel name is a str, not {type(name).__name__}")
      i = ctypes.c_size_t()
      _check(_capi.ProgramFindKernel(self.handle, name.encode(), ctypes.byref(i)))
      k = self._by_name[name] = (name.encode(), self.kernels[i.value])
    return k[1]

  def args(self, name: str, args) -> ctypes.Array:
    """The C API's argument array for a launch of kernel `name` on `args`
    (Buffers, and Python or numpy numbers for scalar parameters)."""
    k = self.kernel(name)
    if len(args) != len(k.params):
      raise InvalidArgumentError(f"kernel '{name}' takes {len(k.params)} arguments, {len(args)} given")
    out = (_capi.Arg * len(args))()
    for a, p, c in zip(args, k.params, out):
      if isinstance(a, Buffer): c.kind, c.buffer = _capi.ARG_BUFFER, a.handle
      else: c.kind, c.bits = _capi.ARG_SCALAR, scalar_bits(a, p.dtype)
    return out

  def launch(self, kernel: str, *args, grid=None, block=None) -> None:
    """Launches `kernel` on `args` with `grid` workgroups of `block` threads
    (None: the kernel's known size). Asynchronous on Vulkan and CUDA."""
    a = self.args(kernel, args)
    _check(_capi.Launch(self.handle, self._by_name[kernel][0], _dims(grid), _dims(block), a, len(a)))

  def launch_args(self, kernel: str, args: ctypes.Array, grid=None, block=None) -> None:
    """launch() with the argument array of args(), for a caller that reuses it."""
    self.kernel(kernel)
    if not isinstance(args, ctypes.Array) or args._type_ is not _capi.Arg:
      raise TypeError(f"launch_args takes the array that args() makes, not {type(args).__name__}")
    _check(_capi.Launch(self.handle, self._by_name[kernel][0], _dims(grid), _dims(block), args, len(args)))

  def time(self, kernel: str, *args, grid=None, block=None) -> float:
    """Launches and waits; the kernel's time in seconds (the device's clock)."""
    self.kernel(kernel)
    a, ms = self.args(kernel, args), ctypes.c_double()
    _check(_capi.LaunchTimed(self.handle, self._by_name[kernel][0], _dims(grid), _dims(block), a, len(a), ctypes.byref(ms)))
    return ms.value * 1e-3

from tolk.launch_queue import LaunchQueue  # noqa: E402 (it needs nothing above)
