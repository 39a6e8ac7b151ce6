//===- WorkerPool.cpp - Threads that stay for the device's life -----------===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "WorkerPool.h"

#include <algorithm>

using namespace tolk::runtime::host;

WorkerPool::WorkerPool(unsigned threads) {
  for (unsigned i = 1; i < std::max(threads, 1u); ++i)
    workers.emplace_back([this, i] { workerLoop(i); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  for (std::thread &t : workers)
    t.join();
}

void WorkerPool::run(unsigned threads, llvm::function_ref<void()> fn) {
  unsigned helpers =
      std::min<unsigned>(threads ? threads - 1 : 0, workers.size());
  if (helpers == 0) {
    fn();
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    job = fn;
    wanted = helpers;
    running = helpers;
    ++generation;
  }
  wake.notify_all();
  fn();
  std::unique_lock<std::mutex> lock(mutex);
  done.wait(lock, [&] { return running == 0; });
  job = nullptr;
}

void WorkerPool::workerLoop(unsigned index) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    wake.wait(lock, [&] { return stopping || generation != seen; });
    if (stopping)
      return;
    seen = generation;
    // Workers 1..wanted take part in this run; the others sit it out.
    if (index > wanted)
      continue;
    llvm::function_ref<void()> fn = job;
    lock.unlock();
    fn();
    lock.lock();
    if (--running == 0)
      done.notify_one();
  }
}
