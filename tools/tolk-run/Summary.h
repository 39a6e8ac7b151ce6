//===- Summary.h - What tolk-run says after a run ---------------*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The one line tolk-run prints when a run succeeds, and the same as JSON
// (--json) for scripts (docs/Runtime.md, "tolk-run"). The kernel's time is
// the median and the fastest of the timed runs (one unless --repeat), and
// the bandwidth is the bytes the kernel's files hold over the fastest.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TOOLS_TOLK_RUN_SUMMARY_H
#define TOLK_TOOLS_TOLK_RUN_SUMMARY_H

#include "Launch.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <string>

namespace tolk::run {

/// An .npy file the run read or wrote.
struct FileSummary {
  std::string path;
  /// The Tolk type of its elements ("si8", "bf16", "i1").
  std::string dtype;
  llvm::SmallVector<int64_t, 4> shape;
  uint64_t bytes = 0;
};

/// The kernel's times over the timed runs, in milliseconds.
struct KernelTime {
  unsigned runs = 1;
  unsigned warmup = 0;
  double minMs = 0;
  double medianMs = 0;
  /// What measured it ("host clock", "device timestamps", "CUDA events").
  std::string clock;
};

struct RunSummary {
  /// MODULE::KERNEL.
  std::string kernel;
  /// The tensor-level function the kernel was made of, if any.
  std::string function;
  std::string backend;
  std::string device;
  std::string memorySafety;
  /// The host threads that ran the workgroups; 0 on a device.
  unsigned threads = 0;
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
  llvm::SmallVector<FileSummary, 4> inputs;
  llvm::SmallVector<FileSummary, 2> outputs;
  KernelTime time;
  /// What the user should know about the result (that it may be short),
  /// printed after the line (--json: in the object).
  llvm::SmallVector<std::string, 1> notes;
};

/// The median and the fastest of `timesMs` (at least one), after `warmup`
/// untimed runs, measured by `clock`.
KernelTime summarizeTimes(llvm::ArrayRef<double> timesMs, unsigned warmup,
                          llvm::StringRef clock);

/// "tolk-run: ran kernels::neighbour_sum on host (znver3, 2 threads,
/// bounds-checked), grid 4x1x1, block 256x1x1: wrote y.npy (1000,) f32;
/// kernel 0.052 ms" (with several runs: "kernel 0.052 ms median, 0.049 ms
/// min of 10 runs (1 warm-up), 0.2 GB/s"), and a newline.
void printSummary(llvm::raw_ostream &os, const RunSummary &summary);
/// The same as one JSON object, and a newline.
void printSummaryJSON(llvm::raw_ostream &os, const RunSummary &summary);

/// "(2, 3)", "(1000,)" or "()": a shape as numpy prints it.
std::string shapeString(llvm::ArrayRef<int64_t> shape);

} // namespace tolk::run

#endif // TOLK_TOOLS_TOLK_RUN_SUMMARY_H
