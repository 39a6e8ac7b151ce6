// tolk-opt --version prints LLVM's version text (the MLIR it runs on), then
// Tolk-MLIR's own version, which comes from project() in CMakeLists.txt.
// RUN: tolk-opt --version | FileCheck %s -DVERSION=%tolk_version
// CHECK: LLVM version 22.
// CHECK: Tolk-MLIR version [[VERSION]]{{$}}
