//===- WorkerPool.h - Threads that stay for the device's life ---*- C++ -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The host device's threads, started once: a launch wakes as many as it
// needs, runs its job on them and on the calling thread, and waits for them.
// llvm::ThreadPool's tasks and futures would be allocated per launch; a
// launch here costs a wake-up and a wait, and nothing when it needs one
// thread (the calling thread runs it alone).
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_LIB_RUNTIME_HOST_WORKERPOOL_H
#define TOLK_LIB_RUNTIME_HOST_WORKERPOOL_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace tolk::runtime::host {

class WorkerPool {
public:
  /// A pool of `threads` threads, the calling thread of run() among them.
  explicit WorkerPool(unsigned threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  unsigned size() const { return workers.size() + 1; }

  /// Runs `job` on `threads` threads (at most size()), the calling thread
  /// among them, and returns when every one has returned. One run at a time:
  /// the caller serializes.
  void run(unsigned threads, llvm::function_ref<void()> job);

private:
  void workerLoop(unsigned index);

  std::vector<std::thread> workers;
  std::mutex mutex;
  std::condition_variable wake, done;
  /// Counts runs, so that a worker sees a new one.
  uint64_t generation = 0;
  unsigned wanted = 0, running = 0;
  llvm::function_ref<void()> job;
  bool stopping = false;
};

} // namespace tolk::runtime::host

#endif // TOLK_LIB_RUNTIME_HOST_WORKERPOOL_H
