// The sender-initiated family: a busy processor hands work out (Kumar, Grama
// & Rao, Scalable Load Balancing Techniques for Parallel Computers, §4).

#include "schemes/scheme_registry.hpp"
#include "schemes/sender/ml.hpp"
#include "schemes/sender/random_allocation.hpp"
#include "schemes/sender/sl.hpp"

namespace stacksplit::schemes {

void register_sender_schemes(SchemeRegistry& registry) {
  const std::string family(kSenderFamily);
  registry
      .add({"sl", family,
            "single level: a manager hands out subtasks at the cutoff depth on demand",
            tree_scheme<SingleLevel>(/*one_representative=*/true)})
      .add({"ml", family, "multi level: a manager feeds sub-managers, each feeding a group",
            tree_scheme<MultiLevel>(/*one_representative=*/true)})
      .add({"random", family,
            "randomized allocation: nodes above the cutoff go to random processors",
            tree_scheme<RandomAllocation>()});
}

}  // namespace stacksplit::schemes
