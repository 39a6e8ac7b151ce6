//===- Pipelines.h - Tolk's lowering pipelines ------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Named pipelines from a Tolk module to a target's binary, and the dialect
// extensions and interfaces their last steps need. Each target's pipeline
// starts with Tolk's kernel pipeline (KernelPipeline.h); all are registered
// in one place (lib/Pipelines/Registration.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_PIPELINES_PIPELINES_H
#define TOLK_PIPELINES_PIPELINES_H

#include "tolk/Pipelines/KernelPipeline.h"
#include "tolk/Upstream/CanonicalizerGroup.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/TypeID.h"

namespace tolk {

struct TolkToNVVMOptions : public mlir::PassPipelineOptions<TolkToNVVMOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The NVIDIA chip (sm_XX)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("The PTX features (+ptxXX); without a +ptx feature, the "
                     "least PTX ISA version the chip and the kernels need"),
      llvm::cl::init("")};
  Option<int> optLevel{*this, "opt-level",
                       llvm::cl::desc("The LLVM optimization level"),
                       llvm::cl::init(2)};
};

/// From a module of Tolk kernels (gpu.func in gpu.module) to gpu.binary ops
/// that hold PTX: Tolk's passes, then upstream's NVVM pipeline with the
/// `isa` format.
void buildTolkToNVVMPipeline(mlir::OpPassManager &pm,
                             const TolkToNVVMOptions &options);

struct TolkToROCDLOptions
    : public mlir::PassPipelineOptions<TolkToROCDLOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The AMD GPU chip (gfxXXX)"),
                           llvm::cl::init("gfx942")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("The target features (e.g. +sramecc,-xnack)"),
      llvm::cl::init("")};
  Option<int> optLevel{*this, "opt-level",
                       llvm::cl::desc("The LLVM optimization level"),
                       llvm::cl::init(2)};
};

/// From a module of Tolk kernels to gpu.binary ops that hold AMDGCN assembly:
/// Tolk's passes, then upstream's ROCDL passes with the `isa` format. Kernels
/// need a known_block_size (--tolk-kernelize sets it): without one the
/// binary step needs ROCm's device library.
void buildTolkToROCDLPipeline(mlir::OpPassManager &pm,
                              const TolkToROCDLOptions &options);

struct TolkToLLVMOptions : public mlir::PassPipelineOptions<TolkToLLVMOptions> {
  Option<bool> boundsCheck{
      *this, "bounds-check",
      llvm::cl::desc("Check every access through a buffer parameter against "
                     "the buffer's element count (--tolk-gpu-to-host)"),
      llvm::cl::init(true)};
};

/// From a module of Tolk kernels (or tensor-level functions) to the LLVM
/// dialect for the CPU: each kernel becomes a host function
/// `@"<module>.<kernel>"` that loops over the grid and the block, which
/// MLIR's ExecutionEngine runs (lib/Pipelines/HostPipeline.cpp). With
/// `boundsCheck`, an access out of a buffer's bounds calls
/// `tolk_host_out_of_bounds`, which the launcher defines.
void buildTolkToLLVMPipeline(mlir::OpPassManager &pm,
                             const TolkToLLVMOptions &options);
void buildTolkToLLVMPipeline(mlir::OpPassManager &pm);

struct TolkToSPIRVOptions
    : public mlir::PassPipelineOptions<TolkToSPIRVOptions> {
  Option<std::string> version{*this, "version",
                              llvm::cl::desc("The SPIR-V version (v1.0 to "
                                             "v1.6)"),
                              llvm::cl::init("v1.3")};
  Option<std::string> caps{
      *this, "caps",
      llvm::cl::desc("The SPIR-V capabilities of the device, comma-separated"),
      llvm::cl::init("Shader,Int8,Int16,Int64,Float16,Float64,"
                     "StorageBuffer8BitAccess,StorageBuffer16BitAccess,"
                     "SignedZeroInfNanPreserve")};
  Option<std::string> exts{
      *this, "exts",
      llvm::cl::desc("The SPIR-V extensions of the device, comma-separated"),
      llvm::cl::init("SPV_KHR_storage_buffer_storage_class,"
                     "SPV_KHR_8bit_storage,SPV_KHR_16bit_storage,"
                     "SPV_KHR_float_controls")};
};

/// From a module of Tolk kernels (or tensor-level functions) to Vulkan
/// spirv.modules beside the gpu.modules (lib/Pipelines/SPIRVPipeline.cpp):
/// Tolk's passes with bf16 and the 8-bit floats in software, then the
/// SPIR-V lowering with Tolk's kernel ABI (docs/Lowering.md, "SPIR-V").
void buildTolkToSPIRVPipeline(mlir::OpPassManager &pm,
                              const TolkToSPIRVOptions &options);

/// The SPIR-V lowering of gpu.modules of kernels that carry their target
/// environment (after spirv-attach-target): the checks on each gpu.module,
/// tolk-gpu-to-spirv, and the push constants of each spirv.module.
void buildTolkKernelsToSPIRVPipeline(mlir::OpPassManager &pm);

/// Checks `options` as the pipeline parses them: an unknown version,
/// capability or extension, or caps without Shader, is an error (reported
/// through `error`), where spirv-attach-target would drop them silently.
llvm::LogicalResult verifyTolkToSPIRVOptions(
    const TolkToSPIRVOptions &options,
    llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> error);

/// The most lanes (elements of a vector) a value may have in a module that
/// a Tolk pipeline compiles (docs/Rationale.md, "Limits").
constexpr int64_t kMaxLanes = 64;

/// The first pass of every pipeline: refuses, at the op, a kernel whose
/// launch sizes or parameters break the kernel rules (KernelSignature.h),
/// a value with more than kMaxLanes lanes, and a nested builtin.module that
/// holds code the pipeline would not reach (lib/Pipelines/CheckInput.cpp).
std::unique_ptr<mlir::Pass> createCheckPipelineInputPass();

/// On each gpu.module of a GPU pipeline: refuses, at the first op that has
/// it, a data type `target` (its name in the diagnostic) has no lowering
/// for: f128 and complex<f128> (docs/Semantics.md#lowering-and-running).
std::unique_ptr<mlir::Pass> createCheckGPUDataTypesPass(llvm::StringRef target);

/// On each gpu.module of the NVVM and ROCDL pipelines: refuses a target
/// attribute other than the pipeline's (whose TypeID is `targetAttr`), and
/// a memref memory space that has no LLVM address space there (one other
/// than an integer or a #gpu.address_space), each at the op
/// (docs/Lowering.md, "What the NVVM and ROCDL pipelines refuse").
std::unique_ptr<mlir::Pass>
createCheckGPUTargetInputPass(llvm::StringRef target, mlir::TypeID targetAttr);

/// Registers `--tolk-to-nvvm`, `--tolk-to-rocdl`, `--tolk-to-spirv` and
/// `--tolk-to-llvm` (lib/Pipelines/Registration.cpp).
void registerTolkPipelines();

/// The ConvertToLLVM interfaces, target attribute models and LLVM IR
/// translations that the pipelines' last steps look up in the context.
void registerTolkPipelineExtensions(mlir::DialectRegistry &registry);

} // namespace tolk

#endif // TOLK_PIPELINES_PIPELINES_H
