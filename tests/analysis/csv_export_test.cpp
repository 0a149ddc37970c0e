#include "analysis/csv_export.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "analysis/run_record_reader.hpp"
#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

AnalysisResult small_analysis(const std::vector<double>& targets = {0.5}) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 10 * p * std::log2(p); };
  sweep.workers = {2, 4, 8, 16};
  sweep.sizes = testing::geometric_sizes(4, 8192, 1);
  std::istringstream in(testing::to_jsonl(testing::synthetic_records(sweep)));
  return analyze_records(read_run_records(in, "sweep.jsonl"), Grouping::by_all_fields(), targets);
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
  return fields;
}

TEST(CsvExport, WritesTheThreeTables) {
  testing::TempDir dir;
  auto files = write_csv_files(small_analysis(), dir.path());
  ASSERT_EQ(files.size(), 3u);
  std::string efficiency = testing::read_file(dir.path() / "efficiency.csv");
  EXPECT_EQ(
      first_line(efficiency),
      "app,runtime,topology,machine,scheme,split,cutoff,mode,balance,time_kind,series,key,instance,"
      "workers,problem_size,parallel_time_s,sequential_time_s,speedup,efficiency,overhead_s,"
      "runs");
  // One header and one row per configuration: 12 sizes x (P = 1 and 4 P).
  EXPECT_EQ(std::count(efficiency.begin(), efficiency.end(), '\n'), 1 + 12 * 5);
  std::string models = testing::read_file(dir.path() / "isoefficiency_models.csv");
  EXPECT_NE(models.find("P*log2(P)"), std::string::npos) << models;
  std::string iso = testing::read_file(dir.path() / "isoefficiency.csv");
  EXPECT_EQ(std::count(iso.begin(), iso.end(), '\n'), 1 + 4);
}

// Issue 14, item 12: a column name appears once in every file, whatever the
// grouping; `app` is both a series field and the problem's application.
TEST(CsvExport, NoColumnTwice) {
  for (const std::vector<std::string>& group_by :
       {std::vector<std::string>{}, {"app", "scheme"}, {"scheme"}}) {
    testing::SyntheticSweep sweep;
    sweep.overhead = [](double p) { return 10 * p; };
    sweep.workers = {2, 4};
    sweep.sizes = {64, 256};
    std::istringstream in(testing::to_jsonl(testing::synthetic_records(sweep)));
    Grouping grouping =
        group_by.empty() ? Grouping::by_all_fields() : Grouping::from_names(group_by);
    auto result = analyze_records(read_run_records(in, "s.jsonl"), grouping, {0.5});
    testing::TempDir dir;
    write_csv_files(result, dir.path());
    for (const char* name : {"efficiency.csv", "isoefficiency.csv", "isoefficiency_models.csv"}) {
      std::string header = first_line(testing::read_file(dir.path() / name));
      std::vector<std::string> fields = fields_of(header);
      std::set<std::string> unique(fields.begin(), fields.end());
      EXPECT_EQ(unique.size(), fields.size()) << name << ": " << header;
      // The isoefficiency files name the app only when it is grouped: a
      // curve may pool several.
      const bool app_expected = std::string(name) == "efficiency.csv" || group_by.size() != 1;
      EXPECT_EQ(unique.count("app"), app_expected ? 1u : 0u) << name << ": " << header;
    }
  }
}

// Issue 14, item 12: numbers are written in the shortest form that reads back
// as the same double: 0.7, not 0.69999999999999996.
TEST(CsvExport, NumbersAreShortestRoundTrip) {
  testing::TempDir dir;
  write_csv_files(small_analysis({0.7}), dir.path());
  std::string iso = testing::read_file(dir.path() / "isoefficiency.csv");
  EXPECT_NE(iso.find(",0.7,"), std::string::npos) << iso;
  EXPECT_EQ(iso.find("0.69999"), std::string::npos) << iso;
  std::string models = testing::read_file(dir.path() / "isoefficiency_models.csv");
  EXPECT_EQ(models.find("0.69999"), std::string::npos) << models;
  // Still every digit that is needed: the values read back exactly.
  std::string efficiency = testing::read_file(dir.path() / "efficiency.csv");
  std::istringstream rows(efficiency);
  std::string header, row;
  std::getline(rows, header);
  auto names = fields_of(header);
  auto column = std::find(names.begin(), names.end(), "efficiency") - names.begin();
  auto result = small_analysis({0.7});
  for (const EfficiencyCell& cell : result.table.cells) {
    ASSERT_TRUE(std::getline(rows, row));
    ASSERT_TRUE(cell.efficiency().has_value());
    EXPECT_EQ(std::stod(fields_of(row).at(column)), *cell.efficiency()) << row;
  }
}

TEST(CsvExport, QuotesFieldsThatNeedIt) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
}

}  // namespace
}  // namespace stacksplit::analysis
