//===- Summary.cpp - What tolk-run says after a run -----------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Summary.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace tolk::run;

std::string tolk::run::shapeString(llvm::ArrayRef<int64_t> shape) {
  std::string s = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

static std::string sizeString(const std::array<uint32_t, 3> &size) {
  return llvm::formatv("{0}x{1}x{2}", size[0], size[1], size[2]).str();
}

KernelTime tolk::run::summarizeTimes(llvm::ArrayRef<double> timesMs,
                                     unsigned warmup, llvm::StringRef clock) {
  llvm::SmallVector<double, 16> sorted(timesMs);
  llvm::sort(sorted);
  KernelTime t;
  t.runs = sorted.size();
  t.warmup = warmup;
  t.clock = clock.str();
  if (sorted.empty())
    return t;
  size_t mid = sorted.size() / 2;
  t.minMs = sorted.front();
  t.medianMs =
      sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return t;
}

/// Bytes read and written per millisecond of the fastest run, in GB/s.
static double bandwidthGBps(const RunSummary &summary) {
  uint64_t bytes = 0;
  for (const FileSummary &f : summary.inputs)
    bytes += f.bytes;
  for (const FileSummary &f : summary.outputs)
    bytes += f.bytes;
  return summary.time.minMs > 0 ? double(bytes) / (summary.time.minMs * 1e6)
                                : 0;
}

void tolk::run::printSummary(llvm::raw_ostream &os, const RunSummary &summary) {
  os << "tolk-run: ran " << summary.kernel << " on " << summary.backend << " ("
     << summary.device << ", ";
  if (summary.threads)
    os << summary.threads
       << (summary.threads == 1 ? " thread, " : " threads, ");
  os << summary.memorySafety << "), grid " << sizeString(summary.grid)
     << ", block " << sizeString(summary.block) << ": wrote ";
  if (summary.outputs.empty())
    os << "nothing";
  for (auto [i, f] : llvm::enumerate(summary.outputs))
    os << (i ? ", " : "") << f.path << " " << shapeString(f.shape) << " "
       << f.dtype;
  const KernelTime &t = summary.time;
  os << "; kernel " << llvm::formatv("{0:f3}", t.medianMs) << " ms";
  if (t.runs > 1)
    os << llvm::formatv(" median, {0:f3} ms min of {1} runs ({2} warm-up), ",
                        t.minMs, t.runs, t.warmup)
       << llvm::format("%.3g", bandwidthGBps(summary)) << " GB/s";
  os << "\n";
}

static llvm::json::Array sizeJSON(const std::array<uint32_t, 3> &size) {
  return llvm::json::Array{size[0], size[1], size[2]};
}

static llvm::json::Array filesJSON(llvm::ArrayRef<FileSummary> files) {
  llvm::json::Array array;
  for (const FileSummary &f : files) {
    llvm::json::Array shape;
    for (int64_t d : f.shape)
      shape.push_back(d);
    array.push_back(llvm::json::Object{{"path", f.path},
                                       {"dtype", f.dtype},
                                       {"shape", std::move(shape)},
                                       {"bytes", f.bytes}});
  }
  return array;
}

void tolk::run::printSummaryJSON(llvm::raw_ostream &os,
                                 const RunSummary &summary) {
  const KernelTime &t = summary.time;
  llvm::json::Object object{
      {"kernel", summary.kernel},
      {"backend", summary.backend},
      {"device", summary.device},
      {"memory_safety", summary.memorySafety},
      {"grid", sizeJSON(summary.grid)},
      {"block", sizeJSON(summary.block)},
      {"inputs", filesJSON(summary.inputs)},
      {"outputs", filesJSON(summary.outputs)},
      {"kernel_time", llvm::json::Object{{"runs", t.runs},
                                         {"warmup", t.warmup},
                                         {"min_ms", t.minMs},
                                         {"median_ms", t.medianMs},
                                         {"clock", t.clock}}},
      {"bandwidth_gbps", bandwidthGBps(summary)},
  };
  if (!summary.function.empty())
    object["function"] = summary.function;
  if (summary.threads)
    object["threads"] = summary.threads;
  if (!summary.notes.empty())
    object["notes"] = llvm::json::Array(summary.notes);
  os << llvm::json::Value(std::move(object)) << "\n";
}
