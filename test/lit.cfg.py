# -*- Python -*-
# lit configuration for Tolk-MLIR, in the manner of MLIR's standalone example.

import os
import subprocess

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TOLK"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
# .test: LSP sessions (JSON requests), as upstream mlir-lsp-server tests.
config.suffixes = [".mlir", ".test", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tolk_obj_root, "test")
# Unit/ holds GoogleTest sources, run by ctest; lit.cfg/inputs are not tests.
config.excludes = ["Unit", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tolk_src_root", config.tolk_src_root))
config.substitutions.append(("%tolk_obj_root", config.tolk_obj_root))
config.substitutions.append(("%tolk_version", config.tolk_version))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# `not` and `count` at the start of a RUN line are found through PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tolk_tools_dir, append_path=True)

tool_dirs = [config.tolk_tools_dir, config.llvm_tools_dir]
tools = ["tolk-opt", "tolk-translate", "tolk-lsp-server", "tolk-capi-test",
         "tolk-runtime-capi-test",
         "tolk-run", "tolk-reduce"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Optional target tools. A test that needs one says `REQUIRES: ptxas` (or
# spirv-val, vulkan); lit reports it UNSUPPORTED, with the reason below, where
# the machine lacks the tool.
def add_optional_tool(feature, path, name):
    if path and os.path.exists(path):
        config.available_features.add(feature)
        config.substitutions.append(("%" + feature.replace("-", "_"), path))
    else:
        lit_config.note(
            "%s not found: tests that REQUIRE '%s' are skipped" % (name, feature))

add_optional_tool("ptxas", config.ptxas_path, "ptxas (CUDA)")
add_optional_tool("spirv-val", config.spirv_val_path, "spirv-val (spirv-tools)")

# libdevice, which NVVM's math functions (exp2, log2, pow) link: the toolkit
# the environment names, else the one ptxas belongs to. Tests that compile
# them for NVVM REQUIRE 'libdevice'.
llvm_config.with_system_environment(["CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"])
def has_libdevice(root):
    return bool(root) and os.path.exists(
        os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc"))
if not any(has_libdevice(config.environment.get(v))
           for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")):
    if config.ptxas_path and has_libdevice(
            os.path.dirname(os.path.dirname(config.ptxas_path))):
        config.environment["CUDA_HOME"] = os.path.dirname(
            os.path.dirname(config.ptxas_path))
if any(has_libdevice(config.environment.get(v))
       for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")):
    config.available_features.add("libdevice")
else:
    lit_config.note("no CUDA toolkit with libdevice: tests that REQUIRE "
                    "'libdevice' are skipped")

# The CUDA driver stand-in (test/Unit/Runtime/FakeCudaDriver.cpp), for
# tolk-run --backend cuda --cuda-driver-library=%tolk_fake_cuda_driver
# (`REQUIRES: fake-cuda-driver`; built with the unit tests).
if config.tolk_fake_cuda_driver:
    config.available_features.add("fake-cuda-driver")
    config.substitutions.append(("%tolk_fake_cuda_driver",
                                 config.tolk_fake_cuda_driver))

# An instrumented build (scripts/sanitize.sh): `UNSUPPORTED: sanitizers`
# for a test that loads one of Tolk's libraries into a program that is not
# instrumented, which the sanitizers' runtime refuses.
if config.tolk_sanitized:
    config.available_features.add("sanitizers")

# TolkPlugin.so in the MLIR's own mlir-opt (`REQUIRES: tolk-plugin`). CMake
# leaves the path empty, and gives the reason, where the plugin cannot be
# loaded there (test/CMakeLists.txt).
if config.tolk_plugin_path:
    config.available_features.add("tolk-plugin")
    config.substitutions.append(("%tolk_plugin", config.tolk_plugin_path))
    config.substitutions.append(
        ("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
else:
    lit_config.note("%s: tests that REQUIRE 'tolk-plugin' are skipped"
                    % config.tolk_plugin_skip_reason)

# Execution tests on the CPU (`REQUIRES: mlir-runner`): MLIR's mlir-opt for
# the upstream lowerings, mlir-runner and its C runner utilities.
mlir_runner = os.path.join(config.llvm_tools_dir, "mlir-runner")
upstream_mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")
c_runner_utils = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib",
                              "libmlir_c_runner_utils.so")
if all(os.path.exists(p) for p in (mlir_runner, upstream_mlir_opt,
                                   c_runner_utils)):
    config.available_features.add("mlir-runner")
    config.substitutions.append(("%mlir_runner", mlir_runner))
    config.substitutions.append(("%mlir_c_runner_utils", c_runner_utils))
    config.substitutions.append(("%upstream_mlir_opt", upstream_mlir_opt))
else:
    lit_config.note("mlir-runner, mlir-opt or libmlir_c_runner_utils.so not "
                    "found: tests that REQUIRE 'mlir-runner' are skipped")

# A Vulkan device (lavapipe on machines without a GPU).
def vulkaninfo_summary():
    if not config.vulkaninfo_path:
        return ""
    try:
        out = subprocess.run([config.vulkaninfo_path, "--summary"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout if out.returncode == 0 else ""

vulkan_summary = vulkaninfo_summary()
if "deviceName" in vulkan_summary:
    config.available_features.add("vulkan")
else:
    lit_config.note("no Vulkan device: tests that REQUIRE 'vulkan' are skipped")

# Every Vulkan call of the tests runs under the Khronos validation layer
# where it is installed (TOLK_VULKAN_VALIDATION=1, docs/Testing.md): what it
# reports fails the run. TOLK_VULKAN_VALIDATION=0 in the environment turns
# it off.
llvm_config.with_system_environment(["TOLK_VULKAN_VALIDATION"])
if "VK_LAYER_KHRONOS_validation" in vulkan_summary:
    config.environment.setdefault("TOLK_VULKAN_VALIDATION", "1")
    if config.environment["TOLK_VULKAN_VALIDATION"] == "1":
        config.available_features.add("vulkan-validation")
else:
    lit_config.note("no Vulkan validation layer (vulkan-validationlayers): "
                    "the Vulkan tests run without it")
