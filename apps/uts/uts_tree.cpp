#include "apps/uts/uts_tree.hpp"

namespace stacksplit::apps::uts {

void UtsTree::choices(core::ChoiceSink<UtsNode>& out) {
  const std::int32_t count = generator_.num_children(current_);
  for (std::int32_t index = 0; index < count; ++index) out.push(generator_.child(current_, index));
}

}  // namespace stacksplit::apps::uts
