//===- Pipelines.h - Tolk's lowering pipelines ------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Named pipelines from a Tolk module to a target's binary, and the dialect
// extensions and interfaces their last steps need.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_PIPELINES_PIPELINES_H
#define TOLK_PIPELINES_PIPELINES_H

#include "tolk/Pipelines/CanonicalizerGroup.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

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

/// The first step of every pipeline: the weak types of tensor-level
/// functions committed (as --tolk-commit-weak does), then each function
/// fused into a kernel (--tolk-kernelize{upcast strict}); one that cannot
/// be is an error at it.
void buildTolkKernelizePipeline(mlir::OpPassManager &pm, int64_t upcast = 0);

/// Tolk's part of every pipeline, GPU or host: from Tolk (tensor-level
/// functions or kernels) to gpu.func kernels over gpu, memref, vector, scf
/// and arith. `nativeFloatChip`, when set, is the chip whose 8-bit float
/// conversion instructions to use; `bf16InF32` computes bf16 arithmetic in
/// f32, rounded once per op, for targets without bf16 arithmetic; `upcast`
/// is --tolk-kernelize's lanes per thread (0: chosen per data type);
/// `imagesAsBuffers` lowers image pointers to texel buffers (the host),
/// `imagesAsSPIRV` to SPIR-V storage images (Vulkan).
void buildTolkKernelPipeline(mlir::OpPassManager &pm,
                             llvm::StringRef nativeFloatChip = "",
                             bool bf16InF32 = false, int64_t upcast = 0,
                             bool imagesAsBuffers = false,
                             bool imagesAsSPIRV = false);

/// buildTolkKernelPipeline with its canonicalizers in `canon`, for a
/// pipeline that adds more of them.
void buildTolkKernelPipeline(mlir::OpPassManager &pm,
                             llvm::StringRef nativeFloatChip, bool bf16InF32,
                             int64_t upcast, const CanonicalizerGroup &canon,
                             bool imagesAsBuffers = false,
                             bool imagesAsSPIRV = false);

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

/// Registers `--tolk-to-llvm` (called by registerTolkPipelines).
void registerTolkToLLVMPipeline();

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

/// Registers `--tolk-to-spirv` (called by registerTolkPipelines).
void registerTolkToSPIRVPipeline();

/// The most lanes (elements of a vector) a value may have in a module that
/// a Tolk pipeline compiles (docs/Rationale.md, "Limits").
constexpr int64_t kMaxLanes = 64;

/// The first pass of every pipeline: refuses, at the op, a kernel whose
/// launch sizes or parameters break the kernel rules (KernelSignature.h)
/// and a value with more than kMaxLanes lanes (lib/Pipelines/CheckInput.cpp).
std::unique_ptr<mlir::Pass> createCheckPipelineInputPass();

/// On each gpu.module of a GPU pipeline: refuses, at the first op that has
/// it, a data type `target` (its name in the diagnostic) has no lowering
/// for: f128 and complex<f128>, and the other complex types unless
/// `complexLowered` (docs/Semantics.md#lowering-and-running).
std::unique_ptr<mlir::Pass>
createCheckGPUDataTypesPass(llvm::StringRef target, bool complexLowered);

/// Registers `--tolk-to-nvvm`, `--tolk-to-rocdl`, `--tolk-to-spirv` and
/// `--tolk-to-llvm`.
void registerTolkPipelines();

/// The ConvertToLLVM interfaces, target attribute models and LLVM IR
/// translations that the pipelines' last steps look up in the context.
void registerTolkPipelineExtensions(mlir::DialectRegistry &registry);

} // namespace tolk

#endif // TOLK_PIPELINES_PIPELINES_H
