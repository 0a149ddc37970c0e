#pragma once
// What the process can learn about an MPI launch from its environment alone,
// before (and without) starting MPI: whether mpirun started it, how many
// ranks, and which one it is. The front end uses it to print only on rank 0
// and to pick the mpi runtime; nothing here needs MPI to be installed.

#include <functional>
#include <optional>
#include <string>

namespace stacksplit::core {

// True when a launcher we know (Open MPI's mpirun, PMIx, MPICH's Hydra)
// started this process.
bool launched_by_mpirun();

// How many ranks the launcher started; nullopt when not launched by mpirun or
// when the launcher does not say.
std::optional<int> mpirun_rank_count();

// This process's rank; nullopt when not launched by mpirun.
std::optional<int> mpirun_rank();

// Whether this process speaks for the run: everywhere but on MPI ranks
// other than 0.
inline bool is_first_rank() { return mpirun_rank().value_or(0) == 0; }

// How many ranks of this job share this host (Open MPI says); nullopt when
// the launcher does not say.
std::optional<int> mpirun_local_rank_count();

// Throws std::invalid_argument with a message fit to print when the mpi
// runtime cannot run `workers` workers: built without MPI, or `workers` is not
// a multiple of the number of ranks (1 for a process not started by mpirun),
// since every rank runs workers / ranks of them on threads of its own.
void check_mpi_setup(int workers, std::optional<int> ranks = mpirun_rank_count());

// The worker threads of a rank when `workers` are spread over the ranks
// mpirun started (1 when they cannot be: check_mpi_setup says why).
int mpi_threads_per_rank(int workers);

[[noreturn]] void throw_mpi_unavailable();

// Every rank of an mpi run gets rank `root`'s `text` (a broadcast over
// stacksplit's communicator; every rank must call it): a decision every rank
// must share, made once. The other ranks wait asleep, leaving their core
// to the work on `root` that decides. Throws as throw_mpi_unavailable
// without MPI.
void broadcast_from_rank(std::string& text, int root);
inline void broadcast_from_first_rank(std::string& text) { broadcast_from_rank(text, 0); }

// The same, where a rank that waits may find the decision moot (SAT: its
// own solver answered while `root` still probes which solver to run) and
// tell `root` to hurry: each rank other than `root` looks at `hurry`
// between its looks at the broadcast, and the first time it says true
// sends `root` a notice, which asked_to_hurry() there reports. Every rank
// passes a `hurry` or none does (a collective's arguments). No notice
// outlives the call: each rank other than `root` sends `root` exactly one
// message in it (the notice, or a word that it has none), and `root`
// receives them all before it returns.
void broadcast_from_rank(std::string& text, int root, const std::function<bool()>& hurry);

// Starts MPI in this process now if it has not started (it starts on first
// use anyway): MPI_Init waits for every rank (about 0.2 s on a 2-core
// host), a wait a caller may want to place. Throws as
// throw_mpi_unavailable without MPI.
void start_mpi();

// On the rank that will be the root of broadcast_from_rank with `hurry`,
// before it: whether another rank has asked it to hurry. From the thread
// that started MPI (MPI_THREAD_FUNNELED); false without MPI.
bool asked_to_hurry();

}  // namespace stacksplit::core
