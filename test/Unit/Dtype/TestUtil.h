//===- TestUtil.h - Shared helpers of the lib/Dtype tests -------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TEST_UNIT_DTYPE_TESTUTIL_H
#define TOLK_TEST_UNIT_DTYPE_TESTUTIL_H

#include "BigInt.h"
#include "tolk/Dtype/Const.h"
#include "tolk/Dtype/DType.h"

#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"

#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace tolk::dtype {
/// GoogleTest prints a DType by its seed name ("dtypes.i8"), not its byte.
inline void PrintTo(DType dt, std::ostream *os) { *os << toString(dt); }
} // namespace tolk::dtype

namespace tolk::dtype::test {

/// A constant for a failure message: floats by their bits and value.
inline std::string show(const Const &c) {
  if (c.isInvalid())
    return "Invalid";
  const Value &v = c.value();
  std::ostringstream os;
  switch (v.kind()) {
  case Value::Kind::Bool:
    os << (v.getBool() ? "True" : "False");
    break;
  case Value::Kind::Int:
    os << "Int " << toDecimal(v.getInt());
    break;
  case Value::Kind::Float:
    os << "Float 0x" << std::hex << v.getFloat().bits << " ("
       << v.getFloat().toDouble() << ")";
    break;
  case Value::Kind::Float128:
    os << "Float128 0x"
       << llvm::toString(v.getFloat128().bitcastToAPInt(), 16, false) << " ("
       << ppConst(c) << ")";
    break;
  case Value::Kind::Complex:
    os << "Complex 0x"
       << llvm::toString(v.getComplex().re.bitcastToAPInt(), 16, false)
       << ", 0x"
       << llvm::toString(v.getComplex().im.bitcastToAPInt(), 16, false) << " ("
       << ppConst(c) << ")";
    break;
  }
  return os.str();
}

/// got is a constant with want's constructor and payload (float bits).
inline ::testing::AssertionResult isConst(llvm::Expected<Const> got,
                                          const Const &want) {
  if (!got)
    return ::testing::AssertionFailure()
           << "error: " << llvm::toString(got.takeError()) << ", want "
           << show(want);
  if (!equalConst(*got, want))
    return ::testing::AssertionFailure()
           << "got " << show(*got) << ", want " << show(want);
  return ::testing::AssertionSuccess();
}

/// The same for a value.
inline ::testing::AssertionResult is(llvm::Expected<Value> got,
                                     const Value &want) {
  if (!got)
    return isConst(got.takeError(), want);
  return isConst(Const(*got), want);
}

/// The call failed, and its message names every one of `words`.
template <typename T>
::testing::AssertionResult fails(llvm::Expected<T> got,
                                 std::vector<std::string> words) {
  if (got)
    return ::testing::AssertionFailure() << "no error";
  std::string msg = llvm::toString(got.takeError());
  for (const std::string &w : words)
    if (msg.find(w) == std::string::npos)
      return ::testing::AssertionFailure()
             << "message \"" << msg << "\" does not name \"" << w << "\"";
  return ::testing::AssertionSuccess() << msg;
}

inline Value fbits(uint64_t bits) {
  return Value::ofFloat(Float::ofBits(bits));
}
inline Value fval(double d) { return Value::ofDouble(d); }
inline Value ival(const mpz_class &i) { return intValue(i); }
inline Value ival(int64_t i) { return Value::ofInt(i); }
inline Value bval(bool b) { return Value::ofBool(b); }
inline uint64_t bitsOf(double d) { return Float::ofDouble(d).bits; }

inline mpz_class pow2(unsigned e) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 2, e);
  return r;
}

inline mpz_class tenTo(unsigned e) {
  mpz_class r;
  mpz_ui_pow_ui(r.get_mpz_t(), 10, e);
  return r;
}

} // namespace tolk::dtype::test

#endif // TOLK_TEST_UNIT_DTYPE_TESTUTIL_H
