// A thread of work beside a rank's worker leaves the core Open MPI's mpirun
// bound the rank to by default, and keeps a binding the user asked for
// (core/mpi/launcher.hpp).

#include <gtest/gtest.h>
#include <sched.h>

#include <cstdlib>
#include <thread>

#include "core/mpi/launcher.hpp"

namespace stacksplit::core {
namespace {

// Sets or clears the two variables mpirun gives a rank, and restores them.
class LauncherEnvironment {
 public:
  LauncherEnvironment(const char* bound_at_launch, const char* policy) {
    save("OMPI_MCA_orte_bound_at_launch", bound_at_launch, saved_bound_);
    save("OMPI_MCA_hwloc_base_binding_policy", policy, saved_policy_);
  }
  ~LauncherEnvironment() {
    restore("OMPI_MCA_orte_bound_at_launch", saved_bound_);
    restore("OMPI_MCA_hwloc_base_binding_policy", saved_policy_);
  }

 private:
  struct Saved {
    bool set = false;
    std::string value;
  };
  static void save(const char* name, const char* value, Saved& saved) {
    if (const char* old = std::getenv(name)) saved = {true, old};
    if (value != nullptr) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  static void restore(const char* name, const Saved& saved) {
    if (saved.set) {
      setenv(name, saved.value.c_str(), 1);
    } else {
      unsetenv(name);
    }
  }
  Saved saved_bound_;
  Saved saved_policy_;
};

TEST(LauncherBinding, OnlyTheLaunchersOwnBindingIsLeft) {
  {
    LauncherEnvironment by_default("1", nullptr);
    EXPECT_TRUE(bound_by_launcher_default());
  }
  {
    LauncherEnvironment asked("1", "core");  // mpirun --bind-to core
    EXPECT_FALSE(bound_by_launcher_default());
  }
  {
    LauncherEnvironment none(nullptr, "none");  // mpirun --bind-to none
    EXPECT_FALSE(bound_by_launcher_default());
  }
  {
    LauncherEnvironment not_mpirun(nullptr, nullptr);
    EXPECT_FALSE(bound_by_launcher_default());
  }
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
    LauncherEnvironment launch("1", policy);
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
}

}  // namespace
}  // namespace stacksplit::core
