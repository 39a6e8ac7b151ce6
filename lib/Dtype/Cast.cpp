//===- Cast.cpp - Constants of a data type, storage, bitcast --------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Not implemented yet: every function reports so. The implementation follows.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Cast.h"

using namespace tolk::dtype;

static llvm::Error notYet(const char *fn) {
  return llvm::createStringError(llvm::Twine(fn) + ": not implemented yet");
}

llvm::Expected<Const> tolk::dtype::makeConst(DType, const Const &) {
  return notYet("const");
}
