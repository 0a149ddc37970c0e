// A thread of work beside a rank's worker leaves the core Open MPI's mpirun
// bound the rank to by default, and keeps a binding the user asked for
// (core/mpi/launcher.hpp).

#include "core/thread_binding.hpp"

#include <gtest/gtest.h>
#include <sched.h>

#include <cstdlib>
#include <thread>
#include <utility>

namespace stacksplit::core {
namespace {

// Sets (or, for null, clears) the two variables mpirun gives a rank; the
// tests leave both cleared, as in a process mpirun did not start.
void launch_with(const char* bound_at_launch, const char* policy) {
  for (const auto& [name, value] : {std::pair{"OMPI_MCA_orte_bound_at_launch", bound_at_launch},
                                    std::pair{"OMPI_MCA_hwloc_base_binding_policy", policy}}) {
    if (value != nullptr) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
}

TEST(LauncherBinding, OnlyTheLaunchersOwnBindingIsLeft) {
  launch_with("1", nullptr);
  EXPECT_TRUE(bound_by_launcher_default());
  launch_with("1", "core");  // mpirun --bind-to core
  EXPECT_FALSE(bound_by_launcher_default());
  launch_with(nullptr, "none");  // mpirun --bind-to none
  EXPECT_FALSE(bound_by_launcher_default());
  launch_with(nullptr, nullptr);  // not started by mpirun
  EXPECT_FALSE(bound_by_launcher_default());
}

// A thread bound to one processor, as mpirun's default binds a rank, gets
// every processor the process may use; under a binding the user asked for
// it stays on its one.
TEST(LauncherBinding, AThreadBesideTheWorkerLeavesTheDefaultBinding) {
  cpu_set_t allowed{};
  ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
  int first = 0;
  while (!CPU_ISSET(first, &allowed)) ++first;
  for (const char* policy : {static_cast<const char*>(nullptr), "core"}) {
    SCOPED_TRACE(policy == nullptr ? "default binding" : "--bind-to core");
    launch_with("1", policy);
    bool widened = false;
    int processors = 0;
    std::thread beside([&] {
      cpu_set_t one{};
      CPU_ZERO(&one);
      CPU_SET(first, &one);
      if (sched_setaffinity(0, sizeof one, &one) != 0) return;
      widened = unbind_thread_from_launcher_default();
      cpu_set_t now{};
      if (sched_getaffinity(0, sizeof now, &now) == 0) processors = CPU_COUNT(&now);
    });
    beside.join();
    EXPECT_EQ(widened, policy == nullptr);
    EXPECT_EQ(processors, policy == nullptr ? CPU_COUNT(&allowed) : 1);
  }
  launch_with(nullptr, nullptr);
}

}  // namespace
}  // namespace stacksplit::core
