// The searches the MPI tests run, in one binary started under mpirun.
//
// mpi_search_driver SCHEME [SEED]: the suite, run one after another in a
// single MPI job (so a test pays MPI's start-up once per rank count and
// scheme, and several runs share one MPI session): N-Queens 12, UTS T1 and T3
// counted, N-Queens 22 in first mode. After each run every rank checks that no
// message of it is left (the runtime's drain). The rank whose result reports
// prints a line per search:
//   <case> nodes=<n> leaves=<l> depth=<d> solutions=<s> transfers=<t> leftover=<m>
//     first_worker_nodes=<n> solution=<c0,c1,...>
// (one line; transfers: work units sent, leftover: messages found after the
// run, both over all ranks; first_worker_nodes: rank 0's) and, last, "done".
// mpi_search_driver SCHEME SEED --aside: the suite with rank 0's worker
// standing aside (SearchOptions::aside_worker).
//
// mpi_search_driver SCHEME SEED --threads T: the ranks x threads matrix, T
// worker threads in each rank, under each balance policy (flat, two-level)
// and splitting strategy (half, bottom): N-Queens 10 and a small UTS tree
// counted, each against its sequential count, and N-Queens 13 in first mode.
// Rank 0 prints a line per run:
//   <case> workers=<P> nodes=<n> expected=<n> leaves=<l> expected_leaves=<l>
//     solutions=<s> expected_solutions=<s> transfers=<t> leftover=<m> solution=<c0,...>
// (one line) and, last, "done".
//
// mpi_search_driver --broadcast: rank 0 works 0.5 s (a busy loop, as its
// probes would) and then broadcasts a decision (broadcast_from_first_rank);
// every other rank prints "rank R waited W s, cpu C s, got TEXT", its wall
// and CPU time in the wait. For MpiBroadcast.OtherRanksWaitAsleep.
//
// mpi_search_driver --hurry: rank 1 works (a busy loop, as its probes
// would) until a rank asks it to hurry (asked_to_hurry), or 30 s, and then
// broadcasts its decision (broadcast_from_rank with hurry, root 1); rank 0
// asks 0.3 s into its wait, every other rank never. Rank 1 prints "rank 1
// hurried after W s", every rank "rank R got TEXT, leftover M" (M: messages
// found after a barrier that follows). For MpiBroadcast.ARankThatWaitsCan
// HurryTheRoot.
//
// mpi_search_driver --urgent [T]: two ranks of T threads (1 unless given) on
// the MPI runtime, with an agent of this file (not a search). Rank 0's
// first worker sends the last worker of rank 1 knowledge that is not urgent
// (core/detail/message.hpp, is_urgent), then 0.5 s later knowledge that is.
// That worker, as in a long node, asks its outbox whether urgent mail waits
// until it says so (or 20 s) and prints "urgent mail seen after W s", then
// "received N" once it has both messages. For MpiRuntime.ALongNodeSeesOnly
// UrgentMail.
//
// mpi_search_driver SCHEME SEED --mark | --throw-on RANK: N-Queens 17 counted,
// minutes of work. With --mark every rank prints "rank R searching" once it
// has entered kMarkNodes nodes; with --throw-on, rank RANK throws there
// instead. For mpi_crash_test.

#include <mpi.h>
#include <time.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/mpi/launcher.hpp"
#include "core/mpi/mpi_environment.hpp"
#include "core/mpi/mpi_runtime.hpp"
#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace {

using namespace stacksplit;

// Nodes a rank enters (work it was given included) before it marks or throws:
// enough that it is inside the search, not at its edge.
constexpr std::uint64_t kMarkNodes = 1000;

// N-Queens that does something once this rank has entered kMarkNodes nodes.
class MarkedQueens : public apps::nqueens::NQueens {
 public:
  enum class Action { kMark, kThrow };

  MarkedQueens(int size, int rank, Action action) : NQueens(size), rank_(rank), action_(action) {}

  core::Outcome descend(Choice column) {
    if (++entered_ == kMarkNodes) {
      if (action_ == Action::kThrow)
        throw std::runtime_error("injected failure on rank " + std::to_string(rank_));
      std::cout << "rank " << rank_ << " searching" << std::endl;
    }
    return NQueens::descend(column);
  }

 private:
  int rank_;
  Action action_;
  std::uint64_t entered_ = 0;
};

// Messages left on the runtime's communicator once every rank has left the
// run, over all ranks (at rank 0). Each rank probes for a while after the
// barrier, so that a message still on its way is seen too; what it finds it
// receives, so that the next run starts clean whatever this one left.
std::uint64_t leftover_messages() {
  const MPI_Comm comm = core::MpiEnvironment::instance().comm();
  MPI_Barrier(comm);
  std::uint64_t found = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(10);
  std::vector<char> bytes;
  while (std::chrono::steady_clock::now() < until) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &arrived, &status);
    if (!arrived) continue;
    int length = 0;
    MPI_Get_count(&status, MPI_BYTE, &length);
    bytes.resize(static_cast<std::size_t>(length));
    MPI_Recv(bytes.data(), length, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, comm,
             MPI_STATUS_IGNORE);
    ++found;
  }
  std::uint64_t total = 0;
  MPI_Reduce(&found, &total, 1, MPI_UINT64_T, MPI_SUM, 0, comm);
  return total;
}

// The run's solution, comma-separated, and the line's end.
template <class Result>
void print_solution(const Result& result) {
  if constexpr (requires { result.solution->size(); }) {
    if (result.solution) {
      for (std::size_t i = 0; i < result.solution->size(); ++i)
        std::cout << (i ? "," : "") << (*result.solution)[i];
    }
  }
  std::cout << std::endl;
}

// Prints a run's line where its result reports (rank 0 alone); returns
// whether it did.
template <class Result>
bool print(const std::string& name, const Result& result) {
  const std::uint64_t leftover = leftover_messages();
  if (!result.reporting) return false;
  std::cout << name << " nodes=" << result.total.nodes << " leaves=" << result.total.leaves
            << " depth=" << result.total.max_depth << " solutions=" << result.total.solutions
            << " transfers=" << result.total.work_sent << " leftover=" << leftover
            << " first_worker_nodes=" << result.per_worker.front().nodes << " solution=";
  print_solution(result);
  return true;
}

void run_suite(core::RunConfig setup) {
  const apps::nqueens::NQueens queens(12);
  auto make_queens = [&] { return queens; };
  bool reporting = print("nqueens12", core::run_search<apps::nqueens::NQueens>(
                                          testing::on_runtime(setup, "mpi"), make_queens));
  for (const char* tree : {"T1", "T3"}) {
    const apps::uts::UtsTree uts(apps::uts::find_uts_preset(tree).params());
    reporting = print(std::string("uts-") + tree,
                      core::run_search<apps::uts::UtsTree>(testing::on_runtime(setup, "mpi"),
                                                           [&] { return uts; }));
  }
  // The first solution of N-Queens 22 is 1.7 million nodes into a
  // depth-first search (that of N-Queens 12 only 262): other ranks get work
  // before it is found, and small quanta make the stop race with work in flight.
  const apps::nqueens::NQueens deep_queens(22);
  setup.search.mode = core::SearchMode::kFirst;
  setup.search.quantum = 2;
  reporting =
      print("nqueens22-first", core::run_search<apps::nqueens::NQueens>(
                                   testing::on_runtime(setup, "mpi"), [&] { return deep_queens; }));
  if (reporting) std::cout << "done" << std::endl;
}

// One run of the ranks x threads matrix, against the sequential count.
template <class Space, class Make>
bool print_against_reference(const std::string& name, const core::RunConfig& setup, Make make) {
  Space sequential = make();
  const core::ReferenceCounts expected = core::reference_count(sequential);
  const auto result = core::run_search<Space>(setup, make);
  const std::uint64_t leftover = leftover_messages();
  if (!result.reporting) return false;
  std::cout << name << " workers=" << result.per_worker.size() << " nodes=" << result.total.nodes
            << " expected=" << expected.nodes << " leaves=" << result.total.leaves
            << " expected_leaves=" << expected.leaves << " solutions=" << result.total.solutions
            << " expected_solutions=" << expected.solutions
            << " transfers=" << result.total.work_sent << " leftover=" << leftover << " solution=";
  print_solution(result);
  return true;
}

void run_ranks_by_threads(core::RunConfig setup, const std::string& scheme, int threads) {
  setup.workers = core::mpirun_rank_count().value_or(1) * threads;
  setup.search.quantum = 8;  // small quanta: many requests, transfers and turns
  const apps::nqueens::NQueens queens(10);
  // T1's shape, three levels shallower: about 14 thousand nodes.
  const apps::uts::UtsTree uts(apps::uts::parse_uts_flags("-t 1 -a 3 -d 7 -b 4 -r 19"));
  bool reporting = false;
  for (const char* balance : {"flat", "two-level"}) {
    schemes::use_scheme(setup, scheme, schemes::tree_scheme_names(), balance);
    for (const core::SplitStrategy split :
         {core::SplitStrategy::kHalf, core::SplitStrategy::kBottom}) {
      setup.search.split.strategy = split;
      const std::string suffix =
          std::string("-") + balance + "-" + std::string(core::to_string(split));
      const core::RunConfig config = testing::on_runtime(setup, "mpi");
      reporting = print_against_reference<apps::nqueens::NQueens>("nqueens10" + suffix, config,
                                                                  [&] { return queens; });
      reporting = print_against_reference<apps::uts::UtsTree>("uts-small" + suffix, config,
                                                              [&] { return uts; });
    }
  }
  // First mode: the stop reaches every thread of every rank.
  const apps::nqueens::NQueens first_queens(13);
  setup.search.mode = core::SearchMode::kFirst;
  setup.search.quantum = 2;
  reporting = print("nqueens13-first",
                    core::run_search<apps::nqueens::NQueens>(testing::on_runtime(setup, "mpi"),
                                                             [&] { return first_queens; }));
  if (reporting) std::cout << "done" << std::endl;
}

void run_marked(const core::RunConfig& setup, int throwing_rank) {
  const int rank = core::MpiEnvironment::instance().rank();
  const auto action =
      rank == throwing_rank ? MarkedQueens::Action::kThrow : MarkedQueens::Action::kMark;
  print("nqueens17", core::run_search<MarkedQueens>(testing::on_runtime(setup, "mpi"), [&] {
          return MarkedQueens(17, rank, action);
        }));
}

double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

void run_broadcast() {
  const int rank = core::MpiEnvironment::instance().rank();
  std::string decision;
  if (rank == 0) {
    const double until = process_cpu_seconds() + 0.5;
    while (process_cpu_seconds() < until) {
    }
    decision = "decided";
  }
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = process_cpu_seconds();
  core::broadcast_from_first_rank(decision);
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (rank != 0)
    std::cout << "rank " << rank << " waited " << waited << " s, cpu "
              << process_cpu_seconds() - cpu_start << " s, got " << decision << std::endl;
}

// The --urgent agent (see the header): one quantum of work each, the
// sender's a wait between its two messages, the receiver's a long node.
class UrgentMailProbe {
 public:
  using Message = core::Message<std::int32_t>;

  UrgentMailProbe(int worker, int workers, core::Outbox<Message>& outbox)
      : worker_(worker), receiver_(workers - 1), outbox_(outbox) {}

  void start() {}
  void work() {
    worked_ = true;
    const auto start = std::chrono::steady_clock::now();
    const auto seconds = [&start] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    if (worker_ == 0) {
      outbox_.send(receiver_, Message{0, core::Shared{{1, 2}, false}});
      // On the first thread: MPI moves the first message on while it waits.
      while (seconds() < 0.5) (void)outbox_.mail_waiting(worker_);
      outbox_.send(receiver_, Message{0, core::Shared{{3, 4}, true}});
      return;
    }
    if (worker_ != receiver_) return;
    while (!outbox_.mail_waiting(worker_) && seconds() < 20) {
    }
    std::cout << "urgent mail seen after " << seconds() << " s" << std::endl;
  }
  void handle(Message&& message) {
    if (std::holds_alternative<core::Shared>(message.body)) ++received_;
    if (received_ == 2) std::cout << "received 2" << std::endl;
  }
  void interrupt() {}
  bool terminated() const { return worked_ && (worker_ != receiver_ || received_ == 2); }
  bool has_work() const { return !worked_; }
  double busy_seconds(const core::MachineModel&) const { return 0; }

 private:
  int worker_;
  int receiver_;
  core::Outbox<Message>& outbox_;
  bool worked_ = false;
  int received_ = 0;
};

void run_urgent(int threads) {
  core::MpiRuntime<UrgentMailProbe> runtime;
  const int workers = 2 * threads;
  runtime.run(workers, [workers](int worker, core::Outbox<UrgentMailProbe::Message>& outbox) {
    return std::make_unique<UrgentMailProbe>(worker, workers, outbox);
  });
}

void run_hurry() {
  const core::MpiEnvironment& mpi = core::MpiEnvironment::instance();
  const int rank = mpi.rank();
  constexpr int kRoot = 1;
  const auto start = std::chrono::steady_clock::now();
  const auto seconds_since_start = [&start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::string decision;
  if (rank == kRoot) {
    while (!core::asked_to_hurry() && seconds_since_start() < 30.0) {
    }
    std::cout << "rank 1 hurried after " << seconds_since_start() << " s" << std::endl;
    decision = "decided";
  }
  core::broadcast_from_rank(decision, kRoot,
                            [&] { return rank == 0 && seconds_since_start() > 0.3; });
  MPI_Barrier(mpi.comm());
  int leftover = 0;
  for (int arrived = 1; arrived != 0;) {
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, mpi.comm(), &arrived, &status);
    if (arrived == 0) break;
    char byte = 0;
    MPI_Recv(&byte, 1, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, mpi.comm(), MPI_STATUS_IGNORE);
    ++leftover;
  }
  std::cout << "rank " << rank << " got " << decision << ", leftover " << leftover << std::endl;
}

int run(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && args[0] == "--broadcast") {
    run_broadcast();
    return 0;
  }
  if (!args.empty() && args.size() <= 2 && args[0] == "--urgent") {
    run_urgent(args.size() == 2 ? std::stoi(args[1]) : 1);
    return 0;
  }
  if (args.size() == 1 && args[0] == "--hurry") {
    run_hurry();
    return 0;
  }
  if (args.size() == 4 && args[2] == "--threads") {
    const std::string scheme = args[0];
    core::RunConfig setup;
    setup.search.seed = std::stoull(args[1]);
    run_ranks_by_threads(setup, scheme, std::stoi(args[3]));
    return 0;
  }
  const bool aside = args.size() == 3 && args[2] == "--aside";
  const bool suite = args.size() == 1 || args.size() == 2 || aside;
  const bool marked = args.size() == 3 && args[2] == "--mark";
  const bool throwing = args.size() == 4 && args[2] == "--throw-on";
  if (!suite && !marked && !throwing)
    throw std::invalid_argument(
        "usage: mpi_search_driver SCHEME [SEED] | SCHEME SEED (--aside | --mark | "
        "--throw-on RANK | --threads T)");
  const std::string scheme = args[0];
  core::RunConfig setup;
  setup.workers = core::mpirun_rank_count().value_or(1);
  setup.search.seed = args.size() >= 2 ? std::stoull(args[1]) : 1;
  (void)schemes::make_scheme(scheme);
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  if (aside) setup.search.aside_worker = 0;
  if (suite) {
    run_suite(setup);
  } else {
    run_marked(setup, throwing ? std::stoi(args[3]) : -1);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "mpi_search_driver: error: " << e.what() << std::endl;
    return 1;
  }
}
