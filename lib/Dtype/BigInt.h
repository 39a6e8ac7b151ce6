//===- BigInt.h - GMP behind lib/Dtype's integers ---------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// lib/Dtype computes on big integers with GMP (exact weak constants, powers,
// square roots, decimal text), but its public headers hold an Int as an
// llvm::DynamicAPInt, so that a user of the library needs neither GMP's
// headers nor the exceptions that gmpxx.h's inline functions throw. This
// private header is the bridge between the two; only lib/Dtype and its own
// unit tests include it.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_DTYPE_BIGINT_H
#define TOLK_LIB_DTYPE_BIGINT_H

#include "tolk/Dtype/Const.h"

#include <gmpxx.h>

#include <limits>

namespace tolk::dtype {

/// The integer as GMP's.
mpz_class toMpz(const llvm::DynamicAPInt &i);
/// GMP's integer as an llvm::DynamicAPInt.
llvm::DynamicAPInt fromMpz(const mpz_class &i);

/// Whether i is in int64_t's range, however DynamicAPInt holds it (a wide
/// representation may hold a small value).
inline bool fitsInt64(const llvm::DynamicAPInt &i) {
  return i >= std::numeric_limits<int64_t>::min() &&
         i <= std::numeric_limits<int64_t>::max();
}

/// An Int value of GMP's integer.
inline Value intValue(const mpz_class &i) { return Value::ofInt(fromMpz(i)); }
/// An Int constant of GMP's integer.
inline Const intConst(const mpz_class &i) { return Value::ofInt(fromMpz(i)); }
/// commitInt on GMP's integers.
inline llvm::Expected<DType>
commitInt(const mpz_class &lo, const mpz_class &hi,
          std::optional<DType> defaultInt = std::nullopt) {
  return commitInt(fromMpz(lo), fromMpz(hi), defaultInt);
}
namespace value {
/// intToDouble of GMP's integer.
inline double intToDouble(const mpz_class &i) {
  return intToDouble(fromMpz(i));
}
} // namespace value

/// Value::getInt() as GMP's integer. Precondition: v.isInt().
inline mpz_class mpzInt(const Value &v) { return toMpz(v.getInt()); }
/// Value::toInteger() as GMP's integer.
inline mpz_class mpzInteger(const Value &v) { return toMpz(v.toInteger()); }

/// An mpz as an APInt of `width` bits, wrapped modulo 2^width.
llvm::APInt toAPInt(const mpz_class &i, unsigned width);
/// The APInt read as signed or unsigned, as GMP's integer.
mpz_class mpzFromAPInt(const llvm::APInt &i, bool isSigned);

} // namespace tolk::dtype

#endif // TOLK_LIB_DTYPE_BIGINT_H
