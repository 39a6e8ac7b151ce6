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

#include "gtest/gtest.h"

#include <cstring>
#include <string>
#include <vector>

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
  options.backend = static_cast<TolkRtBackend>(9);
  EXPECT_EQ(outcome(tolkRtBackendCheckAvailable(&options)).message,
            "an unknown backend 9 (0: host, 1: vulkan, 2: cuda)");
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

} // namespace
