#include "schemes/scheme_registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "schemes/balance_policy.hpp"

namespace stacksplit::schemes {

// Generated (schemes/CMakeLists.txt): calls every family's registering function.
void register_scheme_families(SchemeRegistry& registry);

const SchemeRegistry& scheme_registry() {
  static const SchemeRegistry registry = [] {
    SchemeRegistry r("scheme");
    register_scheme_families(r);
    return r;
  }();
  return registry;
}

std::unique_ptr<core::Scheme> make_scheme(std::string_view name) {
  const SchemeRegistry::Entry* entry = scheme_registry().find(name);
  if (entry == nullptr || entry->payload.make == nullptr)
    throw core::unknown_name("scheme", name, tree_scheme_names());
  return entry->payload.make();
}

void use_scheme(core::RunConfig& config, const std::string& name,
                const std::vector<std::string>& known, std::string_view balance) {
  if (std::find(known.begin(), known.end(), name) == known.end())
    throw core::unknown_name("scheme", name, known);
  const BalancePolicy policy = balance_registry().at(balance).payload;
  const bool representatives = scheme_registry().at(name).payload.one_representative;
  config.scheme = name;
  config.balance = std::string(balance);
  const int inside_tries = inside_tries_for(config);
  config.make_scheme = [name, policy, representatives, inside_tries] {
    return balanced(policy, make_scheme(name), representatives, inside_tries);
  };
}

std::vector<std::string> tree_scheme_names() {
  std::vector<std::string> names = scheme_registry().names(kReceiverFamily);
  for (std::string& name : scheme_registry().names(kSenderFamily)) names.push_back(std::move(name));
  return names;
}

}  // namespace stacksplit::schemes

namespace stacksplit::schemes {

std::unique_ptr<core::LoopScheme> make_loop_scheme(std::string_view name,
                                                   const LoopSchemeOptions& options) {
  const SchemeRegistry::Entry* entry = scheme_registry().find(name);
  if (entry == nullptr || entry->payload.make_loop == nullptr)
    throw core::unknown_name("loop scheme", name, scheme_registry().names(kLoopFamily));
  return entry->payload.make_loop(options);
}

}  // namespace stacksplit::schemes
