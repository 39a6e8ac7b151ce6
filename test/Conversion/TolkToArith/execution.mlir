// REQUIRES: mlir-runner
// Runs the lowered corners on the CPU and compares them with the folder:
// the second RUN line folds every call with --sccp (the folder of
// TolkFolds.cpp and lib/Dtype) before lowering, so both print through the
// same code, and the same CHECK lines read both (float-to-integer casts
// out of the integer's range wrap in both).
//
// RUN: tolk-opt --convert-tolk-to-arith %s \
// RUN:   | %upstream_mlir_opt --convert-math-to-funcs --convert-scf-to-cf \
// RUN:       --convert-math-to-llvm --convert-vector-to-llvm \
// RUN:       --convert-arith-to-llvm --convert-cf-to-llvm \
// RUN:       --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | %mlir_runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_c_runner_utils \
// RUN:   | FileCheck %s
// RUN: tolk-opt --sccp --convert-tolk-to-arith %s \
// RUN:   | %upstream_mlir_opt --convert-math-to-funcs --convert-scf-to-cf \
// RUN:       --convert-math-to-llvm --convert-vector-to-llvm \
// RUN:       --convert-arith-to-llvm --convert-cf-to-llvm \
// RUN:       --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | %mlir_runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_c_runner_utils \
// RUN:   | FileCheck %s

// Private, and called once with constants: --sccp folds them.
func.func private @int_corners(%a: si8, %b: si8, %u: ui8, %n: ui8, %s: si32, %c: si32, %m: si8, %k: si8)
    -> (si8, si8, si8, ui8, ui8, si8, si32, si32, si8) {
  %0 = tolk.shr %a, %b : si8        // count -1 reads 255: the sign fill
  %1 = tolk.shl %a, %b : si8        // 0
  %2 = tolk.truncdiv %a, %b : si8   // INT_MIN / -1 wraps
  %3 = tolk.shr %u, %n : ui8        // 0
  %4 = tolk.pow %u, %n : ui8        // 3^200 mod 256
  %5 = tolk.max %a, %b : si8
  %6 = tolk.shl %s, %c : si32       // count 40 >= 32: 0
  %7 = tolk.shr %s, %c : si32       // -1
  %8 = tolk.pow %m, %k : si8        // (-3)^5 = -243 wraps to 13
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : si8, si8, si8, ui8, ui8, si8, si32, si32, si8
}

func.func private @float_corners(%nz: f32, %pz: f32, %nan: f32, %one: f32, %w: f64, %t: f32, %h: f16)
    -> (f32, f32, f32, f32, i1, i1, i1, si8, f32, f32, f32, f16) {
  %0 = tolk.max %nz, %pz : f32      // +0.0
  %1 = tolk.max %pz, %nz : f32      // +0.0
  %2 = tolk.max %nan, %one : f32    // 1.0
  %3 = tolk.max %one, %nan : f32    // 1.0
  %4 = tolk.cmplt %nan, %one : (f32, f32) -> i1
  %5 = tolk.cmpeq %nz, %pz : (f32, f32) -> i1
  %6 = tolk.cast %nan : f32 to i1
  %7 = tolk.cast %w : f64 to si8    // -100
  %8 = tolk.reciprocal %nz : f32    // -inf
  %9 = tolk.trunc %t : f32          // -2.0
  %10 = tolk.sqrt %nz : f32         // -0.0
  %11 = tolk.add %h, %h : f16       // inf
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
      : f32, f32, f32, f32, i1, i1, i1, si8, f32, f32, f32, f16
}

func.func private @wrap(%big: f32, %v: f64, %neg: f64, %huge: f64, %far: f64, %inf: f32, %nan: f64, %ninf: f32, %low: f32)
    -> (si32, ui8, si16, si64, ui32, si8, ui16, ui32, si64) {
  %0 = tolk.cast %big : f32 to si32
  %1 = tolk.cast %v : f64 to ui8
  %2 = tolk.cast %neg : f64 to si16
  %3 = tolk.cast %huge : f64 to si64
  %4 = tolk.cast %far : f64 to ui32
  %5 = tolk.cast %inf : f32 to si8
  %6 = tolk.cast %nan : f64 to ui16
  %7 = tolk.cast %ninf : f32 to ui32
  %8 = tolk.cast %low : f32 to si64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : si32, ui8, si16, si64, ui32, si8, ui16, ui32, si64
}

func.func private @print_si64(%x: si64) {
  %0 = builtin.unrealized_conversion_cast %x : si64 to i64
  vector.print %0 : i64
  return
}

func.func @main() {
  %a = tolk.const -128 : si8
  %b = tolk.const -1 : si8
  %u = tolk.const 3 : ui8
  %n = tolk.const 200 : ui8
  %s = tolk.const -7 : si32
  %c = tolk.const 40 : si32
  %m = tolk.const -3 : si8
  %k = tolk.const 5 : si8
  %r:9 = func.call @int_corners(%a, %b, %u, %n, %s, %c, %m, %k)
      : (si8, si8, ui8, ui8, si32, si32, si8, si8)
      -> (si8, si8, si8, ui8, ui8, si8, si32, si32, si8)
  // CHECK: -1
  // CHECK-NEXT: 0
  // CHECK-NEXT: -128
  // CHECK-NEXT: 0
  // CHECK-NEXT: 161
  // CHECK-NEXT: -1
  // CHECK-NEXT: 0
  // CHECK-NEXT: -1
  // CHECK-NEXT: 13
  %i0 = tolk.cast %r#0 : si8 to si64
  func.call @print_si64(%i0) : (si64) -> ()
  %i1 = tolk.cast %r#1 : si8 to si64
  func.call @print_si64(%i1) : (si64) -> ()
  %i2 = tolk.cast %r#2 : si8 to si64
  func.call @print_si64(%i2) : (si64) -> ()
  %i3 = tolk.cast %r#3 : ui8 to si64
  func.call @print_si64(%i3) : (si64) -> ()
  %i4 = tolk.cast %r#4 : ui8 to si64
  func.call @print_si64(%i4) : (si64) -> ()
  %i5 = tolk.cast %r#5 : si8 to si64
  func.call @print_si64(%i5) : (si64) -> ()
  %i6 = tolk.cast %r#6 : si32 to si64
  func.call @print_si64(%i6) : (si64) -> ()
  %i7 = tolk.cast %r#7 : si32 to si64
  func.call @print_si64(%i7) : (si64) -> ()
  %i8 = tolk.cast %r#8 : si8 to si64
  func.call @print_si64(%i8) : (si64) -> ()

  %nz = tolk.const -0.0 : f32
  %pz = tolk.const 0.0 : f32
  %nan = tolk.const 0x7FC00000 : f32
  %one = tolk.const 1.0 : f32
  %w = tolk.const -100.9 : f64
  %t = tolk.const -2.5 : f32
  %h = tolk.const 65504.0 : f16
  %f:12 = func.call @float_corners(%nz, %pz, %nan, %one, %w, %t, %h)
      : (f32, f32, f32, f32, f64, f32, f16)
      -> (f32, f32, f32, f32, i1, i1, i1, si8, f32, f32, f32, f16)
  // Floats print as their bits (as si32 or si16).
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 1065353216
  // CHECK-NEXT: 1065353216
  // CHECK-NEXT: 0
  // CHECK-NEXT: 1
  // CHECK-NEXT: 1
  // CHECK-NEXT: -100
  // CHECK-NEXT: -8388608
  // CHECK-NEXT: -1073741824
  // CHECK-NEXT: -2147483648
  // CHECK-NEXT: 31744
  %b0 = tolk.bitcast %f#0 : f32 to si32
  %j0 = tolk.cast %b0 : si32 to si64
  func.call @print_si64(%j0) : (si64) -> ()
  %b1 = tolk.bitcast %f#1 : f32 to si32
  %j1 = tolk.cast %b1 : si32 to si64
  func.call @print_si64(%j1) : (si64) -> ()
  %b2 = tolk.bitcast %f#2 : f32 to si32
  %j2 = tolk.cast %b2 : si32 to si64
  func.call @print_si64(%j2) : (si64) -> ()
  %b3 = tolk.bitcast %f#3 : f32 to si32
  %j3 = tolk.cast %b3 : si32 to si64
  func.call @print_si64(%j3) : (si64) -> ()
  %j4 = tolk.cast %f#4 : i1 to si64
  func.call @print_si64(%j4) : (si64) -> ()
  %j5 = tolk.cast %f#5 : i1 to si64
  func.call @print_si64(%j5) : (si64) -> ()
  %j6 = tolk.cast %f#6 : i1 to si64
  func.call @print_si64(%j6) : (si64) -> ()
  %j7 = tolk.cast %f#7 : si8 to si64
  func.call @print_si64(%j7) : (si64) -> ()
  %b8 = tolk.bitcast %f#8 : f32 to si32
  %j8 = tolk.cast %b8 : si32 to si64
  func.call @print_si64(%j8) : (si64) -> ()
  %b9 = tolk.bitcast %f#9 : f32 to si32
  %j9 = tolk.cast %b9 : si32 to si64
  func.call @print_si64(%j9) : (si64) -> ()
  %b10 = tolk.bitcast %f#10 : f32 to si32
  %j10 = tolk.cast %b10 : si32 to si64
  func.call @print_si64(%j10) : (si64) -> ()
  %b11 = tolk.bitcast %f#11 : f16 to si16
  %j11 = tolk.cast %b11 : si16 to si64
  func.call @print_si64(%j11) : (si64) -> ()

  %big = tolk.const 3.0e9 : f32
  %v = tolk.const 300.75 : f64
  %neg = tolk.const -40000.5 : f64
  %huge = tolk.const 1.0e19 : f64
  %far = tolk.const 0x4510000000040000 : f64     // 2^82 + 2^52
  %pinf = tolk.const 0x7F800000 : f32
  %dnan = tolk.const 0x7FF8000000000000 : f64
  %ninf = tolk.const 0xFF800000 : f32
  %low = tolk.const -9.22337203E+18 : f32          // -2^63
  %z:9 = func.call @wrap(%big, %v, %neg, %huge, %far, %pinf, %dnan, %ninf, %low)
      : (f32, f64, f64, f64, f64, f32, f64, f32, f32)
     -> (si32, ui8, si16, si64, ui32, si8, ui16, ui32, si64)
  // CHECK-NEXT: -1294967296
  // CHECK-NEXT: 44
  // CHECK-NEXT: 25536
  // CHECK-NEXT: -8446744073709551616
  // CHECK-NEXT: 0
  // CHECK-NEXT: 127
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: -9223372036854775808
  %k0 = tolk.cast %z#0 : si32 to si64
  func.call @print_si64(%k0) : (si64) -> ()
  %k1 = tolk.cast %z#1 : ui8 to si64
  func.call @print_si64(%k1) : (si64) -> ()
  %k2 = tolk.cast %z#2 : si16 to si64
  func.call @print_si64(%k2) : (si64) -> ()
  func.call @print_si64(%z#3) : (si64) -> ()
  %k4 = tolk.cast %z#4 : ui32 to si64
  func.call @print_si64(%k4) : (si64) -> ()
  %k5 = tolk.cast %z#5 : si8 to si64
  func.call @print_si64(%k5) : (si64) -> ()
  %k6 = tolk.cast %z#6 : ui16 to si64
  func.call @print_si64(%k6) : (si64) -> ()
  %k7 = tolk.cast %z#7 : ui32 to si64
  func.call @print_si64(%k7) : (si64) -> ()
  func.call @print_si64(%z#8) : (si64) -> ()
  return
}
