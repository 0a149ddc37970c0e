#pragma once
// How a scheme meets a machine of nodes × cores (core/topology/placement.hpp),
// by name (--balance): flat, every worker running the scheme over all P
// workers as on a machine of one level; or two-level, inside a node first and
// the scheme between nodes (schemes/two_level.hpp). `stacksplit list` shows
// them; records keep the name ("balance").

#include <cstdint>
#include <memory>
#include <string_view>

#include "core/registry.hpp"
#include "core/run_config.hpp"
#include "core/scheme.hpp"

namespace stacksplit::schemes {

enum class BalancePolicy : std::uint8_t { kFlat, kTwoLevel };

const core::Registry<BalancePolicy>& balance_registry();

inline constexpr std::string_view kDefaultBalance = "flat";

// `scheme` as `policy` runs it; `representatives`: between nodes only the
// first core of each node runs it (SchemeMaker::one_representative);
// `inside_tries`: see inside_tries_for.
std::unique_ptr<core::Scheme> balanced(BalancePolicy policy, std::unique_ptr<core::Scheme> scheme,
                                       bool representatives, int inside_tries = 1);

// How many cores of its node a worker asks before each turn of the scheme
// between nodes (TwoLevel doubles it while other nodes turn the worker
// away): on a simulated machine of several cores a node, as many requests
// inside as one request between nodes costs the thief in time, the request,
// its answer and the donor's look at its mailbox counted
// ((2 (t_s + t_h + t_recv) + q t_node / 2) / (2 (node_t_s + node_t_recv) +
// q t_node / 2), q the quantum; rounded, from 1 to cores - 1; the cluster
// preset: 4.2 us / 1.4 us = 3); elsewhere 1.
int inside_tries_for(const core::RunConfig& config);

}  // namespace stacksplit::schemes
