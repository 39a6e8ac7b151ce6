//===- RuntimeCAPITest.cpp - The runtime's C API --------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk-c/Runtime.h as a user of libTolkRuntimeC.so sees it: this test links
// nothing else of Tolk. Bad use of every handle is an error with a message.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaDriver.h"
#include "RuntimeTestKernels.h"

#include "tolk-c/Runtime.h"
#include "tolk-c/RuntimeDebug.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

using tolk::runtime::test::addKernel;

namespace {

/// The status's code and message, destroyed; {0, ""} for success.
struct Outcome {
  int code = 0;
  std::string message;
};
Outcome outcome(TolkRtStatus status) {
  if (!status)
    return {};
  Outcome o{tolkRtStatusGetCode(status), tolkRtStatusGetMessage(status)};
  tolkRtStatusDestroy(status);
  return o;
}

#define EXPECT_OK(call)                                                        \
  do {                                                                         \
    Outcome o = outcome(call);                                                 \
    EXPECT_EQ(o.code, 0) << o.message;                                         \
  } while (false)

uint32_t floatBits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  return bits;
}

class RuntimeCAPITest : public ::testing::Test {
protected:
  void SetUp() override {
    TolkRtDeviceOptions options;
    tolkRtDeviceOptionsInit(&options);
    EXPECT_OK(tolkRtDeviceCreate(&options, &device));
    EXPECT_OK(tolkRtProgramCreate(device, tolk::runtime::test::kKernels,
                                  std::strlen(tolk::runtime::test::kKernels),
                                  &program));
  }
  void TearDown() override {
    if (!tolkRtDeviceIsNull(device))
      outcome(tolkRtDeviceDestroy(device));
  }
  TolkRtBuffer buffer(uint64_t bytes) {
    TolkRtBuffer b{0};
    EXPECT_OK(tolkRtBufferAllocate(device, bytes, &b));
    return b;
  }
  TolkRtDevice device{0};
  TolkRtProgram program{0};
};

TEST_F(RuntimeCAPITest, CompilesLaunchesAndReadsBack) {
  float in[4] = {1.5f, -2.0f, 0.25f, 1e30f}, out[4] = {0, 0, 0, 0};
  TolkRtBuffer x = buffer(16), y = buffer(16);
  EXPECT_OK(tolkRtBufferWrite(x, 0, in, sizeof(in)));
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y),
                      tolkRtArgFromBits(floatBits(2.0f))};
  for (int i = 0; i < 3; ++i)
    EXPECT_OK(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3));
  double ms = -1;
  EXPECT_OK(
      tolkRtLaunchTimed(program, "k::scale", nullptr, nullptr, args, 3, &ms));
  EXPECT_GE(ms, 0);
  EXPECT_OK(tolkRtDeviceSynchronize(device));
  EXPECT_OK(tolkRtBufferRead(y, 0, out, sizeof(out)));
  EXPECT_EQ(out[0], 3.0f);
  EXPECT_EQ(out[1], -4.0f);
  EXPECT_EQ(out[2], 0.5f);
  EXPECT_EQ(out[3], 2e30f);
  uint64_t size = 0;
  EXPECT_OK(tolkRtBufferGetSize(y, &size));
  EXPECT_EQ(size, 16u);
}

TEST_F(RuntimeCAPITest, DescribesDeviceKernelsAndParameters) {
  TolkRtDeviceInfo info;
  EXPECT_OK(tolkRtDeviceGetInfo(device, &info));
  EXPECT_EQ(info.backend, TolkRtBackendHost);
  EXPECT_STREQ(info.memorySafety, "bounds-checked");
  EXPECT_GE(info.hostThreads, 1u);
  EXPECT_EQ(info.maxLanes, 16u);
  EXPECT_STREQ(tolkRtBackendGetName(TolkRtBackendVulkan), "vulkan");

  size_t count = 0, index = 99;
  EXPECT_OK(tolkRtProgramGetNumKernels(program, &count));
  EXPECT_EQ(count, 4u);
  EXPECT_OK(tolkRtProgramFindKernel(program, "scale", &index));
  TolkRtKernelInfo kernel;
  EXPECT_OK(tolkRtProgramGetKernel(program, index, &kernel));
  EXPECT_STREQ(kernel.name, "scale");
  EXPECT_STREQ(kernel.module, "k");
  EXPECT_STREQ(kernel.function, "");
  EXPECT_EQ(kernel.numParams, 3u);
  EXPECT_TRUE(kernel.hasKnownGrid);
  EXPECT_EQ(kernel.knownBlock[0], 4u);
  TolkRtParamInfo param;
  EXPECT_OK(tolkRtProgramGetParam(program, index, 0, &param));
  EXPECT_EQ(param.kind, TolkRtParamBuffer);
  EXPECT_STREQ(param.dtype, "f32");
  EXPECT_EQ(param.itemSize, 4u);
  EXPECT_EQ(param.count, 4);
  EXPECT_EQ(param.minBytes, 16u);
  EXPECT_OK(tolkRtProgramGetParam(program, index, 2, &param));
  EXPECT_EQ(param.kind, TolkRtParamScalar);
  Outcome o = outcome(tolkRtProgramGetParam(program, index, 3, &param));
  EXPECT_EQ(o.code, TolkRtErrorInvalidArgument);
  EXPECT_EQ(o.message, "parameter 3 of kernel 'scale', which has 3");
  EXPECT_OK(tolkRtProgramFindKernel(program, "twice", &index));
  EXPECT_OK(tolkRtProgramGetKernel(program, index, &kernel));
  EXPECT_STREQ(kernel.function, "twice");
}

TEST_F(RuntimeCAPITest, BadHandlesAreErrors) {
  TolkRtBuffer x = buffer(16);
  EXPECT_OK(tolkRtBufferFree(x));
  uint64_t size;
  Outcome o = outcome(tolkRtBufferGetSize(x, &size));
  EXPECT_EQ(o.code, TolkRtErrorInvalidHandle);
  EXPECT_EQ(o.message, "buffer " + std::to_string(x.id) +
                           " was freed or destroyed (or is not a buffer)");
  EXPECT_EQ(outcome(tolkRtBufferFree(x)).code, TolkRtErrorInvalidHandle);
  TolkRtBuffer forged{uint64_t(1) << 40};
  EXPECT_EQ(outcome(tolkRtBufferFree(forged)).message,
            "buffer 1099511627776 was never made");
  // A handle of another kind.
  TolkRtBuffer notABuffer{program.id};
  EXPECT_EQ(outcome(tolkRtBufferGetSize(notABuffer, &size)).message,
            "handle " + std::to_string(program.id) +
                " is a program, not a buffer");
  TolkRtDevice null{0};
  EXPECT_EQ(outcome(tolkRtDeviceSynchronize(null)).message, "a null device");
  // A freed buffer as a launch argument.
  TolkRtBuffer y = buffer(16);
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y),
                      tolkRtArgFromBits(0)};
  o = outcome(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3));
  EXPECT_EQ(o.code, TolkRtErrorInvalidHandle);
  EXPECT_EQ(o.message, "argument #0: buffer " + std::to_string(x.id) +
                           " was freed or destroyed (or is not a buffer)");
  // Null pointers.
  EXPECT_EQ(outcome(tolkRtDeviceCreate(nullptr, &device)).code,
            TolkRtErrorInvalidArgument);
  EXPECT_EQ(outcome(tolkRtBufferGetSize(y, nullptr)).code,
            TolkRtErrorInvalidArgument);
}

TEST_F(RuntimeCAPITest, BadLaunchesAreErrors) {
  TolkRtBuffer x = buffer(16), small = buffer(8);
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(small),
                      tolkRtArgFromBits(0)};
  Outcome o =
      outcome(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3));
  EXPECT_EQ(o.code, TolkRtErrorInvalidArgument);
  EXPECT_EQ(o.message, "argument #1 of kernel 'scale' is a buffer of 8 bytes, "
                       "but the parameter declares 4 x f32 (16 bytes)");
  EXPECT_EQ(outcome(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 2))
                .message,
            "kernel 'scale' takes 3 argument(s), but 2 were given");
  EXPECT_EQ(
      outcome(tolkRtLaunch(program, "nope", nullptr, nullptr, args, 3)).message,
      "the program has no kernel or function named 'nope'");
  args[1] = tolkRtArgFromBits(7);
  EXPECT_EQ(outcome(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3))
                .message,
            "argument #1 of kernel 'scale' is a scalar, but the parameter is "
            "a buffer of f32");
  uint32_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  TolkRtArg none[1];
  EXPECT_EQ(
      outcome(tolkRtLaunch(program, "copy", grid, block, none, 0)).message,
      "kernel 'copy' takes 2 argument(s), but 0 were given");
  EXPECT_EQ(outcome(tolkRtBufferWrite(x, 12, &grid, sizeof(grid))).message,
            "writing bytes 12 to 24 of a buffer of 16 bytes: out of its range");
}

TEST_F(RuntimeCAPITest, OutOfBoundsLeavesTheDeviceUsable) {
  int32_t in[4] = {1, 2, 3, 4}, out[4] = {0, 0, 0, 0};
  TolkRtBuffer x = buffer(16), y = buffer(16);
  EXPECT_OK(tolkRtBufferWrite(x, 0, in, sizeof(in)));
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y)};
  uint32_t two[3] = {2, 1, 1}, one[3] = {1, 1, 1}, four[3] = {4, 1, 1};
  Outcome o = outcome(tolkRtLaunch(program, "copy", two, four, args, 2));
  EXPECT_EQ(o.code, TolkRtErrorLaunchFailed);
  EXPECT_NE(o.message.find("kernel 'copy' loads element 4 of parameter #0"),
            std::string::npos)
      << o.message;
  EXPECT_NE(o.message.find("so launch 1 stopped there"), std::string::npos);
  EXPECT_OK(tolkRtLaunch(program, "copy", one, four, args, 2));
  EXPECT_OK(tolkRtBufferRead(y, 0, out, sizeof(out)));
  EXPECT_EQ(std::vector<int32_t>(out, out + 4),
            (std::vector<int32_t>{1, 2, 3, 4}));
}

// A view is a buffer handle of its own over another's bytes, which it
// keeps alive; its offset in the memory is a multiple of 256.
TEST_F(RuntimeCAPITest, ViewsShareTheirBuffersBytes) {
  float in[4] = {1.5f, -2.0f, 0.25f, 1e30f}, out[4] = {0, 0, 0, 0};
  TolkRtBuffer whole = buffer(1024), x{0}, y{0};
  EXPECT_OK(tolkRtBufferCreateView(whole, 256, 16, &x));
  EXPECT_OK(tolkRtBufferCreateView(whole, 512, 16, &y));
  EXPECT_OK(tolkRtBufferWrite(x, 0, in, sizeof(in)));
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y),
                      tolkRtArgFromBits(floatBits(2.0f))};
  EXPECT_OK(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3));
  EXPECT_OK(tolkRtBufferFree(whole));
  EXPECT_OK(tolkRtBufferRead(y, 0, out, sizeof(out)));
  EXPECT_EQ(out[0], 3.0f);
  EXPECT_EQ(out[3], 2e30f);
  uint64_t size = 0;
  EXPECT_OK(tolkRtBufferGetSize(y, &size));
  EXPECT_EQ(size, 16u);

  TolkRtBuffer bad{0};
  Outcome misaligned = outcome(tolkRtBufferCreateView(y, 4, 4, &bad));
  EXPECT_EQ(misaligned.code, TolkRtErrorInvalidArgument);
  EXPECT_EQ(misaligned.message, "a view at byte 516 of its allocation: a view "
                                "starts at a multiple of 256 bytes");
  EXPECT_EQ(outcome(tolkRtBufferCreateView(y, 0, 32, &bad)).message,
            "a view of bytes 0 to 32 of a buffer of 16 bytes: out of its "
            "range");
  EXPECT_EQ(outcome(tolkRtBufferCreateView(y, 0, 0, &bad)).message,
            "a view holds at least one byte");
  EXPECT_EQ(outcome(tolkRtBufferCreateView(y, 0, 16, nullptr)).code,
            TolkRtErrorInvalidArgument);
  EXPECT_EQ(outcome(tolkRtBufferCreateView(whole, 0, 16, &bad)).code,
            TolkRtErrorInvalidHandle);
}

TEST_F(RuntimeCAPITest, ProgramsAndBuffersOfAnotherDevice) {
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.hostThreads = 1;
  TolkRtDevice other;
  EXPECT_OK(tolkRtDeviceCreate(&options, &other));
  TolkRtBuffer x = buffer(16), foreign{0};
  EXPECT_OK(tolkRtBufferAllocate(other, 16, &foreign));
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(foreign),
                      tolkRtArgFromBits(0)};
  EXPECT_EQ(outcome(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3))
                .message,
            "argument #1 of kernel 'scale' is a buffer of another device");
  // Destroying a device frees its buffers and programs.
  EXPECT_OK(tolkRtDeviceDestroy(other));
  uint64_t size;
  EXPECT_EQ(outcome(tolkRtBufferGetSize(foreign, &size)).code,
            TolkRtErrorInvalidHandle);
  EXPECT_EQ(outcome(tolkRtDeviceDestroy(other)).code, TolkRtErrorInvalidHandle);
}

TEST_F(RuntimeCAPITest, CompileErrorsAndUnavailableDevices) {
  TolkRtProgram bad;
  const char text[] = "gpu.module @m {";
  Outcome o =
      outcome(tolkRtProgramCreate(device, text, sizeof(text) - 1, &bad));
  EXPECT_EQ(o.code, TolkRtErrorCompileFailed);
  EXPECT_NE(o.message.find("module:1:"), std::string::npos) << o.message;

  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.backend = TolkRtBackendCuda;
  options.cudaDriverLibrary = TOLK_FAKE_CUDA_DRIVER;
  options.deviceIndex = 1;
  o = outcome(tolkRtBackendCheckAvailable(&options));
  EXPECT_EQ(o.code, TolkRtErrorUnavailable);
  EXPECT_EQ(o.message, "no CUDA device 1: the CUDA driver has 1");
  options.deviceIndex = 0;
  EXPECT_OK(tolkRtBackendCheckAvailable(&options));
  // Any int a C caller stores, read as the integer it is: a value outside
  // the enumerators' range is no valid C++ enum value (UBSan's -fsanitize=enum
  // reports a load of one), so the test stores the bits as C would.
  for (uint32_t bits : {9u, 0xFFFFFFFFu}) {
    static_assert(sizeof options.backend == sizeof bits);
    std::memcpy(&options.backend, &bits, sizeof bits);
    EXPECT_EQ(outcome(tolkRtBackendCheckAvailable(&options)).message,
              "an unknown backend " + std::to_string(bits) +
                  " (0: host, 1: vulkan, 2: cuda)");
  }
}

TEST(RuntimeCAPIVulkanTest, CompilesLaunchesAndReadsBack) {
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.backend = TolkRtBackendVulkan;
  if (TolkRtStatus s = tolkRtBackendCheckAvailable(&options))
    GTEST_SKIP() << outcome(s).message;
  TolkRtDevice device;
  EXPECT_OK(tolkRtDeviceCreate(&options, &device));
  TolkRtProgram program;
  EXPECT_OK(tolkRtProgramCreate(device, tolk::runtime::test::kKernels,
                                std::strlen(tolk::runtime::test::kKernels),
                                &program));
  float in[4] = {1.5f, -2.0f, 0.25f, 1e30f}, out[4] = {0, 0, 0, 0};
  TolkRtBuffer x, y;
  EXPECT_OK(tolkRtBufferAllocate(device, 16, &x));
  EXPECT_OK(tolkRtBufferAllocate(device, 16, &y));
  EXPECT_OK(tolkRtBufferWrite(x, 0, in, sizeof(in)));
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y),
                      tolkRtArgFromBits(floatBits(2.0f))};
  EXPECT_OK(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3));
  EXPECT_OK(tolkRtBufferRead(y, 0, out, sizeof(out)));
  EXPECT_EQ(out[1], -4.0f);
  EXPECT_EQ(out[3], 2e30f);
  EXPECT_OK(tolkRtDeviceDestroy(device));
}

// On CUDA (the stand-in driver) a launch is queued: a fault of its kernel
// shows at the Synchronize after it, or at the device's destruction, which
// waits for its launches and returns their first failure.
TEST(RuntimeCAPICudaTest, AFaultShowsAtTheNextSynchronizeOrDestroy) {
  tolk::runtime::test::FakeCudaDriver fake;
  ASSERT_TRUE(fake.opened());
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.backend = TolkRtBackendCuda;
  options.cudaDriverLibrary = TOLK_FAKE_CUDA_DRIVER;
  for (bool destroy : {false, true}) {
    TolkRtDevice device;
    EXPECT_OK(tolkRtDeviceCreate(&options, &device));
    TolkRtProgram program;
    EXPECT_OK(tolkRtProgramCreate(device, tolk::runtime::test::kKernels,
                                  std::strlen(tolk::runtime::test::kKernels),
                                  &program));
    TolkRtBuffer x, y;
    EXPECT_OK(tolkRtBufferAllocate(device, 16, &x));
    EXPECT_OK(tolkRtBufferAllocate(device, 16, &y));
    TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y),
                        tolkRtArgFromBits(floatBits(2.0f))};
    fake.reset();
    fake.faultAtLaunch(1);
    EXPECT_OK(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3));
    EXPECT_OK(tolkRtLaunch(program, "scale", nullptr, nullptr, args, 3));
    EXPECT_EQ(fake.stats().pendingLaunches, 2);
    Outcome o = outcome(destroy ? tolkRtDeviceDestroy(device)
                                : tolkRtDeviceSynchronize(device));
    EXPECT_EQ(o.code, TolkRtErrorLaunchFailed);
    EXPECT_EQ(o.message, "cuEventSynchronize failed: "
                         "CUDA_ERROR_ILLEGAL_ADDRESS (700): from the fake "
                         "driver (launch 1 of kernel 'scale')");
    EXPECT_EQ(fake.stats().pendingLaunches, 0);
    if (!destroy)
      EXPECT_OK(tolkRtDeviceDestroy(device));
  }
  EXPECT_EQ(fake.stats().lateReleases, 0);
}

// Two gpu.modules with a kernel of the same name compile on every backend,
// and MODULE::KERNEL launches each.
TEST(RuntimeCAPIVulkanTest, KernelsOfTheSameNameInTwoModules) {
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.backend = TolkRtBackendVulkan;
  if (TolkRtStatus s = tolkRtBackendCheckAvailable(&options))
    GTEST_SKIP() << outcome(s).message;
  TolkRtDevice device;
  EXPECT_OK(tolkRtDeviceCreate(&options, &device));
  std::string text;
  for (const char *module : {"a", "b"})
    text += std::string("gpu.module @") + module + R"mlir( {
  gpu.func @set(%y: !tolk.ptr<si32, global, 1>) kernel attributes {
      known_block_size = array<i32: 1, 1, 1>,
      known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %v = tolk.const )mlir" +
            (module[0] == 'a' ? "1" : "2") + R"mlir( : si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global, 1>, si32
    tolk.store %py, %v : !tolk.ptr<si32, global, 1>, si32
    gpu.return
  }
}
)mlir";
  TolkRtProgram program;
  EXPECT_OK(tolkRtProgramCreate(device, text.data(), text.size(), &program));
  TolkRtBuffer y;
  EXPECT_OK(tolkRtBufferAllocate(device, 4, &y));
  TolkRtArg args[] = {tolkRtArgFromBuffer(y)};
  int32_t out = 0;
  EXPECT_OK(tolkRtLaunch(program, "b::set", nullptr, nullptr, args, 1));
  EXPECT_OK(tolkRtBufferRead(y, 0, &out, 4));
  EXPECT_EQ(out, 2);
  EXPECT_OK(tolkRtLaunch(program, "a::set", nullptr, nullptr, args, 1));
  EXPECT_OK(tolkRtBufferRead(y, 0, &out, 4));
  EXPECT_EQ(out, 1);
  EXPECT_OK(tolkRtDeviceDestroy(device));
}

//===----------------------------------------------------------------------===//
// Faults: the device stays usable
//===----------------------------------------------------------------------===//

/// Opens a device of `backend` (CUDA: the stand-in driver), or says why not
/// (the test skips).
std::string openDevice(TolkRtBackend backend, TolkRtDevice &device,
                       uint32_t hostThreads = 2) {
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.backend = backend;
  options.hostThreads = hostThreads;
  if (backend == TolkRtBackendCuda)
    options.cudaDriverLibrary = TOLK_FAKE_CUDA_DRIVER;
  if (TolkRtStatus s = tolkRtBackendCheckAvailable(&options))
    return outcome(s).message;
  Outcome o = outcome(tolkRtDeviceCreate(&options, &device));
  return o.code ? o.message : "";
}

#define OPEN_OR_SKIP(backend, device)                                          \
  TolkRtDevice device{0};                                                      \
  if (std::string why = openDevice(backend, device); !why.empty())             \
  GTEST_SKIP() << why

std::vector<int32_t> readInts(TolkRtBuffer buffer, size_t n) {
  std::vector<int32_t> out(n, -1);
  EXPECT_OK(tolkRtBufferRead(buffer, 0, out.data(), n * 4));
  return out;
}

/// A launch that fails on the device (the host's bounds check; Vulkan
/// refusing more workgroups than it has) is an error that names the kernel
/// and the launch; the next launch works, and no buffer lost its contents.
void checkFaultLeavesTheDeviceUsable(TolkRtBackend backend,
                                     TolkRtDevice device) {
  TolkRtProgram program;
  EXPECT_OK(tolkRtProgramCreate(device, tolk::runtime::test::kKernels,
                                std::strlen(tolk::runtime::test::kKernels),
                                &program));
  std::vector<int32_t> values = {1, 2, 3, 4}, other = {-7, 8, -9, 10};
  TolkRtBuffer x, y, bystander;
  EXPECT_OK(tolkRtBufferAllocate(device, 16, &x));
  EXPECT_OK(tolkRtBufferAllocate(device, 16, &y));
  EXPECT_OK(tolkRtBufferAllocate(device, 16, &bystander));
  EXPECT_OK(tolkRtBufferWrite(x, 0, values.data(), 16));
  EXPECT_OK(tolkRtBufferWrite(bystander, 0, other.data(), 16));
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y)};
  uint32_t one[3] = {1, 1, 1}, four[3] = {4, 1, 1};
  // The first launch works; the second is the fault.
  EXPECT_OK(tolkRtLaunch(program, "copy", one, four, args, 2));
  uint32_t bad[3] = {backend == TolkRtBackendHost ? 2u : UINT32_MAX, 1, 1};
  Outcome o = outcome(tolkRtLaunch(program, "copy", bad, four, args, 2));
  if (o.code == 0) // An asynchronous failure shows at the next wait.
    o = outcome(tolkRtDeviceSynchronize(device));
  EXPECT_EQ(o.code, TolkRtErrorLaunchFailed) << o.message;
  EXPECT_NE(o.message.find("kernel 'copy'"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("launch 2"), std::string::npos) << o.message;
  // Nothing is left to report, and everything still works.
  EXPECT_OK(tolkRtDeviceSynchronize(device));
  EXPECT_EQ(readInts(bystander, 4), other);
  EXPECT_EQ(readInts(x, 4), values);
  std::vector<int32_t> fresh = {40, 30, 20, 10};
  EXPECT_OK(tolkRtBufferWrite(x, 0, fresh.data(), 16));
  EXPECT_OK(tolkRtLaunch(program, "copy", one, four, args, 2));
  EXPECT_EQ(readInts(y, 4), fresh);
  EXPECT_EQ(readInts(bystander, 4), other);
  EXPECT_OK(tolkRtDeviceDestroy(device));
}

TEST(RuntimeCAPIFaultTest, HostBoundsCheckLeavesTheDeviceUsable) {
  OPEN_OR_SKIP(TolkRtBackendHost, device);
  checkFaultLeavesTheDeviceUsable(TolkRtBackendHost, device);
}

TEST(RuntimeCAPIFaultTest, VulkanFailedLaunchLeavesTheDeviceUsable) {
  OPEN_OR_SKIP(TolkRtBackendVulkan, device);
  checkFaultLeavesTheDeviceUsable(TolkRtBackendVulkan, device);
}

/// More memory than there is: an error (TolkRtErrorOutOfMemory), not an
/// abort, and the device allocates again afterwards.
void checkOutOfMemory(TolkRtDevice device) {
  for (uint64_t bytes : {uint64_t(1) << 46, uint64_t(1) << 62, UINT64_MAX}) {
    TolkRtBuffer huge{0};
    Outcome o = outcome(tolkRtBufferAllocate(device, bytes, &huge));
    EXPECT_EQ(o.code, TolkRtErrorOutOfMemory) << bytes << ": " << o.message;
    EXPECT_NE(
        o.message.find("cannot allocate " + std::to_string(bytes) + " bytes"),
        std::string::npos)
        << o.message;
    EXPECT_TRUE(tolkRtBufferIsNull(huge));
  }
  TolkRtBuffer small;
  EXPECT_OK(tolkRtBufferAllocate(device, 64, &small));
  EXPECT_OK(tolkRtBufferFree(small));
  EXPECT_OK(tolkRtDeviceDestroy(device));
}

TEST(RuntimeCAPIFaultTest, HostOutOfMemoryIsAnError) {
  OPEN_OR_SKIP(TolkRtBackendHost, device);
  checkOutOfMemory(device);
}

TEST(RuntimeCAPIFaultTest, VulkanOutOfMemoryIsAnError) {
  OPEN_OR_SKIP(TolkRtBackendVulkan, device);
  checkOutOfMemory(device);
}

// The stand-in answers cuMemAlloc as a driver does for more than the device
// has, CUDA_ERROR_OUT_OF_MEMORY.
TEST(RuntimeCAPIFaultTest, CudaOutOfMemoryIsAnError) {
  OPEN_OR_SKIP(TolkRtBackendCuda, device);
  TolkRtBuffer huge{0};
  Outcome o = outcome(tolkRtBufferAllocate(device, uint64_t(1) << 46, &huge));
  EXPECT_EQ(o.message, "cannot allocate 70368744177664 bytes: cuMemAlloc "
                       "failed: CUDA_ERROR_OUT_OF_MEMORY (2): from the fake "
                       "driver");
  // Known by its code: a driver that cannot name it.
  tolk::runtime::test::FakeCudaDriver fake;
  ASSERT_TRUE(fake.opened());
  fake.nameErrors(false);
  o = outcome(tolkRtBufferAllocate(device, uint64_t(1) << 46, &huge));
  fake.nameErrors(true);
  EXPECT_EQ(o.code, TolkRtErrorOutOfMemory);
  EXPECT_EQ(o.message, "cannot allocate 70368744177664 bytes: cuMemAlloc "
                       "failed: CUDA_ERROR_OUT_OF_MEMORY (2): from the fake "
                       "driver");
  checkOutOfMemory(device);
}

TEST(RuntimeCAPIFaultTest, TooManyHostThreadsIsAnError) {
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.hostThreads = UINT32_MAX;
  TolkRtDevice device{0};
  Outcome o = outcome(tolkRtDeviceCreate(&options, &device));
  EXPECT_EQ(o.code, TolkRtErrorInvalidArgument);
  EXPECT_EQ(o.message, "4294967295 host threads: at most 1024");
  EXPECT_TRUE(tolkRtDeviceIsNull(device));
}

// Forged ids that are DenseMap's own reserved keys are handles never made,
// like any other.
TEST(RuntimeCAPIFaultTest, ReservedIdsAreNeverMade) {
  for (uint64_t id : {UINT64_MAX, UINT64_MAX - 1}) {
    uint64_t size;
    Outcome o = outcome(tolkRtBufferGetSize(TolkRtBuffer{id}, &size));
    EXPECT_EQ(o.code, TolkRtErrorInvalidHandle);
    EXPECT_EQ(o.message, "buffer " + std::to_string(id) + " was never made");
    EXPECT_EQ(outcome(tolkRtDeviceDestroy(TolkRtDevice{id})).code,
              TolkRtErrorInvalidHandle);
    EXPECT_EQ(outcome(tolkRtProgramDestroy(TolkRtProgram{id})).code,
              TolkRtErrorInvalidHandle);
  }
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

constexpr int kThreads = 4;

/// Runs `body(t)` on kThreads threads at once.
template <typename Body> void onThreads(Body body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&body, t] { body(t); });
  for (std::thread &t : threads)
    t.join();
}

/// y = x + k over 64 si32 on `program`'s device: whether it gave that.
bool addsK(TolkRtDevice device, TolkRtProgram program, int k, int salt) {
  std::vector<int32_t> in(64), out(64, 0), want(64);
  for (int i = 0; i < 64; ++i) {
    in[i] = salt * 1000 + i;
    want[i] = in[i] + k;
  }
  TolkRtBuffer x, y;
  if (Outcome o = outcome(tolkRtBufferAllocate(device, 256, &x)); o.code)
    return ADD_FAILURE() << o.message, false;
  if (Outcome o = outcome(tolkRtBufferAllocate(device, 256, &y)); o.code)
    return ADD_FAILURE() << o.message, false;
  TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y)};
  uint32_t grid[3] = {4, 1, 1}, block[3] = {16, 1, 1};
  for (TolkRtStatus s : {tolkRtBufferWrite(x, 0, in.data(), 256),
                         tolkRtLaunch(program, "addk", grid, block, args, 2),
                         tolkRtBufferRead(y, 0, out.data(), 256),
                         tolkRtBufferFree(x), tolkRtBufferFree(y)})
    if (Outcome o = outcome(s); o.code)
      return ADD_FAILURE() << o.message, false;
  return out == want;
}

class RuntimeCAPIThreadTest : public ::testing::TestWithParam<TolkRtBackend> {};

// Several threads compile at once on one device, distinct modules and the
// same one, and launch what they compiled.
TEST_P(RuntimeCAPIThreadTest, CompilesInParallel) {
  OPEN_OR_SKIP(GetParam(), device);
  std::atomic<int> failures{0};
  onThreads([&](int t) {
    // Thread t compiles kernel 100 + t (its own) and kernel 99 (shared;
    // one compile wins the cache, the others get its module or their own).
    for (int k : {100 + t, 99}) {
      std::string text = addKernel(k);
      TolkRtProgram program;
      Outcome o = outcome(
          tolkRtProgramCreate(device, text.data(), text.size(), &program));
      if (o.code) {
        ADD_FAILURE() << o.message;
        ++failures;
        continue;
      }
      if (!addsK(device, program, k, t))
        ++failures;
      EXPECT_OK(tolkRtProgramDestroy(program));
    }
  });
  EXPECT_EQ(failures, 0);
  EXPECT_OK(tolkRtDeviceDestroy(device));
}

// Several threads launch one program on one device, each on its own
// buffers, and read back their own results.
TEST_P(RuntimeCAPIThreadTest, LaunchesOnOneDeviceFromSeveralThreads) {
  OPEN_OR_SKIP(GetParam(), device);
  std::string text = addKernel(5);
  TolkRtProgram program;
  EXPECT_OK(tolkRtProgramCreate(device, text.data(), text.size(), &program));
  std::atomic<int> failures{0};
  onThreads([&](int t) {
    for (int n = 0; n < 25; ++n)
      if (!addsK(device, program, 5, t * 100 + n))
        ++failures;
  });
  EXPECT_EQ(failures, 0);
  EXPECT_OK(tolkRtDeviceSynchronize(device));
  EXPECT_OK(tolkRtDeviceDestroy(device));
}

// Each thread opens its own device, compiles, launches and destroys it.
TEST_P(RuntimeCAPIThreadTest, OneDevicePerThread) {
  {
    OPEN_OR_SKIP(GetParam(), probe);
    EXPECT_OK(tolkRtDeviceDestroy(probe));
  }
  std::atomic<int> failures{0};
  onThreads([&](int t) {
    TolkRtDevice device{0};
    if (std::string why = openDevice(GetParam(), device, 1); !why.empty()) {
      ADD_FAILURE() << why;
      ++failures;
      return;
    }
    std::string text = addKernel(t % 2);
    TolkRtProgram program;
    EXPECT_OK(tolkRtProgramCreate(device, text.data(), text.size(), &program));
    for (int n = 0; n < 10; ++n)
      if (!addsK(device, program, t % 2, t * 100 + n))
        ++failures;
    EXPECT_OK(tolkRtDeviceDestroy(device));
  });
  EXPECT_EQ(failures, 0);
}

// One thread frees buffers and destroys programs that others are using:
// their calls either work or fail with TolkRtErrorInvalidHandle, never
// crash or corrupt what is still alive.
TEST_P(RuntimeCAPIThreadTest, HandlesFreedByAnotherThread) {
  OPEN_OR_SKIP(GetParam(), device);
  std::string text = addKernel(3);
  constexpr int kRounds = 40;
  std::atomic<int> unexpected{0};
  for (int round = 0; round < kRounds; ++round) {
    TolkRtProgram program;
    EXPECT_OK(tolkRtProgramCreate(device, text.data(), text.size(), &program));
    TolkRtBuffer x, y;
    EXPECT_OK(tolkRtBufferAllocate(device, 256, &x));
    EXPECT_OK(tolkRtBufferAllocate(device, 256, &y));
    onThreads([&](int t) {
      if (t == 0) {
        // The freer.
        for (TolkRtStatus s :
             {tolkRtBufferFree(x), tolkRtProgramDestroy(program),
              tolkRtBufferFree(y)})
          if (Outcome o = outcome(s); o.code)
            ADD_FAILURE() << o.message, ++unexpected;
        return;
      }
      TolkRtArg args[] = {tolkRtArgFromBuffer(x), tolkRtArgFromBuffer(y)};
      uint32_t grid[3] = {4, 1, 1}, block[3] = {16, 1, 1};
      int32_t bytes[64] = {};
      for (int n = 0; n < 5; ++n)
        for (TolkRtStatus s :
             {tolkRtLaunch(program, "addk", grid, block, args, 2),
              tolkRtBufferWrite(x, 0, bytes, sizeof(bytes)),
              tolkRtBufferRead(y, 0, bytes, sizeof(bytes))}) {
          Outcome o = outcome(s);
          if (o.code != 0 && o.code != TolkRtErrorInvalidHandle)
            ADD_FAILURE() << o.message, ++unexpected;
        }
    });
  }
  EXPECT_EQ(unexpected, 0);
  // The device works as before.
  TolkRtProgram program;
  EXPECT_OK(tolkRtProgramCreate(device, text.data(), text.size(), &program));
  EXPECT_TRUE(addsK(device, program, 3, 7));
  EXPECT_OK(tolkRtDeviceDestroy(device));
}

/// The process's count `name` (tolkRtDebugGetCounts).
int64_t liveCount(const char *name) {
  TolkRtDebugCount counts[16];
  size_t n = 0;
  EXPECT_OK(tolkRtDebugGetCounts(TolkRtDevice{0}, counts, 16, &n));
  for (size_t i = 0; i < std::min<size_t>(n, 16); ++i)
    if (std::string(counts[i].name) == name)
      return counts[i].value;
  ADD_FAILURE() << "no count " << name;
  return -1;
}

// One thread destroys the device while others allocate buffers and compile
// on it: each of their calls works or fails with TolkRtErrorInvalidHandle,
// and no buffer or program outlives the device's handle.
TEST_P(RuntimeCAPIThreadTest, DeviceDestroyedUnderOtherThreads) {
  {
    OPEN_OR_SKIP(GetParam(), probe);
    EXPECT_OK(tolkRtDeviceDestroy(probe));
  }
  int64_t buffersBefore = liveCount("handles.buffers");
  int64_t programsBefore = liveCount("handles.programs");
  std::string text = addKernel(1);
  std::atomic<int> unexpected{0};
  for (int round = 0; round < 5; ++round) {
    TolkRtDevice device{0};
    ASSERT_EQ(openDevice(GetParam(), device, 1), "");
    onThreads([&](int t) {
      if (t == 0) {
        std::this_thread::yield();
        if (Outcome o = outcome(tolkRtDeviceDestroy(device)); o.code)
          ADD_FAILURE() << o.message, ++unexpected;
        return;
      }
      for (int n = 0; n < 20; ++n) {
        TolkRtBuffer b;
        TolkRtProgram p;
        for (TolkRtStatus s : {tolkRtBufferAllocate(device, 64, &b),
                               n % 10 ? nullptr
                                      : tolkRtProgramCreate(device, text.data(),
                                                            text.size(), &p)}) {
          Outcome o = outcome(s);
          if (o.code != 0 && o.code != TolkRtErrorInvalidHandle)
            ADD_FAILURE() << o.message, ++unexpected;
        }
      }
    });
  }
  EXPECT_EQ(unexpected, 0);
  EXPECT_EQ(liveCount("handles.buffers"), buffersBefore);
  EXPECT_EQ(liveCount("handles.programs"), programsBefore);
}

INSTANTIATE_TEST_SUITE_P(Backends, RuntimeCAPIThreadTest,
                         ::testing::Values(TolkRtBackendHost,
                                           TolkRtBackendVulkan),
                         [](const auto &info) {
                           return std::string(tolkRtBackendGetName(info.param));
                         });

} // namespace
