/*===- tolk-capi-test.c - The Tolk C API from C -------------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* RUN: tolk-capi-test 2>&1 | FileCheck %s
 */

#include "tolk-c/Dialect.h"
#include "tolk-c/Passes.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Transforms.h"

#include <stdio.h>
#include <stdlib.h>

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static void printType(const char *what, MlirType t) {
  printf("%s: ", what);
  mlirTypePrint(t, printToStdout, NULL);
  printf("\n");
}

static MlirContext makeContext(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tolk__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  return ctx;
}

static void testTypes(MlirContext ctx) {
  printf("@types\n");
  MlirType weakInt = tolkWeakIntTypeGet(ctx);
  printType("weakint", weakInt);
  printf("isa weakint %d, weakfloat %d, ptr %d\n", tolkTypeIsAWeakInt(weakInt),
         tolkTypeIsAWeakFloat(weakInt), tolkTypeIsAPtr(weakInt));
  printType("weakfloat", tolkWeakFloatTypeGet(ctx));

  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType si8 = mlirIntegerTypeSignedGet(ctx, 8);
  MlirType index = mlirIndexTypeGet(ctx);
  printf("dtype names: ");
  tolkTypeGetDTypeName(f16, printToStdout, NULL);
  printf(" ");
  tolkTypeGetDTypeName(si8, printToStdout, NULL);
  printf(" ");
  tolkTypeGetDTypeName(weakInt, printToStdout, NULL);
  printf("; index is a dtype: %d\n", tolkTypeIsADType(index));

  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType ptr = tolkPtrTypeGetChecked(loc, f16, TolkAddrSpaceLocal, 256);
  printType("ptr", ptr);
  printf("element ");
  mlirTypePrint(tolkPtrTypeGetElementType(ptr), printToStdout, NULL);
  printf(", space %d, size %lld, width %u\n", (int)tolkPtrTypeGetAddrSpace(ptr),
         (long long)tolkPtrTypeGetSize(ptr), tolkPtrTypeGetVecWidth(ptr));
  // A pointer to index: not a data type, so a diagnostic (on stderr, after
  // what was printed so far) and a null type.
  fflush(stdout);
  MlirType bad = tolkPtrTypeGetChecked(loc, index, TolkAddrSpaceGlobal, -1);
  printf("bad ptr is null: %d\n", mlirTypeIsNull(bad));
}
// CHECK-LABEL: @types
// CHECK: weakint: !tolk.weakint
// CHECK: isa weakint 1, weakfloat 0, ptr 0
// CHECK: weakfloat: !tolk.weakfloat
// CHECK: dtype names: f16 i8 weakint; index is a dtype: 0
// CHECK: ptr: !tolk.ptr<f16, local, 256>
// CHECK: element f16, space 1, size 256, width 1
// CHECK-NEXT: error: pointee must be a Tolk scalar or a vector of one, not 'index'

// CHECK: bad ptr is null: 1

static int testPasses(MlirContext ctx) {
  printf("@passes\n");
  mlirRegisterTolkPasses();
  mlirRegisterTransformsCanonicalizer();
  const char *source =
      "func.func @f(%a: si8) -> si8 {\n"
      "  %c = tolk.const 300 : !tolk.weakint\n"
      "  %0 = tolk.sub %a, %c : (si8, !tolk.weakint) -> si8\n"
      "  return %0 : si8\n"
      "}\n";
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  if (mlirModuleIsNull(module))
    return 1;
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  const char *pipeline =
      "builtin.module(canonicalize,tolk-decompose,canonicalize,"
      "tolk-commit-weak)";
  MlirLogicalResult parsed = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString(pipeline), printToStdout, NULL);
  if (mlirLogicalResultIsFailure(parsed))
    return 2;
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    return 3;
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return 0;
}
// a - 300 in si8: 300 wraps to 44, and sub is a + neg 44 = a + -44.
// CHECK-LABEL: @passes
// CHECK: func.func @f(%arg0: si8) -> si8 {
// CHECK-NEXT: %[[C:.*]] = tolk.const -44 : si8
// CHECK-NEXT: %[[R:.*]] = tolk.add %arg0, %[[C]] : si8
// CHECK-NEXT: return %[[R]] : si8

int main(void) {
  MlirContext ctx = makeContext();
  testTypes(ctx);
  int status = testPasses(ctx);
  mlirContextDestroy(ctx);
  return status;
}
