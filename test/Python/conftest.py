# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fixtures of the package's tests: a device of each backend that this machine
has (a test on a missing one is skipped, with the runtime's reason)."""
import os

import pytest

import tolk

@pytest.fixture(params=["host", "vulkan"])
def device(request):
  why = tolk.available(request.param)
  if why is not None: pytest.skip(f"{request.param}: {why}")
  if request.param == "vulkan": os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
  with tolk.Device(request.param) as d:
    yield d

@pytest.fixture
def host():
  with tolk.Device("host") as d:
    yield d
