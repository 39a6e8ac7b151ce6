//===- OperandPromotion.h - How an op's operands promote --------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The promotion of an elementwise op's operands
// (docs/Semantics.md#operand-promotion), in one place: which operands take
// part, their least upper type, and the data type they convert to. Type
// inference, the canonicalizer that materializes promotion, and the folder
// all ask this, so the exceptions (where's condition, pow's weak exponent,
// the float of div and of the float-only ops) are written once.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_OPERANDPROMOTION_H
#define TOLK_DIALECT_TOLK_OPERANDPROMOTION_H

#include "tolk/Dialect/Tolk/IR/TolkEnums.h"
#include "tolk/Dtype/Const.h"
#include "tolk/Dtype/DType.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace tolk {

/// The kind of an elementwise op, from its typing rule (All for any other
/// op).
PromotionKind getPromotionKind(mlir::Operation *op);

struct OperandPromotion {
  /// Indices of the operands that take part, in order.
  llvm::SmallVector<unsigned, 3> operands;
  /// Their least upper type.
  dtype::DType promoted;
  /// The data type they convert to and the op computes in (promoted, or its
  /// float for ToFloat): what an op's operand-kind rules check.
  dtype::DType target;
};

/// The promotion of operands of data types `dtypes`. Errors are those of
/// lib/Dtype (least_upper of a type outside the lattice, ...; see
/// docs/Semantics.md#least_upper).
llvm::Expected<OperandPromotion>
promoteOperands(llvm::ArrayRef<dtype::DType> dtypes, PromotionKind kind);

/// A constant operand that takes part in `p`, as its op computes with it:
/// makeConst in the promoted type, then in the target where that differs
/// (div converts `lhs`, as a float, after promotion, so a weak 65537 beside
/// an si16 is 1.0, not 65537.0: docs/Semantics.md#div).
llvm::Expected<dtype::Const> convertOperand(const OperandPromotion &p,
                                            const dtype::Const &c);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_OPERANDPROMOTION_H
