//===- StoredEnum.h - A C enum argument read as the integer stored -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The C APIs take C enums (an address space, a backend, an argument's kind)
// that a C caller or an FFI may set to any int. Reading a value outside the
// enumerators as the enum type is undefined in C++ (UBSan's -fsanitize=enum
// reports the load), so the C APIs read the bits as the underlying integer
// and check it against the enumerators themselves.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_CAPI_STOREDENUM_H
#define TOLK_LIB_CAPI_STOREDENUM_H

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace tolk::capi {

/// The integer stored in `stored`, a C enum argument or field.
template <typename Enum> int64_t storedValue(const Enum &stored) {
  std::underlying_type_t<Enum> value;
  std::memcpy(&value, &stored, sizeof value);
  return value;
}

} // namespace tolk::capi

#endif // TOLK_LIB_CAPI_STOREDENUM_H
