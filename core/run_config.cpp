#include "core/run_config.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/mpi/launcher.hpp"

namespace stacksplit::core {

namespace {

constexpr int kMaxWorkers = 1 << 16;
constexpr int kMaxThreads = 4096;

}  // namespace

const Registry<RuntimeKind>& runtime_registry() {
  static const Registry<RuntimeKind> registry = [] {
    Registry<RuntimeKind> r("runtime");
    r.add({"threads", "", "one OS thread per worker on this machine", RuntimeKind::kThreads});
    r.add({"step", "",
           "every worker in one thread, in an order drawn from the seed (deterministic)",
           RuntimeKind::kStep});
    r.add({"sim", "", "a simulated parallel machine (--machine), in virtual time (deterministic)",
           RuntimeKind::kSim});
    r.add({"mpi", "", "MPI ranks started by mpirun (the default there), --workers threads in each",
           RuntimeKind::kMpi});
    return r;
  }();
  return registry;
}

std::string_view to_string(RuntimeKind kind) {
  for (const auto& entry : runtime_registry().entries())
    if (entry.payload == kind) return entry.name;
  return "unknown";
}

RuntimeKind parse_runtime(std::string_view name) { return runtime_registry().at(name).payload; }

bool runs_in_real_time(RuntimeKind kind) {
  return kind == RuntimeKind::kThreads || kind == RuntimeKind::kMpi;
}

bool spans_processes(RuntimeKind kind) { return kind == RuntimeKind::kMpi; }

bool runs_on_machine_model(RuntimeKind kind) { return kind == RuntimeKind::kSim; }

TopologyKind RunConfig::scheme_topology() const {
  if (topology) return *topology;
  return runs_on_machine_model(runtime) ? machine.topology : TopologyKind::kComplete;
}

int RunConfig::per_node() const {
  switch (runtime) {
    case RuntimeKind::kSim:
      return std::min(machine.cores_per_node(), workers);
    case RuntimeKind::kMpi:
      return mpi_threads_per_rank(workers);  // each rank a node, its threads the cores
    case RuntimeKind::kThreads:
    case RuntimeKind::kStep:
      break;
  }
  return workers;  // one shared memory
}

int RunConfig::machine_nodes() const {
  const int cores = per_node();
  return cores <= 0 ? 1 : (workers + cores - 1) / cores;
}

Placement RunConfig::placement() const { return Placement(workers, per_node(), scheme_topology()); }

void RunConfig::validate() const {
  if (workers <= 0 || workers > kMaxWorkers)
    throw std::invalid_argument("--workers must be between 1 and " + std::to_string(kMaxWorkers) +
                                " (got " + std::to_string(workers) + ")");
  if (runtime == RuntimeKind::kThreads && workers > kMaxThreads)
    throw std::invalid_argument("--workers " + std::to_string(workers) +
                                " is too many OS threads; use --runtime step or sim for large P");
  if (runtime == RuntimeKind::kMpi) {
    check_mpi_setup(workers);
    if (per_node() > kMaxThreads)
      throw std::invalid_argument("--workers " + std::to_string(per_node()) +
                                  " is too many OS threads in a rank");
  }
  if (const auto ranks = mpirun_rank_count(); runtime != RuntimeKind::kMpi && ranks && *ranks > 1)
    throw std::invalid_argument("--runtime " + std::string(to_string(runtime)) +
                                " under mpirun with " + std::to_string(*ranks) +
                                " ranks would run " + std::to_string(*ranks) +
                                " separate searches; use --runtime mpi (the default there)");
  if (search.quantum == 0) throw std::invalid_argument("--quantum must be at least 1");
  // A topology that cannot have this many processors, named by its option.
  try {
    (void)make_topology(scheme_topology(), workers);
  } catch (const std::invalid_argument& e) {
    if (topology || runtime != RuntimeKind::kSim) throw;
    throw std::invalid_argument("--machine " + machine.name + " is a " +
                                std::string(to_string(machine.topology)) + ": " + e.what());
  }
  // The ranks, as nodes, can form the schemes' topology.
  if (runtime == RuntimeKind::kMpi && per_node() > 1) (void)placement();
  if (runtime == RuntimeKind::kSim) {
    machine.validate();
    const int cores = machine.cores_per_node();
    if (workers > cores && workers % cores != 0)
      throw std::invalid_argument("--workers " + std::to_string(workers) + " on machine " +
                                  machine.name + " of " + std::to_string(cores) +
                                  " cores a node: the workers must fill whole nodes (a multiple "
                                  "of " +
                                  std::to_string(cores) + ") or fit in one");
    try {
      (void)placement();  // the nodes can form the schemes' topology
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--machine " + machine.name + ": " + e.what());
    }
    if (machine.network == Network::kCutThrough) {
      try {
        (void)make_topology(machine.topology, machine_nodes());
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("--machine " + machine.name + " is a " +
                                    std::string(to_string(machine.topology)) + ": " + e.what());
      }
    }
  }
}

}  // namespace stacksplit::core
