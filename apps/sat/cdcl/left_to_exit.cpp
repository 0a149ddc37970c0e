#include "apps/sat/cdcl/left_to_exit.hpp"

#include <mutex>
#include <vector>

namespace stacksplit::apps::sat {

namespace {

std::mutex mutex;
// Made once and never deleted, so nothing it holds is destroyed at exit.
std::vector<std::shared_ptr<const void>>& kept() {
  static auto* const objects = new std::vector<std::shared_ptr<const void>>();
  return *objects;
}

}  // namespace

void leave_to_exit(std::shared_ptr<const void> object) {
  std::lock_guard<std::mutex> lock(mutex);
  kept().push_back(std::move(object));
}

std::size_t objects_left_to_exit() {
  std::lock_guard<std::mutex> lock(mutex);
  return kept().size();
}

}  // namespace stacksplit::apps::sat
