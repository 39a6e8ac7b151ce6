/*===- tolk-runtime-bench.c - The runtime through its C API -----*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* What bench/runtime.py measures through libTolkRuntimeC.so (bench/README.md,
   "The runtime"), one figure per line as NAME VALUE:

     tolk-runtime-bench launch BACKEND N   an empty kernel launched N times,
                                           each waited for: us per launch
                                           (the fastest of five rounds)
     tolk-runtime-bench vulkan-launch N    the same on Vulkan, against a bare
                                           vkQueueSubmit and fence wait of an
                                           empty dispatch on the same device
                                           (vulkan-baseline.c), rounds of the
                                           two interleaved: us per launch,
                                           and N launches queued before one
                                           synchronize
     tolk-runtime-bench compile BACKEND    a module compiled for the first
                                           time and again (the cache): ms
     tolk-runtime-bench bandwidth BACKEND FILE KERNEL REPEAT
                                           KERNEL of FILE (a tensor-level
                                           function of static shapes) timed
                                           REPEAT times after one warm-up,
                                           its buffers' bytes over the
                                           fastest: GB/s

   The host device runs without the bounds check, as tolk-run
   --no-bounds-check does for bench/execution.py. */

#define _POSIX_C_SOURCE 200809L

#include "tolk-c/Runtime.h"
#ifdef TOLK_BENCH_VULKAN_BASELINE
#include "vulkan-baseline.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void check(TolkRtStatus status, const char *what) {
  if (!status)
    return;
  fprintf(stderr, "tolk-runtime-bench: %s: %s\n", what,
          tolkRtStatusGetMessage(status));
  tolkRtStatusDestroy(status);
  exit(1);
}

static double nowSeconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static const char kEmpty[] = "gpu.module @bench {\n"
                             "  gpu.func @empty() kernel attributes {\n"
                             "      known_block_size = array<i32: 1, 1, 1>,\n"
                             "      known_grid_size = array<i32: 1, 1, 1>} {\n"
                             "    gpu.return\n"
                             "  }\n"
                             "}\n";

static TolkRtDevice openDevice(const char *backend) {
  TolkRtDeviceOptions options;
  tolkRtDeviceOptionsInit(&options);
  options.hostBoundsCheck = false;
  if (strcmp(backend, "vulkan") == 0)
    options.backend = TolkRtBackendVulkan;
  else if (strcmp(backend, "host") != 0) {
    fprintf(stderr, "tolk-runtime-bench: unknown backend '%s'\n", backend);
    exit(2);
  }
  TolkRtDevice device;
  check(tolkRtDeviceCreate(&options, &device), "device");
  return device;
}

static int launch(const char *backend, long n) {
  TolkRtDevice device = openDevice(backend);
  TolkRtProgram program;
  check(tolkRtProgramCreate(device, kEmpty, strlen(kEmpty), &program),
        "compile");
  double best = 1e30;
  for (int round = 0; round < 5; ++round) {
    double start = nowSeconds();
    for (long i = 0; i < n; ++i) {
      check(tolkRtLaunch(program, "empty", NULL, NULL, NULL, 0), "launch");
      check(tolkRtDeviceSynchronize(device), "synchronize");
    }
    double us = (nowSeconds() - start) * 1e6 / n;
    if (us < best)
      best = us;
  }
  printf("launch_us %.3f\n", best);
  check(tolkRtDeviceDestroy(device), "destroy");
  return 0;
}

#ifdef TOLK_BENCH_VULKAN_BASELINE
static int vulkanLaunch(long n) {
  struct VulkanBaseline *bare = vulkanBaselineOpen();
  if (!bare)
    return 1;
  TolkRtDevice device = openDevice("vulkan");
  TolkRtProgram program;
  check(tolkRtProgramCreate(device, kEmpty, strlen(kEmpty), &program),
        "compile");
  /* Each figure the fastest of five rounds, the rounds interleaved so that
     the machine's load falls on all three alike. */
  double bareBest = 1e30, waitedBest = 1e30, queuedBest = 1e30;
  for (int round = 0; round < 5; ++round) {
    double us = vulkanBaselineSubmitUs(bare, n);
    if (us < 0) {
      fprintf(stderr, "tolk-runtime-bench: the bare submission failed\n");
      return 1;
    }
    if (us < bareBest)
      bareBest = us;
    double start = nowSeconds();
    for (long i = 0; i < n; ++i) {
      check(tolkRtLaunch(program, "empty", NULL, NULL, NULL, 0), "launch");
      check(tolkRtDeviceSynchronize(device), "synchronize");
    }
    us = (nowSeconds() - start) * 1e6 / n;
    if (us < waitedBest)
      waitedBest = us;
    start = nowSeconds();
    for (long i = 0; i < n; ++i)
      check(tolkRtLaunch(program, "empty", NULL, NULL, NULL, 0), "launch");
    check(tolkRtDeviceSynchronize(device), "synchronize");
    us = (nowSeconds() - start) * 1e6 / n;
    if (us < queuedBest)
      queuedBest = us;
  }
  printf("bare_submit_us %.3f\nlaunch_us %.3f\nqueued_launch_us %.3f\n",
         bareBest, waitedBest, queuedBest);
  check(tolkRtDeviceDestroy(device), "destroy");
  vulkanBaselineClose(bare);
  return 0;
}
#endif

static int compile(const char *backend) {
  TolkRtDevice device = openDevice(backend);
  /* A text no earlier run of this process compiled: the first compile is
     not a cache hit. */
  char text[sizeof(kEmpty) + 64];
  snprintf(text, sizeof(text), "// %.0f\n%s", nowSeconds() * 1e9, kEmpty);
  TolkRtProgram first, second;
  double start = nowSeconds();
  check(tolkRtProgramCreate(device, text, strlen(text), &first), "compile");
  double firstMs = (nowSeconds() - start) * 1e3;
  start = nowSeconds();
  check(tolkRtProgramCreate(device, text, strlen(text), &second), "compile");
  double secondMs = (nowSeconds() - start) * 1e3;
  printf("first_compile_ms %.3f\nsecond_compile_ms %.4f\n", firstMs, secondMs);
  check(tolkRtDeviceDestroy(device), "destroy");
  return 0;
}

static char *readFile(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  *length = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc(*length + 1);
  if (!text || fread(text, 1, *length, f) != *length) {
    perror(path);
    exit(1);
  }
  fclose(f);
  return text;
}

static int bandwidth(const char *backend, const char *path, const char *name,
                     int repeat) {
  TolkRtDevice device = openDevice(backend);
  size_t length;
  char *text = readFile(path, &length);
  TolkRtProgram program;
  check(tolkRtProgramCreate(device, text, length, &program), "compile");
  free(text);
  size_t index;
  check(tolkRtProgramFindKernel(program, name, &index), "kernel");
  TolkRtKernelInfo kernel;
  check(tolkRtProgramGetKernel(program, index, &kernel), "kernel");
  TolkRtArg *args = calloc(kernel.numParams, sizeof(TolkRtArg));
  double bytes = 0;
  for (uint32_t p = 0; p < kernel.numParams; ++p) {
    TolkRtParamInfo param;
    check(tolkRtProgramGetParam(program, index, p, &param), "parameter");
    if (param.kind == TolkRtParamScalar || param.minBytes == 0) {
      fprintf(stderr,
              "tolk-runtime-bench: parameter %u is not a buffer of a "
              "declared size\n",
              p);
      return 1;
    }
    /* Inputs of a pattern, so that no kernel sees only zeros. */
    unsigned char *data = malloc(param.minBytes);
    for (uint64_t i = 0; i < param.minBytes; ++i)
      data[i] = (unsigned char)((i * 37) >> 3);
    check(tolkRtBufferAllocate(device, param.minBytes, &args[p].buffer),
          "allocate");
    check(tolkRtBufferWrite(args[p].buffer, 0, data, param.minBytes), "write");
    free(data);
    args[p].kind = TolkRtArgBuffer;
    bytes += (double)param.minBytes;
  }
  double best = 1e30, ms;
  for (int i = 0; i <= repeat; ++i) {
    check(tolkRtLaunchTimed(program, name, NULL, NULL, args, kernel.numParams,
                            &ms),
          "launch");
    if (i > 0 && ms < best)
      best = ms;
  }
  printf("gbps %.3f\n", bytes / (best * 1e-3) / 1e9);
  free(args);
  check(tolkRtDeviceDestroy(device), "destroy");
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], "launch") == 0)
    return launch(argv[2], atol(argv[3]));
#ifdef TOLK_BENCH_VULKAN_BASELINE
  if (argc == 3 && strcmp(argv[1], "vulkan-launch") == 0)
    return vulkanLaunch(atol(argv[2]));
#endif
  if (argc == 3 && strcmp(argv[1], "compile") == 0)
    return compile(argv[2]);
  if (argc == 6 && strcmp(argv[1], "bandwidth") == 0)
    return bandwidth(argv[2], argv[3], argv[4], atoi(argv[5]));
  fprintf(stderr, "usage: tolk-runtime-bench launch BACKEND N | "
                  "vulkan-launch N | compile BACKEND | bandwidth BACKEND "
                  "FILE KERNEL REPEAT\n");
  return 2;
}
