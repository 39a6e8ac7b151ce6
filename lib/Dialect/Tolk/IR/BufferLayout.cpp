//===- BufferLayout.cpp - How a buffer holds a pointer's pointee ----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dialect/Tolk/IR/BufferLayout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

// A vector of 3 lanes takes the room of 4 in LLVM (its alloc size) and in
// Vulkan's std430 layout, and Bool lanes take a bit each in LLVM, so a
// buffer of such vectors would be strided and read past its end.
int64_t tolk::getPackedLanes(PtrType ptr) {
  auto lanes = dyn_cast<VectorType>(ptr.getElementType());
  if (!lanes || lanes.getRank() != 1 ||
      (llvm::isPowerOf2_64(lanes.getNumElements()) &&
       !lanes.getElementType().isInteger(1)))
    return 1;
  return lanes.getNumElements();
}
