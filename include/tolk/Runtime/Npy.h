//===- Npy.h - numpy's .npy files -------------------------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reading and writing numpy's .npy format (versions 1.0, 2.0 and 3.0, C
// order), the buffers tolk-run takes and gives, so that users check results
// with numpy. bf16 and the 8-bit floats have no numpy type: they are stored as
// their storage integers (<u2, |u1), as tinygrad stores them.
//
// Hand-written because no library on the machine reads .npy from C++ (cnpy
// and xtensor are not Debian dependencies we want), and the format is one
// header line.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_RUNTIME_NPY_H
#define TOLK_RUNTIME_NPY_H

#include "tolk/Dtype/DType.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tolk::npy {

/// An array as a .npy file holds it: numpy's type string (`descr`, e.g.
/// "<f4"), the shape, and the bytes in C order.
struct Array {
  std::string descr;
  llvm::SmallVector<int64_t, 4> shape;
  std::vector<uint8_t> data;

  /// The number of elements (1 for a rank-0 array).
  int64_t numElements() const;
};

/// The numpy type string a buffer of `dt` is stored with: "|b1" for Bool,
/// "|i1" ... "<u8" for the integers, "<f2" "<f4" "<f8" for the IEEE floats,
/// and the storage integer for bf16 ("<u2") and the 8-bit floats ("|u1").
/// An error for the weak types, void and the storage helpers.
llvm::Expected<std::string> descrOf(dtype::DType dt);

/// The size in bytes of one element of a numpy type string this module reads
/// (b1, i1..i8, u1..u8, f2, f4, f8, little-endian or one-byte).
llvm::Expected<unsigned> itemSize(llvm::StringRef descr);

/// Parses the bytes of a .npy file; `name` names it in errors.
llvm::Expected<Array> parse(llvm::StringRef bytes, llvm::StringRef name);
/// Reads a .npy file.
llvm::Expected<Array> read(llvm::StringRef path);

/// The bytes of a .npy file (version 1.0, or 2.0 when the header needs it).
std::string serialize(const Array &array);
/// Writes a .npy file atomically: to a temporary file in the same directory,
/// renamed over `path` only when complete, so that a failure leaves no
/// partial file behind.
llvm::Error write(llvm::StringRef path, const Array &array);

} // namespace tolk::npy

#endif // TOLK_RUNTIME_NPY_H
