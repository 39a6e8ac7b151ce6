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
}

std::shared_ptr<void> TolkDialect::getOrCreateContextCache(
    TypeID key, llvm::function_ref<std::shared_ptr<void>()> create) {
  std::lock_guard<std::mutex> lock(contextCacheMutex);
  std::shared_ptr<void> &cache = contextCaches[key];
  if (!cache)
    cache = create();
  return cache;
}

Operation *TolkDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
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
