#pragma once
// A 0/1 knapsack instance and its plain text format: a first line
// `n capacity`, then n lines `profit weight`, one item a line. Blank lines are
// skipped; anything else that is not exactly those numbers is an error
// `FILE:LINE: what is wrong` (core::InputError, exit status 1).

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/input_error.hpp"

namespace stacksplit::apps::knapsack {

class KnapsackFormatError : public core::InputError {
 public:
  using InputError::InputError;
};

struct Item {
  std::int64_t profit = 0;
  std::int64_t weight = 0;
};

struct KnapsackInstance {
  std::int64_t capacity = 0;
  std::vector<Item> items;  // in the file's order
};

// Items beyond this are refused: a header alone must not exhaust memory.
inline constexpr std::int64_t kMaxItems = 1 << 24;

// Profits and weights are non-negative and each adds up to at most 2^63 − 1,
// so no sum the search forms can overflow.
KnapsackInstance read_knapsack(const std::string& path);
KnapsackInstance parse_knapsack(std::istream& in, std::string_view name);

void write_knapsack(std::ostream& out, const KnapsackInstance& instance);

}  // namespace stacksplit::apps::knapsack
