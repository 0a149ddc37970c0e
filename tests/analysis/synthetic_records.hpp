#pragma once
// Run records made from a model, for tests whose right answer is known.
//
// The model: a node costs kNodeTime, T1 = W·kNodeTime, and the total overhead
// To = g(P)·kNodeTime does not depend on W. Then Tp = (W + g(P))·kNodeTime / P,
// E = W / (W + g(P)), and the isoefficiency for a target E is exactly
// W(P) = E/(1−E) · g(P). Multiplicative noise on Tp stands for measurement.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace stacksplit::analysis::testing {

inline constexpr double kNodeTime = 1e-6;

struct RecordSpec {
  std::string app = "uts";
  std::string instance = "T1";
  std::string scheme = "rp";
  std::string runtime = "sim";
  std::string topology = "hypercube";
  std::string machine = "ncube2";
  int workers = 1;
  double nodes = 1000;
  double time_s = 1;
  std::string time_kind = "virtual";
  std::optional<double> sequential_time_s;
};

inline nlohmann::json record_json(const RecordSpec& spec) {
  nlohmann::json record = {{"schema", "stacksplit-run/1"},
                           {"timestamp", "2026-11-22T10:00:00Z"},
                           {"app", spec.app},
                           {"instance", spec.instance},
                           {"scheme", spec.scheme},
                           {"runtime", spec.runtime},
                           {"topology", spec.topology},
                           {"machine", spec.machine},
                           {"workers", spec.workers},
                           {"split", "half"},
                           {"cutoff", nullptr},
                           {"mode", "count"},
                           {"seed", 1},
                           {"nodes", static_cast<std::uint64_t>(spec.nodes)},
                           {"leaves", 10},
                           {"solutions", 0},
                           {"max_depth", 5},
                           {"time_s", spec.time_s},
                           {"time_kind", spec.time_kind},
                           {"counters",
                            {{"requests", 3},
                             {"rejects", 1},
                             {"work_transfers", 2},
                             {"messages", 6},
                             {"bytes", 96},
                             {"idle_s", 0.0}}}};
  if (spec.sequential_time_s) record["sequential_time_s"] = *spec.sequential_time_s;
  return record;
}

inline std::string to_jsonl(const std::vector<nlohmann::json>& records) {
  std::string text;
  for (const auto& r : records) text += r.dump() + "\n";
  return text;
}

struct SyntheticSweep {
  std::function<double(double)> overhead;  // g(P), in nodes
  std::vector<int> workers;                // P > 1
  std::vector<double> sizes;               // W of the instances
  double noise = 0;                        // Tp is scaled by 1 + U(−noise, noise)
  int repeats = 1;
  unsigned seed = 1;
  bool sequential_field = false;  // T1 in every record instead of P = 1 runs
  std::string scheme = "rp";
  std::string machine = "ncube2";
};

inline std::vector<nlohmann::json> synthetic_records(const SyntheticSweep& sweep) {
  std::mt19937 random(sweep.seed);
  std::uniform_real_distribution<double> jitter(-sweep.noise, sweep.noise);
  std::vector<nlohmann::json> records;
  for (std::size_t i = 0; i < sweep.sizes.size(); ++i) {
    const double w = std::round(sweep.sizes[i]);
    RecordSpec spec;
    spec.scheme = sweep.scheme;
    spec.machine = sweep.machine;
    char name[32];  // snprintf: GCC 12 warns falsely (-Wrestrict) on "W" + string
    std::snprintf(name, sizeof name, "W%zu", i);
    spec.instance = name;
    spec.nodes = w;
    if (sweep.sequential_field) {
      spec.sequential_time_s = w * kNodeTime;
    } else {
      spec.workers = 1;
      spec.time_s = w * kNodeTime;
      records.push_back(record_json(spec));
    }
    for (int p : sweep.workers) {
      for (int r = 0; r < sweep.repeats; ++r) {
        spec.workers = p;
        spec.time_s = (w + sweep.overhead(p)) * kNodeTime / p * (1 + jitter(random));
        records.push_back(record_json(spec));
      }
    }
  }
  return records;
}

// Sizes from `low` to `high`, `per_doubling` of them per factor of two.
inline std::vector<double> geometric_sizes(double low, double high, int per_doubling) {
  std::vector<double> sizes;
  for (double w = low; w <= high * 1.0001; w *= std::exp2(1.0 / per_doubling)) sizes.push_back(w);
  return sizes;
}

// A fresh directory for one test, removed when it goes out of scope.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("stacksplit_analysis_" + std::string(info->test_suite_name()) + "_" + info->name() +
             "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

  std::filesystem::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path_ / name) << text;
    return path_ / name;
  }

 private:
  std::filesystem::path path_;
};

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace stacksplit::analysis::testing
