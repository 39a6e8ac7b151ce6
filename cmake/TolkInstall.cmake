# Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Install rules and the CMake package: after
#
#   cmake --install build --prefix P
#
# P holds the headers (the sources' and the generated ones), the libraries,
# every tool (tolk-opt, tolk-translate, tolk-run, tolk-reduce,
# tolk-lsp-server), TolkPlugin.so, the documentation (share/doc/tolk: docs/
# and the reference generated from ODS) and
# P/lib/cmake/tolk/TolkConfig.cmake, so that a project with
# CMAKE_PREFIX_PATH=P can say
#
#   find_package(Tolk CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE Tolk::Dialect Tolk::Transforms)
#
# MLIR's add_mlir_library and LLVM's add_llvm_library already install the
# libraries, but into MLIR's and LLVM's own export sets (MLIRTargets,
# LLVMExports), which only LLVM's build installs. Tolk therefore installs them
# once more into its own export set, under the names users see (Tolk::Dtype
# rather than TolkDtype); installing a file twice costs an "Up-to-date".

include(CMakePackageConfigHelpers)

# LLVM's helpers put libraries in lib${LLVM_LIBDIR_SUFFIX}; everything else
# follows them rather than GNUInstallDirs (which would say lib/<multiarch>
# for a /usr prefix on Debian).
set(TOLK_INSTALL_LIBDIR "lib${LLVM_LIBDIR_SUFFIX}")
set(TOLK_INSTALL_CMAKEDIR "${TOLK_INSTALL_LIBDIR}/cmake/tolk")

# Headers: the sources' (.h, .def and .td, for users who write ODS on top of
# Tolk's), and the build tree's generated .inc files and Config/Version.h.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/tolk"
  DESTINATION include
  COMPONENT tolk-headers
  FILES_MATCHING
  PATTERN "*.h"
  PATTERN "*.def"
  PATTERN "*.td"
  # The runtime's C++ API and its GPU runners are built for the tree only
  # (lib/Runtime): what is installed of the runtime is its C API.
  PATTERN "*Runner.h" EXCLUDE
  PATTERN "Runtime.h" EXCLUDE
  PATTERN "Devices.h" EXCLUDE
  PATTERN "StagedBuffer.h" EXCLUDE
  )
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/tolk-c"
  DESTINATION include
  COMPONENT tolk-headers
  FILES_MATCHING
  PATTERN "*.h"
  )
install(DIRECTORY "${PROJECT_BINARY_DIR}/include/tolk"
  "${PROJECT_BINARY_DIR}/include/tolk-c"
  DESTINATION include
  COMPONENT tolk-headers
  FILES_MATCHING
  PATTERN "*.h"
  PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE
  )

set_target_properties(TolkDtype PROPERTIES EXPORT_NAME Dtype)
set_target_properties(MLIRTolkDialect PROPERTIES EXPORT_NAME Dialect)
set_target_properties(MLIRTolkUtils PROPERTIES EXPORT_NAME DialectUtils)
set_target_properties(MLIRTolkTransforms PROPERTIES EXPORT_NAME Transforms)
set_target_properties(TolkCAPI PROPERTIES EXPORT_NAME CAPI)
set_target_properties(MLIRTolkToArith PROPERTIES EXPORT_NAME TolkToArith)
set_target_properties(MLIRTolkToGPU PROPERTIES EXPORT_NAME TolkToGPU)
set_target_properties(MLIRTolkGPUToHost PROPERTIES EXPORT_NAME GPUToHost)
set_target_properties(MLIRTolkToSPIRV PROPERTIES EXPORT_NAME TolkToSPIRV)
set_target_properties(TolkPipelines PROPERTIES EXPORT_NAME Pipelines)
set_target_properties(TolkLoweringUtils PROPERTIES EXPORT_NAME LoweringUtils)
set_target_properties(TolkTargetSPIRV PROPERTIES EXPORT_NAME TargetSPIRV)
# Tolk::Conversions: every conversion out of Tolk (the passes register as one
# group, registerTolkConversionPasses, so a user links them all).
add_library(TolkConversions INTERFACE)
target_link_libraries(TolkConversions INTERFACE MLIRTolkToArith MLIRTolkToGPU
  MLIRTolkGPUToHost MLIRTolkToSPIRV)
set_target_properties(TolkConversions PROPERTIES EXPORT_NAME Conversions)
set_target_properties(TolkUpstreamTransforms PROPERTIES EXPORT_NAME UpstreamTransforms)
set_target_properties(TolkRuntime PROPERTIES EXPORT_NAME Runtime)
set_target_properties(TolkMLIRCAPIArchives PROPERTIES
  EXPORT_NAME MLIRCAPIArchives)
# MLIR's headers need C++17; say so to users, whatever their default.
foreach(lib TolkDtype MLIRTolkDialect MLIRTolkUtils MLIRTolkTransforms MLIRTolkToArith MLIRTolkToGPU
    MLIRTolkGPUToHost MLIRTolkToSPIRV TolkPipelines TolkUpstreamTransforms TolkRuntime
    TolkLoweringUtils TolkTargetSPIRV)
  target_compile_features(${lib} INTERFACE cxx_std_17)
endforeach()

# The same names inside this build, for a project that adds Tolk with
# add_subdirectory.
add_library(Tolk::Dtype ALIAS TolkDtype)
add_library(Tolk::Dialect ALIAS MLIRTolkDialect)
add_library(Tolk::DialectUtils ALIAS MLIRTolkUtils)
add_library(Tolk::Transforms ALIAS MLIRTolkTransforms)
add_library(Tolk::CAPI ALIAS TolkCAPI)
add_library(Tolk::Conversions ALIAS TolkConversions)
add_library(Tolk::Pipelines ALIAS TolkPipelines)
add_library(Tolk::UpstreamTransforms ALIAS TolkUpstreamTransforms)
add_library(Tolk::UpstreamWorkarounds ALIAS TolkUpstreamWorkarounds)
add_library(Tolk::Runtime ALIAS TolkRuntime)

install(TARGETS TolkDtype MLIRTolkDialect MLIRTolkUtils MLIRTolkTransforms TolkCAPI
  TolkMLIRCAPIArchives MLIRTolkToArith MLIRTolkToGPU MLIRTolkGPUToHost
  MLIRTolkToSPIRV TolkConversions TolkLoweringUtils TolkTargetSPIRV
  TolkPipelines TolkUpstreamTransforms TolkUpstreamWorkarounds TolkRuntime
  EXPORT TolkTargets
  COMPONENT tolk-libraries
  ARCHIVE DESTINATION "${TOLK_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${TOLK_INSTALL_LIBDIR}"
  RUNTIME DESTINATION bin
  INCLUDES DESTINATION include
  )
# The runtime's C API, a shared library for C programs and ctypes
# (tolk-c/Runtime.h); it needs no CMake target, so it is not exported.
install(TARGETS TolkRuntimeC
  COMPONENT tolk-libraries
  LIBRARY DESTINATION "${TOLK_INSTALL_LIBDIR}"
  )
# The tools (Tolk::tolk-opt, ...) and the plugin (Tolk::Plugin, a MODULE
# library) are exported too, so that a user's tests can name them by target.
# Every executable under tools/ is one of them: the install test checks each.
set(tolk_tools tolk-opt tolk-translate tolk-run tolk-reduce tolk-lsp-server)
if(TARGET TolkPlugin)
  set_target_properties(TolkPlugin PROPERTIES EXPORT_NAME Plugin)
  list(APPEND tolk_tools TolkPlugin)
endif()
# LLVM's helpers give installed binaries the run path $ORIGIN/../lib, right
# when they install into LLVM's own prefix; Tolk installs elsewhere, so its
# binaries also name the directory of the libMLIR.so they were linked with.
set_target_properties(${tolk_tools} PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../${TOLK_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
install(TARGETS ${tolk_tools}
  EXPORT TolkTargets
  COMPONENT tolk-tools
  RUNTIME DESTINATION bin
  LIBRARY DESTINATION "${TOLK_INSTALL_LIBDIR}"
  )

install(EXPORT TolkTargets
  NAMESPACE Tolk::
  DESTINATION "${TOLK_INSTALL_CMAKEDIR}"
  COMPONENT tolk-cmake
  )

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/TolkConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/${TOLK_INSTALL_CMAKEDIR}/TolkConfig.cmake"
  INSTALL_DESTINATION "${TOLK_INSTALL_CMAKEDIR}"
  )
# 0.x: a new minor version may break the API, so only the same minor
# version satisfies find_package(Tolk 0.1).
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/${TOLK_INSTALL_CMAKEDIR}/TolkConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion
  )
install(FILES
  "${PROJECT_BINARY_DIR}/${TOLK_INSTALL_CMAKEDIR}/TolkConfig.cmake"
  "${PROJECT_BINARY_DIR}/${TOLK_INSTALL_CMAKEDIR}/TolkConfigVersion.cmake"
  DESTINATION "${TOLK_INSTALL_CMAKEDIR}"
  COMPONENT tolk-cmake
  )

# The documentation: docs/*.md and the README as they are in the sources, and
# the reference generated from ODS (the dialect's types, attributes and ops,
# and every pass), which `mlir-doc` writes into the build's docs/. It is part
# of `all`, so that an install always has it.
set(TOLK_INSTALL_DOCDIR "share/doc/tolk")
if(TARGET mlir-doc)
  add_custom_target(tolk-reference-docs ALL DEPENDS mlir-doc)
endif()
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/CHANGELOG.md"
  DESTINATION "${TOLK_INSTALL_DOCDIR}"
  COMPONENT tolk-docs
  )
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/"
  DESTINATION "${TOLK_INSTALL_DOCDIR}"
  COMPONENT tolk-docs
  FILES_MATCHING
  PATTERN "*.md"
  )
install(DIRECTORY "${PROJECT_BINARY_DIR}/docs/"
  DESTINATION "${TOLK_INSTALL_DOCDIR}/reference"
  COMPONENT tolk-docs
  OPTIONAL
  FILES_MATCHING
  PATTERN "*.md"
  )
