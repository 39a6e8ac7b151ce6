// Every op and literal form prints and parses back, textually, generically
// and through bytecode.
// RUN: tolk-opt %s | tolk-opt | FileCheck %s
// RUN: tolk-opt %s --mlir-print-op-generic | tolk-opt | FileCheck %s
// RUN: tolk-opt %s -emit-bytecode | tolk-opt | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK: tolk.const 300 : !tolk.weakint
  %a = tolk.const 300 : !tolk.weakint
  // CHECK: tolk.const 123456789012345678901234567890 : !tolk.weakint
  %b = tolk.const 123456789012345678901234567890 : !tolk.weakint
  // CHECK: tolk.const -123456789012345678901234567890 : !tolk.weakint
  %b2 = tolk.const -123456789012345678901234567890 : !tolk.weakint
  // CHECK: tolk.const 1.5 : !tolk.weakfloat
  %c = tolk.const 1.5 : !tolk.weakfloat
  // CHECK: tolk.const -1 : si8
  %d = tolk.const -1 : si8
  // CHECK: tolk.const 0x7E01 : f16
  %e = tolk.const 0x7E01 : f16
  // CHECK: tolk.const 0xFC00 : f16
  %e2 = tolk.const 0xFC00 : f16
  // CHECK: tolk.const 0x7F800001 : f32
  %e3 = tolk.const 0x7F800001 : f32
  // CHECK: tolk.const 0x7FF0000000000001 : f64
  %e4 = tolk.const 0x7FF0000000000001 : f64
  // CHECK: tolk.const 0x7FC1 : bf16
  %e5 = tolk.const 0x7FC1 : bf16
  // CHECK: tolk.const 0xFF : f8E5M2
  %e6 = tolk.const 0xFF : f8E5M2
  // CHECK: tolk.const 0x80 : f8E4M3FNUZ
  %e7 = tolk.const 0x80 : f8E4M3FNUZ
  // CHECK: tolk.const 448.0 : f8E4M3FN
  %e8 = tolk.const 0x7E : f8E4M3FN
  // CHECK: tolk.const true : i1
  %f = tolk.const true : i1
  // CHECK: tolk.const false : i1
  %f2 = tolk.const false : i1
  // CHECK: tolk.const invalid : f32
  %g = tolk.const invalid : f32
  // Decimal literals round once to the type.
  // CHECK: tolk.const 0.0999755859375 : f16
  %h = tolk.const 0.1 : f16
  // CHECK: tolk.const 0.10009765625 : bf16
  %h2 = tolk.const 0.1 : bf16
  // CHECK: tolk.const 1.0e-05 : f64
  %h3 = tolk.const 0.00001 : f64
  // CHECK: tolk.const -0.0 : f32
  %h4 = tolk.const -0.0 : f32
  // fnuz formats have no -0.0.
  // CHECK: tolk.const 0.0 : f8E5M2FNUZ
  %h5 = tolk.const -0.0 : f8E5M2FNUZ
  // CHECK: tolk.const 3.0 : f32
  %h6 = tolk.const 3 : f32
  // CHECK: tolk.const 18446744073709551615 : ui64
  %i = tolk.const 18446744073709551615 : ui64
  // CHECK: tolk.const -9223372036854775808 : si64
  %i2 = tolk.const -9223372036854775808 : si64
  // CHECK: tolk.const 255 : ui8
  %i3 = tolk.const 0xFF : ui8
  // Splats.
  // CHECK: tolk.const 2.0 : tensor<4x8xf32>
  %j = tolk.const 2.0 : tensor<4x8xf32>
  // CHECK: tolk.const 7 : vector<4xsi32>
  %j2 = tolk.const 7 : vector<4xsi32>
  return
}

// CHECK-LABEL: func.func @ops
func.func @ops(%x: f16, %y: f32, %p: tensor<4x1xf32>, %q: tensor<1x8xsi8>,
               %d: si8, %u: ui8, %b: i1, %w: !tolk.weakint,
               %wf: !tolk.weakfloat, %v: vector<4xf32>) {
  // CHECK: tolk.add %{{.*}}, %{{.*}} : (si8, !tolk.weakint) -> si8
  %0 = tolk.add %d, %w : (si8, !tolk.weakint) -> si8
  // CHECK: tolk.add %{{.*}}, %{{.*}} : (si8, ui8) -> si16
  %1 = tolk.add %d, %u : (si8, ui8) -> si16
  // CHECK: tolk.mul %{{.*}}, %{{.*}} : f16
  %2 = tolk.mul %x, %x : f16
  // CHECK: tolk.cmplt %{{.*}}, %{{.*}} : (f16, f32) -> i1
  %3 = tolk.cmplt %x, %y : (f16, f32) -> i1
  // CHECK: tolk.cmpeq %{{.*}}, %{{.*}} : (si8, ui8) -> i1
  %4 = tolk.cmpeq %d, %u : (si8, ui8) -> i1
  // CHECK: tolk.max %{{.*}}, %{{.*}} : (f16, !tolk.weakfloat) -> f16
  %5 = tolk.max %x, %wf : (f16, !tolk.weakfloat) -> f16
  // CHECK: tolk.and %{{.*}}, %{{.*}} : i1
  %6 = tolk.and %b, %b : i1
  // CHECK: tolk.or %{{.*}}, %{{.*}} : (si8, ui8) -> si16
  %7 = tolk.or %d, %u : (si8, ui8) -> si16
  // CHECK: tolk.xor %{{.*}}, %{{.*}} : ui8
  %8 = tolk.xor %u, %u : ui8
  // CHECK: tolk.shl %{{.*}}, %{{.*}} : (ui8, !tolk.weakint) -> ui8
  %9 = tolk.shl %u, %w : (ui8, !tolk.weakint) -> ui8
  // CHECK: tolk.shr %{{.*}}, %{{.*}} : si8
  %10 = tolk.shr %d, %d : si8
  // CHECK: tolk.truncdiv %{{.*}}, %{{.*}} : si8
  %11 = tolk.truncdiv %d, %d : si8
  // CHECK: tolk.pow %{{.*}}, %{{.*}} : (si8, !tolk.weakint) -> si8
  %12 = tolk.pow %d, %w : (si8, !tolk.weakint) -> si8
  // CHECK: tolk.pow %{{.*}}, %{{.*}} : (f16, f32) -> f32
  %13 = tolk.pow %x, %y : (f16, f32) -> f32
  // CHECK: tolk.reciprocal %{{.*}} : f16
  %14 = tolk.reciprocal %x : f16
  // CHECK: tolk.trunc %{{.*}} : si8
  %15 = tolk.trunc %d : si8
  // CHECK: tolk.sqrt %{{.*}} : f32
  %16 = tolk.sqrt %y : f32
  // CHECK: tolk.exp2 %{{.*}} : !tolk.weakfloat
  %17 = tolk.exp2 %wf : !tolk.weakfloat
  // CHECK: tolk.log2 %{{.*}} : f16
  %18 = tolk.log2 %x : f16
  // CHECK: tolk.sub %{{.*}}, %{{.*}} : (ui8, si8) -> si16
  %19 = tolk.sub %u, %d : (ui8, si8) -> si16
  // CHECK: tolk.div %{{.*}}, %{{.*}} : (si8, si8) -> f32
  %20 = tolk.div %d, %d : (si8, si8) -> f32
  // CHECK: tolk.div %{{.*}}, %{{.*}} {rounding = #tolk.rounding<floor>} : si8
  %21 = tolk.div %d, %d {rounding = #tolk.rounding<floor>} : si8
  // CHECK: tolk.div %{{.*}}, %{{.*}} {rounding = #tolk.rounding<trunc>} : f32
  %22 = tolk.div %y, %y {rounding = #tolk.rounding<trunc>} : f32
  // CHECK: tolk.mod %{{.*}}, %{{.*}} : si8
  %23 = tolk.mod %d, %d : si8
  // CHECK: tolk.fmod %{{.*}}, %{{.*}} : f32
  %24 = tolk.fmod %y, %y : f32
  // CHECK: tolk.gt %{{.*}}, %{{.*}} : (si8, si8) -> i1
  %25 = tolk.gt %d, %d : (si8, si8) -> i1
  // CHECK: tolk.le %{{.*}}, %{{.*}} : (f16, f16) -> i1
  %26 = tolk.le %x, %x : (f16, f16) -> i1
  // CHECK: tolk.ge %{{.*}}, %{{.*}} : (f32, !tolk.weakint) -> i1
  %27 = tolk.ge %y, %w : (f32, !tolk.weakint) -> i1
  // CHECK: tolk.ne %{{.*}}, %{{.*}} : i1
  %28 = tolk.ne %b, %b : i1
  // CHECK: tolk.minimum %{{.*}}, %{{.*}} : (si8, ui8) -> si16
  %29 = tolk.minimum %d, %u : (si8, ui8) -> si16
  // CHECK: tolk.neg %{{.*}} : i1
  %30 = tolk.neg %b : i1
  // CHECK: tolk.floor %{{.*}} : f32
  %31 = tolk.floor %y : f32
  // CHECK: tolk.logical_not %{{.*}} : (f32) -> i1
  %32 = tolk.logical_not %y : (f32) -> i1
  // CHECK: tolk.bitwise_not %{{.*}} : ui8
  %33 = tolk.bitwise_not %u : ui8
  // CHECK: tolk.where %{{.*}}, %{{.*}}, %{{.*}} : (i1, f16, !tolk.weakfloat) -> f16
  %34 = tolk.where %b, %x, %wf : (i1, f16, !tolk.weakfloat) -> f16
  // CHECK: tolk.cast %{{.*}} : si8 to f32
  %35 = tolk.cast %d : si8 to f32
  // CHECK: tolk.bitcast %{{.*}} : f32 to si32
  %36 = tolk.bitcast %y : f32 to si32
  // Broadcasting and lanes.
  // CHECK: tolk.add %{{.*}}, %{{.*}} : (tensor<4x1xf32>, tensor<1x8xsi8>) -> tensor<4x8xf32>
  %37 = tolk.add %p, %q : (tensor<4x1xf32>, tensor<1x8xsi8>) -> tensor<4x8xf32>
  // CHECK: tolk.add %{{.*}}, %{{.*}} : (tensor<4x1xf32>, si8) -> tensor<4x1xf32>
  %38 = tolk.add %p, %d : (tensor<4x1xf32>, si8) -> tensor<4x1xf32>
  // CHECK: tolk.mul %{{.*}}, %{{.*}} : (vector<4xf32>, f16) -> vector<4xf32>
  %39 = tolk.mul %v, %x : (vector<4xf32>, f16) -> vector<4xf32>
  // A scalar cast to lanes broadcasts, lanes to a scalar keep lane 0.
  // CHECK: tolk.cast %{{.*}} : f16 to vector<4xf32>
  %40 = tolk.cast %x : f16 to vector<4xf32>
  // CHECK: tolk.cast %{{.*}} : vector<4xf32> to si32
  %41 = tolk.cast %v : vector<4xf32> to si32
  // Weak results from strong operands.
  // CHECK: tolk.add %{{.*}}, %{{.*}} : (si64, ui64) -> !tolk.weakfloat
  %a64 = tolk.const 1 : si64
  %b64 = tolk.const 1 : ui64
  %42 = tolk.add %a64, %b64 : (si64, ui64) -> !tolk.weakfloat
  // CHECK: tolk.add %{{.*}}, %{{.*}} : (si8, !tolk.weakfloat) -> !tolk.weakfloat
  %43 = tolk.add %d, %wf : (si8, !tolk.weakfloat) -> !tolk.weakfloat
  return
}
