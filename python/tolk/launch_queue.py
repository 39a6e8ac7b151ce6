# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compiles on threads, launches in order.

A frontend that makes a program and launches it at once (tinygrad makes a
schedule's programs one at a time, each just before its launch) compiles
one kernel after another. A LaunchQueue compiles each module on a thread of
its own and keeps a launch whose compile is still running, and every launch
after it, until that compile is done, so that the next kernels' compiles
run meanwhile. The runtime compiles on several threads at once, and a
compile leaves Python's lock while it runs (docs/Runtime.md, "The Python
package").
"""
from __future__ import annotations

import collections
import concurrent.futures
import os
from typing import Callable

__all__ = ["LaunchQueue"]


class LaunchQueue:
  """Compiles for `device` on up to `threads` threads (one a core by
  default) and runs launches in the order they were made."""

  def __init__(self, device, threads: int | None = None):
    self.device = device
    self._threads = threads or os.cpu_count() or 1
    self._pool: concurrent.futures.ThreadPoolExecutor | None = None
    self._queued: collections.deque = collections.deque()

  def compile(self, text: str | bytes) -> concurrent.futures.Future:
    """The device's compile of `text`, started on a compile thread; its
    result is the Program, or raises the compile's error."""
    if self._pool is None:
      self._pool = concurrent.futures.ThreadPoolExecutor(self._threads, thread_name_prefix="tolk-compile")
    return self._pool.submit(self.device.compile, text)

  def launch(self, compiling: concurrent.futures.Future, run: Callable[[], object]) -> None:
    """Runs `run` once `compiling` is done and every launch before it ran:
    at once when nothing waits. `run` takes the program from `compiling`
    (whose `result()` raises the compile's error, which the caller may
    translate). A failure raises here or at the next call that runs the
    queue."""
    self._queued.append((compiling, run))
    while self._queued and self._queued[0][0].done(): self._run_next()

  def flush(self) -> None:
    """Runs every queued launch, waiting for their compiles: before
    anything that reads or writes a buffer they may use."""
    while self._queued: self._run_next()

  def __len__(self) -> int: return len(self._queued)

  def _run_next(self) -> None:
    compiling, run = self._queued.popleft()
    try:
      concurrent.futures.wait([compiling])
      run()
    except BaseException:
      # The launches after a failed one would read what it did not write.
      self._queued.clear()
      raise
