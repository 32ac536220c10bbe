//===- InterpreterCommunicationTest.cpp - collectives and processes ------===//
//
// One-process meanings of the collectives, the specification's multi-process
// examples run on a grid of interpreters (one thread per process), process
// group strategies on a 2 x 2 grid (values worked out by hand from the
// specification's cross_replica / cross_partition / flattened_ids
// definitions), composite, async and the unavailable I/O ops.
//
//===----------------------------------------------------------------------===//

#include "InterpreterTestProgram.h"

using namespace axle::interp;
using namespace axle::interp::test;

namespace {

InterpreterOptions grid(int64_t replicas, int64_t partitions) {
  InterpreterOptions options;
  options.numReplicas = replicas;
  options.numPartitions = partitions;
  return options;
}

/// Results of every process, checking success.
std::vector<Values> runGrid(Program &program, std::vector<Values> arguments,
                            InterpreterOptions options) {
  EXPECT_TRUE(program.parsed()) << program.errors;
  if (!program.parsed())
    return {};
  auto results = program.runGrid("main", std::move(arguments), options);
  EXPECT_TRUE(succeeded(results)) << program.errors;
  return succeeded(results) ? *results : std::vector<Values>{};
}

TEST(InterpreterCommunicationTest, OneProcessMeanings) {
  Program program(R"(
  func.func @main(%x: tensor<2x2xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>,
      tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>,
      tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<ui32>, tensor<ui32>) {
    %ar = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %ag = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %aa = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %rs = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %cp = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %cz = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %cb = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %cr = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %cs = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    return %ar, %ag, %aa, %rs, %cp, %cz, %cb, %cr, %cs, %r, %p : tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<ui32>, tensor<ui32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  Tensor x = program.literal("dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>");
  auto results = program.run("main", {x});
  ASSERT_TRUE(succeeded(results)) << program.errors;
  std::vector<int64_t> same = {1, 2, 3, 4}, zero = {0, 0, 0, 0};
  std::vector<std::vector<int64_t>> expected = {same, same, same, same, same,
                                                zero, same, same, same};
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(ints((*results)[i]), expected[i]) << "result " << i;
  EXPECT_EQ(ints((*results)[9]), (std::vector<int64_t>{0}));
  EXPECT_EQ(ints((*results)[10]), (std::vector<int64_t>{0}));
}

TEST(InterpreterCommunicationTest, OneInterpreterCannotBeTwoReplicas) {
  Program program(R"(
  func.func @main() -> tensor<ui32> {
    %r = stablehlo.replica_id : tensor<ui32>
    return %r : tensor<ui32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  EXPECT_TRUE(failed(program.run("main", {}, grid(2, 1))));
  EXPECT_NE(program.errors.find("runs on 2 replicas x 1 partitions"),
            std::string::npos)
      << program.errors;
}

TEST(InterpreterCommunicationTest, SpecAllGatherAndAllReduce) {
  Program program(R"(
  func.func @main(%x: tensor<2x2xi64>, %y: tensor<4xi64>) -> (tensor<2x4xi64>, tensor<4xi64>) {
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<2x2xi64>) -> tensor<2x4xi64>
    %r = "stablehlo.all_reduce"(%y) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    return %g, %r : tensor<2x4xi64>, tensor<4xi64>
  })");
  std::vector<Values> arguments = {
      {program.literal("dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>"),
       program.literal("dense<[1, 2, 3, 4]> : tensor<4xi64>")},
      {program.literal("dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>"),
       program.literal("dense<[5, 6, 7, 8]> : tensor<4xi64>")}};
  std::vector<Values> results = runGrid(program, arguments, grid(2, 1));
  ASSERT_EQ(results.size(), 2u);
  for (const Values &process : results) {
    EXPECT_EQ(ints(process[0]), (std::vector<int64_t>{1, 2, 5, 6, 3, 4, 7, 8}));
    EXPECT_EQ(ints(process[1]), (std::vector<int64_t>{6, 8, 10, 12}));
  }
}

TEST(InterpreterCommunicationTest, SpecAllToAllAndReduceScatter) {
  Program program(R"(
  func.func @main(%x: tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<2x2xi64>) {
    %a = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
    %s = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%l: tensor<i64>, %r: tensor<i64>):
      %t = stablehlo.add %l, %r : tensor<i64>
      stablehlo.return %t : tensor<i64>
    }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
    return %a, %s : tensor<4x2xi64>, tensor<2x2xi64>
  })");
  std::vector<Values> arguments = {
      {program.literal(
          "dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi64>")},
      {program.literal(
          "dense<[[9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<2x4xi64>")}};
  std::vector<Values> results = runGrid(program, arguments, grid(2, 1));
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(ints(results[0][0]),
            (std::vector<int64_t>{1, 2, 5, 6, 9, 10, 13, 14}));
  EXPECT_EQ(ints(results[1][0]),
            (std::vector<int64_t>{3, 4, 7, 8, 11, 12, 15, 16}));
  EXPECT_EQ(ints(results[0][1]), (std::vector<int64_t>{10, 12, 18, 20}));
  EXPECT_EQ(ints(results[1][1]), (std::vector<int64_t>{14, 16, 22, 24}));
}

TEST(InterpreterCommunicationTest, SpecPermuteBroadcastAndReduce) {
  Program program(R"(
  func.func @main(%x: tensor<1x2xi64>) -> (tensor<1x2xi64>, tensor<1x2xi64>, tensor<1x2xi64>) {
    %p = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
    %b = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
    %r = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%l: tensor<i64>, %m: tensor<i64>):
      %t = stablehlo.add %l, %m : tensor<i64>
      stablehlo.return %t : tensor<i64>
    }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
    return %p, %b, %r : tensor<1x2xi64>, tensor<1x2xi64>, tensor<1x2xi64>
  })");
  std::vector<Values> arguments;
  for (int replica = 0; replica < 4; ++replica)
    arguments.push_back({program.literal(
        "dense<[[" + std::to_string(2 * replica + 1) + ", " +
        std::to_string(2 * replica + 2) + "]]> : tensor<1x2xi64>")});
  std::vector<Values> results = runGrid(program, arguments, grid(4, 1));
  ASSERT_EQ(results.size(), 4u);
  // collective_permute: 0 -> 1, 1 -> 2; others get zeros.
  EXPECT_EQ(ints(results[0][0]), (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(ints(results[1][0]), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(ints(results[2][0]), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(ints(results[3][0]), (std::vector<int64_t>{0, 0}));
  // collective_broadcast from replica 2 to group {2, 1}.
  EXPECT_EQ(ints(results[0][1]), (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(ints(results[1][1]), (std::vector<int64_t>{5, 6}));
  EXPECT_EQ(ints(results[2][1]), (std::vector<int64_t>{5, 6}));
  EXPECT_EQ(ints(results[3][1]), (std::vector<int64_t>{0, 0}));
  // collective_reduce onto replica 0.
  EXPECT_EQ(ints(results[0][2]), (std::vector<int64_t>{16, 20}));
  for (int replica = 1; replica < 4; ++replica)
    EXPECT_EQ(ints(results[replica][2]), (std::vector<int64_t>{0, 0}));
}

TEST(InterpreterCommunicationTest, GroupStrategiesOnTwoByTwoGrid) {
  // Process p = replica * 2 + partition holds p + 1 (and the ids).
  //  - no channel: cross_replica([[0, 1]]) = {(0,0),(1,0)} and {(0,1),(1,1)}:
  //    sums 1+3 = 4 and 2+4 = 6.
  //  - channel, no global ids: cross_replica_and_partition([[0, 1]]) = all
  //    four processes: 10.
  //  - channel + global ids: flattened_ids([[0, 3], [1, 2]]): 1+4 = 5 and
  //    2+3 = 5.
  //  - all_gather with channel over partitions of the same replica
  //    (cross_replica_and_partition([[0], [1]])): order (r, 0), (r, 1).
  Program program(R"(
  func.func @main(%x: tensor<1xi64>) -> (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<2xi64>, tensor<ui32>, tensor<ui32>) {
    %a = "stablehlo.all_reduce"(%x) ({
    ^bb0(%l: tensor<i64>, %m: tensor<i64>):
      %t = stablehlo.add %l, %m : tensor<i64>
      stablehlo.return %t : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1xi64>) -> tensor<1xi64>
    %b = "stablehlo.all_reduce"(%x) ({
    ^bb0(%l: tensor<i64>, %m: tensor<i64>):
      %t = stablehlo.add %l, %m : tensor<i64>
      stablehlo.return %t : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<1xi64>) -> tensor<1xi64>
    %c = "stablehlo.all_reduce"(%x) ({
    ^bb0(%l: tensor<i64>, %m: tensor<i64>):
      %t = stablehlo.add %l, %m : tensor<i64>
      stablehlo.return %t : tensor<i64>
    }) {replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids} : (tensor<1xi64>) -> tensor<1xi64>
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (tensor<1xi64>) -> tensor<2xi64>
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    return %a, %b, %c, %g, %r, %p : tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<2xi64>, tensor<ui32>, tensor<ui32>
  })");
  std::vector<Values> arguments;
  for (int process = 0; process < 4; ++process)
    arguments.push_back({program.literal(
        "dense<[" + std::to_string(process + 1) + "]> : tensor<1xi64>")});
  std::vector<Values> results = runGrid(program, arguments, grid(2, 2));
  ASSERT_EQ(results.size(), 4u);
  std::vector<int64_t> crossReplica = {4, 6, 4, 6};
  for (int process = 0; process < 4; ++process) {
    const Values &r = results[process];
    EXPECT_EQ(ints(r[0]), (std::vector<int64_t>{crossReplica[process]}));
    EXPECT_EQ(ints(r[1]), (std::vector<int64_t>{10}));
    EXPECT_EQ(ints(r[2]), (std::vector<int64_t>{5}));
    int64_t replica = process / 2;
    EXPECT_EQ(ints(r[3]),
              (std::vector<int64_t>{2 * replica + 1, 2 * replica + 2}));
    EXPECT_EQ(ints(r[4]), (std::vector<int64_t>{replica}));
    EXPECT_EQ(ints(r[5]), (std::vector<int64_t>{process % 2}));
  }
}

TEST(InterpreterCommunicationTest, CrossPartitionAllToAll) {
  // 1 replica x 2 partitions; a channel makes the groups cross_partition.
  Program program(R"(
  func.func @main(%x: tensor<2xi64>) -> tensor<2xi64> {
    %a = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xi64>) -> tensor<2xi64>
    return %a : tensor<2xi64>
  })");
  std::vector<Values> arguments = {
      {program.literal("dense<[1, 2]> : tensor<2xi64>")},
      {program.literal("dense<[3, 4]> : tensor<2xi64>")}};
  std::vector<Values> results = runGrid(program, arguments, grid(1, 2));
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(ints(results[0][0]), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(ints(results[1][0]), (std::vector<int64_t>{2, 4}));
}

TEST(InterpreterCommunicationTest, FailingProcessReleasesTheOthers) {
  // Replica 1 fails before the all_reduce; replica 0 must not wait forever.
  Program program(R"(
  func.func @main(%x: tensor<i64>) -> tensor<i64> {
    %id = stablehlo.replica_id : tensor<ui32>
    %zero = stablehlo.constant dense<0> : tensor<ui32>
    %first = stablehlo.compare EQ, %id, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %t = "stablehlo.if"(%first) ({
      %tok = stablehlo.create_token : !stablehlo.token
      stablehlo.return %tok : !stablehlo.token
    }, {
      %tok = stablehlo.create_token : !stablehlo.token
      %in:2 = "stablehlo.infeed"(%tok) : (!stablehlo.token) -> (tensor<i64>, !stablehlo.token)
      stablehlo.return %in#1 : !stablehlo.token
    }) : (tensor<i1>) -> !stablehlo.token
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%l: tensor<i64>, %m: tensor<i64>):
      %u = stablehlo.add %l, %m : tensor<i64>
      stablehlo.return %u : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i64>) -> tensor<i64>
    return %s : tensor<i64>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  std::vector<Values> arguments = {{program.literal("dense<1> : tensor<i64>")},
                                   {program.literal("dense<2> : tensor<i64>")}};
  EXPECT_TRUE(failed(program.runGrid("main", arguments, grid(2, 1))));
  // The infeed is empty: replica 1 fails there.
  EXPECT_NE(program.errors.find("the infeed holds fewer than 1 tensors"),
            std::string::npos)
      << program.errors;
  EXPECT_NE(program.errors.find("the collective did not complete"),
            std::string::npos)
      << program.errors;
}

TEST(InterpreterCommunicationTest, CompositeAndAsync) {
  Program program(R"(
  func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %c = stablehlo.composite "test.double" %x {decomposition = @double} : (tensor<2xf32>) -> tensor<2xf32>
    %f = "stablehlo.async_start"(%x) ({
      %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xf32>) -> tensor<2xf32>
      "stablehlo.return"(%g) : (tensor<2xf32>) -> ()
    }) : (tensor<2xf32>) -> !stablehlo.future<tensor<2xf32>>
    %d = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
    return %c, %d : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @double(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y = stablehlo.add %x, %x : tensor<2xf32>
    return %y : tensor<2xf32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  auto results = program.run(
      "main", {program.literal("dense<[1.5, -2.0]> : tensor<2xf32>")});
  ASSERT_TRUE(succeeded(results)) << program.errors;
  EXPECT_EQ(doubles((*results)[0]), (std::vector<double>{3.0, -4.0}));
  EXPECT_EQ(doubles((*results)[1]), (std::vector<double>{1.5, -2.0}));
}

TEST(InterpreterCommunicationTest, EmptyInfeedFails) {
  Program program(R"(
  func.func @main() -> tensor<2xf32> {
    %t = stablehlo.create_token : !stablehlo.token
    %v, %u = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    return %v : tensor<2xf32>
  })");
  ASSERT_TRUE(program.parsed()) << program.errors;
  EXPECT_TRUE(failed(program.run("main")));
  EXPECT_NE(program.errors.find("the infeed holds fewer than 1 tensors"),
            std::string::npos)
      << program.errors;
}

} // namespace
