#pragma once
// Schemes by name, with their family (receiver, sender, loop): the one table
// the command line, its help, `stacksplit list` and the tests read. Each
// family's folder registers its own schemes (see its *_schemes.cpp), so a new
// family edits nothing outside its folder.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/loop/loop_scheme.hpp"
#include "core/registry.hpp"
#include "core/run_config.hpp"
#include "core/scheme.hpp"
#include "schemes/loop/loop_scheme_options.hpp"

namespace stacksplit::schemes {

// What a scheme's name stands for: how to make one per worker, for the tree
// search or for a parallel loop.
struct SchemeMaker {
  std::unique_ptr<core::Scheme> (*make)() = nullptr;
  std::unique_ptr<core::LoopScheme> (*make_loop)(const LoopSchemeOptions&) = nullptr;
  // A loop scheme that asks the cost model (auto, auto-adaptive): the loop
  // command builds the loop's model (LoopSchemeOptions::model) for it.
  bool needs_loop_model = false;
  // A tree scheme whose central processor keeps a state for every processor
  // it serves (GRR-M's combining tree, SB's busy set, a manager's
  // requesters): under the two-level policy one core a node runs it between
  // nodes (schemes/two_level.hpp).
  bool one_representative = false;
};

using SchemeRegistry = core::Registry<SchemeMaker>;

// The maker of a tree-search scheme that is built with no arguments.
template <class SchemeType>
constexpr SchemeMaker tree_scheme(bool one_representative = false) {
  return {[]() -> std::unique_ptr<core::Scheme> { return std::make_unique<SchemeType>(); }, nullptr,
          false, one_representative};
}

// The families of the tree search, in the order help texts list them.
inline constexpr std::string_view kReceiverFamily = "receiver";
inline constexpr std::string_view kSenderFamily = "sender";
inline constexpr std::string_view kLoopFamily = "loop";

const SchemeRegistry& scheme_registry();

// Throws std::invalid_argument naming the unknown scheme and the known ones.
std::unique_ptr<core::Scheme> make_scheme(std::string_view name);

// The tree-search schemes' names (receiver and sender families).
std::vector<std::string> tree_scheme_names();

// Makes `name` the run's scheme (config.scheme and config.make_scheme),
// balanced as `balance` names (schemes/balance_policy.hpp; config.balance);
// `name` must be one of `known` (a front end's choice of families), else
// throws std::invalid_argument naming the known ones (or the known policies).
// The two-level policy reads config.runtime and config.machine: set them first.
void use_scheme(core::RunConfig& config, const std::string& name,
                const std::vector<std::string>& known, std::string_view balance = "flat");

// Throws std::invalid_argument naming the unknown loop scheme and the known ones.
std::unique_ptr<core::LoopScheme> make_loop_scheme(std::string_view name,
                                                   const LoopSchemeOptions& options);

}  // namespace stacksplit::schemes
