//===- SpirvReflection.cpp - The host interface of a SPIR-V kernel --------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What tolk-run's Vulkan runner reads from a SPIR-V module before it calls
// the driver: a driver is free to crash on a pipeline layout that disagrees
// with the shader, so the runner checks the layout against the launch itself.
//
// The module is read by SPIRV-Cross's reflection (its C API): entry points,
// capabilities, the workgroup size, and the resources that the entry point's
// call tree uses, with their decorations and types.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/SpirvReflection.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <spirv_cross_c.h>

#include <memory>

using namespace tolk;
using namespace tolk::runtime;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {
/// A SPIRV-Cross context that keeps the last error message; every object
/// made from it is freed with it.
class Reflector {
public:
  Reflector() {
    if (spvc_context_create(&context) != SPVC_SUCCESS)
      context = nullptr;
    else
      spvc_context_set_error_callback(context, onError, this);
  }
  ~Reflector() {
    if (context)
      spvc_context_destroy(context);
  }
  Reflector(const Reflector &) = delete;
  Reflector &operator=(const Reflector &) = delete;

  /// Parses `spirv` and makes a compiler with no back end (reflection only).
  llvm::Error parse(ArrayRef<uint32_t> spirv) {
    spvc_parsed_ir ir = nullptr;
    if (!context ||
        spvc_context_parse_spirv(context, spirv.data(), spirv.size(), &ir) !=
            SPVC_SUCCESS ||
        spvc_context_create_compiler(context, SPVC_BACKEND_NONE, ir,
                                     SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                     &compiler) != SPVC_SUCCESS)
      return failure();
    return llvm::Error::success();
  }

  /// The last error SPIRV-Cross reported: a module it cannot read (a
  /// malformed one, or one for OpenCL) is refused before the driver sees it.
  llvm::Error failure() const {
    return llvm::createStringError(
        "cannot read the SPIR-V module: " +
        (lastError.empty() ? std::string("SPIRV-Cross could not read it")
                           : lastError));
  }

  spvc_context context = nullptr;
  spvc_compiler compiler = nullptr;

private:
  static void onError(void *self, const char *message) {
    static_cast<Reflector *>(self)->lastError = message;
  }
  std::string lastError;
};
} // namespace

/// The float-control execution modes of entry point `name` with their bit
/// widths. SPIRV-Cross (Debian's 2021 release) records that an entry point
/// has such a mode but not its operand, so these few words are read here:
/// OpEntryPoint for the entry point's id, then its OpExecutionModes. The
/// module has already been parsed, so its instructions are well formed.
static llvm::SmallVector<std::pair<uint32_t, uint32_t>, 4>
readFloatControls(ArrayRef<uint32_t> spirv, StringRef name) {
  llvm::SmallVector<std::pair<uint32_t, uint32_t>, 4> modes;
  std::optional<uint32_t> entry;
  for (size_t pos = 5; pos < spirv.size();) {
    uint32_t wordCount = spirv[pos] >> 16, opcode = spirv[pos] & 0xffff;
    if (wordCount == 0 || pos + wordCount > spirv.size())
      break;
    ArrayRef<uint32_t> ops = spirv.slice(pos + 1, wordCount - 1);
    pos += wordCount;
    if (opcode == SpvOpEntryPoint && ops.size() >= 3 && !entry &&
        ops[0] == SpvExecutionModelGLCompute) {
      // The name is a NUL-terminated UTF-8 string packed into words.
      std::string literal;
      for (uint32_t word : ops.drop_front(2))
        for (unsigned byte = 0; byte < 4; ++byte)
          literal.push_back(char((word >> (8 * byte)) & 0xff));
      if (StringRef(literal.c_str()) == name)
        entry = ops[1];
    } else if (opcode == SpvOpExecutionMode && entry && ops.size() == 3 &&
               ops[0] == *entry && ops[1] >= SpvExecutionModeDenormPreserve &&
               ops[1] <= SpvExecutionModeRoundingModeRTZ) {
      modes.push_back({ops[1], ops[2]});
    }
  }
  return modes;
}

/// The size of the workgroup: LocalSize, or the constant decorated BuiltIn
/// WorkgroupSize, which overrides it (its specialization constants' SpecIds
/// and defaults when it is made of them).
static llvm::Error readWorkgroupSize(spvc_compiler compiler,
                                     SpirvEntryPointInfo &info) {
  const SpvExecutionMode *modes = nullptr;
  size_t modeCount = 0;
  if (spvc_compiler_get_execution_modes(compiler, &modes, &modeCount) !=
      SPVC_SUCCESS)
    return llvm::createStringError("cannot read the execution modes");
  if (llvm::is_contained(ArrayRef(modes, modeCount), SpvExecutionModeLocalSize))
    for (unsigned d = 0; d < 3; ++d)
      info.localSize[d] = spvc_compiler_get_execution_mode_argument_by_index(
          compiler, SpvExecutionModeLocalSize, d);

  spvc_specialization_constant dims[3] = {};
  spvc_constant_id workgroupSize =
      spvc_compiler_get_work_group_size_specialization_constants(
          compiler, &dims[0], &dims[1], &dims[2]);
  if (workgroupSize == 0)
    return llvm::Error::success();
  unsigned specialized = llvm::count_if(
      dims, [](const spvc_specialization_constant &c) { return c.id != 0; });
  if (specialized == 0) {
    spvc_constant size =
        spvc_compiler_get_constant_handle(compiler, workgroupSize);
    for (unsigned d = 0; d < 3; ++d)
      info.localSize[d] = spvc_constant_get_scalar_u32(size, 0, d);
    return llvm::Error::success();
  }
  std::array<uint32_t, 3> specIds;
  for (unsigned d = 0; d < 3; ++d) {
    if (dims[d].id == 0 || !spvc_compiler_has_decoration(compiler, dims[d].id,
                                                         SpvDecorationSpecId))
      return llvm::createStringError(
          "malformed SPIR-V module: the workgroup size's constituents are "
          "not all specialization constants with a SpecId");
    specIds[d] = dims[d].constant_id;
    info.localSize[d] = spvc_constant_get_scalar_u32(
        spvc_compiler_get_constant_handle(compiler, dims[d].id), 0, 0);
  }
  info.workgroupSizeSpecIds = specIds;
  return llvm::Error::success();
}

/// The resources of one kind that the entry point uses.
static ArrayRef<spvc_reflected_resource> resourcesOf(spvc_resources resources,
                                                     spvc_resource_type type) {
  const spvc_reflected_resource *list = nullptr;
  size_t count = 0;
  if (spvc_resources_get_resource_list_for_type(resources, type, &list,
                                                &count) != SPVC_SUCCESS)
    return {};
  return {list, count};
}

/// Makes `entryPoint`, a GLCompute entry point of the module, the one the
/// compiler reflects; an error listing the module's entry points if it has
/// no such one.
static llvm::Error selectEntryPoint(Reflector &reflector,
                                    StringRef entryPoint) {
  spvc_compiler compiler = reflector.compiler;
  const spvc_entry_point *entries = nullptr;
  size_t entryCount = 0;
  if (spvc_compiler_get_entry_points(compiler, &entries, &entryCount) !=
      SPVC_SUCCESS)
    return reflector.failure();
  llvm::SmallVector<StringRef, 2> computeEntryPoints;
  for (const spvc_entry_point &entry : ArrayRef(entries, entryCount))
    if (entry.execution_model == SpvExecutionModelGLCompute)
      computeEntryPoints.push_back(entry.name);
  llvm::sort(computeEntryPoints); // SPIRV-Cross lists them in hash order.
  if (!llvm::is_contained(computeEntryPoints, entryPoint))
    return llvm::createStringError(llvm::formatv(
        "the SPIR-V module has no GLCompute entry point '{0}' (it has: {1})",
        entryPoint,
        computeEntryPoints.empty() ? std::string("none")
                                   : llvm::join(computeEntryPoints, ", ")));
  std::string name = entryPoint.str();
  if (spvc_compiler_set_entry_point(compiler, name.c_str(),
                                    SpvExecutionModelGLCompute) != SPVC_SUCCESS)
    return reflector.failure();
  return llvm::Error::success();
}

/// An error for a resource the kernel ABI has no place for (docs/Runtime.md,
/// the Vulkan backend): uniform buffers, sampled images, samplers.
static llvm::Error rejectUnbindable(spvc_resources resources) {
  for (auto [type, what] :
       {std::pair{SPVC_RESOURCE_TYPE_UNIFORM_BUFFER,
                  "is a uniform buffer; the runner binds storage buffers "
                  "only"},
        std::pair{SPVC_RESOURCE_TYPE_SAMPLED_IMAGE,
                  "is a sampled image; the runner binds 2-D storage images "
                  "only"},
        std::pair{SPVC_RESOURCE_TYPE_SEPARATE_IMAGE,
                  "is a sampled image; the runner binds 2-D storage images "
                  "only"},
        std::pair{SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS,
                  "is a sampler; the runner binds 2-D storage images only"}}) {
    ArrayRef<spvc_reflected_resource> unbindable = resourcesOf(resources, type);
    if (!unbindable.empty())
      return llvm::createStringError(
          llvm::formatv("variable %{0} {1}", unbindable.front().id, what));
  }
  return llvm::Error::success();
}

namespace {
/// The bindings of the entry point's set-0 resources, each checked: one
/// resource (not an array) per binding, decorated, in set 0.
class Bindings {
public:
  explicit Bindings(spvc_compiler compiler) : compiler(compiler) {}

  /// The binding of `resource` (a `kind`), or an error naming what is wrong.
  llvm::Expected<uint32_t> of(const spvc_reflected_resource &resource,
                              StringRef kind) {
    if (spvc_type_get_num_array_dimensions(
            spvc_compiler_get_type_handle(compiler, resource.type_id)) != 0)
      return llvm::createStringError(llvm::formatv(
          "variable %{0} is an array of {1}s, which the runner does not bind "
          "(one {1} per binding)",
          resource.id, kind));
    if (!spvc_compiler_has_decoration(compiler, resource.id,
                                      SpvDecorationDescriptorSet) ||
        !spvc_compiler_has_decoration(compiler, resource.id,
                                      SpvDecorationBinding))
      return llvm::createStringError(
          llvm::formatv("{0} %{1} has no DescriptorSet or Binding decoration",
                        kind, resource.id));
    unsigned set = spvc_compiler_get_decoration(compiler, resource.id,
                                                SpvDecorationDescriptorSet);
    unsigned binding = spvc_compiler_get_decoration(compiler, resource.id,
                                                    SpvDecorationBinding);
    if (set != 0)
      return llvm::createStringError(llvm::formatv(
          "{0} %{1} is in descriptor set {2}; the runner binds set 0 only",
          kind, resource.id, set));
    auto [owner, inserted] = owners.try_emplace(binding, resource.id);
    if (!inserted)
      return llvm::createStringError(
          llvm::formatv("variables %{0} and %{1} share binding {2}",
                        owner->second, resource.id, binding));
    return binding;
  }

private:
  spvc_compiler compiler;
  llvm::DenseMap<uint32_t, uint32_t> owners;
};
} // namespace

/// The storage buffers and 2-D storage images the entry point uses, by
/// binding.
static llvm::Error readBindings(spvc_compiler compiler,
                                spvc_resources resources,
                                SpirvEntryPointInfo &info) {
  Bindings bindings(compiler);
  for (const spvc_reflected_resource &buffer :
       resourcesOf(resources, SPVC_RESOURCE_TYPE_STORAGE_BUFFER)) {
    llvm::Expected<uint32_t> binding = bindings.of(buffer, "storage buffer");
    if (!binding)
      return binding.takeError();
    info.storageBufferBindings.push_back(*binding);
  }
  for (const spvc_reflected_resource &image :
       resourcesOf(resources, SPVC_RESOURCE_TYPE_STORAGE_IMAGE)) {
    spvc_type type = spvc_compiler_get_type_handle(compiler, image.type_id);
    if (spvc_type_get_image_dimension(type) != SpvDim2D ||
        spvc_type_get_image_arrayed(type) ||
        spvc_type_get_image_multisampled(type))
      return llvm::createStringError(llvm::formatv(
          "variable %{0} is a storage image other than a 2-D one; the runner "
          "binds only those",
          image.id));
    llvm::Expected<uint32_t> binding = bindings.of(image, "storage image");
    if (!binding)
      return binding.takeError();
    info.storageImages.push_back(
        {*binding, uint32_t(spvc_type_get_image_storage_format(type))});
  }
  llvm::sort(info.storageBufferBindings);
  llvm::sort(info.storageImages, [](const auto &a, const auto &b) {
    return a.binding < b.binding;
  });
  return llvm::Error::success();
}

/// The size of the entry point's one push-constant block, if it has one.
static llvm::Error readPushConstants(spvc_compiler compiler,
                                     spvc_resources resources,
                                     StringRef entryPoint,
                                     SpirvEntryPointInfo &info) {
  ArrayRef<spvc_reflected_resource> pushConstants =
      resourcesOf(resources, SPVC_RESOURCE_TYPE_PUSH_CONSTANT);
  if (pushConstants.size() > 1)
    return llvm::createStringError(llvm::formatv(
        "entry point '{0}' uses two push-constant blocks", entryPoint));
  if (!pushConstants.empty()) {
    // 0 when SPIRV-Cross cannot size the block: then it is not checked.
    size_t size = 0;
    if (spvc_compiler_get_declared_struct_size(
            compiler,
            spvc_compiler_get_type_handle(compiler,
                                          pushConstants[0].base_type_id),
            &size) != SPVC_SUCCESS)
      size = 0;
    info.pushConstantSize = uint32_t(size);
  }
  return llvm::Error::success();
}

llvm::Expected<SpirvEntryPointInfo>
tolk::runtime::reflectSpirvEntryPoint(ArrayRef<uint32_t> spirv,
                                      StringRef entryPoint) {
  if (spirv.size() < 5 || spirv[0] != SpvMagicNumber)
    return llvm::createStringError(
        "not a SPIR-V module (no SPIR-V magic number in "
        "little-endian words)");
  Reflector reflector;
  if (llvm::Error err = reflector.parse(spirv))
    return std::move(err);
  if (llvm::Error err = selectEntryPoint(reflector, entryPoint))
    return std::move(err);
  spvc_compiler compiler = reflector.compiler;

  SpirvEntryPointInfo info;
  info.version = spirv[1]; // The header's version word.
  const SpvCapability *capabilities = nullptr;
  size_t capabilityCount = 0;
  if (spvc_compiler_get_declared_capabilities(compiler, &capabilities,
                                              &capabilityCount) != SPVC_SUCCESS)
    return reflector.failure();
  for (SpvCapability capability : ArrayRef(capabilities, capabilityCount))
    info.capabilities.push_back(capability);
  if (llvm::Error err = readWorkgroupSize(compiler, info))
    return std::move(err);
  info.floatControls = readFloatControls(spirv, entryPoint);

  // The resources that the entry point's call tree uses: a buffer the
  // kernel never touches needs no binding in the pipeline layout.
  spvc_set active = nullptr;
  spvc_resources resources = nullptr;
  if (spvc_compiler_get_active_interface_variables(compiler, &active) !=
          SPVC_SUCCESS ||
      spvc_compiler_create_shader_resources_for_active_variables(
          compiler, &resources, active) != SPVC_SUCCESS)
    return reflector.failure();
  if (llvm::Error err = rejectUnbindable(resources))
    return std::move(err);
  if (llvm::Error err = readBindings(compiler, resources, info))
    return std::move(err);
  if (llvm::Error err =
          readPushConstants(compiler, resources, entryPoint, info))
    return std::move(err);
  return info;
}
