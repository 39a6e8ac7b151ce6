// REQUIRES: spirv-val
// The binaries of --tolk-to-spirv are valid Vulkan 1.3 SPIR-V: the kernels
// of spirv.mlir (every address space, fp8, bf16, push constants of every
// width), its tensor-level function, the examples, spirv-pow.mlir, the f64
// exp2, log2 and pow of spirv-f64-math.mlir, the
// storage images of spirv-images.mlir (also at Vulkan 1.0) and of the
// image arguments of kernelize-images.mlir, and the complex numbers of
// spirv-complex.mlir (two-lane vectors of their parts).
// RUN: tolk-opt %S/spirv.mlir --tolk-to-spirv -o %t.mlir
// RUN: tolk-translate --serialize-spirv --kernel=add_f32 %t.mlir -o %t.kernels.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.kernels.spv
// RUN: tolk-translate --serialize-spirv --kernel=axpy %t.mlir -o %t.axpy.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.axpy.spv
// RUN: tolk-opt %S/spirv-f64-math.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv -o %t.f64-math.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.f64-math.spv
// RUN: tolk-opt %tolk_src_root/examples/kernels.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv -o %t.example-kernels.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.example-kernels.spv
// RUN: tolk-opt %tolk_src_root/examples/elementwise.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv -o %t.example-elementwise.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.example-elementwise.spv
// RUN: tolk-opt %S/kernelize-images.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv -o %t.kernelize-images.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.kernelize-images.spv
// A kernel without known_block_size: its workgroup size is specialization
// constants decorated BuiltIn WorkgroupSize, and no LocalSize
// (spirv-workgroup-size.mlir), which Vulkan allows only with the decoration.
// RUN: tolk-opt %S/spirv-workgroup-size.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv --kernel=any_size -o %t.any-size.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.any-size.spv
// RUN: %spirv_val --target-env vulkan1.0 %t.any-size.spv
// RUN: tolk-opt %S/spirv-workgroup-size.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv --kernel=fixed_size -o %t.fixed-size.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.fixed-size.spv
// The same at SPIR-V 1.5, where the entry points list every global variable
// they use.
// RUN: tolk-opt %S/spirv.mlir --tolk-to-spirv="version=v1.5" \
// RUN:   | tolk-translate --serialize-spirv --kernel=neighbour -o %t.v15.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.v15.spv
// pow in f64 arithmetic and conversions that keep NaN payloads
// (spirv-pow.mlir).
// RUN: tolk-opt %S/spirv-pow.mlir --tolk-to-spirv -o %t.pow.mlir
// RUN: tolk-translate --serialize-spirv --kernel=pow_f32 %t.pow.mlir -o %t.pow_f32.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.pow_f32.spv
// RUN: tolk-translate --serialize-spirv --kernel=pow_f16 %t.pow.mlir -o %t.pow_f16.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.pow_f16.spv
// RUN: tolk-translate --serialize-spirv --kernel=narrow %t.pow.mlir -o %t.narrow.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.narrow.spv
// RUN: tolk-opt %S/spirv-images.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv --kernel=scale -o %t.images.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.images.spv
// RUN: %spirv_val --target-env vulkan1.0 %t.images.spv
// RUN: tolk-opt %tolk_src_root/examples/images/add_right.mlir --tolk-to-spirv \
// RUN:   | tolk-translate --serialize-spirv -o %t.example-images.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.example-images.spv
// RUN: tolk-opt %S/spirv-complex.mlir --tolk-to-spirv -o %t.complex.mlir
// RUN: tolk-translate --serialize-spirv --kernel=cmul %t.complex.mlir -o %t.cmul.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.cmul.spv
// RUN: tolk-translate --serialize-spirv --kernel=cdiv %t.complex.mlir -o %t.cdiv.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.cdiv.spv
// RUN: tolk-translate --serialize-spirv --kernel=casts %t.complex.mlir -o %t.casts.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.casts.spv
// RUN: tolk-translate --serialize-spirv --kernel=pick %t.complex.mlir -o %t.pick.spv
// RUN: %spirv_val --target-env vulkan1.3 %t.pick.spv
// RUN: %spirv_val --target-env vulkan1.0 %t.pick.spv
