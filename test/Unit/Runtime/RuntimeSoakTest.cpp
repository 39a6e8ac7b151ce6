//===- RuntimeSoakTest.cpp - The runtime under sustained load -------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One process, through the C API alone: compiles a few distinct kernels,
// then launches them over and over on the host and on Vulkan, allocating,
// writing, reading and freeing buffers of varied sizes around each launch
// and destroying and recompiling a program every so often. After a warm-up,
// what the process holds stays flat: the live handles, compiled modules,
// JIT engines and Vulkan objects (tolk-c/RuntimeDebug.h) and the open file
// descriptors and threads exactly, the resident memory within a slack.
//
// The test's own run is short (CI). scripts/soak.sh runs it long, with
//   TOLK_SOAK_LAUNCHES  launches per backend (default 1000),
//   TOLK_SOAK_KERNELS   distinct kernels (default 4),
// and the figures printed at 1k, 10k, 100k, ... launches.
//
//===----------------------------------------------------------------------===//

#include "tolk-c/Runtime.h"
#include "tolk-c/RuntimeDebug.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/// The status's message, destroyed; "" for success.
std::string messageOf(TolkRtStatus status) {
  if (!status)
    return "";
  std::string message = tolkRtStatusGetMessage(status);
  tolkRtStatusDestroy(status);
  return message.empty() ? "(an error without a message)" : message;
}

#define ASSERT_OK(call)                                                        \
  do {                                                                         \
    std::string m = messageOf(call);                                           \
    ASSERT_EQ(m, "") << #call;                                                 \
  } while (false)

uint64_t envOr(const char *name, uint64_t fallback) {
  const char *value = std::getenv(name);
  return value && *value ? std::strtoull(value, nullptr, 10) : fallback;
}

/// What the process holds at one point.
struct Figures {
  uint64_t launches = 0;
  int64_t rssKiB = 0;
  /// glibc's heap: the bytes in use and the free bytes it keeps. Printed,
  /// not checked: a resident memory that grows with the second rather than
  /// the first is fragmentation, not a leak.
  int64_t heapUsedKiB = -1, heapFreeKiB = -1;
  int64_t fds = 0;
  int64_t threads = 0;
  /// tolkRtDebugGetCounts, by name.
  std::map<std::string, int64_t> counts;
};

int64_t residentKiB() {
  std::ifstream statm("/proc/self/statm");
  int64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/// Open file descriptors, the directory's own among them (as at every
/// measurement, so the count compares).
int64_t openFds() {
  DIR *dir = opendir("/proc/self/fd");
  if (!dir)
    return -1;
  int64_t n = 0;
  while (dirent *entry = readdir(dir))
    if (entry->d_name[0] != '.')
      ++n;
  closedir(dir);
  return n;
}

int64_t liveThreads() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("Threads:", 0) == 0)
      return std::strtoll(line.c_str() + 8, nullptr, 10);
  return -1;
}

Figures measure(TolkRtDevice device, uint64_t launches) {
  Figures f;
  f.launches = launches;
  f.rssKiB = residentKiB();
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
  struct mallinfo2 heap = mallinfo2();
  f.heapUsedKiB = int64_t(heap.uordblks + heap.hblkhd) / 1024;
  f.heapFreeKiB = int64_t(heap.fordblks) / 1024;
#endif
  f.fds = openFds();
  f.threads = liveThreads();
  size_t n = 0;
  std::string m = messageOf(tolkRtDebugGetCounts(device, nullptr, 0, &n));
  EXPECT_EQ(m, "");
  std::vector<TolkRtDebugCount> counts(n);
  m = messageOf(tolkRtDebugGetCounts(device, counts.data(), n, &n));
  EXPECT_EQ(m, "");
  for (const TolkRtDebugCount &c : counts)
    f.counts[c.name] = c.value;
  return f;
}

void print(const char *backend, const Figures &f) {
  std::printf("soak %s: %llu launches, rss %lld KiB (heap: %lld KiB used, "
              "%lld KiB free), %lld fds, %lld threads",
              backend, (unsigned long long)f.launches, (long long)f.rssKiB,
              (long long)f.heapUsedKiB, (long long)f.heapFreeKiB,
              (long long)f.fds, (long long)f.threads);
  for (const auto &[name, value] : f.counts)
    std::printf(", %s %lld", name.c_str(), (long long)value);
  std::printf("\n");
  std::fflush(stdout);
}

/// Kernel k: y[i] = x[i] * c + k, over buffers of any size.
std::string kernelText(unsigned k) {
  return R"mlir(
gpu.module @soak)mlir" +
         std::to_string(k) + R"mlir( {
  gpu.func @axpk(%x: !tolk.ptr<si32, global>, %y: !tolk.ptr<si32, global>,
                 %c: !tolk.ptr<si32, alu>) kernel {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    %v = tolk.load %px : !tolk.ptr<si32, global> -> si32
    %cv = tolk.load %c : !tolk.ptr<si32, alu> -> si32
    %k = tolk.const )mlir" +
         std::to_string(k) + R"mlir( : si32
    %m = tolk.mul %v, %cv : si32
    %r = tolk.add %m, %k : si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global>, si32
    tolk.store %py, %r : !tolk.ptr<si32, global>, si32
    gpu.return
  }
}
)mlir";
}

/// Runs the soak on a device of `backend` and checks that the figures stay
/// flat after the warm-up.
void soak(TolkRtBackend backend) {
  const char *name = tolkRtBackendGetName(backend);
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.backend = backend;
  if (backend == TolkRtBackendHost)
    options.hostThreads = 2;
  if (TolkRtStatus s = tolkRtBackendCheckAvailable(&options))
    GTEST_SKIP() << messageOf(s);
  const uint64_t total = envOr("TOLK_SOAK_LAUNCHES", 1000);
  const unsigned numKernels = unsigned(envOr("TOLK_SOAK_KERNELS", 4));
  ASSERT_GE(numKernels, 1u);
  // The warm-up: every kernel launched at every size, the Vulkan device's
  // recycled objects (command buffers, fences, descriptor sets) at their
  // steady number.
  const uint64_t warmUp =
      std::min<uint64_t>(total, std::max<uint64_t>(200, 3 * numKernels));

  TolkRtDevice device;
  ASSERT_OK(tolkRtDeviceCreate(&options, &device));
  std::vector<std::string> texts;
  std::vector<TolkRtProgram> programs;
  for (unsigned k = 0; k < numKernels; ++k) {
    texts.push_back(kernelText(k));
    TolkRtProgram p;
    ASSERT_OK(
        tolkRtProgramCreate(device, texts[k].data(), texts[k].size(), &p));
    programs.push_back(p);
  }

  Figures atWarmUp;
  std::vector<Figures> checkpoints;
  uint64_t nextCheckpoint = 1000;
  std::vector<int32_t> in, out;
  for (uint64_t n = 1; n <= total; ++n) {
    unsigned k = unsigned(n % numKernels);
    // Every 50 launches, a program is destroyed and compiled again, in
    // turn, and launched at once. With more kernels than the compile cache
    // holds (64), each compile misses it: a JIT engine goes and comes, and
    // Vulkan compiles the same SPIR-V again, whose kernel (shader module,
    // layouts, pipeline) the device kept and launches again.
    if (n % 50 == 0) {
      k = unsigned(n / 50 % numKernels);
      ASSERT_OK(tolkRtProgramDestroy(programs[k]));
      ASSERT_OK(tolkRtProgramCreate(device, texts[k].data(), texts[k].size(),
                                    &programs[k]));
    }
    // 16 to 2048 elements: buffers of 64 bytes to 8 KiB.
    uint32_t elements = 16u << (n % 8);
    in.resize(elements);
    out.assign(elements, 0);
    for (uint32_t i = 0; i < elements; ++i)
      in[i] = int32_t(n * 31 + i);
    int32_t c = int32_t(n % 5) - 2;
    TolkRtBuffer x, y;
    ASSERT_OK(tolkRtBufferAllocate(device, elements * 4, &x));
    ASSERT_OK(tolkRtBufferAllocate(device, elements * 4, &y));
    ASSERT_OK(tolkRtBufferWrite(x, 0, in.data(), elements * 4));
    TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y),
                        tolkRtArgFromBits(uint32_t(c))};
    uint32_t grid[3] = {elements / 16, 1, 1}, block[3] = {16, 1, 1};
    ASSERT_OK(tolkRtLaunch(programs[k], "axpk", grid, block, args, 3));
    ASSERT_OK(tolkRtBufferRead(y, 0, out.data(), elements * 4));
    for (uint32_t i = 0; i < elements; ++i)
      ASSERT_EQ(out[i], int32_t(uint32_t(in[i]) * uint32_t(c) + k))
          << name << " launch " << n << " element " << i;
    ASSERT_OK(tolkRtBufferFree(x));
    ASSERT_OK(tolkRtBufferFree(y));
    if (n == warmUp)
      atWarmUp = measure(device, n);
    if (n == nextCheckpoint || n == total) {
      checkpoints.push_back(measure(device, n));
      print(name, checkpoints.back());
      if (n == nextCheckpoint)
        nextCheckpoint *= 10;
    }
  }
  ASSERT_OK(tolkRtDeviceSynchronize(device));
  const Figures &last = checkpoints.back();
  if (total > warmUp) {
    // Exact: a leaked handle, module, engine, object, descriptor or thread
    // would show here.
    EXPECT_EQ(last.counts, atWarmUp.counts) << name;
    EXPECT_EQ(last.fds, atWarmUp.fds) << name;
    EXPECT_EQ(last.threads, atWarmUp.threads) << name;
    // Resident memory: the allocator's free lists and the validation
    // layer's bookkeeping move a little; a leak of the buffers alone would
    // be 16 KiB a launch, of a program's objects more.
    int64_t slackKiB = 4096 + int64_t(total / 1000) * 64;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    // A sanitizer's shadow memory and quarantine grow with the process's
    // history, not with what it holds.
    slackKiB = INT64_MAX;
#endif
    EXPECT_LE(last.rssKiB - atWarmUp.rssKiB, slackKiB)
        << name << ": resident memory grew from " << atWarmUp.rssKiB
        << " KiB at launch " << warmUp << " to " << last.rssKiB << " KiB";
  }
  // What the device held goes with it; the compiled modules stay in the
  // process's cache.
  ASSERT_OK(tolkRtDeviceDestroy(device));
  Figures after = measure(TolkRtDevice{0}, total);
  EXPECT_EQ(after.counts["handles.devices"], 0);
  EXPECT_EQ(after.counts["handles.buffers"], 0);
  EXPECT_EQ(after.counts["handles.programs"], 0);
  EXPECT_EQ(after.counts["modules.compiled"], after.counts["modules.cached"]);
}

TEST(RuntimeSoakTest, Host) { soak(TolkRtBackendHost); }

TEST(RuntimeSoakTest, Vulkan) { soak(TolkRtBackendVulkan); }

} // namespace
