# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""tolk.LaunchQueue: compiles on threads, launches in the order they were
made, a launch behind an unfinished compile waits with every launch after
it, and a failure drops the launches behind it."""
import concurrent.futures

import numpy as np
import pytest

import tolk

FILL = """
gpu.module @fill {
  gpu.func @fill(%y: !tolk.ptr<si32, global, 64>, %v: !tolk.ptr<si32, alu>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special local_id x : si32
    %vv = tolk.load %v : !tolk.ptr<si32, alu> -> si32
    %p = tolk.index %y[%i] : !tolk.ptr<si32, global, 64>, si32
    tolk.store %p, %vv : !tolk.ptr<si32, global, 64>, si32
    gpu.return
  }
}
"""

TWICE = """
gpu.module @twice {
  gpu.func @twice(%y: !tolk.ptr<si32, global, 64>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special local_id x : si32
    %p = tolk.index %y[%i] : !tolk.ptr<si32, global, 64>, si32
    %v = tolk.load %p : !tolk.ptr<si32, global, 64> -> si32
    %s = tolk.add %v, %v : (si32, si32) -> si32
    tolk.store %p, %s : !tolk.ptr<si32, global, 64>, si32
    gpu.return
  }
}
"""

def read(buf):
  return buf.numpy(np.int32, (64,))

def test_launches_run_in_order_across_compiles(device):
  q = tolk.LaunchQueue(device, threads=2)
  fill, twice = q.compile(FILL), q.compile(TWICE)
  y = device.buffer(64 * 4)
  # fill then twice, twice then fill: each order's result only
  q.launch(fill, lambda: fill.result().launch("fill", y, 7, grid=(1, 1, 1)))
  q.launch(twice, lambda: twice.result().launch("twice", y, grid=(1, 1, 1)))
  q.flush()
  assert len(q) == 0
  assert (read(y) == 14).all()
  q.launch(twice, lambda: twice.result().launch("twice", y, grid=(1, 1, 1)))
  q.launch(fill, lambda: fill.result().launch("fill", y, 5, grid=(1, 1, 1)))
  q.flush()
  assert (read(y) == 5).all()

def test_a_compiled_program_launches_at_once(host):
  q = tolk.LaunchQueue(host)
  fill = q.compile(FILL)
  fill.result()
  y = host.buffer(64 * 4)
  q.launch(fill, lambda: fill.result().launch("fill", y, 3, grid=(1, 1, 1)))
  assert len(q) == 0
  assert (read(y) == 3).all()

def test_a_launch_behind_a_running_compile_waits():
  q = tolk.LaunchQueue(None)
  pending, done = concurrent.futures.Future(), concurrent.futures.Future()
  done.set_result(None)
  ran = []
  q.launch(pending, lambda: ran.append("first"))
  q.launch(done, lambda: ran.append("second"))
  assert ran == [] and len(q) == 2
  pending.set_result(None)
  q.launch(done, lambda: ran.append("third"))
  assert ran == ["first", "second", "third"] and len(q) == 0

def test_a_compile_error_raises_at_the_flush_and_drops_the_rest(host):
  q = tolk.LaunchQueue(host)
  bad, good = q.compile("gpu.module @m { not tolk }"), q.compile(FILL)
  concurrent.futures.wait([bad, good])
  pending = concurrent.futures.Future()
  ran = []
  q.launch(pending, lambda: ran.append("first"))
  q.launch(bad, lambda: ran.append(bad.result()))
  q.launch(good, lambda: ran.append(good.result()))
  pending.set_result(None)
  with pytest.raises(tolk.CompileError, match="does not parse"):
    q.flush()
  assert ran == ["first"] and len(q) == 0

def test_a_compile_error_with_nothing_queued_raises_at_the_launch(host):
  q = tolk.LaunchQueue(host)
  bad = q.compile("gpu.module @m { not tolk }")
  concurrent.futures.wait([bad])
  with pytest.raises(tolk.CompileError, match="does not parse"):
    q.launch(bad, bad.result)
  assert len(q) == 0

def test_a_failed_launch_drops_the_launches_behind_it():
  q = tolk.LaunchQueue(None)
  pending, done = concurrent.futures.Future(), concurrent.futures.Future()
  done.set_result(None)
  ran = []
  def fail(): raise tolk.LaunchError("launch 1 of kernel 'k': failed")
  q.launch(pending, fail)
  q.launch(done, lambda: ran.append("after"))
  pending.set_result(None)
  with pytest.raises(tolk.LaunchError, match="launch 1 of kernel 'k'"):
    q.flush()
  assert ran == [] and len(q) == 0
  q.launch(done, lambda: ran.append("next"))
  assert ran == ["next"]
