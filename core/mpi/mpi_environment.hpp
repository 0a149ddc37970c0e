#pragma once
// The process's MPI, started on first use (only the main thread calls MPI) and
// finalized at exit, unless a run failed: see abandon().

#include <mpi.h>

#include <exception>

namespace stacksplit::core {

class MpiEnvironment {
 public:
  static MpiEnvironment& instance();

  MpiEnvironment(const MpiEnvironment&) = delete;
  MpiEnvironment& operator=(const MpiEnvironment&) = delete;
  ~MpiEnvironment();

  int rank() const { return rank_; }
  int size() const { return size_; }
  // stacksplit's own communicator, a duplicate of MPI_COMM_WORLD.
  MPI_Comm comm() const { return comm_; }

  // After a failed run the other ranks may wait forever in MPI_Finalize; skip
  // it and let the non-zero exit make mpirun end the job.
  void abandon() { abandoned_ = true; }

 private:
  MpiEnvironment();

  int rank_ = 0;
  int size_ = 1;
  MPI_Comm comm_ = MPI_COMM_NULL;
  bool abandoned_ = false;
};

// Prints the exception `failure` with the rank that threw it, then ends the
// whole job with MPI_Abort: the way out of a rank that fails mid-search.
[[noreturn]] void abort_mpi_job(MPI_Comm comm, int rank, std::exception_ptr failure);

}  // namespace stacksplit::core
