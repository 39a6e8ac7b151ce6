// 64- and 128-bit integers, signed and unsigned, to bf16 through
// --tolk-expand-float-conversions and arith's folder, rounded once: in every
// binade past 2^53, the halfway points above an even and an odd bf16 code
// and their neighbours, where rounding through f64 first goes wrong (about
// 500 of the 2,500 cases). The expected bits come from the script's own
// integer model of round-to-nearest-even, not from lib/Dtype or APFloat.
// RUN: %python %tolk_src_root/scripts/gen-int-to-bf16-table.py > %t.mlir
// RUN: tolk-opt %t.mlir --tolk-expand-float-conversions=include-bf16 --canonicalize | FileCheck %t.mlir
