/*===- vulkan-baseline.h - A bare Vulkan dispatch -----------------*- C -*-===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TOLK_BENCH_VULKAN_BASELINE_H
#define TOLK_BENCH_VULKAN_BASELINE_H

/* An instance, the first device, and an empty dispatch recorded once; NULL
   (with the failure on stderr) where Vulkan has no device. */
struct VulkanBaseline *vulkanBaselineOpen(void);
/* N submissions of the dispatch, each waited for on its fence: us per
   submission, or -1 on a failure. */
double vulkanBaselineSubmitUs(struct VulkanBaseline *baseline, long n);
void vulkanBaselineClose(struct VulkanBaseline *baseline);

#endif /* TOLK_BENCH_VULKAN_BASELINE_H */
