//===- AMDGPULanes.h - Lane counts the AMDGPU back end selects --*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LOWERING_AMDGPULANES_H
#define TOLK_LOWERING_AMDGPULANES_H

namespace llvm {
class Module;
} // namespace llvm

namespace tolk {

/// Splits each conversion between f16 and f32 vectors whose lane count is
/// not a power of two into conversions of power-of-two parts (7 = 4 + 2 +
/// 1), which LLVM 22's AMDGPU back end selects where it cannot select the
/// whole one ("Cannot select" on 5, 6 and 7 lanes). It runs on the
/// optimized module, just before code generation: LLVM's optimizer would
/// merge the parts again (docs/Lowering.md, "Lanes that are not a power of
/// two"). Returns whether it changed `module`.
bool splitAMDGPUOddLaneConversions(llvm::Module &module);

/// Replaces each select of Bool vectors whose lane count is not a power of
/// two by the bitwise operations it is, (c & a) | (~c & b), which LLVM 22's
/// NVPTX back end selects where it cannot select the select on sm_100
/// (7 lanes of an fp8 compared with 0). Like the split above, it runs on the
/// optimized module, whose InstCombine makes selects of such operations.
/// Returns whether it changed `module`.
bool lowerNVPTXOddLaneBoolSelects(llvm::Module &module);

} // namespace tolk

#endif // TOLK_LOWERING_AMDGPULANES_H
