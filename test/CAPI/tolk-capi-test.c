/*===- tolk-capi-test.c - The Tolk C API from C -------------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* Every pass and pipeline tolk-opt lists (its --help) must be known to the
   C API after tolkRegisterAllPasses and MLIR's mlirRegisterTransformsPasses
   (the upstream passes tolk-opt has): the names come from tolk-opt itself,
   so a new pass cannot be forgotten.
   RUN: tolk-opt --help | %python %S/../Plugin/Inputs/tolk-pass-names.py \
   RUN:   > %t.names
   RUN: tolk-capi-test %t.names 2>&1 | FileCheck %s
 */

#include "tolk-c/Dialect.h"
#include "tolk-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Transforms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static void printType(const char *what, MlirType t) {
  printf("%s: ", what);
  mlirTypePrint(t, printToStdout, NULL);
  printf("\n");
}

static void printAttr(const char *what, MlirAttribute a) {
  printf("%s: ", what);
  mlirAttributePrint(a, printToStdout, NULL);
  printf("\n");
}

/* A diagnostic is printed to stdout, so that its place among the test's
   lines is checked. */
static MlirLogicalResult printDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(d, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirContext makeContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tolkRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tolk__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  return ctx;
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/*===----------------------------------------------------------------------===*/
/* Data types                                                                 */
/*===----------------------------------------------------------------------===*/

static void testDTypes(MlirContext ctx) {
  printf("@dtypes\n");
  /* The twenty data types by their short names, then aliases. */
  static const char *names[] = {
      "void",   "weakint", "bool",    "i8",          "u8",
      "i16",    "u16",     "i32",     "u32",         "i64",
      "u64",    "weakfloat", "fp8e4m3", "fp8e5m2",   "fp8e4m3fnuz",
      "fp8e5m2fnuz", "f16", "bf16",   "f32",         "f64",
      "half",   "uint",    "BFloat16", "default_int", "nonsense"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
    MlirType t = tolkDTypeTypeGet(ctx, str(names[i]));
    printf("%s -> ", names[i]);
    if (mlirTypeIsNull(t)) {
      printf("null\n");
      continue;
    }
    mlirTypePrint(t, printToStdout, NULL);
    printf(" (");
    tolkTypeGetDTypeName(t, printToStdout, NULL);
    printf(", dtype %d)\n", tolkTypeIsADType(t));
  }
  printf("index is a dtype: %d\n", tolkTypeIsADType(mlirIndexTypeGet(ctx)));
}
// CHECK-LABEL: @dtypes
// CHECK-NEXT: void -> null
// CHECK-NEXT: weakint -> !tolk.weakint (weakint, dtype 1)
// CHECK-NEXT: bool -> i1 (bool, dtype 1)
// CHECK-NEXT: i8 -> si8 (i8, dtype 1)
// CHECK-NEXT: u8 -> ui8 (u8, dtype 1)
// CHECK-NEXT: i16 -> si16 (i16, dtype 1)
// CHECK-NEXT: u16 -> ui16 (u16, dtype 1)
// CHECK-NEXT: i32 -> si32 (i32, dtype 1)
// CHECK-NEXT: u32 -> ui32 (u32, dtype 1)
// CHECK-NEXT: i64 -> si64 (i64, dtype 1)
// CHECK-NEXT: u64 -> ui64 (u64, dtype 1)
// CHECK-NEXT: weakfloat -> !tolk.weakfloat (weakfloat, dtype 1)
// CHECK-NEXT: fp8e4m3 -> f8E4M3FN (fp8e4m3, dtype 1)
// CHECK-NEXT: fp8e5m2 -> f8E5M2 (fp8e5m2, dtype 1)
// CHECK-NEXT: fp8e4m3fnuz -> f8E4M3FNUZ (fp8e4m3fnuz, dtype 1)
// CHECK-NEXT: fp8e5m2fnuz -> f8E5M2FNUZ (fp8e5m2fnuz, dtype 1)
// CHECK-NEXT: f16 -> f16 (f16, dtype 1)
// CHECK-NEXT: bf16 -> bf16 (bf16, dtype 1)
// CHECK-NEXT: f32 -> f32 (f32, dtype 1)
// CHECK-NEXT: f64 -> f64 (f64, dtype 1)
// CHECK-NEXT: half -> f16 (f16, dtype 1)
// CHECK-NEXT: uint -> ui32 (u32, dtype 1)
// CHECK-NEXT: BFloat16 -> bf16 (bf16, dtype 1)
// CHECK-NEXT: default_int -> si32 (i32, dtype 1)
// CHECK-NEXT: nonsense -> null
// CHECK-NEXT: index is a dtype: 0

/*===----------------------------------------------------------------------===*/
/* Weak types                                                                 */
/*===----------------------------------------------------------------------===*/

static void testWeakTypes(MlirContext ctx) {
  printf("@weak\n");
  MlirType weakInt = tolkWeakIntTypeGet(ctx);
  MlirType weakFloat = tolkWeakFloatTypeGet(ctx);
  printType("weakint", weakInt);
  printType("weakfloat", weakFloat);
  printf("isa weakint %d %d, weakfloat %d %d, ptr %d\n",
         tolkTypeIsAWeakInt(weakInt), tolkTypeIsAWeakInt(weakFloat),
         tolkTypeIsAWeakFloat(weakFloat), tolkTypeIsAWeakFloat(weakInt),
         tolkTypeIsAPtr(weakInt));
  printf("type ids %d %d %d\n",
         mlirTypeIDEqual(mlirTypeGetTypeID(weakInt), tolkWeakIntTypeGetTypeID()),
         mlirTypeIDEqual(mlirTypeGetTypeID(weakFloat),
                         tolkWeakFloatTypeGetTypeID()),
         mlirTypeIDEqual(mlirTypeGetTypeID(weakInt),
                         tolkWeakFloatTypeGetTypeID()));
}
// CHECK-LABEL: @weak
// CHECK-NEXT: weakint: !tolk.weakint
// CHECK-NEXT: weakfloat: !tolk.weakfloat
// CHECK-NEXT: isa weakint 1 0, weakfloat 1 0, ptr 0
// CHECK-NEXT: type ids 1 1 0

/*===----------------------------------------------------------------------===*/
/* Pointers                                                                   */
/*===----------------------------------------------------------------------===*/

static void describePtr(MlirType p) {
  printType("ptr", p);
  printf("  element ");
  mlirTypePrint(tolkPtrTypeGetElementType(p), printToStdout, NULL);
  printf(", space %d, size %lld, width %u, image %d", (int)tolkPtrTypeGetAddrSpace(p),
         (long long)tolkPtrTypeGetSize(p), tolkPtrTypeGetVecWidth(p),
         tolkPtrTypeIsImage(p));
  if (tolkPtrTypeIsImage(p)) {
    printf(" kind %d shape", (int)tolkPtrTypeGetImageKind(p));
    for (intptr_t i = 0; i < tolkPtrTypeGetImageRank(p); ++i)
      printf(" %lld", (long long)tolkPtrTypeGetImageDim(p, i));
  }
  printf("\n");
}

static void testPointers(MlirContext ctx) {
  printf("@pointers\n");
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType si32 = mlirIntegerTypeSignedGet(ctx, 32);
  /* The four address spaces. */
  describePtr(tolkPtrTypeGetChecked(loc, f32, TolkAddrSpaceGlobal, -1));
  describePtr(tolkPtrTypeGetChecked(loc, f16, TolkAddrSpaceLocal, 256));
  describePtr(tolkPtrTypeGetChecked(loc, si32, TolkAddrSpaceReg, 4));
  MlirType alu = tolkPtrTypeGetChecked(loc, si32, TolkAddrSpaceAlu, -1);
  describePtr(alu);
  printf("isa ptr %d, type id %d\n", tolkTypeIsAPtr(alu),
         mlirTypeIDEqual(mlirTypeGetTypeID(alu), tolkPtrTypeGetTypeID()));
  /* Vector widths. */
  describePtr(tolkPtrTypeGetVectorChecked(loc, f16, TolkAddrSpaceGlobal, 32, 8));
  describePtr(tolkPtrTypeGetVectorChecked(loc, f32, TolkAddrSpaceLocal, -1, 4));
  /* A pointer to lanes. */
  int64_t four = 4;
  describePtr(tolkPtrTypeGetChecked(
      loc, mlirVectorTypeGet(1, &four, f16), TolkAddrSpaceGlobal, 1024));
  /* Image pointers. */
  int64_t shape[] = {4, 8, 4};
  describePtr(tolkPtrTypeGetImageChecked(loc, f32, TolkAddrSpaceGlobal,
                                         TolkImageKindImagef, 3, shape));
  describePtr(tolkPtrTypeGetImageChecked(loc, f16, TolkAddrSpaceGlobal,
                                         TolkImageKindImageh, 2, shape));

  /* Errors: a diagnostic and a null type. */
  printf("index pointee null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetChecked(loc, mlirIndexTypeGet(ctx),
                                              TolkAddrSpaceGlobal, -1)));
  printf("weak pointee null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetChecked(loc, tolkWeakIntTypeGet(ctx),
                                              TolkAddrSpaceGlobal, -1)));
  printf("width 0 null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetVectorChecked(loc, f32,
                                                    TolkAddrSpaceGlobal, 8, 0)));
  int64_t badShape[] = {4, 0};
  printf("image dimension 0 null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetImageChecked(
             loc, f32, TolkAddrSpaceGlobal, TolkImageKindImagef, 2, badShape)));
  printf("image without shape null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetImageChecked(
             loc, f32, TolkAddrSpaceGlobal, TolkImageKindImagef, 0, NULL)));
  /* C lets an enum hold any int (an FFI passes one): a value outside the
     enumerators is a diagnostic too. */
  printf("address space 7 null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetChecked(loc, f32, (TolkAddrSpace)7, -1)));
  printf("address space -1 null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetVectorChecked(loc, f32, (TolkAddrSpace)-1,
                                                    8, 4)));
  printf("image kind 2 null: %d\n",
         mlirTypeIsNull(tolkPtrTypeGetImageChecked(
             loc, f32, TolkAddrSpaceGlobal, (TolkImageKind)2, 3, shape)));
}
// CHECK-LABEL: @pointers
// CHECK-NEXT: ptr: !tolk.ptr<f32, global>
// CHECK-NEXT:   element f32, space 0, size -1, width 1, image 0
// CHECK-NEXT: ptr: !tolk.ptr<f16, local, 256>
// CHECK-NEXT:   element f16, space 1, size 256, width 1, image 0
// CHECK-NEXT: ptr: !tolk.ptr<si32, reg, 4>
// CHECK-NEXT:   element si32, space 2, size 4, width 1, image 0
// CHECK-NEXT: ptr: !tolk.ptr<si32, alu>
// CHECK-NEXT:   element si32, space 3, size -1, width 1, image 0
// CHECK-NEXT: isa ptr 1, type id 1
// CHECK-NEXT: ptr: !tolk.ptr<f16, global, 32, v = 8>
// CHECK-NEXT:   element f16, space 0, size 32, width 8, image 0
// CHECK-NEXT: ptr: !tolk.ptr<f32, local, v = 4>
// CHECK-NEXT:   element f32, space 1, size -1, width 4, image 0
// CHECK-NEXT: ptr: !tolk.ptr<vector<4xf16>, global, 1024>
// CHECK-NEXT:   element vector<4xf16>, space 0, size 1024, width 1, image 0
// CHECK-NEXT: ptr: !tolk.ptr<f32, global, imagef<4x8x4>>
// CHECK-NEXT:   element f32, space 0, size 128, width 1, image 1 kind 1 shape 4 8 4
// CHECK-NEXT: ptr: !tolk.ptr<f16, global, imageh<4x8>>
// CHECK-NEXT:   element f16, space 0, size 32, width 1, image 1 kind 0 shape 4 8
// CHECK-NEXT: diagnostic: pointee must be a Tolk scalar or a vector of one, not 'index'
// CHECK-NEXT: index pointee null: 1
// CHECK-NEXT: diagnostic: pointee must have a committed data type, not '!tolk.weakint'
// CHECK-NEXT: weak pointee null: 1
// CHECK-NEXT: diagnostic: pointer vector width must be positive
// CHECK-NEXT: width 0 null: 1
// CHECK-NEXT: diagnostic: image dimensions must be positive
// CHECK-NEXT: image dimension 0 null: 1
// CHECK-NEXT: diagnostic: an image pointer needs a shape
// CHECK-NEXT: image without shape null: 1
// CHECK-NEXT: diagnostic: an unknown address space 7 (0: global, 1: local, 2: reg, 3: alu)
// CHECK-NEXT: address space 7 null: 1
// CHECK-NEXT: diagnostic: an unknown address space {{-1|4294967295}} (0: global, 1: local, 2: reg, 3: alu)
// CHECK-NEXT: address space -1 null: 1
// CHECK-NEXT: diagnostic: an unknown image kind 2 (0: imageh, 1: imagef)
// CHECK-NEXT: image kind 2 null: 1

/*===----------------------------------------------------------------------===*/
/* Attributes                                                                 */
/*===----------------------------------------------------------------------===*/

static void testEnumAttrs(MlirContext ctx) {
  printf("@enum_attrs\n");
  for (int s = TolkAddrSpaceGlobal; s <= TolkAddrSpaceAlu; ++s) {
    MlirAttribute a = tolkAddrSpaceAttrGet(ctx, (TolkAddrSpace)s);
    printAttr("addrspace", a);
    printf("  value %d isa %d %d, type id %d\n",
           (int)tolkAddrSpaceAttrGetValue(a), tolkAttributeIsAAddrSpace(a),
           tolkAttributeIsARounding(a),
           mlirTypeIDEqual(mlirAttributeGetTypeID(a),
                           tolkAddrSpaceAttrGetTypeID()));
  }
  for (int r = TolkRoundingNone; r <= TolkRoundingFloor; ++r) {
    MlirAttribute a = tolkRoundingAttrGet(ctx, (TolkRounding)r);
    printAttr("rounding", a);
    printf("  value %d isa %d %d, type id %d\n",
           (int)tolkRoundingAttrGetValue(a), tolkAttributeIsARounding(a),
           tolkAttributeIsAAddrSpace(a),
           mlirTypeIDEqual(mlirAttributeGetTypeID(a),
                           tolkRoundingAttrGetTypeID()));
  }
}
// CHECK-LABEL: @enum_attrs
// CHECK-NEXT: addrspace: #tolk.addrspace<global>
// CHECK-NEXT:   value 0 isa 1 0, type id 1
// CHECK-NEXT: addrspace: #tolk.addrspace<local>
// CHECK-NEXT:   value 1 isa 1 0, type id 1
// CHECK-NEXT: addrspace: #tolk.addrspace<reg>
// CHECK-NEXT:   value 2 isa 1 0, type id 1
// CHECK-NEXT: addrspace: #tolk.addrspace<alu>
// CHECK-NEXT:   value 3 isa 1 0, type id 1
// CHECK-NEXT: rounding: #tolk.rounding<none>
// CHECK-NEXT:   value 0 isa 1 0, type id 1
// CHECK-NEXT: rounding: #tolk.rounding<trunc>
// CHECK-NEXT:   value 1 isa 1 0, type id 1
// CHECK-NEXT: rounding: #tolk.rounding<floor>
// CHECK-NEXT:   value 2 isa 1 0, type id 1

static void describeConst(const char *what, MlirAttribute c) {
  printAttr(what, c);
  printf("  literal ");
  tolkConstAttrPrintLiteral(c, printToStdout, NULL);
  printf(", isa %d, type id %d, kind %d", tolkAttributeIsAConst(c),
         mlirTypeIDEqual(mlirAttributeGetTypeID(c), tolkConstAttrGetTypeID()),
         (int)tolkConstAttrGetKind(c));
  switch (tolkConstAttrGetKind(c)) {
  case TolkConstKindBool:
    printf(", bool %d", tolkConstAttrGetBoolValue(c));
    break;
  case TolkConstKindInt:
    printf(", fits %d", tolkConstAttrIntFitsInt64(c));
    if (tolkConstAttrIntFitsInt64(c))
      printf(", int %lld", (long long)tolkConstAttrGetIntValue(c));
    printf(", decimal ");
    tolkConstAttrGetIntDecimal(c, printToStdout, NULL);
    break;
  case TolkConstKindFloat:
    printf(", bits 0x%016llx",
           (unsigned long long)tolkConstAttrGetFloatBitsValue(c));
    break;
  case TolkConstKindFloat128: {
    uint64_t words[2];
    tolkConstAttrGetFloat128BitsValue(c, words);
    printf(", words 0x%016llx 0x%016llx", (unsigned long long)words[0],
           (unsigned long long)words[1]);
    break;
  }
  case TolkConstKindComplex:
    printf(", parts of ");
    mlirTypePrint(tolkConstAttrGetComplexElementType(c), printToStdout, NULL);
    printf("\n");
    describeConst("  real", tolkConstAttrGetComplexReal(c));
    describeConst("  imag", tolkConstAttrGetComplexImag(c));
    return;
  case TolkConstKindInvalid:
    break;
  }
  printf("\n");
}

static void testConstAttrs(MlirContext ctx) {
  printf("@const_attrs\n");
  describeConst("true", tolkConstAttrGetBool(ctx, true));
  describeConst("int", tolkConstAttrGetInt(ctx, -300));
  describeConst("int64 min", tolkConstAttrGetInt(ctx, INT64_MIN));
  MlirAttribute big =
      tolkConstAttrGetIntFromString(ctx, str("-123456789012345678901234567890"));
  describeConst("big", big);
  printf("not a number null: %d\n",
         mlirAttributeIsNull(tolkConstAttrGetIntFromString(ctx, str("12a"))));
  describeConst("float", tolkConstAttrGetFloat(ctx, 1.5));
  /* A signalling NaN with a payload, given by its bits. */
  describeConst("snan", tolkConstAttrGetFloatBits(ctx, 0x7ff0000000000001ull));
  describeConst("invalid", tolkConstAttrGetInvalid(ctx));
  printf("rounding is a const: %d\n",
         tolkAttributeIsAConst(tolkRoundingAttrGet(ctx, TolkRoundingFloor)));

  /* Conversions, as a folded tolk.cast makes them. */
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType si8 = mlirIntegerTypeSignedGet(ctx, 8);
  MlirType ui8 = mlirIntegerTypeUnsignedGet(ctx, 8);
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType e4m3 = mlirFloat8E4M3FNTypeGet(ctx);
  MlirType i1 = mlirIntegerTypeGet(ctx, 1);
  describeConst("300 as si8",
                tolkConstAttrConvert(loc, tolkConstAttrGetInt(ctx, 300), si8));
  describeConst("-1 as ui8",
                tolkConstAttrConvert(loc, tolkConstAttrGetInt(ctx, -1), ui8));
  describeConst("-2.75 as si8", tolkConstAttrConvert(
                                    loc, tolkConstAttrGetFloat(ctx, -2.75), si8));
  describeConst("1000.5 as si8",
                tolkConstAttrConvert(loc, tolkConstAttrGetFloat(ctx, 1000.5), si8));
  describeConst("nan as si8",
                tolkConstAttrConvert(
                    loc, tolkConstAttrGetFloatBits(ctx, 0x7ff8000000000000ull), si8));
  describeConst("-inf as si8",
                tolkConstAttrConvert(
                    loc, tolkConstAttrGetFloatBits(ctx, 0xfff0000000000000ull), si8));
  describeConst("0.1 as f16",
                tolkConstAttrConvert(loc, tolkConstAttrGetFloat(ctx, 0.1), f16));
  describeConst("1000 as e4m3",
                tolkConstAttrConvert(loc, tolkConstAttrGetInt(ctx, 1000), e4m3));
  describeConst("nan as i1",
                tolkConstAttrConvert(
                    loc, tolkConstAttrGetFloatBits(ctx, 0x7ff8000000000000ull), i1));
  describeConst("invalid as f16",
                tolkConstAttrConvert(loc, tolkConstAttrGetInvalid(ctx), f16));
  /* The kinds of the wider types' values. */
  describeConst("1.5 as f128",
                tolkConstAttrConvert(loc, tolkConstAttrGetFloat(ctx, 1.5),
                                     mlirTypeParseGet(ctx, str("f128"))));
  describeConst("1.5 as complex<f32>",
                tolkConstAttrConvert(loc, tolkConstAttrGetFloat(ctx, 1.5),
                                     mlirComplexTypeGet(mlirF32TypeGet(ctx))));
  /* f128 bits both ways, a signalling NaN's payload included. */
  const uint64_t snan[2] = {0x0000000000000001ull, 0x7fff000000000000ull};
  describeConst("f128 snan", tolkConstAttrGetFloat128Bits(ctx, snan));
  describeConst("0.1 as f128",
                tolkConstAttrConvert(loc, tolkConstAttrGetFloat(ctx, 0.1),
                                     mlirTypeParseGet(ctx, str("f128"))));
  /* The parts of each complex type, as constants of the component type. */
  const char *complexes[] = {"complex<f32>", "complex<f64>", "complex<f128>"};
  for (int i = 0; i < 3; ++i) {
    MlirOperation op = mlirOperationCreateParse(
        ctx,
        str(i == 0   ? "%c = tolk.const (1.5, 0x7FA00001) : complex<f32>"
            : i == 1 ? "%c = tolk.const (0.1, -0.0) : complex<f64>"
                     : "%c = tolk.const (-2.0, 0.1) : complex<f128>"),
        str("complex"));
    printf("%s: ", complexes[i]);
    if (mlirOperationIsNull(op)) {
      printf("does not parse\n");
      continue;
    }
    describeConst("const",
                  mlirOperationGetAttributeByName(op, str("value")));
    mlirOperationDestroy(op);
  }
  printf("nan as weakint null: %d\n",
         mlirAttributeIsNull(tolkConstAttrConvert(
             loc, tolkConstAttrGetFloatBits(ctx, 0x7ff8000000000000ull),
             tolkWeakIntTypeGet(ctx))));
  printf("to index null: %d\n",
         mlirAttributeIsNull(tolkConstAttrConvert(
             loc, tolkConstAttrGetInt(ctx, 1), mlirIndexTypeGet(ctx))));
}
// CHECK-LABEL: @const_attrs
// CHECK-NEXT: true: #tolk.const<true>
// CHECK-NEXT:   literal True, isa 1, type id 1, kind 0, bool 1
// CHECK-NEXT: int: #tolk.const<-300>
// CHECK-NEXT:   literal -300, isa 1, type id 1, kind 1, fits 1, int -300, decimal -300
// CHECK-NEXT: int64 min: #tolk.const<-9223372036854775808>
// CHECK-NEXT:   literal -9223372036854775808, isa 1, type id 1, kind 1, fits 1, int -9223372036854775808, decimal -9223372036854775808
// CHECK-NEXT: big: #tolk.const<-123456789012345678901234567890>
// CHECK-NEXT:   literal -123456789012345678901234567890, isa 1, type id 1, kind 1, fits 0, decimal -123456789012345678901234567890
// CHECK-NEXT: not a number null: 1
// CHECK-NEXT: float: #tolk.const<float 0x3ff8000000000000>
// CHECK-NEXT:   literal 1.5, isa 1, type id 1, kind 2, bits 0x3ff8000000000000
// CHECK-NEXT: snan: #tolk.const<float 0x7ff0000000000001>
// CHECK-NEXT:   literal nan, isa 1, type id 1, kind 2, bits 0x7ff0000000000001
// CHECK-NEXT: invalid: #tolk.const<invalid>
// CHECK-NEXT:   literal Invalid, isa 1, type id 1, kind 3
// CHECK-NEXT: rounding is a const: 0
// 300 wraps modulo 2^8 to 44; -1 to 255.
// CHECK-NEXT: 300 as si8: #tolk.const<44>
// CHECK-NEXT:   literal 44, {{.*}}, int 44, decimal 44
// CHECK-NEXT: -1 as ui8: #tolk.const<255>
// CHECK-NEXT:   literal 255,
// A float is rounded towards zero, then wrapped: 1000 is 0x3E8, whose low
// byte 0xE8 is -24 in si8.
// CHECK-NEXT: -2.75 as si8: #tolk.const<-2>
// CHECK-NEXT:   literal -2,
// CHECK-NEXT: 1000.5 as si8: #tolk.const<-24>
// CHECK-NEXT:   literal -24,
// NaN is 0, an infinity the least or greatest value.
// CHECK-NEXT: nan as si8: #tolk.const<0>
// CHECK-NEXT:   literal 0,
// CHECK-NEXT: -inf as si8: #tolk.const<-128>
// CHECK-NEXT:   literal -128,
// 0.1 rounds once to the nearest f16, 0x2E66, which is 0.0999755859375.
// CHECK-NEXT: 0.1 as f16: #tolk.const<float 0x3fb9980000000000>
// CHECK-NEXT:   literal 0.0999755859375,
// 8-bit floats saturate; a NaN is true.
// CHECK-NEXT: 1000 as e4m3: #tolk.const<float 0x407c000000000000>
// CHECK-NEXT:   literal 448.0,
// CHECK-NEXT: nan as i1: #tolk.const<true>
// CHECK-NEXT: literal True,
// CHECK-NEXT: invalid as f16: #tolk.const<invalid>
// CHECK-NEXT:   literal Invalid,
// CHECK-NEXT: 1.5 as f128: #tolk.const<binary128 0x3FFF8000000000000000000000000000>
// CHECK-NEXT:   literal 1.5, isa 1, type id 1, kind 4, words 0x0000000000000000 0x3fff800000000000
// CHECK-NEXT: 1.5 as complex<f32>: #tolk.const<complex<32> 0x3FC00000, 0x0>
// CHECK-NEXT:   literal (1.5, 0.0), isa 1, type id 1, kind 5, parts of f32
// CHECK-NEXT:   real: #tolk.const<float 0x3ff8000000000000>
// CHECK-NEXT:   literal 1.5, isa 1, type id 1, kind 2, bits 0x3ff8000000000000
// CHECK-NEXT:   imag: #tolk.const<float 0x0>
// CHECK-NEXT:   literal 0.0, isa 1, type id 1, kind 2, bits 0x0000000000000000
// CHECK-NEXT: f128 snan: #tolk.const<binary128 0x7FFF0000000000000000000000000001>
// CHECK-NEXT:   literal nan, isa 1, type id 1, kind 4, words 0x0000000000000001 0x7fff000000000000
// CHECK-NEXT: 0.1 as f128: #tolk.const<binary128 0x3FFB999999999999A000000000000000>
// CHECK-NEXT:   literal 0.1000000000000000055511151231257827, isa 1, type id 1, kind 4, words 0xa000000000000000 0x3ffb999999999999
// An f32 part is the binary64 that holds it: a signalling NaN stays one.
// CHECK-NEXT: complex<f32>: const: #tolk.const<complex<32> 0x3FC00000, 0x7FA00001>
// CHECK-NEXT:   literal (1.5, nan), isa 1, type id 1, kind 5, parts of f32
// CHECK-NEXT:   real: #tolk.const<float 0x3ff8000000000000>
// CHECK-NEXT:   literal 1.5, isa 1, type id 1, kind 2, bits 0x3ff8000000000000
// CHECK-NEXT:   imag: #tolk.const<float 0x7ff4000020000000>
// CHECK-NEXT:   literal nan, isa 1, type id 1, kind 2, bits 0x7ff4000020000000
// CHECK-NEXT: complex<f64>: const: #tolk.const<complex<64> 0x3FB999999999999A, 0x8000000000000000>
// CHECK-NEXT:   literal (0.1, -0.0), isa 1, type id 1, kind 5, parts of f64
// CHECK-NEXT:   real: #tolk.const<float 0x3fb999999999999a>
// CHECK-NEXT:   literal 0.1, isa 1, type id 1, kind 2, bits 0x3fb999999999999a
// CHECK-NEXT:   imag: #tolk.const<float 0x8000000000000000>
// CHECK-NEXT:   literal -0.0, isa 1, type id 1, kind 2, bits 0x8000000000000000
// CHECK-NEXT: complex<f128>: const: #tolk.const<complex<128> 0xC0000000000000000000000000000000, 0x3FFB999999999999999999999999999A>
// CHECK-NEXT:   literal (-2.0, 0.1), isa 1, type id 1, kind 5, parts of f128
// CHECK-NEXT:   real: #tolk.const<binary128 0xC0000000000000000000000000000000>
// CHECK-NEXT:   literal -2.0, isa 1, type id 1, kind 4, words 0x0000000000000000 0xc000000000000000
// CHECK-NEXT:   imag: #tolk.const<binary128 0x3FFB999999999999999999999999999A>
// CHECK-NEXT:   literal 0.1, isa 1, type id 1, kind 4, words 0x999999999999999a 0x3ffb999999999999
// CHECK-NEXT: diagnostic: const: nan has no value as dtypes.weakint
// CHECK-NEXT: nan as weakint null: 1
// CHECK-NEXT: diagnostic: 'index' is not a Tolk data type
// CHECK-NEXT: to index null: 1

/*===----------------------------------------------------------------------===*/
/* Passes and pipelines                                                       */
/*===----------------------------------------------------------------------===*/

static MlirModule parse(MlirContext ctx, const char *source) {
  return mlirModuleCreateParse(ctx, str(source));
}

static const char *kPromote =
    "func.func @f(%a: si8) -> (si8, !tolk.weakint) {\n"
    "  %c = tolk.const 300 : !tolk.weakint\n"
    "  %d = tolk.const 70000 : !tolk.weakint\n"
    "  %0 = tolk.sub %a, %c : (si8, !tolk.weakint) -> si8\n"
    "  return %0, %d : si8, !tolk.weakint\n"
    "}\n";

/* A named pipeline, then its result printed. */
static void runAndPrint(MlirContext ctx, const char *source,
                        const char *pipeline) {
  printf("pipeline %s\n", pipeline);
  MlirModule module = parse(ctx, source);
  MlirOperation op = mlirModuleGetOperation(module);
  MlirLogicalResult r = tolkRunPassPipeline(op, str(pipeline), printToStdout, NULL);
  printf("\nresult %d\n", mlirLogicalResultIsSuccess(r));
  if (mlirLogicalResultIsSuccess(r)) {
    mlirOperationPrint(op, printToStdout, NULL);
    printf("\n");
  }
  mlirModuleDestroy(module);
}

static void testPipelines(MlirContext ctx) {
  printf("@pipelines\n");
  /* Without the anchor, and with it. */
  runAndPrint(ctx, kPromote,
              "canonicalize,tolk-decompose,canonicalize,"
              "tolk-commit-weak{default-int=int16}");
  runAndPrint(ctx, kPromote, "builtin.module(canonicalize,tolk-commit-weak)");
  /* A pipeline that does not parse, and one that fails. */
  runAndPrint(ctx, kPromote, "tolk-no-such-pass");
  runAndPrint(ctx, kPromote, "tolk-commit-weak{default-int=bogus}");
}
// a - 300 in si8: 300 wraps to 44, and sub is a + neg 44 = a + -44.
// CHECK-LABEL: @pipelines
// CHECK-NEXT: pipeline canonicalize,tolk-decompose,canonicalize,tolk-commit-weak{default-int=int16}
// CHECK-EMPTY:
// CHECK-NEXT: result 1
// CHECK: func.func @f(%arg0: si8) -> (si8, si16) {
// CHECK-DAG: tolk.const 4464 : si16
// CHECK-DAG: %[[C:.*]] = tolk.const -44 : si8
// CHECK: %[[R:.*]] = tolk.add %arg0, %[[C]] : si8
// CHECK-LABEL: pipeline builtin.module(canonicalize,tolk-commit-weak)
// CHECK-EMPTY:
// CHECK-NEXT: result 1
// CHECK: func.func @f(%arg0: si8) -> (si8, si32) {
// CHECK-DAG: tolk.const 70000 : si32
// CHECK-DAG: tolk.const 44 : si8
// CHECK: tolk.sub %arg0, %{{.*}} : si8
// CHECK-LABEL: pipeline tolk-no-such-pass
// CHECK-NEXT: error: 'tolk-no-such-pass' does not refer to a registered pass or pass pipeline
// CHECK: result 0
// The bad option is reported once.
// CHECK-LABEL: pipeline tolk-commit-weak{default-int=bogus}
// CHECK-NEXT: diagnostic: tolk-commit-weak: default-int='bogus': unknown data type name 'bogus'
// CHECK-EMPTY:
// CHECK-NEXT: result 0

/* A kernel through a named pipeline to PTX, a pass created by its generated
   C function, and every pass and pipeline tolk-opt lists. */
static const char *kKernel =
    "gpu.module @m {\n"
    "  gpu.func @k(%p: !tolk.ptr<f32, global, 4>) kernel\n"
    "      attributes {known_block_size = array<i32: 4, 1, 1>,\n"
    "                  known_grid_size = array<i32: 1, 1, 1>} {\n"
    "    %i = tolk.special local_id x : si32\n"
    "    %q = tolk.index %p[%i] : !tolk.ptr<f32, global, 4>, si32\n"
    "    %x = tolk.load %q : !tolk.ptr<f32, global, 4> -> f32\n"
    "    %y = tolk.mul %x, %x : f32\n"
    "    tolk.store %q, %y : !tolk.ptr<f32, global, 4>, f32\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

static void testTargets(MlirContext ctx) {
  printf("@targets\n");
  MlirModule module = parse(ctx, kKernel);
  MlirOperation op = mlirModuleGetOperation(module);
  MlirLogicalResult r =
      tolkRunPassPipeline(op, str("tolk-to-nvvm{chip=sm_90 features=+ptx80}"),
                          printToStdout, NULL);
  printf("nvvm %d\n", mlirLogicalResultIsSuccess(r));
  mlirOperationPrint(op, printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);

  /* A pass made by its generated creator, in a pass manager. */
  module = parse(ctx, kPromote);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  mlirOpPassManagerAddOwnedPass(opm, mlirCreateTransformsCanonicalizer());
  mlirOpPassManagerAddOwnedPass(opm, mlirCreateTolkTolkDecompose());
  mlirOpPassManagerAddOwnedPass(opm, mlirCreateTransformsCanonicalizer());
  mlirOpPassManagerAddOwnedPass(opm, mlirCreateTolkTolkCommitWeak());
  mlirOpPassManagerAddOwnedPass(opm, mlirCreateTolkConversionConvertTolkToArith());
  r = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("created passes %d\n", mlirLogicalResultIsSuccess(r));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
}
// CHECK-LABEL: @targets
// CHECK-NEXT: nvvm 1
// CHECK: gpu.binary @m
// CHECK-SAME: mul.rn.f32
// CHECK: created passes 1
// CHECK: arith.constant -44 : i8
// CHECK: arith.addi

static void discard(MlirStringRef s, void *userData) {
  (void)s;
  (void)userData;
}

/* Each name of `path` (one a line), parsed as a pipeline on a module, or
   on the gpu.module or spirv.module in one (the passes anchored there). */
static int testRegistry(MlirContext ctx, const char *path) {
  printf("@registry\n");
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("cannot open %s\n", path);
    return 1;
  }
  char name[256];
  int known = 0, unknown = 0;
  while (fscanf(f, "%255s", name) == 1) {
    static const char *const anchors[] = {"builtin.module(%s)",
                                          "builtin.module(gpu.module(%s))",
                                          "builtin.module(spirv.module(%s))"};
    int n = sizeof anchors / sizeof anchors[0];
    MlirLogicalResult r = mlirLogicalResultFailure();
    for (int i = 0; i < n && !mlirLogicalResultIsSuccess(r); ++i) {
      char pipeline[300];
      snprintf(pipeline, sizeof pipeline, anchors[i], name);
      MlirPassManager pm = mlirPassManagerCreate(ctx);
      r = mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                str(pipeline),
                                i + 1 == n ? printToStdout : discard, NULL);
      mlirPassManagerDestroy(pm);
    }
    if (mlirLogicalResultIsSuccess(r)) {
      ++known;
    } else {
      printf(" <- %s\n", name);
      ++unknown;
    }
  }
  fclose(f);
  printf("known %d, unknown %d\n", known, unknown);
  return unknown != 0;
}
// CHECK-LABEL: @registry
// CHECK-NEXT: known {{[1-9][0-9]}}, unknown 0

int main(int argc, char **argv) {
  MlirContext ctx = makeContext();
  testDTypes(ctx);
  testWeakTypes(ctx);
  testPointers(ctx);
  testEnumAttrs(ctx);
  testConstAttrs(ctx);
  tolkRegisterAllPasses();
  tolkRegisterAllPasses(); /* A second call does nothing. */
  mlirRegisterTransformsPasses();
  testPipelines(ctx);
  testTargets(ctx);
  int status = argc > 1 ? testRegistry(ctx, argv[1]) : 0;
  mlirContextDestroy(ctx);
  return status;
}
