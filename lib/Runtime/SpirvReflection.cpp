//===- SpirvReflection.cpp - The host interface of a SPIR-V kernel --------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What tolk-run's Vulkan runner reads from a SPIR-V module before it calls
// the driver (a few instructions of the binary format): a driver is free to
// crash on a pipeline layout that disagrees with the shader, so the runner
// checks the layout against the launch itself.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/SpirvReflection.h"

#include "SpirvNumbers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace tolk;
using namespace tolk::runtime;
using llvm::ArrayRef;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Reading the module
//===----------------------------------------------------------------------===//

namespace {
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
    return llvm::createStringError(
        "not a SPIR-V module (no SPIR-V magic number in "
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
      return llvm::createStringError(llvm::formatv(
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
    case spv::OpTypeImage:
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
    return llvm::createStringError(llvm::formatv(
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
    if (composite == module.composites.end() || composite->second.size() != 3)
      return llvm::createStringError(
          "malformed SPIR-V module: the object decorated "
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
        return llvm::createStringError(
            "malformed SPIR-V module: the workgroup size's "
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
    bool isHandle = var.storageClass == spv::StorageUniformConstant;
    if (!isPushConstant && !isBuffer && !isHandle)
      continue;
    std::optional<uint32_t> pointee = module.pointee(var.pointerType);
    if (!pointee)
      return llvm::createStringError(llvm::formatv(
          "malformed SPIR-V module: variable %{0} has no pointer type",
          var.id));

    auto set = module.descriptorSet.find(var.id);
    auto binding = module.binding.find(var.id);
    if (isHandle) {
      // Operands after the result id: sampled type, Dim, Depth, Arrayed,
      // MS, Sampled, Image Format.
      auto type = module.types.find(*pointee);
      if (type == module.types.end() ||
          type->second.opcode != spv::OpTypeImage ||
          type->second.operands.size() < 7 ||
          type->second.operands[1] != spv::Dim2D ||
          type->second.operands[3] != 0 || type->second.operands[4] != 0 ||
          type->second.operands[5] != 2)
        return llvm::createStringError(llvm::formatv(
            "variable %{0} is a UniformConstant object other than a 2-D "
            "storage image; the runner binds only those",
            var.id));
      if (set == module.descriptorSet.end() || binding == module.binding.end())
        return llvm::createStringError(llvm::formatv(
            "storage image %{0} has no DescriptorSet or Binding decoration",
            var.id));
      if (set->second != 0)
        return llvm::createStringError(llvm::formatv(
            "storage image %{0} is in descriptor set {1}; the runner binds "
            "set 0 only",
            var.id, set->second));
      if (!bindingOwner.try_emplace(binding->second, var.id).second)
        return llvm::createStringError(llvm::formatv(
            "variables %{0} and %{1} share binding {2}",
            bindingOwner[binding->second], var.id, binding->second));
      info.storageImages.push_back(
          {binding->second, type->second.operands[6]});
      continue;
    }

    if (isPushConstant) {
      if (seenPushConstant)
        return llvm::createStringError(llvm::formatv(
            "entry point '{0}' uses two push-constant blocks", entryPoint));
      seenPushConstant = true;
      info.pushConstantSize = uint32_t(module.sizeOf(*pointee).value_or(0));
      continue;
    }

    auto pointeeType = module.types.find(*pointee);
    if (pointeeType != module.types.end() &&
        (pointeeType->second.opcode == spv::OpTypeArray ||
         pointeeType->second.opcode == spv::OpTypeRuntimeArray))
      return llvm::createStringError(llvm::formatv(
          "variable %{0} is an array of buffers, which the runner does not "
          "bind (one buffer per binding)",
          var.id));
    // A storage buffer is a StorageBuffer variable, or (the SPIR-V 1.0
    // spelling) a Uniform one whose block is decorated BufferBlock.
    if (var.storageClass == spv::StorageUniform &&
        !module.bufferBlocks.contains(*pointee))
      return llvm::createStringError(llvm::formatv(
          "variable %{0} is a uniform buffer; the runner binds storage "
          "buffers only",
          var.id));
    if (set == module.descriptorSet.end() || binding == module.binding.end())
      return llvm::createStringError(llvm::formatv(
          "storage buffer %{0} has no DescriptorSet or Binding decoration",
          var.id));
    if (set->second != 0)
      return llvm::createStringError(llvm::formatv(
          "storage buffer %{0} is in descriptor set {1}; the runner binds "
          "set 0 only",
          var.id, set->second));
    if (!bindingOwner.try_emplace(binding->second, var.id).second)
      return llvm::createStringError(llvm::formatv(
          "storage buffers %{0} and %{1} share binding {2}",
          bindingOwner[binding->second], var.id, binding->second));
    info.storageBufferBindings.push_back(binding->second);
  }
  llvm::sort(info.storageBufferBindings);
  llvm::sort(info.storageImages, [](const auto &a, const auto &b) {
    return a.binding < b.binding;
  });
  return info;
}
