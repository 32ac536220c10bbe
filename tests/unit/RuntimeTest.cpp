//===- RuntimeTest.cpp - the runtime's C++ API on compiled artifacts ------===//
//
// Compiles small programs with the compiler, then exercises the runtime the
// way a deployment would: load from bytes, run synchronously, asynchronously
// and from several threads at once, and reject bad artifacts with clear
// messages. Expected values are worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Pipeline.h"
#include "compiler/driver/RegisterDialects.h"
#include "runtime/CpuFeatures.h"
#include "runtime/CustomCall.h"
#include "runtime/Executable.h"
#include "runtime/ParallelFor.h"
#include "runtime/ScratchMemory.h"
#include "runtime/ThreadPool.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <thread>

using namespace axle::runtime;

namespace {

// y = x * x + 1 (f32), and the sum of an i32 vector.
constexpr const char *kProgram = R"mlir(
func.func @main(%x: tensor<4xf32>, %n: tensor<3xi32>) -> (tensor<4xf32>, tensor<i32>) {
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %sq = stablehlo.multiply %x, %x : tensor<4xf32>
  %y = stablehlo.add %sq, %one : tensor<4xf32>
  %s = stablehlo.reduce(%n init: %zero) applies stablehlo.add across dimensions = [0]
      : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
  return %y, %s : tensor<4xf32>, tensor<i32>
}
)mlir";

/// The serialized artifact of `program`, compiled for this machine.
std::string compileToBytes(const char *program) {
  mlir::DialectRegistry registry;
  axle::registerInputDialects(registry);
  mlir::MLIRContext context(registry);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(program, &context);
  if (!module)
    return std::string();
  auto compiled = axle::compileModule(*module, axle::CompileOptions());
  return compiled ? serializeArtifact(compiled->artifact) : std::string();
}

/// The serialized artifact of kProgram, compiled once.
const std::string &artifactBytes() {
  static const std::string bytes = compileToBytes(kProgram);
  return bytes;
}

std::shared_ptr<Executable> load() {
  auto exe = Executable::loadBytes(artifactBytes());
  EXPECT_TRUE(exe.ok()) << (exe.ok() ? "" : exe.status().message());
  return exe.ok() ? *exe : nullptr;
}

TEST(Runtime, SignatureIsRecorded) {
  auto exe = load();
  ASSERT_TRUE(exe);
  const FunctionSpec *main = exe->find("main");
  ASSERT_NE(main, nullptr);
  ASSERT_EQ(main->inputs.size(), 2u);
  ASSERT_EQ(main->outputs.size(), 2u);
  EXPECT_EQ(main->inputs[0].toString(), "tensor<4xf32>");
  EXPECT_EQ(main->inputs[1].toString(), "tensor<3xi32>");
  EXPECT_EQ(main->outputs[1].toString(), "tensor<i32>");
  EXPECT_EQ(main->outputs[0].byteSize(), 16);
  EXPECT_EQ(exe->find("nope"), nullptr);
}

TEST(Runtime, RunsSynchronouslyOnCallerMemory) {
  auto exe = load();
  ASSERT_TRUE(exe);
  const FunctionSpec &main = *exe->find("main");
  float x[4] = {1.0f, -2.0f, 0.5f, 3.0f};
  int32_t n[3] = {5, -7, 100};
  float y[4] = {};
  int32_t sum = 0;
  Status status = exe->run(main, {x, n}, {y, &sum});
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(y[0], 2.0f);
  EXPECT_EQ(y[1], 5.0f);
  EXPECT_EQ(y[2], 1.25f);
  EXPECT_EQ(y[3], 10.0f);
  EXPECT_EQ(sum, 98);
  // Inputs are only read.
  EXPECT_EQ(x[1], -2.0f);
}

// Ops that update a tensor in place (scatter, dynamic_update_slice) must
// not update the caller's input: inputs are const buffers. (The compiled
// code used to scatter into its operand argument, then copy it out.)
TEST(Runtime, InPlaceUpdatesLeaveInputsAlone) {
  std::string bytes = compileToBytes(R"mlir(
func.func @scatter(%x: tensor<4xf32>, %i: tensor<1x1xi32>, %u: tensor<1xf32>)
    -> tensor<4xf32> {
  %s = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %0 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %0 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<
        inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>}
     : (tensor<4xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func @update(%x: tensor<4xf32>, %v: tensor<2xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %d = stablehlo.dynamic_update_slice %x, %v, %c
     : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}
)mlir");
  ASSERT_FALSE(bytes.empty());
  auto exe = Executable::loadBytes(bytes);
  ASSERT_TRUE(exe.ok()) << exe.status().message();
  float x[4] = {1, 2, 3, 4};
  int32_t i[1] = {2};
  float u[1] = {10};
  float v[2] = {-1, -2};
  float scattered[4] = {}, updated[4] = {};
  Status status = (*exe)->run(*(*exe)->find("scatter"), {x, i, u}, {scattered});
  ASSERT_TRUE(status.ok()) << status.message();
  status = (*exe)->run(*(*exe)->find("update"), {x, v}, {updated});
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(scattered[1], 2.0f);
  EXPECT_EQ(scattered[2], 13.0f);
  EXPECT_EQ(updated[0], 1.0f);
  EXPECT_EQ(updated[1], -1.0f);
  EXPECT_EQ(updated[2], -2.0f);
  EXPECT_EQ(updated[3], 4.0f);
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(x[k], float(k + 1)) << "input element " << k << " changed";
}

TEST(Runtime, RejectsWrongBufferCounts) {
  auto exe = load();
  ASSERT_TRUE(exe);
  float x[4] = {};
  Status status = exe->run(*exe->find("main"), {x}, {});
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("takes 2 inputs and 2 outputs"),
            std::string::npos)
      << status.message();
}

TEST(Runtime, RunsAsynchronously) {
  auto exe = load();
  ASSERT_TRUE(exe);
  ThreadPool pool(2);
  const FunctionSpec &main = *exe->find("main");
  float x[4] = {2, 2, 2, 2}, y[4] = {};
  int32_t n[3] = {1, 2, 3}, sum = 0;
  std::future<Status> done = exe->runAsync(pool, main, {x, n}, {y, &sum});
  ASSERT_TRUE(done.get().ok());
  EXPECT_EQ(y[3], 5.0f);
  EXPECT_EQ(sum, 6);

  std::promise<void> called;
  float y2[4] = {};
  int32_t sum2 = 0;
  exe->runAsync(pool, main, {x, n}, {y2, &sum2}, [&](Status status) {
    EXPECT_TRUE(status.ok());
    called.set_value();
  });
  called.get_future().wait();
  EXPECT_EQ(y2[0], 5.0f);
  EXPECT_EQ(sum2, 6);
}

TEST(Runtime, OneExecutableRunsFromManyThreads) {
  auto exe = load();
  ASSERT_TRUE(exe);
  const FunctionSpec &main = *exe->find("main");
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        float v = static_cast<float>(t * 1000 + i);
        float x[4] = {v, v, v, v}, y[4] = {};
        int32_t n[3] = {t, i, 1}, sum = 0;
        if (!exe->run(main, {x, n}, {y, &sum}).ok() || y[2] != v * v + 1 ||
            sum != t + i + 1)
          ++wrong;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(Runtime, RejectsTruncatedAndCorruptedArtifacts) {
  const std::string &bytes = artifactBytes();
  ASSERT_FALSE(bytes.empty());
  for (size_t size :
       {size_t(0), size_t(7), size_t(40), bytes.size() / 2, bytes.size() - 1}) {
    auto exe = Executable::loadBytes(std::string_view(bytes).substr(0, size));
    ASSERT_FALSE(exe.ok()) << "size " << size;
    EXPECT_NE(exe.status().message().find("not a valid axle artifact"),
              std::string::npos)
        << exe.status().message();
  }
  std::string flipped = bytes;
  flipped[flipped.size() / 3] ^= 0x20;
  auto exe = Executable::loadBytes(flipped);
  ASSERT_FALSE(exe.ok());
  EXPECT_NE(exe.status().message().find("checksum"), std::string::npos);

  std::string newer = bytes;
  newer[8] = 99; // the format version
  exe = Executable::loadBytes(newer);
  ASSERT_FALSE(exe.ok());
  EXPECT_NE(exe.status().message().find("format version 99"), std::string::npos)
      << exe.status().message();
}

TEST(Runtime, RefusesCodeForAnotherMachine) {
  auto artifact = parseArtifact(artifactBytes());
  ASSERT_TRUE(artifact.ok());
  Artifact needsMore = *artifact;
  needsMore.features.push_back("imaginary-extension");
  auto exe = Executable::loadBytes(serializeArtifact(needsMore));
  ASSERT_FALSE(exe.ok());
  EXPECT_NE(exe.status().message().find(
                "lacks features the artifact's code uses (imaginary-extension"),
            std::string::npos)
      << exe.status().message();

  Artifact arm = *artifact;
  arm.triple = "aarch64-unknown-linux-gnu";
  exe = Executable::loadBytes(serializeArtifact(arm));
  ASSERT_FALSE(exe.ok());
  EXPECT_NE(exe.status().message().find("compiled for 'aarch64"),
            std::string::npos)
      << exe.status().message();
}

// z = -x + x * 10 through a custom call that negates.
constexpr const char *kCustomCallProgram = R"mlir(
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %ten = stablehlo.constant dense<10.0> : tensor<4xf32>
  %n = stablehlo.custom_call @test.negate(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %t = stablehlo.multiply %x, %ten : tensor<4xf32>
  %z = stablehlo.add %n, %t : tensor<4xf32>
  return %z : tensor<4xf32>
}
)mlir";

void negateFour(void **buffers) {
  const float *in = static_cast<const float *>(buffers[0]);
  float *out = static_cast<float *>(buffers[1]);
  for (int i = 0; i < 4; ++i)
    out[i] = -in[i];
}

TEST(Runtime, CustomCallsReachTheRegisteredFunction) {
  std::string bytes = compileToBytes(kCustomCallProgram);
  ASSERT_FALSE(bytes.empty());
  auto artifact = parseArtifact(bytes);
  ASSERT_TRUE(artifact.ok());
  ASSERT_EQ(artifact->customCalls, std::vector<std::string>{"test.negate"});

  auto missing = Executable::loadBytes(bytes);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find(
                "custom-call target 'test.negate', which is not registered"),
            std::string::npos)
      << missing.status().message();

  registerCustomCall("test.negate", negateFour);
  auto exe = Executable::loadBytes(bytes);
  ASSERT_TRUE(exe.ok()) << exe.status().message();
  float x[4] = {1, -2, 0.5f, 3}, z[4] = {};
  ASSERT_TRUE((*exe)->run(*(*exe)->find("main"), {x}, {z}).ok());
  EXPECT_EQ(z[0], 9.0f);
  EXPECT_EQ(z[1], -18.0f);
  EXPECT_EQ(z[2], 4.5f);
  EXPECT_EQ(z[3], 27.0f);
}

struct Coverage {
  std::vector<std::atomic<int>> hits;
  std::atomic<int> calls{0};
  explicit Coverage(int64_t n) : hits(n) {}
};

void countChunk(void *ctx, int64_t begin, int64_t end) {
  auto *coverage = static_cast<Coverage *>(ctx);
  ++coverage->calls;
  for (int64_t i = begin; i < end; ++i)
    ++coverage->hits[i];
}

TEST(Runtime, ParallelForCoversEveryIterationOnce) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    setKernelThreads(threads);
    EXPECT_EQ(kernelThreads(), threads);
    for (int64_t count : {int64_t(0), int64_t(1), int64_t(7), int64_t(1000)}) {
      Coverage coverage(count);
      axle_parallel_for(countChunk, &coverage, count);
      for (int64_t i = 0; i < count; ++i)
        ASSERT_EQ(coverage.hits[i].load(), 1)
            << "iteration " << i << " of " << count << ", " << threads
            << " threads";
      if (threads > 1 && count >= 1000)
        EXPECT_GT(coverage.calls.load(), 1); // split into chunks
    }
  }
  // Loops started from several threads at once share the kernel threads.
  setKernelThreads(3);
  std::vector<std::thread> callers;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&] {
      for (int repeat = 0; repeat < 50; ++repeat) {
        Coverage coverage(257);
        axle_parallel_for(countChunk, &coverage, 257);
        for (int64_t i = 0; i < 257; ++i)
          wrong += coverage.hits[i].load() != 1;
      }
    });
  for (std::thread &caller : callers)
    caller.join();
  EXPECT_EQ(wrong.load(), 0);
  setKernelThreads(0);
}

TEST(Runtime, ThreadCountComesFromTheEnvironment) {
  ::setenv("AXLE_NUM_THREADS", "3", 1);
  EXPECT_EQ(ThreadPool::defaultThreadCount(), 3u);
  ThreadPool pool;
  EXPECT_EQ(pool.size(), 3u);
  ::setenv("AXLE_NUM_THREADS", "zero", 1);
  EXPECT_GE(ThreadPool::defaultThreadCount(), 1u);
  ::unsetenv("AXLE_NUM_THREADS");
}

} // namespace

namespace {

// A 512 KiB intermediate (the exponential, read by the sum and the
// divide): its arena comes from the runtime's scratch cache, which keeps it
// for the next call on this thread.
constexpr const char *kLargeIntermediate = R"mlir(
func.func @main(%x: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<256x512xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>
  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x512xf32>
  %r = stablehlo.divide %e, %b : tensor<256x512xf32>
  return %r : tensor<256x512xf32>
}
)mlir";

TEST(Runtime, IntermediatesComeFromTheScratchCache) {
  std::string bytes = compileToBytes(kLargeIntermediate);
  ASSERT_FALSE(bytes.empty());
  auto exe = Executable::loadBytes(bytes);
  ASSERT_TRUE(exe.ok()) << exe.status().message();
  const FunctionSpec *main = (*exe)->find("main");
  ASSERT_NE(main, nullptr);
  std::vector<float> x(256 * 512, 0.25f), y1(x.size()), y2(x.size());
  setKernelThreads(1);
  releaseCachedScratch();
  ASSERT_TRUE((*exe)->run(*main, {x.data()}, {y1.data()}).ok());
  size_t cached = cachedScratchBytes();
  EXPECT_GE(cached, size_t(256 * 512 * 4));
  ASSERT_TRUE((*exe)->run(*main, {x.data()}, {y2.data()}).ok());
  // The second call took the cached block and gave it back.
  EXPECT_EQ(cachedScratchBytes(), cached);
  EXPECT_EQ(y1, y2);
  EXPECT_NEAR(y1[0], 1.0f / 512, 1e-8);
  releaseCachedScratch();
  setKernelThreads(0);
}

// 8 MiB results that the function only writes: on x86 their stores bypass
// the caches where the address is 64-byte aligned, and must stay ordinary
// stores where it is not. An elementwise op writes rows of vectors; a 1x1
// convolution writes 4 x 64 tiles of its output, row by row.
constexpr const char *kLargeWriteOnlyResult = R"mlir(
func.func @main(%x: tensor<2048x1024xf32>) -> tensor<2048x1024xf32> {
  %h = stablehlo.constant dense<1.5> : tensor<2048x1024xf32>
  %y = stablehlo.add %x, %h : tensor<2048x1024xf32>
  return %y : tensor<2048x1024xf32>
}
)mlir";

constexpr const char *kLargeConvolutionResult = R"mlir(
func.func @main(%x: tensor<1x64x64x64xf32>, %w: tensor<1x1x64x512xf32>) -> tensor<1x64x64x512xf32> {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
      window = {stride = [1, 1], pad = [[0, 0], [0, 0]]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
      : (tensor<1x64x64x64xf32>, tensor<1x1x64x512xf32>) -> tensor<1x64x64x512xf32>
  return %y : tensor<1x64x64x512xf32>
}
)mlir";

/// Runs `program` on `inputs` with its one result at 0, 4 and 16 bytes
/// past a 64-byte boundary, on one and on two threads, and checks every
/// element against `expected` and that nothing around the result changed.
void expectResultAtAnyAlignment(const char *program,
                                std::vector<const void *> inputs,
                                const std::vector<float> &expected) {
  std::string bytes = compileToBytes(program);
  ASSERT_FALSE(bytes.empty());
  auto exe = Executable::loadBytes(bytes);
  ASSERT_TRUE(exe.ok()) << exe.status().message();
  const FunctionSpec *main = (*exe)->find("main");
  ASSERT_NE(main, nullptr);
  const size_t count = expected.size();
  constexpr size_t kSlack = 64;
  std::unique_ptr<float, decltype(&std::free)> block(
      static_cast<float *>(std::aligned_alloc(64, count * 4 + kSlack)),
      &std::free);
  ASSERT_TRUE(block);
  for (int threads : {1, 2}) {
    setKernelThreads(threads);
    for (size_t offset : {0, 1, 4}) {
      float *y = block.get() + offset;
      std::fill(block.get(), block.get() + count + kSlack / 4, -7.0f);
      ASSERT_TRUE((*exe)->run(*main, inputs, {y}).ok());
      size_t wrong = 0;
      for (size_t i = 0; i < count; ++i)
        wrong += y[i] != expected[i];
      EXPECT_EQ(wrong, 0u) << "offset " << offset << ", " << threads
                           << " threads";
      for (size_t i = 0; i < offset; ++i)
        EXPECT_EQ(block.get()[i], -7.0f);
      EXPECT_EQ(y[count], -7.0f);
    }
  }
  setKernelThreads(0);
}

TEST(Runtime, LargeResultsAreWrittenAtAnyAlignment) {
  const size_t count = 2048 * 1024;
  std::vector<float> x(count), expected(count);
  for (size_t i = 0; i < count; ++i) {
    x[i] = static_cast<float>(i % 1000) * 0.25f;
    expected[i] = x[i] + 1.5f;
  }
  expectResultAtAnyAlignment(kLargeWriteOnlyResult, {x.data()}, expected);
}

TEST(Runtime, LargeConvolutionResultsAreWrittenAtAnyAlignment) {
  const size_t pixels = 64 * 64, in = 64, out = 512;
  std::vector<float> x(pixels * in), w(in * out), expected(pixels * out);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<float>(i % 37) * 0.125f - 2.0f;
  for (size_t i = 0; i < w.size(); ++i)
    w[i] = static_cast<float>(i % 23) * 0.0625f - 0.5f;
  // The compiled code accumulates the 64 input channels in order, each
  // with one fused multiply-add, from 0.
  for (size_t p = 0; p < pixels; ++p)
    for (size_t o = 0; o < out; ++o) {
      float sum = 0.0f;
      for (size_t k = 0; k < in; ++k)
        sum = std::fma(x[p * in + k], w[k * out + o], sum);
      expected[p * out + o] = sum;
    }
  expectResultAtAnyAlignment(kLargeConvolutionResult, {x.data(), w.data()},
                             expected);
}

} // namespace
