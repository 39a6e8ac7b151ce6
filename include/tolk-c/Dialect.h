/*===- tolk-c/Dialect.h - C API of the Tolk dialect ---------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Registering the tolk dialect and building and inspecting its types, in    *|
|* the manner of MLIR's own C API (mlir-c/Dialect/*.h): a dialect handle,     *|
|* `tolkTypeIsA...`, `tolk...TypeGet`, and accessors.                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TOLK_C_DIALECT_H
#define TOLK_C_DIALECT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// mlirGetDialectHandle__tolk__(): register or load the dialect with
/// mlirDialectHandleRegisterDialect / mlirDialectHandleLoadDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tolk, tolk);

/// The address space of a !tolk.ptr, as #tolk.addrspace numbers it.
typedef enum TolkAddrSpace {
  TolkAddrSpaceGlobal = 0,
  TolkAddrSpaceLocal = 1,
  TolkAddrSpaceReg = 2,
  TolkAddrSpaceAlu = 3,
} TolkAddrSpace;

//===----------------------------------------------------------------------===//
// Data types
//===----------------------------------------------------------------------===//

/// Whether `type` is a Tolk data type: i1, si8..si64, ui8..ui64, a builtin
/// float, !tolk.weakint or !tolk.weakfloat (DESIGN.md's type table).
MLIR_CAPI_EXPORTED bool tolkTypeIsADType(MlirType type);

/// Calls `callback` with the seed's short name of the data type of `type`
/// ("i8", "u64", "f16", "bf16", "fp8e4m3", "bool", "weakint", ...) and
/// returns true; returns false, and does not call it, if `type` is not a
/// data type.
MLIR_CAPI_EXPORTED bool tolkTypeGetDTypeName(MlirType type,
                                             MlirStringCallback callback,
                                             void *userData);

//===----------------------------------------------------------------------===//
// Weak types
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tolkTypeIsAWeakInt(MlirType type);
MLIR_CAPI_EXPORTED MlirType tolkWeakIntTypeGet(MlirContext ctx);

MLIR_CAPI_EXPORTED bool tolkTypeIsAWeakFloat(MlirType type);
MLIR_CAPI_EXPORTED MlirType tolkWeakFloatTypeGet(MlirContext ctx);

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tolkTypeIsAPtr(MlirType type);

/// `!tolk.ptr<elementType, addrSpace[, size]>` (size -1: unknown), or a null
/// type after a diagnostic at `loc` when the element type is not a value
/// type of a data type.
MLIR_CAPI_EXPORTED MlirType tolkPtrTypeGetChecked(MlirLocation loc,
                                                  MlirType elementType,
                                                  TolkAddrSpace addrSpace,
                                                  int64_t size);

MLIR_CAPI_EXPORTED MlirType tolkPtrTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED TolkAddrSpace tolkPtrTypeGetAddrSpace(MlirType type);
/// The element count, or -1 when unknown.
MLIR_CAPI_EXPORTED int64_t tolkPtrTypeGetSize(MlirType type);
/// The pointer's vector width (`v = N`), 1 when not given.
MLIR_CAPI_EXPORTED unsigned tolkPtrTypeGetVecWidth(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // TOLK_C_DIALECT_H
