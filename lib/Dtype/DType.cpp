//===- DType.cpp - Data type properties, groups, names --------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/DType.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace tolk::dtype;

namespace {
/// One row per DType, in enumerator order: the fixed properties of
/// docs/Semantics.md#data-types.
struct Info {
  DType dt;
  int priority;
  unsigned bitsize;
  const char *name;
  char fmt; ///< '\0' for none.
};

// Priorities: docs/Semantics.md#data-types ranks Void at -1 and Float64 at 15.
// Bool and WeakInt share 0 (compare then puts WeakInt after Bool by bitsize);
// each fnuz format shares the priority of its OCP format (compare puts it just
// after, by name); WeakFloat sits between the 64-bit integers and the 8-bit
// floats, which the lattice says the 64-bit integers promote to. That accounts
// for every rank from -1 to 15. The storage helpers take part in no promotion;
// they rank with Void so that they sort before every type of the lattice. The
// extensions rank above Float64, which every one of them is above or beside in
// the lattice: the reals before the complexes, then by width, so that compare
// stays a linear extension of the promotion order.
constexpr Info kInfo[] = {
    {DType::Void, -1, 0, "void", 0},
    {DType::WeakInt, 0, 800, "weakint", 0},
    {DType::Bool, 0, 1, "bool", '?'},
    {DType::Int8, 1, 8, "i8", 'b'},
    {DType::Uint8, 2, 8, "u8", 'B'},
    {DType::Int16, 3, 16, "i16", 'h'},
    {DType::Uint16, 4, 16, "u16", 'H'},
    {DType::Int32, 5, 32, "i32", 'i'},
    {DType::Uint32, 6, 32, "u32", 'I'},
    {DType::Int64, 7, 64, "i64", 'q'},
    {DType::Uint64, 8, 64, "u64", 'Q'},
    {DType::WeakFloat, 9, 800, "weakfloat", 0},
    {DType::Fp8e4m3, 10, 8, "fp8e4m3", 0},
    {DType::Fp8e5m2, 11, 8, "fp8e5m2", 0},
    {DType::Fp8e4m3fnuz, 10, 8, "fp8e4m3fnuz", 0},
    {DType::Fp8e5m2fnuz, 11, 8, "fp8e5m2fnuz", 0},
    {DType::Float16, 12, 16, "f16", 'e'},
    {DType::Bfloat16, 13, 16, "bf16", 0},
    {DType::Float32, 14, 32, "f32", 'f'},
    {DType::Float64, 15, 64, "f64", 'd'},
    {DType::Uint128, -1, 128, "_uint128", 0},
    {DType::Uint256, -1, 256, "_uint256", 0},
    {DType::Float128, 16, 128, "f128", 0},
    {DType::Complex64, 17, 64, "c64", 'F'},
    {DType::Complex128, 18, 128, "c128", 'D'},
    {DType::Complex256, 19, 256, "c256", 0},
};
static_assert(std::size(kInfo) == kNumDTypes, "one row per DType");

const Info &info(DType dt) {
  const Info &i = kInfo[static_cast<unsigned>(dt)];
  assert(i.dt == dt && "kInfo is in enumerator order");
  return i;
}
} // namespace

int tolk::dtype::priority(DType dt) { return info(dt).priority; }
unsigned tolk::dtype::bitsize(DType dt) { return info(dt).bitsize; }
unsigned tolk::dtype::itemsize(DType dt) { return (bitsize(dt) + 7) / 8; }
llvm::StringRef tolk::dtype::name(DType dt) { return info(dt).name; }

std::optional<char> tolk::dtype::fmt(DType dt) {
  if (char c = info(dt).fmt)
    return c;
  return std::nullopt;
}

llvm::Expected<std::pair<unsigned, unsigned>> tolk::dtype::finfo(DType dt) {
  switch (dt) {
  case DType::Fp8e4m3:
  case DType::Fp8e4m3fnuz:
    return std::make_pair(4u, 3u);
  case DType::Fp8e5m2:
  case DType::Fp8e5m2fnuz:
    return std::make_pair(5u, 2u);
  case DType::Float16:
    return std::make_pair(5u, 10u);
  case DType::Bfloat16:
    return std::make_pair(8u, 7u);
  case DType::Float32:
    return std::make_pair(8u, 23u);
  case DType::Float64:
    return std::make_pair(11u, 52u);
  case DType::Float128:
    return std::make_pair(15u, 112u);
  default:
    return llvm::createStringError("finfo: " + toString(dt) +
                                   " is not a float of known width");
  }
}

//===----------------------------------------------------------------------===//
// Predicates and groups
//===----------------------------------------------------------------------===//

static constexpr DType kFloats[] = {
    DType::Fp8e4m3, DType::Fp8e5m2,  DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz,
    DType::Float16, DType::Bfloat16, DType::Float32,     DType::Float64};
static constexpr DType kInts[] = {DType::Uint8,  DType::Uint16, DType::Uint32,
                                  DType::Uint64, DType::Int8,   DType::Int16,
                                  DType::Int32,  DType::Int64};
static constexpr DType kAll[] = {
    DType::Fp8e4m3, DType::Fp8e5m2,  DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz,
    DType::Float16, DType::Bfloat16, DType::Float32,     DType::Float64,
    DType::Uint8,   DType::Uint16,   DType::Uint32,      DType::Uint64,
    DType::Int8,    DType::Int16,    DType::Int32,       DType::Int64,
    DType::Bool};
static constexpr DType kWeaks[] = {DType::WeakInt, DType::WeakFloat};
static constexpr DType kEvery[] = {
    DType::Void,    DType::WeakInt,  DType::Bool,        DType::Int8,
    DType::Uint8,   DType::Int16,    DType::Uint16,      DType::Int32,
    DType::Uint32,  DType::Int64,    DType::Uint64,      DType::WeakFloat,
    DType::Fp8e4m3, DType::Fp8e5m2,  DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz,
    DType::Float16, DType::Bfloat16, DType::Float32,     DType::Float64};
static constexpr DType kExtensions[] = {DType::Float128, DType::Complex64,
                                        DType::Complex128, DType::Complex256};
static constexpr DType kPromotable[] = {
    DType::WeakInt,   DType::Bool,        DType::Int8,        DType::Uint8,
    DType::Int16,     DType::Uint16,      DType::Int32,       DType::Uint32,
    DType::Int64,     DType::Uint64,      DType::WeakFloat,   DType::Fp8e4m3,
    DType::Fp8e5m2,   DType::Fp8e4m3fnuz, DType::Fp8e5m2fnuz, DType::Float16,
    DType::Bfloat16,  DType::Float32,     DType::Float64,     DType::Float128,
    DType::Complex64, DType::Complex128,  DType::Complex256};

llvm::ArrayRef<DType> tolk::dtype::fp8Ocp() {
  return llvm::ArrayRef(kFloats).take_front(2);
}
llvm::ArrayRef<DType> tolk::dtype::fp8Fnuz() {
  return llvm::ArrayRef(kFloats).slice(2, 2);
}
llvm::ArrayRef<DType> tolk::dtype::fp8s() {
  return llvm::ArrayRef(kFloats).take_front(4);
}
llvm::ArrayRef<DType> tolk::dtype::floats() { return kFloats; }
llvm::ArrayRef<DType> tolk::dtype::uints() {
  return llvm::ArrayRef(kInts).take_front(4);
}
llvm::ArrayRef<DType> tolk::dtype::sints() {
  return llvm::ArrayRef(kInts).take_back(4);
}
llvm::ArrayRef<DType> tolk::dtype::ints() { return kInts; }
llvm::ArrayRef<DType> tolk::dtype::weaks() { return kWeaks; }
llvm::ArrayRef<DType> tolk::dtype::all() { return kAll; }
llvm::ArrayRef<DType> tolk::dtype::every() { return kEvery; }
llvm::ArrayRef<DType> tolk::dtype::complexes() {
  return llvm::ArrayRef(kExtensions).drop_front();
}
llvm::ArrayRef<DType> tolk::dtype::extensions() { return kExtensions; }
llvm::ArrayRef<DType> tolk::dtype::promotable() { return kPromotable; }

bool tolk::dtype::mem(DType dt, llvm::ArrayRef<DType> dts) {
  return llvm::is_contained(dts, dt);
}

bool tolk::dtype::isFloat(DType dt) {
  return mem(dt, floats()) || dt == DType::WeakFloat || dt == DType::Float128;
}
bool tolk::dtype::isInt(DType dt) {
  return mem(dt, ints()) || dt == DType::WeakInt;
}
bool tolk::dtype::isUnsigned(DType dt) { return mem(dt, uints()); }
bool tolk::dtype::isBool(DType dt) { return dt == DType::Bool; }
bool tolk::dtype::isWeak(DType dt) { return mem(dt, weaks()); }
bool tolk::dtype::isFp8(DType dt) { return mem(dt, fp8s()); }
bool tolk::dtype::isComplex(DType dt) { return mem(dt, complexes()); }

std::optional<DType> tolk::dtype::componentType(DType dt) {
  switch (dt) {
  case DType::Complex64:
    return DType::Float32;
  case DType::Complex128:
    return DType::Float64;
  case DType::Complex256:
    return DType::Float128;
  default:
    return std::nullopt;
  }
}

std::optional<DType> tolk::dtype::complexOf(DType dt) {
  for (DType c : complexes())
    if (componentType(c) == dt)
      return c;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Order, equality, printing
//===----------------------------------------------------------------------===//

int tolk::dtype::compare(DType a, DType b) {
  if (int pa = priority(a), pb = priority(b); pa != pb)
    return pa < pb ? -1 : 1;
  if (unsigned ba = bitsize(a), bb = bitsize(b); ba != bb)
    return ba < bb ? -1 : 1;
  return name(a).compare(name(b));
}

size_t tolk::dtype::hash(DType dt) {
  return llvm::hash_value(static_cast<unsigned>(dt));
}

void tolk::dtype::print(llvm::raw_ostream &os, DType dt) {
  os << "dtypes." << name(dt);
}

std::string tolk::dtype::toString(DType dt) {
  return ("dtypes." + name(dt)).str();
}

llvm::raw_ostream &tolk::dtype::operator<<(llvm::raw_ostream &os, DType dt) {
  print(os, dt);
  return os;
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

llvm::Expected<DType> tolk::dtype::ofString(llvm::StringRef s) {
  // What print writes, "dtypes.f32", reads back (docs/Semantics.md#names).
  llvm::StringRef bare = s;
  bare.consume_front("dtypes.");
  // The private storage helpers: only tinygrad's exact spelling
  // (docs/Semantics.md#storage-helpers).
  if (bare == "_uint128")
    return DType::Uint128;
  if (bare == "_uint256")
    return DType::Uint256;

  std::string lower = bare.lower();
  llvm::StringRef key = lower;

  if (key == "default_float")
    return defaultFloat();
  if (key == "default_int")
    return defaultInt();

  std::optional<DType> dt =
      llvm::StringSwitch<std::optional<DType>>(key)
          // Short names.
          .Case("void", DType::Void)
          .Case("bool", DType::Bool)
          .Case("i8", DType::Int8)
          .Case("i16", DType::Int16)
          .Case("i32", DType::Int32)
          .Case("i64", DType::Int64)
          .Case("u8", DType::Uint8)
          .Case("u16", DType::Uint16)
          .Case("u32", DType::Uint32)
          .Case("u64", DType::Uint64)
          .Case("f16", DType::Float16)
          .Case("bf16", DType::Bfloat16)
          .Case("f32", DType::Float32)
          .Case("f64", DType::Float64)
          .Case("fp8e4m3", DType::Fp8e4m3)
          .Case("fp8e5m2", DType::Fp8e5m2)
          .Case("fp8e4m3fnuz", DType::Fp8e4m3fnuz)
          .Case("fp8e5m2fnuz", DType::Fp8e5m2fnuz)
          .Case("weakint", DType::WeakInt)
          .Case("weakfloat", DType::WeakFloat)
          .Case("f128", DType::Float128)
          .Case("c64", DType::Complex64)
          .Case("c128", DType::Complex128)
          .Case("c256", DType::Complex256)
          // Constructor names without underscores (those not already above).
          .Case("int8", DType::Int8)
          .Case("int16", DType::Int16)
          .Case("int32", DType::Int32)
          .Case("int64", DType::Int64)
          .Case("uint8", DType::Uint8)
          .Case("uint16", DType::Uint16)
          .Case("uint32", DType::Uint32)
          .Case("uint64", DType::Uint64)
          .Case("float16", DType::Float16)
          .Case("bfloat16", DType::Bfloat16)
          .Case("float32", DType::Float32)
          .Case("float64", DType::Float64)
          .Case("float128", DType::Float128)
          .Case("complex64", DType::Complex64)
          .Case("complex128", DType::Complex128)
          .Case("complex256", DType::Complex256)
          // C-flavoured aliases.
          .Case("half", DType::Float16)
          .Case("float", DType::Float32)
          .Case("double", DType::Float64)
          .Case("char", DType::Int8)
          .Case("uchar", DType::Uint8)
          .Case("short", DType::Int16)
          .Case("ushort", DType::Uint16)
          .Case("int", DType::Int32)
          .Case("uint", DType::Uint32)
          .Case("long", DType::Int64)
          .Case("ulong", DType::Uint64)
          .Default(std::nullopt);
  if (dt)
    return *dt;
  return llvm::createStringError("unknown data type name '" + s + "'");
}

DType tolk::dtype::weak(DType dt) {
  if (isFloat(dt))
    return DType::WeakFloat;
  if (isInt(dt))
    return DType::WeakInt;
  return dt;
}

llvm::Expected<DType> tolk::dtype::strong(DType dt) {
  switch (dt) {
  case DType::WeakInt:
    return defaultInt();
  case DType::WeakFloat:
    return defaultFloat();
  default:
    return dt;
  }
}
