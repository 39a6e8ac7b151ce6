/*===- vulkan-baseline.c - A bare Vulkan dispatch, the runtime's baseline -===*\
|*                                                                            *|
|* Part of the Tolk-MLIR project, under the Apache License v2.0 with LLVM     *|
|* Exceptions. See LICENSE for license information.                           *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* The least a Vulkan launch can cost: an empty compute shader's dispatch,
   recorded once into one command buffer, submitted with vkQueueSubmit and
   waited for with vkWaitForFences, on the first device (the one the
   runtime's Vulkan device opens). tolk-runtime-bench's vulkan-launch mode
   holds the runtime's launch against it in the same process
   (bench/README.md, "The runtime"). No validation, no checks of the
   results: this is the floor, not a runtime. */

#define _POSIX_C_SOURCE 200809L

#include "vulkan-baseline.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <vulkan/vulkan.h>

/* An empty GLCompute entry point "main" with LocalSize 1, 1, 1. */
static const uint32_t kEmptyShader[] = {
    0x07230203, 0x00010000, 0, 5, 0,
    /* OpCapability Shader */
    (2u << 16) | 17, 1,
    /* OpMemoryModel Logical GLSL450 */
    (3u << 16) | 14, 0, 1,
    /* OpEntryPoint GLCompute %1 "main" */
    (5u << 16) | 15, 5, 1, 0x6e69616d, 0,
    /* OpExecutionMode %1 LocalSize 1 1 1 */
    (6u << 16) | 16, 1, 17, 1, 1, 1,
    /* %2 = OpTypeVoid; %3 = OpTypeFunction %2 */
    (2u << 16) | 19, 2, (3u << 16) | 33, 3, 2,
    /* %1 = OpFunction %2 None %3; %4 = OpLabel; OpReturn; OpFunctionEnd */
    (5u << 16) | 54, 2, 1, 0, 3, (2u << 16) | 248, 4, (1u << 16) | 253,
    (1u << 16) | 56};

struct VulkanBaseline {
  VkInstance instance;
  VkDevice device;
  VkQueue queue;
  VkShaderModule shader;
  VkPipelineLayout layout;
  VkPipeline pipeline;
  VkCommandPool pool;
  VkCommandBuffer commands;
  VkFence fence;
};

static int failed(const char *call, VkResult result) {
  fprintf(stderr, "vulkan-baseline: %s failed: %d\n", call, (int)result);
  return 1;
}

#define CHECK(call)                                                            \
  do {                                                                         \
    VkResult result_ = (call);                                                 \
    if (result_ != VK_SUCCESS)                                                 \
      return failed(#call, result_);                                           \
  } while (0)

static int setUp(struct VulkanBaseline *b) {
  memset(b, 0, sizeof(*b));
  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo instanceInfo = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  instanceInfo.pApplicationInfo = &app;
  CHECK(vkCreateInstance(&instanceInfo, NULL, &b->instance));
  uint32_t count = 1;
  VkPhysicalDevice physical;
  VkResult listed = vkEnumeratePhysicalDevices(b->instance, &count, &physical);
  if ((listed != VK_SUCCESS && listed != VK_INCOMPLETE) || count == 0)
    return failed("vkEnumeratePhysicalDevices", listed);
  uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, NULL);
  VkQueueFamilyProperties properties[16];
  if (families > 16)
    families = 16;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, properties);
  uint32_t family = 0;
  while (family < families &&
         !(properties[family].queueFlags & VK_QUEUE_COMPUTE_BIT))
    ++family;
  if (family == families)
    return failed("a compute queue", VK_ERROR_FEATURE_NOT_PRESENT);
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo = {
      VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = family;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo deviceInfo = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  deviceInfo.queueCreateInfoCount = 1;
  deviceInfo.pQueueCreateInfos = &queueInfo;
  CHECK(vkCreateDevice(physical, &deviceInfo, NULL, &b->device));
  vkGetDeviceQueue(b->device, family, 0, &b->queue);

  VkShaderModuleCreateInfo shaderInfo = {
      VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  shaderInfo.codeSize = sizeof(kEmptyShader);
  shaderInfo.pCode = kEmptyShader;
  CHECK(vkCreateShaderModule(b->device, &shaderInfo, NULL, &b->shader));
  VkPipelineLayoutCreateInfo layoutInfo = {
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  CHECK(vkCreatePipelineLayout(b->device, &layoutInfo, NULL, &b->layout));
  VkComputePipelineCreateInfo pipelineInfo = {
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = b->shader;
  pipelineInfo.stage.pName = "main";
  pipelineInfo.layout = b->layout;
  CHECK(vkCreateComputePipelines(b->device, VK_NULL_HANDLE, 1, &pipelineInfo,
                                 NULL, &b->pipeline));

  VkCommandPoolCreateInfo poolInfo = {
      VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.queueFamilyIndex = family;
  CHECK(vkCreateCommandPool(b->device, &poolInfo, NULL, &b->pool));
  VkCommandBufferAllocateInfo commandInfo = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  commandInfo.commandPool = b->pool;
  commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  commandInfo.commandBufferCount = 1;
  CHECK(vkAllocateCommandBuffers(b->device, &commandInfo, &b->commands));
  VkCommandBufferBeginInfo begin = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  CHECK(vkBeginCommandBuffer(b->commands, &begin));
  vkCmdBindPipeline(b->commands, VK_PIPELINE_BIND_POINT_COMPUTE, b->pipeline);
  vkCmdDispatch(b->commands, 1, 1, 1);
  CHECK(vkEndCommandBuffer(b->commands));
  VkFenceCreateInfo fenceInfo = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  CHECK(vkCreateFence(b->device, &fenceInfo, NULL, &b->fence));
  return 0;
}

static void tearDown(struct VulkanBaseline *b) {
  if (b->device) {
    vkDeviceWaitIdle(b->device);
    if (b->fence)
      vkDestroyFence(b->device, b->fence, NULL);
    if (b->pool)
      vkDestroyCommandPool(b->device, b->pool, NULL);
    if (b->pipeline)
      vkDestroyPipeline(b->device, b->pipeline, NULL);
    if (b->layout)
      vkDestroyPipelineLayout(b->device, b->layout, NULL);
    if (b->shader)
      vkDestroyShaderModule(b->device, b->shader, NULL);
    vkDestroyDevice(b->device, NULL);
  }
  if (b->instance)
    vkDestroyInstance(b->instance, NULL);
}

static double nowSeconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

struct VulkanBaseline *vulkanBaselineOpen(void) {
  static struct VulkanBaseline baseline;
  if (setUp(&baseline)) {
    tearDown(&baseline);
    return NULL;
  }
  return &baseline;
}

double vulkanBaselineSubmitUs(struct VulkanBaseline *b, long n) {
  VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &b->commands;
  double start = nowSeconds();
  for (long i = 0; i < n; ++i) {
    if (vkQueueSubmit(b->queue, 1, &submit, b->fence) != VK_SUCCESS ||
        vkWaitForFences(b->device, 1, &b->fence, VK_TRUE, UINT64_MAX) !=
            VK_SUCCESS ||
        vkResetFences(b->device, 1, &b->fence) != VK_SUCCESS)
      return -1;
  }
  return (nowSeconds() - start) * 1e6 / n;
}

void vulkanBaselineClose(struct VulkanBaseline *b) { tearDown(b); }
