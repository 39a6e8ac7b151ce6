// Input of host-bf16-gated-subnormal.test: a gated bf16 kernel that only
// moves bits (no arithmetic), so every NaN payload must survive.
func.func @pick(%c: tensor<129xi1>, %a: tensor<129xbf16>, %b: tensor<129xbf16>) -> tensor<129xbf16> {
  %r = tolk.where %c, %a, %b : (tensor<129xi1>, tensor<129xbf16>, tensor<129xbf16>) -> tensor<129xbf16>
  return %r : tensor<129xbf16>
}
