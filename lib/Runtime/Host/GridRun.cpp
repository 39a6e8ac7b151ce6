//===- GridRun.cpp - One launch's workgroups on the host ------------------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The kernel's host function runs a range of the launch's workgroups; the
// launch is split into chunks of consecutive workgroups (in the launch's
// linear order) that the pool's threads take in order. Workgroups are
// independent by the kernel model, so the results do not depend on the
// split.
//
// With the bounds check, the lowered kernel calls tolk_host_out_of_bounds
// instead of making an access past a buffer's end; the handler here records
// the access and longjmps back out of the kernel, so the first such access
// ends its chunk before any memory outside the buffers is touched. The
// frames it unwinds are the JIT's code only (no C++ object lives in them),
// which is what longjmp allows, and each thread has its own jump buffer: it
// returns to its own call. No chunk starts after the earliest workgroup
// that made one, and the chunks before it all run: the access reported is
// the first in the launch's order, whatever the number of threads.
//
//===----------------------------------------------------------------------===//

#include "GridRun.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <atomic>
#include <csetjmp>
#include <mutex>

using namespace tolk::runtime;
using namespace tolk::runtime::host;

namespace {

/// An access out of bounds of the running kernel, and where to go back to.
struct OutOfBounds {
  int64_t param, isStore, index, count, size;
  std::array<int64_t, 3> thread, block;
};
thread_local std::jmp_buf outOfBoundsReturn;
thread_local OutOfBounds lastOutOfBounds;

void reportOutOfBounds(int64_t param, int64_t isStore, int64_t index,
                       int64_t count, int64_t size, int64_t threadX,
                       int64_t threadY, int64_t threadZ, int64_t blockX,
                       int64_t blockY, int64_t blockZ) {
  lastOutOfBounds = {param,
                     isStore,
                     index,
                     count,
                     size,
                     {threadX, threadY, threadZ},
                     {blockX, blockY, blockZ}};
  std::longjmp(outOfBoundsReturn, 1);
}
static_assert(
    std::is_same_v<decltype(reportOutOfBounds), tolk::HostOutOfBoundsFn>,
    "the signature --tolk-gpu-to-host calls");

/// Calls the packed host function; false when the kernel accessed a buffer
/// out of bounds. Nothing with a destructor lives between the setjmp and
/// the call.
bool callKernel(HostFunction fn, void **args) {
  if (setjmp(outOfBoundsReturn) != 0)
    return false;
  fn(args);
  return true;
}

/// The host function's LLVM signature (convert-func-to-llvm without the C
/// interface): each memref argument is its descriptor's five fields
/// (allocated and aligned pointer, offset, size, stride), the size in the
/// memref's elements (a vector element counts once); a scalar is its LLVM
/// type (read from the low bytes of its zero-extended bits, its value on a
/// little-endian host); then the grid and the block, and the workgroup
/// range, which each chunk sets.
struct PackedArgs {
  struct Descriptor {
    void *allocated;
    void *aligned;
    int64_t offset, size, stride;
  };
  llvm::SmallVector<Descriptor, 8> descriptors;
  llvm::SmallVector<uint64_t, 8> scalars;
  std::array<int64_t, 6> sizes;
  llvm::SmallVector<void *, 32> pointers;

  PackedArgs(const KernelInfo &kernel, const LaunchShape &shape,
             llvm::ArrayRef<LaunchArg> args,
             llvm::ArrayRef<uint8_t *> buffers) {
    static_assert(tolk::kHostLaunchArgs == 6 + 2,
                  "the grid, the block, the workgroup range");
    // Reserved, so that the pointers into them stay put.
    descriptors.reserve(args.size());
    scalars.reserve(args.size());
    for (auto [param, arg, data] : llvm::zip(kernel.params, args, buffers)) {
      if (!arg.isBuffer()) {
        scalars.push_back(arg.bits);
        pointers.push_back(&scalars.back());
        continue;
      }
      int64_t elements =
          arg.buffer->size() /
          (tolk::dtype::itemsize(param.dtype) * param.bufferLanes);
      descriptors.push_back({data, data, 0, elements, 1});
      Descriptor &d = descriptors.back();
      pointers.append(
          {&d.allocated, &d.aligned, &d.offset, &d.size, &d.stride});
    }
    for (unsigned i = 0; i < 3; ++i) {
      sizes[i] = shape.grid[i];
      sizes[3 + i] = shape.block[i];
    }
    for (int64_t &size : sizes)
      pointers.push_back(&size);
  }
};

/// The chunks of one launch and the first access out of bounds among them.
class Chunks {
public:
  Chunks(HostFunction fn, llvm::ArrayRef<void *> args,
         std::array<uint32_t, 3> grid, uint64_t groups, unsigned threads)
      : fn(fn), args(args), grid(grid), groups(groups) {
    // Several chunks a thread, so that a thread that loses its core to
    // another process does not hold up the launch.
    count = threads <= 1 ? 1
                         : std::max<uint64_t>(
                               1, std::min<uint64_t>(groups, threads * 16ull));
    size = llvm::divideCeil(groups, count);
  }

  /// The threads worth waking: no more than the chunks.
  unsigned threadsFor(unsigned threads) const {
    return std::min<uint64_t>(threads, count);
  }

  /// Takes chunks until none is left or one after a bad access would start.
  void work() {
    llvm::SmallVector<void *, 32> callArgs(args.begin(), args.end());
    int64_t range[2];
    callArgs.append({&range[0], &range[1]});
    for (;;) {
      uint64_t chunk = next.fetch_add(1, std::memory_order_relaxed);
      if (chunk >= count)
        return;
      uint64_t begin = chunk * size;
      // Chunks are taken in order: every later one starts later still.
      if (begin > firstBadGroup.load(std::memory_order_relaxed))
        return;
      range[0] = begin;
      range[1] = std::min(begin + size, groups);
      if (callKernel(fn, callArgs.data()))
        continue;
      const OutOfBounds &oob = lastOutOfBounds;
      uint64_t at =
          uint64_t(oob.block[0]) +
          grid[0] * (uint64_t(oob.block[1]) + grid[1] * uint64_t(oob.block[2]));
      std::lock_guard<std::mutex> lock(mutex);
      if (at < firstBadGroup) {
        firstBadGroup = at;
        first = oob;
      }
      return;
    }
  }

  const OutOfBounds *firstOutOfBounds() const {
    return firstBadGroup == UINT64_MAX ? nullptr : &first;
  }

private:
  HostFunction fn;
  llvm::ArrayRef<void *> args;
  std::array<uint32_t, 3> grid;
  uint64_t groups, count, size;
  std::atomic<uint64_t> next{0};
  /// The linear id of the earliest workgroup that accessed memory out of
  /// bounds, UINT64_MAX while none did; written under `mutex`.
  std::atomic<uint64_t> firstBadGroup{UINT64_MAX};
  std::mutex mutex;
  OutOfBounds first = {};
};

std::string describeOutOfBounds(const KernelInfo &kernel,
                                const OutOfBounds &oob, uint64_t launch) {
  const ParamInfo *param =
      oob.param >= 0 && oob.param < int64_t(kernel.params.size())
          ? &kernel.params[oob.param]
          : nullptr;
  // The check counts the lowered buffer's elements: the scalars of packed
  // lanes, reported as the elements they are lanes of (Bool lanes move one
  // at a time).
  OutOfBounds at = oob;
  if (param && param->bufferLanes != param->lanes) {
    int64_t lanes = param->lanes;
    if (at.index >= 0 && at.count > 0 && at.size % lanes == 0) {
      int64_t last = (at.index + at.count - 1) / lanes;
      at.index /= lanes;
      at.count = last - at.index + 1;
      at.size /= lanes;
    }
  }
  std::string elements = at.count == 1
                             ? llvm::formatv("element {0}", at.index).str()
                             : llvm::formatv("elements {0} to {1}", at.index,
                                             at.index + at.count - 1)
                                   .str();
  return llvm::formatv(
             "kernel '{0}' {1} {2} of parameter #{3}, a buffer of {4} {5}, in "
             "thread ({6}, {7}, {8}) of block ({9}, {10}, {11}): out of "
             "bounds, so launch {12} stopped there",
             kernel.name, at.isStore ? "stores to" : "loads", elements,
             at.param, at.size, param ? param->elementType : "elements",
             oob.thread[0], oob.thread[1], oob.thread[2], oob.block[0],
             oob.block[1], oob.block[2], launch)
      .str();
}

} // namespace

tolk::HostOutOfBoundsFn *tolk::runtime::host::getOutOfBoundsHandler() {
  return &reportOutOfBounds;
}

llvm::Error tolk::runtime::host::runGrid(WorkerPool &pool, HostFunction fn,
                                         const KernelInfo &kernel,
                                         const LaunchShape &shape,
                                         llvm::ArrayRef<LaunchArg> args,
                                         llvm::ArrayRef<uint8_t *> buffers,
                                         uint64_t launchNumber) {
  // The host function's workgroup range is an `index`.
  int64_t groups = 1;
  for (uint32_t size : shape.grid)
    if (llvm::MulOverflow(groups, int64_t(size), groups))
      return makeError(ErrorCode::InvalidArgument,
                       llvm::formatv("{0}: a grid of {1}x{2}x{3} workgroups "
                                     "is more than the host runs (at most "
                                     "2^63 - 1)",
                                     describeLaunch(kernel, launchNumber),
                                     shape.grid[0], shape.grid[1],
                                     shape.grid[2]));
  PackedArgs packed(kernel, shape, args, buffers);
  Chunks chunks(fn, packed.pointers, shape.grid, groups, pool.size());
  pool.run(chunks.threadsFor(pool.size()), [&] { chunks.work(); });
  if (const OutOfBounds *oob = chunks.firstOutOfBounds())
    return makeError(ErrorCode::LaunchFailed,
                     describeOutOfBounds(kernel, *oob, launchNumber));
  return llvm::Error::success();
}
