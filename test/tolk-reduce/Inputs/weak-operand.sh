#!/bin/sh
# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# The interestingness test of weak-operand.mlir, as mlir-reduce's tests write
# them: exit 1 (interesting) while --tolk-commit-weak still reports a weak
# operand that promotion absorbed in the file $1.
tolk-opt --tolk-commit-weak "$1" 2>&1 | grep -q "a weak operand would change" && exit 1
exit 0
