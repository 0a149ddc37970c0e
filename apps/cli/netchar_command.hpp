#pragma once
// `stacksplit netchar`: characterizes the network of the chosen runtime (the
// simulated machine under --runtime sim) for the loop cost model: latency,
// bandwidth, and polynomial fits of the one-to-all, all-to-one and
// all-to-all exchanges against P and the message size (Zaki, Parthasarathy &
// Li, "Customized Dynamic Load Balancing", §1.5.1), printed as a table and
// saved with --out for runs to load (--network FILE).

#include <CLI/CLI.hpp>

namespace stacksplit::cli {

void add_netchar_command(CLI::App& app);

}  // namespace stacksplit::cli
