// --tolk-to-llvm carries bf16 as i16 bits: LLVM's x86 backend moves a bf16
// value between basic blocks through f32 and rounds it back with
// vcvtneps2bf16 (AVX512-BF16: subnormals flush to zero) or __truncsfbf2
// (signalling NaNs become quiet). 131 elements, a prime (one lane a
// thread), need two blocks of 128 threads, so the loads and the store are
// gated, in blocks of their own; compiled without optimization nothing may
// round. The blocks are checked
// without the bounds check (which puts each access in one more branch);
// the bits both ways.
// RUN: tolk-opt %s --tolk-to-llvm=bounds-check=false | FileCheck %s
// RUN: tolk-opt %s --tolk-to-llvm | FileCheck %s --check-prefix=NOBF16
// RUN: tolk-opt %s --tolk-to-llvm | mlir-translate --mlir-to-llvmir | llc -O0 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512bf16,+avx512vl | FileCheck %s --check-prefix=ASM
// RUN: tolk-opt %s --tolk-to-llvm=bounds-check=false | mlir-translate --mlir-to-llvmir | llc -O0 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512bf16,+avx512vl | FileCheck %s --check-prefix=ASM
// RUN: tolk-opt %s --tolk-to-llvm | mlir-translate --mlir-to-llvmir | llc -O0 -mtriple=x86_64-unknown-linux-gnu | FileCheck %s --check-prefix=ASM

// CHECK-LABEL: llvm.func @add_kernel.add(
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i16) : i16
// CHECK: %[[GATE:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.cond_br %[[GATE]], ^[[LOAD:bb[0-9]+]], ^[[OFF:bb[0-9]+]]
// CHECK: ^[[LOAD]]:
// CHECK: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i16
// CHECK: llvm.br ^[[JOIN:.*]](%[[A]] : i16)
// CHECK: ^[[OFF]]:
// CHECK: llvm.br ^[[JOIN]](%[[ZERO]] : i16)
// CHECK: ^[[JOIN]](%{{.*}}: i16):
// CHECK: llvm.cond_br %[[GATE]], ^[[STORE:bb[0-9]+]], ^{{.*}}
// CHECK: ^[[STORE]]:
// CHECK: llvm.store %{{.*}}, %{{.*}} : i16, !llvm.ptr
// CHECK: llvm.return

// Only the element type of a getelementptr still names bf16.
// NOBF16-NOT: {{bf16 to|-> bf16|: bf16|\(bf16}}
// NOBF16: llvm.return

// ASM-LABEL: add_kernel.add:
// ASM-NOT: cvtneps2bf16
// ASM-NOT: truncsfbf2
// ASM: .cfi_endproc
func.func @add(%a: tensor<131xbf16>, %b: tensor<131xbf16>) -> tensor<131xbf16> {
  %r = tolk.add %a, %b : (tensor<131xbf16>, tensor<131xbf16>) -> tensor<131xbf16>
  return %r : tensor<131xbf16>
}
