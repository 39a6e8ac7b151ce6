//===- Passes.td - Passes that work around upstream MLIR ---*- tablegen -*-===//
//
// Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream passes redone where upstream's behaviour costs Tolk more than
// the pass is worth (docs/UpstreamBugs.md, "Workarounds"): each says what
// it works around and when it can go.
//
//===----------------------------------------------------------------------===//

#ifndef TOLK_UPSTREAM_PASSES
#define TOLK_UPSTREAM_PASSES

include "mlir/Pass/PassBase.td"

def TolkGpuModuleToBinary : Pass<"tolk-gpu-module-to-binary"> {
  let summary = "gpu-module-to-binary, serializing the gpu.modules in "
                "parallel";
  let description = [{
    Does what upstream's `--gpu-module-to-binary` does: every `gpu.module`
    directly in the operation becomes a `gpu.binary` of the same name holding
    one `#gpu.object` per target attribute of the module. Upstream's pass
    serializes the modules one after the other; this one serializes them on
    the context's thread pool (`mlir::failableParallelForEach`), and then
    creates the binaries in the modules' order, so its output is identical
    to upstream's and does not depend on the number of threads.

    Serializing a module (translation to LLVM IR, LLVM's optimizer and code
    generator, for NVVM and ROCDL) is most of the time of a GPU pipeline and
    touches only that module and a fresh `llvm::LLVMContext`; a module of
    many kernels, one `gpu.module` each (as `--tolk-kernelize` makes them),
    compiles in parallel this way. Tolk's NVVM and ROCDL pipelines use it in
    place of upstream's pass.

    For NVVM to PTX (format `isa`), a module that declares no function it
    does not define is serialized without parsing the bitcode libraries
    (libdevice), which upstream parses for every module: linking them would
    add nothing to it, and the PTX is the same.
  }];
  let options = [
    Option<"toolkitPath", "toolkit", "std::string", /*default=*/"\"\"",
           "The toolkit path (CUDA, ROCm), where a target needs one">,
    Option<"cmdOptions", "opts", "std::string", /*default=*/"\"\"",
           "Command line options for the target's tools">,
    Option<"compilationTarget", "format", "std::string",
           /*default=*/"\"isa\"",
           "The format of the objects: offloading, assembly (isa), binary "
           "(bin) or fatbinary (fatbin)">,
  ];
}

#endif // TOLK_UPSTREAM_PASSES
