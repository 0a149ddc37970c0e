#include "core/thread_binding.hpp"

#include <sched.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace stacksplit::core {

bool bound_by_launcher_default() {
  const char* bound = std::getenv("OMPI_MCA_orte_bound_at_launch");
  return bound != nullptr && std::string_view(bound) == "1" &&
         std::getenv("OMPI_MCA_hwloc_base_binding_policy") == nullptr;
}

bool unbind_thread_from_launcher_default() {
  if (!bound_by_launcher_default()) return false;
  const long processors = sysconf(_SC_NPROCESSORS_CONF);
  if (processors <= 0) return false;
  cpu_set_t every{};
  CPU_ZERO(&every);
  for (long cpu = 0; cpu < processors && cpu < CPU_SETSIZE; ++cpu) CPU_SET(cpu, &every);
  // The kernel keeps those of them the process's cpuset (its container's)
  // allows; 0: the calling thread.
  return sched_setaffinity(0, sizeof every, &every) == 0;
}

}  // namespace stacksplit::core
