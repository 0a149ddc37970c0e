#include "apps/uts/uts_presets.hpp"

#include <array>
#include <string>

namespace stacksplit::apps::uts {

namespace {

// The trees and sizes published with the UTS benchmark's sample trees.
constexpr std::array<UtsPreset, 8> kPresets = {{
    {"T1",
     "geometric, fixed branching factor, ~4 M nodes",
     "-t 1 -a 3 -d 10 -b 4 -r 19",
     {4130071, 10, 3305118}},
    {"T2", "geometric, cyclic, ~4 M nodes", "-t 1 -a 2 -d 16 -b 6 -r 502", {4117769, 81, 2342762}},
    {"T3",
     "binomial, ~4 M nodes, very deep",
     "-t 0 -b 2000 -q 0.124875 -m 8 -r 42",
     {4112897, 1572, 3599034}},
    {"T4",
     "hybrid, ~4 M nodes",
     "-t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4",
     {4132453, 134, 3108986}},
    {"T5",
     "geometric, linear decrease, ~4 M nodes",
     "-t 1 -a 0 -d 20 -b 4 -r 34",
     {4147582, 20, 2181318}},
    {"T1L",
     "geometric, fixed branching factor, ~102 M nodes",
     "-t 1 -a 3 -d 13 -b 4 -r 29",
     {102181082, 13, 81746377}},
    {"T2L",
     "geometric, cyclic, ~97 M nodes",
     "-t 1 -a 2 -d 23 -b 7 -r 220",
     {96793510, 67, 53791152}},
    {"T3L",
     "binomial, ~111 M nodes, very deep",
     "-t 0 -b 2000 -q 0.200014 -m 5 -r 7",
     {111345631, 17844, 89076904}},
}};

}  // namespace

std::span<const UtsPreset> uts_presets() { return kPresets; }

const core::Registry<const UtsPreset*>& uts_tree_registry() {
  static const core::Registry<const UtsPreset*> registry = [] {
    core::Registry<const UtsPreset*> r("UTS tree");
    for (const UtsPreset& preset : kPresets)
      r.add({std::string(preset.name), "", std::string(preset.description), &preset});
    return r;
  }();
  return registry;
}

const UtsPreset& find_uts_preset(std::string_view name) {
  return *uts_tree_registry().at(name).payload;
}

const UtsPreset* match_uts_preset(const UtsParams& params) {
  for (const UtsPreset& preset : kPresets) {
    if (preset.params() == params) return &preset;
  }
  return nullptr;
}

}  // namespace stacksplit::apps::uts
