// RUN: tolk-translate --gpu-binary-to-isa --split-input-file --verify-diagnostics %s

// expected-error @below {{has no gpu.binary object to print}}
module {
}

// -----

module {
  // expected-error @below {{'gpu.binary' op holds an object that is not assembly: run gpu-module-to-binary{format=isa}}}
  gpu.binary @k [#gpu.object<#nvvm.target, bin = "\00\01">]
}
