#pragma once
// How a loop program runs, beyond the run configuration: the quantum, the
// outer steps, and how time passes on the runtime at hand.

#include <chrono>
#include <cstdint>

#include "core/sim/machine_model.hpp"

namespace stacksplit::core {

// The shortest quantum on the threads and MPI runtimes: iterations of a few
// microseconds would otherwise spend as long at the mailbox as in their body.
inline constexpr std::chrono::microseconds kShortestQuantum{20};

struct LoopRunOptions {
  std::uint32_t quantum = 1;   // iterations between looks at the mailbox
  int steps = 1;               // the whole program, repeated (outer time steps)
  bool virtual_time = false;   // the simulator: charge modelled time, do not wait
  bool timed_quantum = false;  // threads and MPI: a quantum lasts at least kShortestQuantum
  MachineModel machine;        // t_unit per cost unit, t_node per iteration (virtual time)
};

// Real runtimes under an external load: a piece of work that began at `start`
// is stretched, by a busy wait, to last `seconds` (what the load model says
// it takes: core/loop/load_model.hpp). A busy wait, because the load model
// stands for a slower processor, which a sleeping thread is not.
inline void stretch_to(std::chrono::steady_clock::time_point start, double seconds) {
  const auto end = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(seconds));
  while (std::chrono::steady_clock::now() < end) {
  }
}

}  // namespace stacksplit::core
