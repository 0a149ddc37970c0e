#include "apps/knapsack/knapsack_generator.hpp"

#include <cmath>
#include <random>
#include <stdexcept>

namespace stacksplit::apps::knapsack {

namespace {

// Uniform in [low, high] from the engine's raw 64-bit draws (the modulo bias
// is below 2^-40 for any range a test uses).
std::int64_t draw(std::mt19937_64& random, std::int64_t low, std::int64_t high) {
  const std::uint64_t span = static_cast<std::uint64_t>(high - low) + 1;
  return low + static_cast<std::int64_t>(random() % span);
}

}  // namespace

const core::Registry<InstanceClass>& instance_class_registry() {
  static const core::Registry<InstanceClass> registry = [] {
    core::Registry<InstanceClass> r("knapsack instance class");
    r.add({"uncorrelated", "", "profits uniform in [1, R]", InstanceClass::kUncorrelated});
    r.add({"weakly-correlated", "", "profits within R/10 of the weight",
           InstanceClass::kWeaklyCorrelated});
    r.add({"strongly-correlated", "", "profits the weight plus R/10",
           InstanceClass::kStronglyCorrelated});
    return r;
  }();
  return registry;
}

std::string_view to_string(InstanceClass kind) {
  for (const auto& entry : instance_class_registry().entries())
    if (entry.payload == kind) return entry.name;
  return "?";
}

InstanceClass parse_instance_class(std::string_view name) {
  return instance_class_registry().at(name).payload;
}

std::vector<std::string> instance_class_names() { return instance_class_registry().names(); }

KnapsackInstance generate_knapsack(const GeneratorOptions& options) {
  if (options.items < 0 || options.items > kMaxItems)
    throw std::invalid_argument("the number of items must be in 0.." + std::to_string(kMaxItems));
  // Sums stay far below 2^63 for any n up to kMaxItems.
  if (options.range < 1 || options.range > (std::int64_t{1} << 32))
    throw std::invalid_argument("the range R must be in 1..2^32");
  if (!(options.capacity_fraction >= 0 && options.capacity_fraction <= 1))
    throw std::invalid_argument("the capacity fraction must be in [0, 1]");
  std::mt19937_64 random(options.seed);
  const std::int64_t tenth = options.range / 10;
  KnapsackInstance instance;
  std::int64_t total_weight = 0;
  for (std::int64_t j = 0; j < options.items; ++j) {
    Item item;
    item.weight = draw(random, 1, options.range);
    switch (options.kind) {
      case InstanceClass::kUncorrelated:
        item.profit = draw(random, 1, options.range);
        break;
      case InstanceClass::kWeaklyCorrelated:
        item.profit =
            std::max<std::int64_t>(1, draw(random, item.weight - tenth, item.weight + tenth));
        break;
      case InstanceClass::kStronglyCorrelated:
        item.profit = item.weight + tenth;
        break;
    }
    total_weight += item.weight;
    instance.items.push_back(item);
  }
  instance.capacity = static_cast<std::int64_t>(
      std::floor(options.capacity_fraction * static_cast<double>(total_weight)));
  return instance;
}

}  // namespace stacksplit::apps::knapsack
