//===- tolk-cuda-bandwidth.cpp - An elementwise kernel against a copy -----===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The bandwidth benchmark of bench/README.md, one dtype per run: times a PTX
// kernel that doubles a buffer of `count` elements into another (y = x * 2, as
// bench/nvidia-bandwidth.sh generates it with tolk-opt and tolk-translate) and
// a device-to-device copy of the same bytes on the same device, and prints one
// row of a Markdown table: the bytes each moves (read + write), both bandwidths
// and their ratio. Before the row is printed, every output element is compared
// with its exact expected bits, so that a kernel that skips work cannot look
// fast.
//
// The kernel's parameters are read from its .entry in the PTX: two pointers
// (input, output), or two 1-D memref descriptors of five parameters each
// (allocated pointer, aligned pointer, offset, size, stride), which is what
// the NVVM lowering gives today.
//
//===----------------------------------------------------------------------===//

#include "tolk/Runtime/CudaRunner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstring>
#include <optional>
#include <vector>

using namespace tolk::runtime;

namespace cl = llvm::cl;

static cl::OptionCategory category("tolk-cuda-bandwidth options");

static cl::opt<std::string> ptxFile(cl::Positional, cl::desc("<kernel.ptx>"),
                                    cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel",
               cl::desc("The kernel's name in the PTX (default: its only "
                        ".entry)"),
               cl::cat(category));
static cl::opt<std::string>
    dtypeName("dtype", cl::desc("The element type: f32, f16, bf16, f8E4M3FN"),
              cl::cat(category));
static cl::opt<uint64_t> count("count", cl::desc("Elements per buffer"),
                               cl::cat(category));
static cl::opt<std::string>
    gridText("grid",
             cl::desc("Grid size: x[,y[,z]] (the kernel's "
                      "known_grid_size)"),
             cl::cat(category));
static cl::opt<std::string>
    blockText("block",
              cl::desc("Block size: x[,y[,z]] (default: the PTX's .maxntid)"),
              cl::cat(category));
static cl::opt<unsigned>
    repetitions("repetitions", cl::init(50),
                cl::desc("Timed repetitions of the kernel and of the copy "
                         "(the median is reported)"),
                cl::cat(category));
static cl::opt<bool> header("header",
                            cl::desc("Print the table's header line first"),
                            cl::cat(category));
static cl::opt<bool> headerOnly("header-only",
                                cl::desc("Print the table's header only"),
                                cl::cat(category));
static cl::opt<std::string>
    driverLibrary("cuda-driver", cl::init("libcuda.so.1"),
                  cl::desc("The CUDA driver library to open"),
                  cl::cat(category));

namespace {
/// A dtype the benchmark knows: its size and four inputs with their exact
/// doubles (1, -1.5, 0.25, 3 -> 2, -3, 0.5, 6; all exact in every format),
/// as little-endian bit patterns.
struct Dtype {
  llvm::StringLiteral name;
  unsigned bytes;
  uint32_t inputs[4];
  uint32_t doubled[4];
};
} // namespace

static const Dtype dtypes[] = {
    {"f32",
     4,
     {0x3f800000, 0xbfc00000, 0x3e800000, 0x40400000},
     {0x40000000, 0xc0400000, 0x3f000000, 0x40c00000}},
    {"f16",
     2,
     {0x3c00, 0xbe00, 0x3400, 0x4200},
     {0x4000, 0xc200, 0x3800, 0x4600}},
    {"bf16",
     2,
     {0x3f80, 0xbfc0, 0x3e80, 0x4040},
     {0x4000, 0xc040, 0x3f00, 0x40c0}},
    // E4M3FN: bias 7, three mantissa bits.
    {"f8E4M3FN", 1, {0x38, 0xbc, 0x28, 0x44}, {0x40, 0xc4, 0x30, 0x4c}},
};

static int fail(const llvm::Twine &message) {
  llvm::errs() << "tolk-cuda-bandwidth: " << message << "\n";
  return 1;
}

/// Parses "x[,y[,z]]" into three positive dimensions.
static bool parseDims(llvm::StringRef text, std::array<uint32_t, 3> &dims) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, ',');
  if (parts.empty() || parts.size() > 3)
    return false;
  dims = {1, 1, 1};
  for (auto [index, part] : llvm::enumerate(parts))
    if (part.trim().getAsInteger(10, dims[index]) || dims[index] == 0)
      return false;
  return true;
}

/// The .entry's name and parameter count, and its .maxntid if it has one.
struct Entry {
  std::string name;
  unsigned params = 0;
  std::optional<std::array<uint32_t, 3>> maxntid;
};

/// The kernels of the PTX (every ".entry name(...)").
static llvm::SmallVector<Entry, 1> findEntries(llvm::StringRef ptx) {
  llvm::SmallVector<Entry, 1> entries;
  size_t at = 0;
  while ((at = ptx.find(".entry ", at)) != llvm::StringRef::npos) {
    at += strlen(".entry ");
    llvm::StringRef rest = ptx.drop_front(at).ltrim();
    size_t open = rest.find('('), close = rest.find(')');
    if (open == llvm::StringRef::npos || close == llvm::StringRef::npos ||
        close < open)
      break;
    Entry entry;
    entry.name = rest.take_front(open).trim().str();
    llvm::StringRef params = rest.slice(open + 1, close);
    size_t p = 0;
    while ((p = params.find(".param", p)) != llvm::StringRef::npos) {
      ++entry.params;
      p += strlen(".param");
    }
    // ".maxntid x, y, z" between the parameters and the body.
    llvm::StringRef after = rest.drop_front(close + 1);
    llvm::StringRef directives = after.take_front(after.find('{'));
    size_t m = directives.find(".maxntid");
    if (m != llvm::StringRef::npos) {
      llvm::StringRef dims =
          directives.drop_front(m + strlen(".maxntid")).split('\n').first;
      std::array<uint32_t, 3> parsed;
      if (parseDims(dims.trim(), parsed))
        entry.maxntid = parsed;
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

static void printHeader() {
  llvm::outs() << "| dtype | elements | bytes moved | kernel us | kernel GB/s "
                  "| copy us | copy GB/s | kernel / copy |\n"
               << "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Times a PTX kernel y = x * 2 against a device-to-device copy of the "
      "same bytes\n");
  if (headerOnly) {
    printHeader();
    return 0;
  }

  const Dtype *dtype =
      llvm::find_if(dtypes, [](const Dtype &d) { return d.name == dtypeName; });
  if (dtype == std::end(dtypes))
    return fail(llvm::formatv("--dtype '{0}' is not one of f32, f16, bf16, "
                              "f8E4M3FN",
                              dtypeName));
  if (ptxFile.empty())
    return fail("no PTX file given");
  if (count == 0)
    return fail("--count must be positive");
  if (count > uint64_t(1) << 40)
    return fail("--count is too large");
  uint64_t bufferBytes = count * dtype->bytes;

  auto file = llvm::MemoryBuffer::getFileOrSTDIN(ptxFile);
  if (!file)
    return fail(llvm::formatv("cannot read '{0}': {1}", ptxFile,
                              file.getError().message()));
  CudaLaunch launch;
  launch.ptx = (*file)->getBuffer().str();
  launch.driverLibrary = driverLibrary;

  llvm::SmallVector<Entry, 1> entries = findEntries(launch.ptx);
  const Entry *entry = nullptr;
  if (kernelName.empty()) {
    if (entries.size() != 1)
      return fail(llvm::formatv("the PTX has {0} kernels; name one with "
                                "--kernel",
                                entries.size()));
    entry = &entries.front();
  } else {
    entry = llvm::find_if(entries,
                          [](const Entry &e) { return e.name == kernelName; });
    if (entry == entries.end())
      return fail(llvm::formatv("the PTX has no kernel '{0}'", kernelName));
  }
  launch.kernelName = entry->name;

  if (gridText.empty() || !parseDims(gridText, launch.grid))
    return fail("--grid must be x[,y[,z]] of positive integers");
  if (!blockText.empty()) {
    if (!parseDims(blockText, launch.block))
      return fail("--block must be x[,y[,z]] of positive integers");
  } else if (entry->maxntid) {
    launch.block = *entry->maxntid;
  } else {
    return fail("no --block given and the PTX has no .maxntid");
  }

  // Buffer 0 is the input, buffer 1 the output. The output starts as a
  // pattern that no expected element has (0xff bytes are NaN in f32, f16
  // and bf16, and E4M3FN's NaN), so an element the kernel does not write
  // is caught.
  std::vector<uint8_t> input(bufferBytes), output(bufferBytes, 0xff);
  for (uint64_t i = 0; i < count; ++i) {
    uint32_t bits = dtype->inputs[i % 4];
    std::memcpy(&input[i * dtype->bytes], &bits, dtype->bytes);
  }
  launch.buffers = {llvm::MutableArrayRef<uint8_t>(input),
                    llvm::MutableArrayRef<uint8_t>(output)};
  if (entry->params == 2) {
    launch.params = {CudaParam::bufferAddress(0), CudaParam::bufferAddress(1)};
  } else if (entry->params == 10) {
    appendMemRef1DParams(launch.params, 0, count);
    appendMemRef1DParams(launch.params, 1, count);
  } else {
    return fail(llvm::formatv(
        "kernel '{0}' has {1} parameter(s); expected 2 (two pointers) or 10 "
        "(two 1-D memref descriptors)",
        entry->name, entry->params));
  }

  llvm::Expected<CudaTiming> kernel = timeCudaKernel(launch, repetitions);
  if (!kernel)
    return fail(llvm::toString(kernel.takeError()));
  uint64_t wrong = 0, firstWrong = 0;
  uint32_t got = 0;
  for (uint64_t i = 0; i < count; ++i) {
    uint32_t bits = 0;
    std::memcpy(&bits, &output[i * dtype->bytes], dtype->bytes);
    if (bits != dtype->doubled[i % 4] && wrong++ == 0) {
      firstWrong = i;
      got = bits;
    }
  }
  if (wrong)
    return fail(llvm::formatv(
        "kernel '{0}' computed {1} of {2} element(s) wrong; the first is "
        "element {3}: {4:x} instead of {5:x}",
        entry->name, wrong, count.getValue(), firstWrong, got,
        dtype->doubled[firstWrong % 4]));

  llvm::Expected<CudaTiming> copy =
      timeDeviceCopy(bufferBytes, repetitions, driverLibrary);
  if (!copy)
    return fail(llvm::toString(copy.takeError()));

  if (kernel->medianMs <= 0 || copy->medianMs <= 0)
    return fail("a time of zero: use a larger --count");
  // Both read bufferBytes and write bufferBytes.
  double moved = 2.0 * double(bufferBytes);
  double kernelGBs = moved / (kernel->medianMs * 1e-3) / 1e9;
  double copyGBs = moved / (copy->medianMs * 1e-3) / 1e9;
  if (header)
    printHeader();
  llvm::outs() << llvm::formatv(
      "| {0} | {1} | {2} | {3:F1} | {4:F0} | {5:F1} | {6:F0} | {7:F3} |\n",
      dtype->name, count.getValue(), uint64_t(moved), kernel->medianMs * 1e3,
      kernelGBs, copy->medianMs * 1e3, copyGBs,
      copy->medianMs / kernel->medianMs);
  return 0;
}
