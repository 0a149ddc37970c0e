#include "analysis/efficiency_table.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "analysis/analysis_error.hpp"
#include "analysis/run_record_reader.hpp"
#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

using testing::record_json;
using testing::RecordSpec;

std::vector<RunRecord> records_of(const std::vector<RecordSpec>& specs) {
  std::vector<nlohmann::json> lines;
  for (const RecordSpec& spec : specs) lines.push_back(record_json(spec));
  std::istringstream in(testing::to_jsonl(lines));
  return read_run_records(in, "test.jsonl");
}

RecordSpec run(const std::string& scheme, int workers, double time_s, double nodes = 1000) {
  RecordSpec spec;
  spec.scheme = scheme;
  spec.workers = workers;
  spec.time_s = time_s;
  spec.nodes = nodes;
  return spec;
}

const EfficiencyCell& cell(const EfficiencyTable& table, const std::string& scheme, int workers) {
  for (const EfficiencyCell& c : table.cells) {
    if (c.scheme == scheme && c.workers == workers) return c;
  }
  ADD_FAILURE() << "no cell " << scheme << " P=" << workers;
  return table.cells.front();
}

TEST(Median, OddAndEvenCounts) {
  EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(median({7}), 7);
}

TEST(EfficiencyTable, SpeedupEfficiencyAndOverheadFromOneWorkerRuns) {
  // T1 = 8 s from the P = 1 run; at P = 4, Tp = 2.5 s.
  auto table = build_efficiency_table(records_of({run("rp", 1, 8), run("rp", 4, 2.5)}),
                                      Grouping::by_all_fields());
  ASSERT_EQ(table.cells.size(), 2u);
  const EfficiencyCell& c = cell(table, "rp", 4);
  ASSERT_TRUE(c.sequential_time_s.has_value());
  EXPECT_DOUBLE_EQ(*c.sequential_time_s, 8);
  EXPECT_DOUBLE_EQ(*c.speedup(), 3.2);
  EXPECT_DOUBLE_EQ(*c.efficiency(), 0.8);
  EXPECT_DOUBLE_EQ(*c.overhead_s(), 2);  // 4 * 2.5 - 8
  EXPECT_DOUBLE_EQ(c.problem_size, 1000);
}

TEST(EfficiencyTable, OneWorkerRunsOfAnySchemeGiveT1AndTheirMedianCounts) {
  // Three P = 1 runs under other schemes: T1 is their median, 10 s.
  auto table = build_efficiency_table(
      records_of({run("arr", 1, 9), run("grr", 1, 10), run("nn", 1, 30), run("rp", 2, 10)}),
      Grouping::by_all_fields());
  EXPECT_DOUBLE_EQ(*cell(table, "rp", 2).sequential_time_s, 10);
  EXPECT_DOUBLE_EQ(*cell(table, "rp", 2).efficiency(), 0.5);
}

TEST(EfficiencyTable, SequentialTimeInTheRecordWinsOverOneWorkerRuns) {
  RecordSpec parallel = run("rp", 2, 5);
  parallel.sequential_time_s = 6;
  auto table =
      build_efficiency_table(records_of({run("rp", 1, 100), parallel}), Grouping::by_all_fields());
  EXPECT_DOUBLE_EQ(*cell(table, "rp", 2).sequential_time_s, 6);
  EXPECT_DOUBLE_EQ(*cell(table, "rp", 2).efficiency(), 0.6);
}

TEST(EfficiencyTable, RepeatedRunsCountByTheirMedian) {
  auto table = build_efficiency_table(
      records_of({run("rp", 1, 12), run("rp", 4, 3), run("rp", 4, 100), run("rp", 4, 4)}),
      Grouping::by_all_fields());
  const EfficiencyCell& c = cell(table, "rp", 4);
  EXPECT_EQ(c.runs, 3);
  EXPECT_DOUBLE_EQ(c.parallel_time_s, 4);
  EXPECT_DOUBLE_EQ(*c.efficiency(), 0.75);
}

TEST(EfficiencyTable, WithoutT1TheCellSaysWhyInsteadOfGuessing) {
  auto table = build_efficiency_table(records_of({run("rp", 4, 2)}), Grouping::by_all_fields());
  const EfficiencyCell& c = cell(table, "rp", 4);
  EXPECT_FALSE(c.sequential_time_s.has_value());
  EXPECT_FALSE(c.efficiency().has_value());
  EXPECT_FALSE(c.speedup().has_value());
  EXPECT_FALSE(c.overhead_s().has_value());
  EXPECT_NE(c.not_computable.find("no T1 for uts/T1"), std::string::npos) << c.not_computable;
}

TEST(EfficiencyTable, ZeroParallelTimeIsNotComputable) {
  auto table = build_efficiency_table(records_of({run("rp", 1, 1), run("rp", 2, 0)}),
                                      Grouping::by_all_fields());
  const EfficiencyCell& c = cell(table, "rp", 2);
  EXPECT_FALSE(c.efficiency().has_value());
  EXPECT_NE(c.not_computable.find("Tp = 0"), std::string::npos) << c.not_computable;
}

TEST(EfficiencyTable, OneWorkerRunsOfAnotherMachineOrTimeKindDoNotCount) {
  RecordSpec other_machine = run("rp", 1, 8);
  other_machine.machine = "mesh";
  RecordSpec wall = run("rp", 1, 8);
  wall.time_kind = "wall";
  wall.runtime = "threads";
  auto table = build_efficiency_table(records_of({other_machine, wall, run("rp", 4, 2)}),
                                      Grouping::by_all_fields());
  EXPECT_FALSE(cell(table, "rp", 4).sequential_time_s.has_value());
}

TEST(EfficiencyTable, SeriesFollowTheGroupingAndCellsAreOrdered) {
  std::vector<RecordSpec> specs = {run("rp", 4, 1, 5000), run("rp", 1, 4, 5000),
                                   run("arr", 2, 1, 1000), run("rp", 2, 1, 1000),
                                   run("rp", 1, 1, 1000)};
  specs[0].instance = specs[1].instance = "big";
  auto by_scheme = build_efficiency_table(records_of(specs), Grouping::from_names({"scheme"}));
  ASSERT_EQ(by_scheme.cells.size(), 5u);
  // arr first (series order), then rp: small problem before big, P ascending.
  EXPECT_EQ(by_scheme.cells[0].scheme, "arr");
  EXPECT_EQ(by_scheme.cells[1].instance, "T1");
  EXPECT_EQ(by_scheme.cells[1].workers, 1);
  EXPECT_EQ(by_scheme.cells[2].workers, 2);
  EXPECT_EQ(by_scheme.cells[3].instance, "big");
  EXPECT_EQ(by_scheme.cells[3].workers, 1);
  EXPECT_EQ(by_scheme.cells[4].workers, 4);

  // Grouped by machine only, both schemes pool into one series per P.
  auto pooled = build_efficiency_table(records_of(specs), Grouping::from_names({"machine"}));
  EXPECT_EQ(pooled.cells.size(), 4u);
  for (const EfficiencyCell& c : pooled.cells) {
    if (c.instance == "T1" && c.workers == 2) {
      EXPECT_EQ(c.runs, 2);
      EXPECT_EQ(c.scheme, "");  // pooled
      EXPECT_EQ(c.machine, "ncube2");
    }
  }
}

TEST(Grouping, UnknownFieldIsAnErrorListingTheKnownOnes) {
  try {
    Grouping::from_names({"scheme", "colour"});
    FAIL() << "no error";
  } catch (const OptionError& error) {
    std::string message = error.what();
    EXPECT_NE(message.find("unknown field \"colour\""), std::string::npos) << message;
    EXPECT_NE(message.find("scheme"), std::string::npos) << message;
  }
}

TEST(Grouping, TimeKindIsAlwaysGrouped) {
  Grouping grouping = Grouping::from_names({"scheme"});
  ASSERT_EQ(grouping.fields().size(), 2u);
  EXPECT_EQ(grouping.fields()[1], SeriesField::kTimeKind);
  RunRecord record;
  record.scheme = "rp";
  record.time_kind = "wall";
  EXPECT_EQ(grouping.key_of(record), (SeriesKey{"rp", "wall"}));
  EXPECT_EQ(grouping.value_in(grouping.key_of(record), SeriesField::kScheme), "rp");
  EXPECT_FALSE(grouping.value_in(grouping.key_of(record), SeriesField::kMachine).has_value());
}

// R x T: nodes and workers a node tell series apart only when asked for;
// balance does by default.
TEST(Grouping, NodesAndWorkersANodeOnlyOnRequest) {
  RunRecord record;
  record.scheme = "rp";
  record.time_kind = "virtual";
  record.balance = "two-level";
  record.machine_nodes = 4;
  record.workers_per_node = 64;
  const Grouping all = Grouping::by_all_fields();
  EXPECT_EQ(all.value_in(all.key_of(record), SeriesField::kBalance), "two-level");
  EXPECT_FALSE(all.value_in(all.key_of(record), SeriesField::kMachineNodes).has_value());
  const Grouping by_shape = Grouping::from_names({"machine_nodes", "workers_per_node"});
  EXPECT_EQ(by_shape.key_of(record), (SeriesKey{"4", "64", "virtual"}));
  record.workers_per_node.reset();
  EXPECT_EQ(by_shape.key_of(record), (SeriesKey{"4", "none", "virtual"}));
}

}  // namespace
}  // namespace stacksplit::analysis
