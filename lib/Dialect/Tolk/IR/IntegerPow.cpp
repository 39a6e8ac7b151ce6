//===- IntegerPow.cpp - pow of an integer by a weak exponent --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tolk.pow is derived on an integer base with a !tolk.weakint exponent
// (TolkOps.td): the exponent is a number that no integer type holds, so no
// lowering takes it. Its definition is not one of DerivedDefinitions.h's,
// which build the same ops whatever the operands' values: it depends on the
// exponent's value, a constant, as one multiplication per bit.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/PrimitiveBuilder.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"

using namespace mlir;
using namespace tolk;
using dtype::Const;

/// The exponent `n` (>= 0) reduced for a base of `width` bits: x^n and
/// x^reduced agree for every x modulo 2^width. An even x gives 0 once n >=
/// width; an odd x has an order dividing 2^(width-2) (the unit group modulo
/// 2^width, width >= 3). So any n >= width may be replaced by the number
/// congruent to it modulo 2^(width-2) in [width, width + 2^(width-2)).
static llvm::DynamicAPInt reduceExponent(const llvm::DynamicAPInt &n,
                                         unsigned width) {
  if (n < width || width < 3)
    return n;
  llvm::DynamicAPInt period =
      dtype::fromAPInt(llvm::APInt::getOneBitSet(width - 1, width - 2),
                       /*isSigned=*/false);
  llvm::DynamicAPInt r = n % period;
  while (r < width)
    r += period;
  return r;
}

/// pow(x, n) by a constant weak exponent, by squaring and multiplying in x's
/// type (integer multiplication wraps exactly as the exact power does). A
/// null value for an exponent that is not a constant yet, which
/// --tolk-commit-weak reports.
FailureOr<Value> PowOp::buildDefinition(OpBuilder &builder) {
  auto cst = getRhs().getDefiningOp<ConstOp>();
  if (!cst || cst.getValue().getValue().isInvalid())
    return Value();
  const llvm::DynamicAPInt &exponent =
      cst.getValue().getValue().value().getInt();
  if (exponent < 0)
    return emitOpError("pow of an integer by a negative exponent (")
           << dtype::toDecimal(exponent) << ") has no integer result";

  PrimitiveBuilder d(builder, getLoc());
  llvm::DynamicAPInt n = reduceExponent(
      exponent, dtype::bitsize(PrimitiveBuilder::getDType(getLhs())));
  // The constant 1 of the result type also gives x's value the result's
  // shape, where the exponent's shape broadcast it.
  Value result = d.constant(getType(), Const::ofInt(int64_t(1)));
  Value square = getLhs();
  // n's bits from the lowest: one squaring a bit past the first, one
  // multiplication a set bit.
  for (size_t bit = 0; n != 0; n /= 2, ++bit) {
    if (bit != 0)
      square = d.mul(square, square);
    if (n % 2 != 0)
      result = d.mul(result, square);
  }
  return result;
}
