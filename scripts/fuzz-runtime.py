#!/usr/bin/env python3
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fuzzes the runtime's C API (libTolkRuntimeC.so, through ctypes) and the
Python package `tolk` with random sequences of calls.

Each step is one call, chosen at random, on the C API or on the package:
open and destroy devices (host, Vulkan, CUDA on the stand-in driver where
TOLK_FAKE_CUDA_DRIVER names it, unknown backends, odd options), allocate,
write, read and free buffers of odd sizes and at odd offsets, compile good,
cut-off and garbled modules, describe kernels and parameters, launch with
the right and wrong kernels, argument counts, kinds, buffers and sizes;
and on every handle: live ones, freed or destroyed ones, forged ids (0, the
largest ids, ids never made), handles of another kind or another device.
The calls keep to what the C API's contract lets a caller do (every pointer
points at as many bytes as the call may touch), so that anything that goes
wrong is the library's fault.

A finding is:
  - a crash or a hang of the process (each seed runs in its own process);
  - a C call whose failure has no error code or no message, or whose result
    contradicts what the fuzzer knows (a call on a freed handle that does
    not fail with TolkRtErrorInvalidHandle; a call on live handles with good
    arguments that fails; a buffer read back that lost what was written);
  - a package call that raises anything but a TolkError, a TypeError or a
    ValueError, or one with an empty message, or that accepts what it must
    not (a negative size or a launch size that does not fit in 32 bits).

  scripts/fuzz-runtime.py --seed 1 --calls 2000          (a seeded run, CI)
  scripts/fuzz-runtime.py --seed 1 --minutes 30 -j 2    (a long campaign)

The campaign runs seeds SEED, SEED+1, ... of --calls each until --seeds or
--minutes is spent, and prints

  fuzz-runtime: N calls, S successes, E errors, F findings (seeds A..B)

A finding prints its seed and how to replay it (--replay SEED --trace prints
each call). The library is $TOLK_RUNTIME_LIBRARY, else the build tree's
(build/lib, or TOLK_BUILD_DIR's). Exit status: 1 when anything was found.
"""

import argparse
import ctypes
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

# ---------------------------------------------------------------------------
# Modules
# ---------------------------------------------------------------------------

KERNELS = """
gpu.module @k {
  gpu.func @scale(%x: !tolk.ptr<f32, global, 4>, %y: !tolk.ptr<f32, global, 4>,
                  %s: !tolk.ptr<f32, alu>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global, 4>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global, 4> -> f32
    %sv = tolk.load %s : !tolk.ptr<f32, alu> -> f32
    %r = tolk.mul %v, %sv : f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global, 4>, si32
    tolk.store %py, %r : !tolk.ptr<f32, global, 4>, f32
    gpu.return
  }
  gpu.func @copy(%x: !tolk.ptr<si32, global>, %y: !tolk.ptr<si32, global>)
      kernel {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    %v = tolk.load %px : !tolk.ptr<si32, global> -> si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global>, si32
    tolk.store %py, %v : !tolk.ptr<si32, global>, si32
    gpu.return
  }
  gpu.func @small(%b: !tolk.ptr<si8, global>, %h: !tolk.ptr<f16, alu>,
                  %t: !tolk.ptr<i1, alu>, %w: !tolk.ptr<si64, alu>)
      kernel attributes {known_block_size = array<i32: 1, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
  gpu.func @empty()
      kernel attributes {known_block_size = array<i32: 1, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}
func.func @twice(%a: tensor<8xsi32>) -> tensor<8xsi32> {
  %r = tolk.add %a, %a : tensor<8xsi32>
  return %r : tensor<8xsi32>
}
"""
# Two gpu.modules with a kernel of the same name: "copy" alone is ambiguous.
TWO_MODULES = """
gpu.module @a {
  gpu.func @copy() kernel attributes {known_block_size = array<i32: 1, 1, 1>,
                                      known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}
gpu.module @b {
  gpu.func @copy() kernel attributes {known_block_size = array<i32: 1, 1, 1>,
                                      known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}
"""
GOOD_TEXTS = [KERNELS, TWO_MODULES]
KERNEL_NAMES = ["scale", "copy", "small", "empty", "twice", "k::copy",
                "k::scale", "a::copy", "b::copy", "copy", "nope", "", "::",
                "k::", "::copy", "a::b::c", "k::twice", "x" * 300,
                "\xe9t\xe9", "co\x01py"]

# Sizes: small, odd, word-sized, the kernels' declared ones, large.
SIZES = [1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 100, 255, 256,
         1000, 1024, 4096, 65536, 1 << 20]
HUGE = [1 << 40, 1 << 46, 1 << 62, (1 << 63) - 1, 1 << 63, (1 << 64) - 1]
MAX_BYTES = 1 << 20
DIMS = [0, 1, 2, 3, 4, 8, 16, 64, 256, 1024, 65536, (1 << 31) - 1,
        (1 << 32) - 1]


def mutate_text(rng, text):
    """A module that may or may not parse: cut, spliced, garbled."""
    how = rng.randrange(7)
    if how == 0:
        return text[:rng.randrange(len(text))]
    if how == 1:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["}", "{", "%", "!", "<", ">", "\0",
                                      "\xff", "gpu.func", "99999999999"]) + \
            text[i:]
    if how == 2:
        lines = text.split("\n")
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if how == 3:
        return text.replace("si32", rng.choice(["si64", "f32", "i1", "si3",
                                                "bf16", "vector<4xsi32>"]))
    if how == 4:
        return text.replace("array<i32: 4, 1, 1>",
                            rng.choice(["array<i32: 0, 1, 1>",
                                        "array<i32: -1, 1, 1>",
                                        "array<i32: 4294967295, 1, 1>",
                                        "array<i32: 4>"]))
    if how == 5:
        return "".join(chr(rng.randrange(1, 128)) for _ in
                       range(rng.randrange(0, 200)))
    return "{" * rng.randrange(1, 5000)


# ---------------------------------------------------------------------------
# The worker: one seed, in its own process
# ---------------------------------------------------------------------------


class Finding(Exception):
    pass


class Worker:
    def __init__(self, seed, calls, trace, backends):
        import tolk
        from tolk import _capi
        self.tolk, self.c = tolk, _capi
        self.rng = random.Random(seed)
        self.seed, self.calls, self.trace = seed, calls, trace
        self.backends = backends
        self.stats = {"calls": 0, "ok": 0, "errors": 0}
        # What the fuzzer knows of the C API's handles: id -> record.
        self.devices = {}   # id -> {"backend": str}
        self.buffers = {}   # id -> {"device": id, "size": n, "shadow": bytes|None}
        self.programs = {}  # id -> {"device": id, "text": str}
        self.dead = []      # ids freed or destroyed, of any kind
        self.max_id = 0
        # The package's objects.
        self.py_devices, self.py_buffers, self.py_programs = [], [], []
        self.fake_cuda = os.environ.get("TOLK_FAKE_CUDA_DRIVER")
        # A backend this machine lacks is not fuzzed as one that opens.
        self.backends = [b for b in backends if tolk.available(b) is None]

    # -- outcomes -------------------------------------------------------

    def log(self, what):
        if self.trace:
            print(f"  [{self.stats['calls']}] {what}", file=sys.stderr,
                  flush=True)

    def status(self, st, what, expect=None):
        """Reads and destroys a C status; checks it against `expect`:
        None (anything), "ok", "fail" or an error code. Returns the code
        (0 for success)."""
        self.stats["calls"] += 1
        if not st.value:
            code, message = 0, ""
            self.stats["ok"] += 1
        else:
            message = self.c.StatusGetMessage(st)
            code = self.c.StatusGetCode(st)
            self.c.StatusDestroy(st)
            self.stats["errors"] += 1
            if code not in range(1, 8):
                raise Finding(f"{what}: error code {code} is not a "
                              f"TolkRtErrorCode")
            if not message:
                raise Finding(f"{what}: error {code} without a message")
            message = message.decode(errors="replace")
        self.log(f"{what} -> {code} {message[:200]!r}")
        if expect == "ok" and code != 0:
            raise Finding(f"{what}: failed ({code}: {message})")
        if expect == "fail" and code == 0:
            raise Finding(f"{what}: succeeded but must fail")
        if isinstance(expect, int) and code != expect:
            raise Finding(f"{what}: gave {code} ({message}), expected "
                          f"{expect}")
        return code

    # -- handles --------------------------------------------------------

    def note(self, hid):
        self.max_id = max(self.max_id, hid)

    def pick(self, live, kind):
        """A handle id for a `kind` call, and whether it is good: live of
        the kind, or a bad one (dead, forged, zero, another kind)."""
        r = self.rng.random()
        if live and r < 0.8:
            return self.rng.choice(list(live)), True
        # The package's handles are live ones the C side did not make.
        py_ids = {o._handle.id for o in self.py_devices + self.py_buffers +
                  self.py_programs if getattr(o, "_handle", None)}
        if py_ids:
            self.note(max(py_ids))
        bad = [0, (1 << 64) - 1, (1 << 64) - 2, self.max_id + 1,
               self.max_id + 1000, self.rng.randrange(1 << 64)]
        others = [h for k, d in (("device", self.devices),
                                 ("buffer", self.buffers),
                                 ("program", self.programs)) if k != kind
                  for h in d]
        bad += others[:5]
        bad += self.dead[-5:]
        bad = [h for h in bad if h not in py_ids] or [0]
        h = self.rng.choice(bad)
        # A random id may be a live one of the kind.
        return h, h in live

    def forget_device(self, dev):
        self.devices.pop(dev, None)
        self.dead.append(dev)
        for table in (self.buffers, self.programs):
            for h in [h for h, r in table.items() if r["device"] == dev]:
                del table[h]
                self.dead.append(h)

    # -- C API steps ----------------------------------------------------

    def c_device_create(self):
        c = self.c
        opts = c.DeviceOptions()
        c.DeviceOptionsInit(ctypes.byref(opts))
        backend = self.rng.choice(self.backends + ["cuda", "bad"])
        # "ok": must open; "fail": must not; None: either (CUDA).
        expect = "ok" if backend in ("host", "vulkan") else \
            None if backend == "cuda" else "fail"
        opts.backend = {"host": 0, "vulkan": 1, "cuda": 2}.get(
            backend, self.rng.choice([3, 9, -1, 1 << 30]))
        if self.rng.random() < 0.2:
            opts.deviceIndex = self.rng.choice([1, 7, (1 << 32) - 1])
            expect = expect and "fail"
        if backend == "host":
            # Many threads on a few shared cores: 8 at most of the good.
            opts.hostThreads = self.rng.choice([0, 1, 2, 3, 8, 1025,
                                                (1 << 32) - 1])
            if opts.hostThreads > 1024:
                expect = "fail"
            opts.hostBoundsCheck = self.rng.random() < 0.9
        chip = self.rng.choice([None, b"", b"sm_90", b"sm_0", b"gfx90a",
                                b"\xff" * 40])
        opts.chip = chip
        if backend == "cuda":
            opts.cudaDriverLibrary = self.rng.choice(
                [b"/nonexistent/libcuda.so",
                 self.fake_cuda.encode() if self.fake_cuda else b""])
        if len(self.devices) >= 3:
            return self.c_device_destroy()
        dev = c.Device()
        what = f"DeviceCreate({backend}, index {opts.deviceIndex}, " \
               f"threads {opts.hostThreads}, chip {chip!r})"
        if self.rng.random() < 0.05:
            self.status(c.DeviceCreate(None, ctypes.byref(dev)), what +
                        " with no options", c.ERROR_INVALID_ARGUMENT)
            return
        if self.rng.random() < 0.05:
            self.status(c.BackendCheckAvailable(ctypes.byref(opts)),
                        "BackendCheckAvailable " + what, expect)
            return
        code = self.status(c.DeviceCreate(ctypes.byref(opts),
                                          ctypes.byref(dev)), what, expect)
        if code == 0:
            self.note(dev.id)
            if dev.id in self.devices or dev.id in self.dead:
                raise Finding(f"{what}: id {dev.id} given twice")
            # Launches run only where the device checks bounds: without the
            # check, an access out of bounds is the caller's fault.
            self.devices[dev.id] = {
                "backend": backend,
                "checked": backend != "host" or opts.hostBoundsCheck}
            info = c.DeviceInfo()
            self.status(c.DeviceGetInfo(dev, ctypes.byref(info)),
                        "DeviceGetInfo", "ok")
            if not info.name or info.memorySafety is None:
                raise Finding("DeviceGetInfo: no name")

    def c_device_destroy(self):
        h, good = self.pick(self.devices, "device")
        self.status(self.c.DeviceDestroy(self.c.Device(h)),
                    f"DeviceDestroy({h})",
                    None if good else self.c.ERROR_INVALID_HANDLE)
        # A live device's destroy may return a pending launch's failure, but
        # the device is gone either way.
        if good:
            self.forget_device(h)

    def c_device_info(self):
        c = self.c
        h, good = self.pick(self.devices, "device")
        which = self.rng.randrange(3)
        if which == 0:
            info = c.DeviceInfo()
            self.status(c.DeviceGetInfo(c.Device(h), ctypes.byref(info)),
                        f"DeviceGetInfo({h})",
                        "ok" if good else c.ERROR_INVALID_HANDLE)
        elif which == 1:
            self.status(c.DeviceGetInfo(c.Device(h), None),
                        f"DeviceGetInfo({h}, NULL)", "fail")
        else:
            self.status(c.DeviceSynchronize(c.Device(h)),
                        f"DeviceSynchronize({h})",
                        None if good else c.ERROR_INVALID_HANDLE)

    def c_buffer_allocate(self):
        c = self.c
        h, good = self.pick(self.devices, "device")
        r = self.rng.random()
        size = (0 if r < 0.05 else self.rng.choice(HUGE) if r < 0.1
                else self.rng.choice(SIZES))
        if len(self.buffers) > 200:
            return self.c_buffer_free()
        buf = c.Buffer()
        what = f"BufferAllocate({h}, {size})"
        if self.rng.random() < 0.03:
            self.status(c.BufferAllocate(c.Device(h), size, None),
                        what + " to NULL", "fail")
            return
        # (The CUDA stand-in driver refuses a huge size as an invalid
        # value, which the device reports as it is.)
        expect = (c.ERROR_INVALID_HANDLE if not good else
                  c.ERROR_INVALID_ARGUMENT if size == 0 else
                  None if size < 1 << 46 else
                  "fail" if self.devices[h]["backend"] == "cuda" else
                  c.ERROR_OUT_OF_MEMORY)
        code = self.status(c.BufferAllocate(c.Device(h), size,
                                            ctypes.byref(buf)), what, expect)
        if code == 0:
            self.note(buf.id)
            if buf.id in self.buffers or buf.id in self.dead:
                raise Finding(f"{what}: id {buf.id} given twice")
            self.buffers[buf.id] = {"device": h, "size": size,
                                    "shadow": bytes(size)}
            got = ctypes.c_uint64()
            self.status(c.BufferGetSize(buf, ctypes.byref(got)),
                        "BufferGetSize", "ok")
            if got.value != size:
                raise Finding(f"{what}: GetSize says {got.value}")
        elif buf.id != 0:
            raise Finding(f"{what}: failed but wrote a handle")

    def c_buffer_free(self):
        h, good = self.pick(self.buffers, "buffer")
        self.status(self.c.BufferFree(self.c.Buffer(h)), f"BufferFree({h})",
                    "ok" if good else self.c.ERROR_INVALID_HANDLE)
        if good:
            del self.buffers[h]
            self.dead.append(h)

    def range_for(self, size):
        """An offset and a byte count: inside `size` mostly, else outside
        (never more than MAX_BYTES past what the host array holds)."""
        r = self.rng.random()
        if size and r < 0.7:
            off = self.rng.randrange(size)
            return off, self.rng.randrange(size - off + 1)
        if r < 0.8:
            return 0, 0
        return (self.rng.choice([0, 1, size, size + 1, (1 << 64) - 1,
                                 (1 << 63)]),
                self.rng.choice([1, size, size + 1, MAX_BYTES * 2,
                                 (1 << 64) - 1]))

    def c_buffer_write_read(self):
        c = self.c
        h, good = self.pick(self.buffers, "buffer")
        size = self.buffers[h]["size"] if good else 64
        off, n = self.range_for(size)
        inside = off <= size and n <= size - off
        # The host array holds every byte the call may touch.
        host = (ctypes.c_char * max(min(n, MAX_BYTES), 1))()
        write = self.rng.random() < 0.5
        if write:
            data = bytes(self.rng.randrange(256)
                         for _ in range(min(n, 64))) * (min(n, MAX_BYTES)
                                                        // 64 + 1)
            data = data[:min(n, MAX_BYTES)]
            ctypes.memmove(host, data, len(data))
        fn = c.BufferWrite if write else c.BufferRead
        what = f"Buffer{'Write' if write else 'Read'}({h}, {off}, {n})"
        ptr = ctypes.addressof(host)
        if n and self.rng.random() < 0.03:
            self.status(fn(c.Buffer(h), off, None, n), what + " NULL",
                        "fail")
            return
        expect = ("ok" if good and inside else
                  c.ERROR_INVALID_HANDLE if not good else "fail")
        dev = self.buffers[h]["device"] if good else None
        rec = self.buffers.get(h) if good else None
        if not write and rec is not None:
            # A read returns the device's first pending launch failure.
            expect = None if inside else "fail"
        code = self.status(fn(c.Buffer(h), off, ptr, n), what, expect)
        if code or rec is None or not inside:
            return
        if write:
            sh = rec["shadow"]
            if sh is not None:
                rec["shadow"] = sh[:off] + data + sh[off + n:]
        elif rec["shadow"] is not None:
            got = bytes(host)[:n]
            want = rec["shadow"][off:off + n]
            if got != want:
                raise Finding(f"{what} on device {dev}: read back other "
                              f"bytes than were written ({got[:16]!r} vs "
                              f"{want[:16]!r})")

    def c_buffer_view(self):
        """A view of a buffer, at an offset of 256 bytes' multiple mostly,
        else at any: its size, and a read that must match the buffer's
        bytes there; then it goes (writes through views would make the
        shadows alias)."""
        c = self.c
        h, good = self.pick(self.buffers, "buffer")
        size = self.buffers[h]["size"] if good else 64
        r = self.rng.random()
        if r < 0.6 and size:
            off = self.rng.randrange(0, size, 256)
            n = self.rng.randrange(size - off + 1)
        else:
            off, n = self.range_for(size)
        view = c.Buffer()
        what = f"BufferCreateView({h}, {off}, {n})"
        if self.rng.random() < 0.03:
            self.status(c.BufferCreateView(c.Buffer(h), off, n, None),
                        what + " to NULL", "fail")
            return
        inside = off <= size and n <= size - off
        expect = ("ok" if good and inside and n and off % 256 == 0 else
                  c.ERROR_INVALID_HANDLE if not good else
                  c.ERROR_INVALID_ARGUMENT)
        code = self.status(c.BufferCreateView(c.Buffer(h), off, n,
                                              ctypes.byref(view)), what, expect)
        if code:
            if view.id != 0:
                raise Finding(f"{what}: failed but wrote a handle")
            return
        got = ctypes.c_uint64()
        self.status(c.BufferGetSize(view, ctypes.byref(got)), "BufferGetSize",
                    "ok")
        if got.value != n:
            raise Finding(f"{what}: GetSize says {got.value}")
        host = (ctypes.c_char * min(n, MAX_BYTES))()
        # A read returns the device's first pending launch failure.
        code = self.status(c.BufferRead(view, 0, ctypes.addressof(host),
                                        len(host)), what + " read", None)
        sh = self.buffers[h]["shadow"]
        if code == 0 and sh is not None and bytes(host) != sh[off:off + len(host)]:
            raise Finding(f"{what}: read other bytes than the buffer's there")
        self.status(c.BufferFree(view), what + " free", "ok")

    def c_program_create(self):
        c = self.c
        h, good = self.pick(self.devices, "device")
        r = self.rng.random()
        text = (self.rng.choice(GOOD_TEXTS) if r < 0.6 else
                mutate_text(self.rng, self.rng.choice(GOOD_TEXTS)))
        data = text.encode("utf-8", errors="surrogateescape")
        prog = c.Program()
        what = f"ProgramCreate({h}, {len(data)} bytes)"
        if self.rng.random() < 0.03:
            self.status(c.ProgramCreate(c.Device(h), None, 5,
                                        ctypes.byref(prog)),
                        what + " NULL text", "fail")
            return
        if len(self.programs) > 20:
            return self.c_program_destroy()
        expect = (c.ERROR_INVALID_HANDLE if not good else
                  None if text not in GOOD_TEXTS else
                  # The CUDA stand-in's device may refuse to compile.
                  "ok" if self.devices[h]["backend"] in ("host", "vulkan")
                  else None)
        code = self.status(c.ProgramCreate(c.Device(h), data, len(data),
                                           ctypes.byref(prog)), what, expect)
        if code == 0:
            self.note(prog.id)
            self.programs[prog.id] = {"device": h, "text": text}

    def c_program_destroy(self):
        h, good = self.pick(self.programs, "program")
        self.status(self.c.ProgramDestroy(self.c.Program(h)),
                    f"ProgramDestroy({h})",
                    "ok" if good else self.c.ERROR_INVALID_HANDLE)
        if good:
            del self.programs[h]
            self.dead.append(h)

    def c_program_describe(self):
        c = self.c
        h, good = self.pick(self.programs, "program")
        n = ctypes.c_size_t()
        bad = None if good else c.ERROR_INVALID_HANDLE
        code = self.status(c.ProgramGetNumKernels(c.Program(h),
                                                  ctypes.byref(n)),
                           f"ProgramGetNumKernels({h})",
                           "ok" if good else bad)
        count = n.value if code == 0 else 3
        k = self.rng.choice([0, count - 1, count, count + 1, 1 << 40,
                             (1 << 64) - 1]) % (1 << 64)
        info = c.KernelInfo()
        code = self.status(c.ProgramGetKernel(c.Program(h), k,
                                              ctypes.byref(info)),
                           f"ProgramGetKernel({h}, {k})",
                           bad if not good else
                           "ok" if k < count else c.ERROR_INVALID_ARGUMENT)
        if code == 0:
            if not info.name:
                raise Finding("ProgramGetKernel: no name")
            nparams = info.numParams
            for p in [0, nparams - 1, nparams, (1 << 64) - 1]:
                p %= 1 << 64
                pi = c.ParamInfo()
                self.status(c.ProgramGetParam(c.Program(h), k, p,
                                              ctypes.byref(pi)),
                            f"ProgramGetParam({h}, {k}, {p})",
                            "ok" if p < nparams else
                            c.ERROR_INVALID_ARGUMENT)
        name = self.rng.choice(KERNEL_NAMES).encode("utf-8",
                                                     "surrogateescape")
        idx = ctypes.c_size_t()
        self.status(c.ProgramFindKernel(c.Program(h), name,
                                        ctypes.byref(idx)),
                    f"ProgramFindKernel({h}, {name[:20]!r})",
                    None if good else bad)
        if self.rng.random() < 0.1:
            self.status(c.ProgramFindKernel(c.Program(h), None,
                                            ctypes.byref(idx)),
                        f"ProgramFindKernel({h}, NULL)", "fail")

    def random_arg(self, prog_dev):
        c = self.c
        a = c.Arg()
        r = self.rng.random()
        if r < 0.6:
            # A buffer, of this device mostly.
            same = [b for b, rec in self.buffers.items()
                    if rec["device"] == prog_dev]
            if same and self.rng.random() < 0.85:
                b = self.rng.choice(same)
            else:
                b, _ = self.pick(self.buffers, "buffer")
            a.kind, a.buffer.id = c.ARG_BUFFER, b
        elif r < 0.95:
            a.kind = c.ARG_SCALAR
            a.bits = self.rng.choice([0, 1, 2, 0x3F800000, 0xFFFF, 0x10000,
                                      (1 << 32) - 1, 1 << 32,
                                      (1 << 64) - 1])
        else:
            a.kind = self.rng.choice([2, -1, 1 << 20])
            a.buffer.id = self.rng.randrange(1 << 64)
        return a

    def c_launch(self):
        c = self.c
        h, good = self.pick(self.programs, "program")
        prog_dev = self.programs[h]["device"] if good else None
        if good and not self.devices[prog_dev]["checked"]:
            return self.c_program_describe()
        name = self.rng.choice(KERNEL_NAMES[:12]).encode()
        nargs = self.rng.choice([0, 1, 2, 2, 3, 3, 4, 5])
        args = (c.Arg * max(nargs, 1))()
        for i in range(nargs):
            args[i] = self.random_arg(prog_dev)

        def dims():
            # Only x may be large: copy's index is the global x id, so a
            # launch large in x stops at its first access out of bounds,
            # where one large in y or z would run every workgroup.
            if self.rng.random() < 0.3:
                return None, "known"
            v = [self.rng.choice(DIMS[:9]), self.rng.choice([0, 1, 1, 1, 2]),
                 self.rng.choice([0, 1, 1, 1, 2])]
            if self.rng.random() < 0.05:
                v[0] = self.rng.choice(DIMS[9:])
            return (ctypes.c_uint32 * 3)(*v), v
        grid, gv = dims()
        block, bv = dims()
        # A launch of copy runs until its first access out of bounds: a
        # grid of 2^32 workgroups stops at once on a small buffer. The
        # empty kernels have known sizes, which a huge grid is not.
        timed = self.rng.random() < 0.1
        what = (f"Launch{'Timed' if timed else ''}({h}, {name!r}, grid {gv},"
                f" block {bv}, {nargs} args "
                f"{[(a.kind, a.buffer.id, a.bits) for a in args[:nargs]]})")
        args_ptr = args if self.rng.random() > 0.03 else None
        expect = None if good else "fail"
        if args_ptr is None and nargs:
            expect = "fail"
        if timed:
            ms = ctypes.c_double(-1)
            code = self.status(c.LaunchTimed(c.Program(h), name, grid, block,
                                             args_ptr, nargs,
                                             ctypes.byref(ms)), what, expect)
            if code == 0 and not ms.value >= 0:
                raise Finding(f"{what}: a time of {ms.value} ms")
        else:
            code = self.status(c.Launch(c.Program(h), name, grid, block,
                                        args_ptr, nargs), what, expect)
        # Whatever a launch (even a failed one) may have written is no
        # longer known.
        for a in args[:nargs]:
            if a.kind == c.ARG_BUFFER and a.buffer.id in self.buffers:
                self.buffers[a.buffer.id]["shadow"] = None

    def c_misc(self):
        c = self.c
        r = self.rng.randrange(4)
        if r == 0:
            b = self.rng.choice([0, 1, 2, 3, -1, 1 << 20])
            name = c.BackendGetName(b)
            if name is None:
                raise Finding(f"BackendGetName({b}) is NULL")
        elif r == 1:
            # A status of NULL: its message is "".
            if c.StatusGetMessage(c.Status()) is None:
                raise Finding("StatusGetMessage(NULL) is NULL")
            c.StatusDestroy(c.Status())
        elif r == 2:
            h, good = self.pick(self.buffers, "buffer")
            self.status(c.BufferGetSize(c.Buffer(h), None),
                        f"BufferGetSize({h}, NULL)", "fail")
        else:
            self.check_counts()

    def check_counts(self):
        """The library's live handles are the fuzzer's."""
        from tolk import _capi
        lib = _capi.lib
        f = lib.tolkRtDebugGetCounts

        class Count(ctypes.Structure):
            _fields_ = [("name", ctypes.c_char_p), ("value", ctypes.c_int64)]
        f.restype = _capi.Status
        f.argtypes = [_capi.Device, ctypes.POINTER(Count), ctypes.c_size_t,
                      ctypes.POINTER(ctypes.c_size_t)]
        n = ctypes.c_size_t()
        self.status(f(_capi.Device(0), None, 0, ctypes.byref(n)),
                    "DebugGetCounts", "ok")
        arr = (Count * n.value)()
        self.status(f(_capi.Device(0), arr, n.value, ctypes.byref(n)),
                    "DebugGetCounts", "ok")
        got = {x.name.decode(): x.value for x in arr}
        py = len(self.py_devices), len(self.py_buffers), len(self.py_programs)
        # The package's objects are handles too; those it freed are gone.
        py_dev = sum(1 for d in self.py_devices if d._handle)
        py_buf = sum(1 for b in self.py_buffers
                     if b._handle and b.device._handle)
        py_prog = sum(1 for p in self.py_programs
                      if p._handle and p.device._handle)
        want = {"handles.devices": len(self.devices) + py_dev,
                "handles.buffers": len(self.buffers) + py_buf,
                "handles.programs": len(self.programs) + py_prog}
        for k, v in want.items():
            if got.get(k) != v:
                raise Finding(f"DebugGetCounts: {k} is {got.get(k)}, the "
                              f"fuzzer holds {v} ({py} in the package)")

    # -- Python package steps -------------------------------------------

    def py_call(self, what, fn, must_fail=False):
        """Calls `fn`; checks that it fails, if at all, with an exception of
        the package's contract and a message."""
        self.stats["calls"] += 1
        tolk = self.tolk
        try:
            result = fn()
        except (tolk.TolkError, TypeError, ValueError) as e:
            self.stats["errors"] += 1
            self.log(f"py {what} -> {type(e).__name__}: {str(e)[:200]!r}")
            if not str(e):
                raise Finding(f"py {what}: {type(e).__name__} without a "
                              f"message")
            return None
        except Finding:
            raise
        except Exception as e:  # anything else is the package's bug
            raise Finding(f"py {what}: raised {type(e).__name__}: {e}")
        self.stats["ok"] += 1
        self.log(f"py {what} -> ok")
        if must_fail:
            raise Finding(f"py {what}: accepted, but must fail")
        return result

    def py_value(self):
        np = self.np
        return self.rng.choice([
            0, 1, -1, 2.5, float("nan"), float("inf"), 1 << 64, -(1 << 70),
            True, None, "x", b"\x00", [1, 2], (3,), np.float32(1.5),
            np.int64(-3), np.uint8(255), np.array([1, 2], np.int32),
            complex(1, 2), object()])

    def py_step(self):
        tolk, np = self.tolk, self.np
        rng = self.rng
        op = rng.randrange(9)
        devs = [d for d in self.py_devices if d._handle]
        if op == 0 or not devs:
            if len(devs) >= 2:
                d = rng.choice(devs)
                self.py_call("Device.close", d.close)
                return
            backend = rng.choice(self.backends + ["cuda", "nope", "",
                                                  None, 3])
            kw = {}
            if rng.random() < 0.3:
                kw["threads"] = rng.choice([0, 1, 2, -1, 1 << 40, 2.5,
                                            "2"])
            if rng.random() < 0.1:
                kw["index"] = rng.choice([1, -1, 1 << 33])
            if backend == "cuda":
                kw["cuda_driver_library"] = "/nonexistent/libcuda.so"
            must_fail = (kw.get("threads", 0) in (-1, 1 << 40) or
                         kw.get("index", 0) in (-1, 1 << 33))
            d = self.py_call(f"Device({backend!r}, {kw})",
                             lambda: tolk.Device(backend, **kw), must_fail)
            if d is not None:
                self.py_devices.append(d)
            return
        d = rng.choice(devs)
        if op == 1:
            n = rng.choice(SIZES[:12] + [0, -1, -(1 << 40), 1 << 62,
                                         1 << 64, 2.5, "8", None])
            b = self.py_call(f"Device.buffer({n!r})", lambda: d.buffer(n),
                             must_fail=isinstance(n, int) and n < 0)
            if b is not None:
                self.py_buffers.append(b)
            return
        if op == 2:
            dt = rng.choice([np.int32, np.float32, np.uint8, np.float16,
                             np.bool_, np.int64, np.complex64, object])
            shape = rng.choice([(0,), (1,), (7,), (3, 5), (64,)])
            try:
                arr = np.zeros(shape, dtype=dt) + 1
            except TypeError:
                arr = np.zeros(shape, dtype=dt)
            b = self.py_call(f"Device.buffer_from({arr.dtype} {shape})",
                             lambda: d.buffer_from(arr))
            if b is not None:
                self.py_buffers.append(b)
            return
        bufs = [b for b in self.py_buffers
                if b._handle and b.device._handle]
        if op == 3 and bufs:
            b = rng.choice(bufs)
            off = rng.choice([0, 1, 4, b.nbytes, b.nbytes + 1, -1, -8,
                              1 << 64, 2.5, None])
            data = rng.choice([b"\x01\x02\x03\x04", b"", bytearray(8),
                               np.arange(3, dtype=np.int16),
                               np.arange(6, dtype=np.float32).reshape(2, 3),
                               np.arange(6)[::2], memoryview(b"xy"),
                               "text", None, 5])
            must_fail = isinstance(off, int) and off < 0
            self.py_call(f"Buffer.write({type(data).__name__}, {off!r})",
                         lambda: b.write(data, off), must_fail)
            return
        if op == 4 and bufs:
            b = rng.choice(bufs)
            dt = rng.choice([np.uint8, np.int32, np.float64, np.int16, "f4",
                             "nope", None])
            off = rng.choice([0, 1, 3, b.nbytes, b.nbytes + 1, -1, -4,
                              1 << 63, 2.5])
            shape = rng.choice([None, (1,), (2, 2), (-1,), (0,), (1 << 40,),
                                "x"])
            must_fail = isinstance(off, int) and off < 0
            self.py_call(f"Buffer.numpy({dt}, {shape}, {off!r})",
                         lambda: b.numpy(dt, shape, off), must_fail)
            return
        if op == 5 and bufs:
            b = rng.choice(bufs)
            if rng.random() < 0.5:
                self.py_call("Buffer.free", b.free)
            else:
                self.py_call("Buffer.free twice",
                             lambda: (b.free(), b.free()))
            return
        if op == 6:
            text = (rng.choice(GOOD_TEXTS) if rng.random() < 0.6 else
                    mutate_text(rng, rng.choice(GOOD_TEXTS)))
            if rng.random() < 0.1:
                text = rng.choice([None, 5, b"\xff\xfe", bytearray(b"{")])
            if len([p for p in self.py_programs if p._handle]) > 10:
                p = rng.choice(self.py_programs)
                self.py_call("Program.destroy", p.destroy)
                return
            p = self.py_call(f"Device.compile({str(text)[:30]!r})",
                             lambda: d.compile(text))
            if p is not None:
                self.py_programs.append(p)
            return
        progs = [p for p in self.py_programs
                 if p._handle and p.device._handle]
        if op == 7 and progs:
            p = rng.choice(progs)
            name = rng.choice(KERNEL_NAMES[:12] + [None, 5])
            nargs = rng.choice([0, 1, 2, 3, 4])
            args = []
            for _ in range(nargs):
                if bufs and rng.random() < 0.6:
                    args.append(rng.choice(bufs))
                else:
                    args.append(self.py_value())

            def size():
                return rng.choice([None, None, 1, 4, (1, 1, 1), (4, 1, 1),
                                   (2,), (), (1, 1, 1, 1), (-1, 1, 1),
                                   (1 << 32, 1, 1), (0, 1, 1), (1.5,),
                                   ("a",), [2, 1, 1], -3])
            grid, block = size(), size()

            def bad(v):
                vals = v if isinstance(v, (tuple, list)) else (v,)
                return v is not None and (
                    any(isinstance(x, int) and (x < 0 or x >= 1 << 32)
                        for x in vals) or len(vals) > 3)
            must_fail = bad(grid) or bad(block)
            timed = rng.random() < 0.1
            fn = p.time if timed else p.launch
            self.py_call(f"Program.{'time' if timed else 'launch'}({name!r},"
                         f" {nargs} args, grid={grid!r}, block={block!r})",
                         lambda: fn(name, *args, grid=grid, block=block),
                         must_fail)
            if rng.random() < 0.2:
                self.py_call("Device.synchronize", p.device.synchronize)
            return
        if op == 8 and progs:
            p = rng.choice(progs)
            r = rng.randrange(4)
            if r == 0:
                self.py_call("Program.kernel", lambda: p.kernel(
                    rng.choice(KERNEL_NAMES + [None, 3])))
            elif r == 1:
                self.py_call("Program.args", lambda: p.args(
                    rng.choice(KERNEL_NAMES[:6]),
                    [self.py_value() for _ in range(rng.randrange(4))]))
            elif r == 2:
                self.py_call("Program.launch_args", lambda: p.launch_args(
                    rng.choice(KERNEL_NAMES[:6] + [None]), (rng.choice(
                        [[], [1, 2]]) if rng.random() < 0.5 else
                        p.args("empty", []) if rng.random() < 0.5 else
                        None), grid=None, block=None))
            else:
                self.py_call("Program.destroy", p.destroy)
            return
        self.py_call("available", lambda: tolk.available(
            rng.choice(self.backends + ["nope", "cuda"])))

    # -- the run --------------------------------------------------------

    def run(self):
        import numpy as np
        self.np = np
        steps = [(self.c_device_create, 2), (self.c_device_destroy, 1),
                 (self.c_device_info, 3), (self.c_buffer_allocate, 12),
                 (self.c_buffer_free, 6), (self.c_buffer_write_read, 20),
                 (self.c_buffer_view, 4),
                 (self.c_program_create, 3), (self.c_program_destroy, 1),
                 (self.c_program_describe, 6), (self.c_launch, 20),
                 (self.c_misc, 4), (self.py_step, 22)]
        fns = [f for f, w in steps for _ in range(w)]
        while self.stats["calls"] < self.calls:
            self.rng.choice(fns)()
        # Everything goes: no handle is left behind.
        for p in self.py_programs + self.py_buffers:
            try:
                (p.destroy if hasattr(p, "destroy") else p.free)()
            except self.tolk.TolkError:
                pass
        for d in self.py_devices:
            try:
                d.close()
            except self.tolk.TolkError:
                pass
        for h in list(self.devices):
            self.status(self.c.DeviceDestroy(self.c.Device(h)),
                        f"DeviceDestroy({h})")
            self.forget_device(h)
        self.py_devices, self.py_buffers, self.py_programs = [], [], []
        self.check_counts()


def worker_main(args):
    import faulthandler
    faulthandler.enable()
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    if not os.environ.get("TOLK_RUNTIME_LIBRARY"):
        build = os.environ.get("TOLK_BUILD_DIR", os.path.join(ROOT, "build"))
        os.environ["TOLK_RUNTIME_LIBRARY"] = os.path.join(
            build, "lib", "libTolkRuntimeC.so")
    w = Worker(args.replay, args.calls, args.trace, args.backends.split(","))
    try:
        w.run()
    except Finding as f:
        print(f"FINDING seed {args.replay}: {f}", flush=True)
        print(f"STATS {w.stats['calls']} {w.stats['ok']} "
              f"{w.stats['errors']}", flush=True)
        return 1
    print(f"STATS {w.stats['calls']} {w.stats['ok']} {w.stats['errors']}",
          flush=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--calls", type=int, default=2000,
                    help="calls per seed (default 2000)")
    ap.add_argument("--seeds", type=int, default=1,
                    help="seeds to run (default 1)")
    ap.add_argument("--minutes", type=float, default=0,
                    help="run seeds until this time is spent")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds a seed may take before it is a hang")
    ap.add_argument("--backends", default="host,vulkan")
    ap.add_argument("--replay", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--trace", action="store_true",
                    help="print every call (with --replay SEED)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    if args.replay is not None:
        return worker_main(args)

    from concurrent.futures import ThreadPoolExecutor
    start = time.monotonic()
    totals = {"calls": 0, "ok": 0, "errors": 0}
    findings = []
    seeds_run = []

    def one(seed):
        cmd = [sys.executable, os.path.abspath(__file__), "--replay",
               str(seed), "--calls", str(args.calls), "--backends",
               args.backends]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=args.timeout)
        except subprocess.TimeoutExpired:
            return seed, None, f"seed {seed}: a hang (over {args.timeout} s)"
        stats, finding = None, None
        for line in p.stdout.splitlines():
            if line.startswith("STATS "):
                stats = [int(x) for x in line.split()[1:]]
            elif line.startswith("FINDING "):
                finding = line[len("FINDING "):]
        if p.returncode < 0 or (p.returncode and not finding):
            tail = (p.stderr or "").strip().splitlines()[-12:]
            finding = (f"seed {seed}: the process died (status "
                       f"{p.returncode})\n    " + "\n    ".join(tail))
        return seed, stats, finding

    def seeds():
        s = args.seed
        while True:
            if args.minutes:
                if time.monotonic() - start > args.minutes * 60:
                    return
            elif s >= args.seed + args.seeds:
                return
            yield s
            s += 1

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        it = seeds()
        running = set()
        while True:
            while len(running) < args.jobs:
                s = next(it, None)
                if s is None:
                    break
                running.add(pool.submit(one, s))
            if not running:
                break
            done = next(iter(running)).result() if len(running) == 1 else None
            if done is None:
                from concurrent.futures import wait, FIRST_COMPLETED
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                fut = finished.pop()
                done = fut.result()
                running.discard(fut)
            else:
                running.clear()
            seed, stats, finding = done
            seeds_run.append(seed)
            if stats:
                for k, v in zip(("calls", "ok", "errors"), stats):
                    totals[k] += v
            if finding:
                findings.append(finding)
                print(f"fuzz-runtime: FINDING {finding}\n  replay: "
                      f"{os.path.relpath(__file__)} --replay {seed} --calls "
                      f"{args.calls} --backends {args.backends} --trace",
                      flush=True)
            elif not args.quiet:
                print(f"fuzz-runtime: seed {seed}: {stats[0] if stats else 0}"
                      f" calls", flush=True)
    lo, hi = (min(seeds_run), max(seeds_run)) if seeds_run else (0, 0)
    print(f"fuzz-runtime: {totals['calls']} calls, {totals['ok']} successes, "
          f"{totals['errors']} errors, {len(findings)} findings (seeds "
          f"{lo}..{hi})")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
