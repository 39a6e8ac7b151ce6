//===- VulkanRunnerTest.cpp - tolk-run's Vulkan backend -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The kernels are Kernels/*.mlir, serialized to SPIR-V at build time into
// TOLK_RUNNER_KERNEL_DIR. The tests that dispatch are skipped where there is
// no Vulkan device (or no loader at build time); the module reading, the
// launch checks and the feature check run everywhere.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/VulkanRunner.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

using namespace tolk::runtime;

namespace {

std::vector<uint32_t> loadKernel(const char *name) {
  llvm::SmallString<256> path(TOLK_RUNNER_KERNEL_DIR);
  llvm::sys::path::append(path, llvm::Twine(name) + ".spv");
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    ADD_FAILURE() << "cannot read " << path.str().str();
    return {};
  }
  std::vector<uint32_t> words((*buffer)->getBufferSize() / 4);
  std::memcpy(words.data(), (*buffer)->getBufferStart(), words.size() * 4);
  return words;
}

std::string errorOf(llvm::Error err) {
  return err ? llvm::toString(std::move(err)) : "success";
}

template <typename T> std::string errorOf(llvm::Expected<T> value) {
  return value ? "success" : llvm::toString(value.takeError());
}

template <typename T>
llvm::MutableArrayRef<uint8_t> bytesOf(std::vector<T> &v) {
  return {reinterpret_cast<uint8_t *>(v.data()), v.size() * sizeof(T)};
}

/// Skips the test unless a device is there to dispatch on.
#define REQUIRE_VULKAN_DEVICE()                                                \
  do {                                                                         \
    llvm::Expected<std::string> device = describeVulkanDevice();               \
    if (!device) {                                                             \
      GTEST_SKIP() << llvm::toString(device.takeError());                      \
    }                                                                          \
  } while (false)

/// The add kernel's launch: 2 workgroups of 4, c = a + b + k.
struct AddLaunch {
  std::vector<uint32_t> spirv = loadKernel("add_i32");
  std::vector<int32_t> a = {0, 1, -2, 3, INT32_MAX, INT32_MIN, 100, -100};
  std::vector<int32_t> b = {0, 10, 20, -30, 1, -1, 7, 0};
  std::vector<int32_t> c = std::vector<int32_t>(8, 0x5a5a5a5a);
  int32_t k = 1000;
  VulkanLaunch launch;
  AddLaunch() {
    launch.spirv = spirv;
    launch.entryPoint = "add";
    launch.workgroupCount = {2, 1, 1};
    launch.buffers = {bytesOf(a), bytesOf(b), bytesOf(c)};
    launch.pushConstants = {reinterpret_cast<const uint8_t *>(&k), sizeof(k)};
  }
};

TEST(VulkanRunner, ReflectsTheAddKernel) {
  std::vector<uint32_t> spirv = loadKernel("add_i32");
  llvm::Expected<SpirvEntryPointInfo> info =
      reflectSpirvEntryPoint(spirv, "add");
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  EXPECT_EQ(info->version, 0x00010000u);
  EXPECT_EQ(info->capabilities, (llvm::SmallVector<uint32_t, 8>{1}));
  EXPECT_EQ(info->localSize, (std::array<uint32_t, 3>{4, 1, 1}));
  EXPECT_EQ(info->storageBufferBindings,
            (llvm::SmallVector<uint32_t, 4>{0, 1, 2}));
  EXPECT_EQ(info->pushConstantSize, std::optional<uint32_t>(4));
  EXPECT_TRUE(info->floatControls.empty());
}

TEST(VulkanRunner, ReflectsAnEightByteSlot) {
  std::vector<uint32_t> spirv = loadKernel("axpy_f64");
  llvm::Expected<SpirvEntryPointInfo> info =
      reflectSpirvEntryPoint(spirv, "axpy");
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  EXPECT_EQ(info->capabilities, (llvm::SmallVector<uint32_t, 8>{1, 10}));
  EXPECT_EQ(info->storageBufferBindings,
            (llvm::SmallVector<uint32_t, 4>{0, 1}));
  // {i32 at 0, f64 at 8}.
  EXPECT_EQ(info->pushConstantSize, std::optional<uint32_t>(16));
}

// A workgroup size of specialization constants: their SpecIds, and their
// defaults until the launch sets them.
TEST(VulkanRunner, ReflectsASpecializedWorkgroupSize) {
  std::vector<uint32_t> spirv = loadKernel("add_i32_any_size");
  llvm::Expected<SpirvEntryPointInfo> info =
      reflectSpirvEntryPoint(spirv, "add");
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  ASSERT_TRUE(info->workgroupSizeSpecIds.has_value());
  EXPECT_EQ(*info->workgroupSizeSpecIds, (std::array<uint32_t, 3>{0, 1, 2}));
  EXPECT_EQ(info->localSize, (std::array<uint32_t, 3>{1, 1, 1}));
  // A LocalSize is fixed.
  info = reflectSpirvEntryPoint(loadKernel("add_i32"), "add");
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  EXPECT_FALSE(info->workgroupSizeSpecIds.has_value());
}

// One module, three entry points: each sees the resources its own call tree
// uses, and its own execution modes.
TEST(VulkanRunner, ReflectsEachEntryPointsOwnInterface) {
  std::vector<uint32_t> spirv = loadKernel("interfaces");
  llvm::Expected<SpirvEntryPointInfo> first =
      reflectSpirvEntryPoint(spirv, "first");
  ASSERT_TRUE(bool(first)) << llvm::toString(first.takeError());
  EXPECT_EQ(first->version, 0x00010400u);
  EXPECT_EQ(first->capabilities,
            (llvm::SmallVector<uint32_t, 8>{1, 4466, 4464}));
  EXPECT_EQ(first->localSize, (std::array<uint32_t, 3>{8, 2, 1}));
  EXPECT_EQ(first->storageBufferBindings,
            (llvm::SmallVector<uint32_t, 4>{0, 2}));
  EXPECT_EQ(first->pushConstantSize, std::nullopt);
  // SignedZeroInfNanPreserve and DenormPreserve, both for 32 bits.
  EXPECT_EQ(first->floatControls,
            (llvm::SmallVector<std::pair<uint32_t, uint32_t>, 4>{{4461, 32},
                                                                 {4459, 32}}));

  llvm::Expected<SpirvEntryPointInfo> second =
      reflectSpirvEntryPoint(spirv, "second");
  ASSERT_TRUE(bool(second)) << llvm::toString(second.takeError());
  EXPECT_EQ(second->localSize, (std::array<uint32_t, 3>{1, 1, 1}));
  EXPECT_EQ(second->storageBufferBindings, (llvm::SmallVector<uint32_t, 4>{1}));
  // {i32 at 0, f32 at 4}.
  EXPECT_EQ(second->pushConstantSize, std::optional<uint32_t>(8));
  EXPECT_TRUE(second->floatControls.empty());

  std::string error = errorOf(reflectSpirvEntryPoint(spirv, "third"));
  EXPECT_NE(error.find("is a uniform buffer; the runner binds storage "
                       "buffers only"),
            std::string::npos)
      << error;
  EXPECT_EQ(errorOf(reflectSpirvEntryPoint(spirv, "fourth")),
            "the SPIR-V module has no GLCompute entry point 'fourth' (it "
            "has: first, second, third)");
}

TEST(VulkanRunner, ChecksTheWorkgroupSizeAgainstTheModule) {
  AddLaunch add;
  add.launch.workgroupSize = {8, 1, 1};
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "kernel 'add' is compiled for workgroups of 4x1x1 (its "
            "LocalSize), not 8x1x1");
  std::vector<uint32_t> anySize = loadKernel("add_i32_any_size");
  add.launch.spirv = anySize;
  add.launch.workgroupSize = std::nullopt;
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "kernel 'add' takes its workgroup size as specialization "
            "constants (SpecIds 0, 1, 2), but the launch gives none");
}

TEST(VulkanRunner, RejectsWhatIsNotAModule) {
  std::vector<uint32_t> words = {0x12345678, 0, 0, 0, 0};
  EXPECT_EQ(errorOf(reflectSpirvEntryPoint(words, "add").takeError()),
            "not a SPIR-V module (no SPIR-V magic number in little-endian "
            "words)");
  EXPECT_EQ(errorOf(reflectSpirvEntryPoint({}, "add").takeError()),
            "not a SPIR-V module (no SPIR-V magic number in little-endian "
            "words)");
  // A word count that runs past the end.
  std::vector<uint32_t> spirv = loadKernel("add_i32");
  spirv.resize(6);
  spirv[5] = (100u << 16) | 17;
  EXPECT_EQ(errorOf(reflectSpirvEntryPoint(spirv, "add").takeError()),
            "cannot read the SPIR-V module: SPIR-V instruction goes out of "
            "bounds.");
}

TEST(VulkanRunner, RejectsAMissingEntryPoint) {
  AddLaunch add;
  add.launch.entryPoint = "sub";
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "the SPIR-V module has no GLCompute entry point 'sub' (it has: "
            "add)");
}

// A buffer past the module's bindings is one the kernel does not touch (the
// SPIR-V lowering drops unused buffers), so only too few are an error.
TEST(VulkanRunner, RejectsTooFewBuffers) {
  AddLaunch add;
  add.launch.buffers.pop_back();
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "kernel 'add' uses storage buffer binding 2 of set 0 but 2 "
            "buffer(s) were given (binding k is buffer k)");
}

TEST(VulkanRunner, RejectsMissingPushConstants) {
  AddLaunch add;
  add.launch.pushConstants = {};
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "kernel 'add' reads 4 byte(s) of push constants but 0 were given");
}

TEST(VulkanRunner, NamesTheMissingCapabilityAndTheDevice) {
  SpirvEntryPointInfo info;
  info.version = 0x00010000;
  info.capabilities = {1, 10}; // Shader, Float64.
  VulkanDeviceFeatures features;
  features.apiVersion = (1u << 22) | (3u << 12);
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")),
            "the kernel needs SPIR-V capability Float64 (shaderFloat64), "
            "which device 'TestGPU' does not support");
  features.shaderFloat64 = true;
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")), "success");

  info.capabilities = {1, 4448}; // StorageBuffer8BitAccess.
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")),
            "the kernel needs SPIR-V capability StorageBuffer8BitAccess "
            "(storageBuffer8BitAccess), which device 'TestGPU' does not "
            "support");
  info.capabilities = {1, 9}; // Float16.
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")),
            "the kernel needs SPIR-V capability Float16 (shaderFloat16), "
            "which device 'TestGPU' does not support");
  info.capabilities = {1, 63}; // GroupNonUniformArithmetic.
  features.subgroupInCompute = true;
  features.subgroupOperations = 0x1;
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")),
            "the kernel needs SPIR-V capability GroupNonUniformArithmetic "
            "(subgroup operations in compute shaders), which device "
            "'TestGPU' does not support");
  features.subgroupOperations = 0x5;
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")), "success");
}

TEST(VulkanRunner, RejectsUncheckedCapabilities) {
  SpirvEntryPointInfo info;
  info.version = 0x00010000;
  info.capabilities = {1, 6}; // Kernel: OpenCL's, not Vulkan's.
  VulkanDeviceFeatures features;
  features.apiVersion = (1u << 22) | (3u << 12);
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")),
            "the kernel declares SPIR-V capability Kernel, which the Vulkan "
            "runner does not check against a device");
  info.capabilities = {1, 9999};
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "TestGPU")),
            "the kernel declares SPIR-V capability capability 9999, which "
            "the Vulkan runner does not check against a device");
}

TEST(VulkanRunner, ChecksVersionAndFloatControls) {
  SpirvEntryPointInfo info;
  info.version = 0x00010500;
  info.capabilities = {1, 4466}; // SignedZeroInfNanPreserve.
  info.floatControls = {{4461, 32}};
  VulkanDeviceFeatures features;
  features.apiVersion = (1u << 22) | (1u << 12);
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "Old")),
            "the kernel is SPIR-V 1.5, which device 'Old' (Vulkan 1.1) does "
            "not accept");
  features.apiVersion = (1u << 22) | (2u << 12);
  features.signedZeroInfNanPreserve = 1 | 4; // 16 and 64 bits only.
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "New")),
            "the kernel needs shaderSignedZeroInfNanPreserveFloat32 (a "
            "float-control execution mode), which device 'New' does not "
            "support");
  features.signedZeroInfNanPreserve = 2;
  EXPECT_EQ(errorOf(checkVulkanSupport(info, features, "New")), "success");
}

TEST(VulkanRunner, PacksPushConstantsAsTheAbiSays) {
  llvm::SmallVector<uint8_t, 32> block;
  appendPushConstant(block, 0xff, 8);                // i8 -1: 4 bytes.
  appendPushConstant(block, 0x3ff0000000000000, 64); // f64 1.0 at 8.
  appendPushConstant(block, 0xffffffffffff8000, 16); // i16 bits, masked.
  appendPushConstant(block, 0x7fc00000, 32);         // f32 NaN.
  EXPECT_EQ(block, (llvm::SmallVector<uint8_t, 32>{
                       0xff, 0,    0,    0,                     // i8
                       0,    0,    0,    0,                     // padding
                       0,    0,    0,    0,   0, 0, 0xf0, 0x3f, // f64
                       0x00, 0x80, 0,    0,                     // i16
                       0x00, 0x00, 0xc0, 0x7f}));               // f32
}

TEST(VulkanRunner, AddsTwoBuffersAndAPushConstant) {
  REQUIRE_VULKAN_DEVICE();
  AddLaunch add;
  ASSERT_EQ(errorOf(runVulkanKernel(add.launch)), "success");
  // 32-bit two's complement wraps: INT32_MAX + 1 + 1000 and
  // INT32_MIN - 1 + 1000.
  std::vector<int32_t> expected = {
      1000, 1011, 1018, 973, INT32_MIN + 1000, INT32_MIN + 999, 1107, 900};
  EXPECT_EQ(add.c, expected);
  // The inputs come back unchanged.
  EXPECT_EQ(add.a[4], INT32_MAX);
  EXPECT_EQ(add.b[1], 10);
}

// The run says which device ran it, how it confines an access past a
// buffer's end, and how long the dispatch took.
TEST(VulkanRunner, ReportsTheDeviceTheRobustnessAndTheTime) {
  REQUIRE_VULKAN_DEVICE();
  AddLaunch add;
  llvm::Expected<VulkanRunInfo> run = runVulkanKernel(add.launch);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  EXPECT_FALSE(run->device.empty());
  EXPECT_NE(describeVulkanDevice()->find(run->device), std::string::npos);
  EXPECT_TRUE(run->robustness == "robustBufferAccess2" ||
              run->robustness == "robustBufferAccess" ||
              run->robustness.empty())
      << run->robustness;
  ASSERT_EQ(run->kernelMs.size(), 1u);
  EXPECT_GE(run->kernelMs[0], 0.0);
  EXPECT_FALSE(run->clock.empty());
}

// warmup + repeat dispatches, a time for each timed one; a restored buffer
// starts every dispatch from its first contents. The sums are the same
// whatever the number of dispatches; 0 timed ones is an error.
TEST(VulkanRunner, RepeatsTheDispatch) {
  REQUIRE_VULKAN_DEVICE();
  AddLaunch add;
  add.launch.warmup = 1;
  add.launch.repeat = 3;
  add.launch.restoredBuffers = {2};
  llvm::Expected<VulkanRunInfo> run = runVulkanKernel(add.launch);
  ASSERT_TRUE(bool(run)) << llvm::toString(run.takeError());
  ASSERT_EQ(run->kernelMs.size(), 3u);
  for (double ms : run->kernelMs)
    EXPECT_GE(ms, 0.0);
  AddLaunch once;
  ASSERT_TRUE(bool(runVulkanKernel(once.launch)));
  EXPECT_EQ(add.c, once.c);

  add.launch.repeat = 0;
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "no timed dispatch: repeat is 0");
  add.launch.repeat = 1;
  add.launch.restoredBuffers = {7};
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "buffer 7 is to be restored between dispatches, but 3 buffer(s) "
            "were given");
}

// The launch's workgroup size reaches the kernel: 2 workgroups of 4, then
// 1 of 8, cover the same 8 elements, and each adds the size it ran with.
TEST(VulkanRunner, RunsAKernelOfAnyWorkgroupSize) {
  REQUIRE_VULKAN_DEVICE();
  std::vector<uint32_t> spirv = loadKernel("add_i32_any_size");
  for (uint32_t size : {4u, 8u}) {
    AddLaunch add;
    add.launch.spirv = spirv;
    add.launch.workgroupCount = {8 / size, 1, 1};
    add.launch.workgroupSize = {size, 1, 1};
    ASSERT_EQ(errorOf(runVulkanKernel(add.launch)), "success");
    for (int i = 0; i < 8; ++i)
      EXPECT_EQ(add.c[i],
                int32_t(uint32_t(add.a[i]) + uint32_t(add.b[i]) + 1000u + size))
          << "at " << i << " with workgroups of " << size;
  }
}

TEST(VulkanRunner, RunsAnF64KernelWithAnEightByteSlot) {
  REQUIRE_VULKAN_DEVICE();
  std::vector<uint32_t> spirv = loadKernel("axpy_f64");
  std::vector<double> x(12), y(12);
  for (int i = 0; i < 12; ++i) {
    x[i] = 0.25 * i - 1.0;
    y[i] = 1.5 + i;
  }
  // {i32 n = 10 at 0, 4 bytes of padding, f64 alpha = 0.5 at 8}.
  uint8_t push[16] = {0};
  int32_t n = 10;
  double alpha = 0.5;
  std::memcpy(push, &n, 4);
  std::memcpy(push + 8, &alpha, 8);
  VulkanLaunch launch;
  launch.spirv = spirv;
  launch.entryPoint = "axpy";
  launch.workgroupCount = {3, 1, 1};
  launch.buffers = {bytesOf(x), bytesOf(y)};
  launch.pushConstants = push;
  std::string message = errorOf(runVulkanKernel(launch));
  if (message.find("does not support") != std::string::npos)
    GTEST_SKIP() << message;
  ASSERT_EQ(message, "success");
  for (int i = 0; i < 12; ++i) {
    // Every value is exact in binary: no rounding, with or without an FMA.
    double expected = i < 10 ? 0.5 * (0.25 * i - 1.0) + (1.5 + i) : 1.5 + i;
    EXPECT_EQ(y[i], expected) << "at " << i;
  }
}

TEST(VulkanRunner, RejectsAnUncheckedCapabilityBeforeTheDriver) {
  REQUIRE_VULKAN_DEVICE();
  AddLaunch add;
  // The module's OpCapability Shader, made Kernel: the runner stops it (the
  // driver would be free to crash on it). SPIRV-Cross's reflection already
  // refuses an OpenCL module; the capability table refuses what it reads.
  auto capability =
      std::find(add.spirv.begin() + 5, add.spirv.end(), (2u << 16) | 17u);
  ASSERT_NE(capability, add.spirv.end());
  capability[1] = 6;
  add.launch.spirv = add.spirv;
  EXPECT_EQ(errorOf(runVulkanKernel(add.launch)),
            "cannot read the SPIR-V module: Kernel capability not supported.");
}

TEST(VulkanRunner, RejectsAnInvalidModuleBeforeTheDriver) {
  REQUIRE_VULKAN_DEVICE();
  if (!isSpirvValidatorBuilt())
    GTEST_SKIP() << "built without SPIRV-Tools: an invalid module would "
                    "reach the driver";
  AddLaunch add;
  // The first OpIAdd made OpFAdd, on integers: the interface is still
  // readable (reflection does not check types), so only the validator sees
  // it.
  auto add32 =
      std::find(add.spirv.begin() + 5, add.spirv.end(), (5u << 16) | 128u);
  ASSERT_NE(add32, add.spirv.end());
  *add32 = (5u << 16) | 129u;
  add.launch.spirv = add.spirv;
  std::string message = errorOf(runVulkanKernel(add.launch));
  EXPECT_EQ(message.rfind("the SPIR-V module is not valid for Vulkan 1.", 0),
            0u)
      << message;
  EXPECT_NE(message.find("FAdd"), std::string::npos) << message;
}

TEST(VulkanRunner, RejectsTooManyWorkgroups) {
  REQUIRE_VULKAN_DEVICE();
  AddLaunch add;
  add.launch.workgroupCount = {UINT32_MAX, 1, 1};
  std::string message = errorOf(runVulkanKernel(add.launch));
  EXPECT_NE(message.find("4294967295 workgroups in dimension x exceed device"),
            std::string::npos)
      << message;
}

/// The image kernel's launch: a 2x2 Rgba16f image in, its texels as f32 in
/// a buffer, and plus one in a 2x2 Rgba32f image.
struct ImageLaunch {
  std::vector<uint32_t> spirv = loadKernel("image_copy");
  // f16 bits: 1.0, -2.0, the smallest subnormal, 65504 (the largest), ...
  std::vector<uint16_t> in = {0x3c00, 0xc000, 0x0001, 0x7bff, 0x8000, 0x3555,
                              0x0400, 0x03ff, 0x4248, 0xbc00, 0x0000, 0x5640,
                              0x7000, 0x2e66, 0x8001, 0x3800};
  std::vector<float> texels = std::vector<float>(16, -1.0f);
  std::vector<float> out = std::vector<float>(16, -1.0f);
  VulkanLaunch launch;
  ImageLaunch() {
    launch.spirv = spirv;
    launch.entryPoint = "copy";
    launch.buffers = {bytesOf(in), bytesOf(texels), bytesOf(out)};
    VulkanLaunch::Image half{VulkanLaunch::Image::Format::Rgba16f, 2, 2};
    VulkanLaunch::Image full{VulkanLaunch::Image::Format::Rgba32f, 2, 2};
    launch.images = {half, std::nullopt, full};
  }
};

/// The value of f16 bits, exactly (as f32).
float halfValue(uint16_t bits) {
  int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  float magnitude = exponent == 0
                        ? std::ldexp(float(mantissa), -24)
                        : std::ldexp(float(mantissa | 0x400), exponent - 25);
  return bits & 0x8000 ? -magnitude : magnitude;
}

TEST(VulkanRunner, ReflectsStorageImages) {
  std::vector<uint32_t> spirv = loadKernel("image_copy");
  llvm::Expected<SpirvEntryPointInfo> info =
      reflectSpirvEntryPoint(spirv, "copy");
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  EXPECT_EQ(info->storageBufferBindings, (llvm::SmallVector<uint32_t, 4>{1}));
  ASSERT_EQ(info->storageImages.size(), 2u);
  EXPECT_EQ(info->storageImages[0].binding, 0u);
  EXPECT_EQ(info->storageImages[0].format, 2u); // Rgba16f
  EXPECT_EQ(info->storageImages[1].binding, 2u);
  EXPECT_EQ(info->storageImages[1].format, 1u); // Rgba32f
}

// Each binding is a buffer or an image of the module's format, and an
// image's bytes are its texels: checked before any driver call.
TEST(VulkanRunner, ChecksImagesAgainstTheModule) {
  {
    ImageLaunch image;
    image.launch.images[0] = std::nullopt;
    EXPECT_EQ(errorOf(runVulkanKernel(image.launch)),
              "kernel 'copy' uses binding 0 of set 0 as a storage image, but "
              "the launch gives no image there");
  }
  {
    ImageLaunch image;
    image.launch.images[1] = image.launch.images[2];
    EXPECT_EQ(errorOf(runVulkanKernel(image.launch)),
              "kernel 'copy' uses binding 1 as a storage buffer, but the "
              "launch gives an image there");
  }
  {
    ImageLaunch image;
    image.launch.images[0]->format = VulkanLaunch::Image::Format::Rgba32f;
    EXPECT_EQ(errorOf(runVulkanKernel(image.launch)),
              "kernel 'copy' declares the storage image at binding 0 of "
              "SPIR-V image format 2, but the launch gives an image of "
              "format 1 (Rgba32f)");
  }
  {
    ImageLaunch image;
    image.launch.images[2]->height = 3;
    EXPECT_EQ(errorOf(runVulkanKernel(image.launch)),
              "the image at binding 2 is 2x3 texels (96 bytes), but 64 bytes "
              "were given");
  }
}

// The texels reach the kernel bit for bit (an f16 subnormal included) and
// come back from the image it wrote.
TEST(VulkanRunner, CopiesTexelsInAndOut) {
  REQUIRE_VULKAN_DEVICE();
  ImageLaunch image;
  ASSERT_EQ(errorOf(runVulkanKernel(image.launch)), "success");
  for (int i = 0; i < 16; ++i) {
    float expected = halfValue(image.in[i]);
    uint32_t got, want;
    std::memcpy(&got, &image.texels[i], 4);
    std::memcpy(&want, &expected, 4);
    EXPECT_EQ(got, want) << "texel lane " << i;
    EXPECT_EQ(image.out[i], expected + 1.0f) << "texel lane " << i;
  }
}

/// Sets an environment variable for a scope, restoring it after.
class ScopedEnvironment {
public:
  ScopedEnvironment(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    setenv(name, value, 1);
  }
  ~ScopedEnvironment() {
    if (previous)
      setenv(name, previous->c_str(), 1);
    else
      unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

// TOLK_VULKAN_VALIDATION=1 runs the Khronos validation layer under every
// call, and what it reports fails the run with its message: here a module
// with more workgroup memory than the device has, which Vulkan forbids and
// the runner's own checks let through. Where the test environment asks for the
// layer (ctest sets it where the layer is installed), the run fails without
// this test setting anything: the mode is on for the whole suite.
TEST(VulkanRunner, TheValidationLayerFailsWhatItReports) {
  REQUIRE_VULKAN_DEVICE();
  std::vector<uint32_t> spirv = loadKernel("workgroup_memory");
  std::vector<int32_t> a(4, 0);
  VulkanLaunch launch;
  launch.spirv = spirv;
  launch.entryPoint = "shared";
  launch.buffers = {bytesOf(a)};
  const char *asked = std::getenv("TOLK_VULKAN_VALIDATION");
  std::optional<ScopedEnvironment> validation;
  if (!asked || llvm::StringRef(asked) != "1")
    validation.emplace("TOLK_VULKAN_VALIDATION", "1");
  std::string message = errorOf(runVulkanKernel(launch));
  if (validation &&
      message.find("finds no VK_LAYER_KHRONOS_validation") != std::string::npos)
    GTEST_SKIP() << message;
  EXPECT_EQ(message.rfind("the Vulkan validation layer reports error", 0), 0u)
      << message;
  EXPECT_NE(message.find("maxComputeSharedMemorySize"), std::string::npos)
      << message;
}

// The layer's absence is an error of its own, not a run without it.
TEST(VulkanRunner, SaysWhenTheValidationLayerIsMissing) {
  REQUIRE_VULKAN_DEVICE();
  ScopedEnvironment validation("TOLK_VULKAN_VALIDATION", "1");
  // The loader looks for explicit layers only where VK_LAYER_PATH says.
  ScopedEnvironment noLayers("VK_LAYER_PATH", "/nonexistent");
  std::string message = errorOf(describeVulkanDevice());
  if (message == "success")
    GTEST_SKIP() << "the layer is installed where VK_LAYER_PATH does not reach";
  EXPECT_EQ(message, "TOLK_VULKAN_VALIDATION=1, but the Vulkan loader finds "
                     "no VK_LAYER_KHRONOS_validation (install "
                     "vulkan-validationlayers, or unset "
                     "TOLK_VULKAN_VALIDATION)");
}

TEST(VulkanRunner, DescribesTheDevice) {
  if (!isVulkanBuilt()) {
    EXPECT_EQ(errorOf(describeVulkanDevice().takeError()),
              "tolk was built without Vulkan (CMake found no Vulkan loader; "
              "install libvulkan-dev and reconfigure)");
  }
  REQUIRE_VULKAN_DEVICE();
  llvm::Expected<std::string> device = describeVulkanDevice();
  ASSERT_TRUE(bool(device));
  EXPECT_NE(device->find("(Vulkan 1."), std::string::npos) << *device;
}

} // namespace
