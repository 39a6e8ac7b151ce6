//===- Dialect.cpp - C API of the Tolk dialect ----------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk-c/Dialect.h"
#include "StoredEnum.h"
#include "tolk/Dialect/Tolk/IR/TolkAttrs.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"
#include "tolk/Dtype/Cast.h"
#include "tolk/InitAllDialects.h"
#include "tolk/Pipelines/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using tolk::capi::storedValue;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tolk, tolk, tolk::TolkDialect)

void tolkRegisterAllDialects(MlirDialectRegistry registry) {
  DialectRegistry &r = *unwrap(registry);
  tolk::registerAllDialects(r);
  tolk::registerTolkPipelineExtensions(r);
}

//===----------------------------------------------------------------------===//
// Data types
//===----------------------------------------------------------------------===//

bool tolkTypeIsADType(MlirType type) {
  return tolk::getDType(unwrap(type)).has_value();
}

bool tolkTypeGetDTypeName(MlirType type, MlirStringCallback callback,
                          void *userData) {
  std::optional<tolk::dtype::DType> dt = tolk::getDType(unwrap(type));
  if (!dt)
    return false;
  callback(wrap(tolk::dtype::name(*dt)), userData);
  return true;
}

MlirType tolkDTypeTypeGet(MlirContext ctx, MlirStringRef name) {
  llvm::Expected<tolk::dtype::DType> dt = tolk::dtype::ofString(unwrap(name));
  if (!dt) {
    llvm::consumeError(dt.takeError());
    return {nullptr};
  }
  if (*dt == tolk::dtype::DType::Void)
    return {nullptr};
  return wrap(tolk::getScalarType(unwrap(ctx), *dt));
}

//===----------------------------------------------------------------------===//
// Weak types
//===----------------------------------------------------------------------===//

bool tolkTypeIsAWeakInt(MlirType type) {
  return isa<tolk::WeakIntType>(unwrap(type));
}
MlirType tolkWeakIntTypeGet(MlirContext ctx) {
  return wrap(tolk::WeakIntType::get(unwrap(ctx)));
}
MlirTypeID tolkWeakIntTypeGetTypeID(void) {
  return wrap(tolk::WeakIntType::getTypeID());
}

bool tolkTypeIsAWeakFloat(MlirType type) {
  return isa<tolk::WeakFloatType>(unwrap(type));
}
MlirType tolkWeakFloatTypeGet(MlirContext ctx) {
  return wrap(tolk::WeakFloatType::get(unwrap(ctx)));
}
MlirTypeID tolkWeakFloatTypeGetTypeID(void) {
  return wrap(tolk::WeakFloatType::getTypeID());
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

bool tolkTypeIsAPtr(MlirType type) { return isa<tolk::PtrType>(unwrap(type)); }
MlirTypeID tolkPtrTypeGetTypeID(void) {
  return wrap(tolk::PtrType::getTypeID());
}

/// The one checked constructor behind the three C ones: an address space
/// or image kind outside the enumerators is a diagnostic, as any other
/// parameter the verifier rejects.
static MlirType getPtrChecked(MlirLocation loc, MlirType elementType,
                              const TolkAddrSpace &addrSpace, int64_t size,
                              unsigned vecWidth,
                              std::optional<int64_t> imageKind,
                              ArrayRef<int64_t> imageShape) {
  Location l = unwrap(loc);
  int64_t space = storedValue(addrSpace);
  std::optional<tolk::AddrSpace> as = space < 0 || space > UINT32_MAX
                                          ? std::nullopt
                                          : tolk::symbolizeAddrSpace(space);
  if (!as) {
    emitError(l) << "an unknown address space " << space
                 << " (0: global, 1: local, 2: reg, 3: alu)";
    return {nullptr};
  }
  std::optional<tolk::ImageKind> image;
  if (imageKind) {
    if (*imageKind >= 0 && *imageKind <= UINT32_MAX)
      image = tolk::symbolizeImageKind(*imageKind);
    if (!image) {
      emitError(l) << "an unknown image kind " << *imageKind
                   << " (0: imageh, 1: imagef)";
      return {nullptr};
    }
  }
  return wrap(tolk::PtrType::getChecked(
      [&] { return emitError(l); }, l.getContext(), unwrap(elementType), *as,
      size, vecWidth, image, imageShape));
}

MlirType tolkPtrTypeGetChecked(MlirLocation loc, MlirType elementType,
                               TolkAddrSpace addrSpace, int64_t size) {
  return getPtrChecked(loc, elementType, addrSpace, size, /*vecWidth=*/1,
                       std::nullopt, {});
}

MlirType tolkPtrTypeGetVectorChecked(MlirLocation loc, MlirType elementType,
                                     TolkAddrSpace addrSpace, int64_t size,
                                     unsigned vecWidth) {
  return getPtrChecked(loc, elementType, addrSpace, size, vecWidth,
                       std::nullopt, {});
}

MlirType tolkPtrTypeGetImageChecked(MlirLocation loc, MlirType elementType,
                                    TolkAddrSpace addrSpace, TolkImageKind kind,
                                    intptr_t rank, const int64_t *shape) {
  ArrayRef<int64_t> dims(shape, rank);
  if (dims.empty()) {
    emitError(unwrap(loc)) << "an image pointer needs a shape";
    return {nullptr};
  }
  // An image addresses every element of its shape (an overflowing product
  // is left to the verifier, which rejects the dimension first).
  int64_t size = 1;
  for (int64_t d : dims)
    size = d > 0 ? size * d : -1;
  return getPtrChecked(loc, elementType, addrSpace, size < 0 ? -1 : size,
                       /*vecWidth=*/1, storedValue(kind), dims);
}

MlirType tolkPtrTypeGetElementType(MlirType type) {
  return wrap(cast<tolk::PtrType>(unwrap(type)).getElementType());
}
TolkAddrSpace tolkPtrTypeGetAddrSpace(MlirType type) {
  return static_cast<TolkAddrSpace>(
      cast<tolk::PtrType>(unwrap(type)).getAddrSpace());
}
int64_t tolkPtrTypeGetSize(MlirType type) {
  return cast<tolk::PtrType>(unwrap(type)).getSize();
}
unsigned tolkPtrTypeGetVecWidth(MlirType type) {
  return cast<tolk::PtrType>(unwrap(type)).getVecWidth();
}
bool tolkPtrTypeIsImage(MlirType type) {
  return cast<tolk::PtrType>(unwrap(type)).getImage().has_value();
}
TolkImageKind tolkPtrTypeGetImageKind(MlirType type) {
  return static_cast<TolkImageKind>(
      *cast<tolk::PtrType>(unwrap(type)).getImage());
}
intptr_t tolkPtrTypeGetImageRank(MlirType type) {
  return cast<tolk::PtrType>(unwrap(type)).getImageShape().size();
}
int64_t tolkPtrTypeGetImageDim(MlirType type, intptr_t pos) {
  return cast<tolk::PtrType>(unwrap(type)).getImageShape()[pos];
}

//===----------------------------------------------------------------------===//
// Address space and rounding attributes
//===----------------------------------------------------------------------===//

bool tolkAttributeIsAAddrSpace(MlirAttribute attr) {
  return isa<tolk::AddrSpaceAttr>(unwrap(attr));
}
MlirAttribute tolkAddrSpaceAttrGet(MlirContext ctx, TolkAddrSpace value) {
  return wrap(tolk::AddrSpaceAttr::get(unwrap(ctx),
                                       static_cast<tolk::AddrSpace>(value)));
}
TolkAddrSpace tolkAddrSpaceAttrGetValue(MlirAttribute attr) {
  return static_cast<TolkAddrSpace>(
      cast<tolk::AddrSpaceAttr>(unwrap(attr)).getValue());
}
MlirTypeID tolkAddrSpaceAttrGetTypeID(void) {
  return wrap(tolk::AddrSpaceAttr::getTypeID());
}

bool tolkAttributeIsARounding(MlirAttribute attr) {
  return isa<tolk::RoundingAttr>(unwrap(attr));
}
MlirAttribute tolkRoundingAttrGet(MlirContext ctx, TolkRounding value) {
  return wrap(
      tolk::RoundingAttr::get(unwrap(ctx), static_cast<tolk::Rounding>(value)));
}
TolkRounding tolkRoundingAttrGetValue(MlirAttribute attr) {
  return static_cast<TolkRounding>(
      cast<tolk::RoundingAttr>(unwrap(attr)).getValue());
}
MlirTypeID tolkRoundingAttrGetTypeID(void) {
  return wrap(tolk::RoundingAttr::getTypeID());
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

using tolk::dtype::Const;

static MlirAttribute wrapConst(MlirContext ctx, Const c) {
  return wrap(tolk::ConstAttr::get(unwrap(ctx), std::move(c)));
}
/// The attribute's constant (ConstAttr stores it and returns a copy).
static Const constOf(MlirAttribute attr) {
  return cast<tolk::ConstAttr>(unwrap(attr)).getValue();
}

bool tolkAttributeIsAConst(MlirAttribute attr) {
  return isa<tolk::ConstAttr>(unwrap(attr));
}
MlirTypeID tolkConstAttrGetTypeID(void) {
  return wrap(tolk::ConstAttr::getTypeID());
}

MlirAttribute tolkConstAttrGetBool(MlirContext ctx, bool value) {
  return wrapConst(ctx, Const::ofBool(value));
}
MlirAttribute tolkConstAttrGetInt(MlirContext ctx, int64_t value) {
  return wrapConst(ctx, Const::ofInt(value));
}
MlirAttribute tolkConstAttrGetIntFromString(MlirContext ctx,
                                            MlirStringRef decimal) {
  StringRef text = unwrap(decimal);
  StringRef digits = text;
  digits.consume_front("-");
  if (digits.empty() ||
      !llvm::all_of(digits, [](char c) { return c >= '0' && c <= '9'; }))
    return {nullptr};
  return wrapConst(ctx, Const::ofInt(*tolk::dtype::parseInteger(text)));
}
MlirAttribute tolkConstAttrGetFloatBits(MlirContext ctx, uint64_t bits) {
  return wrapConst(ctx, Const::ofFloat(tolk::dtype::Float::ofBits(bits)));
}
MlirAttribute tolkConstAttrGetFloat(MlirContext ctx, double value) {
  return wrapConst(ctx, Const::ofDouble(value));
}
MlirAttribute tolkConstAttrGetInvalid(MlirContext ctx) {
  return wrapConst(ctx, Const::invalid());
}

TolkConstKind tolkConstAttrGetKind(MlirAttribute attr) {
  Const c = constOf(attr);
  if (c.isInvalid())
    return TolkConstKindInvalid;
  switch (c.value().kind()) {
  case tolk::dtype::Value::Kind::Bool:
    return TolkConstKindBool;
  case tolk::dtype::Value::Kind::Int:
    return TolkConstKindInt;
  case tolk::dtype::Value::Kind::Float:
    return TolkConstKindFloat;
  case tolk::dtype::Value::Kind::Float128:
    return TolkConstKindFloat128;
  case tolk::dtype::Value::Kind::Complex:
    return TolkConstKindComplex;
  }
  llvm_unreachable("covered switch");
}
bool tolkConstAttrGetBoolValue(MlirAttribute attr) {
  return constOf(attr).value().getBool();
}
bool tolkConstAttrIntFitsInt64(MlirAttribute attr) {
  llvm::DynamicAPInt i = constOf(attr).value().getInt(); // constOf: a copy
  return i >= INT64_MIN && i <= INT64_MAX;
}
int64_t tolkConstAttrGetIntValue(MlirAttribute attr) {
  return static_cast<int64_t>(constOf(attr).value().getInt());
}
void tolkConstAttrGetIntDecimal(MlirAttribute attr, MlirStringCallback callback,
                                void *userData) {
  std::string s = tolk::dtype::toDecimal(constOf(attr).value().getInt());
  callback(wrap(StringRef(s)), userData);
}
uint64_t tolkConstAttrGetFloatBitsValue(MlirAttribute attr) {
  return constOf(attr).value().getFloat().bits;
}

MlirAttribute tolkConstAttrGetFloat128Bits(MlirContext ctx,
                                           const uint64_t words[2]) {
  llvm::APInt bits(128, llvm::ArrayRef<uint64_t>(words, 2));
  return wrapConst(ctx, tolk::dtype::Value::ofFloat128(
                            llvm::APFloat(llvm::APFloat::IEEEquad(), bits)));
}
void tolkConstAttrGetFloat128BitsValue(MlirAttribute attr, uint64_t words[2]) {
  llvm::APInt bits = constOf(attr).value().getFloat128().bitcastToAPInt();
  words[0] = bits.extractBitsAsZExtValue(64, 0);
  words[1] = bits.extractBitsAsZExtValue(64, 64);
}

/// The data type of a complex constant's components.
static tolk::dtype::DType componentDType(const tolk::dtype::Complex &c) {
  using tolk::dtype::DType;
  if (&c.semantics() == &llvm::APFloat::IEEEsingle())
    return DType::Float32;
  if (&c.semantics() == &llvm::APFloat::IEEEdouble())
    return DType::Float64;
  return DType::Float128;
}
/// A complex component as a constant of the component type: what its bits
/// store in that type (fromBits keeps every NaN payload).
static MlirAttribute componentConst(MlirAttribute attr, bool imaginary) {
  Const c = constOf(attr);
  const tolk::dtype::Complex &z = c.value().getComplex();
  const llvm::APFloat &part = imaginary ? z.im : z.re;
  // Every bit pattern of a float format is a value of it.
  return wrapConst(mlirAttributeGetContext(attr),
                   llvm::cantFail(tolk::dtype::fromBits(
                       componentDType(z), part.bitcastToAPInt())));
}

MlirType tolkConstAttrGetComplexElementType(MlirAttribute attr) {
  Const c = constOf(attr);
  MLIRContext *ctx = unwrap(attr).getContext();
  switch (componentDType(c.value().getComplex())) {
  case tolk::dtype::DType::Float32:
    return wrap(Float32Type::get(ctx));
  case tolk::dtype::DType::Float64:
    return wrap(Float64Type::get(ctx));
  default:
    return wrap(Float128Type::get(ctx));
  }
}
MlirAttribute tolkConstAttrGetComplexReal(MlirAttribute attr) {
  return componentConst(attr, /*imaginary=*/false);
}
MlirAttribute tolkConstAttrGetComplexImag(MlirAttribute attr) {
  return componentConst(attr, /*imaginary=*/true);
}

MlirAttribute tolkConstAttrConvert(MlirLocation loc, MlirAttribute attr,
                                   MlirType type) {
  Location l = unwrap(loc);
  std::optional<tolk::dtype::DType> dt = tolk::getDType(unwrap(type));
  if (!dt) {
    emitError(l) << unwrap(type) << " is not a Tolk data type";
    return {nullptr};
  }
  llvm::Expected<Const> c = tolk::dtype::makeConst(*dt, constOf(attr));
  if (!c) {
    emitError(l) << llvm::toString(c.takeError());
    return {nullptr};
  }
  return wrap(tolk::ConstAttr::get(l.getContext(), std::move(*c)));
}

void tolkConstAttrPrintLiteral(MlirAttribute attr, MlirStringCallback callback,
                               void *userData) {
  std::string s = tolk::dtype::ppConst(constOf(attr));
  callback(wrap(StringRef(s)), userData);
}
