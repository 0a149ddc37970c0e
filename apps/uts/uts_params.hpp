#pragma once
// The parameters of an Unbalanced Tree Search tree and the command-line flags of
// the UTS benchmark (version 2.1) that set them. Defaults are the benchmark's.
//
// UTS: S. Olivier, J. Huan, J. Liu, J. Prins, J. Dinan, P. Sadayappan, C.-W. Tseng,
// "UTS: An Unbalanced Tree Search Benchmark", LCPC 2006.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace stacksplit::apps::uts {

// How the number of children of a node is drawn (flag -t).
enum class TreeType : std::uint8_t {
  kBinomial = 0,   // m children with probability q, else none; the root has b_0
  kGeometric = 1,  // geometric with a mean b_i that depends on the depth (see GeoShape)
  kHybrid = 2,     // geometric near the root, binomial below the shift depth
};

// How the mean branching factor b_i of a geometric node falls with its depth (flag -a).
enum class GeoShape : std::uint8_t {
  kLinear = 0,  // b_0 (1 - i / gen_mx)
  kExpDec = 1,  // b_0 i^(-log b_0 / log gen_mx)
  kCyclic = 2,  // b_0^sin(2 pi i / gen_mx), nothing below 5 gen_mx
  kFixed = 3,   // b_0 above gen_mx, nothing below
};

struct UtsParams {
  TreeType tree_type = TreeType::kGeometric;  // -t
  GeoShape shape = GeoShape::kLinear;         // -a
  std::int32_t depth = 6;                     // -d  gen_mx
  double root_branching = 4.0;                // -b  b_0
  std::int32_t root_seed = 0;                 // -r
  double non_leaf_prob = 15.0 / 64.0;         // -q  q
  std::int32_t non_leaf_branching = 4;        // -m  m
  double shift_depth = 0.5;                   // -f  hybrid: fraction of gen_mx that is geometric
  std::int32_t granularity = 1;               // -g  SHA-1 rounds per node

  bool operator==(const UtsParams&) const = default;
};

// One UTS flag: the table the parser, the printer, validation and the CLI help
// are all generated from, so a flag is declared once.
struct UtsFlag {
  char letter;                  // the flag is "-<letter>" followed by its value
  std::string_view value_kind;  // "INT" or "NUM", for help
  std::string_view meaning;     // help text, with the accepted range
  // Parses `text` into `params`; throws std::invalid_argument naming the flag.
  void (*set)(UtsParams& params, std::string_view text);
  // The flag's value in `params`, as text that `set` reads back exactly.
  std::string (*get)(const UtsParams& params);
};

std::span<const UtsFlag> uts_flags();

// Applies flags given as separate tokens ("-t", "1", "-a", "3", ...) on top of
// `params`, then validates. Throws std::invalid_argument on an unknown flag, a
// missing value, a malformed or out-of-range value.
void apply_uts_flags(UtsParams& params, std::span<const std::string> tokens);

// The flags as in `apply_uts_flags`, on top of the benchmark defaults.
UtsParams parse_uts_flags(std::span<const std::string> tokens);
// The same from one string, tokens separated by white space: "-t 1 -a 3 -d 10".
UtsParams parse_uts_flags(std::string_view text);

// Throws std::invalid_argument if some value is out of its range (for params
// built in code rather than parsed).
void validate_uts_params(const UtsParams& params);

// Every flag with its value, "-t 1 -a 3 -d 10 ...": parsing it gives back `params`.
std::string uts_params_flags(const UtsParams& params);

// A few lines describing the tree for people, in the spirit of the benchmark's banner.
std::string uts_params_text(const UtsParams& params);

std::string_view tree_type_name(TreeType type);
std::string_view geo_shape_name(GeoShape shape);

}  // namespace stacksplit::apps::uts
