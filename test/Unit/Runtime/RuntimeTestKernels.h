//===- RuntimeTestKernels.h - Modules the runtime's tests compile -*- C++
//-*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_TEST_UNIT_RUNTIME_RUNTIMETESTKERNELS_H
#define TOLK_TEST_UNIT_RUNTIME_RUNTIMETESTKERNELS_H

#include <string>

namespace tolk::runtime::test {

/// scale: y[i] = x[i] * s over 4 floats (known launch 1 x 4); copy: y[i] =
/// x[i] over buffers of no declared size, any launch; empty: nothing; and a
/// tensor-level function that --tolk-kernelize makes a kernel of.
inline constexpr const char *kKernels = R"mlir(
gpu.module @k {
  gpu.func @scale(%x: !tolk.ptr<f32, global, 4>, %y: !tolk.ptr<f32, global, 4>,
                  %s: !tolk.ptr<f32, alu>)
      kernel attributes {known_block_size = array<i32: 4, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global, 4>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global, 4> -> f32
    %sv = tolk.load %s : !tolk.ptr<f32, alu> -> f32
    %r = tolk.mul %v, %sv : f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global, 4>, si32
    tolk.store %py, %r : !tolk.ptr<f32, global, 4>, f32
    gpu.return
  }
  gpu.func @copy(%x: !tolk.ptr<si32, global>, %y: !tolk.ptr<si32, global>)
      kernel {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    %v = tolk.load %px : !tolk.ptr<si32, global> -> si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global>, si32
    tolk.store %py, %v : !tolk.ptr<si32, global>, si32
    gpu.return
  }
  gpu.func @empty()
      kernel attributes {known_block_size = array<i32: 1, 1, 1>,
                         known_grid_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}
func.func @twice(%a: tensor<8xsi32>) -> tensor<8xsi32> {
  %r = tolk.add %a, %a : tensor<8xsi32>
  return %r : tensor<8xsi32>
}
)mlir";

/// A module @m<k> whose kernel `addk` is y[i] = x[i] + k: distinct text
/// for each k, so distinct compiles.
inline std::string addKernel(int k) {
  return "gpu.module @m" + std::to_string(k) + R"mlir( {
  gpu.func @addk(%x: !tolk.ptr<si32, global>, %y: !tolk.ptr<si32, global>)
      kernel {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<si32, global>, si32
    %v = tolk.load %px : !tolk.ptr<si32, global> -> si32
    %k = tolk.const )mlir" +
         std::to_string(k) + R"mlir( : si32
    %r = tolk.add %v, %k : si32
    %py = tolk.index %y[%i] : !tolk.ptr<si32, global>, si32
    tolk.store %py, %r : !tolk.ptr<si32, global>, si32
    gpu.return
  }
}
)mlir";
}

} // namespace tolk::runtime::test

#endif // TOLK_TEST_UNIT_RUNTIME_RUNTIMETESTKERNELS_H
