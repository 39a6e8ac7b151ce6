//===- TestUtil.h - Shared helpers of the lib/Dtype tests -------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TEST_UNIT_DTYPE_TESTUTIL_H
#define TOLK_TEST_UNIT_DTYPE_TESTUTIL_H

#include "tolk/Dtype/DType.h"

#include <ostream>

namespace tolk::dtype {
/// GoogleTest prints a DType by its seed name ("dtypes.i8"), not its byte.
inline void PrintTo(DType dt, std::ostream *os) { *os << toString(dt); }
} // namespace tolk::dtype

#endif // TOLK_TEST_UNIT_DTYPE_TESTUTIL_H
