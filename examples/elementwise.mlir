// An elementwise function. Until the Tolk dialect lands (issue 3) this is
// written in upstream `arith`; the main job canonicalizes it, folding the
// constant subexpression.
func.func @scale_and_shift(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %six = arith.mulf %two, %three : f32
  %y = arith.mulf %x, %six : f32
  %z = arith.addf %y, %two : f32
  return %z : f32
}
