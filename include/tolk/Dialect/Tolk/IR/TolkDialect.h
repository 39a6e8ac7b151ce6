//===- TolkDialect.h - Tolk dialect -----------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_TOLKDIALECT_H
#define TOLK_DIALECT_TOLK_TOLKDIALECT_H

#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"
#include "tolk/Dtype/DType.h"

#include "mlir/IR/Dialect.h"
#include "llvm/ADT/DenseMap.h"

#include "tolk/Dialect/Tolk/IR/TolkDialect.h.inc"

#endif // TOLK_DIALECT_TOLK_TOLKDIALECT_H
