//===- Structure.cpp - Lanes, pointers, images ----------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk/Dtype/Structure.h"
#include "tolk/Dtype/Cast.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace tolk::dtype;

//===----------------------------------------------------------------------===//
// Address spaces
//===----------------------------------------------------------------------===//

llvm::StringRef tolk::dtype::addrSpaceName(AddrSpace as) {
  switch (as) {
  case AddrSpace::Global:
    return "global";
  case AddrSpace::Local:
    return "local";
  case AddrSpace::Reg:
    return "reg";
  case AddrSpace::Alu:
    return "alu";
  }
  return "global";
}

std::string tolk::dtype::ppAddrSpace(AddrSpace as) {
  return "AddrSpace." + addrSpaceName(as).upper();
}

llvm::Expected<AddrSpace> tolk::dtype::addrSpaceOfString(llvm::StringRef s) {
  llvm::StringRef key = s;
  key.consume_front("AddrSpace.");
  // tinygrad names them GLOBAL, LOCAL, REG, ALU; pointer types print them
  // in lower case. Both spellings read back; mixed case does not
  // (docs/Semantics.md#pointers).
  std::optional<AddrSpace> as =
      llvm::StringSwitch<std::optional<AddrSpace>>(key)
          .Cases({"GLOBAL", "global"}, AddrSpace::Global)
          .Cases({"LOCAL", "local"}, AddrSpace::Local)
          .Cases({"REG", "reg"}, AddrSpace::Reg)
          .Cases({"ALU", "alu"}, AddrSpace::Alu)
          .Default(std::nullopt);
  if (as)
    return *as;
  return llvm::createStringError("unknown address space '" + s + "'");
}

//===----------------------------------------------------------------------===//
// Value and pointer types
//===----------------------------------------------------------------------===//

llvm::Expected<ValType> tolk::dtype::vec(unsigned n, ValType v) {
  if (n == 0)
    return llvm::createStringError("vec: a vector of 0 lanes of " +
                                   toString(v.scalar));
  if (v.scalar == DType::Void && n != 1)
    return llvm::createStringError("vec: dtypes.void has no lanes");
  return ValType{v.scalar, n};
}

bool PtrType::operator==(const PtrType &o) const {
  return base == o.base && addrSpace == o.addrSpace && size == o.size &&
         v == o.v && image == o.image && imageShape == o.imageShape;
}

static PtrType makeImage(ImageKind kind, llvm::ArrayRef<int64_t> shape) {
  PtrType p;
  p.base = ValType{DType::Float32, 1};
  p.addrSpace = AddrSpace::Global;
  p.image = kind;
  p.imageShape.assign(shape.begin(), shape.end());
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  p.size = n;
  return p;
}

PtrType tolk::dtype::imageh(llvm::ArrayRef<int64_t> shape) {
  return makeImage(ImageKind::Imageh, shape);
}
PtrType tolk::dtype::imagef(llvm::ArrayRef<int64_t> shape) {
  return makeImage(ImageKind::Imagef, shape);
}

llvm::Expected<PtrType> tolk::dtype::vec(unsigned n, PtrType p) {
  if (n == 0)
    return llvm::createStringError("vec: a pointer vector of width 0");
  p.v = n;
  return p;
}

unsigned tolk::dtype::bitsize(const ValType &v) {
  return bitsize(v.scalar) * v.count;
}
unsigned tolk::dtype::bitsize(const PtrType &p) {
  if (p.image)
    return *p.image == ImageKind::Imageh ? 16 : 32;
  return bitsize(p.base);
}
unsigned tolk::dtype::itemsize(const ValType &v) {
  return (bitsize(v) + 7) / 8;
}
unsigned tolk::dtype::itemsize(const PtrType &p) {
  return (bitsize(p) + 7) / 8;
}
int tolk::dtype::priority(const PtrType &p) {
  return p.image ? 100 : priority(p.base.scalar);
}

llvm::Expected<AnyType> tolk::dtype::leastUpper(llvm::ArrayRef<AnyType> ts) {
  if (ts.empty())
    return llvm::createStringError("least_upper: no data types");
  for (const AnyType &t : ts)
    if (const auto *p = std::get_if<PtrType>(&t); p && p->image)
      return AnyType(*p);
  llvm::SmallVector<DType, 4> scalars;
  unsigned count = 0;
  for (const AnyType &t : ts) {
    const auto *v = std::get_if<ValType>(&t);
    if (!v)
      return llvm::createStringError("least_upper: pointer " +
                                     toString(std::get<PtrType>(t)) +
                                     " does not promote");
    if (count && v->count != count)
      return llvm::createStringError("least_upper: lane counts differ (" +
                                     llvm::Twine(count) + " and " +
                                     llvm::Twine(v->count) + ")");
    count = v->count;
    scalars.push_back(v->scalar);
  }
  llvm::Expected<DType> s = leastUpper(scalars);
  if (!s)
    return s.takeError();
  return AnyType(ValType{*s, count});
}

//===----------------------------------------------------------------------===//
// Predicates, the float promotion and bounds of either kind
//===----------------------------------------------------------------------===//

/// `pred` of a value type's scalar; `image` for an image pointer; false for
/// an ordinary pointer.
static bool classifyAny(const AnyType &t, bool (*pred)(DType), bool image) {
  if (const auto *v = std::get_if<ValType>(&t))
    return pred(v->scalar);
  return image && std::get<PtrType>(t).isImage();
}

bool tolk::dtype::isFloat(const AnyType &t) {
  return classifyAny(t, isFloat, /*image=*/true);
}
bool tolk::dtype::isInt(const AnyType &t) {
  return classifyAny(t, isInt, /*image=*/false);
}
bool tolk::dtype::isUnsigned(const AnyType &t) {
  return classifyAny(t, isUnsigned, /*image=*/false);
}
bool tolk::dtype::isBool(const AnyType &t) {
  return classifyAny(t, isBool, /*image=*/false);
}
bool tolk::dtype::isFp8(const AnyType &t) {
  return classifyAny(t, isFp8, /*image=*/false);
}

llvm::Expected<AnyType> tolk::dtype::leastUpperFloat(const AnyType &t) {
  if (const auto *p = std::get_if<PtrType>(&t)) {
    if (p->isImage())
      return t;
    return llvm::createStringError("least_upper_float: pointer " +
                                   toString(*p) + " does not promote");
  }
  const ValType &v = std::get<ValType>(t);
  llvm::Expected<DType> s = leastUpperFloat(v.scalar);
  if (!s)
    return s.takeError();
  return AnyType(ValType{*s, v.count});
}

/// A value type's scalar's bound; an image's infinity, an ordinary
/// pointer's Bool.
static llvm::Expected<Value> boundOf(const AnyType &t, bool upper) {
  if (const auto *v = std::get_if<ValType>(&t))
    return upper ? greatest(v->scalar) : lowest(v->scalar);
  if (std::get<PtrType>(t).isImage())
    return Value::ofDouble(upper ? HUGE_VAL : -HUGE_VAL);
  return Value::ofBool(upper);
}

llvm::Expected<Value> tolk::dtype::lowest(const AnyType &t) {
  return boundOf(t, /*upper=*/false);
}
llvm::Expected<Value> tolk::dtype::greatest(const AnyType &t) {
  return boundOf(t, /*upper=*/true);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

std::string tolk::dtype::toString(const ValType &v) {
  std::string s = name(v.scalar).str();
  if (v.count != 1)
    s += "x" + std::to_string(v.count);
  return s;
}

static std::string shapeTuple(llvm::ArrayRef<int64_t> shape) {
  std::string s = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

std::string tolk::dtype::toString(const PtrType &p) {
  if (p.image)
    return (*p.image == ImageKind::Imageh ? "imageh(" : "imagef(") +
           shapeTuple(p.imageShape) + ")";
  std::string s = toString(p.base) + "*";
  if (p.addrSpace != AddrSpace::Global)
    s += " " + addrSpaceName(p.addrSpace).str();
  if (p.size >= 0)
    s += " [" + std::to_string(p.size) + "]";
  if (p.v != 1)
    s += " x" + std::to_string(p.v);
  return s;
}

std::string tolk::dtype::repr(const ValType &v) {
  std::string s = toString(v.scalar);
  if (v.count != 1)
    s += ".vec(" + std::to_string(v.count) + ")";
  return s;
}

std::string tolk::dtype::repr(const PtrType &p) {
  if (p.image)
    return std::string("dtypes.") +
           (*p.image == ImageKind::Imageh ? "imageh" : "imagef") +
           shapeTuple(p.imageShape);
  std::string s = repr(p.base) + ".ptr(" + std::to_string(p.size);
  if (p.addrSpace != AddrSpace::Global)
    s += ", " + ppAddrSpace(p.addrSpace);
  s += ")";
  if (p.v != 1)
    s += ".vec(" + std::to_string(p.v) + ")";
  return s;
}

//===----------------------------------------------------------------------===//
// Lane casts (docs/Semantics.md#lanes-and-shapes)
//===----------------------------------------------------------------------===//

llvm::Expected<llvm::SmallVector<Const, 4>>
tolk::dtype::castLanes(llvm::ArrayRef<Const> lanes, DType to,
                       unsigned toLanes) {
  if (lanes.empty() || toLanes == 0)
    return llvm::createStringError("cast: a vector of 0 lanes");
  if (lanes.size() != 1 && toLanes != 1 && lanes.size() != toLanes)
    return llvm::createStringError("cast: " + llvm::Twine(lanes.size()) +
                                   " lanes do not cast to " +
                                   llvm::Twine(toLanes) + " lanes");
  llvm::SmallVector<Const, 4> out;
  for (unsigned i = 0; i < toLanes; ++i) {
    // One source lane broadcasts; to one lane, lane 0 is kept.
    const Const &src = lanes.size() == 1 ? lanes[0] : lanes[i];
    llvm::Expected<Const> c = makeConst(to, src);
    if (!c)
      return c.takeError();
    out.push_back(std::move(*c));
  }
  return out;
}
