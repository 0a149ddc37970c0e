#include "apps/uts/uts_params.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace stacksplit::apps::uts {

namespace {

constexpr std::int32_t kIntMax = std::numeric_limits<std::int32_t>::max();

[[noreturn]] void reject(char letter, std::string_view text, std::string_view why) {
  throw std::invalid_argument("UTS flag -" + std::string(1, letter) + " " + std::string(text) +
                              ": " + std::string(why));
}

// The whole of `text` must be the number: "10x" is an error, not 10.
std::int32_t parse_int(char letter, std::string_view text, std::int32_t lo, std::int32_t hi,
                       std::string_view range) {
  std::int32_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    reject(letter, text, "expected an integer " + std::string(range));
  }
  if (value < lo || value > hi) reject(letter, text, "must be " + std::string(range));
  return value;
}

double parse_double(char letter, std::string_view text, double lo, double hi,
                    std::string_view range) {
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    reject(letter, text, "expected a number " + std::string(range));
  }
  // Written so that NaN fails too.
  if (!(value >= lo && value <= hi)) reject(letter, text, "must be " + std::string(range));
  return value;
}

std::string int_text(std::int32_t value) { return std::to_string(value); }

// Shortest text that reads back to the same double.
std::string double_text(double value) {
  std::array<char, 32> buffer{};
  auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  (void)error;  // 32 characters hold any double
  return std::string(buffer.data(), end);
}

constexpr std::array<UtsFlag, 9> kFlags = {{
    {'t', "INT", "tree type: 0 binomial, 1 geometric, 2 hybrid",
     [](UtsParams& p, std::string_view s) {
       p.tree_type = static_cast<TreeType>(parse_int('t', s, 0, 2, "in [0, 2]"));
     },
     [](const UtsParams& p) { return int_text(static_cast<std::int32_t>(p.tree_type)); }},
    {'a', "INT", "geometric shape: 0 linear, 1 exponential decrease, 2 cyclic, 3 fixed",
     [](UtsParams& p, std::string_view s) {
       p.shape = static_cast<GeoShape>(parse_int('a', s, 0, 3, "in [0, 3]"));
     },
     [](const UtsParams& p) { return int_text(static_cast<std::int32_t>(p.shape)); }},
    {'d', "INT", "geometric: depth gen_mx the shape is scaled to, >= 1",
     [](UtsParams& p, std::string_view s) { p.depth = parse_int('d', s, 1, kIntMax, ">= 1"); },
     [](const UtsParams& p) { return int_text(p.depth); }},
    {'b', "NUM", "root branching factor b_0, in [0, 2^31)",
     [](UtsParams& p, std::string_view s) {
       p.root_branching = parse_double('b', s, 0.0, kIntMax, "in [0, 2^31)");
     },
     [](const UtsParams& p) { return double_text(p.root_branching); }},
    {'r', "INT", "root seed, in [0, 2^31)",
     [](UtsParams& p, std::string_view s) {
       p.root_seed = parse_int('r', s, 0, kIntMax, "in [0, 2^31)");
     },
     [](const UtsParams& p) { return int_text(p.root_seed); }},
    {'q', "NUM", "binomial: probability q that a node has children, in [0, 1]",
     [](UtsParams& p, std::string_view s) {
       p.non_leaf_prob = parse_double('q', s, 0.0, 1.0, "in [0, 1]");
     },
     [](const UtsParams& p) { return double_text(p.non_leaf_prob); }},
    {'m', "INT", "binomial: number m of children of a non-leaf node, >= 0 (at most 100 are made)",
     [](UtsParams& p, std::string_view s) {
       p.non_leaf_branching = parse_int('m', s, 0, kIntMax, ">= 0");
     },
     [](const UtsParams& p) { return int_text(p.non_leaf_branching); }},
    {'f', "NUM", "hybrid: fraction of gen_mx grown geometric before turning binomial, in [0, 1]",
     [](UtsParams& p, std::string_view s) {
       p.shift_depth = parse_double('f', s, 0.0, 1.0, "in [0, 1]");
     },
     [](const UtsParams& p) { return double_text(p.shift_depth); }},
    {'g', "INT", "compute granularity: SHA-1 rounds per node, >= 1",
     [](UtsParams& p, std::string_view s) {
       p.granularity = parse_int('g', s, 1, kIntMax, ">= 1");
     },
     [](const UtsParams& p) { return int_text(p.granularity); }},
}};

const UtsFlag* find_flag(std::string_view token) {
  if (token.size() != 2 || token[0] != '-') return nullptr;
  for (const UtsFlag& flag : kFlags) {
    if (flag.letter == token[1]) return &flag;
  }
  return nullptr;
}

std::string known_flags() {
  std::string text;
  for (const UtsFlag& flag : kFlags) {
    if (!text.empty()) text += ' ';
    text += '-';
    text += flag.letter;
  }
  return text;
}

}  // namespace

std::span<const UtsFlag> uts_flags() { return kFlags; }

void apply_uts_flags(UtsParams& params, std::span<const std::string> tokens) {
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    const UtsFlag* flag = find_flag(tokens[i]);
    if (flag == nullptr) {
      throw std::invalid_argument("unknown UTS flag '" + tokens[i] + "' (the flags are " +
                                  known_flags() + ")");
    }
    if (i + 1 == tokens.size()) {
      throw std::invalid_argument("UTS flag " + tokens[i] + " is missing its value");
    }
    flag->set(params, tokens[i + 1]);
  }
  validate_uts_params(params);
}

UtsParams parse_uts_flags(std::span<const std::string> tokens) {
  UtsParams params;
  apply_uts_flags(params, tokens);
  return params;
}

UtsParams parse_uts_flags(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> tokens;
  for (std::string token; in >> token;) tokens.push_back(token);
  return parse_uts_flags(tokens);
}

// Every value must read back through its flag: one set of range checks, the flags'.
void validate_uts_params(const UtsParams& params) {
  UtsParams copy = params;
  for (const UtsFlag& flag : kFlags) flag.set(copy, flag.get(params));
}

std::string uts_params_flags(const UtsParams& params) {
  std::string text;
  for (const UtsFlag& flag : kFlags) {
    if (!text.empty()) text += ' ';
    text += '-';
    text += flag.letter;
    text += ' ';
    text += flag.get(params);
  }
  return text;
}

std::string uts_params_text(const UtsParams& params) {
  const bool geometric = params.tree_type != TreeType::kBinomial;
  const bool binomial = params.tree_type != TreeType::kGeometric;
  std::ostringstream out;
  out << std::fixed;
  out << "UTS tree type " << static_cast<int>(params.tree_type) << " ("
      << tree_type_name(params.tree_type) << ")\n";
  out << "  root branching factor b_0 = " << std::setprecision(1) << params.root_branching
      << ", root seed = " << params.root_seed << "\n";
  if (geometric) {
    out << "  GEO parameters: gen_mx = " << params.depth
        << ", shape function = " << static_cast<int>(params.shape) << " ("
        << geo_shape_name(params.shape) << ")\n";
  }
  if (binomial) {
    const double q = params.non_leaf_prob;
    const double m = params.non_leaf_branching;
    out << "  BIN parameters: q = " << std::setprecision(6) << q
        << ", m = " << params.non_leaf_branching << ", E(n) = " << q * m
        << ", E(s) = " << std::setprecision(2) << 1.0 / (1.0 - q * m) << "\n";
  }
  if (params.tree_type == TreeType::kHybrid) {
    out << "  HYBRID: GEO from the root to depth "
        << static_cast<int>(std::ceil(params.shift_depth * params.depth)) << ", then BIN\n";
  }
  out << "  compute granularity = " << params.granularity << "\n";
  return out.str();
}

std::string_view tree_type_name(TreeType type) {
  switch (type) {
    case TreeType::kBinomial:
      return "Binomial";
    case TreeType::kGeometric:
      return "Geometric";
    case TreeType::kHybrid:
      return "Hybrid";
  }
  return "unknown";
}

std::string_view geo_shape_name(GeoShape shape) {
  switch (shape) {
    case GeoShape::kLinear:
      return "Linear decrease";
    case GeoShape::kExpDec:
      return "Exponential decrease";
    case GeoShape::kCyclic:
      return "Cyclic";
    case GeoShape::kFixed:
      return "Fixed branching factor";
  }
  return "unknown";
}

}  // namespace stacksplit::apps::uts
