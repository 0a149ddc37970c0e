#pragma once
// One run, described once: how many workers, on which runtime, balanced by
// which scheme, searching how. The command line parses its options into a
// RunConfig and validates it before anything is printed; a program that
// embeds the engine fills one in and calls run_search (core/run_search.hpp).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/observer.hpp"
#include "core/registry.hpp"
#include "core/scheme.hpp"
#include "core/search_options.hpp"
#include "core/sim/machine_model.hpp"
#include "core/stop_signal.hpp"
#include "core/topology/placement.hpp"
#include "core/topology/topology_registry.hpp"

namespace stacksplit::core {

enum class RuntimeKind : std::uint8_t {
  kThreads,  // one OS thread per worker
  kStep,     // every worker in one thread, in an order drawn from the seed
  kSim,      // a simulated parallel machine, in virtual time
  kMpi,      // MPI ranks under mpirun, worker threads in each
};

const Registry<RuntimeKind>& runtime_registry();
std::string_view to_string(RuntimeKind kind);
// Throws std::invalid_argument naming the unknown runtime and the known ones.
RuntimeKind parse_runtime(std::string_view name);
// Whether its workers run on threads of their own in real time (threads,
// mpi), so that an application may run threads of its own beside them;
// not the step and sim runtimes, one thread in an order of their own.
bool runs_in_real_time(RuntimeKind kind);
// Whether its workers are spread over processes (mpi).
bool spans_processes(RuntimeKind kind);
// Whether its times are the machine model's (sim): a cost an application
// estimates is then the model's (RunConfig::machine), not one measured here.
bool runs_on_machine_model(RuntimeKind kind);

struct RunConfig {
  int workers = 1;
  RuntimeKind runtime = RuntimeKind::kThreads;
  // The scheme's name, as summaries and records give it, and how to make one
  // per worker (from the scheme registry by name, or a test's own).
  std::string scheme = "rp";
  std::function<std::unique_ptr<Scheme>()> make_scheme;
  // How the scheme meets the machine's nodes, as records give it (flat,
  // two-level: schemes/balance_policy.hpp); make_scheme already applies it.
  std::string balance = "flat";
  SearchOptions search;
  // The interconnection the schemes see; unset: complete, or the machine's
  // own network under the sim runtime.
  std::optional<TopologyKind> topology;
  MachineModel machine = make_machine_model(kDefaultMachine);  // the sim runtime's
  // Every worker's events go to these too (the statistics come first).
  std::vector<std::shared_ptr<WorkerObserver>> observers;
  // Raised (from a signal handler, say): every worker stops, the run ends
  // cleanly and its result says it was interrupted.
  std::shared_ptr<StopSignal> interrupt;

  TopologyKind scheme_topology() const;
  // Workers a node of the machine: the simulated machine's cores (all the
  // workers when fewer), all of them on one shared
  // memory (threads, step), a rank's threads under mpi. Workers are
  // numbered node by node.
  int per_node() const;
  // The nodes the workers fill: workers / per_node(), rounded up.
  int machine_nodes() const;
  // Where the workers run: per_node() a node, the nodes linked as the
  // schemes' topology. Throws as validate() does.
  Placement placement() const;
  // Throws std::invalid_argument naming the option at fault when the
  // configuration cannot run; the one check of a configuration.
  void validate() const;
};

}  // namespace stacksplit::core
