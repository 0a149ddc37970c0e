#pragma once
// The workers of one process-local run (threads, step and sim runtimes): one
// per rank, each with its own copy of the space and its own scheme, all
// sending through the runtime's outbox.

#include <memory>
#include <vector>

#include "core/run_result.hpp"
#include "core/topology.hpp"
#include "core/worker.hpp"

namespace stacksplit::core {

template <SearchSpace S>
using WorkerPool = std::vector<std::unique_ptr<Worker<S>>>;

template <SearchSpace S, class MakeSpace>
WorkerPool<S> make_worker_pool(const RunSetup& setup, const Topology& topology,
                               Outbox<typename S::Choice>& outbox, MakeSpace&& make_space) {
  WorkerPool<S> pool;
  pool.reserve(setup.workers);
  for (int rank = 0; rank < setup.workers; ++rank)
    pool.push_back(std::make_unique<Worker<S>>(rank, make_space(), setup.make_scheme(), topology,
                                               outbox, setup.options));
  return pool;
}

}  // namespace stacksplit::core
