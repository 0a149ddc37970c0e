#pragma once
// What counting a whole UTS tree finds, as the benchmark reports it.

#include <cstdint>
#include <string>

namespace stacksplit::apps::uts {

struct UtsCounts {
  std::uint64_t nodes = 0;      // the root included
  std::uint32_t max_depth = 0;  // the root is depth 0
  std::uint64_t leaves = 0;     // nodes without children

  bool operator==(const UtsCounts&) const = default;
};

// The benchmark's result line: "Tree size = 4130071, tree depth = 10, num leaves = 3305118".
inline std::string uts_counts_text(const UtsCounts& counts) {
  return "Tree size = " + std::to_string(counts.nodes) +
         ", tree depth = " + std::to_string(counts.max_depth) +
         ", num leaves = " + std::to_string(counts.leaves);
}

}  // namespace stacksplit::apps::uts
