//===- Promotion.cpp - The promotion lattice ------------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The lattice of docs/Semantics.md#the-lattice (tinygrad's promo_lattice with
// the weak types, after JAX JEP 9407): Bool at the bottom, then WeakInt, then
// the integers by width, each unsigned integer also promoting to the signed
// integer of twice its width; the 64-bit integers promote to WeakFloat, then
// the 8-bit floats, then Float16 and Bfloat16 (each 8-bit float promotes to
// both), then Float32 and Float64. leastUpper takes the least common upper
// bound by `compare`, which is why it is not associative.
//
// The extensions extend it as JAX's lattice does complex types: Float32
// promotes to Complex64, Float64 to Complex128, Complex64 to Complex128 (so
// everything below Float32 reaches Complex64 through it, and WeakFloat with a
// complex type gives that type), and, past JAX, Float64 to Float128, Float128
// to Complex256 and Complex128 to Complex256. Complex256 is then the top, so
// that Float128 and Complex64 have a least upper bound too.
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/DType.h"

#include "llvm/ADT/STLExtras.h"

#include <bitset>

using namespace tolk::dtype;

namespace {
using Set = std::bitset<kNumDTypes>;

unsigned idx(DType dt) { return static_cast<unsigned>(dt); }

/// The lattice's direct edges: the types each type promotes to in one step.
llvm::ArrayRef<DType> parents(DType dt) {
  static constexpr DType weakInt[] = {DType::Int8, DType::Uint8};
  static constexpr DType toWeakFloat[] = {DType::WeakFloat};
  static constexpr DType weakFloat[] = {DType::Fp8e4m3, DType::Fp8e5m2,
                                        DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz};
  static constexpr DType fp8[] = {DType::Float16, DType::Bfloat16};
  static constexpr DType bool_[] = {DType::WeakInt};
  static constexpr DType i8[] = {DType::Int16};
  static constexpr DType u8[] = {DType::Int16, DType::Uint16};
  static constexpr DType i16[] = {DType::Int32};
  static constexpr DType u16[] = {DType::Int32, DType::Uint32};
  static constexpr DType i32[] = {DType::Int64};
  static constexpr DType u32[] = {DType::Int64, DType::Uint64};
  static constexpr DType f16[] = {DType::Float32};
  static constexpr DType f32[] = {DType::Float64, DType::Complex64};
  static constexpr DType f64[] = {DType::Float128, DType::Complex128};
  static constexpr DType toC128[] = {DType::Complex128};
  static constexpr DType toC256[] = {DType::Complex256};
  switch (dt) {
  case DType::Bool:
    return bool_;
  case DType::WeakInt:
    return weakInt;
  case DType::Int8:
    return i8;
  case DType::Uint8:
    return u8;
  case DType::Int16:
    return i16;
  case DType::Uint16:
    return u16;
  case DType::Int32:
    return i32;
  case DType::Uint32:
    return u32;
  case DType::Int64:
  case DType::Uint64:
    return toWeakFloat;
  case DType::WeakFloat:
    return weakFloat;
  case DType::Fp8e4m3:
  case DType::Fp8e5m2:
  case DType::Fp8e4m3fnuz:
  case DType::Fp8e5m2fnuz:
    return fp8;
  case DType::Float16:
  case DType::Bfloat16:
    return f16;
  case DType::Float32:
    return f32;
  case DType::Float64:
    return f64;
  case DType::Complex64:
    return toC128;
  case DType::Float128:
  case DType::Complex128:
    return toC256;
  case DType::Complex256:
  case DType::Void:
  case DType::Uint128:
  case DType::Uint256:
    return {};
  }
  return {};
}

bool inLattice(DType dt) {
  return dt != DType::Void && dt != DType::Uint128 && dt != DType::Uint256;
}

/// Every type dt promotes to, itself included, as the union of its parents'
/// sets. Computed once: the lattice is a small DAG.
const Set &upperSet(DType dt) {
  static const auto table = [] {
    std::array<Set, kNumDTypes> t{};
    std::array<bool, kNumDTypes> done{};
    // Depth-first: a type's set is complete once its parents' are.
    auto visit = [&](auto &self, DType d) -> const Set & {
      if (!done[idx(d)]) {
        Set s;
        s.set(idx(d));
        for (DType p : parents(d))
          s |= self(self, p);
        t[idx(d)] = s;
        done[idx(d)] = true;
      }
      return t[idx(d)];
    };
    for (DType d : promotable())
      visit(visit, d);
    return t;
  }();
  return table[idx(dt)];
}

llvm::Error notInLattice(llvm::StringRef fn, DType dt) {
  return llvm::createStringError(fn + ": " + toString(dt) +
                                 " takes no part in promotion");
}
} // namespace

bool tolk::dtype::promotesTo(DType from, DType to) {
  if (!inLattice(from) || !inLattice(to))
    return false;
  return upperSet(from).test(idx(to));
}

llvm::Expected<DType> tolk::dtype::leastUpper(llvm::ArrayRef<DType> dts) {
  if (dts.empty())
    return llvm::createStringError("least_upper: no data types");
  Set common;
  common.set();
  for (DType dt : dts) {
    if (!inLattice(dt))
      return notInLattice("least_upper", dt);
    common &= upperSet(dt);
  }
  // Complex256 is above every type of the lattice, so `common` is never
  // empty.
  std::optional<DType> best;
  for (DType dt : promotable())
    if (common.test(idx(dt)) && (!best || compare(dt, *best) < 0))
      best = dt;
  return *best;
}

llvm::Expected<DType> tolk::dtype::leastUpperFloat(DType dt) {
  if (dt == DType::WeakInt)
    return DType::WeakFloat;
  if (isFloat(dt) || isComplex(dt))
    return dt;
  if (!inLattice(dt))
    return notInLattice("least_upper_float", dt);
  llvm::Expected<DType> f = defaultFloat();
  if (!f)
    return f.takeError();
  return leastUpper({dt, *f});
}

/// min and max of an integer type as (signed?, bits), for the first rule of
/// can_lossless_cast: a b-bit range lies within another's iff its bounds do.
static bool intRangeWithin(DType from, DType to) {
  unsigned fb = bitsize(from), tb = bitsize(to);
  bool fu = isUnsigned(from), tu = isUnsigned(to);
  if (fu == tu)
    return fb <= tb;
  if (fu) // unsigned into signed: needs a wider signed type
    return fb < tb;
  return false; // a signed type has negative values
}

/// A float of known width: the floats (docs/Semantics.md#groups) and
/// Float128.
static bool isKnownWidthFloat(DType dt) {
  return mem(dt, floats()) || dt == DType::Float128;
}

bool tolk::dtype::canLosslessCast(DType from, DType to) {
  if (from == to || from == DType::Bool)
    return true;
  if (!inLattice(from) || !inLattice(to))
    return false;
  // A complex value casts to a real one by its real part, losing the
  // imaginary one; into a complex type, each component casts on its own,
  // and a real value's imaginary part is an exact zero.
  if (std::optional<DType> toPart = componentType(to)) {
    DType fromPart = componentType(from).value_or(from);
    return fromPart == *toPart || canLosslessCast(fromPart, *toPart);
  }
  if (isComplex(from))
    return false;
  // d1 an integer (weak included), d0 an integer whose min and max lie
  // within d1's.
  if (isInt(to) && isInt(from))
    return intRangeWithin(from, to);
  bool toKnownFloat = isKnownWidthFloat(to);
  // d1 a float of known width, d0 an integer of b bits (less one for a
  // signed one), with b at most one more than d1's mantissa bits.
  if (toKnownFloat && isInt(from)) {
    unsigned b = bitsize(from) - (isUnsigned(from) ? 0 : 1);
    return b <= cantFail(finfo(to)).second + 1;
  }
  // Both floats of known width: no more exponent and no more mantissa bits,
  // and fewer of one.
  if (toKnownFloat && isKnownWidthFloat(from)) {
    auto [fe, fm] = cantFail(finfo(from));
    auto [te, tm] = cantFail(finfo(to));
    return fe <= te && fm <= tm && (fe < te || fm < tm);
  }
  return false;
}

llvm::Expected<DType> tolk::dtype::sumAccDType(DType dt) {
  // tinygrad's sum_acc_dtype: accumulate narrow types in a wide one.
  if (isUnsigned(dt))
    return leastUpper({dt, DType::Uint32});
  if (isInt(dt) || dt == DType::Bool)
    return leastUpper({dt, DType::Int32});
  return leastUpper({dt, DType::Float32});
}
