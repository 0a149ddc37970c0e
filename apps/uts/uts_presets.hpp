#pragma once
// The standard UTS sample trees, with the size, depth and leaf count the
// benchmark's authors published for them: a run of a preset can be checked.

#include <span>
#include <string_view>

#include "apps/uts/uts_counts.hpp"
#include "apps/uts/uts_params.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::uts {

struct UtsPreset {
  std::string_view name;         // "T1"
  std::string_view description;  // for help
  std::string_view flags;        // UTS flags over the defaults: "-t 1 -a 3 -d 10 -b 4 -r 19"
  UtsCounts expected;

  UtsParams params() const { return parse_uts_flags(flags); }
};

std::span<const UtsPreset> uts_presets();

// The presets by name: --tree's names, in help, errors and `stacksplit list`.
const core::Registry<const UtsPreset*>& uts_tree_registry();

// Throws std::invalid_argument, listing the known names, if there is no such
// preset ("unknown UTS tree 'T9' (known: T1, ...)").
const UtsPreset& find_uts_preset(std::string_view name);

// The preset whose parameters are exactly `params`, or nullptr.
const UtsPreset* match_uts_preset(const UtsParams& params);

}  // namespace stacksplit::apps::uts
