//===- CudaRunnerTest.cpp - tolk-run's CUDA backend -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The no-driver path runs everywhere (with a library name that does not
// exist); the launch runs where there is a driver and a device, and is
// expected to fail with "no CUDA driver" where libcuda.so.1 is absent. The
// runner's calls into the driver (parameters, timing, cleanup) are tested
// everywhere against a stand-in driver on the host (FakeCudaDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "FakeCudaDriver.h"

#include "tolk/Runtime/CudaRunner.h"

#include "gtest/gtest.h"

#include <climits>
#include <dlfcn.h>
#include <vector>

using namespace tolk::runtime;
namespace test = tolk::runtime::test;

namespace {

// c[i] = a[i] + b[i] + k for i < n. PTX ISA 6.0 for sm_50, which every
// driver since CUDA 9 JIT-compiles for its device.
constexpr const char *kAddPtx = R"(
.version 6.0
.target sm_50
.address_size 64

.visible .entry add_i32(
    .param .u64 a, .param .u64 b, .param .u64 c,
    .param .u32 k, .param .u32 n)
{
    .reg .pred %p;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r4, %r1, %r2, %r3;
    ld.param.u32 %r5, [n];
    setp.ge.u32 %p, %r4, %r5;
    @%p bra DONE;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd2, [b];
    ld.param.u64 %rd3, [c];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    cvta.to.global.u64 %rd3, %rd3;
    mul.wide.u32 %rd4, %r4, 4;
    add.s64 %rd5, %rd1, %rd4;
    add.s64 %rd6, %rd2, %rd4;
    add.s64 %rd7, %rd3, %rd4;
    ld.global.u32 %r6, [%rd5];
    ld.global.u32 %r7, [%rd6];
    add.s32 %r6, %r6, %r7;
    ld.param.u32 %r7, [k];
    add.s32 %r6, %r6, %r7;
    st.global.u32 [%rd7], %r6;
DONE:
    ret;
}
)";

template <typename T> std::string errorOf(llvm::Expected<T> value) {
  return value ? "success" : llvm::toString(value.takeError());
}

template <typename T>
llvm::MutableArrayRef<uint8_t> bytesOf(std::vector<T> &v) {
  return {reinterpret_cast<uint8_t *>(v.data()), v.size() * sizeof(T)};
}

/// The add kernel over 7 elements, in 2 blocks of 4 threads (one gated off).
struct AddLaunch {
  std::vector<int32_t> a = {0, 1, -2, INT32_MAX, INT32_MIN, 100, -100};
  std::vector<int32_t> b = {0, 10, 20, 1, -1, 7, 0};
  std::vector<int32_t> c = std::vector<int32_t>(7, 0x5a5a5a5a);
  CudaLaunch launch;
  AddLaunch() {
    launch.ptx = kAddPtx;
    launch.kernelName = "add_i32";
    launch.grid = {2, 1, 1};
    launch.block = {4, 1, 1};
    launch.buffers = {bytesOf(a), bytesOf(b), bytesOf(c)};
    launch.params = {CudaParam::bufferAddress(0), CudaParam::bufferAddress(1),
                     CudaParam::bufferAddress(2),
                     CudaParam::scalar<int32_t>(1000),
                     CudaParam::scalar<uint32_t>(7)};
  }
};

TEST(CudaRunner, SaysWhenThereIsNoDriver) {
  AddLaunch add;
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  std::string message = errorOf(runCudaKernel(add.launch));
  EXPECT_EQ(message.rfind("no CUDA driver: libtolk-no-such-cuda.so.1 not "
                          "found (",
                          0),
            0u)
      << message;
  // The buffers are left as they were.
  EXPECT_EQ(add.c[0], 0x5a5a5a5a);
}

TEST(CudaRunner, ChecksTheLaunchBeforeTheDriver) {
  AddLaunch add;
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  add.launch.params[2] = CudaParam::bufferAddress(3);
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "parameter 2 is the address of buffer 3, but 3 buffer(s) were "
            "given");
  add = AddLaunch();
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  add.launch.block = {0, 1, 1};
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "grid 2x1x1 or block 0x1x1 has a zero dimension");
  add = AddLaunch();
  add.launch.params[3] = CudaParam::value({});
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)), "parameter 3 has no bytes");
}

// copy_image(in, out) over two 2x3 images (a surface object each), which
// the stand-in driver computes: out's texels become in's.
constexpr const char *kCopyImagePtx = R"(
.version 6.0
.target sm_50
.address_size 64

.visible .entry copy_image(.param .u64 in, .param .u64 out)
{
    ret;
}
)";

struct ImageLaunch {
  std::vector<uint16_t> in, out;
  CudaLaunch launch;
  explicit ImageLaunch(CudaLaunch::Image::Format format) {
    // 2 x 3 texels of 4 channels: 48 bytes of f16, 96 of f32.
    size_t halves =
        2 * 3 * 4 * (format == CudaLaunch::Image::Format::Half ? 1 : 2);
    for (size_t i = 0; i < halves; ++i)
      in.push_back(uint16_t(0x3c00 + 7 * i));
    out.assign(halves, 0x5a5a);
    launch.ptx = kCopyImagePtx;
    launch.kernelName = "copy_image";
    launch.buffers = {bytesOf(in), bytesOf(out)};
    CudaLaunch::Image image;
    image.format = format;
    image.width = 2;
    image.height = 3;
    launch.images = {image, image};
    launch.params = {CudaParam::surfaceObject(0), CudaParam::surfaceObject(1)};
  }
};

TEST(CudaRunner, ChecksImagesBeforeTheDriver) {
  ImageLaunch copy(CudaLaunch::Image::Format::Half);
  copy.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  copy.launch.images[1]->width = 3;
  EXPECT_EQ(errorOf(runCudaKernel(copy.launch)),
            "the image in buffer 1 is 3x3 texels (72 bytes), but 48 bytes "
            "were given");
  copy = ImageLaunch(CudaLaunch::Image::Format::Float);
  copy.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  copy.launch.params[0] = CudaParam::bufferAddress(0);
  EXPECT_EQ(errorOf(runCudaKernel(copy.launch)),
            "parameter 0 is the address of buffer 0, which is an image (a "
            "CUDA array has no address: pass its surface object)");
  copy.launch.params[0] = CudaParam::surfaceObject(2);
  EXPECT_EQ(errorOf(runCudaKernel(copy.launch)),
            "parameter 0 is the surface object of buffer 2, but 2 buffer(s) "
            "were given");
  copy.launch.images[0].reset();
  copy.launch.params[0] = CudaParam::surfaceObject(0);
  EXPECT_EQ(errorOf(runCudaKernel(copy.launch)),
            "parameter 0 is the surface object of buffer 0, which is not an "
            "image");
  copy = ImageLaunch(CudaLaunch::Image::Format::Float);
  copy.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  copy.launch.repeat = 2;
  copy.launch.restoredBuffers = {1};
  EXPECT_EQ(errorOf(runCudaKernel(copy.launch)),
            "the image in buffer 1 is to be restored between launches, which "
            "the runner does only for buffers");
}

TEST(CudaRunner, ScalarParamsHoldTheirBytes) {
  CudaParam p = CudaParam::scalar<int64_t>(-2);
  EXPECT_EQ(p.kind, CudaParam::Kind::Bytes);
  EXPECT_EQ(p.bytes, (llvm::SmallVector<uint8_t, 8>{0xfe, 0xff, 0xff, 0xff,
                                                    0xff, 0xff, 0xff, 0xff}));
  CudaParam q = CudaParam::bufferAddress(4);
  EXPECT_EQ(q.kind, CudaParam::Kind::BufferAddress);
  EXPECT_EQ(q.buffer, 4u);
}

TEST(CudaRunner, MemRefParamsAreFiveEntries) {
  std::vector<CudaParam> params;
  appendMemRef1DParams(params, 2, 1000);
  ASSERT_EQ(params.size(), 5u);
  EXPECT_EQ(params[0].kind, CudaParam::Kind::BufferAddress);
  EXPECT_EQ(params[1].kind, CudaParam::Kind::BufferAddress);
  EXPECT_EQ(params[1].buffer, 2u);
  EXPECT_EQ(params[2].bytes, CudaParam::scalar<int64_t>(0).bytes);
  EXPECT_EQ(params[3].bytes, CudaParam::scalar<int64_t>(1000).bytes);
  EXPECT_EQ(params[4].bytes, CudaParam::scalar<int64_t>(1).bytes);
}

// With libcuda.so.1 and a device: the exact sums. Without the driver: the
// no-driver error, which is what tolk-run reports on such machines.
TEST(CudaRunner, AddsTwoBuffersAndAScalar) {
  AddLaunch add;
  std::string message = errorOf(runCudaKernel(add.launch));
  if (message.rfind("no CUDA driver: libcuda.so.1 not found (", 0) == 0)
    return;
  if (message.rfind("no CUDA device", 0) == 0)
    GTEST_SKIP() << message;
  ASSERT_EQ(message, "success");
  std::vector<int32_t> expected = {
      1000, 1011, 1018, INT32_MIN + 1000, INT32_MIN + 999, 1107, 900};
  EXPECT_EQ(add.c, expected);
}

TEST(CudaRunner, TimingSaysWhenThereIsNoDriver) {
  AddLaunch add;
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  std::string message = errorOf(timeCudaKernel(add.launch, 5));
  EXPECT_EQ(message.rfind("no CUDA driver: libtolk-no-such-cuda.so.1 not "
                          "found (",
                          0),
            0u)
      << message;
  EXPECT_EQ(add.c[0], 0x5a5a5a5a);
  message = errorOf(timeDeviceCopy(1 << 20, 5, "libtolk-no-such-cuda.so.1"));
  EXPECT_EQ(message.rfind("no CUDA driver: libtolk-no-such-cuda.so.1 not "
                          "found (",
                          0),
            0u)
      << message;
}

TEST(CudaRunner, TimingChecksItsArgumentsBeforeTheDriver) {
  AddLaunch add;
  add.launch.driverLibrary = "libtolk-no-such-cuda.so.1";
  EXPECT_EQ(errorOf(timeCudaKernel(add.launch, 0)), "no repetitions to time");
  add.launch.kernelName.clear();
  EXPECT_EQ(errorOf(timeCudaKernel(add.launch, 3)), "no kernel name given");
  EXPECT_EQ(errorOf(timeDeviceCopy(0, 3, "libtolk-no-such-cuda.so.1")),
            "no bytes to copy");
  EXPECT_EQ(errorOf(timeDeviceCopy(64, 0, "libtolk-no-such-cuda.so.1")),
            "no repetitions to time");
}

// With libcuda.so.1 and a device: the timed kernel leaves the exact sums
// (it is idempotent, so repeating it changes nothing), and the times are
// ordered. Without the driver: the no-driver error.
TEST(CudaRunner, TimesAKernelAndACopy) {
  AddLaunch add;
  llvm::Expected<CudaTiming> kernel = timeCudaKernel(add.launch, 5);
  std::string message = errorOf(std::move(kernel));
  if (message.rfind("no CUDA driver: libcuda.so.1 not found (", 0) == 0)
    return;
  if (message.rfind("no CUDA device", 0) == 0)
    GTEST_SKIP() << message;
  ASSERT_EQ(message, "success");
  std::vector<int32_t> expected = {
      1000, 1011, 1018, INT32_MIN + 1000, INT32_MIN + 999, 1107, 900};
  EXPECT_EQ(add.c, expected);

  AddLaunch again;
  llvm::Expected<CudaTiming> timing = timeCudaKernel(again.launch, 4);
  ASSERT_TRUE(bool(timing)) << llvm::toString(timing.takeError());
  EXPECT_EQ(timing->repetitions, 4u);
  EXPECT_GE(timing->minMs, 0.0);
  EXPECT_LE(timing->minMs, timing->medianMs);
  EXPECT_LE(timing->medianMs, timing->maxMs);

  llvm::Expected<CudaTiming> copy = timeDeviceCopy(1 << 20, 3);
  ASSERT_TRUE(bool(copy)) << llvm::toString(copy.takeError());
  EXPECT_EQ(copy->repetitions, 3u);
  EXPECT_GE(copy->minMs, 0.0);
  EXPECT_LE(copy->minMs, copy->medianMs);
  EXPECT_LE(copy->medianMs, copy->maxMs);
}

/// The stand-in driver, opened the way the runner opens it (the same path,
/// so the same library and counters), its counters reset.
struct FakeDriver : test::FakeCudaDriver {
  FakeDriver() {
    if (opened())
      reset();
  }
  // Every allocation, module, event and context the runner made is gone,
  // none while queued work still used it.
  void expectNothingLive() {
    TolkFakeCudaStats s = stats();
    EXPECT_EQ(s.liveAllocations, 0);
    EXPECT_EQ(s.liveModules, 0);
    EXPECT_EQ(s.liveEvents, 0);
    EXPECT_EQ(s.retainedContexts, 0);
    EXPECT_EQ(s.liveArrays, 0);
    EXPECT_EQ(s.liveSurfaces, 0);
    EXPECT_EQ(s.pendingLaunches, 0);
    EXPECT_EQ(s.lateReleases, 0);
  }
};

/// A test on the stand-in: the driver opened and reset, and the add_i32
/// launch set up to run on it.
class CudaRunnerFake : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(fake.opened()) << dlerror();
    add.launch.driverLibrary = TOLK_FAKE_CUDA_DRIVER;
  }
  FakeDriver fake;
  AddLaunch add;
};

TEST_F(CudaRunnerFake, RunsTheKernelWithItsParameters) {
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)), "success");
  std::vector<int32_t> expected = {
      1000, 1011, 1018, INT32_MIN + 1000, INT32_MIN + 999, 1107, 900};
  EXPECT_EQ(add.c, expected);
  EXPECT_EQ(fake.stats().launches, 1);
  fake.expectNothingLive();
}

TEST_F(CudaRunnerFake, ReportsTheDeviceAndTheKernelsTime) {
  llvm::Expected<CudaRunInfo> run = runCudaKernel(add.launch);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  EXPECT_EQ(run->device, "fake");
  // The fake's first launch takes 0.25 ms, between the two events.
  EXPECT_EQ(run->kernelMs, (llvm::SmallVector<double, 1>{0.25}));
  fake.expectNothingLive();
}

// warmup + repeat launches back to back, each timed launch between events
// of its own (the fake's launches take 0.25, 0.5, 0.75, 0.25, ... ms), and
// a restored buffer copied back on the device before every launch but the
// first, outside the events (a copy advances the fake's clock too).
TEST_F(CudaRunnerFake, RepeatsTheLaunchAndRestoresBuffers) {
  add.launch.warmup = 2;
  add.launch.repeat = 4;
  add.launch.restoredBuffers = {2};
  llvm::Expected<CudaRunInfo> run = runCudaKernel(add.launch);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  EXPECT_EQ(run->kernelMs,
            (llvm::SmallVector<double, 1>{0.75, 0.25, 0.5, 0.75}));
  EXPECT_EQ(fake.stats().launches, 6);
  EXPECT_EQ(fake.stats().copies, 5);
  std::vector<int32_t> expected = {
      1000, 1011, 1018, INT32_MIN + 1000, INT32_MIN + 999, 1107, 900};
  EXPECT_EQ(add.c, expected);
  fake.expectNothingLive();

  // Nothing to restore: no copies.
  fake.reset();
  add.launch.restoredBuffers.clear();
  run = runCudaKernel(add.launch);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  EXPECT_EQ(fake.stats().copies, 0);
  fake.expectNothingLive();

  add.launch.repeat = 0;
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)), "no repetitions to time");
  add.launch.repeat = 1;
  add.launch.restoredBuffers = {3};
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "buffer 3 is to be restored between launches, but 3 buffer(s) "
            "were given");
  fake.expectNothingLive();
}

// Before the launch: each dimension of the grid and the block against the
// device's limits, the block's threads against the device's and the
// kernel's (the fake's kernels run at most 768).
TEST_F(CudaRunnerFake, ChecksTheLaunchAgainstTheLimits) {
  add.launch.block = {2048, 1, 1};
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "a block of 2048 threads in dimension x exceeds the limit of "
            "1024 of device 'fake'");
  add.launch.block = {1, 1, 128};
  EXPECT_EQ(errorOf(timeCudaKernel(add.launch, 3)),
            "a block of 128 threads in dimension z exceeds the limit of 64 "
            "of device 'fake'");
  add.launch.block = {4, 1, 1};
  add.launch.grid = {1, 70000, 1};
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "a grid of 70000 blocks in dimension y exceeds the limit of "
            "65535 of device 'fake'");
  add.launch.grid = {2, 1, 1};
  add.launch.block = {64, 32, 1};
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "a block of 2048 threads exceeds the limit of 1024 of device "
            "'fake'");
  add.launch.block = {32, 32, 1};
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "a block of 1024 threads exceeds the 768 that kernel 'add_i32' "
            "can run per block on device 'fake' (its registers or its "
            "compiled block size)");
  EXPECT_EQ(fake.stats().launches, 0);
  EXPECT_EQ(add.c[0], 0x5a5a5a5a);
  fake.expectNothingLive();
}

TEST_F(CudaRunnerFake, ReportsTheDriversErrorsAndCleansUp) {
  add.launch.params.pop_back();
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "kernel 'add_i32' has 5 parameter(s) but 4 were given");
  add = AddLaunch();
  add.launch.driverLibrary = TOLK_FAKE_CUDA_DRIVER;
  add.launch.params[3] = CudaParam::scalar<int64_t>(1000);
  EXPECT_EQ(errorOf(timeCudaKernel(add.launch, 3)),
            "parameter 3 of kernel 'add_i32' has 4 byte(s) but 8 were given");
  add.launch.kernelName = "sub_i32";
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "the PTX has no kernel 'sub_i32' (CUDA_ERROR_NOT_FOUND (500): "
            "from the fake driver)");
  add.launch.ptx = "not PTX";
  EXPECT_EQ(errorOf(timeCudaKernel(add.launch, 3)),
            "the CUDA driver rejects the PTX for device 'fake': "
            "CUDA_ERROR_INVALID_PTX (218): from the fake driver");
  EXPECT_EQ(fake.stats().launches, 0);
  EXPECT_EQ(add.c[0], 0x5a5a5a5a);
  fake.expectNothingLive();
}

// The fake's launches take 0.25, 0.5, 0.75, 0.25, ... ms: two untimed, then
// 0.75, 0.25, 0.5, 0.75, 0.25 for five repetitions, whose median is 0.5.
TEST_F(CudaRunnerFake, TimesTheKernelAfterTwoUntimedLaunches) {
  llvm::Expected<CudaTiming> timing = timeCudaKernel(add.launch, 5);
  ASSERT_TRUE(bool(timing)) << llvm::toString(timing.takeError());
  EXPECT_EQ(timing->repetitions, 5u);
  EXPECT_EQ(timing->medianMs, 0.5);
  EXPECT_EQ(timing->minMs, 0.25);
  EXPECT_EQ(timing->maxMs, 0.75);
  EXPECT_EQ(fake.stats().launches, 7);
  // The buffers hold the results of the last launch.
  std::vector<int32_t> expected = {
      1000, 1011, 1018, INT32_MIN + 1000, INT32_MIN + 999, 1107, 900};
  EXPECT_EQ(add.c, expected);
  fake.expectNothingLive();

  // Four repetitions (0.75, 0.25, 0.5, 0.75): the mean of the middle two.
  fake.reset();
  timing = timeCudaKernel(add.launch, 4);
  ASSERT_TRUE(bool(timing)) << llvm::toString(timing.takeError());
  EXPECT_EQ(timing->medianMs, 0.625);
  fake.expectNothingLive();
}

// An image goes to a 2-D array of its format through cuMemcpy2D and back
// after the launch, and the kernel takes its surface object: the stand-in's
// copy_image reads one array through it and writes the other. Both arrays
// and surfaces are destroyed.
TEST_F(CudaRunnerFake, BindsImagesAsSurfaceObjects) {
  for (auto format :
       {CudaLaunch::Image::Format::Half, CudaLaunch::Image::Format::Float}) {
    ImageLaunch copy(format);
    copy.launch.driverLibrary = TOLK_FAKE_CUDA_DRIVER;
    EXPECT_EQ(errorOf(runCudaKernel(copy.launch)), "success");
    EXPECT_EQ(copy.out, copy.in);
    EXPECT_EQ(copy.in[5], 0x3c00 + 35);
    fake.expectNothingLive();
  }
  // A failed launch (the stand-in's copy_image of images of two sizes)
  // still destroys the arrays and surfaces, and copies nothing back.
  ImageLaunch copy(CudaLaunch::Image::Format::Half);
  copy.launch.driverLibrary = TOLK_FAKE_CUDA_DRIVER;
  copy.out.resize(copy.out.size() / 2);
  copy.launch.buffers[1] = bytesOf(copy.out);
  copy.launch.images[1]->width = 1;
  EXPECT_EQ(errorOf(runCudaKernel(copy.launch)),
            "cuLaunchKernel failed: CUDA_ERROR_INVALID_VALUE (1): from the "
            "fake driver");
  EXPECT_EQ(copy.out[0], 0x5a5a);
  fake.expectNothingLive();
}

// The fake's copies take 1 ms per MiB.
TEST_F(CudaRunnerFake, TimesTheCopyAfterTwoUntimedCopies) {
  llvm::Expected<CudaTiming> timing =
      timeDeviceCopy(3 << 20, 3, TOLK_FAKE_CUDA_DRIVER);
  ASSERT_TRUE(bool(timing)) << llvm::toString(timing.takeError());
  EXPECT_EQ(timing->repetitions, 3u);
  EXPECT_EQ(timing->medianMs, 3.0);
  EXPECT_EQ(timing->minMs, 3.0);
  EXPECT_EQ(timing->maxMs, 3.0);
  EXPECT_EQ(fake.stats().copies, 5);
  fake.expectNothingLive();
}

// A kernel's fault shows when the run waits for the launch, as the
// driver reports it (at the first synchronization after it), naming the
// launch; nothing is read back, and everything is released once the
// stream is past it.
TEST_F(CudaRunnerFake, ReportsAFaultOfTheKernelAsItsLaunchs) {
  fake.faultAtLaunch(1);
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "cuEventSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (700): "
            "from the fake driver (launch 1 of kernel 'add_i32')");
  EXPECT_EQ(add.c[0], 0x5a5a5a5a);
  fake.expectNothingLive();

  // In the warm-up: the wait after it reports it, before anything is
  // timed.
  fake.reset();
  add.launch.warmup = 2;
  add.launch.repeat = 3;
  add.launch.restoredBuffers = {2};
  fake.faultAtLaunch(1);
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "cuEventSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (700): "
            "from the fake driver (launch 1 of kernel 'add_i32')");
  EXPECT_EQ(fake.stats().launches, 2);
  fake.expectNothingLive();

  // In a timed launch: all of them were enqueued, the ones after it are
  // retired with it, and the restoring copies' memory outlives them.
  fake.reset();
  fake.faultAtLaunch(4);
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "cuEventSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (700): "
            "from the fake driver (launch 4 of kernel 'add_i32')");
  EXPECT_EQ(fake.stats().launches, 5);
  EXPECT_EQ(fake.stats().copies, 4);
  EXPECT_EQ(add.c[0], 0x5a5a5a5a);
  fake.expectNothingLive();
}

// More timed launches than the session keeps in flight (64): the oldest
// are retired to make room, and their times are kept for the run.
TEST_F(CudaRunnerFake, TimesMoreLaunchesThanAreInFlight) {
  add.launch.repeat = 100;
  llvm::Expected<CudaRunInfo> run = runCudaKernel(add.launch);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  ASSERT_EQ(run->kernelMs.size(), 100u);
  for (unsigned i = 0; i < 100; ++i)
    EXPECT_EQ(run->kernelMs[i], 0.25 * (i % 3 + 1)) << "launch " << i + 1;
  fake.expectNothingLive();

  // A fault in one of those retired early is kept for its wait.
  fake.reset();
  fake.faultAtLaunch(5);
  EXPECT_EQ(errorOf(runCudaKernel(add.launch)),
            "cuEventSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (700): "
            "from the fake driver (launch 5 of kernel 'add_i32')");
  fake.expectNothingLive();
}

} // namespace
