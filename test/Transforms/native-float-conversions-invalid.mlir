// An unknown or missing chip is a diagnostic.
// RUN: tolk-opt %s --tolk-native-float-conversions=chip=sm_9x -verify-diagnostics
// RUN: not tolk-opt %s --tolk-native-float-conversions=chip=gfx90z 2>&1 | FileCheck %s --check-prefix=GFX
// RUN: not tolk-opt %s --tolk-native-float-conversions 2>&1 | FileCheck %s --check-prefix=EMPTY

// GFX: error: tolk-native-float-conversions: unknown chip 'gfx90z' (expected sm_XX or gfxXXX)
// EMPTY: error: tolk-native-float-conversions: unknown chip '' (expected sm_XX or gfxXXX)
// expected-error@+1 {{tolk-native-float-conversions: unknown chip 'sm_9x' (expected sm_XX or gfxXXX)}}
module {
  func.func @f(%x: f32) -> f8E4M3FN {
    %0 = arith.truncf %x : f32 to f8E4M3FN
    return %0 : f8E4M3FN
  }
}
