//===- BufferLayout.h - How a buffer holds a pointer's pointee --*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one rule that the lowerings and the runtimes share about a buffer's
// bytes (docs/Lowering.md, "Pointers to lanes"): a buffer is packed, lanes *
// itemsize bytes an element, so the lanes that the lowered code would not
// lay out packed are held as that many scalars.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_DIALECT_TOLK_BUFFERLAYOUT_H
#define TOLK_DIALECT_TOLK_BUFFERLAYOUT_H

#include "tolk/Dialect/Tolk/IR/TolkTypes.h"

namespace tolk {

/// The lanes of `ptr`'s pointee that a buffer of it holds as that many
/// scalars, or 1 for none: a vector whose lane count is not a power of two,
/// or of Bool.
int64_t getPackedLanes(PtrType ptr);

} // namespace tolk

#endif // TOLK_DIALECT_TOLK_BUFFERLAYOUT_H
