// A tensor-level elementwise function with mixed data types and weak
// literals. The main job canonicalizes it: constants fold exactly (the weak
// 2 * 3 is 6, then 6.0 in f16), and promotion becomes explicit (si8 is cast
// to f16 before the add).
func.func @scale_and_shift(%x: tensor<4x8xf16>, %n: si8) -> tensor<4x8xf16> {
  %two = tolk.const 2 : !tolk.weakint
  %three = tolk.const 3 : !tolk.weakint
  %six = tolk.mul %two, %three : !tolk.weakint
  %s = tolk.mul %x, %six : (tensor<4x8xf16>, !tolk.weakint) -> tensor<4x8xf16>
  %t = tolk.add %s, %n : (tensor<4x8xf16>, si8) -> tensor<4x8xf16>
  return %t : tensor<4x8xf16>
}
