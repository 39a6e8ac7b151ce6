//===- TolkAttrs.h - Tolk attributes ----------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_TOLKATTRS_H
#define TOLK_DIALECT_TOLK_TOLKATTRS_H

#include "tolk/Dialect/Tolk/IR/TolkEnums.h"
#include "tolk/Dtype/Const.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

namespace tolk {
/// `#tolk.const<...>`'s parameter: true, false, invalid, a decimal integer,
/// or `float 0x<binary64 bits>`.
void printConstValue(mlir::AsmPrinter &printer, const dtype::Const &c);
mlir::FailureOr<dtype::Const> parseConstValue(mlir::AsmParser &parser);
} // namespace tolk

#define GET_ATTRDEF_CLASSES
#include "tolk/Dialect/Tolk/IR/TolkAttrs.h.inc"

#endif // TOLK_DIALECT_TOLK_TOLKATTRS_H
