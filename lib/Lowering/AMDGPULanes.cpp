//===- AMDGPULanes.cpp - Lane counts the AMDGPU back end selects ----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Lowering/AMDGPULanes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

/// Whether the AMDGPU back end needs `inst` split: an fpext from f16 to f32
/// or an fptrunc from f32 to f16 of a vector whose lane count is not a power
/// of two. Those of 3 and of 9 lanes and more are selected today; splitting
/// every such count keeps the rule simple, and the parts cost the same
/// instructions (the back end converts one or two lanes at a time).
static bool needsSplit(Instruction &inst) {
  auto *cast = dyn_cast<CastInst>(&inst);
  if (!cast || (cast->getOpcode() != Instruction::FPExt &&
                cast->getOpcode() != Instruction::FPTrunc))
    return false;
  auto *src = dyn_cast<FixedVectorType>(cast->getSrcTy());
  auto *dst = dyn_cast<FixedVectorType>(cast->getDestTy());
  if (!src || !dst || isPowerOf2_32(src->getNumElements()))
    return false;
  Type *from = src->getElementType(), *to = dst->getElementType();
  return (from->isHalfTy() && to->isFloatTy()) ||
         (from->isFloatTy() && to->isHalfTy());
}

/// `conversion` as conversions of its power-of-two parts, from the first lane
/// on, the largest part first, put together by shuffles.
static void splitCast(CastInst *conversion) {
  auto *dstType = cast<FixedVectorType>(conversion->getDestTy());
  unsigned n = dstType->getNumElements();
  IRBuilder<> b(conversion);
  Value *src = conversion->getOperand(0);
  Value *result = PoisonValue::get(dstType);
  for (unsigned start = 0; start < n;) {
    unsigned len = llvm::bit_floor(n - start);
    if (len == 1) {
      Value *lane = b.CreateExtractElement(src, uint64_t(start));
      Value *converted = b.CreateCast(conversion->getOpcode(), lane,
                                      dstType->getElementType());
      result = b.CreateInsertElement(result, converted, uint64_t(start));
      start += len;
      continue;
    }
    SmallVector<int> part(len), widen(n, PoisonMaskElem), merge(n);
    for (unsigned i = 0; i < len; ++i)
      part[i] = start + i;
    for (unsigned i = 0; i < n; ++i) {
      bool inPart = i >= start && i < start + len;
      if (inPart)
        widen[i] = i - start;
      merge[i] = inPart ? n + i : i;
    }
    Value *converted =
        b.CreateCast(conversion->getOpcode(), b.CreateShuffleVector(src, part),
                     FixedVectorType::get(dstType->getElementType(), len));
    result = b.CreateShuffleVector(
        result, b.CreateShuffleVector(converted, widen), merge);
    start += len;
  }
  result->takeName(conversion);
  conversion->replaceAllUsesWith(result);
  conversion->eraseFromParent();
}

bool tolk::splitAMDGPUOddLaneConversions(Module &module) {
  SmallVector<CastInst *> casts;
  for (Function &f : module)
    for (Instruction &inst : instructions(f))
      if (needsSplit(inst))
        casts.push_back(cast<CastInst>(&inst));
  for (CastInst *cast : casts)
    splitCast(cast);
  return !casts.empty();
}

/// Whether `inst` is a select of Bool vectors whose lane count is not a
/// power of two, which LLVM 22's NVPTX back end for sm_100 cannot select
/// ("Cannot select: v2i32 = scalar_to_vector", after it is widened).
static bool isOddBoolSelect(Instruction &inst) {
  auto *select = dyn_cast<SelectInst>(&inst);
  if (!select)
    return false;
  auto *type = dyn_cast<FixedVectorType>(select->getType());
  return type && type->getElementType()->isIntegerTy(1) &&
         !isPowerOf2_32(type->getNumElements());
}

bool tolk::lowerNVPTXOddLaneBoolSelects(Module &module) {
  SmallVector<SelectInst *> selects;
  for (Function &f : module)
    for (Instruction &inst : instructions(f))
      if (isOddBoolSelect(inst))
        selects.push_back(cast<SelectInst>(&inst));
  for (SelectInst *select : selects) {
    // (c & a) | (~c & b): the same bits, as the bitwise operations on Bool
    // vectors that the back end selects.
    IRBuilder<> b(select);
    Value *c = select->getCondition();
    Value *result =
        b.CreateOr(b.CreateAnd(c, select->getTrueValue()),
                   b.CreateAnd(b.CreateNot(c), select->getFalseValue()));
    result->takeName(select);
    select->replaceAllUsesWith(result);
    select->eraseFromParent();
  }
  return !selects.empty();
}
