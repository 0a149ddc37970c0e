#pragma once
// What the knapsack tests share: the dynamic program they check the search
// against, the engine configurations, and scratch files.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/knapsack/knapsack_instance.hpp"
#include "core/run_config.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::knapsack::testing {

// The optimum by the textbook dynamic program over capacities, O(n·c)
// (Martello and Toth, "Knapsack Problems", 1990, Section 2.6). It shares
// nothing with the branch and bound: no sorting, no bound.
inline std::int64_t dynamic_program_optimum(const KnapsackInstance& instance) {
  const std::size_t capacity = static_cast<std::size_t>(instance.capacity);
  std::vector<std::int64_t> best(capacity + 1, 0);  // best[c]: the most profit within weight c
  for (const Item& item : instance.items) {
    const std::size_t weight = static_cast<std::size_t>(item.weight);
    if (weight > capacity) continue;
    for (std::size_t c = capacity; c + 1 > weight; --c)
      best[c] = std::max(best[c], best[c - weight] + item.profit);
  }
  return best[capacity];
}

struct Selection {
  std::int64_t profit = 0;
  std::int64_t weight = 0;
};

// What the items (0-based file positions) add up to; each may appear once.
inline Selection selection_of(const KnapsackInstance& instance, const std::vector<int>& chosen) {
  Selection total;
  std::vector<bool> seen(instance.items.size(), false);
  for (int index : chosen) {
    if (index < 0 || static_cast<std::size_t>(index) >= instance.items.size() || seen[index])
      throw std::logic_error("a selection names an item twice or out of range");
    seen[index] = true;
    total.profit += instance.items[index].profit;
    total.weight += instance.items[index].weight;
  }
  return total;
}

// Every runtime that runs inside one process (mpi needs mpirun).
using stacksplit::testing::in_process_runtimes;
using stacksplit::testing::optimize_setup;

// A fresh directory for this test process under the system's temporary directory.
inline std::filesystem::path scratch_directory() {
  static const std::filesystem::path directory = [] {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "stacksplit-knapsack-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a scratch directory");
    return std::filesystem::path(pattern);
  }();
  return directory;
}

inline std::string write_text(const std::string& name, const std::string& text) {
  const std::filesystem::path path = scratch_directory() / name;
  std::ofstream out(path, std::ios::binary);
  out << text;
  return path.string();
}

}  // namespace stacksplit::apps::knapsack::testing
