// Input of host-bf16-gated-subnormal.test: 129 elements need two blocks of
// 128 threads, so the loads and stores are gated.
func.func @add(%a: tensor<129xbf16>, %b: tensor<129xbf16>) -> tensor<129xbf16> {
  %r = tolk.add %a, %b : (tensor<129xbf16>, tensor<129xbf16>) -> tensor<129xbf16>
  return %r : tensor<129xbf16>
}
