#include "analysis/analyze_command.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <sstream>

#include "analysis/analysis_error.hpp"
#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

std::filesystem::path sweep_file(const testing::TempDir& dir) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 3 * p * std::pow(std::log2(p), 2); };
  sweep.workers = {2, 4, 8, 16, 32, 64};
  sweep.sizes = testing::geometric_sizes(2, 1 << 16, 2);
  sweep.noise = 0.02;
  sweep.repeats = 3;
  return dir.write("runs.jsonl", testing::to_jsonl(testing::synthetic_records(sweep)));
}

std::string run(const AnalyzeOptions& options) {
  std::ostringstream out;
  run_analyze(options, out);
  return out.str();
}

std::string error_of(const AnalyzeOptions& options) {
  try {
    run(options);
  } catch (const AnalysisError& error) {
    return error.what();
  } catch (const OptionError& error) {
    return std::string("option: ") + error.what();
  }
  ADD_FAILURE() << "no error";
  return {};
}

TEST(AnalyzeCommand, PrintsTablesAndTheFittedModel) {
  testing::TempDir dir;
  AnalyzeOptions options;
  options.record_files = {sweep_file(dir).string()};
  options.efficiencies = {0.5};
  std::string report = run(options);
  EXPECT_NE(report.find("Speedup S = T1/Tp"), std::string::npos) << report;
  EXPECT_NE(report.find("rp, E = 0.5"), std::string::npos) << report;
  EXPECT_NE(report.find("model:  W(P) = "), std::string::npos) << report;
  EXPECT_NE(report.find("P*log2(P)^2"), std::string::npos) << report;
  EXPECT_NE(report.find("LOO-CV SMAPE"), std::string::npos) << report;
  EXPECT_NE(report.find("theory: O(P log^3 P)"), std::string::npos) << report;
  EXPECT_NE(report.find("--out DIR"), std::string::npos) << report;
}

TEST(AnalyzeCommand, WritesEveryOutputIntoOutDir) {
  testing::TempDir dir;
  AnalyzeOptions options;
  options.record_files = {sweep_file(dir).string()};
  options.out_dir = (dir.path() / "out").string();
  options.render = false;
  std::string report = run(options);
  for (const char* name :
       {"efficiency.csv", "isoefficiency.csv", "isoefficiency_models.csv", "speedup.gp",
        "efficiency.gp", "isoefficiency.gp", "extrap_rp_E0.5.txt"}) {
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / name)) << name << "\n" << report;
  }
}

TEST(AnalyzeCommand, RefusesBadOptionsWithAMessage) {
  testing::TempDir dir;
  AnalyzeOptions options;
  options.record_files = {sweep_file(dir).string()};
  options.efficiencies = {0.5, 1.2};
  EXPECT_EQ(error_of(options),
            "option: --efficiency: a target efficiency lies strictly between 0 and 1, got 1.2");
  options.efficiencies = {0.5};
  options.group_by = {"colour"};
  EXPECT_EQ(error_of(options).rfind("option: --group-by: unknown field \"colour\"", 0), 0u);
  options.group_by = {};
  options.record_files = {(dir.path() / "empty.jsonl").string()};
  dir.write("empty.jsonl", "\n");
  EXPECT_NE(error_of(options).find("hold no run record"), std::string::npos);
}

TEST(AnalyzeCommand, BadRecordStopsTheAnalysisNamingTheLine) {
  testing::TempDir dir;
  auto good = testing::record_json(testing::RecordSpec{}).dump();
  auto path = dir.write("bad.jsonl", good + "\n" + good + "\n{\"schema\": 1\n");
  AnalyzeOptions options;
  options.record_files = {path.string()};
  EXPECT_EQ(error_of(options).rfind(path.string() + ":3: not valid JSON", 0), 0u);
}

TEST(AnalyzeCommand, RegistersWithCli11) {
  testing::TempDir dir;
  auto records = sweep_file(dir);
  CLI::App app("stacksplit");
  add_analyze_command(app);
  auto out = (dir.path() / "cli").string();
  std::vector<std::string> args = {"stacksplit", "analyze",    records.string(), "--efficiency",
                                   "0.5,0.6",    "--group-by", "scheme,machine", "--out",
                                   out,          "--no-render"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  ::testing::internal::CaptureStdout();
  app.parse(static_cast<int>(argv.size()), argv.data());
  std::string printed = ::testing::internal::GetCapturedStdout();
  EXPECT_NE(printed.find("rp, E = 0.6"), std::string::npos) << printed;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "cli" / "extrap_rp_E0.6.txt")) << printed;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "cli" / "speedup.png"));
}

}  // namespace
}  // namespace stacksplit::analysis
