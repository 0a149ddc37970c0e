#include "schemes/scheme_registry.hpp"

#include <stdexcept>

#include "schemes/receiver/arr.hpp"
#include "schemes/receiver/rp.hpp"

namespace stacksplit::schemes {

namespace {

template <class SchemeType>
std::unique_ptr<core::Scheme> make() {
  return std::make_unique<SchemeType>();
}

}  // namespace

const std::vector<SchemeInfo>& scheme_table() {
  static const std::vector<SchemeInfo> table = {
      {"rp", "receiver", "random polling: ask a donor chosen uniformly at random",
       &make<RandomPolling>},
      {"arr", "receiver", "asynchronous round robin: each processor's own target, mod P",
       &make<AsynchronousRoundRobin>},
  };
  return table;
}

std::unique_ptr<core::Scheme> make_scheme(std::string_view name) {
  for (const SchemeInfo& info : scheme_table())
    if (info.name == name) return info.make();
  std::string known;
  for (const SchemeInfo& info : scheme_table()) known += (known.empty() ? "" : ", ") + std::string(info.name);
  throw std::invalid_argument("unknown scheme '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<std::string> scheme_names() {
  std::vector<std::string> names;
  for (const SchemeInfo& info : scheme_table()) names.emplace_back(info.name);
  return names;
}

}  // namespace stacksplit::schemes
