// The input of test-install.sh: examples/consumer's tool, built against an
// installed Tolk, canonicalizes and commits weak types. Checked as
// `tolk-consumer consumer.mlir int16 | FileCheck consumer.mlir
// --check-prefixes=CHECK,CONSUMER`, and so is TolkPlugin.so in mlir-opt
// (CHECK only).

// Promotion becomes explicit (si8 is cast to si16), the weak constants fold
// (300 + 2 = 302) and commit to int16, the signature with them.
// CHECK-LABEL: func.func @promote_and_commit
// CHECK-SAME: (%[[X:.*]]: si8, %[[Y:.*]]: si16) -> (si16, si16)
// CHECK-DAG:   %[[C:.*]] = tolk.const 302 : si16
// CHECK-DAG:   %[[XC:.*]] = tolk.cast %[[X]] : si8 to si16
// CHECK:       %[[S:.*]] = tolk.add %[[XC]], %[[Y]] : si16
// CHECK:       return %[[S]], %[[C]] : si16, si16
func.func @promote_and_commit(%x: si8, %y: si16) -> (si16, !tolk.weakint) {
  %c = tolk.const 300 : !tolk.weakint
  %d = tolk.const 2 : !tolk.weakint
  %w = tolk.add %c, %d : !tolk.weakint
  %s = tolk.add %x, %y : (si8, si16) -> si16
  return %s, %w : si16, !tolk.weakint
}
// CONSUMER: // tolk.cast ops: 1
