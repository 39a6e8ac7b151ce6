//===- OperandPromotion.cpp - How an op's operands promote ----------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/OperandPromotion.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/WeakFloatCommit.h"
#include "tolk/Dtype/Cast.h"

using namespace mlir;
using namespace tolk;
using dtype::DType;

PromotionKind tolk::getPromotionKind(Operation *op) {
  if (auto elementwise = dyn_cast<ElementwiseOpInterface>(op))
    return elementwise.getTypingRule().promotion;
  return PromotionKind::All;
}

llvm::Expected<OperandPromotion> tolk::promoteOperands(ArrayRef<DType> dtypes,
                                                       PromotionKind kind) {
  OperandPromotion p;
  unsigned first = kind == PromotionKind::Arms ? 1 : 0;
  for (unsigned i = first, e = dtypes.size(); i < e; ++i)
    p.operands.push_back(i);
  if (kind == PromotionKind::Pow && dtypes.size() == 2 &&
      dtype::isInt(dtypes[0]) && dtypes[1] == DType::WeakInt)
    p.operands.pop_back();

  SmallVector<DType, 3> promoting;
  for (unsigned i : p.operands)
    promoting.push_back(dtypes[i]);
  llvm::Expected<DType> promoted = dtype::leastUpper(promoting);
  if (!promoted)
    return promoted.takeError();
  p.promoted = p.target = *promoted;
  if (kind == PromotionKind::ToFloat) {
    llvm::Expected<DType> f = dtype::leastUpperFloat(*promoted);
    if (!f)
      return f.takeError();
    p.target = *f;
  }
  return p;
}

llvm::Expected<dtype::Const> tolk::convertOperand(const OperandPromotion &p,
                                                  const dtype::Const &c) {
  llvm::Expected<dtype::Const> promoted = dtype::makeConst(p.promoted, c);
  if (!promoted || p.promoted == p.target)
    return promoted;
  return dtype::makeConst(p.target, *promoted);
}

bool tolk::convertsAtCommit(DType from, DType to) {
  return dtype::isWeak(to) && !dtype::isWeak(from);
}

bool tolk::promotesAtCommit(const OperandPromotion &p, ArrayRef<DType> dtypes) {
  return llvm::any_of(p.operands, [&](unsigned i) {
    return convertsAtCommit(dtypes[i], p.target);
  });
}
