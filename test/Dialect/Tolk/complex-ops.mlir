// complex<f32>, complex<f64>, complex<f128> and f128 constants print as they
// read, in the custom and the generic form (NaN payloads by their bits), and
// --tolk-decompose keeps tolk.neg and tolk.div of a complex type, which are
// primitives there, while sub, ne and isfinite decompose.
// RUN: tolk-opt %s | tolk-opt | FileCheck %s
// RUN: tolk-opt %s --mlir-print-op-generic | tolk-opt | FileCheck %s
// RUN: tolk-opt %s --tolk-decompose | FileCheck %s --check-prefix=DECOMPOSE

// CHECK-LABEL: func.func @constants(
// CHECK-NEXT: tolk.const (1.5, -0.10000000149011612) : complex<f32>
// CHECK-NEXT: tolk.const (0x7FC00001, -0.0) : complex<f32>
// CHECK-NEXT: tolk.const (1.0e-300, 0xFFF0000000000000) : complex<f64>
// CHECK-NEXT: tolk.const (0.1, 0.0) : complex<f128>
// CHECK-NEXT: tolk.const (2.0, 0.0) : complex<f64>
// CHECK-NEXT: tolk.const 0.1 : f128
// CHECK-NEXT: tolk.const 6.0e-4966 : f128
// CHECK-NEXT: tolk.const 0x7FFF8000000000000000000000000001 : f128
// CHECK-NEXT: tolk.const (1.0, 2.0) : tensor<2x3xcomplex<f32>>
func.func @constants() {
  %0 = tolk.const (1.5, -0.1) : complex<f32>
  %1 = tolk.const (0x7FC00001, -0.0) : complex<f32>
  %2 = tolk.const (1.0e-300, 0xFFF0000000000000) : complex<f64>
  %3 = tolk.const 0.1 : complex<f128>
  %4 = tolk.const 2 : complex<f64>
  %5 = tolk.const 0.1 : f128
  %6 = tolk.const 6.0e-4966 : f128
  %7 = tolk.const 0x7FFF8000000000000000000000000001 : f128
  %8 = tolk.const (1.0, 2.0) : tensor<2x3xcomplex<f32>>
  return
}

// DECOMPOSE-LABEL: func.func @decompose(
// DECOMPOSE-NEXT: %[[N:.*]] = tolk.neg %arg1 : complex<f32>
// DECOMPOSE-NEXT: %[[S:.*]] = tolk.add %arg0, %[[N]] : complex<f32>
// DECOMPOSE-NEXT: %[[D:.*]] = tolk.div %arg0, %arg1 : complex<f32>
// DECOMPOSE-NEXT: %[[EQ:.*]] = tolk.cmpeq %arg0, %arg1 : (complex<f32>, complex<f32>) -> i1
// DECOMPOSE-NEXT: %[[F:.*]] = tolk.const false : i1
// DECOMPOSE-NEXT: %[[NE:.*]] = tolk.cmpeq %[[EQ]], %[[F]] : i1
// DECOMPOSE-NEXT: %[[NX:.*]] = tolk.neg %arg0 : complex<f32>
// DECOMPOSE-NEXT: %[[XX:.*]] = tolk.add %arg0, %[[NX]] : complex<f32>
// DECOMPOSE-NEXT: %[[Z:.*]] = tolk.const (0.0, 0.0) : complex<f32>
// DECOMPOSE-NEXT: %[[FIN:.*]] = tolk.cmpeq %[[XX]], %[[Z]] : (complex<f32>, complex<f32>) -> i1
// DECOMPOSE-NEXT: %[[R:.*]] = tolk.reciprocal %arg1 : complex<f32>
// DECOMPOSE-NEXT: %[[NEG:.*]] = tolk.neg %arg0 : complex<f32>
// DECOMPOSE-NEXT: return %[[S]], %[[D]], %[[NE]], %[[FIN]], %[[R]], %[[NEG]]
func.func @decompose(%x: complex<f32>, %y: complex<f32>)
    -> (complex<f32>, complex<f32>, i1, i1, complex<f32>, complex<f32>) {
  %s = tolk.sub %x, %y : complex<f32>
  %d = tolk.div %x, %y : complex<f32>
  %n = tolk.ne %x, %y : (complex<f32>, complex<f32>) -> i1
  %f = tolk.isfinite %x : (complex<f32>) -> i1
  %r = tolk.reciprocal %y : complex<f32>
  %g = tolk.neg %x : complex<f32>
  return %s, %d, %n, %f, %r, %g : complex<f32>, complex<f32>, i1, i1, complex<f32>, complex<f32>
}

// DECOMPOSE-LABEL: func.func @isfinite_real(
// DECOMPOSE-NEXT: %[[M:.*]] = tolk.const -1.0 : f128
// DECOMPOSE-NEXT: %[[N:.*]] = tolk.mul %arg0, %[[M]] : f128
// DECOMPOSE-NEXT: %[[S:.*]] = tolk.add %arg0, %[[N]] : f128
// DECOMPOSE-NEXT: %[[Z:.*]] = tolk.const 0.0 : f128
// DECOMPOSE-NEXT: %[[F:.*]] = tolk.cmpeq %[[S]], %[[Z]] : (f128, f128) -> i1
// DECOMPOSE-NEXT: %[[I:.*]] = tolk.cmpeq %arg1, %arg1 : (si32, si32) -> i1
// DECOMPOSE-NEXT: return %[[F]], %[[I]]
func.func @isfinite_real(%x: f128, %i: si32) -> (i1, i1) {
  %f = tolk.isfinite %x : (f128) -> i1
  %g = tolk.isfinite %i : (si32) -> i1
  return %f, %g : i1, i1
}
