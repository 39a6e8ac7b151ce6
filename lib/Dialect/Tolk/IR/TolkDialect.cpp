//===- TolkDialect.cpp - Tolk dialect -------------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/ConstantMapping.h"
#include "tolk/Dialect/Tolk/IR/TolkOps.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"

using namespace mlir;
using namespace tolk;

#include "tolk/Dialect/Tolk/IR/TolkDialect.cpp.inc"

void TolkDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tolk/Dialect/Tolk/IR/Tolk.cpp.inc"
      >();
  // getScalarType is the table of data types; getDType looks up its inverse.
  for (unsigned i = 0; i < dtype::kNumDTypes; ++i) {
    auto dt = static_cast<dtype::DType>(i);
    dtypes.try_emplace(getScalarType(getContext(), dt), dt);
  }
}

Operation *TolkDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  // #tolk.const from Tolk's folders, and the builtin attributes a tolk.const
  // folds to (ConstantMapping.h), but only for a Tolk data type: an i32
  // IntegerAttr is arith's to materialize.
  if (auto c = dyn_cast<ConstAttr>(value))
    return ConstOp::create(builder, loc, type, c);
  if (!classify(type))
    return nullptr;
  if (std::optional<dtype::Const> c = getConstantValue(value))
    return ConstOp::create(builder, loc, type, *c);
  return nullptr;
}
