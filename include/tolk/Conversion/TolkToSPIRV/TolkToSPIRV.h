//===- TolkToSPIRV.h - Lowered Tolk kernels to SPIR-V -----------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The SPIR-V (Vulkan) lowering of the kernels that --convert-tolk-to-gpu
// made: the checks and preparation steps of each gpu.module, the conversion
// to spirv.modules with Tolk's kernel ABI, and the push constants
// (docs/Lowering.md, "SPIR-V").
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_CONVERSION_TOLKTOSPIRV_TOLKTOSPIRV_H
#define TOLK_CONVERSION_TOLKTOSPIRV_TOLKTOSPIRV_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace tolk {

#define GEN_PASS_DECL_TOLKSPIRVNARROWINT64CASTS
#define GEN_PASS_DECL_TOLKSPIRVCHECKKERNELS
#define GEN_PASS_DECL_TOLKSPIRVREBASEBUFFERS
#define GEN_PASS_DECL_TOLKSPIRVSCALARIZEVECTORACCESSES
#define GEN_PASS_DECL_TOLKSPIRVEXPANDMATH
#define GEN_PASS_DECL_TOLKSPIRVEXACTFLOATCONVERSIONS
#define GEN_PASS_DECL_TOLKSPIRVBF16ASI16
#define GEN_PASS_DECL_TOLKSPIRVSETABIATTRS
#define GEN_PASS_DECL_TOLKGPUTOSPIRV
#define GEN_PASS_DECL_TOLKSPIRVLOWERPUSHCONSTANTS
#define GEN_PASS_DECL_TOLKSPIRVLOWERIMAGEBINDINGS
#define GEN_PASS_DECL_TOLKSPIRVPRESERVESIGNEDZEROINFNAN
#define GEN_PASS_DECL_TOLKSPIRVKEEPINTERFACEVERSION
#include "tolk/Conversion/Passes.h.inc"

/// The steps that --tolk-gpu-to-spirv runs on each copy by default, in
/// order, on a pass manager of gpu.modules.
void addSPIRVPreparePasses(mlir::OpPassManager &kernels);

/// The SPIR-V target environment of a gpu.module: the one
/// spirv-attach-target put in its targets, else the nearest
/// `spirv.target_env` or the default.
mlir::spirv::TargetEnvAttr getSPIRVTargetEnv(mlir::gpu::GPUModuleOp module);

/// Tolk's patterns beside upstream's in --tolk-gpu-to-spirv: math.exp2 and
/// math.log2 as GLSL's Exp2 and Log2, arith.select of complex numbers, and
/// the gpu.block_dim of a kernel without a known_block_size from
/// specialization constants.
void populateTolkToSPIRVPatterns(const mlir::SPIRVTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

/// A kernel without a known_block_size takes its workgroup size from the
/// specialization constants `tolk_local_size_{x,y,z}` (SpecIds 0, 1 and 2,
/// default 1) of its spirv.module, gathered in the composite
/// `tolk_workgroup_size`.
constexpr llvm::StringLiteral kSpirvLocalSizeName = "tolk_local_size";
constexpr llvm::StringLiteral kSpirvWorkgroupSizeName = "tolk_workgroup_size";
/// The SpecIds of the workgroup size in x, y and z.
constexpr uint32_t kSpirvLocalSizeSpecIds[3] = {0, 1, 2};

/// The serialized module `words`, with `tolk_workgroup_size` decorated
/// BuiltIn WorkgroupSize when it is there and no entry point has a
/// LocalSize (MLIR's serializer decorates no specialization constant but
/// with SpecId). Fails for words that are not a module, and for a module
/// whose entry points mix a LocalSize with the specialized size: the
/// decoration is module-wide, so such a module serializes one kernel at a
/// time.
llvm::FailureOr<llvm::SmallVector<uint32_t>>
decorateSpecializedWorkgroupSize(llvm::ArrayRef<uint32_t> words);

} // namespace tolk

#endif // TOLK_CONVERSION_TOLKTOSPIRV_TOLKTOSPIRV_H
