#include "analysis/run_record_reader.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "analysis/analysis_error.hpp"
#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

using ::testing::HasSubstr;
using testing::record_json;
using testing::RecordSpec;
using ::testing::StartsWith;

std::vector<RunRecord> read(const std::string& text) {
  std::istringstream in(text);
  return read_run_records(in, "runs.jsonl");
}

// The message of the AnalysisError that reading `text` throws.
std::string error_of(const std::string& text) {
  try {
    read(text);
  } catch (const AnalysisError& error) {
    return error.what();
  }
  ADD_FAILURE() << "no error for: " << text;
  return {};
}

std::string good_line() { return record_json(RecordSpec{}).dump() + "\n"; }

std::string line_with(const std::string& field, const nlohmann::json& value) {
  nlohmann::json record = record_json(RecordSpec{});
  record[field] = value;
  return record.dump() + "\n";
}

std::string line_without(const std::string& field) {
  nlohmann::json record = record_json(RecordSpec{});
  record.erase(field);
  return record.dump() + "\n";
}

TEST(RunRecordReader, ReadsTheFieldsOfTheContract) {
  RecordSpec spec;
  spec.workers = 8;
  spec.nodes = 123456;
  spec.time_s = 0.25;
  spec.sequential_time_s = 1.5;
  auto records = read(record_json(spec).dump());
  ASSERT_EQ(records.size(), 1u);
  const RunRecord& r = records[0];
  EXPECT_EQ(r.source, "runs.jsonl");
  EXPECT_EQ(r.line, 1);
  EXPECT_EQ(r.app, "uts");
  EXPECT_EQ(r.instance, "T1");
  EXPECT_EQ(r.scheme, "rp");
  EXPECT_EQ(r.runtime, "sim");
  EXPECT_EQ(r.topology, "hypercube");
  EXPECT_EQ(r.machine, "ncube2");
  EXPECT_EQ(r.split, "half");
  EXPECT_EQ(r.mode, "count");
  EXPECT_FALSE(r.cutoff.has_value());
  EXPECT_EQ(r.workers, 8);
  EXPECT_EQ(r.nodes, 123456u);
  EXPECT_DOUBLE_EQ(r.time_s, 0.25);
  EXPECT_EQ(r.time_kind, "virtual");
  ASSERT_TRUE(r.sequential_time_s.has_value());
  EXPECT_DOUBLE_EQ(*r.sequential_time_s, 1.5);
}

TEST(RunRecordReader, ReadsTheMachinesTwoLevels) {
  nlohmann::json record = record_json(RecordSpec{});
  EXPECT_EQ(read(record.dump())[0].balance, "flat") << "an older record";
  EXPECT_FALSE(read(record.dump())[0].machine_nodes.has_value());
  record["balance"] = "two-level";
  record["machine_nodes"] = 4;
  record["workers_per_node"] = 16;
  const RunRecord r = read(record.dump())[0];
  EXPECT_EQ(r.balance, "two-level");
  EXPECT_EQ(r.machine_nodes, 4);
  EXPECT_EQ(r.workers_per_node, 16);
  EXPECT_THAT(error_of(line_with("workers_per_node", 0)), HasSubstr("workers_per_node"));
}

TEST(RunRecordReader, IgnoresUnknownFieldsAndBlankLinesAndKeepsLineNumbers) {
  std::string text(1, '\n');
  text += line_with("future_field", {{"x", 1}});
  text += "   \n";
  text += line_with("cutoff", 4);
  auto records = read(text);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].line, 2);
  EXPECT_EQ(records[1].line, 4);
  EXPECT_EQ(records[1].cutoff, 4);
}

TEST(RunRecordReader, AcceptsWindowsLineEndings) {
  std::string line = good_line();
  line.insert(line.size() - 1, 1, '\r');
  EXPECT_EQ(read(line + line).size(), 2u);
}

TEST(RunRecordReader, MalformedJsonNamesFileAndLine) {
  std::string message =
      error_of(good_line() + good_line() + "{\"schema\": \"stacksplit-run/1\",\n");
  EXPECT_THAT(message, StartsWith("runs.jsonl:3: not valid JSON"));
}

TEST(RunRecordReader, ARecordMustBeAnObject) {
  EXPECT_EQ(error_of("[1, 2]\n"), "runs.jsonl:1: a run record must be a JSON object");
}

TEST(RunRecordReader, MissingFieldIsNamed) {
  for (const char* field : {"schema", "app", "instance", "scheme", "runtime", "topology", "machine",
                            "workers", "split", "mode", "nodes", "time_s", "time_kind"}) {
    EXPECT_EQ(error_of(good_line() + line_without(field)),
              std::string("runs.jsonl:2: missing field \"") + field + "\"")
        << field;
  }
  EXPECT_EQ(error_of(line_with("time_s", nullptr)), "runs.jsonl:1: missing field \"time_s\"");
}

TEST(RunRecordReader, RefusesNonsenseValues) {
  EXPECT_EQ(error_of(line_with("workers", 0)),
            "runs.jsonl:1: field \"workers\" must be at least 1, got 0");
  EXPECT_EQ(error_of(line_with("workers", -3)),
            "runs.jsonl:1: field \"workers\" must be at least 1, got -3");
  EXPECT_EQ(error_of(line_with("workers", 2.5)),
            "runs.jsonl:1: field \"workers\" must be an integer, got 2.5");
  EXPECT_EQ(error_of(line_with("time_s", -1.5)),
            "runs.jsonl:1: field \"time_s\" must not be negative, got -1.5");
  EXPECT_EQ(error_of(line_with("time_s", "fast")),
            "runs.jsonl:1: field \"time_s\" must be a number, got \"fast\"");
  EXPECT_EQ(error_of(line_with("nodes", 0)),
            "runs.jsonl:1: field \"nodes\" must be at least 1, got 0");
  EXPECT_EQ(error_of(line_with("sequential_time_s", -2)),
            "runs.jsonl:1: field \"sequential_time_s\" must not be negative, got -2");
  EXPECT_EQ(error_of(line_with("scheme", 7)),
            "runs.jsonl:1: field \"scheme\" must be a string, got 7");
  EXPECT_EQ(error_of(line_with("app", "")), "runs.jsonl:1: field \"app\" must not be empty");
  EXPECT_EQ(error_of(line_with("cutoff", -1)),
            "runs.jsonl:1: field \"cutoff\" must be at least 0, got -1");
  EXPECT_EQ(error_of(line_with("time_kind", "cpu")),
            "runs.jsonl:1: field \"time_kind\" must be \"wall\" or \"virtual\", got \"cpu\"");
  EXPECT_EQ(error_of(line_with("leaves", -1)),
            "runs.jsonl:1: field \"leaves\" must be at least 0, got -1");
}

TEST(RunRecordReader, AcceptsAZeroTime) {
  EXPECT_DOUBLE_EQ(read(line_with("time_s", 0)).at(0).time_s, 0);
}

TEST(RunRecordReader, RefusesOtherSchemas) {
  EXPECT_THAT(error_of(line_with("schema", "stacksplit-run/2")),
              StartsWith("runs.jsonl:1: unsupported schema \"stacksplit-run/2\""));
}

TEST(RunRecordReader, ChecksCountersAndPerWorkerEntries) {
  EXPECT_THAT(error_of(line_with("counters", {{"requests", -1}})),
              StartsWith("runs.jsonl:1: counter \"requests\" in field \"counters\""));
  EXPECT_EQ(error_of(line_with("counters", 3)),
            "runs.jsonl:1: field \"counters\" must be an object, got 3");
  nlohmann::json record = record_json(RecordSpec{});
  record["workers"] = 2;
  record["per_worker"] = nlohmann::json::array({{{"nodes", 5}}});
  EXPECT_EQ(error_of(record.dump()),
            "runs.jsonl:1: field \"per_worker\" has 1 entries but \"workers\" is 2");
  record["per_worker"].push_back({{"nodes", 7}, {"idle_s", 0.5}});
  EXPECT_EQ(read(record.dump()).size(), 1u);
  record["per_worker"] = nlohmann::json::array();  // not recorded
  EXPECT_EQ(read(record.dump()).size(), 1u);
}

TEST(RunRecordReader, MissingFileIsAnError) {
  try {
    read_run_records_file("/nonexistent/runs.jsonl");
    FAIL() << "no error";
  } catch (const AnalysisError& error) {
    EXPECT_THAT(error.what(), HasSubstr("/nonexistent/runs.jsonl: cannot open"));
  }
}

TEST(RunRecordReader, FileErrorsNameThePath) {
  testing::TempDir dir;
  auto path = dir.write("bad.jsonl", good_line() + line_with("workers", 0));
  try {
    read_run_records_file(path);
    FAIL() << "no error";
  } catch (const AnalysisError& error) {
    EXPECT_THAT(error.what(), StartsWith(path.string() + ":2: field \"workers\""));
  }
}

}  // namespace
}  // namespace stacksplit::analysis
