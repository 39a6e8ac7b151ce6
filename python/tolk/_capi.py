"""ctypes declarations of include/tolk-c/Runtime.h, in one place.

The package loads the runtime's shared library, libTolkRuntimeC.so, with
ctypes rather than a compiled extension: the C API is plain structs and
functions, so the declarations below are all the binding needs, and the
package builds with nothing but the library. The library is found, in
order, at $TOLK_RUNTIME_LIBRARY, beside an installed package
(<prefix>/lib/python3/dist-packages/tolk -> <prefix>/lib), and in the
build tree of a source checkout (python/tolk -> build/lib).
"""
from __future__ import annotations

import ctypes
import os

API_VERSION = 1
LIBRARY = "libTolkRuntimeC.so"

def _candidates():
  if (env := os.environ.get("TOLK_RUNTIME_LIBRARY")): yield env
  here = os.path.dirname(os.path.abspath(__file__))
  yield os.path.join(here, "..", "..", "..", LIBRARY)          # installed
  yield os.path.join(here, "..", "..", "build", "lib", LIBRARY)  # source tree

def _load() -> ctypes.CDLL:
  tried = []
  for path in _candidates():
    path = os.path.normpath(path)
    tried.append(path)
    if os.path.exists(path): return ctypes.CDLL(path)
  raise ImportError(f"tolk: {LIBRARY} not found (looked at {', '.join(tried)}); set TOLK_RUNTIME_LIBRARY")

# ** types **

class Status(ctypes.c_void_p): pass

class Device(ctypes.Structure): _fields_ = [("id", ctypes.c_uint64)]
class Buffer(ctypes.Structure): _fields_ = [("id", ctypes.c_uint64)]
class Program(ctypes.Structure): _fields_ = [("id", ctypes.c_uint64)]

BACKEND_HOST, BACKEND_VULKAN, BACKEND_CUDA = 0, 1, 2
ERROR_INVALID_ARGUMENT, ERROR_INVALID_HANDLE, ERROR_UNAVAILABLE, ERROR_COMPILE_FAILED = 1, 2, 3, 4
ERROR_LAUNCH_FAILED, ERROR_OUT_OF_MEMORY, ERROR_INTERNAL = 5, 6, 7
PARAM_BUFFER, PARAM_SCALAR, PARAM_IMAGE = 0, 1, 2
ARG_BUFFER, ARG_SCALAR = 0, 1

class DeviceOptions(ctypes.Structure):
  _fields_ = [("backend", ctypes.c_int), ("deviceIndex", ctypes.c_uint32), ("chip", ctypes.c_char_p),
              ("cudaDriverLibrary", ctypes.c_char_p), ("hostThreads", ctypes.c_uint32), ("hostBoundsCheck", ctypes.c_bool)]

class DeviceInfo(ctypes.Structure):
  _fields_ = [("backend", ctypes.c_int), ("name", ctypes.c_char_p), ("memorySafety", ctypes.c_char_p),
              ("hostThreads", ctypes.c_uint32), ("maxLanes", ctypes.c_uint32)]

class KernelInfo(ctypes.Structure):
  _fields_ = [("name", ctypes.c_char_p), ("module", ctypes.c_char_p), ("function", ctypes.c_char_p),
              ("numParams", ctypes.c_uint32), ("hasKnownGrid", ctypes.c_bool), ("knownGrid", ctypes.c_uint32 * 3),
              ("hasKnownBlock", ctypes.c_bool), ("knownBlock", ctypes.c_uint32 * 3)]

class ParamInfo(ctypes.Structure):
  _fields_ = [("kind", ctypes.c_int), ("dtype", ctypes.c_char_p), ("itemSize", ctypes.c_uint32),
              ("elementType", ctypes.c_char_p), ("count", ctypes.c_int64), ("lanes", ctypes.c_uint32),
              ("minBytes", ctypes.c_uint64), ("imageShape", ctypes.c_int64 * 3)]

class Arg(ctypes.Structure):
  _fields_ = [("kind", ctypes.c_int), ("buffer", Buffer), ("bits", ctypes.c_uint64)]

# ** functions **
# Bound on first use (module __getattr__), so that `import tolk` works without
# the library and the first call says where it looked.

P = ctypes.POINTER
_SIGNATURES = {
  "GetApiVersion": ("tolkRtGetApiVersion", ctypes.c_uint32),
  "StatusGetMessage": ("tolkRtStatusGetMessage", ctypes.c_char_p, Status),
  "StatusGetCode": ("tolkRtStatusGetCode", ctypes.c_int, Status),
  "StatusDestroy": ("tolkRtStatusDestroy", None, Status),
  "BackendGetName": ("tolkRtBackendGetName", ctypes.c_char_p, ctypes.c_int),
  "DeviceOptionsInit": ("tolkRtDeviceOptionsInit", None, P(DeviceOptions)),
  "BackendCheckAvailable": ("tolkRtBackendCheckAvailable", Status, P(DeviceOptions)),
  "DeviceCreate": ("tolkRtDeviceCreate", Status, P(DeviceOptions), P(Device)),
  "DeviceDestroy": ("tolkRtDeviceDestroy", Status, Device),
  "DeviceGetInfo": ("tolkRtDeviceGetInfo", Status, Device, P(DeviceInfo)),
  "DeviceSynchronize": ("tolkRtDeviceSynchronize", Status, Device),
  "BufferAllocate": ("tolkRtBufferAllocate", Status, Device, ctypes.c_uint64, P(Buffer)),
  "BufferCreateView": ("tolkRtBufferCreateView", Status, Buffer, ctypes.c_uint64, ctypes.c_uint64, P(Buffer)),
  "BufferFree": ("tolkRtBufferFree", Status, Buffer),
  "BufferWrite": ("tolkRtBufferWrite", Status, Buffer, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint64),
  "BufferRead": ("tolkRtBufferRead", Status, Buffer, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint64),
  "BufferGetSize": ("tolkRtBufferGetSize", Status, Buffer, P(ctypes.c_uint64)),
  "ProgramCreate": ("tolkRtProgramCreate", Status, Device, ctypes.c_char_p, ctypes.c_size_t, P(Program)),
  "ProgramDestroy": ("tolkRtProgramDestroy", Status, Program),
  "ProgramGetNumKernels": ("tolkRtProgramGetNumKernels", Status, Program, P(ctypes.c_size_t)),
  "ProgramGetKernel": ("tolkRtProgramGetKernel", Status, Program, ctypes.c_size_t, P(KernelInfo)),
  "ProgramFindKernel": ("tolkRtProgramFindKernel", Status, Program, ctypes.c_char_p, P(ctypes.c_size_t)),
  "ProgramGetParam": ("tolkRtProgramGetParam", Status, Program, ctypes.c_size_t, ctypes.c_size_t, P(ParamInfo)),
  "Launch": ("tolkRtLaunch", Status, Program, ctypes.c_char_p, P(ctypes.c_uint32), P(ctypes.c_uint32), P(Arg),
             ctypes.c_size_t),
  "LaunchTimed": ("tolkRtLaunchTimed", Status, Program, ctypes.c_char_p, P(ctypes.c_uint32), P(ctypes.c_uint32),
                  P(Arg), ctypes.c_size_t, P(ctypes.c_double)),
}

def _bind() -> None:
  lib = _load()
  g = globals()
  for py, (name, restype, *argtypes) in _SIGNATURES.items():
    f = getattr(lib, name)
    f.restype, f.argtypes = restype, argtypes
    g[py] = f
  g["lib"] = lib
  if g["GetApiVersion"]() != API_VERSION:
    raise ImportError(f"tolk: {LIBRARY} has API version {g['GetApiVersion']()}, the package expects {API_VERSION}")

def __getattr__(name):
  if name in _SIGNATURES or name == "lib":
    _bind()
    return globals()[name]
  raise AttributeError(name)
