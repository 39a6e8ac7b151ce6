/*===- tolk-c/Dialect.h - C API of the Tolk dialect ---------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Registering the tolk dialect and building and inspecting its types and    *|
|* attributes, in the manner of MLIR's own C API (mlir-c/Dialect/*.h): a      *|
|* dialect handle, `tolk<Type|Attr>IsA...`, `tolk...Get` and accessors, and   *|
|* `...GetTypeID`.                                                            *|
|*                                                                            *|
|* The data types are builtin types (si8, ui64, f16, bf16, f8E4M3FN, i1) and  *|
|* the weak types; docs/Semantics.md, "Data types", has the table.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TOLK_C_DIALECT_H
#define TOLK_C_DIALECT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// mlirGetDialectHandle__tolk__(): register or load the dialect with
/// mlirDialectHandleRegisterDialect / mlirDialectHandleLoadDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tolk, tolk);

/// Adds the tolk dialect, the upstream dialects Tolk's pipelines produce
/// (gpu, nvvm, rocdl, spirv, llvm, ...) and the extensions their last steps
/// need (target attributes, LLVM IR translations) to `registry`: what a
/// context needs before tolkRunPassPipeline runs a named pipeline.
MLIR_CAPI_EXPORTED void tolkRegisterAllDialects(MlirDialectRegistry registry);

/// The address space of a !tolk.ptr, as #tolk.addrspace numbers it.
typedef enum TolkAddrSpace {
  TolkAddrSpaceGlobal = 0,
  TolkAddrSpaceLocal = 1,
  TolkAddrSpaceReg = 2,
  TolkAddrSpaceAlu = 3,
} TolkAddrSpace;

/// The storage kind of an image pointer.
typedef enum TolkImageKind {
  TolkImageKindImageh = 0,
  TolkImageKindImagef = 1,
} TolkImageKind;

/// The rounding of tolk.div, as #tolk.rounding numbers it.
typedef enum TolkRounding {
  TolkRoundingNone = 0,
  TolkRoundingTrunc = 1,
  TolkRoundingFloor = 2,
} TolkRounding;

//===----------------------------------------------------------------------===//
// Data types
//===----------------------------------------------------------------------===//

/// Whether `type` is a Tolk data type: i1, si8..si64, ui8..ui64, one of the
/// eight float formats, !tolk.weakint or !tolk.weakfloat (or the storage
/// helpers ui128 and ui256).
MLIR_CAPI_EXPORTED bool tolkTypeIsADType(MlirType type);

/// Calls `callback` with the short name of the data type of `type` ("i8",
/// "u64", "f16", "bf16", "fp8e4m3", "bool", "weakint", ...) and returns true;
/// returns false, and does not call it, if `type` is not a data type.
MLIR_CAPI_EXPORTED bool tolkTypeGetDTypeName(MlirType type,
                                             MlirStringCallback callback,
                                             void *userData);

/// The type of the data type named `name`, in any case: a short name ("i8",
/// "bf16"), a constructor's name ("int8", "bfloat16", "weakint"), a C alias
/// ("half", "uint"), or "default_int"/"default_float" (the settings). A null
/// type if no data type has that name, or if it has no MLIR type (void).
MLIR_CAPI_EXPORTED MlirType tolkDTypeTypeGet(MlirContext ctx,
                                             MlirStringRef name);

//===----------------------------------------------------------------------===//
// Weak types
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tolkTypeIsAWeakInt(MlirType type);
MLIR_CAPI_EXPORTED MlirType tolkWeakIntTypeGet(MlirContext ctx);
MLIR_CAPI_EXPORTED MlirTypeID tolkWeakIntTypeGetTypeID(void);

MLIR_CAPI_EXPORTED bool tolkTypeIsAWeakFloat(MlirType type);
MLIR_CAPI_EXPORTED MlirType tolkWeakFloatTypeGet(MlirContext ctx);
MLIR_CAPI_EXPORTED MlirTypeID tolkWeakFloatTypeGetTypeID(void);

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tolkTypeIsAPtr(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID tolkPtrTypeGetTypeID(void);

/// `!tolk.ptr<elementType, addrSpace[, size]>` (size -1: unknown), or a null
/// type after a diagnostic at `loc` when the element type is not a value
/// type of a committed data type.
MLIR_CAPI_EXPORTED MlirType tolkPtrTypeGetChecked(MlirLocation loc,
                                                  MlirType elementType,
                                                  TolkAddrSpace addrSpace,
                                                  int64_t size);

/// The same with a pointer vector width (`v = vecWidth`): a load or store
/// through it moves `vecWidth` elements. A null type after a diagnostic for
/// a width of 0.
MLIR_CAPI_EXPORTED MlirType tolkPtrTypeGetVectorChecked(MlirLocation loc,
                                                        MlirType elementType,
                                                        TolkAddrSpace addrSpace,
                                                        int64_t size,
                                                        unsigned vecWidth);

/// An image pointer: `!tolk.ptr<elementType, addrSpace, imageh<shape>>` (or
/// imagef), its element count the product of the `rank` dimensions of
/// `shape`. A null type after a diagnostic for an empty shape or a
/// dimension that is not positive.
MLIR_CAPI_EXPORTED MlirType tolkPtrTypeGetImageChecked(
    MlirLocation loc, MlirType elementType, TolkAddrSpace addrSpace,
    TolkImageKind kind, intptr_t rank, const int64_t *shape);

MLIR_CAPI_EXPORTED MlirType tolkPtrTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED TolkAddrSpace tolkPtrTypeGetAddrSpace(MlirType type);
/// The element count, or -1 when unknown.
MLIR_CAPI_EXPORTED int64_t tolkPtrTypeGetSize(MlirType type);
/// The pointer's vector width (`v = N`), 1 when not given.
MLIR_CAPI_EXPORTED unsigned tolkPtrTypeGetVecWidth(MlirType type);
/// Whether the pointer is an image pointer.
MLIR_CAPI_EXPORTED bool tolkPtrTypeIsImage(MlirType type);
/// The image kind; precondition: tolkPtrTypeIsImage.
MLIR_CAPI_EXPORTED TolkImageKind tolkPtrTypeGetImageKind(MlirType type);
/// The image's rank (0 for a pointer that is not an image) and dimension.
MLIR_CAPI_EXPORTED intptr_t tolkPtrTypeGetImageRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t tolkPtrTypeGetImageDim(MlirType type, intptr_t pos);

//===----------------------------------------------------------------------===//
// Address space and rounding attributes
//===----------------------------------------------------------------------===//

/// `#tolk.addrspace<global>`, ...
MLIR_CAPI_EXPORTED bool tolkAttributeIsAAddrSpace(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute tolkAddrSpaceAttrGet(MlirContext ctx,
                                                      TolkAddrSpace value);
MLIR_CAPI_EXPORTED TolkAddrSpace tolkAddrSpaceAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID tolkAddrSpaceAttrGetTypeID(void);

/// `#tolk.rounding<floor>`, ...: the `rounding` attribute of tolk.div.
MLIR_CAPI_EXPORTED bool tolkAttributeIsARounding(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute tolkRoundingAttrGet(MlirContext ctx,
                                                     TolkRounding value);
MLIR_CAPI_EXPORTED TolkRounding tolkRoundingAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID tolkRoundingAttrGetTypeID(void);

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// What a #tolk.const holds (docs/Semantics.md, "Values").
typedef enum TolkConstKind {
  TolkConstKindBool = 0,
  TolkConstKindInt = 1,
  TolkConstKindFloat = 2,
  TolkConstKindInvalid = 3,
  TolkConstKindFloat128 = 4, /* an f128 value (IEEE binary128) */
  TolkConstKindComplex = 5,  /* a complex value */
} TolkConstKind;

/// `#tolk.const<...>`: one lane of a constant, the value of every
/// tolk.const of a weak type or `invalid`.
MLIR_CAPI_EXPORTED bool tolkAttributeIsAConst(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID tolkConstAttrGetTypeID(void);

MLIR_CAPI_EXPORTED MlirAttribute tolkConstAttrGetBool(MlirContext ctx,
                                                      bool value);
MLIR_CAPI_EXPORTED MlirAttribute tolkConstAttrGetInt(MlirContext ctx,
                                                     int64_t value);
/// A mathematical integer of any size, in decimal ("-" then digits); a null
/// attribute if `decimal` is not one.
MLIR_CAPI_EXPORTED MlirAttribute
tolkConstAttrGetIntFromString(MlirContext ctx, MlirStringRef decimal);
/// A binary64 float given by its bits: any NaN payload.
MLIR_CAPI_EXPORTED MlirAttribute tolkConstAttrGetFloatBits(MlirContext ctx,
                                                           uint64_t bits);
MLIR_CAPI_EXPORTED MlirAttribute tolkConstAttrGetFloat(MlirContext ctx,
                                                       double value);
/// `invalid`: the value of a masked-out element.
MLIR_CAPI_EXPORTED MlirAttribute tolkConstAttrGetInvalid(MlirContext ctx);

MLIR_CAPI_EXPORTED TolkConstKind tolkConstAttrGetKind(MlirAttribute attr);
/// Precondition: the kind is Bool.
MLIR_CAPI_EXPORTED bool tolkConstAttrGetBoolValue(MlirAttribute attr);
/// Whether an Int constant fits int64_t; precondition: the kind is Int.
MLIR_CAPI_EXPORTED bool tolkConstAttrIntFitsInt64(MlirAttribute attr);
/// Precondition: tolkConstAttrIntFitsInt64.
MLIR_CAPI_EXPORTED int64_t tolkConstAttrGetIntValue(MlirAttribute attr);
/// Calls `callback` with an Int constant in decimal, however large.
MLIR_CAPI_EXPORTED void tolkConstAttrGetIntDecimal(MlirAttribute attr,
                                                   MlirStringCallback callback,
                                                   void *userData);
/// The binary64 bits of a Float constant; precondition: the kind is Float.
MLIR_CAPI_EXPORTED uint64_t tolkConstAttrGetFloatBitsValue(MlirAttribute attr);

/// An f128 constant (kind Float128) given by its IEEE binary128 bits, as two
/// 64-bit words, the low one first: the word order of LLVM-C's
/// LLVMConstIntOfArbitraryPrecision and of APInt. Any NaN payload.
MLIR_CAPI_EXPORTED MlirAttribute
tolkConstAttrGetFloat128Bits(MlirContext ctx, const uint64_t words[2]);
/// The binary128 bits of a Float128 constant into `words`, the low 64 bits
/// first; precondition: the kind is Float128.
MLIR_CAPI_EXPORTED void tolkConstAttrGetFloat128BitsValue(MlirAttribute attr,
                                                          uint64_t words[2]);

/// The component type of a Complex constant: f32, f64 or f128 (for
/// complex<f32>, complex<f64> and complex<f128>); precondition: the kind is
/// Complex.
MLIR_CAPI_EXPORTED MlirType
tolkConstAttrGetComplexElementType(MlirAttribute attr);
/// The real and the imaginary part of a Complex constant, each a constant of
/// the component type with its bits exactly: kind Float for an f32 or f64
/// part (the binary64 that holds it, a NaN's payload at the top of the
/// fraction), kind Float128 for an f128 part. Precondition: the kind is
/// Complex.
MLIR_CAPI_EXPORTED MlirAttribute
tolkConstAttrGetComplexReal(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute
tolkConstAttrGetComplexImag(MlirAttribute attr);

/// The constant `attr` as a constant of the data type `type`, as a folded
/// tolk.cast makes it (docs/Semantics.md, "const"): integers wrap, floats
/// round once, a float becomes an integer rounded towards zero. A null
/// attribute after a diagnostic at `loc` if `type` is not a data type or
/// the value has none in it (a NaN as !tolk.weakint).
MLIR_CAPI_EXPORTED MlirAttribute tolkConstAttrConvert(MlirLocation loc,
                                                      MlirAttribute attr,
                                                      MlirType type);

/// Calls `callback` with the constant as a literal (True, -300, 1.5, nan,
/// Invalid; docs/Semantics.md, "Printing").
MLIR_CAPI_EXPORTED void tolkConstAttrPrintLiteral(MlirAttribute attr,
                                                  MlirStringCallback callback,
                                                  void *userData);

#ifdef __cplusplus
}
#endif

#endif // TOLK_C_DIALECT_H
