//===- TolkInterfaces.h - Tolk op interfaces --------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_IR_TOLKINTERFACES_H
#define TOLK_DIALECT_TOLK_IR_TOLKINTERFACES_H

#include "tolk/Dialect/Tolk/IR/ElementwiseTyping.h"
#include "tolk/Dialect/Tolk/IR/PrimitiveBuilder.h"
#include "tolk/Dtype/Alu.h"

#include "mlir/IR/OpDefinition.h"

#include "tolk/Dialect/Tolk/IR/TolkInterfaces.h.inc"

#endif // TOLK_DIALECT_TOLK_IR_TOLKINTERFACES_H
