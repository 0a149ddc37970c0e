#include "core/mpi/mpi_environment.hpp"

#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>
#include <thread>

#include "core/mpi/launcher.hpp"

namespace stacksplit::core {

MpiEnvironment& MpiEnvironment::instance() {
  static MpiEnvironment environment;
  return environment;
}

MpiEnvironment::MpiEnvironment() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    // Open MPI 4.1's osc/rdma crashes (a null endpoint in btl/vader's emulated
    // atomics) when a rank aims an MPI_Compare_and_swap at its own window,
    // which the loop family's shared counter does on rank 0. osc/sm (one
    // node) and osc/pt2pt (any) do them right; a user's own choice stands.
    setenv("OMPI_MCA_osc", "sm,pt2pt", 0);
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  }
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

MpiEnvironment::~MpiEnvironment() {
  if (abandoned_) return;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  MPI_Comm_free(&comm_);
  MPI_Finalize();
}

namespace {

// Waits for `request` asleep between looks: a blocking MPI call spins (Open
// MPI's progress loop), and a rank waiting for rank 0's decision would take
// a core from the work that decides (rank 0's probes and their race, where
// ranks share a host). `between_looks`, if any, runs between them.
void wait_asleep(MPI_Request& request, const std::function<void()>& between_looks = {}) {
  constexpr auto kBetweenLooks = std::chrono::microseconds(500);
  for (;;) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    if (between_looks) between_looks();
    std::this_thread::sleep_for(kBetweenLooks);
  }
}

void broadcast_text(std::string& text, int root, const std::function<void()>& between_looks) {
  const MpiEnvironment& mpi = MpiEnvironment::instance();
  unsigned long long size = text.size();
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Ibcast(&size, 1, MPI_UNSIGNED_LONG_LONG, root, mpi.comm(), &request);
  wait_asleep(request, between_looks);
  text.resize(static_cast<std::size_t>(size));
  if (size == 0) return;
  MPI_Ibcast(text.data(), static_cast<int>(size), MPI_CHAR, root, mpi.comm(), &request);
  wait_asleep(request, between_looks);
}

// A rank's one message to the root of a broadcast with `hurry`, empty: one
// that arrives before the broadcast is a notice, one after it says nothing.
// The search's messages (mpi_runtime.hpp) are tagged from 1 up, two tags for
// each thread of a rank; this is the largest tag every MPI allows.
constexpr int kHurryTag = 32767;

}  // namespace

void broadcast_from_rank(std::string& text, int root) { broadcast_text(text, root, {}); }

void broadcast_from_rank(std::string& text, int root, const std::function<bool()>& hurry) {
  const MpiEnvironment& mpi = MpiEnvironment::instance();
  if (mpi.rank() == root) {
    broadcast_text(text, root, {});
    for (int others = mpi.size() - 1; others > 0; --others) {
      MPI_Request request = MPI_REQUEST_NULL;
      MPI_Irecv(nullptr, 0, MPI_BYTE, MPI_ANY_SOURCE, kHurryTag, mpi.comm(), &request);
      wait_asleep(request);
    }
    return;
  }
  MPI_Request sent = MPI_REQUEST_NULL;
  const auto send = [&] { MPI_Isend(nullptr, 0, MPI_BYTE, root, kHurryTag, mpi.comm(), &sent); };
  broadcast_text(text, root, [&] {
    if (sent == MPI_REQUEST_NULL && hurry && hurry()) send();  // the notice
  });
  if (sent == MPI_REQUEST_NULL) send();  // nothing to say
  wait_asleep(sent);
}

void start_mpi() { MpiEnvironment::instance(); }

bool asked_to_hurry() {
  // Only a notice can be waiting here: a rank's other word follows the
  // broadcast, which the root has not begun.
  int arrived = 0;
  MPI_Iprobe(MPI_ANY_SOURCE, kHurryTag, MpiEnvironment::instance().comm(), &arrived,
             MPI_STATUS_IGNORE);
  return arrived != 0;
}

void abort_mpi_job(MPI_Comm comm, int rank, std::exception_ptr failure) {
  std::string what = "unknown exception";
  try {
    std::rethrow_exception(failure);
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  std::cerr << "stacksplit: error on MPI rank " << rank << ": " << what << "; aborting the job"
            << std::endl;
  // mpirun forwards a rank's stderr on its own time, and the abort's teardown
  // can outrun it: the reason would be lost (seen once in a CI run, the job
  // gone in 0.4 s without the line). A moment first, on a path taken once.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  MPI_Abort(comm, 1);
  std::abort();  // MPI_Abort does not return; the compiler does not know it
}

}  // namespace stacksplit::core
