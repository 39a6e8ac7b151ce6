// --tolk-commit-weak applies `strong` (docs/Semantics.md#defaults) to every
// weak type left after --canonicalize: !tolk.weakint becomes DEFAULT_INT,
// !tolk.weakfloat DEFAULT_FLOAT, unless the options say otherwise.
// RUN: tolk-opt %s -split-input-file --tolk-commit-weak | FileCheck %s --check-prefix=DEF
// RUN: tolk-opt %s -split-input-file --tolk-commit-weak="default-int=int16 default-float=f16" | FileCheck %s --check-prefix=OPT
// RUN: tolk-opt %s -split-input-file --tolk-commit-weak="default-int=si64" | FileCheck %s --check-prefix=I64

// A weak integer constant takes Dtype.const's value in the committed type:
// 300 fits both si32 and si16; 70000 wraps to 4464 in si16.
// DEF-LABEL: func.func @weak_int
// DEF-DAG: %[[C:.*]] = tolk.const 300 : si32
// DEF-DAG: %[[D:.*]] = tolk.const 70000 : si32
// DEF: tolk.add %[[C]], %[[D]] : si32
// OPT-LABEL: func.func @weak_int
// OPT-DAG: tolk.const 300 : si16
// OPT-DAG: tolk.const 4464 : si16
// OPT: tolk.add %{{.*}}, %{{.*}} : si16
// I64-LABEL: func.func @weak_int
// I64: tolk.add %{{.*}}, %{{.*}} : si64
func.func @weak_int() -> !tolk.weakint {
  %c = tolk.const 300 : !tolk.weakint
  %d = tolk.const 70000 : !tolk.weakint
  %0 = tolk.add %c, %d : !tolk.weakint
  return %0 : !tolk.weakint
}

// -----

// A weak float constant rounds once into the committed float.
// DEF-LABEL: func.func @weak_float
// DEF: tolk.const 0.10000000149011612 : f32
// DEF: tolk.mul %{{.*}}, %{{.*}} : f32
// OPT-LABEL: func.func @weak_float
// OPT: tolk.const 0.0999755859375 : f16
// OPT: tolk.mul %{{.*}}, %{{.*}} : f16
func.func @weak_float(%x: !tolk.weakfloat) -> !tolk.weakfloat {
  %c = tolk.const 0.1 : !tolk.weakfloat
  %0 = tolk.mul %x, %c : !tolk.weakfloat
  return %0 : !tolk.weakfloat
}

// -----

// Function signatures, block arguments and strong-typed ops around weak
// values: si64 + ui64 promotes to the weak float, which commits like any
// other.
// DEF-LABEL: func.func @signature(%arg0: si64, %arg1: ui64) -> f32
// DEF-DAG: %[[A:.*]] = tolk.cast %arg0 : si64 to f32
// DEF-DAG: %[[B:.*]] = tolk.cast %arg1 : ui64 to f32
// DEF: %[[S:.*]] = tolk.add %[[A]], %[[B]] : f32
// DEF: return %[[S]] : f32
// OPT-LABEL: func.func @signature(%arg0: si64, %arg1: ui64) -> f16
func.func @signature(%a: si64, %b: ui64) -> !tolk.weakfloat {
  %0 = tolk.cast %a : si64 to !tolk.weakfloat
  %1 = tolk.cast %b : ui64 to !tolk.weakfloat
  %2 = tolk.add %0, %1 : !tolk.weakfloat
  return %2 : !tolk.weakfloat
}

// -----

// Element types of tensors (lanes of a weak type do not exist); strong ops
// stay as they are.
// DEF-LABEL: func.func @shapes
// DEF-SAME: (%arg0: tensor<4xsi32>, %arg1: tensor<2x3xf32>, %arg2: vector<4xsi8>)
// DEF: tolk.const 7 : tensor<4xsi32>
// DEF: tolk.add %{{.*}}, %{{.*}} : tensor<4xsi32>
// DEF: tolk.const 2.5 : tensor<2x3xf32>
// DEF: tolk.mul %{{.*}}, %{{.*}} : tensor<2x3xf32>
// DEF: tolk.neg %arg2 : vector<4xsi8>
// OPT-LABEL: func.func @shapes
// OPT-SAME: (%arg0: tensor<4xsi16>, %arg1: tensor<2x3xf16>, %arg2: vector<4xsi8>)
func.func @shapes(%w: tensor<4x!tolk.weakint>, %t: tensor<2x3x!tolk.weakfloat>, %s: vector<4xsi8>)
    -> (tensor<4x!tolk.weakint>, tensor<2x3x!tolk.weakfloat>, vector<4xsi8>) {
  %c = tolk.const 7 : tensor<4x!tolk.weakint>
  %0 = tolk.add %w, %c : tensor<4x!tolk.weakint>
  %h = tolk.const 2.5 : tensor<2x3x!tolk.weakfloat>
  %1 = tolk.mul %t, %h : tensor<2x3x!tolk.weakfloat>
  %2 = tolk.neg %s : vector<4xsi8>
  return %0, %1, %2 : tensor<4x!tolk.weakint>, tensor<2x3x!tolk.weakfloat>, vector<4xsi8>
}
