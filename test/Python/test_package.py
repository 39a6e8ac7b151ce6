# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Python package over the runtime's C API: compile, buffers from and to
numpy, launch, read back, time; every error a Python exception with Tolk's
message. Results are compared bit for bit."""
import ctypes
import os

import numpy as np
import pytest

import tolk

SCALE = """
gpu.module @m {
  gpu.func @scale(%x: !tolk.ptr<f32, global>, %y: !tolk.ptr<f32, global>,
                  %s: !tolk.ptr<f32, alu>, %n: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 4096>})
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %nv = tolk.load %n : !tolk.ptr<si32, alu> -> si32
    %sv = tolk.load %s : !tolk.ptr<f32, alu> -> f32
    %ok = tolk.cmplt %i, %nv : (si32, si32) -> i1
    %zero = tolk.const 0.0 : f32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px if %ok else %zero : !tolk.ptr<f32, global> -> f32
    %r = tolk.mul %v, %sv : (f32, f32) -> f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %py, %r if %ok : !tolk.ptr<f32, global>, f32
    gpu.return
  }
  gpu.func @empty() kernel {
    gpu.return
  }
}
"""

def test_launch_reads_back_exact_bits(device):
  x = np.arange(100, dtype=np.float32) * np.float32(0.1)
  prog = device.compile(SCALE)
  assert [k.name for k in prog.kernels] == ["scale", "empty"]
  k = prog.kernel("scale")
  assert [p.kind for p in k.params] == ["buffer", "buffer", "scalar", "scalar"]
  assert k.known_block == (64, 1, 1)
  bx, by = device.buffer_from(x), device.buffer(x.nbytes)
  prog.launch("scale", bx, by, 3.0, 100, grid=(2, 1, 1))
  got = by.numpy(np.float32)
  assert got.view(np.uint32).tolist() == (x * np.float32(3.0)).view(np.uint32).tolist()

F64_TO_F16 = """
gpu.module @m {
  gpu.func @narrow(%x: !tolk.ptr<f64, global, 4>, %y: !tolk.ptr<f16, global, 4>) kernel {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f64, global, 4>, si32
    %v = tolk.load %px : !tolk.ptr<f64, global, 4> -> f64
    %h = tolk.cast %v : f64 to f16
    %py = tolk.index %y[%i] : !tolk.ptr<f16, global, 4>, si32
    tolk.store %py, %h : !tolk.ptr<f16, global, 4>, f16
    gpu.return
  }
}
"""

def test_libgcc_helpers_resolve_in_a_ctypes_process(device):
  # The host's f64 to f16 cast is a call of libgcc's __truncdfhf2, which the
  # JIT must find although ctypes loaded the runtime (and libgcc_s) locally.
  # 1 + 2^-11 + 2^-40 rounds up to 1 + 2^-10 (0x3c01) only in one rounding.
  x = np.array([1.0 + 2.0**-11 + 2.0**-40, -65520.0, 2.0**-25, 3.0], dtype=np.float64)
  prog = device.compile(F64_TO_F16)
  bx, by = device.buffer_from(x), device.buffer(8)
  prog.launch("narrow", bx, by, grid=(4, 1, 1), block=(1, 1, 1))
  assert by.numpy(np.uint16).tolist() == [0x3C01, 0xFC00, 0x0000, 0x4200]

def test_buffers_round_trip_every_numpy_type(device):
  for dt in (np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64,
             np.float16, np.float32, np.float64):
    a = (np.arange(37) * 7 - 50).astype(dt)
    b = device.buffer_from(a)
    assert b.nbytes == a.nbytes
    assert b.numpy(dt).tobytes() == a.tobytes()
    assert b.numpy(dt, shape=(37,), offset=0).shape == (37,)

def test_partial_write_and_read(device):
  b = device.buffer(16)
  b.write(np.array([1, 2], dtype=np.uint32), offset=8)
  assert b.numpy(np.uint32).tolist() == [0, 0, 1, 2]
  assert b.numpy(np.uint32, shape=(1,), offset=12).tolist() == [2]

def test_timed_launch(device):
  prog = device.compile(SCALE)
  t = prog.time("empty", grid=(1, 1, 1), block=(1, 1, 1))
  assert t >= 0.0

def test_second_compile_is_cached(host):
  import time
  host.compile(SCALE)
  start = time.perf_counter()
  host.compile(SCALE)
  assert time.perf_counter() - start < 0.05

def test_compile_error_carries_the_diagnostic(host):
  with pytest.raises(tolk.CompileError) as e:
    host.compile("gpu.module @m {\n  gpu.func @k() kernel {\n    %x = tolk.nope\n    gpu.return\n  }\n}\n")
  assert "3:" in str(e.value)

def test_wrong_arguments_are_errors(host):
  prog = host.compile(SCALE)
  b = host.buffer(400)
  with pytest.raises(tolk.InvalidArgumentError, match="4 arguments, 1 given"):
    prog.launch("scale", b, grid=(2, 1, 1))
  with pytest.raises(tolk.TolkError):
    prog.launch("nope", grid=(1, 1, 1))

def test_freed_buffer_is_an_error(host):
  prog = host.compile(SCALE)
  a, b = host.buffer(400), host.buffer(400)
  h = b.handle
  b.free()
  with pytest.raises(tolk.InvalidHandleError):
    b.numpy()
  # the handle itself, given to the C API after the free
  args = prog.args("scale", (a, a, 1.0, 100))
  args[1].buffer = h
  with pytest.raises(tolk.InvalidHandleError):
    prog.launch_args("scale", args, grid=(2, 1, 1))

def test_out_of_bounds_on_the_host_is_a_launch_error(host):
  prog = host.compile(SCALE)
  small = host.buffer(16)
  with pytest.raises(tolk.LaunchError):
    prog.launch("scale", small, small, 1.0, 100, grid=(2, 1, 1))
  # the device stays usable
  x = host.buffer_from(np.ones(100, dtype=np.float32))
  prog.launch("scale", x, x, 2.0, 100, grid=(2, 1, 1))
  assert x.numpy(np.float32).tolist() == [2.0] * 100

def test_scalar_bits():
  assert tolk.scalar_bits(-1, "i8") == 0xFF
  assert tolk.scalar_bits(1.0, "f16") == 0x3C00
  assert tolk.scalar_bits(1.0, "bf16") == 0x3F80
  assert tolk.scalar_bits(True, "bool") == 1
  with pytest.raises(tolk.InvalidArgumentError):
    tolk.scalar_bits(1.5, "fp8e4m3")

def test_missing_cuda_driver_is_unavailable():
  why = tolk.available("cuda", cuda_driver_library="libcuda-that-is-not-there.so")
  assert why is not None
  with pytest.raises(tolk.UnavailableError):
    tolk.Device("cuda", cuda_driver_library="libcuda-that-is-not-there.so")

class _FakeCudaStats(ctypes.Structure):
  # test/Unit/Runtime/FakeCudaDriver.h
  _fields_ = [(name, ctypes.c_long) for name in (
      "live_allocations", "live_modules", "live_events", "retained_contexts", "launches", "copies",
      "live_arrays", "live_surfaces", "pending_launches", "late_releases")]

@pytest.mark.skipif(not os.environ.get("TOLK_FAKE_CUDA_DRIVER"), reason="no stand-in CUDA driver (TOLK_FAKE_CUDA_DRIVER)")
def test_fake_cuda_launches_are_asynchronous():
  lib = os.environ["TOLK_FAKE_CUDA_DRIVER"]
  if tolk.available("cuda", cuda_driver_library=lib) is not None: pytest.skip("the stand-in driver does not open")
  # The library the runtime opens (the same path: the same counters).
  fake = ctypes.CDLL(lib)
  fake.tolkFakeCudaStats.restype = _FakeCudaStats
  fake.tolkFakeCudaFaultAtLaunch.argtypes = [ctypes.c_long]
  with tolk.Device("cuda", cuda_driver_library=lib) as d:
    prog = d.compile(SCALE)
    bx, by = d.buffer_from(np.ones(64, dtype=np.float32)), d.buffer(256)
    fake.tolkFakeCudaReset()
    prog.launch("scale", bx, by, 2.0, 64, grid=(1, 1, 1))
    prog.launch("scale", bx, by, 2.0, 64, grid=(1, 1, 1))
    assert fake.tolkFakeCudaStats().pending_launches == 2
    d.synchronize()
    assert fake.tolkFakeCudaStats().pending_launches == 0
    # A kernel's fault shows at the next synchronize, naming the launch.
    fake.tolkFakeCudaFaultAtLaunch(3)
    prog.launch("scale", bx, by, 2.0, 64, grid=(1, 1, 1))
    with pytest.raises(tolk.LaunchError, match=r"CUDA_ERROR_ILLEGAL_ADDRESS \(700\).*\(launch 3 of kernel 'scale'\)"):
      d.synchronize()
    d.synchronize()
    assert fake.tolkFakeCudaStats().late_releases == 0

@pytest.mark.skipif(not os.environ.get("TOLK_FAKE_CUDA_DRIVER"), reason="no stand-in CUDA driver (TOLK_FAKE_CUDA_DRIVER)")
def test_fake_cuda_driver_buffers():
  lib = os.environ["TOLK_FAKE_CUDA_DRIVER"]
  if tolk.available("cuda", cuda_driver_library=lib) is not None: pytest.skip("the stand-in driver does not open")
  with tolk.Device("cuda", cuda_driver_library=lib) as d:
    a = np.arange(10, dtype=np.int32)
    assert d.buffer_from(a).numpy(np.int32).tolist() == a.tolist()

def test_python_arguments_out_of_range_are_errors(host):
  # What ctypes would wrap silently (a negative size, a 2^32 launch) is an
  # error before the C API sees it.
  prog = host.compile(SCALE)
  b = host.buffer(400)
  for bad in (-1, 1 << 64):
    with pytest.raises(tolk.InvalidArgumentError, match="a buffer size"):
      host.buffer(bad)
  with pytest.raises(tolk.InvalidArgumentError, match="an offset -4"):
    b.write(b"abcd", offset=-4)
  with pytest.raises(TypeError, match="an offset must be an integer"):
    b.write(b"abcd", offset=2.5)
  for grid in ((-1, 1, 1), (1 << 32, 1, 1), (1, 1, 1, 1)):
    with pytest.raises(tolk.InvalidArgumentError):
      prog.launch("scale", b, b, 1.0, 100, grid=grid)
  with pytest.raises(tolk.InvalidArgumentError, match="threads"):
    tolk.Device("host", threads=1 << 40)
  with pytest.raises(tolk.InvalidArgumentError, match="more than the buffer's 400 bytes"):
    b.numpy(np.float32, shape=(1 << 40,))
  with pytest.raises(tolk.InvalidArgumentError, match="does not fit"):
    tolk.scalar_bits(float("inf"), "i32")
  with pytest.raises(tolk.InvalidArgumentError, match="does not fit"):
    tolk.scalar_bits(1e6, "f16")
  with pytest.raises(TypeError, match="a kernel name is a str"):
    prog.kernel(None)
  with pytest.raises(TypeError, match="launch_args takes"):
    prog.launch_args("scale", [b, b, 1.0, 100], grid=(2, 1, 1))

def test_out_of_memory_is_an_error(device):
  with pytest.raises(tolk.OutOfMemoryError, match="cannot allocate 70368744177664 bytes"):
    device.buffer(1 << 46)
  # the device still allocates
  assert device.buffer_from(np.arange(4, dtype=np.int32)).numpy(np.int32).tolist() == [0, 1, 2, 3]

def test_views_share_their_buffers_bytes(device):
  prog = device.compile(SCALE)
  whole = device.buffer_from(np.full(256, 7.0, dtype=np.float32))
  x, y = whole.view(256, 64 * 4), whole.view(512, 64 * 4)
  assert (x.memory_offset, y.memory_offset, x.nbytes) == (256, 512, 256)
  x.write(np.arange(64, dtype=np.float32))
  prog.launch("scale", x, y, 0.5, 64, grid=(1, 1, 1))
  out = whole.numpy(np.float32)
  expected = np.full(256, 7.0, dtype=np.float32)
  expected[64:128] = np.arange(64, dtype=np.float32)
  expected[128:192] = np.arange(64, dtype=np.float32) * np.float32(0.5)
  assert out.tobytes() == expected.tobytes()
  front = y.view(0, 8)
  assert front.memory_offset == 512
  del whole, x, y
  assert front.numpy(np.float32).tolist() == [0.0, 0.5]
  with pytest.raises(tolk.InvalidArgumentError, match="a view at byte 516 of its allocation: a view starts at a multiple of 256 bytes"):
    front.view(4, 4)

INC8 = """
gpu.module @m {
  gpu.func @inc8(%x: !tolk.ptr<si8, global, 1>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %zero = tolk.const 0 : si32
    %one = tolk.const 1 : si8
    %p = tolk.index %x[%zero] : !tolk.ptr<si8, global, 1>, si32
    %v = tolk.load %p : !tolk.ptr<si8, global, 1> -> si8
    %s = tolk.add %v, %one : (si8, si8) -> si8
    tolk.store %p, %s : !tolk.ptr<si8, global, 1>, si8
    gpu.return
  }
}
"""

def test_a_one_byte_view_changes_its_byte_only(device):
  prog = device.compile(INC8)
  whole = device.buffer_from(np.arange(1024, dtype=np.uint16).astype(np.int8))
  for off in (256, 512, 768):
    prog.launch("inc8", whole.view(off, 1), grid=(1, 1, 1))
  want = np.arange(1024, dtype=np.uint16).astype(np.int8)
  want[[256, 512, 768]] += 1
  assert whole.numpy(np.int8).tobytes() == want.tobytes()
