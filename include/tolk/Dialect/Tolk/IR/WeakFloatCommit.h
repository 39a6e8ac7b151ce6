//===- WeakFloatCommit.h - Values that wait for the weak commit -*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A weak value made from a strong one is a value of the type that
// --tolk-commit-weak chooses (docs/Semantics.md#weak-types), as tinygrad's
// int tensor times a Python float is one of its default float, and its bool
// tensor plus a Python int one of its default int: the folder and the
// canonicalizer leave such a conversion, and an op whose operands promote
// through one, until the commit, where they fold in that type as every
// target computes them.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_WEAKFLOATCOMMIT_H
#define TOLK_DIALECT_TOLK_WEAKFLOATCOMMIT_H

#include "tolk/Dialect/Tolk/IR/OperandPromotion.h"

namespace tolk {

/// Whether a value of data type `from` converts to `to` only once
/// --tolk-commit-weak has chosen `to`'s width: `to` is weak
/// (!tolk.weakfloat, or !tolk.weakint from Bool) and `from` a strong type.
bool convertsAtCommit(dtype::DType from, dtype::DType to);

/// Whether an operand of `p` (of data types `dtypes`) convertsAtCommit to
/// its target.
bool promotesAtCommit(const OperandPromotion &p,
                      llvm::ArrayRef<dtype::DType> dtypes);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_WEAKFLOATCOMMIT_H
