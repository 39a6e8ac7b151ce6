//===- Dialect.cpp - C API of the Tolk dialect ----------------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tolk-c/Dialect.h"
#include "tolk/Dialect/Tolk/IR/TolkDialect.h"
#include "tolk/Dialect/Tolk/IR/TolkTypes.h"
#include "tolk/Dialect/Tolk/IR/TypeMapping.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tolk, tolk, tolk::TolkDialect)

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

bool tolkTypeIsAWeakInt(MlirType type) {
  return isa<tolk::WeakIntType>(unwrap(type));
}
MlirType tolkWeakIntTypeGet(MlirContext ctx) {
  return wrap(tolk::WeakIntType::get(unwrap(ctx)));
}

bool tolkTypeIsAWeakFloat(MlirType type) {
  return isa<tolk::WeakFloatType>(unwrap(type));
}
MlirType tolkWeakFloatTypeGet(MlirContext ctx) {
  return wrap(tolk::WeakFloatType::get(unwrap(ctx)));
}

bool tolkTypeIsAPtr(MlirType type) { return isa<tolk::PtrType>(unwrap(type)); }

MlirType tolkPtrTypeGetChecked(MlirLocation loc, MlirType elementType,
                               TolkAddrSpace addrSpace, int64_t size) {
  Location l = unwrap(loc);
  return wrap(tolk::PtrType::getChecked(
      [&] { return emitError(l); }, l.getContext(), unwrap(elementType),
      static_cast<tolk::AddrSpace>(addrSpace), size, /*vecWidth=*/1u,
      /*image=*/std::optional<tolk::ImageKind>(),
      /*imageShape=*/ArrayRef<int64_t>()));
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
