// REQUIRES: tolk-plugin
// RUN: %mlir_opt --load-dialect-plugin=%tolk_plugin --load-pass-plugin=%tolk_plugin \
// RUN:   --pass-pipeline="builtin.module(convert-tolk-to-arith)" %s | FileCheck %s

// The conversion in Debian's mlir-opt, through TolkPlugin.so.

// CHECK-LABEL: func.func @shr
// CHECK-SAME: (%[[X:.*]]: i8, %[[N:.*]]: i8) -> i8
// CHECK: %[[LAST:.*]] = arith.constant 7 : i8
// CHECK: %[[M:.*]] = arith.minui %[[N]], %[[LAST]] : i8
// CHECK: %[[R:.*]] = arith.shrsi %[[X]], %[[M]] : i8
// CHECK: return %[[R]] : i8
func.func @shr(%x: si8, %n: si8) -> si8 {
  %0 = tolk.shr %x, %n : si8
  return %0 : si8
}
