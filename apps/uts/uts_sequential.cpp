#include "apps/uts/uts_sequential.hpp"

#include <cstdint>

#include "apps/uts/uts_generator.hpp"
#include "apps/uts/uts_node.hpp"

namespace stacksplit::apps::uts {

namespace {

class SequentialCount {
 public:
  explicit SequentialCount(const UtsParams& params) : generator_(params) {}

  UtsCounts run() {
    visit(generator_.root());
    return counts_;
  }

 private:
  // The recursion keeps one node per level on the call stack: no allocation.
  void visit(const UtsNode& node) {
    ++counts_.nodes;
    const auto height = static_cast<std::uint32_t>(node.height);
    if (height > counts_.max_depth) counts_.max_depth = height;
    const std::int32_t count = generator_.num_children(node);
    if (count == 0) {
      ++counts_.leaves;
      return;
    }
    for (std::int32_t index = 0; index < count; ++index) visit(generator_.child(node, index));
  }

  UtsGenerator generator_;
  UtsCounts counts_;
};

}  // namespace

UtsCounts uts_sequential_count(const UtsParams& params) { return SequentialCount(params).run(); }

}  // namespace stacksplit::apps::uts
