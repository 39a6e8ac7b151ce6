// On a device with only the Shader capability, a Bool kernel with lanes
// needs 8-bit integers: the error is at a location, also for a constant
// that the canonicalizer shares between ops (it has none of its own: the
// error was "<unknown>:0"), which is reported where it is used, or at the
// kernel; the error names the function whose Bool tensors need them.
// RUN: tolk-opt %s --tolk-to-spirv="caps=Shader exts=SPV_KHR_storage_buffer_storage_class" \
// RUN:   --verify-diagnostics

// expected-error @+2 {{'func.func' op of type '(tensor<4x16xi1>, tensor<4x16xi1>) -> tensor<4x16xi1>', lowered to 'arith.constant', uses 'vector<4xi8>', which needs the Int8 capability: not in the SPIR-V target (Vulkan, v1.3)}}
// expected-error @+1 {{'func.func' op of type '(tensor<4x16xi1>, tensor<4x16xi1>) -> tensor<4x16xi1>', lowered to 'memref.reinterpret_cast', uses 'memref<64xi8, strided<[1], offset: ?>, #gpu.address_space<global>>', which needs the StorageBuffer8BitAccess capability}}
func.func @or_bool(%a: tensor<4x16xi1>, %b: tensor<4x16xi1>) -> tensor<4x16xi1> {
  %r = tolk.add %a, %b : tensor<4x16xi1>
  return %r : tensor<4x16xi1>
}
