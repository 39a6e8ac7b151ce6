// The SPIR-V (Vulkan) path: Tolk kernels and a tensor-level function to
// spirv.modules with Tolk's kernel ABI (docs/Lowering.md, "SPIR-V"): global
// pointers are StorageBuffer bindings of set 0 in the order of the global
// pointers, local memory a Workgroup variable, registers Function
// variables, by-value parameters one PushConstant block. spirv-val.mlir
// validates the binaries.
// RUN: tolk-opt %s --tolk-to-spirv | FileCheck %s

// One spirv.module per gpu.module, beside it, with the minimal version and
// the capabilities its kernels use.
// CHECK-LABEL: spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [
// CHECK-SAME: Float16
// CHECK-SAME: StorageBuffer16BitAccess
// CHECK-SAME: Int64
// CHECK-SAME: Float64
// CHECK-SAME: Int8
// CHECK-SAME: Int16
// CHECK-SAME: StorageBuffer8BitAccess
// CHECK: spirv.GlobalVariable @[[TILE:__workgroup_mem__[0-9]+]] : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f16>)>, Workgroup>

gpu.module @kernels {
  // Global pointers: bindings 0, 1, 2 of descriptor set 0, runtime arrays of
  // the element type; the offset of tolk.index goes into the access chain.
  // CHECK: spirv.GlobalVariable @add_f32_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  // CHECK: spirv.GlobalVariable @add_f32_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  // CHECK: spirv.GlobalVariable @add_f32_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  // CHECK-LABEL: spirv.func @add_f32()
  // CHECK: %[[I:.+]] = spirv.IAdd
  // CHECK: spirv.AccessChain %add_f32_arg_0_addr[%{{.*}}, %[[I]]]
  // CHECK: spirv.Load "StorageBuffer"
  // CHECK: spirv.Load "StorageBuffer"
  // CHECK: spirv.FAdd
  // CHECK: spirv.AccessChain %add_f32_arg_2_addr[%{{.*}}, %[[I]]]
  // CHECK: spirv.Store "StorageBuffer"
  gpu.func @add_f32(%a: !tolk.ptr<f32, global>, %b: !tolk.ptr<f32, global>,
                    %c: !tolk.ptr<f32, global>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %pa = tolk.index %a[%i] : !tolk.ptr<f32, global>, si32
    %pb = tolk.index %b[%i] : !tolk.ptr<f32, global>, si32
    %pc = tolk.index %c[%i] : !tolk.ptr<f32, global>, si32
    %x = tolk.load %pa : !tolk.ptr<f32, global> -> f32
    %y = tolk.load %pb : !tolk.ptr<f32, global> -> f32
    %s = tolk.add %x, %y : f32
    tolk.store %pc, %s : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  // examples/kernels.mlir: local memory is a Workgroup variable, the barrier
  // a workgroup control barrier, and the two alu parameters (f32, si32) the
  // members of one push-constant block, at offsets 0 and 4; the bindings
  // skip them.
  // CHECK: spirv.GlobalVariable @neighbour_push_constants : !spirv.ptr<!spirv.struct<(f32 [0], i32 [4])>, PushConstant>
  // CHECK: spirv.GlobalVariable @neighbour_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  // CHECK: spirv.GlobalVariable @neighbour_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  // CHECK-LABEL: spirv.func @neighbour()
  // CHECK: %[[SCALE:.+]] = spirv.Load "PushConstant" %{{.*}} : f32
  // CHECK: %[[N:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
  // CHECK: %[[VALID:.+]] = spirv.SLessThan %{{.*}}, %[[N]] : i32
  // CHECK: spirv.mlir.selection
  // CHECK: spirv.BranchConditional %[[VALID]]
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} : f16
  // CHECK: spirv.AccessChain %[[TILE]]_addr
  // CHECK: spirv.Store "Workgroup"
  // CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
  // CHECK: spirv.Load "Workgroup" %{{.*}} : f16
  // CHECK: spirv.FAdd %{{.*}} : f16
  // CHECK: spirv.FMul %{{.*}}, %[[SCALE]] : f32
  // CHECK: spirv.Store "StorageBuffer"
  gpu.func @neighbour(%x: !tolk.ptr<f16, global>, %y: !tolk.ptr<f32, global>,
                      %scale_param: !tolk.ptr<f32, alu>,
                      %n_param: !tolk.ptr<si32, alu> {tolk.bounds = array<i64: 0, 1048576>})
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tile = tolk.define_local : !tolk.ptr<f16, local, 256>
    %i = tolk.special global_id x : si32
    %l = tolk.special local_id x : si32
    %n = tolk.load %n_param : !tolk.ptr<si32, alu> -> si32
    %scale = tolk.load %scale_param : !tolk.ptr<f32, alu> -> f32
    %valid = tolk.cmplt %i, %n : (si32, si32) -> i1
    %zero = tolk.const 0.0 : f16
    %px = tolk.index %x[%i] : !tolk.ptr<f16, global>, si32
    %xi = tolk.load %px if %valid else %zero : !tolk.ptr<f16, global> -> f16
    %pt = tolk.index %tile[%l] : !tolk.ptr<f16, local, 256>, si32
    tolk.store %pt, %xi : !tolk.ptr<f16, local, 256>, f16
    gpu.barrier
    %one = tolk.const 1 : si32
    %mask = tolk.const 255 : si32
    %next = tolk.add %l, %one : si32
    %wrapped = tolk.and %next, %mask : si32
    %pn = tolk.index %tile[%wrapped] : !tolk.ptr<f16, local, 256>, si32
    %xn = tolk.load %pn : !tolk.ptr<f16, local, 256> -> f16
    %sum = tolk.add %xi, %xn : f16
    %r = tolk.mul %sum, %scale : (f16, f32) -> f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %py, %r if %valid : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  // Registers: a Function variable, accumulated in a loop.
  // CHECK-LABEL: spirv.func @accumulate()
  // CHECK: %[[ACC:.+]] = spirv.Variable : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f32>)>, Function>
  // CHECK: spirv.mlir.loop
  // CHECK: spirv.Load "StorageBuffer"
  // CHECK: spirv.AccessChain %[[ACC]]
  // CHECK: spirv.Load "Function"
  // CHECK: spirv.FAdd
  // CHECK: spirv.Store "Function"
  // CHECK: spirv.mlir.merge
  // CHECK: spirv.Load "Function"
  // CHECK: spirv.Store "StorageBuffer"
  gpu.func @accumulate(%x: !tolk.ptr<f32, global>, %y: !tolk.ptr<f32, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %acc = tolk.define_reg : !tolk.ptr<f32, reg, 1>
    %zero = tolk.const 0.0 : f32
    %c0 = tolk.const 0 : si32
    tolk.store %acc, %zero : !tolk.ptr<f32, reg, 1>, f32
    %i = tolk.special global_id x : si32
    %lb = tolk.const 0 : si32
    %ub = tolk.const 4 : si32
    %st = tolk.const 1 : si32
    %four = tolk.const 4 : si32
    %base = tolk.mul %i, %four : si32
    tolk.range %k = %lb to %ub step %st : si32 {
      %o = tolk.add %base, %k : si32
      %p = tolk.index %x[%o] : !tolk.ptr<f32, global>, si32
      %v = tolk.load %p : !tolk.ptr<f32, global> -> f32
      %a = tolk.load %acc : !tolk.ptr<f32, reg, 1> -> f32
      %s = tolk.add %a, %v : f32
      tolk.store %acc, %s : !tolk.ptr<f32, reg, 1>, f32
    }
    %r = tolk.load %acc : !tolk.ptr<f32, reg, 1> -> f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %py, %r : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  // By-value parameters of every width: 4-byte slots, an 8-byte slot aligned
  // to 8 for si64 and f64. A narrow value is the low lane of its slot's bits
  // (no 8/16-bit push-constant capability needed), a Bool is slot != 0.
  // CHECK: spirv.GlobalVariable @scalars_push_constants : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], i32 [8], i64 [16], f64 [24], i32 [32])>, PushConstant>
  // CHECK: spirv.GlobalVariable @scalars_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>
  // CHECK-LABEL: spirv.func @scalars()
  // CHECK: %[[A:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
  // CHECK: %[[AV:.+]] = spirv.Bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK: spirv.CompositeExtract %[[AV]][0 : i32] : vector<4xi8>
  // CHECK: %[[H:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
  // CHECK: %[[HV:.+]] = spirv.Bitcast %[[H]] : i32 to vector<2xf16>
  // CHECK: spirv.CompositeExtract %[[HV]][0 : i32] : vector<2xf16>
  // CHECK: %[[B:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
  // CHECK: spirv.INotEqual %[[B]], %{{.*}} : i32
  // CHECK: spirv.Load "PushConstant" %{{.*}} : i64
  // CHECK: spirv.Load "PushConstant" %{{.*}} : f64
  // CHECK: %[[U:.+]] = spirv.Load "PushConstant" %{{.*}} : i32
  // CHECK: spirv.Bitcast %[[U]] : i32 to vector<2xi16>
  // CHECK: spirv.Store "StorageBuffer" %{{.*}} : f64
  gpu.func @scalars(%out: !tolk.ptr<f64, global>,
                    %a: !tolk.ptr<si8, alu>, %h: !tolk.ptr<f16, alu>,
                    %b: !tolk.ptr<i1, alu>, %l: !tolk.ptr<si64, alu>,
                    %d: !tolk.ptr<f64, alu>, %u: !tolk.ptr<ui16, alu>)
      kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %va = tolk.load %a : !tolk.ptr<si8, alu> -> si8
    %vh = tolk.load %h : !tolk.ptr<f16, alu> -> f16
    %vb = tolk.load %b : !tolk.ptr<i1, alu> -> i1
    %vl = tolk.load %l : !tolk.ptr<si64, alu> -> si64
    %vd = tolk.load %d : !tolk.ptr<f64, alu> -> f64
    %vu = tolk.load %u : !tolk.ptr<ui16, alu> -> ui16
    %s1 = tolk.add %va, %vh : (si8, f16) -> f16
    %s2 = tolk.add %s1, %vd : (f16, f64) -> f64
    %s3 = tolk.add %s2, %vl : (f64, si64) -> f64
    %s4 = tolk.add %s3, %vu : (f64, ui16) -> f64
    %zero = tolk.const 0.0 : f64
    %s5 = tolk.where %vb, %s4, %zero : (i1, f64, f64) -> f64
    tolk.store %out, %s5 : !tolk.ptr<f64, global>, f64
    gpu.return
  }

  // 8-bit floats are bytes in memory and converted in software: no float
  // conversion to or from them reaches SPIR-V (it has no 8-bit floats).
  // CHECK: spirv.GlobalVariable @fp8_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i8, stride=1> [0])>, StorageBuffer>
  // CHECK: spirv.GlobalVariable @fp8_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i8, stride=1> [0])>, StorageBuffer>
  // CHECK-LABEL: spirv.func @fp8()
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} : f32
  // CHECK: spirv.Bitcast %{{.*}} : f32 to i32
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} : i8
  // CHECK: spirv.FAdd %{{.*}} : f32
  // CHECK: spirv.Store "StorageBuffer" %{{.*}} : i8
  // CHECK: spirv.Store "StorageBuffer" %{{.*}} : i8
  // CHECK-NOT: spirv.FConvert
  // CHECK: spirv.Return
  gpu.func @fp8(%x: !tolk.ptr<f32, global>, %y: !tolk.ptr<f8E4M3FN, global>,
                %z: !tolk.ptr<f8E5M2, global>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %e = tolk.cast %v : f32 to f8E4M3FN
    %py = tolk.index %y[%i] : !tolk.ptr<f8E4M3FN, global>, si32
    %old = tolk.load %py : !tolk.ptr<f8E4M3FN, global> -> f8E4M3FN
    %sum = tolk.add %e, %old : f8E4M3FN
    tolk.store %py, %sum : !tolk.ptr<f8E4M3FN, global>, f8E4M3FN
    %w = tolk.cast %sum : f8E4M3FN to f8E5M2
    %pz = tolk.index %z[%i] : !tolk.ptr<f8E5M2, global>, si32
    tolk.store %pz, %w : !tolk.ptr<f8E5M2, global>, f8E5M2
    gpu.return
  }

  // Math: GLSL.std.450's Exp2 (of x + 64, times 2^-64, where the result is
  // subnormal: x below -126) and Log2 (not Log times 1/ln 2; of a positive
  // subnormal, the Log2 of its significand minus 149), and trunc as floor or
  // ceil by the sign (the SPIR-V dialect has no Trunc).
  // CHECK-LABEL: spirv.func @math()
  // CHECK: %[[X:.+]] = spirv.Load "StorageBuffer" %{{.*}} : f32
  // CHECK: %[[SMALL:.+]] = spirv.FOrdLessThan %[[X]], %{{.*}} : f32
  // CHECK: %[[SHIFTED:.+]] = spirv.FAdd %[[X]], %{{.*}} : f32
  // CHECK: %[[EARG:.+]] = spirv.Select %[[SMALL]], %[[SHIFTED]], %[[X]] : i1, f32
  // CHECK: %[[E:.+]] = spirv.GL.Exp2 %[[EARG]] : f32
  // CHECK: %[[SCALED:.+]] = spirv.FMul %[[E]], %{{.*}} : f32
  // CHECK: spirv.Select %[[SMALL]], %[[SCALED]], %[[E]] : i1, f32
  // CHECK: %[[SUB:.+]] = spirv.ULessThan
  // CHECK: %[[M:.+]] = spirv.ConvertUToF %{{.*}} : i32 to f32
  // CHECK: %[[ARG:.+]] = spirv.Select %[[SUB]], %[[M]], %[[X]] : i1, f32
  // CHECK: %[[L:.+]] = spirv.GL.Log2 %[[ARG]] : f32
  // CHECK: %[[S:.+]] = spirv.FSub %[[L]], %{{.*}} : f32
  // CHECK: spirv.Select %[[SUB]], %[[S]], %[[L]] : i1, f32
  // CHECK: spirv.GL.Sqrt %[[X]] : f32
  // CHECK: %[[POS:.+]] = spirv.FOrdGreaterThanEqual %[[X]], %{{.*}} : f32
  // CHECK: %[[DOWN:.+]] = spirv.GL.Floor %[[X]] : f32
  // CHECK: %[[UP:.+]] = spirv.GL.Ceil %[[X]] : f32
  // CHECK: spirv.Select %[[POS]], %[[DOWN]], %[[UP]] : i1, f32
  gpu.func @math(%x: !tolk.ptr<f32, global>, %y: !tolk.ptr<f32, global>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %i = tolk.special global_id x : si32
    %px = tolk.index %x[%i] : !tolk.ptr<f32, global>, si32
    %v = tolk.load %px : !tolk.ptr<f32, global> -> f32
    %e = tolk.exp2 %v : f32
    %l = tolk.log2 %v : f32
    %q = tolk.sqrt %v : f32
    %t = tolk.trunc %v : f32
    %s1 = tolk.add %e, %l : f32
    %s2 = tolk.add %s1, %q : f32
    %s3 = tolk.add %s2, %t : f32
    %py = tolk.index %y[%i] : !tolk.ptr<f32, global>, si32
    tolk.store %py, %s3 : !tolk.ptr<f32, global>, f32
    gpu.return
  }

  // bf16 is a 16-bit integer in memory, and even through a gate (the
  // alternative 1.5 is its bits, 0x3FC0); its arithmetic runs in f32.
  // CHECK: spirv.GlobalVariable @bf16_push_constants : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>
  // CHECK: spirv.GlobalVariable @bf16_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>
  // CHECK: spirv.GlobalVariable @bf16_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>
  // CHECK-LABEL: spirv.func @bf16()
  // CHECK-DAG: spirv.Constant 16320 : i16
  // CHECK: spirv.Variable : !spirv.ptr<i16, Function>
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} : i16
  // CHECK: spirv.FMul %{{.*}} : f32
  // CHECK: spirv.Store "StorageBuffer" %{{.*}} : i16
  // CHECK-NOT: bf16
  // CHECK: spirv.Return

  // The LocalSize of each entry point is its known_block_size.
  // CHECK: spirv.EntryPoint "GLCompute" @add_f32, @__builtin__WorkgroupId__, @__builtin__LocalInvocationId__
  // CHECK: spirv.ExecutionMode @add_f32 "LocalSize", 128, 1, 1
  // CHECK: spirv.EntryPoint "GLCompute" @neighbour
  // CHECK: spirv.ExecutionMode @neighbour "LocalSize", 256, 1, 1
  // CHECK: spirv.ExecutionMode @accumulate "LocalSize", 64, 1, 1
  // CHECK: spirv.EntryPoint "GLCompute" @scalars{{$}}
  // CHECK: spirv.ExecutionMode @scalars "LocalSize", 1, 1, 1
  // CHECK: spirv.ExecutionMode @fp8 "LocalSize", 128, 1, 1
  // CHECK: spirv.ExecutionMode @bf16 "LocalSize", 128, 1, 1
  // The gpu.module stays, for a host's launch to name.
  // CHECK: gpu.module @kernels
  gpu.func @bf16(%x: !tolk.ptr<bf16, global>, %y: !tolk.ptr<bf16, global>,
                 %np: !tolk.ptr<si32, alu>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %i = tolk.special global_id x : si32
    %n = tolk.load %np : !tolk.ptr<si32, alu> -> si32
    %valid = tolk.cmplt %i, %n : (si32, si32) -> i1
    %one = tolk.const 1.5 : bf16
    %px = tolk.index %x[%i] : !tolk.ptr<bf16, global>, si32
    %v = tolk.load %px if %valid else %one : !tolk.ptr<bf16, global> -> bf16
    %s = tolk.mul %v, %one : bf16
    %py = tolk.index %y[%i] : !tolk.ptr<bf16, global>, si32
    tolk.store %py, %s : !tolk.ptr<bf16, global>, bf16
    gpu.return
  }
}

// A tensor-level function: kernelized with at most 4 lanes per thread
// (Vulkan has no longer vectors), its buffers statically sized arrays, the
// bf16 input 16-bit integers, the f32 scalar a push constant. Vector loads
// and stores are one access per lane: logical addressing cannot cast an
// element pointer to a vector pointer.
// CHECK: func.func @axpy
// CHECK-LABEL: spirv.module @__spv__axpy_kernel
// CHECK: spirv.GlobalVariable @axpy_push_constants : !spirv.ptr<!spirv.struct<(f32 [0])>, PushConstant>
// CHECK: spirv.GlobalVariable @axpy_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x i16, stride=2> [0])>, StorageBuffer>
// CHECK: spirv.GlobalVariable @axpy_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
// CHECK: spirv.GlobalVariable @axpy_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-LABEL: spirv.func @axpy()
// CHECK-COUNT-4: spirv.Load "StorageBuffer" %{{.*}} : i16
// CHECK: spirv.CompositeConstruct %{{.*}} : (i16, i16, i16, i16) -> vector<4xi16>
// CHECK-COUNT-4: spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK: spirv.FMul %{{.*}} : vector<4xf32>
// CHECK: spirv.FAdd %{{.*}} : vector<4xf32>
// CHECK-COUNT-4: spirv.Store "StorageBuffer" %{{.*}} : f32
// CHECK: spirv.EntryPoint "GLCompute" @axpy
// CHECK: spirv.ExecutionMode @axpy "LocalSize", 16, 1, 1
func.func @axpy(%x: tensor<64xbf16>, %y: tensor<64xf32>, %a: f32) -> tensor<64xf32> {
  %ax = tolk.mul %x, %a : (tensor<64xbf16>, f32) -> tensor<64xf32>
  %r = tolk.add %ax, %y : tensor<64xf32>
  return %r : tensor<64xf32>
}
