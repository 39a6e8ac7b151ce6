//===- VulkanRunner.cpp - Run one SPIR-V compute kernel -------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The runner reads the module's interface itself (a few instructions of the
// SPIR-V binary format) before it calls the driver: a driver is free to
// crash on a module that declares a capability the device lacks, or on a
// pipeline layout that disagrees with the shader, so both are checked here
// and reported as errors; where SPIRV-Tools is there, the whole module is
// validated for the device's Vulkan version too. The Vulkan part uses the C API
// of the loader (vulkan/vulkan.h); it is compiled only when CMake found the
// loader (TOLK_HAVE_VULKAN), and a stub takes its place otherwise.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/VulkanRunner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <chrono>
#include <cstring>

#ifdef TOLK_HAVE_VULKAN
#include <vulkan/vulkan.h>
#endif
#ifdef TOLK_HAVE_SPIRV_TOOLS
#include "spirv-tools/libspirv.h"
#endif

using namespace tolk;
using namespace tolk::runtime;
using llvm::ArrayRef;
using llvm::StringRef;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// Reading the module
//===----------------------------------------------------------------------===//

namespace {
// The few numbers of the SPIR-V specification the reader needs.
namespace spv {
constexpr uint32_t kMagic = 0x07230203;
constexpr uint32_t OpEntryPoint = 15, OpExecutionMode = 16, OpCapability = 17,
                   OpTypeInt = 21, OpTypeFloat = 22, OpTypeVector = 23,
                   OpTypeArray = 28, OpTypeRuntimeArray = 29, OpTypeStruct = 30,
                   OpTypePointer = 32, OpConstant = 43,
                   OpConstantComposite = 44, OpSpecConstant = 50,
                   OpSpecConstantComposite = 51, OpVariable = 59,
                   OpDecorate = 71, OpMemberDecorate = 72;
constexpr uint32_t DecorationSpecId = 1, DecorationBlock = 2,
                   DecorationBufferBlock = 3, DecorationArrayStride = 6,
                   DecorationBuiltIn = 11, DecorationBinding = 33,
                   DecorationDescriptorSet = 34, DecorationOffset = 35;
constexpr uint32_t BuiltInWorkgroupSize = 25;
constexpr uint32_t StorageUniform = 2, StoragePushConstant = 9,
                   StorageStorageBuffer = 12;
constexpr uint32_t ExecutionModelGLCompute = 5;
constexpr uint32_t ModeLocalSize = 17, ModeDenormPreserve = 4459,
                   ModeDenormFlushToZero = 4460,
                   ModeSignedZeroInfNanPreserve = 4461,
                   ModeRoundingModeRTE = 4462, ModeRoundingModeRTZ = 4463;
} // namespace spv

struct TypeInfo {
  uint32_t opcode = 0;
  llvm::SmallVector<uint32_t, 4> operands; // The words after the result id.
};

/// The parts of a module the reader keeps.
struct Module {
  llvm::DenseMap<uint32_t, TypeInfo> types;
  llvm::DenseMap<uint32_t, uint64_t> constants; // Integer constants.
  // 32-bit specialization constants (their default values), their SpecIds,
  // the constituents of composites, and the object decorated BuiltIn
  // WorkgroupSize.
  llvm::DenseMap<uint32_t, uint32_t> specConstants, specIds;
  llvm::DenseMap<uint32_t, llvm::SmallVector<uint32_t, 3>> composites;
  llvm::SmallSet<uint32_t, 2> specComposites;
  std::optional<uint32_t> workgroupSize;
  llvm::DenseMap<uint32_t, uint32_t> binding, descriptorSet, arrayStride;
  llvm::SmallSet<uint32_t, 8> blocks, bufferBlocks;
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, uint32_t> memberOffsets;
  struct Variable {
    uint32_t id, pointerType, storageClass;
  };
  llvm::SmallVector<Variable, 8> variables;

  std::optional<uint32_t> pointee(uint32_t pointerType) const {
    auto it = types.find(pointerType);
    if (it == types.end() || it->second.opcode != spv::OpTypePointer ||
        it->second.operands.size() < 2)
      return std::nullopt;
    return it->second.operands[1];
  }

  /// The size in bytes of a type in an explicitly laid out block, or none
  /// for a type this reader does not size.
  std::optional<uint64_t> sizeOf(uint32_t type, unsigned depth = 0) const {
    auto it = types.find(type);
    if (it == types.end() || depth > 16)
      return std::nullopt;
    const TypeInfo &t = it->second;
    switch (t.opcode) {
    case spv::OpTypeInt:
    case spv::OpTypeFloat:
      if (t.operands.empty() || t.operands[0] % 8 != 0)
        return std::nullopt;
      return t.operands[0] / 8;
    case spv::OpTypeVector: {
      if (t.operands.size() < 2)
        return std::nullopt;
      std::optional<uint64_t> element = sizeOf(t.operands[0], depth + 1);
      if (!element)
        return std::nullopt;
      return *element * t.operands[1];
    }
    case spv::OpTypeArray: {
      auto stride = arrayStride.find(type);
      auto length = t.operands.size() < 2 ? constants.end()
                                          : constants.find(t.operands[1]);
      if (stride == arrayStride.end() || length == constants.end())
        return std::nullopt;
      return uint64_t(stride->second) * length->second;
    }
    case spv::OpTypeStruct: {
      uint64_t size = 0;
      for (auto [index, member] : llvm::enumerate(t.operands)) {
        auto offset = memberOffsets.find({type, uint32_t(index)});
        std::optional<uint64_t> memberSize = sizeOf(member, depth + 1);
        if (offset == memberOffsets.end() || !memberSize)
          return std::nullopt;
        size = std::max(size, offset->second + *memberSize);
      }
      return size;
    }
    default:
      return std::nullopt;
    }
  }
};
} // namespace

/// A literal string operand: UTF-8 bytes, NUL-terminated, packed into words.
/// Returns the number of words it takes, or 0 when it is not terminated.
static size_t readString(ArrayRef<uint32_t> words, std::string &out) {
  out.clear();
  for (size_t i = 0; i < words.size(); ++i) {
    for (unsigned b = 0; b < 4; ++b) {
      char c = char((words[i] >> (8 * b)) & 0xff);
      if (c == '\0')
        return i + 1;
      out.push_back(c);
    }
  }
  return 0;
}

llvm::Expected<SpirvEntryPointInfo>
tolk::runtime::reflectSpirvEntryPoint(ArrayRef<uint32_t> spirv,
                                      StringRef entryPoint) {
  if (spirv.size() < 5 || spirv[0] != spv::kMagic)
    return makeError("not a SPIR-V module (no SPIR-V magic number in "
                     "little-endian words)");
  SpirvEntryPointInfo info;
  info.version = spirv[1];

  Module module;
  bool foundEntry = false;
  uint32_t entryId = 0;
  llvm::SmallVector<uint32_t, 8> interface;
  llvm::SmallVector<std::string, 2> computeEntryPoints;
  struct Mode {
    uint32_t target, mode;
    llvm::SmallVector<uint32_t, 3> literals;
  };
  llvm::SmallVector<Mode, 4> modes;

  for (size_t pos = 5; pos < spirv.size();) {
    uint32_t wordCount = spirv[pos] >> 16, opcode = spirv[pos] & 0xffff;
    if (wordCount == 0 || pos + wordCount > spirv.size())
      return makeError(llvm::formatv(
          "malformed SPIR-V module: the instruction at word {0} has a bad "
          "word count",
          pos));
    ArrayRef<uint32_t> ops = spirv.slice(pos + 1, wordCount - 1);
    pos += wordCount;
    switch (opcode) {
    case spv::OpCapability:
      if (!ops.empty())
        info.capabilities.push_back(ops[0]);
      break;
    case spv::OpEntryPoint: {
      if (ops.size() < 3)
        break;
      std::string name;
      size_t nameWords = readString(ops.drop_front(2), name);
      if (nameWords == 0 || ops[0] != spv::ExecutionModelGLCompute)
        break;
      computeEntryPoints.push_back(name);
      if (name != entryPoint)
        break;
      foundEntry = true;
      entryId = ops[1];
      interface.assign(ops.begin() + 2 + nameWords, ops.end());
      break;
    }
    case spv::OpExecutionMode:
      if (ops.size() >= 2)
        modes.push_back({ops[0], ops[1], {ops.begin() + 2, ops.end()}});
      break;
    case spv::OpDecorate:
      if (ops.size() < 2)
        break;
      if (ops.size() >= 3 && ops[1] == spv::DecorationSpecId)
        module.specIds[ops[0]] = ops[2];
      else if (ops.size() >= 3 && ops[1] == spv::DecorationBuiltIn &&
               ops[2] == spv::BuiltInWorkgroupSize)
        module.workgroupSize = ops[0];
      else if (ops[1] == spv::DecorationBlock)
        module.blocks.insert(ops[0]);
      else if (ops[1] == spv::DecorationBufferBlock)
        module.bufferBlocks.insert(ops[0]);
      else if (ops.size() >= 3 && ops[1] == spv::DecorationBinding)
        module.binding[ops[0]] = ops[2];
      else if (ops.size() >= 3 && ops[1] == spv::DecorationDescriptorSet)
        module.descriptorSet[ops[0]] = ops[2];
      else if (ops.size() >= 3 && ops[1] == spv::DecorationArrayStride)
        module.arrayStride[ops[0]] = ops[2];
      break;
    case spv::OpMemberDecorate:
      if (ops.size() >= 4 && ops[2] == spv::DecorationOffset)
        module.memberOffsets[{ops[0], ops[1]}] = ops[3];
      break;
    case spv::OpTypeInt:
    case spv::OpTypeFloat:
    case spv::OpTypeVector:
    case spv::OpTypeArray:
    case spv::OpTypeRuntimeArray:
    case spv::OpTypeStruct:
    case spv::OpTypePointer:
      if (!ops.empty())
        module.types[ops[0]] = {opcode, {ops.begin() + 1, ops.end()}};
      break;
    case spv::OpConstant:
      // Only 32-bit integer constants matter (array lengths, workgroup
      // sizes).
      if (ops.size() == 3)
        module.constants[ops[1]] = ops[2];
      break;
    case spv::OpSpecConstant:
      if (ops.size() == 3)
        module.specConstants[ops[1]] = ops[2];
      break;
    case spv::OpConstantComposite:
    case spv::OpSpecConstantComposite:
      if (ops.size() >= 2)
        module.composites[ops[1]].assign(ops.begin() + 2, ops.end());
      if (opcode == spv::OpSpecConstantComposite && ops.size() >= 2)
        module.specComposites.insert(ops[1]);
      break;
    case spv::OpVariable:
      if (ops.size() >= 3)
        module.variables.push_back({ops[1], ops[0], ops[2]});
      break;
    default:
      break;
    }
  }

  if (!foundEntry) {
    std::string known = computeEntryPoints.empty()
                            ? std::string("none")
                            : llvm::join(computeEntryPoints, ", ");
    return makeError(llvm::formatv(
        "the SPIR-V module has no GLCompute entry point '{0}' (it has: {1})",
        entryPoint, known));
  }

  for (const Mode &mode : modes) {
    if (mode.target != entryId)
      continue;
    if (mode.mode == spv::ModeLocalSize && mode.literals.size() == 3)
      info.localSize = {mode.literals[0], mode.literals[1], mode.literals[2]};
    else if ((mode.mode >= spv::ModeDenormPreserve &&
              mode.mode <= spv::ModeRoundingModeRTZ) &&
             mode.literals.size() == 1)
      info.floatControls.push_back({mode.mode, mode.literals[0]});
  }

  // An object decorated WorkgroupSize overrides every LocalSize: a
  // composite of constants gives the size, one of specialization constants
  // the SpecIds that the launch sets (their defaults until then).
  if (module.workgroupSize) {
    auto composite = module.composites.find(*module.workgroupSize);
    if (composite == module.composites.end() ||
        composite->second.size() != 3)
      return makeError("malformed SPIR-V module: the object decorated "
                       "BuiltIn WorkgroupSize is not a composite of three "
                       "constants");
    bool specialized = module.specComposites.contains(*module.workgroupSize);
    std::array<uint32_t, 3> specIds;
    for (auto [d, id] : llvm::enumerate(composite->second)) {
      auto constant = module.constants.find(id);
      auto spec = module.specConstants.find(id);
      auto specId = module.specIds.find(id);
      if (!specialized && constant != module.constants.end()) {
        info.localSize[d] = uint32_t(constant->second);
        continue;
      }
      if (!specialized || spec == module.specConstants.end() ||
          specId == module.specIds.end())
        return makeError("malformed SPIR-V module: the workgroup size's "
                         "constituents are not 32-bit specialization "
                         "constants with a SpecId");
      info.localSize[d] = spec->second;
      specIds[d] = specId->second;
    }
    if (specialized)
      info.workgroupSizeSpecIds = specIds;
  }

  // Before SPIR-V 1.4 the entry point lists only its Input and Output
  // variables; every buffer of the module may then be used by it.
  bool interfaceListsAll = info.version >= 0x00010400;
  llvm::SmallSet<uint32_t, 8> interfaceSet;
  interfaceSet.insert(interface.begin(), interface.end());
  llvm::DenseMap<uint32_t, uint32_t> bindingOwner;
  bool seenPushConstant = false;
  for (const Module::Variable &var : module.variables) {
    if (interfaceListsAll && !interfaceSet.contains(var.id))
      continue;
    bool isPushConstant = var.storageClass == spv::StoragePushConstant;
    bool isBuffer = var.storageClass == spv::StorageStorageBuffer ||
                    var.storageClass == spv::StorageUniform;
    if (!isPushConstant && !isBuffer)
      continue;
    std::optional<uint32_t> pointee = module.pointee(var.pointerType);
    if (!pointee)
      return makeError(llvm::formatv(
          "malformed SPIR-V module: variable %{0} has no pointer type",
          var.id));

    if (isPushConstant) {
      if (seenPushConstant)
        return makeError(llvm::formatv(
            "entry point '{0}' uses two push-constant blocks", entryPoint));
      seenPushConstant = true;
      info.pushConstantSize = uint32_t(module.sizeOf(*pointee).value_or(0));
      continue;
    }

    auto pointeeType = module.types.find(*pointee);
    if (pointeeType != module.types.end() &&
        (pointeeType->second.opcode == spv::OpTypeArray ||
         pointeeType->second.opcode == spv::OpTypeRuntimeArray))
      return makeError(llvm::formatv(
          "variable %{0} is an array of buffers, which the runner does not "
          "bind (one buffer per binding)",
          var.id));
    // A storage buffer is a StorageBuffer variable, or (the SPIR-V 1.0
    // spelling) a Uniform one whose block is decorated BufferBlock.
    if (var.storageClass == spv::StorageUniform &&
        !module.bufferBlocks.contains(*pointee))
      return makeError(llvm::formatv(
          "variable %{0} is a uniform buffer; the runner binds storage "
          "buffers only",
          var.id));
    auto set = module.descriptorSet.find(var.id);
    auto binding = module.binding.find(var.id);
    if (set == module.descriptorSet.end() || binding == module.binding.end())
      return makeError(llvm::formatv(
          "storage buffer %{0} has no DescriptorSet or Binding decoration",
          var.id));
    if (set->second != 0)
      return makeError(llvm::formatv(
          "storage buffer %{0} is in descriptor set {1}; the runner binds "
          "set 0 only",
          var.id, set->second));
    if (!bindingOwner.try_emplace(binding->second, var.id).second)
      return makeError(llvm::formatv(
          "storage buffers %{0} and %{1} share binding {2}",
          bindingOwner[binding->second], var.id, binding->second));
    info.storageBufferBindings.push_back(binding->second);
  }
  llvm::sort(info.storageBufferBindings);
  return info;
}

//===----------------------------------------------------------------------===//
// The feature check
//===----------------------------------------------------------------------===//

namespace {
enum : uint32_t {
  CapMatrix = 0,
  CapShader = 1,
  CapAddresses = 4,
  CapLinkage = 5,
  CapKernel = 6,
  CapFloat16 = 9,
  CapFloat64 = 10,
  CapInt64 = 11,
  CapInt64Atomics = 12,
  CapInt16 = 22,
  CapInt8 = 39,
  CapGroupNonUniform = 61,
  CapGroupNonUniformQuad = 68,
  CapStorageBuffer16BitAccess = 4433,
  CapUniformAndStorageBuffer16BitAccess = 4434,
  CapStoragePushConstant16 = 4435,
  CapStorageBuffer8BitAccess = 4448,
  CapUniformAndStorageBuffer8BitAccess = 4449,
  CapStoragePushConstant8 = 4450,
  CapDenormPreserve = 4464,
  CapRoundingModeRTZ = 4468,
  CapVulkanMemoryModel = 5345,
  CapVulkanMemoryModelDeviceScope = 5346,
};

/// A capability, the feature it needs, and whether a device has it.
struct CapabilityRule {
  uint32_t capability;
  const char *name;
  const char *feature; // Null: every Vulkan device has it.
  bool (*supported)(const VulkanDeviceFeatures &);
};

using Features = VulkanDeviceFeatures;
#define TOLK_FEATURE(x) #x, [](const Features &f) { return bool(f.x); }
#define TOLK_SUBGROUP(bit)                                                     \
  "subgroup operations in compute shaders",                                    \
      [](const VulkanDeviceFeatures &f) {                                      \
        return f.subgroupInCompute && (f.subgroupOperations & (bit));          \
      }
#define TOLK_VERSION_1_2                                                       \
  "Vulkan 1.2 (VK_KHR_shader_float_controls)",                                 \
      [](const VulkanDeviceFeatures &f) {                                      \
        return f.apiVersion >= ((1u << 22) | (2u << 12));                      \
      }

const CapabilityRule kCapabilityRules[] = {
    {CapMatrix, "Matrix", nullptr, nullptr},
    {CapShader, "Shader", nullptr, nullptr},
    {CapFloat16, "Float16", TOLK_FEATURE(shaderFloat16)},
    {CapFloat64, "Float64", TOLK_FEATURE(shaderFloat64)},
    {CapInt64, "Int64", TOLK_FEATURE(shaderInt64)},
    {CapInt64Atomics, "Int64Atomics", TOLK_FEATURE(shaderBufferInt64Atomics)},
    {CapInt16, "Int16", TOLK_FEATURE(shaderInt16)},
    {CapInt8, "Int8", TOLK_FEATURE(shaderInt8)},
    {CapStorageBuffer16BitAccess, "StorageBuffer16BitAccess",
     TOLK_FEATURE(storageBuffer16BitAccess)},
    {CapUniformAndStorageBuffer16BitAccess,
     "UniformAndStorageBuffer16BitAccess",
     TOLK_FEATURE(uniformAndStorageBuffer16BitAccess)},
    {CapStoragePushConstant16, "StoragePushConstant16",
     TOLK_FEATURE(storagePushConstant16)},
    {CapStorageBuffer8BitAccess, "StorageBuffer8BitAccess",
     TOLK_FEATURE(storageBuffer8BitAccess)},
    {CapUniformAndStorageBuffer8BitAccess, "UniformAndStorageBuffer8BitAccess",
     TOLK_FEATURE(uniformAndStorageBuffer8BitAccess)},
    {CapStoragePushConstant8, "StoragePushConstant8",
     TOLK_FEATURE(storagePushConstant8)},
    {CapVulkanMemoryModel, "VulkanMemoryModel",
     TOLK_FEATURE(vulkanMemoryModel)},
    {CapVulkanMemoryModelDeviceScope, "VulkanMemoryModelDeviceScope",
     TOLK_FEATURE(vulkanMemoryModelDeviceScope)},
    // VkSubgroupFeatureFlagBits, in the order of the capabilities.
    {CapGroupNonUniform, "GroupNonUniform", TOLK_SUBGROUP(0x01)},
    {CapGroupNonUniform + 1, "GroupNonUniformVote", TOLK_SUBGROUP(0x02)},
    {CapGroupNonUniform + 2, "GroupNonUniformArithmetic", TOLK_SUBGROUP(0x04)},
    {CapGroupNonUniform + 3, "GroupNonUniformBallot", TOLK_SUBGROUP(0x08)},
    {CapGroupNonUniform + 4, "GroupNonUniformShuffle", TOLK_SUBGROUP(0x10)},
    {CapGroupNonUniform + 5, "GroupNonUniformShuffleRelative",
     TOLK_SUBGROUP(0x20)},
    {CapGroupNonUniform + 6, "GroupNonUniformClustered", TOLK_SUBGROUP(0x40)},
    {CapGroupNonUniformQuad, "GroupNonUniformQuad", TOLK_SUBGROUP(0x80)},
    // The float controls: the capability needs the extension (core in 1.2);
    // each execution mode's width is checked against the properties below.
    {CapDenormPreserve, "DenormPreserve", TOLK_VERSION_1_2},
    {CapDenormPreserve + 1, "DenormFlushToZero", TOLK_VERSION_1_2},
    {CapDenormPreserve + 2, "SignedZeroInfNanPreserve", TOLK_VERSION_1_2},
    {CapDenormPreserve + 3, "RoundingModeRTE", TOLK_VERSION_1_2},
    {CapRoundingModeRTZ, "RoundingModeRTZ", TOLK_VERSION_1_2},
};
#undef TOLK_FEATURE
#undef TOLK_SUBGROUP
#undef TOLK_VERSION_1_2

const CapabilityRule *findRule(uint32_t capability) {
  for (const CapabilityRule &rule : kCapabilityRules)
    if (rule.capability == capability)
      return &rule;
  return nullptr;
}
} // namespace

std::string tolk::runtime::spirvCapabilityName(uint32_t capability) {
  if (const CapabilityRule *rule = findRule(capability))
    return rule->name;
  switch (capability) {
  case CapAddresses:
    return "Addresses";
  case CapLinkage:
    return "Linkage";
  case CapKernel:
    return "Kernel";
  default:
    return "capability " + std::to_string(capability);
  }
}

static std::string versionString(uint32_t apiVersion) {
  return llvm::formatv("{0}.{1}", (apiVersion >> 22) & 0x7f,
                       (apiVersion >> 12) & 0x3ff);
}

llvm::Error
tolk::runtime::checkVulkanSupport(const SpirvEntryPointInfo &info,
                                  const VulkanDeviceFeatures &features,
                                  StringRef deviceName) {
  // The newest SPIR-V each Vulkan version accepts.
  uint32_t minor = (features.apiVersion >> 12) & 0x3ff;
  uint32_t major = (features.apiVersion >> 22) & 0x7f;
  uint32_t maxSpirv = major > 1 || minor >= 3 ? 0x00010600
                      : minor == 2            ? 0x00010500
                      : minor == 1            ? 0x00010300
                                              : 0x00010000;
  if (info.version > maxSpirv)
    return makeError(llvm::formatv(
        "the kernel is SPIR-V {0}.{1}, which device '{2}' (Vulkan {3}) does "
        "not accept",
        (info.version >> 16) & 0xff, (info.version >> 8) & 0xff, deviceName,
        versionString(features.apiVersion)));

  for (uint32_t capability : info.capabilities) {
    const CapabilityRule *rule = findRule(capability);
    if (!rule)
      return makeError(llvm::formatv(
          "the kernel declares SPIR-V capability {0}, which the Vulkan "
          "runner does not check against a device",
          spirvCapabilityName(capability)));
    if (rule->supported && !rule->supported(features))
      return makeError(llvm::formatv(
          "the kernel needs SPIR-V capability {0} ({1}), which device '{2}' "
          "does not support",
          rule->name, rule->feature, deviceName));
  }

  for (auto [mode, width] : info.floatControls) {
    unsigned bit = width == 16 ? 1 : width == 32 ? 2 : width == 64 ? 4 : 0;
    uint8_t supported = 0;
    const char *property = "";
    switch (mode) {
    case spv::ModeDenormPreserve:
      supported = features.denormPreserve;
      property = "shaderDenormPreserveFloat";
      break;
    case spv::ModeDenormFlushToZero:
      supported = features.denormFlushToZero;
      property = "shaderDenormFlushToZeroFloat";
      break;
    case spv::ModeSignedZeroInfNanPreserve:
      supported = features.signedZeroInfNanPreserve;
      property = "shaderSignedZeroInfNanPreserveFloat";
      break;
    case spv::ModeRoundingModeRTE:
      supported = features.roundingModeRTE;
      property = "shaderRoundingModeRTEFloat";
      break;
    default:
      supported = features.roundingModeRTZ;
      property = "shaderRoundingModeRTZFloat";
      break;
    }
    if (!(supported & bit))
      return makeError(llvm::formatv(
          "the kernel needs {0}{1} (a float-control execution mode), which "
          "device '{2}' does not support",
          property, width, deviceName));
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

void tolk::runtime::appendPushConstant(llvm::SmallVectorImpl<uint8_t> &block,
                                       uint64_t bits, unsigned bitWidth) {
  unsigned slot = bitWidth > 32 ? 8 : 4;
  block.resize(llvm::alignTo(block.size(), slot), 0);
  if (bitWidth < 64)
    bits &= (uint64_t(1) << bitWidth) - 1;
  // Little-endian, as every Vulkan device the runner meets (and the host).
  for (unsigned i = 0; i < slot; ++i)
    block.push_back(uint8_t(bits >> (8 * i)));
}

/// The workgroup size a launch of the module runs with: the launch's for a
/// module whose size is specialization constants, the module's otherwise.
static std::array<uint32_t, 3> workgroupSizeOf(const VulkanLaunch &launch,
                                               const SpirvEntryPointInfo &info) {
  if (info.workgroupSizeSpecIds && launch.workgroupSize)
    return *launch.workgroupSize;
  return info.localSize;
}

static std::string sizeString(const std::array<uint32_t, 3> &size) {
  return llvm::formatv("{0}x{1}x{2}", size[0], size[1], size[2]);
}

/// The checks of a launch against the module that need no device.
static llvm::Error checkLaunch(const VulkanLaunch &launch,
                               const SpirvEntryPointInfo &info) {
  if (info.workgroupSizeSpecIds && !launch.workgroupSize)
    return makeError(llvm::formatv(
        "kernel '{0}' takes its workgroup size as specialization constants "
        "(SpecIds {1}, {2}, {3}), but the launch gives none",
        launch.entryPoint, (*info.workgroupSizeSpecIds)[0],
        (*info.workgroupSizeSpecIds)[1], (*info.workgroupSizeSpecIds)[2]));
  if (!info.workgroupSizeSpecIds && launch.workgroupSize &&
      *launch.workgroupSize != info.localSize)
    return makeError(llvm::formatv(
        "kernel '{0}' is compiled for workgroups of {1} (its LocalSize), "
        "not {2}",
        launch.entryPoint, sizeString(info.localSize),
        sizeString(*launch.workgroupSize)));

  // Binding k is buffer k (the kernel's global pointers in order). A
  // buffer the kernel never touches has no variable in the module (the
  // SPIR-V lowering drops unused ones), so the bindings may have gaps; every
  // binding the module declares must have its buffer.
  const auto &bindings = info.storageBufferBindings;
  size_t given = launch.buffers.size();
  if (!bindings.empty() && bindings.back() >= given)
    return makeError(llvm::formatv(
        "kernel '{0}' uses storage buffer binding {1} of set 0 but {2} "
        "buffer(s) were given (binding k is buffer k)",
        launch.entryPoint, bindings.back(), given));

  if (launch.repeat == 0)
    return makeError("no timed dispatch: repeat is 0");
  for (unsigned buffer : launch.restoredBuffers)
    if (buffer >= given)
      return makeError(llvm::formatv(
          "buffer {0} is to be restored between dispatches, but {1} "
          "buffer(s) were given",
          buffer, given));

  size_t pushBytes = launch.pushConstants.size();
  if (!info.pushConstantSize && pushBytes != 0)
    return makeError(llvm::formatv(
        "kernel '{0}' has no push constants but {1} byte(s) were given",
        launch.entryPoint, pushBytes));
  if (info.pushConstantSize && pushBytes < *info.pushConstantSize)
    return makeError(llvm::formatv(
        "kernel '{0}' reads {1} byte(s) of push constants but {2} were given",
        launch.entryPoint, *info.pushConstantSize, pushBytes));
  return llvm::Error::success();
}

bool tolk::runtime::isSpirvValidatorBuilt() {
#ifdef TOLK_HAVE_SPIRV_TOOLS
  return true;
#else
  return false;
#endif
}

#ifdef TOLK_HAVE_VULKAN

bool tolk::runtime::isVulkanBuilt() { return true; }

/// Validates the module with SPIRV-Tools for the Vulkan version the device
/// is used at, where SPIRV-Tools was found: a driver is not required to
/// survive an invalid module.
static llvm::Error validateSpirv(ArrayRef<uint32_t> spirv,
                                 uint32_t apiVersion) {
#ifdef TOLK_HAVE_SPIRV_TOOLS
  spv_target_env env = apiVersion >= VK_API_VERSION_1_3   ? SPV_ENV_VULKAN_1_3
                       : apiVersion >= VK_API_VERSION_1_2 ? SPV_ENV_VULKAN_1_2
                       : apiVersion >= VK_API_VERSION_1_1 ? SPV_ENV_VULKAN_1_1
                                                          : SPV_ENV_VULKAN_1_0;
  spv_context context = spvContextCreate(env);
  spv_diagnostic diagnostic = nullptr;
  spv_result_t result =
      spvValidateBinary(context, spirv.data(), spirv.size(), &diagnostic);
  std::string message;
  if (result != SPV_SUCCESS) {
    message = llvm::formatv("the SPIR-V module is not valid for Vulkan {0}.{1}",
                            VK_API_VERSION_MAJOR(apiVersion),
                            VK_API_VERSION_MINOR(apiVersion));
    if (diagnostic && diagnostic->error)
      message += std::string(": ") + diagnostic->error;
  }
  spvDiagnosticDestroy(diagnostic);
  spvContextDestroy(context);
  if (result != SPV_SUCCESS)
    return makeError(llvm::StringRef(message).rtrim());
#endif
  return llvm::Error::success();
}

static const char *resultName(VkResult result) {
  switch (result) {
#define TOLK_CASE(x)                                                           \
  case x:                                                                      \
    return #x;
    TOLK_CASE(VK_SUCCESS)
    TOLK_CASE(VK_NOT_READY)
    TOLK_CASE(VK_TIMEOUT)
    TOLK_CASE(VK_INCOMPLETE)
    TOLK_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    TOLK_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    TOLK_CASE(VK_ERROR_INITIALIZATION_FAILED)
    TOLK_CASE(VK_ERROR_DEVICE_LOST)
    TOLK_CASE(VK_ERROR_MEMORY_MAP_FAILED)
    TOLK_CASE(VK_ERROR_LAYER_NOT_PRESENT)
    TOLK_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    TOLK_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    TOLK_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    TOLK_CASE(VK_ERROR_TOO_MANY_OBJECTS)
    TOLK_CASE(VK_ERROR_UNKNOWN)
    TOLK_CASE(VK_ERROR_INVALID_SHADER_NV)
#undef TOLK_CASE
  default:
    return "VkResult";
  }
}

static llvm::Error vkError(const char *call, VkResult result) {
  return makeError(llvm::formatv("{0} failed: {1} ({2})", call,
                                 resultName(result), int(result)));
}

#define TOLK_VK_CHECK(fn, ...)                                                 \
  do {                                                                         \
    VkResult tolkResult = fn(__VA_ARGS__);                                     \
    if (tolkResult != VK_SUCCESS)                                              \
      return vkError(#fn, tolkResult);                                         \
  } while (false)

/// The whole of mapped `memory`, for vkFlushMappedMemoryRanges (the host's
/// writes to the device) and vkInvalidateMappedMemoryRanges (the device's
/// to the host), which non-coherent memory needs.
static VkMappedMemoryRange wholeRange(VkDeviceMemory memory) {
  VkMappedMemoryRange range{};
  range.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE;
  range.memory = memory;
  range.size = VK_WHOLE_SIZE;
  return range;
}
namespace {
/// Every Vulkan object of one run; the destructor destroys those created, in
/// the reverse order, so that each error return cleans up.
struct VulkanObjects {
  VkInstance instance = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  llvm::SmallVector<VkBuffer, 4> buffers;
  llvm::SmallVector<VkDeviceMemory, 4> memories;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkShaderModule shader = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkQueryPool queryPool = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;

  VulkanObjects() = default;
  VulkanObjects(const VulkanObjects &) = delete;
  VulkanObjects &operator=(const VulkanObjects &) = delete;
  ~VulkanObjects() {
    if (device) {
      // An error return can leave work in flight; nothing is destroyed
      // under it.
      vkDeviceWaitIdle(device);
      if (fence)
        vkDestroyFence(device, fence, nullptr);
      if (queryPool)
        vkDestroyQueryPool(device, queryPool, nullptr);
      if (commandPool)
        vkDestroyCommandPool(device, commandPool, nullptr);
      if (pipeline)
        vkDestroyPipeline(device, pipeline, nullptr);
      if (shader)
        vkDestroyShaderModule(device, shader, nullptr);
      if (pipelineLayout)
        vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
      if (descriptorPool)
        vkDestroyDescriptorPool(device, descriptorPool, nullptr);
      if (setLayout)
        vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
      for (VkBuffer buffer : buffers)
        vkDestroyBuffer(device, buffer, nullptr);
      for (VkDeviceMemory memory : memories)
        vkFreeMemory(device, memory, nullptr);
      vkDestroyDevice(device, nullptr);
    }
    if (instance)
      vkDestroyInstance(instance, nullptr);
  }
};

/// The first device of an instance and what the runner knows about it.
struct DeviceChoice {
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VulkanDeviceFeatures features;
  std::string name;
};
} // namespace

/// Creates the instance, at the newest Vulkan version up to 1.3 that the
/// loader offers (1.2 is needed to query the 8-bit and float16 features).
static llvm::Error createInstance(VulkanObjects &objects,
                                  uint32_t &apiVersion) {
  apiVersion = VK_API_VERSION_1_0;
  // vkEnumerateInstanceVersion is absent from Vulkan 1.0 loaders.
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      vkGetInstanceProcAddr(nullptr, "vkEnumerateInstanceVersion"));
  if (enumerateVersion && enumerateVersion(&apiVersion) != VK_SUCCESS)
    apiVersion = VK_API_VERSION_1_0;
  apiVersion = std::min<uint32_t>(apiVersion, VK_API_VERSION_1_3);

  VkApplicationInfo app{};
  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "tolk-run";
  app.pEngineName = "Tolk-MLIR";
  app.apiVersion = apiVersion;
  VkInstanceCreateInfo create{};
  create.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  create.pApplicationInfo = &app;
  VkResult result = vkCreateInstance(&create, nullptr, &objects.instance);
  if (result == VK_ERROR_INCOMPATIBLE_DRIVER)
    return makeError("no Vulkan driver: vkCreateInstance found no "
                     "compatible driver (install one, e.g. Mesa's lavapipe "
                     "in mesa-vulkan-drivers)");
  if (result != VK_SUCCESS) {
    objects.instance = VK_NULL_HANDLE;
    return vkError("vkCreateInstance", result);
  }
  return llvm::Error::success();
}

static llvm::Expected<DeviceChoice> chooseDevice(VkInstance instance,
                                                 uint32_t instanceVersion) {
  uint32_t count = 0;
  TOLK_VK_CHECK(vkEnumeratePhysicalDevices, instance, &count, nullptr);
  if (count == 0)
    return makeError("no Vulkan device: the Vulkan driver lists none");
  llvm::SmallVector<VkPhysicalDevice, 4> devices(count);
  VkResult result =
      vkEnumeratePhysicalDevices(instance, &count, devices.data());
  if (result != VK_SUCCESS && result != VK_INCOMPLETE)
    return vkError("vkEnumeratePhysicalDevices", result);

  DeviceChoice choice;
  choice.physical = devices[0];
  vkGetPhysicalDeviceProperties(choice.physical, &choice.properties);
  choice.name = choice.properties.deviceName;
  VulkanDeviceFeatures &f = choice.features;
  f.apiVersion = std::min(instanceVersion, choice.properties.apiVersion);

  if (f.apiVersion < VK_API_VERSION_1_1) {
    VkPhysicalDeviceFeatures core{};
    vkGetPhysicalDeviceFeatures(choice.physical, &core);
    f.shaderFloat64 = core.shaderFloat64;
    f.shaderInt64 = core.shaderInt64;
    f.shaderInt16 = core.shaderInt16;
    return choice;
  }

  // Vulkan 1.1: the core features, 16-bit storage, subgroups; 1.2 adds the
  // Vulkan11/12 feature structs (which hold the 8-bit and float16 ones) and
  // the float controls.
  bool is12 = f.apiVersion >= VK_API_VERSION_1_2;
  VkPhysicalDeviceVulkan12Features v12{};
  v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  VkPhysicalDeviceVulkan11Features v11{};
  v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  v11.pNext = &v12;
  VkPhysicalDevice16BitStorageFeatures storage16{};
  storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
  VkPhysicalDeviceFeatures2 features2{};
  features2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  features2.pNext = is12 ? static_cast<void *>(&v11) : &storage16;
  vkGetPhysicalDeviceFeatures2(choice.physical, &features2);
  f.shaderFloat64 = features2.features.shaderFloat64;
  f.shaderInt64 = features2.features.shaderInt64;
  f.shaderInt16 = features2.features.shaderInt16;
  if (is12) {
    f.storageBuffer16BitAccess = v11.storageBuffer16BitAccess;
    f.uniformAndStorageBuffer16BitAccess =
        v11.uniformAndStorageBuffer16BitAccess;
    f.storagePushConstant16 = v11.storagePushConstant16;
    f.storageBuffer8BitAccess = v12.storageBuffer8BitAccess;
    f.uniformAndStorageBuffer8BitAccess = v12.uniformAndStorageBuffer8BitAccess;
    f.storagePushConstant8 = v12.storagePushConstant8;
    f.shaderFloat16 = v12.shaderFloat16;
    f.shaderInt8 = v12.shaderInt8;
    f.shaderBufferInt64Atomics = v12.shaderBufferInt64Atomics;
    f.vulkanMemoryModel = v12.vulkanMemoryModel;
    f.vulkanMemoryModelDeviceScope = v12.vulkanMemoryModelDeviceScope;
  } else {
    f.storageBuffer16BitAccess = storage16.storageBuffer16BitAccess;
    f.uniformAndStorageBuffer16BitAccess =
        storage16.uniformAndStorageBuffer16BitAccess;
    f.storagePushConstant16 = storage16.storagePushConstant16;
  }

  VkPhysicalDeviceFloatControlsProperties floatControls{};
  floatControls.sType =
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES;
  VkPhysicalDeviceSubgroupProperties subgroup{};
  subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
  subgroup.pNext = is12 ? &floatControls : nullptr;
  VkPhysicalDeviceProperties2 properties2{};
  properties2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
  properties2.pNext = &subgroup;
  vkGetPhysicalDeviceProperties2(choice.physical, &properties2);
  f.subgroupOperations = subgroup.supportedOperations;
  f.subgroupInCompute = subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT;
  auto widths = [](VkBool32 f16, VkBool32 f32, VkBool32 f64) {
    return uint8_t((f16 ? 1 : 0) | (f32 ? 2 : 0) | (f64 ? 4 : 0));
  };
  const VkPhysicalDeviceFloatControlsProperties &fc = floatControls;
  f.denormPreserve =
      widths(fc.shaderDenormPreserveFloat16, fc.shaderDenormPreserveFloat32,
             fc.shaderDenormPreserveFloat64);
  f.denormFlushToZero = widths(fc.shaderDenormFlushToZeroFloat16,
                               fc.shaderDenormFlushToZeroFloat32,
                               fc.shaderDenormFlushToZeroFloat64);
  f.signedZeroInfNanPreserve = widths(fc.shaderSignedZeroInfNanPreserveFloat16,
                                      fc.shaderSignedZeroInfNanPreserveFloat32,
                                      fc.shaderSignedZeroInfNanPreserveFloat64);
  f.roundingModeRTE =
      widths(fc.shaderRoundingModeRTEFloat16, fc.shaderRoundingModeRTEFloat32,
             fc.shaderRoundingModeRTEFloat64);
  f.roundingModeRTZ =
      widths(fc.shaderRoundingModeRTZFloat16, fc.shaderRoundingModeRTZFloat32,
             fc.shaderRoundingModeRTZFloat64);
  return choice;
}

llvm::Expected<std::string> tolk::runtime::describeVulkanDevice() {
  VulkanObjects objects;
  uint32_t apiVersion;
  if (llvm::Error err = createInstance(objects, apiVersion))
    return std::move(err);
  llvm::Expected<DeviceChoice> choice =
      chooseDevice(objects.instance, apiVersion);
  if (!choice)
    return choice.takeError();
  uint32_t v = choice->properties.apiVersion;
  return llvm::formatv("{0} (Vulkan {1}.{2}.{3})", choice->name,
                       VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v),
                       VK_API_VERSION_PATCH(v))
      .str();
}

llvm::Expected<VulkanRunInfo>
tolk::runtime::runVulkanKernel(const VulkanLaunch &launch) {
  // Everything about the module first, so that a bad launch is reported the
  // same with and without a device.
  llvm::Expected<SpirvEntryPointInfo> info =
      reflectSpirvEntryPoint(launch.spirv, launch.entryPoint);
  if (!info)
    return info.takeError();
  if (llvm::Error err = checkLaunch(launch, *info))
    return err;

  VulkanObjects objects;
  uint32_t instanceVersion;
  if (llvm::Error err = createInstance(objects, instanceVersion))
    return err;
  llvm::Expected<DeviceChoice> choice =
      chooseDevice(objects.instance, instanceVersion);
  if (!choice)
    return choice.takeError();
  if (llvm::Error err =
          checkVulkanSupport(*info, choice->features, choice->name))
    return err;
  if (llvm::Error err =
          validateSpirv(launch.spirv, choice->features.apiVersion))
    return err;

  const VkPhysicalDeviceLimits &limits = choice->properties.limits;
  std::array<uint32_t, 3> localSize = workgroupSizeOf(launch, *info);
  for (unsigned d = 0; d < 3; ++d) {
    if (launch.workgroupCount[d] > limits.maxComputeWorkGroupCount[d])
      return makeError(llvm::formatv(
          "{0} workgroups in dimension {1} exceed device '{2}''s limit of {3}",
          launch.workgroupCount[d], "xyz"[d], choice -> name,
          limits.maxComputeWorkGroupCount[d]));
    if (localSize[d] == 0 || localSize[d] > limits.maxComputeWorkGroupSize[d])
      return makeError(llvm::formatv(
          "kernel '{0}''s workgroup size {1} in dimension {2} is outside "
          "device '{3}''s limit of 1 to {4}",
          launch.entryPoint, localSize[d], "xyz"[d], choice -> name,
          limits.maxComputeWorkGroupSize[d]));
  }
  uint64_t invocations =
      uint64_t(localSize[0]) * localSize[1] * localSize[2];
  if (invocations > limits.maxComputeWorkGroupInvocations)
    return makeError(llvm::formatv(
        "kernel '{0}''s workgroup of {1} invocations exceeds device '{2}''s "
        "limit of {3}",
        launch.entryPoint, invocations, choice->name,
        limits.maxComputeWorkGroupInvocations));
  // vkCmdPushConstants takes whole words.
  uint32_t pushSize = uint32_t(llvm::alignTo(launch.pushConstants.size(), 4));
  if (pushSize > limits.maxPushConstantsSize)
    return makeError(llvm::formatv(
        "{0} bytes of push constants exceed device '{1}''s limit of {2}",
        pushSize, choice->name, limits.maxPushConstantsSize));
  for (auto [index, buffer] : llvm::enumerate(launch.buffers))
    if (buffer.size() > limits.maxStorageBufferRange)
      return makeError(llvm::formatv(
          "buffer {0} ({1} bytes) exceeds device '{2}''s storage buffer "
          "range of {3} bytes",
          index, buffer.size(), choice->name, limits.maxStorageBufferRange));

  // A compute queue.
  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(choice->physical, &familyCount,
                                           nullptr);
  llvm::SmallVector<VkQueueFamilyProperties, 4> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(choice->physical, &familyCount,
                                           families.data());
  auto family = llvm::find_if(families, [](const VkQueueFamilyProperties &p) {
    return p.queueFlags & VK_QUEUE_COMPUTE_BIT;
  });
  if (family == families.end())
    return makeError(
        llvm::formatv("device '{0}' has no compute queue", choice->name));
  uint32_t familyIndex = uint32_t(family - families.begin());

  // The device, with exactly the features the module's capabilities need
  // (checkVulkanSupport made sure that the device has them).
  auto needs = [&](uint32_t capability) {
    return llvm::is_contained(info->capabilities, capability);
  };
  bool is12 = choice->features.apiVersion >= VK_API_VERSION_1_2;
  VkPhysicalDeviceVulkan12Features v12{};
  v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  v12.storageBuffer8BitAccess = needs(CapStorageBuffer8BitAccess);
  v12.uniformAndStorageBuffer8BitAccess =
      needs(CapUniformAndStorageBuffer8BitAccess);
  v12.storagePushConstant8 = needs(CapStoragePushConstant8);
  v12.shaderFloat16 = needs(CapFloat16);
  v12.shaderInt8 = needs(CapInt8);
  v12.shaderBufferInt64Atomics = needs(CapInt64Atomics);
  v12.vulkanMemoryModel = needs(CapVulkanMemoryModel);
  v12.vulkanMemoryModelDeviceScope = needs(CapVulkanMemoryModelDeviceScope);
  VkPhysicalDeviceVulkan11Features v11{};
  v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  v11.pNext = &v12;
  VkPhysicalDevice16BitStorageFeatures storage16{};
  storage16.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
  v11.storageBuffer16BitAccess = storage16.storageBuffer16BitAccess =
      needs(CapStorageBuffer16BitAccess);
  v11.uniformAndStorageBuffer16BitAccess =
      storage16.uniformAndStorageBuffer16BitAccess =
          needs(CapUniformAndStorageBuffer16BitAccess);
  v11.storagePushConstant16 = storage16.storagePushConstant16 =
      needs(CapStoragePushConstant16);
  VkPhysicalDeviceFeatures2 enabled{};
  enabled.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  enabled.pNext = is12 ? static_cast<void *>(&v11) : &storage16;
  enabled.features.shaderFloat64 = needs(CapFloat64);
  enabled.features.shaderInt64 = needs(CapInt64);
  enabled.features.shaderInt16 = needs(CapInt16);
  // An index past a buffer's end is then confined to the buffer (reads give
  // its values or zero, writes stay inside it or are dropped) instead of
  // undefined behaviour: a kernel's bug shows as wrong values, never as a
  // crash of the runner.
  VkPhysicalDeviceFeatures supportedCore;
  vkGetPhysicalDeviceFeatures(choice->physical, &supportedCore);
  enabled.features.robustBufferAccess = supportedCore.robustBufferAccess;
  // VK_EXT_robustness2's robustBufferAccess2 is stricter: a read past the
  // end gives zero and a write there is dropped, where robustBufferAccess
  // lets a write land anywhere in the buffer. Used where the device has it.
  VkPhysicalDeviceRobustness2FeaturesEXT robustness2{};
  robustness2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
  const char *robustness2Name = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
  bool hasRobustness2 = false;
  if (choice->features.apiVersion >= VK_API_VERSION_1_1 &&
      supportedCore.robustBufferAccess) {
    uint32_t extensionCount = 0;
    vkEnumerateDeviceExtensionProperties(choice->physical, nullptr,
                                         &extensionCount, nullptr);
    llvm::SmallVector<VkExtensionProperties, 64> extensions(extensionCount);
    vkEnumerateDeviceExtensionProperties(choice->physical, nullptr,
                                         &extensionCount, extensions.data());
    if (llvm::any_of(extensions, [&](const VkExtensionProperties &e) {
          return StringRef(e.extensionName) == robustness2Name;
        })) {
      VkPhysicalDeviceRobustness2FeaturesEXT supported2{};
      supported2.sType =
          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
      VkPhysicalDeviceFeatures2 query{};
      query.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
      query.pNext = &supported2;
      vkGetPhysicalDeviceFeatures2(choice->physical, &query);
      hasRobustness2 = supported2.robustBufferAccess2;
    }
  }
  if (hasRobustness2) {
    robustness2.robustBufferAccess2 = VK_TRUE;
    robustness2.pNext = enabled.pNext;
    enabled.pNext = &robustness2;
  }
  VulkanRunInfo run;
  run.device = choice->name;
  run.robustness = hasRobustness2 ? "robustBufferAccess2"
                   : supportedCore.robustBufferAccess ? "robustBufferAccess"
                                                      : "";

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{};
  queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  queueInfo.queueFamilyIndex = familyIndex;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo deviceInfo{};
  deviceInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  deviceInfo.queueCreateInfoCount = 1;
  deviceInfo.pQueueCreateInfos = &queueInfo;
  if (hasRobustness2) {
    deviceInfo.enabledExtensionCount = 1;
    deviceInfo.ppEnabledExtensionNames = &robustness2Name;
  }
  VkPhysicalDeviceFeatures coreOnly = enabled.features;
  if (choice->features.apiVersion >= VK_API_VERSION_1_1)
    deviceInfo.pNext = &enabled;
  else
    deviceInfo.pEnabledFeatures = &coreOnly;
  TOLK_VK_CHECK(vkCreateDevice, choice->physical, &deviceInfo, nullptr,
                &objects.device);
  VkDevice device = objects.device;
  VkQueue queue;
  vkGetDeviceQueue(device, familyIndex, 0, &queue);

  // The buffers, in host-visible memory: the runner copies each once each
  // way, so staging through device-local memory would only add a copy (and
  // lavapipe's memory is the host's anyway).
  VkPhysicalDeviceMemoryProperties memoryProperties;
  vkGetPhysicalDeviceMemoryProperties(choice->physical, &memoryProperties);
  llvm::SmallVector<void *, 4> mapped;
  llvm::SmallVector<bool, 4> coherent;
  for (auto [index, host] : llvm::enumerate(launch.buffers)) {
    // Vulkan has no empty buffer; an empty one gets a word nobody reads.
    VkBufferCreateInfo bufferInfo{};
    bufferInfo.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
    bufferInfo.size = std::max<VkDeviceSize>(llvm::alignTo(host.size(), 4), 4);
    bufferInfo.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    bufferInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VkBuffer buffer;
    TOLK_VK_CHECK(vkCreateBuffer, device, &bufferInfo, nullptr, &buffer);
    objects.buffers.push_back(buffer);
    VkMemoryRequirements requirements;
    vkGetBufferMemoryRequirements(device, buffer, &requirements);
    // Host-visible and coherent if there is such a type, else host-visible
    // with explicit flushes.
    std::optional<uint32_t> memoryType;
    bool isCoherent = false;
    for (uint32_t t = 0; t < memoryProperties.memoryTypeCount; ++t) {
      if (!(requirements.memoryTypeBits & (1u << t)))
        continue;
      VkMemoryPropertyFlags flags =
          memoryProperties.memoryTypes[t].propertyFlags;
      if (!(flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
        continue;
      bool c = flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      if (!memoryType || (c && !isCoherent)) {
        memoryType = t;
        isCoherent = c;
      }
    }
    if (!memoryType)
      return makeError(llvm::formatv(
          "device '{0}' has no host-visible memory for storage buffers",
          choice->name));
    VkMemoryAllocateInfo allocInfo{};
    allocInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocInfo.allocationSize = requirements.size;
    allocInfo.memoryTypeIndex = *memoryType;
    VkDeviceMemory memory;
    TOLK_VK_CHECK(vkAllocateMemory, device, &allocInfo, nullptr, &memory);
    objects.memories.push_back(memory);
    TOLK_VK_CHECK(vkBindBufferMemory, device, buffer, memory, 0);
    void *data;
    TOLK_VK_CHECK(vkMapMemory, device, memory, 0, VK_WHOLE_SIZE, 0, &data);
    std::memset(data, 0, bufferInfo.size);
    if (!host.empty())
      std::memcpy(data, host.data(), host.size());
    if (!isCoherent) {
      VkMappedMemoryRange range = wholeRange(memory);
      TOLK_VK_CHECK(vkFlushMappedMemoryRanges, device, 1, &range);
    }
    mapped.push_back(data);
    coherent.push_back(isCoherent);
  }

  // Descriptor set 0: binding k = buffer k.
  size_t numBuffers = launch.buffers.size();
  llvm::SmallVector<VkDescriptorSetLayoutBinding, 4> layoutBindings;
  for (size_t k = 0; k < numBuffers; ++k) {
    VkDescriptorSetLayoutBinding b{};
    b.binding = uint32_t(k);
    b.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    b.descriptorCount = 1;
    b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    layoutBindings.push_back(b);
  }
  VkDescriptorSetLayoutCreateInfo setLayoutInfo{};
  setLayoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  setLayoutInfo.bindingCount = uint32_t(layoutBindings.size());
  setLayoutInfo.pBindings = layoutBindings.data();
  TOLK_VK_CHECK(vkCreateDescriptorSetLayout, device, &setLayoutInfo, nullptr,
                &objects.setLayout);
  VkDescriptorSet descriptorSet = VK_NULL_HANDLE;
  if (numBuffers != 0) {
    VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  uint32_t(numBuffers)};
    VkDescriptorPoolCreateInfo poolInfo{};
    poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &poolSize;
    TOLK_VK_CHECK(vkCreateDescriptorPool, device, &poolInfo, nullptr,
                  &objects.descriptorPool);
    VkDescriptorSetAllocateInfo setInfo{};
    setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    setInfo.descriptorPool = objects.descriptorPool;
    setInfo.descriptorSetCount = 1;
    setInfo.pSetLayouts = &objects.setLayout;
    TOLK_VK_CHECK(vkAllocateDescriptorSets, device, &setInfo, &descriptorSet);
    llvm::SmallVector<VkDescriptorBufferInfo, 4> bufferInfos;
    for (VkBuffer buffer : objects.buffers)
      bufferInfos.push_back({buffer, 0, VK_WHOLE_SIZE});
    llvm::SmallVector<VkWriteDescriptorSet, 4> writes;
    for (size_t k = 0; k < numBuffers; ++k) {
      VkWriteDescriptorSet w{};
      w.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
      w.dstSet = descriptorSet;
      w.dstBinding = uint32_t(k);
      w.descriptorCount = 1;
      w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      w.pBufferInfo = &bufferInfos[k];
      writes.push_back(w);
    }
    vkUpdateDescriptorSets(device, uint32_t(writes.size()), writes.data(), 0,
                           nullptr);
  }

  // The pipeline.
  VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushSize};
  VkPipelineLayoutCreateInfo pipelineLayoutInfo{};
  pipelineLayoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  pipelineLayoutInfo.setLayoutCount = 1;
  pipelineLayoutInfo.pSetLayouts = &objects.setLayout;
  pipelineLayoutInfo.pushConstantRangeCount = pushSize != 0 ? 1 : 0;
  pipelineLayoutInfo.pPushConstantRanges = &pushRange;
  TOLK_VK_CHECK(vkCreatePipelineLayout, device, &pipelineLayoutInfo, nullptr,
                &objects.pipelineLayout);
  VkShaderModuleCreateInfo shaderInfo{};
  shaderInfo.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  shaderInfo.codeSize = launch.spirv.size() * sizeof(uint32_t);
  shaderInfo.pCode = launch.spirv.data();
  TOLK_VK_CHECK(vkCreateShaderModule, device, &shaderInfo, nullptr,
                &objects.shader);
  VkComputePipelineCreateInfo pipelineInfo{};
  pipelineInfo.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = objects.shader;
  pipelineInfo.stage.pName = launch.entryPoint.c_str();
  // The workgroup size of a kernel compiled without one.
  VkSpecializationMapEntry sizeEntries[3];
  VkSpecializationInfo specialization{};
  if (info->workgroupSizeSpecIds) {
    for (unsigned d = 0; d < 3; ++d)
      sizeEntries[d] = {(*info->workgroupSizeSpecIds)[d],
                        uint32_t(d * sizeof(uint32_t)), sizeof(uint32_t)};
    specialization.mapEntryCount = 3;
    specialization.pMapEntries = sizeEntries;
    specialization.dataSize = sizeof(localSize);
    specialization.pData = localSize.data();
    pipelineInfo.stage.pSpecializationInfo = &specialization;
  }
  pipelineInfo.layout = objects.pipelineLayout;
  TOLK_VK_CHECK(vkCreateComputePipelines, device, VK_NULL_HANDLE, 1,
                &pipelineInfo, nullptr, &objects.pipeline);

  // Record, submit, wait.
  VkCommandPoolCreateInfo commandPoolInfo{};
  commandPoolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  commandPoolInfo.queueFamilyIndex = familyIndex;
  TOLK_VK_CHECK(vkCreateCommandPool, device, &commandPoolInfo, nullptr,
                &objects.commandPool);
  VkCommandBufferAllocateInfo commandInfo{};
  commandInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  commandInfo.commandPool = objects.commandPool;
  commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  commandInfo.commandBufferCount = 1;
  VkCommandBuffer commands;
  TOLK_VK_CHECK(vkAllocateCommandBuffers, device, &commandInfo, &commands);
  // Submitted once per dispatch of a repeated launch.
  VkCommandBufferBeginInfo beginInfo{};
  beginInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  TOLK_VK_CHECK(vkBeginCommandBuffer, commands, &beginInfo);
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, objects.pipeline);
  if (descriptorSet)
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                            objects.pipelineLayout, 0, 1, &descriptorSet, 0,
                            nullptr);
  if (pushSize != 0) {
    llvm::SmallVector<uint8_t, 64> pushBytes(launch.pushConstants.begin(),
                                             launch.pushConstants.end());
    pushBytes.resize(pushSize, 0);
    vkCmdPushConstants(commands, objects.pipelineLayout,
                       VK_SHADER_STAGE_COMPUTE_BIT, 0, pushSize,
                       pushBytes.data());
  }
  // The kernel's time: two timestamps around the dispatch where the queue
  // has them, else the host's clock around the submission and the wait.
  bool timestamps = limits.timestampComputeAndGraphics &&
                    family->timestampValidBits != 0;
  if (timestamps) {
    VkQueryPoolCreateInfo queryInfo{};
    queryInfo.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
    queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
    queryInfo.queryCount = 2;
    TOLK_VK_CHECK(vkCreateQueryPool, device, &queryInfo, nullptr,
                  &objects.queryPool);
    vkCmdResetQueryPool(commands, objects.queryPool, 0, 2);
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        objects.queryPool, 0);
  }
  vkCmdDispatch(commands, launch.workgroupCount[0], launch.workgroupCount[1],
                launch.workgroupCount[2]);
  if (timestamps)
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                        objects.queryPool, 1);
  // The shader's writes, made visible to the host's reads below.
  VkMemoryBarrier barrier{};
  barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr,
                       0, nullptr);
  TOLK_VK_CHECK(vkEndCommandBuffer, commands);

  VkFenceCreateInfo fenceInfo{};
  fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  TOLK_VK_CHECK(vkCreateFence, device, &fenceInfo, nullptr, &objects.fence);
  VkSubmitInfo submit{};
  submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  run.clock = timestamps ? "device timestamps"
                         : "host clock around the submission";
  // The in-place buffers' contents before the first dispatch, which every
  // later one starts from.
  unsigned dispatches = launch.warmup + launch.repeat;
  llvm::SmallVector<std::vector<uint8_t>, 2> original;
  if (dispatches > 1)
    for (unsigned index : launch.restoredBuffers)
      original.emplace_back(launch.buffers[index].begin(),
                            launch.buffers[index].end());
  for (unsigned dispatch = 0; dispatch < dispatches; ++dispatch) {
    if (dispatch > 0) {
      for (auto [index, bytes] : llvm::zip(launch.restoredBuffers, original)) {
        std::memcpy(mapped[index], bytes.data(), bytes.size());
        if (!coherent[index]) {
          VkMappedMemoryRange range = wholeRange(objects.memories[index]);
          TOLK_VK_CHECK(vkFlushMappedMemoryRanges, device, 1, &range);
        }
      }
      TOLK_VK_CHECK(vkResetFences, device, 1, &objects.fence);
    }
    // The submission makes the host's writes before it visible to the
    // dispatch; the wait, the dispatch's to the next one and to the host.
    auto submitted = std::chrono::steady_clock::now();
    TOLK_VK_CHECK(vkQueueSubmit, queue, 1, &submit, objects.fence);
    TOLK_VK_CHECK(vkWaitForFences, device, 1, &objects.fence, VK_TRUE,
                  UINT64_MAX);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - submitted)
                    .count();
    if (timestamps) {
      uint64_t ticks[2] = {0, 0};
      TOLK_VK_CHECK(vkGetQueryPoolResults, device, objects.queryPool, 0, 2,
                    sizeof(ticks), ticks, sizeof(uint64_t),
                    VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
      uint32_t bits = family->timestampValidBits;
      uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
      ms = double((ticks[1] - ticks[0]) & mask) * limits.timestampPeriod /
           1e6;
    }
    if (dispatch >= launch.warmup)
      run.kernelMs.push_back(ms);
  }

  for (auto [index, host] : llvm::enumerate(launch.buffers)) {
    if (!coherent[index]) {
      VkMappedMemoryRange range = wholeRange(objects.memories[index]);
      TOLK_VK_CHECK(vkInvalidateMappedMemoryRanges, device, 1, &range);
    }
    if (!host.empty())
      std::memcpy(host.data(), mapped[index], host.size());
  }
  // Freeing the memory unmaps it.
  return run;
}

#else // !TOLK_HAVE_VULKAN

bool tolk::runtime::isVulkanBuilt() { return false; }

static llvm::Error notBuilt() {
  return makeError("tolk was built without Vulkan (CMake found no Vulkan "
                   "loader; install libvulkan-dev and reconfigure)");
}

llvm::Expected<std::string> tolk::runtime::describeVulkanDevice() {
  return notBuilt();
}

llvm::Expected<VulkanRunInfo>
tolk::runtime::runVulkanKernel(const VulkanLaunch &launch) {
  // The module is still read, so that its errors are the same in both
  // builds.
  llvm::Expected<SpirvEntryPointInfo> info =
      reflectSpirvEntryPoint(launch.spirv, launch.entryPoint);
  if (!info)
    return info.takeError();
  if (llvm::Error err = checkLaunch(launch, *info))
    return err;
  return notBuilt();
}

#endif // TOLK_HAVE_VULKAN
