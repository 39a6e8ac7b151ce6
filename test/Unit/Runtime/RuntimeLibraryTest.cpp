//===- RuntimeLibraryTest.cpp - The runtime's C++ API -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "FakeCudaDriver.h"
#include "RuntimeTestKernels.h"

#include "tolk/Runtime/Devices.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <string>
#include <thread>

using namespace tolk::runtime;

namespace {

/// Copies a 2 x 3 imageh's texels to another's (the CUDA stand-in computes
/// it too).
constexpr const char *kCopyImage = R"mlir(
gpu.module @halves {
  gpu.func @copy_image(%in: !tolk.ptr<f32, global, imageh<2x3x4>> {tolk.readonly},
                       %out: !tolk.ptr<f32, global, imageh<2x3x4>>) kernel
      attributes {known_block_size = array<i32: 3, 2, 1>,
                  known_grid_size = array<i32: 1, 1, 1>} {
    %x = tolk.special local_id x : si32
    %y = tolk.special local_id y : si32
    %xy = vector.from_elements %x, %y : vector<2xsi32>
    %t = tolk.image_load %in[%xy] : !tolk.ptr<f32, global, imageh<2x3x4>> -> vector<4xf16>
    tolk.image_store %out[%xy], %t : !tolk.ptr<f32, global, imageh<2x3x4>>, vector<4xf16>
    gpu.return
  }
}
)mlir";

uint32_t floatBits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  return bits;
}

std::shared_ptr<Device> openOrFail(DeviceOptions options) {
  llvm::Expected<std::shared_ptr<Device>> device = openDevice(options);
  if (!device) {
    ADD_FAILURE() << takeError(device.takeError()).second;
    return nullptr;
  }
  return *device;
}

std::shared_ptr<Device> hostDevice(unsigned threads = 0) {
  DeviceOptions options;
  options.hostThreads = threads;
  return openOrFail(options);
}

template <typename T> std::vector<uint8_t> bytesOf(const std::vector<T> &v) {
  std::vector<uint8_t> bytes(v.size() * sizeof(T));
  std::memcpy(bytes.data(), v.data(), bytes.size());
  return bytes;
}

template <typename T> std::vector<T> readAll(Device &device, Buffer &buffer) {
  std::vector<uint8_t> bytes(buffer.size());
  llvm::Error e = device.read(buffer, 0, bytes);
  EXPECT_FALSE(bool(e)) << takeError(std::move(e)).second;
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

std::shared_ptr<Buffer> bufferOf(Device &device,
                                 const std::vector<uint8_t> &bytes) {
  llvm::Expected<std::shared_ptr<Buffer>> buffer =
      device.allocate(bytes.size());
  EXPECT_TRUE(bool(buffer));
  if (!buffer) {
    llvm::consumeError(buffer.takeError());
    return nullptr;
  }
  llvm::Error e = device.write(**buffer, 0, bytes);
  EXPECT_FALSE(bool(e)) << takeError(std::move(e)).second;
  return *buffer;
}

std::shared_ptr<Program> compileOrFail(Device &device,
                                       llvm::StringRef text = test::kKernels) {
  llvm::Expected<std::shared_ptr<Program>> program = device.compile(text);
  if (!program) {
    ADD_FAILURE() << takeError(program.takeError()).second;
    return nullptr;
  }
  return *program;
}

/// The message of a failed call, or "" with a test failure when it passed.
std::pair<ErrorCode, std::string> errorOf(llvm::Error e) {
  if (!e) {
    ADD_FAILURE() << "the call succeeded";
    return {ErrorCode::Internal, ""};
  }
  return takeError(std::move(e));
}

unsigned kernelIndex(const Program &program, llvm::StringRef name) {
  llvm::Expected<unsigned> index = program.findKernel(name);
  EXPECT_TRUE(bool(index));
  if (!index) {
    llvm::consumeError(index.takeError());
    return 0;
  }
  return *index;
}

/// Launches scale on `device` and checks y = x * 2 exactly.
void checkScale(Device &device) {
  std::shared_ptr<Program> program = compileOrFail(device);
  ASSERT_TRUE(program);
  auto x = bufferOf(device, bytesOf<float>({1.5f, -2.0f, 0.25f, 1e30f}));
  auto y = bufferOf(device, std::vector<uint8_t>(16, 0));
  llvm::Error e = device.launch(
      *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
      {LaunchArg::of(x), LaunchArg::of(y), LaunchArg::scalar(floatBits(2.0f))});
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  ASSERT_FALSE(bool(device.synchronize()));
  EXPECT_EQ(readAll<float>(device, *y),
            (std::vector<float>{3.0f, -4.0f, 0.5f, 2e30f}));
}

TEST(RuntimeTest, HostLaunchesAProgramManyTimes) {
  std::shared_ptr<Device> device = hostDevice();
  ASSERT_TRUE(device);
  EXPECT_EQ(device->memorySafety(), "bounds-checked");
  for (int i = 0; i < 3; ++i)
    checkScale(*device);
}

TEST(RuntimeTest, ProgramDescribesItsKernels) {
  std::shared_ptr<Device> device = hostDevice();
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  const KernelInfo &scale = program->kernels()[kernelIndex(*program, "scale")];
  EXPECT_EQ(scale.module, "k");
  ASSERT_EQ(scale.params.size(), 3u);
  EXPECT_EQ(scale.params[0].kind, ParamInfo::Kind::Buffer);
  EXPECT_EQ(scale.params[0].count, 4);
  EXPECT_EQ(scale.params[0].minBytes(), 16u);
  EXPECT_EQ(scale.params[2].kind, ParamInfo::Kind::Scalar);
  EXPECT_EQ(scale.knownGrid, (std::array<uint32_t, 3>{1, 1, 1}));
  EXPECT_EQ(scale.knownBlock, (std::array<uint32_t, 3>{4, 1, 1}));
  // The kernelized function is found by its name.
  const KernelInfo &twice = program->kernels()[kernelIndex(*program, "twice")];
  EXPECT_EQ(twice.function, "twice");
}

TEST(RuntimeTest, KernelizedFunctionRuns) {
  std::shared_ptr<Device> device = hostDevice();
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  unsigned twice = kernelIndex(*program, "twice");
  auto a = bufferOf(*device, bytesOf<int32_t>({1, -2, 3, 4, 5, 6, 7, 1 << 30}));
  auto r = bufferOf(*device, std::vector<uint8_t>(32, 0));
  llvm::Error e = device->launch(*program, twice, std::nullopt, std::nullopt,
                                 {LaunchArg::of(a), LaunchArg::of(r)});
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  EXPECT_EQ(readAll<int32_t>(*device, *r),
            (std::vector<int32_t>{2, -4, 6, 8, 10, 12, 14, INT32_MIN}));
}

TEST(RuntimeTest, SecondCompileIsServedFromTheCache) {
  std::shared_ptr<Device> device = hostDevice();
  std::shared_ptr<Program> first = compileOrFail(*device);
  std::shared_ptr<Program> second = compileOrFail(*device);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(first->getCompiled().get(), second->getCompiled().get());
  // Another host device of the same options shares it; one without the
  // bounds check does not.
  std::shared_ptr<Device> other = hostDevice(1);
  EXPECT_EQ(compileOrFail(*other)->getCompiled().get(),
            first->getCompiled().get());
  DeviceOptions unchecked;
  unchecked.hostBoundsCheck = false;
  std::shared_ptr<Device> fast = openOrFail(unchecked);
  EXPECT_NE(compileOrFail(*fast)->getCompiled().get(),
            first->getCompiled().get());
}

TEST(RuntimeTest, CompileErrorsCarryTheirLocation) {
  std::shared_ptr<Device> device = hostDevice();
  llvm::Expected<std::shared_ptr<Program>> program =
      device->compile("gpu.module @m {\n  gpu.func @f( kernel {}\n}");
  ASSERT_FALSE(bool(program));
  auto [code, message] = takeError(program.takeError());
  EXPECT_EQ(code, ErrorCode::CompileFailed);
  EXPECT_NE(message.find("module:2:"), std::string::npos) << message;
}

TEST(RuntimeTest, BadLaunchesAreErrors) {
  std::shared_ptr<Device> device = hostDevice();
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  unsigned scale = kernelIndex(*program, "scale");
  auto x = bufferOf(*device, std::vector<uint8_t>(16, 0));
  auto small = bufferOf(*device, std::vector<uint8_t>(12, 0));
  LaunchArg two = LaunchArg::scalar(floatBits(2.0f));
  auto launch = [&](std::vector<LaunchArg> args,
                    std::optional<std::array<uint32_t, 3>> grid =
                        std::nullopt) {
    return errorOf(device->launch(*program, scale, grid, std::nullopt, args));
  };
  auto [code, message] = launch({LaunchArg::of(x), LaunchArg::of(x)});
  EXPECT_EQ(code, ErrorCode::InvalidArgument);
  EXPECT_EQ(message, "kernel 'scale' takes 3 argument(s), but 2 were given");
  EXPECT_EQ(launch({LaunchArg::of(x), two, two}).second,
            "argument #1 of kernel 'scale' is a scalar, but the parameter is "
            "a buffer of f32");
  EXPECT_EQ(launch({LaunchArg::of(x), LaunchArg::of(small), two}).second,
            "argument #1 of kernel 'scale' is a buffer of 12 bytes, but the "
            "parameter declares 4 x f32 (16 bytes)");
  EXPECT_EQ(
      launch({LaunchArg::of(x), LaunchArg::of(x),
              LaunchArg::scalar(uint64_t(1) << 32)})
          .second,
      "argument #2 of kernel 'scale': the bits 0x100000000 do not fit its "
      "type f32 (32 bits)");
  EXPECT_EQ(
      launch({LaunchArg::of(x), LaunchArg::of(x), two}, {{2, 1, 1}}).second,
      "a grid of 2,1,1 for kernel 'scale', whose known_grid_size is "
      "1,1,1, the launch it is compiled for");
  // Buffers and programs of another device.
  std::shared_ptr<Device> other = hostDevice();
  auto foreign = bufferOf(*other, std::vector<uint8_t>(16, 0));
  EXPECT_EQ(launch({LaunchArg::of(x), LaunchArg::of(foreign), two}).second,
            "argument #1 of kernel 'scale' is a buffer of another device");
  EXPECT_EQ(
      errorOf(other->launch(*program, scale, std::nullopt, std::nullopt, {}))
          .second,
      "the program was compiled for another device");
  EXPECT_EQ(errorOf(device->write(*x, 8, std::vector<uint8_t>(12))).second,
            "writing bytes 8 to 20 of a buffer of 16 bytes: out of its range");
  EXPECT_EQ(takeError(program->findKernel("nope").takeError()),
            std::make_pair(ErrorCode::InvalidArgument,
                           std::string("the program has no kernel or "
                                       "function named 'nope'")));
}

TEST(RuntimeTest, OutOfBoundsLeavesTheDeviceUsable) {
  std::shared_ptr<Device> device = hostDevice(2);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  unsigned copy = kernelIndex(*program, "copy");
  auto x = bufferOf(*device, bytesOf<int32_t>({1, 2, 3, 4}));
  auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
  // 8 threads over buffers of 4.
  auto [code, message] =
      errorOf(device->launch(*program, copy, {{2, 1, 1}}, {{4, 1, 1}},
                             {LaunchArg::of(x), LaunchArg::of(y)}));
  EXPECT_EQ(code, ErrorCode::LaunchFailed);
  EXPECT_EQ(message, "kernel 'copy' loads element 4 of parameter #0, a buffer "
                     "of 4 si32, in thread (0, 0, 0) of block (1, 0, 0): out "
                     "of bounds, so launch 1 stopped there");
  llvm::Error e = device->launch(*program, copy, {{1, 1, 1}}, {{4, 1, 1}},
                                 {LaunchArg::of(x), LaunchArg::of(y)});
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  EXPECT_EQ(readAll<int32_t>(*device, *y), (std::vector<int32_t>{1, 2, 3, 4}));
}

TEST(RuntimeTest, LaunchesFromSeveralThreads) {
  std::shared_ptr<Device> device = hostDevice(2);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  unsigned copy = kernelIndex(*program, "copy");
  constexpr int kThreads = 4, kLaunches = 50, kSize = 256;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::vector<int32_t> values(kSize);
      for (int i = 0; i < kSize; ++i)
        values[i] = t * 1000 + i;
      auto x = bufferOf(*device, bytesOf(values));
      auto y = bufferOf(*device, std::vector<uint8_t>(kSize * 4, 0));
      for (int n = 0; n < kLaunches; ++n)
        if (llvm::Error e = device->launch(
                *program, copy, {{kSize / 64, 1, 1}}, {{64, 1, 1}},
                {LaunchArg::of(x), LaunchArg::of(y)})) {
          llvm::consumeError(std::move(e));
          ++failures;
        }
      if (readAll<int32_t>(*device, *y) != values)
        ++failures;
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures, 0);
}

TEST(RuntimeTest, HostHasOneDevice) {
  DeviceOptions options;
  options.deviceIndex = 1;
  llvm::Expected<std::shared_ptr<Device>> device = openDevice(options);
  ASSERT_FALSE(bool(device));
  auto [code, message] = takeError(device.takeError());
  EXPECT_EQ(code, ErrorCode::Unavailable);
  EXPECT_EQ(message, "no host device 1: the host has one, device 0");
}

/// Whether `e` is success; its message is a test failure otherwise.
bool succeeded(llvm::Error e) {
  if (!e)
    return true;
  ADD_FAILURE() << takeError(std::move(e)).second;
  return false;
}

/// The Vulkan device, or null where there is none (the test skips).
std::shared_ptr<Device> vulkanDevice() {
  DeviceOptions options;
  options.backend = BackendKind::Vulkan;
  llvm::Expected<std::shared_ptr<Device>> device = openDevice(options);
  if (!device) {
    llvm::consumeError(device.takeError());
    return nullptr;
  }
  return *device;
}

#define REQUIRE_VULKAN(device)                                                 \
  std::shared_ptr<Device> device = vulkanDevice();                             \
  if (!device)                                                                 \
  GTEST_SKIP() << "no Vulkan device"

std::shared_ptr<Buffer> viewOrFail(Device &device,
                                   std::shared_ptr<Buffer> buffer,
                                   uint64_t offset, uint64_t bytes) {
  llvm::Expected<std::shared_ptr<Buffer>> view =
      device.createView(std::move(buffer), offset, bytes);
  if (!view) {
    ADD_FAILURE() << takeError(view.takeError()).second;
    return nullptr;
  }
  return *view;
}

/// Launches scale on two views of one buffer: it reads and writes their
/// bytes and no others, and a view outlives the buffer's own handle.
void checkViews(Device &device) {
  std::shared_ptr<Program> program = compileOrFail(device);
  ASSERT_TRUE(program);
  std::vector<float> values(256, 7.0f);
  values[64] = 1.5f, values[65] = -2.0f, values[66] = 0.25f, values[67] = 1e30f;
  std::shared_ptr<Buffer> whole = bufferOf(device, bytesOf(values));
  auto x = viewOrFail(device, whole, 256, 16);
  auto y = viewOrFail(device, whole, 512, 16);
  ASSERT_TRUE(x && y);
  llvm::Error e = device.launch(
      *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
      {LaunchArg::of(x), LaunchArg::of(y), LaunchArg::scalar(floatBits(2.0f))});
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  std::vector<float> expected = values;
  expected[128] = 3.0f, expected[129] = -4.0f, expected[130] = 0.5f;
  expected[131] = 2e30f;
  EXPECT_EQ(readAll<float>(device, *whole), expected);
  EXPECT_EQ(readAll<float>(device, *y),
            (std::vector<float>{3.0f, -4.0f, 0.5f, 2e30f}));
  // A write through a view is the buffer's; a view of a view is of the
  // same memory, and stays when the others go.
  e = device.write(*x, 4, bytesOf<float>({9.0f}));
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  EXPECT_EQ(readAll<float>(device, *whole)[65], 9.0f);
  auto front = viewOrFail(device, y, 0, 8);
  ASSERT_TRUE(front);
  EXPECT_EQ(front->storageOffset(), 512u);
  whole.reset(), x.reset(), y.reset();
  EXPECT_EQ(readAll<float>(device, *front), (std::vector<float>{3.0f, -4.0f}));
}

TEST(RuntimeTest, HostViews) {
  std::shared_ptr<Device> device = hostDevice();
  ASSERT_TRUE(device);
  checkViews(*device);
  std::shared_ptr<Buffer> whole = bufferOf(*device, std::vector<uint8_t>(1024));
  auto message = [&](uint64_t offset, uint64_t bytes) {
    llvm::Expected<std::shared_ptr<Buffer>> view =
        device->createView(whole, offset, bytes);
    if (view)
      return std::string("made");
    return takeError(view.takeError()).second;
  };
  EXPECT_EQ(message(100, 16), "a view at byte 100 of its allocation: a view "
                              "starts at a multiple of 256 bytes");
  EXPECT_EQ(message(768, 512), "a view of bytes 768 to 1280 of a buffer of "
                               "1024 bytes: out of its range");
  EXPECT_EQ(message(0, 0), "a view holds at least one byte");
  // A view is checked at a launch as a buffer of its size.
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  auto small = viewOrFail(*device, whole, 0, 8);
  EXPECT_EQ(errorOf(device->launch(*program, kernelIndex(*program, "scale"),
                                   std::nullopt, std::nullopt,
                                   {LaunchArg::of(small), LaunchArg::of(whole),
                                    LaunchArg::scalar(0)}))
                .second,
            "argument #0 of kernel 'scale' is a buffer of 8 bytes, but the "
            "parameter declares 4 x f32 (16 bytes)");
  // An image takes a whole buffer: a device copies its texels in and out.
  std::shared_ptr<Program> images = compileOrFail(*device, kCopyImage);
  ASSERT_TRUE(images);
  auto texels = viewOrFail(*device, whole, 256, 48);
  EXPECT_EQ(
      errorOf(device->launch(*images, 0, std::nullopt, std::nullopt,
                             {LaunchArg::of(texels), LaunchArg::of(whole)}))
          .second,
      "argument #0 of kernel 'copy_image' is an image, which takes a "
      "whole buffer, not a view");
}

TEST(RuntimeTest, Vulkan) {
  REQUIRE_VULKAN(device);
  checkScale(*device);
  checkScale(*device);
  // The device is known when it opens, before any launch.
  EXPECT_NE(device->name().find("(Vulkan 1."), llvm::StringRef::npos)
      << device->name().str();
  EXPECT_TRUE(device->memorySafety() == "robustBufferAccess2" ||
              device->memorySafety() == "robustBufferAccess" ||
              device->memorySafety() == "unchecked")
      << device->memorySafety().str();
}

/// Launches copy (y = x over `n` si32, blocks of 4) on `device`.
llvm::Error launchCopy(Device &device, const Program &program,
                       std::shared_ptr<Buffer> x, std::shared_ptr<Buffer> y,
                       uint32_t n, double *ms = nullptr) {
  return device.launch(program, kernelIndex(program, "copy"),
                       std::array<uint32_t, 3>{n / 4, 1, 1},
                       std::array<uint32_t, 3>{4, 1, 1},
                       {LaunchArg::of(std::move(x)), LaunchArg::of(y)}, ms);
}

// A view is bound at its offset of the buffer's memory, its size the
// binding's range.
TEST(RuntimeTest, VulkanViews) {
  REQUIRE_VULKAN(device);
  checkViews(*device);
}

// Launches return before they run; each sees what the launches before it
// wrote, and a read waits for them: a chain of copies through three
// buffers, never synchronized, ends with the first buffer's values.
TEST(RuntimeTest, VulkanLaunchesQueueInOrder) {
  REQUIRE_VULKAN(device);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  std::vector<int32_t> values(64);
  for (int i = 0; i < 64; ++i)
    values[i] = i * 7919 - 100000;
  auto a = bufferOf(*device, bytesOf(values));
  auto b = bufferOf(*device, std::vector<uint8_t>(256, 0));
  auto c = bufferOf(*device, std::vector<uint8_t>(256, 0));
  for (int round = 0; round < 200; ++round) {
    ASSERT_TRUE(succeeded(launchCopy(*device, *program, a, b, 64)));
    ASSERT_TRUE(succeeded(launchCopy(*device, *program, b, c, 64)));
    ASSERT_TRUE(succeeded(launchCopy(*device, *program, c, a, 64)));
  }
  EXPECT_EQ(readAll<int32_t>(*device, *a), values);
  // A write waits too: the launch before it reads the old contents.
  ASSERT_TRUE(succeeded(launchCopy(*device, *program, a, b, 64)));
  ASSERT_TRUE(succeeded(device->write(*a, 0, std::vector<uint8_t>(256, 0))));
  EXPECT_EQ(readAll<int32_t>(*device, *b), values);
  EXPECT_TRUE(succeeded(device->synchronize()));
}

// A timed launch waits and gives the kernel's time; a buffer freed while a
// launch that uses it is queued lives until the launch is done.
TEST(RuntimeTest, VulkanTimesAndKeepsBuffersOfQueuedLaunches) {
  REQUIRE_VULKAN(device);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  auto x = bufferOf(*device, bytesOf<int32_t>({1, 2, 3, 4}));
  auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
  double ms = -1;
  ASSERT_TRUE(succeeded(launchCopy(*device, *program, x, y, 4, &ms)));
  EXPECT_GE(ms, 0.0);
  EXPECT_EQ(readAll<int32_t>(*device, *y), (std::vector<int32_t>{1, 2, 3, 4}));
  for (int i = 0; i < 100; ++i) {
    auto from = bufferOf(*device, bytesOf<int32_t>({i, i, i, i}));
    auto to = bufferOf(*device, std::vector<uint8_t>(16, 0));
    ASSERT_TRUE(succeeded(launchCopy(*device, *program, from, to, 4)));
  }
  EXPECT_TRUE(succeeded(device->synchronize()));
}

// A launch the device refuses (more workgroups than it has) is an error
// that names the launch, and the device stays usable: the next launch runs,
// the buffers keep their contents.
TEST(RuntimeTest, VulkanStaysUsableAfterAFailedLaunch) {
  REQUIRE_VULKAN(device);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  auto x = bufferOf(*device, bytesOf<int32_t>({5, 6, 7, 8}));
  auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
  auto [code, message] = errorOf(device->launch(
      *program, kernelIndex(*program, "copy"),
      std::array<uint32_t, 3>{UINT32_MAX, 1, 1},
      std::array<uint32_t, 3>{4, 1, 1}, {LaunchArg::of(x), LaunchArg::of(y)}));
  EXPECT_EQ(code, ErrorCode::LaunchFailed);
  EXPECT_NE(message.find("4294967295 workgroups in dimension x exceed"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("of kernel 'copy')"), std::string::npos) << message;
  ASSERT_TRUE(succeeded(launchCopy(*device, *program, x, y, 4)));
  EXPECT_EQ(readAll<int32_t>(*device, *y), (std::vector<int32_t>{5, 6, 7, 8}));
  EXPECT_TRUE(succeeded(device->synchronize()));
}

/// The device's live-object counts (Device::countLiveObjects), by name.
std::map<std::string, int64_t> countsOf(const Device &device) {
  llvm::SmallVector<LiveCount> counts;
  device.countLiveObjects(counts);
  std::map<std::string, int64_t> byName;
  for (const LiveCount &count : counts)
    byName[count.name] = count.value;
  return byName;
}

// A kernel is made once per device for its SPIR-V: a program compiled again
// launches the shader module, layouts and pipeline made for the one before,
// even where the compile cache misses (here: a comment after the module, a
// new text of the same SPIR-V). The device keeps the 32 kernels that no
// program held last (and counts them); older ones go.
TEST(RuntimeTest, VulkanProgramsShareTheKernelsOfTheirSpirv) {
  REQUIRE_VULKAN(device);
  auto x = bufferOf(*device, bytesOf<int32_t>({1, 2, 3, 4}));
  auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
  auto launchAdd = [&](const std::string &text) {
    std::shared_ptr<Program> program = compileOrFail(*device, text);
    EXPECT_TRUE(program);
    if (program)
      EXPECT_TRUE(succeeded(device->launch(
          *program, kernelIndex(*program, "addk"),
          std::array<uint32_t, 3>{1, 1, 1}, std::array<uint32_t, 3>{4, 1, 1},
          {LaunchArg::of(x), LaunchArg::of(y)})));
    // Retired, so that the recycled objects (command buffers, descriptor
    // sets) compare too.
    EXPECT_TRUE(succeeded(device->synchronize()));
    return program;
  };
  std::shared_ptr<Program> first = launchAdd(test::addKernel(10));
  ASSERT_TRUE(first);
  std::map<std::string, int64_t> once = countsOf(*device);
  EXPECT_EQ(once["vulkan.kernels-cached"], 1);
  EXPECT_EQ(once["vulkan.kernels-unused"], 0);
  EXPECT_EQ(once["vulkan.pipelines"], 1);
  EXPECT_EQ(once["vulkan.shader-modules"], 1);

  // Another text of the same kernel: another compiled module, the same
  // Vulkan objects.
  std::shared_ptr<Program> second = launchAdd(test::addKernel(10) + "// 2\n");
  ASSERT_TRUE(second);
  EXPECT_NE(first->getCompiled(), second->getCompiled());
  EXPECT_EQ(countsOf(*device), once);
  EXPECT_EQ(readAll<int32_t>(*device, *y),
            (std::vector<int32_t>{11, 12, 13, 14}));

  // Destroyed and compiled again, past the compile cache: kept meanwhile.
  first.reset();
  second.reset();
  std::map<std::string, int64_t> kept = once;
  kept["vulkan.kernels-unused"] = 1;
  EXPECT_EQ(countsOf(*device), kept);
  std::shared_ptr<Program> third = launchAdd(test::addKernel(10) + "// 3\n");
  EXPECT_EQ(countsOf(*device), once);
  third.reset();

  // 40 other kernels, each released after its launch: the last 32 are kept,
  // the first kernel (released before them) and 8 of them went.
  for (int k = 0; k < 40; ++k)
    launchAdd(test::addKernel(100 + k));
  EXPECT_EQ(readAll<int32_t>(*device, *y),
            (std::vector<int32_t>{140, 141, 142, 143}));
  std::map<std::string, int64_t> counts = countsOf(*device);
  EXPECT_EQ(counts["vulkan.kernels-cached"], 32);
  EXPECT_EQ(counts["vulkan.kernels-unused"], 32);
  EXPECT_EQ(counts["vulkan.pipelines"], 32);
  EXPECT_EQ(counts["vulkan.shader-modules"], 32);
  EXPECT_EQ(counts["vulkan.pipeline-layouts"], 32);
  EXPECT_EQ(counts["vulkan.descriptor-pools"], 32);
  EXPECT_TRUE(succeeded(device->synchronize()));
}

// One device, launched on from several threads at once: each thread's chain
// of copies ends with its own values.
TEST(RuntimeTest, VulkanLaunchesFromSeveralThreads) {
  REQUIRE_VULKAN(device);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::vector<int32_t> values(16, t * 1000 + 1);
      auto a = bufferOf(*device, bytesOf(values));
      auto b = bufferOf(*device, std::vector<uint8_t>(64, 0));
      for (int i = 0; i < 100; ++i) {
        if (!succeeded(launchCopy(*device, *program, a, b, 16)) ||
            !succeeded(launchCopy(*device, *program, b, a, 16)))
          ++failures;
      }
      if (readAll<int32_t>(*device, *a) != values)
        ++failures;
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures, 0);
  EXPECT_TRUE(succeeded(device->synchronize()));
}

// A kernel with no known block size that never reads its block size runs
// with any block (its workgroup size is the launch's).
TEST(RuntimeTest, VulkanLaunchesAKernelThatNeverReadsItsBlockSize) {
  REQUIRE_VULKAN(device);
  std::shared_ptr<Program> program = compileOrFail(*device, R"mlir(
gpu.module @k {
  gpu.func @empty() kernel {
    gpu.return
  }
}
)mlir");
  ASSERT_TRUE(program);
  for (uint32_t block : {1u, 8u, 64u}) {
    EXPECT_TRUE(
        succeeded(device->launch(*program, 0, std::array<uint32_t, 3>{2, 1, 1},
                                 std::array<uint32_t, 3>{block, 1, 1}, {})))
        << "with blocks of " << block;
  }
  EXPECT_TRUE(succeeded(device->synchronize()));
}

/// The stand-in driver's counters, read from the library the runtime opens
/// (the same path: the same library).
using FakeCudaStats = TolkFakeCudaStats;
FakeCudaStats fakeCudaStats() {
  test::FakeCudaDriver fake;
  EXPECT_TRUE(fake.opened());
  return fake.opened() ? fake.stats() : FakeCudaStats{};
}

/// The options of a CUDA device on the stand-in driver.
DeviceOptions fakeCudaOptions() {
  DeviceOptions options;
  options.backend = BackendKind::Cuda;
  options.cudaDriverLibrary = TOLK_FAKE_CUDA_DRIVER;
  return options;
}

/// Expects what the stand-in holds to be what it held at `before`: a
/// device's memory, modules, events and context go with it.
void expectReleasedSince(const FakeCudaStats &before) {
  FakeCudaStats after = fakeCudaStats();
  EXPECT_EQ(after.liveAllocations, before.liveAllocations);
  EXPECT_EQ(after.liveModules, before.liveModules);
  EXPECT_EQ(after.liveEvents, before.liveEvents);
  EXPECT_EQ(after.retainedContexts, before.retainedContexts);
}

TEST(RuntimeTest, CudaWithoutASecondDevice) {
  DeviceOptions options = fakeCudaOptions();
  options.deviceIndex = 1;
  llvm::Expected<std::shared_ptr<Device>> device = openDevice(options);
  ASSERT_FALSE(bool(device));
  auto [code, message] = takeError(device.takeError());
  EXPECT_EQ(code, ErrorCode::Unavailable);
  EXPECT_EQ(message, "no CUDA device 1: the CUDA driver has 1");
}

// No chip: the device's own, from its compute capability (9.0 on the
// stand-in driver, or what TOLK_FAKE_CUDA_CAPABILITY says).
TEST(RuntimeTest, CudaCompilesForTheDevicesOwnChip) {
  DeviceOptions options = fakeCudaOptions();
  std::shared_ptr<Device> device = openOrFail(options);
  ASSERT_TRUE(device);
  EXPECT_EQ(device->name(), "fake, sm_90");
  setenv("TOLK_FAKE_CUDA_CAPABILITY", "8.6", 1);
  device = openOrFail(options);
  unsetenv("TOLK_FAKE_CUDA_CAPABILITY");
  ASSERT_TRUE(device);
  EXPECT_EQ(device->name(), "fake, sm_86");
  options.chip = "sm_80";
  device = openOrFail(options);
  ASSERT_TRUE(device);
  EXPECT_EQ(device->name(), "fake, sm_80");
}

// The device keeps what costs: its context is retained once, a program's
// module is loaded at its first launch and kept, a buffer is device memory
// that holds its bytes between launches; all of it goes with the device.
TEST(RuntimeTest, CudaKeepsItsContextModulesAndBuffers) {
  DeviceOptions options = fakeCudaOptions();
  FakeCudaStats before = fakeCudaStats();
  {
    std::shared_ptr<Device> device = openOrFail(options);
    ASSERT_TRUE(device);
    EXPECT_EQ(fakeCudaStats().retainedContexts, before.retainedContexts + 1);
    std::shared_ptr<Program> program = compileOrFail(*device);
    ASSERT_TRUE(program);
    auto x = bufferOf(*device, bytesOf<float>({1.5f, -2.0f, 0.25f, 1e30f}));
    auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
    EXPECT_EQ(fakeCudaStats().liveAllocations, before.liveAllocations + 2);
    EXPECT_EQ(readAll<float>(*device, *x),
              (std::vector<float>{1.5f, -2.0f, 0.25f, 1e30f}));
    for (int i = 0; i < 3; ++i)
      ASSERT_TRUE(succeeded(device->launch(
          *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
          {LaunchArg::of(x), LaunchArg::of(y),
           LaunchArg::scalar(floatBits(2.0f))})));
    double ms = -1;
    ASSERT_TRUE(succeeded(device->launch(
        *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
        {LaunchArg::of(x), LaunchArg::of(y), LaunchArg::scalar(0)}, &ms)));
    EXPECT_GE(ms, 0.0);
    FakeCudaStats during = fakeCudaStats();
    EXPECT_EQ(during.liveModules, before.liveModules + 1);
    EXPECT_EQ(during.launches, before.launches + 4);
    EXPECT_EQ(during.retainedContexts, before.retainedContexts + 1);
    EXPECT_EQ(during.liveEvents, before.liveEvents);
    // The stand-in runs nothing of scale: y keeps what was written.
    ASSERT_TRUE(succeeded(device->write(*y, 4, bytesOf<float>({7.0f}))));
    EXPECT_EQ(readAll<float>(*device, *y),
              (std::vector<float>{0.0f, 7.0f, 0.0f, 0.0f}));
    EXPECT_TRUE(succeeded(device->synchronize()));
  }
  expectReleasedSince(before);
}

// One CUDA device used from several threads at once: every launch, write
// and read succeeds (the device serializes its driver calls), each thread's
// buffer keeps its own bytes, and nothing is left when the device goes.
TEST(RuntimeTest, CudaLaunchesFromSeveralThreads) {
  DeviceOptions options = fakeCudaOptions();
  FakeCudaStats before = fakeCudaStats();
  {
    std::shared_ptr<Device> device = openOrFail(options);
    ASSERT_TRUE(device);
    std::shared_ptr<Program> program = compileOrFail(*device);
    ASSERT_TRUE(program);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        std::vector<float> values(4, float(t) + 0.5f);
        for (int i = 0; i < 50; ++i) {
          auto x = bufferOf(*device, bytesOf(values));
          auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
          if (!succeeded(
                  device->launch(*program, kernelIndex(*program, "scale"),
                                 std::nullopt, std::nullopt,
                                 {LaunchArg::of(x), LaunchArg::of(y),
                                  LaunchArg::scalar(floatBits(2.0f))})) ||
              readAll<float>(*device, *x) != values)
            ++failures;
        }
      });
    for (std::thread &t : threads)
      t.join();
    EXPECT_EQ(failures, 0);
    EXPECT_EQ(fakeCudaStats().liveModules, before.liveModules + 1);
  }
  expectReleasedSince(before);
}

TEST(RuntimeTest, CudaCompilesAndLaunchesOnTheStandInDriver) {
  DeviceOptions options = fakeCudaOptions();
  std::shared_ptr<Device> device = openOrFail(options);
  ASSERT_TRUE(device);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  auto x = bufferOf(*device, std::vector<uint8_t>(16, 0));
  auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
  double ms = -1;
  llvm::Error e = device->launch(
      *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
      {LaunchArg::of(x), LaunchArg::of(y), LaunchArg::scalar(0)}, &ms);
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  EXPECT_GE(ms, 0);
  // The arguments are checked before the driver sees them.
  EXPECT_EQ(
      errorOf(device->launch(*program, kernelIndex(*program, "scale"),
                             std::nullopt, std::nullopt, {LaunchArg::of(x)}))
          .second,
      "kernel 'scale' takes 3 argument(s), but 1 were given");
}

// A view is its buffer's address plus its offset: what is written through
// it is the buffer's bytes there (the stand-in computes no Tolk kernel, so
// the launch on views is checked to pass, not what it computes).
TEST(RuntimeTest, CudaViewsOnTheStandInDriver) {
  std::shared_ptr<Device> device = openOrFail(fakeCudaOptions());
  ASSERT_TRUE(device);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  std::shared_ptr<Buffer> whole = bufferOf(*device, std::vector<uint8_t>(1024));
  auto x = viewOrFail(*device, whole, 256, 16);
  auto y = viewOrFail(*device, whole, 512, 16);
  ASSERT_TRUE(x && y);
  llvm::Error e = device->write(*y, 0, bytesOf<float>({1.0f, 2.0f}));
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  EXPECT_EQ(readAll<float>(*device, *whole)[129], 2.0f);
  e = device->launch(
      *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
      {LaunchArg::of(x), LaunchArg::of(y), LaunchArg::scalar(0)});
  ASSERT_FALSE(bool(e)) << takeError(std::move(e)).second;
  whole.reset(), x.reset();
  EXPECT_EQ(readAll<float>(*device, *y),
            (std::vector<float>{1.0f, 2.0f, 0.0f, 0.0f}));
}

// CUDA launches are asynchronous (docs/Runtime.md): a launch is enqueued
// and returns, the stand-in's stream runs it when a call waits; a read
// waits for the launches before it, a timed launch for itself.
TEST(RuntimeTest, CudaLaunchesAreAsynchronous) {
  DeviceOptions options = fakeCudaOptions();
  FakeCudaStats before = fakeCudaStats();
  {
    std::shared_ptr<Device> device = openOrFail(options);
    ASSERT_TRUE(device);
    std::shared_ptr<Program> program = compileOrFail(*device);
    ASSERT_TRUE(program);
    auto x = bufferOf(*device, bytesOf<float>({1, 2, 3, 4}));
    auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
    auto launch = [&](double *ms = nullptr) {
      return succeeded(device->launch(*program, kernelIndex(*program, "scale"),
                                      std::nullopt, std::nullopt,
                                      {LaunchArg::of(x), LaunchArg::of(y),
                                       LaunchArg::scalar(floatBits(2.0f))},
                                      ms));
    };
    ASSERT_TRUE(launch());
    ASSERT_TRUE(launch());
    EXPECT_EQ(fakeCudaStats().pendingLaunches, 2);
    EXPECT_EQ(readAll<float>(*device, *x), (std::vector<float>{1, 2, 3, 4}));
    EXPECT_EQ(fakeCudaStats().pendingLaunches, 0);
    ASSERT_TRUE(launch());
    EXPECT_TRUE(succeeded(device->write(*y, 0, bytesOf<float>({5}))));
    EXPECT_EQ(fakeCudaStats().pendingLaunches, 0);
    ASSERT_TRUE(launch());
    double ms = -1;
    ASSERT_TRUE(launch(&ms));
    EXPECT_EQ(fakeCudaStats().pendingLaunches, 0);
    EXPECT_GT(ms, 0.0);
    EXPECT_EQ(fakeCudaStats().liveEvents, before.liveEvents);

    // At most 64 in flight: a launch more waits for the oldest.
    for (int i = 0; i < 100; ++i)
      ASSERT_TRUE(launch());
    FakeCudaStats queued = fakeCudaStats();
    EXPECT_EQ(queued.pendingLaunches, 64);
    EXPECT_EQ(queued.liveEvents, before.liveEvents + 64);
    EXPECT_TRUE(succeeded(device->synchronize()));
    EXPECT_EQ(fakeCudaStats().pendingLaunches, 0);
    EXPECT_EQ(fakeCudaStats().liveEvents, before.liveEvents);
  }
  expectReleasedSince(before);
  EXPECT_EQ(fakeCudaStats().lateReleases, before.lateReleases);
}

// A kernel's fault, which the driver reports at the first synchronization
// after it, is the failure of the launch it is in: returned by the
// synchronize (or the read) after it, naming the kernel and the launch,
// once; the launches after it still run.
TEST(RuntimeTest, CudaReportsAFaultAtTheNextSynchronize) {
  test::FakeCudaDriver fake;
  ASSERT_TRUE(fake.opened());
  DeviceOptions options = fakeCudaOptions();
  std::shared_ptr<Device> device = openOrFail(options);
  ASSERT_TRUE(device);
  std::shared_ptr<Program> program = compileOrFail(*device);
  ASSERT_TRUE(program);
  auto x = bufferOf(*device, std::vector<uint8_t>(16, 0));
  auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
  auto launch = [&] {
    return device->launch(*program, kernelIndex(*program, "scale"),
                          std::nullopt, std::nullopt,
                          {LaunchArg::of(x), LaunchArg::of(y),
                           LaunchArg::scalar(floatBits(2.0f))});
  };
  // The device's launches count from 1, the stand-in's from its reset.
  fake.reset();
  fake.faultAtLaunch(2);
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(succeeded(launch()));
  auto [code, message] = errorOf(device->synchronize());
  EXPECT_EQ(code, ErrorCode::LaunchFailed);
  EXPECT_EQ(message, "cuEventSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS "
                     "(700): from the fake driver (launch 2 of kernel "
                     "'scale')");
  EXPECT_TRUE(succeeded(device->synchronize()));
  EXPECT_EQ(fake.stats().launches, 3);

  // A read returns it too; a write keeps it for the read after it.
  fake.faultAtLaunch(4);
  ASSERT_TRUE(succeeded(launch()));
  EXPECT_TRUE(succeeded(device->write(*y, 0, bytesOf<float>({1}))));
  std::vector<uint8_t> bytes(16);
  std::tie(code, message) = errorOf(device->read(*x, 0, bytes));
  EXPECT_EQ(code, ErrorCode::LaunchFailed);
  EXPECT_EQ(message, "cuEventSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS "
                     "(700): from the fake driver (launch 4 of kernel "
                     "'scale')");
  EXPECT_TRUE(succeeded(device->read(*x, 0, bytes)));

  // A timed launch waits for itself: its fault is its error.
  fake.faultAtLaunch(5);
  double ms = -1;
  std::tie(code, message) = errorOf(device->launch(
      *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
      {LaunchArg::of(x), LaunchArg::of(y), LaunchArg::scalar(0)}, &ms));
  EXPECT_EQ(code, ErrorCode::LaunchFailed);
  EXPECT_EQ(message, "cuEventSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS "
                     "(700): from the fake driver (launch 5 of kernel "
                     "'scale')");
  EXPECT_TRUE(succeeded(device->synchronize()));
}

// What a launch uses outlives it: a buffer freed while a launch that uses
// it is queued, and a program destroyed then, are released once the stream
// is past the launch; an image's CUDA array lives until its launch
// completed.
TEST(RuntimeTest, CudaReleasesWhatALaunchUsesAfterIt) {
  DeviceOptions options = fakeCudaOptions();
  FakeCudaStats before = fakeCudaStats();
  {
    std::shared_ptr<Device> device = openOrFail(options);
    ASSERT_TRUE(device);
    std::shared_ptr<Program> program = compileOrFail(*device);
    ASSERT_TRUE(program);
    auto x = bufferOf(*device, std::vector<uint8_t>(16, 0));
    auto y = bufferOf(*device, std::vector<uint8_t>(16, 0));
    ASSERT_TRUE(succeeded(device->launch(
        *program, kernelIndex(*program, "scale"), std::nullopt, std::nullopt,
        {LaunchArg::of(x), LaunchArg::of(y), LaunchArg::scalar(0)})));
    y.reset();
    program.reset();
    FakeCudaStats queued = fakeCudaStats();
    EXPECT_EQ(queued.pendingLaunches, 1);
    EXPECT_EQ(queued.liveAllocations, before.liveAllocations + 2);
    EXPECT_EQ(queued.liveModules, before.liveModules + 1);
    EXPECT_TRUE(succeeded(device->synchronize()));
    FakeCudaStats done = fakeCudaStats();
    EXPECT_EQ(done.liveAllocations, before.liveAllocations + 1);
    EXPECT_EQ(done.liveModules, before.liveModules);

    // The stand-in's copy_image copies one image's texels to the other's.
    program = compileOrFail(*device, kCopyImage);
    ASSERT_TRUE(program);
    std::vector<uint8_t> texels(48);
    for (size_t i = 0; i < texels.size(); ++i)
      texels[i] = uint8_t(3 * i + 1);
    auto in = bufferOf(*device, texels);
    auto out = bufferOf(*device, std::vector<uint8_t>(48, 0));
    ASSERT_TRUE(
        succeeded(device->launch(*program, 0, std::nullopt, std::nullopt,
                                 {LaunchArg::of(in), LaunchArg::of(out)})));
    in.reset();
    EXPECT_EQ(fakeCudaStats().liveArrays, before.liveArrays + 2);
    EXPECT_EQ(readAll<uint8_t>(*device, *out), texels);
    FakeCudaStats read = fakeCudaStats();
    EXPECT_EQ(read.liveArrays, before.liveArrays);
    EXPECT_EQ(read.liveSurfaces, before.liveSurfaces);
  }
  expectReleasedSince(before);
  EXPECT_EQ(fakeCudaStats().lateReleases, before.lateReleases);
}

} // namespace
