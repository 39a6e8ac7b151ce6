//===- FakeCudaDriver.h - The CUDA driver stand-in's test hooks -*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the stand-in driver (FakeCudaDriver.cpp) exports besides the driver
// API, for the tests that open it: its counters, a reset, and a fault to
// inject. One declaration for the library and its tests, so that the
// counters' layout cannot drift between them. The tests open the library
// with dlopen (the same path as the runtime, so the same counters) and look
// these up by name.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TEST_UNIT_RUNTIME_FAKECUDADRIVER_H
#define TOLK_TEST_UNIT_RUNTIME_FAKECUDADRIVER_H

#include <dlfcn.h>

extern "C" {
struct TolkFakeCudaStats {
  /// Objects alive.
  long liveAllocations, liveModules, liveEvents, retainedContexts;
  /// Kernel launches and device-to-device copies enqueued.
  long launches, copies;
  long liveArrays, liveSurfaces;
  /// Launches enqueued that the stream has not run yet.
  long pendingLaunches;
  /// Memory, arrays or modules freed while work still queued used them
  /// (the driver would run that work on freed memory): always 0 for a
  /// correct caller.
  long lateReleases;
};
}

#ifdef TOLK_FAKE_CUDA_DRIVER
namespace tolk::runtime::test {

/// The stand-in, opened the way the runtime opens it.
struct FakeCudaDriver {
  void *handle = dlopen(TOLK_FAKE_CUDA_DRIVER, RTLD_NOW | RTLD_LOCAL);
  TolkFakeCudaStats (*stats)() = nullptr;
  /// Starts the clock and the launch and copy counters over; the fault
  /// goes.
  void (*reset)() = nullptr;
  /// Launch `n` (counted from 1 since the reset; 0 for none) faults when
  /// the stream runs it: it computes nothing, and the first call that
  /// synchronizes afterwards returns CUDA_ERROR_ILLEGAL_ADDRESS (700), once.
  void (*faultAtLaunch)(long n) = nullptr;
  /// Whether cuGetErrorName knows the codes; without, it fails as a driver
  /// does for a code it does not know (until the reset).
  void (*nameErrors)(bool on) = nullptr;
  FakeCudaDriver() {
    if (!handle)
      return;
    stats = reinterpret_cast<TolkFakeCudaStats (*)()>(
        dlsym(handle, "tolkFakeCudaStats"));
    reset = reinterpret_cast<void (*)()>(dlsym(handle, "tolkFakeCudaReset"));
    faultAtLaunch = reinterpret_cast<void (*)(long)>(
        dlsym(handle, "tolkFakeCudaFaultAtLaunch"));
    nameErrors = reinterpret_cast<void (*)(bool)>(
        dlsym(handle, "tolkFakeCudaNameErrors"));
  }
  bool opened() const {
    return handle && stats && reset && faultAtLaunch && nameErrors;
  }
};

} // namespace tolk::runtime::test
#endif // TOLK_FAKE_CUDA_DRIVER

#endif // TOLK_TEST_UNIT_RUNTIME_FAKECUDADRIVER_H
