#pragma once
// The classic random instance classes of the knapsack literature, as Pisinger
// defines them ("Core problems in knapsack algorithms", Pisinger 1999,
// Section 6; "Where are the hard knapsack problems?", Pisinger 2005,
// Section 2), with data range R:
//   uncorrelated          w_j, p_j uniform in [1, R]
//   weakly correlated     w_j uniform in [1, R], p_j uniform in [w_j − R/10, w_j + R/10], p_j ≥ 1
//   strongly correlated   w_j uniform in [1, R], p_j = w_j + R/10
// and the capacity a fraction of the total weight (Pisinger's series of H
// instances uses h/(H+1); a half is the usual single instance).
// The same seed gives the same instance on every platform: the generator
// draws its own integers, not the standard library's distributions.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "apps/knapsack/knapsack_instance.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::knapsack {

enum class InstanceClass { kUncorrelated, kWeaklyCorrelated, kStronglyCorrelated };

// The classes by name (`stacksplit-gen-knapsack --class`): the help text,
// the error for an unknown name and the names below all come from it.
const core::Registry<InstanceClass>& instance_class_registry();
std::string_view to_string(InstanceClass kind);
// Throws std::invalid_argument naming the classes for an unknown name.
InstanceClass parse_instance_class(std::string_view name);
std::vector<std::string> instance_class_names();

struct GeneratorOptions {
  InstanceClass kind = InstanceClass::kUncorrelated;
  std::int64_t items = 50;
  std::int64_t range = 1000;  // R
  double capacity_fraction = 0.5;
  std::uint64_t seed = 1;
};

// Throws std::invalid_argument for items < 0, range < 1 or a fraction outside [0, 1].
KnapsackInstance generate_knapsack(const GeneratorOptions& options);

}  // namespace stacksplit::apps::knapsack
