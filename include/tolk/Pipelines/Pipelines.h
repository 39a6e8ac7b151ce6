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

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace tolk {

struct TolkToNVVMOptions : public mlir::PassPipelineOptions<TolkToNVVMOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The NVIDIA chip (sm_XX)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("The PTX features (+ptxXX)"),
                               llvm::cl::init("+ptx80")};
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

/// Registers `--tolk-to-nvvm` and `--tolk-to-rocdl`.
void registerTolkPipelines();

/// The ConvertToLLVM interfaces, target attribute models and LLVM IR
/// translations that the pipelines' last steps look up in the context.
void registerTolkPipelineExtensions(mlir::DialectRegistry &registry);

} // namespace tolk

#endif // TOLK_PIPELINES_PIPELINES_H
