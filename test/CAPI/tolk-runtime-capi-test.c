/*===- tolk-runtime-capi-test.c - The runtime's C API from C ------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* A C program on libTolkRuntimeC.so alone: open a device, compile a module,
   launch a kernel on buffers and a scalar, read the results back; then the
   errors of a freed buffer and of a forged handle.
   RUN: tolk-runtime-capi-test host 2>&1 | FileCheck %s
   CHECK: device host
   CHECK: kernels 1
   CHECK: y = 3 -4 0.5 2e+30
   CHECK: freed: buffer {{[0-9]+}} was freed or destroyed
   CHECK: forged: device 123456789 was never made
   CHECK: ok
 */

#include "tolk-c/Runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kModule[] =
    "gpu.module @k {\n"
    "  gpu.func @scale(%x: !tolk.ptr<f32, global, 4>,\n"
    "                  %y: !tolk.ptr<f32, global, 4>,\n"
    "                  %s: !tolk.ptr<f32, alu>)\n"
    "      kernel attributes {known_block_size = array<i32: 4, 1, 1>,\n"
    "                         known_grid_size = array<i32: 1, 1, 1>} {\n"
    "    %i = tolk.special global_id x : si32\n"
    "    %px = tolk.index %x[%i] : !tolk.ptr<f32, global, 4>, si32\n"
    "    %v = tolk.load %px : !tolk.ptr<f32, global, 4> -> f32\n"
    "    %sv = tolk.load %s : !tolk.ptr<f32, alu> -> f32\n"
    "    %r = tolk.mul %v, %sv : f32\n"
    "    %py = tolk.index %y[%i] : !tolk.ptr<f32, global, 4>, si32\n"
    "    tolk.store %py, %r : !tolk.ptr<f32, global, 4>, f32\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

/* Exits with the message of a failed call. */
static void check(TolkRtStatus status, const char *what) {
  if (!status)
    return;
  fprintf(stderr, "%s: %s\n", what, tolkRtStatusGetMessage(status));
  tolkRtStatusDestroy(status);
  exit(1);
}

/* Prints the message of a call that must fail. */
static void expectError(TolkRtStatus status, const char *what) {
  if (!status) {
    fprintf(stderr, "%s: succeeded\n", what);
    exit(1);
  }
  printf("%s: %s\n", what, tolkRtStatusGetMessage(status));
  tolkRtStatusDestroy(status);
}

int main(int argc, char **argv) {
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  if (argc > 1 && strcmp(argv[1], "vulkan") == 0)
    options.backend = TolkRtBackendVulkan;
  TolkRtDevice device;
  check(tolkRtDeviceCreate(&options, &device), "device");
  TolkRtDeviceInfo info;
  check(tolkRtDeviceGetInfo(device, &info), "info");
  printf("device %s\n", tolkRtBackendGetName(info.backend));

  TolkRtProgram program;
  check(tolkRtProgramCreate(device, kModule, strlen(kModule), &program),
        "compile");
  size_t kernels = 0;
  check(tolkRtProgramGetNumKernels(program, &kernels), "kernels");
  printf("kernels %zu\n", kernels);

  float in[4] = {1.5f, -2.0f, 0.25f, 1e30f}, out[4] = {0, 0, 0, 0};
  float two = 2.0f;
  uint32_t twoBits;
  memcpy(&twoBits, &two, sizeof(twoBits));
  TolkRtBuffer x, y;
  check(tolkRtBufferAllocate(device, sizeof(in), &x), "allocate x");
  check(tolkRtBufferAllocate(device, sizeof(out), &y), "allocate y");
  check(tolkRtBufferWrite(x, 0, in, sizeof(in)), "write");
  TolkRtArg args[3];
  args[0] = tolkRtArgFromBuffer(x);
  args[1] = tolkRtArgFromBuffer(y);
  args[2] = tolkRtArgFromBits(twoBits);
  check(tolkRtLaunch(program, "scale", NULL, NULL, args, 3), "launch");
  check(tolkRtDeviceSynchronize(device), "synchronize");
  check(tolkRtBufferRead(y, 0, out, sizeof(out)), "read");
  printf("y = %g %g %g %g\n", out[0], out[1], out[2], out[3]);

  check(tolkRtBufferFree(x), "free");
  uint64_t size;
  expectError(tolkRtBufferGetSize(x, &size), "freed");
  TolkRtDevice forged = {123456789};
  expectError(tolkRtDeviceSynchronize(forged), "forged");

  check(tolkRtProgramDestroy(program), "destroy program");
  check(tolkRtDeviceDestroy(device), "destroy device");
  printf("ok\n");
  return 0;
}
