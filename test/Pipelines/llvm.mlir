// --tolk-to-llvm: Tolk's part of the GPU pipelines, then each kernel as a
// host function that loops over the grid and the block (--tolk-gpu-to-host),
// then upstream's lowering to the LLVM dialect, which MLIR's ExecutionEngine
// runs (tolk-run --backend host; test/tolk-run runs these).
// RUN: tolk-opt %tolk_src_root/examples/kernels.mlir --tolk-to-llvm | FileCheck %s --check-prefix=KERNELS
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s

// Every buffer is a memref descriptor (pointer, pointer, offset, size,
// stride), every by-value scalar itself, then the grid and the block. The
// barrier splits the thread loop: four values live across it in arrays of
// block-size elements, and workgroup memory is one allocation.
// KERNELS-LABEL: llvm.func @kernels.neighbour_sum(
// KERNELS-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: f32, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// KERNELS-SAME: tolk.known_block_size = array<i32: 256, 1, 1>
// KERNELS: llvm.alloca %{{.*}} x f16
// KERNELS-COUNT-4: llvm.alloca %{{.*}} x
// KERNELS-NOT: gpu.

// A kernelized function: the function goes, its kernel stays as a host
// function; bf16 and fp8 conversions are integer arithmetic (no bf16 or
// fp8 arithmetic reaches LLVM).
// CHECK-NOT: llvm.func @convert(
// CHECK-LABEL: llvm.func @convert_kernel.convert(
// CHECK-SAME: tolk.args = array<i64: 0>
// CHECK-SAME: tolk.known_block_size = array<i32: {{[0-9]+}}, 1, 1>
// CHECK-SAME: tolk.known_grid_size = array<i32: 1, 1, 1>
// CHECK-SAME: tolk.results = array<i64: 1>
// CHECK-NOT: llvm.fptrunc
// CHECK-NOT: llvm.fpext {{.*}} bf16
// CHECK: llvm.return
func.func @convert(%x: tensor<16xbf16>) -> tensor<16xf8E4M3FN> {
  %r = tolk.cast %x : tensor<16xbf16> to tensor<16xf8E4M3FN>
  return %r : tensor<16xf8E4M3FN>
}
