// --tolk-to-spirv on complex numbers (docs/Lowering.md, "SPIR-V"):
// complex-to-standard expands the arithmetic on the parts, as on the other
// targets (Smith's division, the folder's algorithm), and a complex value
// is a two-lane vector of its parts, so a buffer of them is an array of
// vector<2xf32> with stride 8 (vector<2xf64>, 16), numpy's <c8 (<c16).
// spirv-val.mlir validates the binaries; test/tolk-run/complex-vulkan.test
// runs them.
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s
// --tolk-kernelize takes complex tensors (one element per thread), and the
// kernels it gives lower the same way.
// RUN: tolk-opt %s --tolk-kernelize | tolk-opt --tolk-to-spirv | FileCheck %s

// (a + bi)(c + di) = (ac - bd) + (bc + ad)i, each product rounded.
// CHECK-LABEL: spirv.module @__spv__cmul_kernel
// CHECK-SAME: requires #spirv.vce<v1.0, [Shader, SignedZeroInfNanPreserve, Matrix], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_float_controls]>
// CHECK: spirv.GlobalVariable @cmul_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<2xf32>, stride=8> [0])>, StorageBuffer>
// CHECK: spirv.GlobalVariable @cmul_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<2xf32>, stride=8> [0])>, StorageBuffer>
// CHECK-LABEL: spirv.func @cmul()
// CHECK: %[[X:.+]] = spirv.Load "StorageBuffer" %{{.*}} : vector<2xf32>
// CHECK: %[[Y:.+]] = spirv.Load "StorageBuffer" %{{.*}} : vector<2xf32>
// CHECK-DAG: %[[A:.+]] = spirv.CompositeExtract %[[X]][0 : i32] : vector<2xf32>
// CHECK-DAG: %[[B:.+]] = spirv.CompositeExtract %[[X]][1 : i32] : vector<2xf32>
// CHECK-DAG: %[[C:.+]] = spirv.CompositeExtract %[[Y]][0 : i32] : vector<2xf32>
// CHECK-DAG: %[[D:.+]] = spirv.CompositeExtract %[[Y]][1 : i32] : vector<2xf32>
// CHECK-DAG: %[[AC:.+]] = spirv.FMul %[[A]], %[[C]] : f32
// CHECK-DAG: %[[BD:.+]] = spirv.FMul %[[B]], %[[D]] : f32
// CHECK-DAG: %[[RE:.+]] = spirv.FSub %[[AC]], %[[BD]] : f32
// CHECK-DAG: %[[BC:.+]] = spirv.FMul %[[B]], %[[C]] : f32
// CHECK-DAG: %[[AD:.+]] = spirv.FMul %[[A]], %[[D]] : f32
// CHECK-DAG: %[[IM:.+]] = spirv.FAdd %[[BC]], %[[AD]] : f32
// CHECK: %[[Z:.+]] = spirv.CompositeConstruct %[[RE]], %[[IM]] : (f32, f32) -> vector<2xf32>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[Z]] : vector<2xf32>
func.func @cmul(%a: tensor<16xcomplex<f32>>, %b: tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>> {
  %r = tolk.mul %a, %b : tensor<16xcomplex<f32>>
  return %r : tensor<16xcomplex<f32>>
}

// Smith's division in f64: the quotient of the larger part of the divisor,
// both branches selected, then C99's recoveries; the float controls keep
// signed zeros, infinities and NaNs in f64.
// CHECK-LABEL: spirv.module @__spv__cdiv_kernel
// CHECK-SAME: Float64
// CHECK: spirv.GlobalVariable @cdiv_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<2xf64>, stride=16> [0])>, StorageBuffer>
// CHECK-LABEL: spirv.func @cdiv()
// CHECK: %[[N:.+]] = spirv.Load "StorageBuffer" %{{.*}} : vector<2xf64>
// CHECK: %[[M:.+]] = spirv.Load "StorageBuffer" %{{.*}} : vector<2xf64>
// CHECK: spirv.FDiv %{{.*}}, %{{.*}} : f64
// CHECK: spirv.GL.FAbs %{{.*}} : f64
// CHECK: %[[SMALLER:.+]] = spirv.FOrdLessThan %{{.*}}, %{{.*}} : f64
// CHECK: spirv.Select %[[SMALLER]], %{{.*}}, %{{.*}} : i1, f64
// CHECK: spirv.IsNan %{{.*}} : f64
// CHECK: %[[Q:.+]] = spirv.CompositeConstruct %{{.*}}, %{{.*}} : (f64, f64) -> vector<2xf64>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[Q]] : vector<2xf64>
// CHECK: spirv.ExecutionMode @cdiv "SignedZeroInfNanPreserve", 64
func.func @cdiv(%a: tensor<16xcomplex<f64>>, %b: tensor<16xcomplex<f64>>) -> tensor<16xcomplex<f64>> {
  %r = tolk.div %a, %b : tensor<16xcomplex<f64>>
  return %r : tensor<16xcomplex<f64>>
}

// Conversions are per part: complex<f64> to complex<f32> narrows each part
// (keeping a NaN's payload), f32 to complex<f64> is (x, +0).
// CHECK-LABEL: spirv.func @casts()
// CHECK: %[[ZERO:.+]] = spirv.Constant 0.000000e+00 : f64
// CHECK: %[[W:.+]] = spirv.Load "StorageBuffer" %{{.*}} : vector<2xf64>
// CHECK: %[[F:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK: %[[WR:.+]] = spirv.CompositeExtract %[[W]][0 : i32] : vector<2xf64>
// CHECK: %[[WI:.+]] = spirv.CompositeExtract %[[W]][1 : i32] : vector<2xf64>
// CHECK: spirv.FConvert %[[WR]] : f64 to f32
// CHECK: %[[NR:.+]] = spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK: spirv.FConvert %[[WI]] : f64 to f32
// CHECK: %[[NI:.+]] = spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK: %[[NARROW:.+]] = spirv.CompositeConstruct %[[NR]], %[[NI]] : (f32, f32) -> vector<2xf32>
// CHECK: spirv.FConvert %[[F]] : f32 to f64
// CHECK: %[[FR:.+]] = spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : i1, f64
// CHECK: %[[WIDE:.+]] = spirv.CompositeConstruct %[[FR]], %[[ZERO]] : (f64, f64) -> vector<2xf64>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[NARROW]] : vector<2xf32>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[WIDE]] : vector<2xf64>
func.func @casts(%a: tensor<16xcomplex<f64>>, %f: tensor<16xf32>) -> (tensor<16xcomplex<f32>>, tensor<16xcomplex<f64>>) {
  %n = tolk.cast %a : tensor<16xcomplex<f64>> to tensor<16xcomplex<f32>>
  %w = tolk.cast %f : tensor<16xf32> to tensor<16xcomplex<f64>>
  return %n, %w : tensor<16xcomplex<f32>>, tensor<16xcomplex<f64>>
}

// tolk.where selects the vectors, with the condition on each lane.
// CHECK-LABEL: spirv.func @pick()
// CHECK: %[[COND:.+]] = spirv.INotEqual %{{.*}}, %{{.*}} : i8
// CHECK: %[[LANES:.+]] = spirv.CompositeConstruct %[[COND]], %[[COND]] : (i1, i1) -> vector<2xi1>
// CHECK: %[[P:.+]] = spirv.Select %[[LANES]], %{{.*}}, %{{.*}} : vector<2xi1>, vector<2xf32>
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %[[P]] : vector<2xf32>
func.func @pick(%c: tensor<16xi1>, %a: tensor<16xcomplex<f32>>, %b: tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>> {
  %r = tolk.where %c, %a, %b : (tensor<16xi1>, tensor<16xcomplex<f32>>, tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>>
  return %r : tensor<16xcomplex<f32>>
}
