/*===- tolk-c/RuntimeDebug.h - Counts of live objects -------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* What libTolkRuntimeC.so holds now, counted by kind, for tests and tools    *|
|* that check that nothing leaks under load (docs/Runtime.md, "Under load"):  *|
|* the live handles, the compiled modules, the host JIT's engines, a Vulkan   *|
|* device's objects. Kept out of tolk-c/Runtime.h: the names and what they    *|
|* count follow the implementation and may change from one release to the    *|
|* next, which an API proper would not do.                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TOLK_C_RUNTIMEDEBUG_H
#define TOLK_C_RUNTIMEDEBUG_H

#include "tolk-c/Runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One count: `name` is a static string ("handles.buffers",
/// "vulkan.pipelines"), valid for the life of the process.
typedef struct TolkRtDebugCount {
  const char *name;
  int64_t value;
} TolkRtDebugCount;

/// Writes up to `capacity` counts into `counts` (NULL when `capacity` is
/// 0) and their total number into `*numCounts`, so that a first call with
/// no room asks how many there are. First the process's: the live handles
/// ("handles.devices", "handles.buffers", "handles.programs"), the compiled
/// modules alive ("modules.compiled") and the compile cache's
/// ("modules.cached"); then, for a non-null `device`, the device's: the
/// host JIT's engines alive in the process ("host.jit-engines"), a Vulkan
/// device's objects ("vulkan.buffers", "vulkan.memory-allocations",
/// "vulkan.pipelines", "vulkan.descriptor-sets", "vulkan.fences", ...) and
/// the kernels it shares among programs ("vulkan.kernels-cached"), those
/// that no program holds among them ("vulkan.kernels-unused").
/// Errors: a bad device handle, a null `numCounts`.
TOLK_RT_EXPORTED TolkRtStatus tolkRtDebugGetCounts(TolkRtDevice device,
                                                   TolkRtDebugCount *counts,
                                                   size_t capacity,
                                                   size_t *numCounts);

#ifdef __cplusplus
}
#endif

#endif // TOLK_C_RUNTIMEDEBUG_H
