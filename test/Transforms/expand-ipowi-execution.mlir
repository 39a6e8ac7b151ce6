// REQUIRES: mlir-runner
// math.ipowi on the CPU, expanded by --tolk-expand-ipowi, and by upstream's
// convert-math-to-funcs for comparison: the same powers, wrapped at the
// width, and math.ipowi's results for negative exponents.
// RUN: tolk-opt --tolk-expand-ipowi %s \
// RUN:   | %upstream_mlir_opt --convert-vector-to-scf --convert-scf-to-cf --convert-vector-to-llvm \
// RUN:       --convert-arith-to-llvm --convert-cf-to-llvm \
// RUN:       --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | %mlir_runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_c_runner_utils \
// RUN:   | FileCheck %s
// RUN: %upstream_mlir_opt --convert-math-to-funcs %s \
// RUN:   | %upstream_mlir_opt --convert-vector-to-scf --convert-scf-to-cf --convert-vector-to-llvm \
// RUN:       --convert-arith-to-llvm --convert-cf-to-llvm \
// RUN:       --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | %mlir_runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_c_runner_utils \
// RUN:   | FileCheck %s

func.func @pow8(%x: vector<14xi8>, %n: vector<14xi8>) -> vector<14xi8> {
  %r = math.ipowi %x, %n : vector<14xi8>
  return %r : vector<14xi8>
}
func.func @pow32(%x: vector<5xi32>, %n: vector<5xi32>) -> vector<5xi32> {
  %r = math.ipowi %x, %n : vector<5xi32>
  return %r : vector<5xi32>
}
func.func @pow64(%x: i64, %n: i64) -> i64 {
  %r = math.ipowi %x, %n : i64
  return %r : i64
}

func.func @main() {
  // 3^5 = 243 wraps to -13, 2^7 to -128, 2^8 to 0; x^0 = 1 (0^0 too);
  // negative exponents: 1 for 1, +-1 for -1, 0 otherwise; the top bits of
  // a large exponent.
  // CHECK: ( -13, -128, 0, -27, 1, 1, 1, -1, 1, 0, 0, -85, -128, 0 )
  %x8 = arith.constant dense<[3, 2, 2, -3, 7, 0, 1, -1, -1, 5, -2, 3, -128, 0]> : vector<14xi8>
  %n8 = arith.constant dense<[5, 7, 8, 3, 0, 0, -5, -3, -4, -1, 127, 127, 1, 5]> : vector<14xi8>
  %r8 = func.call @pow8(%x8, %n8) : (vector<14xi8>, vector<14xi8>) -> vector<14xi8>
  vector.print %r8 : vector<14xi8>
  // CHECK: ( -1849350655, -1431655765, 2128439731, -2147483648, 1 )
  %x32 = arith.constant dense<[7, 3, -5, 2, -1]> : vector<5xi32>
  %n32 = arith.constant dense<[1000000, 2147483647, 31, 31, -2147483648]> : vector<5xi32>
  %r32 = func.call @pow32(%x32, %n32) : (vector<5xi32>, vector<5xi32>) -> vector<5xi32>
  vector.print %r32 : vector<5xi32>
  // CHECK: -6289078614652622815
  // CHECK: -6148914691236517205
  // CHECK: -2898552624600762295
  %c3 = arith.constant 3 : i64
  %cm7 = arith.constant -7 : i64
  %c40 = arith.constant 40 : i64
  %c63 = arith.constant 63 : i64
  %max = arith.constant 9223372036854775807 : i64
  %a = func.call @pow64(%c3, %c40) : (i64, i64) -> i64
  vector.print %a : i64
  %b = func.call @pow64(%c3, %max) : (i64, i64) -> i64
  vector.print %b : i64
  %c = func.call @pow64(%cm7, %c63) : (i64, i64) -> i64
  vector.print %c : i64
  return
}
