#include "core/mpi/launcher.hpp"

#include <unistd.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace stacksplit::core {

namespace {

std::optional<int> number_from_environment(const char* name, long least) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return std::nullopt;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < least || value > (1L << 24)) return std::nullopt;
  return static_cast<int>(value);
}

}  // namespace

bool launched_by_mpirun() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

std::optional<int> mpirun_rank_count() {
  if (auto size = number_from_environment("OMPI_COMM_WORLD_SIZE", 1)) return size;
  return number_from_environment("PMI_SIZE", 1);
}

std::optional<int> mpirun_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (auto rank = number_from_environment(name, 0)) return rank;
  return std::nullopt;
}

void check_mpi_setup(int workers, std::optional<int> ranks) {
#ifndef STACKSPLIT_HAVE_MPI
  throw_mpi_unavailable();
#endif
  if (!ranks && launched_by_mpirun()) return;  // the launcher does not say; MPI will
  const int count = ranks.value_or(1);
  if (workers >= count && workers % count == 0) return;
  throw std::invalid_argument(std::to_string(workers) +
                              " workers cannot be spread evenly over the " + std::to_string(count) +
                              " MPI ranks: the mpi runtime runs the same number of worker "
                              "threads in every rank (--workers under mpirun is a rank's)");
}

int mpi_threads_per_rank(int workers) {
  const int ranks = mpirun_rank_count().value_or(1);
  return workers >= ranks && workers % ranks == 0 ? workers / ranks : 1;
}

std::optional<int> mpirun_local_rank_count() {
  return number_from_environment("OMPI_COMM_WORLD_LOCAL_SIZE", 1);
}

#ifndef STACKSPLIT_HAVE_MPI
void broadcast_from_rank(std::string& /*text*/, int /*root*/) { throw_mpi_unavailable(); }
void broadcast_from_rank(std::string& /*text*/, int /*root*/,
                         const std::function<bool()>& /*hurry*/) {
  throw_mpi_unavailable();
}
bool asked_to_hurry() { return false; }
void start_mpi() { throw_mpi_unavailable(); }
#endif

void throw_mpi_unavailable() {
  throw std::invalid_argument(
      "the mpi runtime is not available: this stacksplit was built without MPI (install Open MPI, "
      "e.g. libopenmpi-dev, and rebuild) or use --runtime threads");
}

}  // namespace stacksplit::core
