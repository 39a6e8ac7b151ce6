//===- ExpandMathForSPIRV.cpp - Math that GLSL.std.450 lacks --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --tolk-spirv-expand-math: the math expansions of lib/Transforms/
// ExpandMath.cpp on each kernel, pow's core in f64 where the target has
// Float64.
//
//===----------------------------------------------------------------------===//

#include "tolk/Conversion/TolkToSPIRV/TolkToSPIRV.h"

#include "tolk/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace tolk {
#define GEN_PASS_DEF_TOLKSPIRVEXPANDMATH
#include "tolk/Conversion/Passes.h.inc"
} // namespace tolk

using namespace mlir;

namespace {
struct ExpandMathForSPIRV
    : public tolk::impl::TolkSPIRVExpandMathBase<ExpandMathForSPIRV> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    spirv::TargetEnv env(tolk::getSPIRVTargetEnv(module));
    RewritePatternSet patterns(&getContext());
    tolk::populateExpandTruncPattern(patterns);
    tolk::populateExpandPowFAsC99Pattern(
        patterns, env.allows(spirv::Capability::Float64));
    tolk::populateExpandLog2OfSubnormalsPattern(patterns);
    tolk::populateExpandExp2OfSubnormalResultsPattern(patterns);
    // GLSL.std.450's Exp2, Log2 and Pow take no f64.
    if (env.allows(spirv::Capability::Float64) &&
        env.allows(spirv::Capability::Int64))
      tolk::populateExpandF64MathPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    // Each pattern builds an op it matches (math.powf, math.log2,
    // math.exp2): one
    // visit per op.
    for (auto func : module.getOps<gpu::GPUFuncOp>())
      if (func.isKernel())
        walkAndApplyPatterns(func, frozen);
  }
};
} // namespace
