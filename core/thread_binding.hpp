#pragma once
// Where a thread of an application's own may run. A launcher may bind each
// process to processors of its own accord: Open MPI 4's mpirun binds every
// rank (to a core when it starts two ranks or fewer) unless told otherwise,
// and tells the rank so (OMPI_MCA_orte_bound_at_launch); a binding the user
// asked for (--bind-to) sets OMPI_MCA_hwloc_base_binding_policy, and is
// theirs to keep. Read from the environment alone: no MPI needed.

namespace stacksplit::core {

// Whether the launcher bound this process of its own accord.
bool bound_by_launcher_default();

// Lets the calling thread run on every processor the host allows this
// process when bound_by_launcher_default(): for a thread of work beside a
// rank's worker (SAT's race), which would otherwise share the worker's one
// core. True when it widened the thread's processors.
bool unbind_thread_from_launcher_default();

}  // namespace stacksplit::core
