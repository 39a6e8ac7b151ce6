//===- Literals.cpp - Bounds of data types and types of literals ----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// min, max, of_const, of_consts and commit_int (docs/Semantics.md#bounds,
// docs/Semantics.md#literals).
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Const.h"

#include "tolk/Dtype/Cast.h"

#include "BigInt.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/ErrorHandling.h"

#include <cassert>
#include <limits>

using namespace tolk::dtype;

//===----------------------------------------------------------------------===//
// min and max
//===----------------------------------------------------------------------===//

/// The semantics of an 8-bit float without infinities, whose bound is its
/// greatest finite value; null for every other type.
static const llvm::fltSemantics *finiteOnlySemantics(DType dt) {
  switch (dt) {
  case DType::Fp8e4m3:
    return &llvm::APFloat::Float8E4M3FN();
  case DType::Fp8e4m3fnuz:
    return &llvm::APFloat::Float8E4M3FNUZ();
  case DType::Fp8e5m2fnuz:
    return &llvm::APFloat::Float8E5M2FNUZ();
  default:
    return nullptr;
  }
}

/// True for the types whose integers are unsigned: uints, and the storage
/// helpers, which are not in uints but hold 0 .. 2^n - 1
/// (docs/Semantics.md#storage-helpers).
static bool hasUnsignedRange(DType dt) {
  return isUnsigned(dt) || dt == DType::Uint128 || dt == DType::Uint256;
}

static bool hasIntegerRange(DType dt) {
  return isInt(dt) || dt == DType::Uint128 || dt == DType::Uint256;
}

/// The greatest value of dt if `upper`, else its least.
static Value bound(DType dt, bool upper) {
  if (dt == DType::Void || dt == DType::Bool)
    return Value::ofBool(upper);
  if (hasIntegerRange(dt)) {
    // The bounds of dt's bitsize; WeakInt's 800 bits make it a signed
    // integer far wider than any stored value.
    unsigned bits = bitsize(dt);
    mpz_class one = 1;
    if (hasUnsignedRange(dt))
      return intValue(upper ? mpz_class((one << bits) - 1) : mpz_class(0));
    mpz_class half = one << (bits - 1);
    return intValue(upper ? mpz_class(half - 1) : mpz_class(-half));
  }
  if (const llvm::fltSemantics *sem = finiteOnlySemantics(dt)) {
    double largest = llvm::APFloat::getLargest(*sem).convertToDouble();
    return Value::ofDouble(upper ? largest : -largest);
  }
  // Float16, Bfloat16, Float32, Float64, Float128, Fp8e5m2 have infinities;
  // so does WeakFloat (docs/Semantics.md#bounds).
  assert(isFloat(dt) && "every ordered data type is covered; complex types "
                        "have no bounds (lowest and greatest say so)");
  double inf = std::numeric_limits<double>::infinity();
  return Value::ofDouble(upper ? inf : -inf);
}

Value tolk::dtype::min(DType dt) { return bound(dt, /*upper=*/false); }
Value tolk::dtype::max(DType dt) { return bound(dt, /*upper=*/true); }

/// The bound, or the error that a complex type has none: its values are not
/// ordered, so it has no least or greatest one.
static llvm::Expected<Value> checkedBound(DType dt, bool upper) {
  if (isComplex(dt))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: %s is a complex type, which has no order and so no %s value",
        upper ? "greatest" : "lowest", toString(dt).c_str(),
        upper ? "greatest" : "least");
  return bound(dt, upper);
}

llvm::Expected<Value> tolk::dtype::lowest(DType dt) {
  return checkedBound(dt, /*upper=*/false);
}
llvm::Expected<Value> tolk::dtype::greatest(DType dt) {
  return checkedBound(dt, /*upper=*/true);
}

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

DType tolk::dtype::ofConst(const Const &c) {
  if (c.isInvalid())
    return DType::Bool;
  switch (c.value().kind()) {
  case Value::Kind::Bool:
    return DType::Bool;
  case Value::Kind::Int:
    return DType::WeakInt;
  case Value::Kind::Float:
    return DType::WeakFloat;
  case Value::Kind::Float128:
    return DType::Float128;
  case Value::Kind::Complex: {
    const llvm::fltSemantics &sem = c.value().getComplex().semantics();
    for (DType dt : complexes())
      if (semantics(*componentType(dt)) == &sem)
        return dt;
    llvm_unreachable("a complex value has f32, f64 or f128 components");
  }
  }
  llvm_unreachable("covered switch");
}

llvm::Expected<DType> tolk::dtype::ofConsts(llvm::ArrayRef<Const> cs) {
  if (cs.empty())
    return defaultFloat();
  DType greatest = ofConst(cs.front());
  for (const Const &c : cs.drop_front()) {
    DType dt = ofConst(c);
    if (compare(dt, greatest) > 0)
      greatest = dt;
  }
  if (greatest != DType::WeakInt)
    return strong(greatest);
  // The greatest is WeakInt, so there is at least one Int: lo and hi bound
  // the integers and the booleans (as 0 and 1); Invalid bounds nothing.
  std::optional<llvm::DynamicAPInt> lo, hi;
  for (const Const &c : cs) {
    const Value *v = c.getValue();
    if (!v || !(v->isBool() || v->isInt()))
      continue;
    llvm::DynamicAPInt i = v->toInteger();
    if (!lo || i < *lo)
      lo = i;
    if (!hi || i > *hi)
      hi = i;
  }
  return commitInt(*lo, *hi);
}

llvm::Expected<DType> tolk::dtype::commitInt(const llvm::DynamicAPInt &lo,
                                             const llvm::DynamicAPInt &hi,
                                             std::optional<DType> defaultInt) {
  DType def;
  if (defaultInt) {
    def = *defaultInt;
  } else {
    llvm::Expected<DType> setting = tolk::dtype::defaultInt();
    if (!setting)
      return setting.takeError();
    def = *setting;
  }
  if (!mem(def, ints()))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "commit_int: default_int %s is not an integer of known width",
        toString(def).c_str());
  // An empty range holds nothing to fit: Tolk chooses the default
  // (docs/Semantics.md#literals).
  if (lo > hi)
    return def;
  auto holds = [&](DType dt) {
    return value::le(min(dt), Value::ofInt(lo)) &&
           value::le(Value::ofInt(hi), max(dt));
  };
  for (DType dt : {def, DType::Int32, DType::Int64, DType::Uint64})
    if (holds(dt))
      return dt;
  if (lo == hi)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "commit_int: no 64-bit integer holds %s",
                                   toDecimal(lo).c_str());
  return DType::Int64;
}
