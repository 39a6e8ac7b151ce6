//===- KernelPipeline.h - Tolk's part of every pipeline ---------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pipeline that every target's (NVVM, ROCDL, SPIR-V, the host) starts
// with: from Tolk (tensor-level functions or kernels) to gpu.func kernels
// over gpu, memref, vector, scf and arith (lib/Pipelines/KernelPipeline.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_PIPELINES_KERNELPIPELINE_H
#define TOLK_PIPELINES_KERNELPIPELINE_H

#include "tolk/Conversion/TolkToGPU/ImageLowering.h"
#include "tolk/Upstream/CanonicalizerGroup.h"

#include "mlir/Pass/PassManager.h"

#include <cstdint>
#include <string>

namespace tolk {

/// What the targets choose of the kernel pipeline.
struct TolkKernelPipelineOptions {
  /// The GPU chip (empty for the host and SPIR-V): its 8-bit float
  /// conversion instructions are used (--tolk-native-float-conversions),
  /// and with ImageLowering::rocdl an image kernel for a chip without
  /// image instructions is an error.
  std::string chip;
  /// bf16 arithmetic in f32, rounded once per op, for targets without bf16
  /// arithmetic.
  bool bf16InF32 = false;
  /// --tolk-kernelize's lanes per thread (0: chosen per data type).
  int64_t upcast = 0;
  /// What image pointers become (docs/Semantics.md#images): each target
  /// sets its own.
  ImageLowering images = ImageLowering::none;
};

/// The first step of every pipeline: the weak types of tensor-level
/// functions committed (as --tolk-commit-weak does), then each function
/// fused into a kernel (--tolk-kernelize{upcast strict}); one that cannot
/// be is an error at it.
void buildTolkKernelizePipeline(mlir::OpPassManager &pm, int64_t upcast = 0);

/// Tolk's part of every pipeline, GPU or host: the input checks, the
/// kernelization, and the kernels lowered to gpu, memref, vector, scf and
/// arith, with the 8-bit float conversions in the chip's instructions or in
/// integer arithmetic.
void buildTolkKernelPipeline(mlir::OpPassManager &pm,
                             const TolkKernelPipelineOptions &options = {});

/// buildTolkKernelPipeline with its canonicalizers in `canon`, for a
/// pipeline that adds more of them.
void buildTolkKernelPipeline(mlir::OpPassManager &pm,
                             const TolkKernelPipelineOptions &options,
                             const CanonicalizerGroup &canon);

/// Complex arithmetic as the folder computes it, for every pipeline:
/// upstream's complex-to-standard expansion into arith and math on the
/// parts, with Smith's division (complex-range=improved).
std::unique_ptr<mlir::Pass> createComplexAsFolderPass();

} // namespace tolk

#endif // TOLK_PIPELINES_KERNELPIPELINE_H
