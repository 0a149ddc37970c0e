#pragma once
// Processors of different speeds under an external load that changes in
// time, after Zaki, Parthasarathy & Li, "Customized Dynamic Load Balancing",
// §1.3.1 (External Load Modeling): processor i's load ℓ_i(k) is drawn
// uniformly from {0, …, mℓ} for the k-th period of tℓ seconds, independently
// and seeded per processor, and its effective speed is S_i / (ℓ_i(k) + 1),
// S_i being its normalized speed. The simulator charges it as virtual time;
// the threads and MPI runtimes stretch each piece of work by a busy wait.

#include <cstdint>
#include <string>
#include <vector>

namespace stacksplit::core {

struct LoadOptions {
  std::vector<double> speeds;  // S_i: one per processor, or empty for all 1
  int max_load = 0;            // mℓ; 0: no external load
  double persistence = 1;      // tℓ, seconds (virtual seconds on sim)
  std::uint64_t seed = 1;
};

class LoadModel {
 public:
  LoadModel() = default;
  // Throws std::invalid_argument naming the option: a speed count that is
  // neither 0 nor `processors`, a speed that is not positive and finite,
  // mℓ < 0, tℓ <= 0.
  LoadModel(const LoadOptions& options, int processors);

  double speed(int rank) const { return speeds_.empty() ? 1.0 : speeds_[rank]; }
  // ℓ_i(k), the load during the k-th period.
  int load(int rank, std::uint64_t period) const;
  int load_at(int rank, double time) const { return load(rank, period_of(time)); }
  // How long `work` seconds of work (as the base processor does it, alone)
  // take on processor `rank` from `start` on, the load changing on the way.
  double elapsed(int rank, double start, double work) const;
  bool uniform() const { return max_load_ == 0 && speeds_.empty(); }
  const LoadOptions& options() const { return options_; }

 private:
  std::uint64_t period_of(double time) const;

  LoadOptions options_;
  std::vector<double> speeds_;
  int max_load_ = 0;
  double persistence_ = 1;
};

// "ml=5,tl=1" (either may be left out) → the load part of LoadOptions;
// throws std::invalid_argument naming what is wrong.
void parse_load(const std::string& text, LoadOptions& options);
// "1,1,0.5" → speeds; throws std::invalid_argument naming what is wrong.
std::vector<double> parse_speeds(const std::string& text);

}  // namespace stacksplit::core
