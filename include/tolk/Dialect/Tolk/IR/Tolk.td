//===- Tolk.td - Tolk dialect top-level file ---------------*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TD
#define TOLK_TD

include "tolk/Dialect/Tolk/IR/TolkDialect.td"
include "tolk/Dialect/Tolk/IR/TolkAttrs.td"
include "tolk/Dialect/Tolk/IR/TolkTypes.td"
include "tolk/Dialect/Tolk/IR/TolkOps.td"
include "tolk/Dialect/Tolk/IR/TolkKernelOps.td"
include "tolk/Dialect/Tolk/IR/TolkImageOps.td"
include "tolk/Dialect/Tolk/IR/TolkLoweringOps.td"

#endif // TOLK_TD
