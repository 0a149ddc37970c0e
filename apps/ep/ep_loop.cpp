#include "apps/ep/ep_loop.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "apps/ep/nas_random.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::ep {

namespace {

constexpr std::uint64_t kSeed = 271828183;  // the benchmark's s
constexpr double kEpsilon = 1e-8;           // the NPB's verification tolerance

// The NPB's published results (ep.f / ep.c, "verify"): the sums, and the
// annulus counts where we have them (S, W, A).
const EpClass kClasses[] = {
    {'S',
     24,
     -3.247834652034740e3,
     -6.958407078382297e3,
     {6140517, 5865300, 1100361, 68546, 1648, 17, 0, 0, 0, 0}},
    {'W',
     25,
     -2.863319731645753e3,
     -6.320053679109499e3,
     {12281576, 11729692, 2202726, 137368, 3371, 36, 0, 0, 0, 0}},
    {'A',
     28,
     -4.295875165629892e3,
     -1.580732573678431e4,
     {98257395, 93827014, 17611549, 1110028, 26536, 245, 0, 0, 0, 0}},
    {'B', 30, 4.033815542441498e4, -2.660669192809235e4, {}},
    {'C', 32, 4.764367927995374e4, -8.084072988043731e4, {}},
};

bool close(double expected, double got) {
  return std::abs((got - expected) / expected) <= kEpsilon;
}

}  // namespace

const core::Registry<const EpClass*>& ep_class_registry() {
  static const core::Registry<const EpClass*> registry = [] {
    core::Registry<const EpClass*> r("EP class");
    for (const EpClass& problem : kClasses)
      r.add({std::string(1, problem.name), "", "2^" + std::to_string(problem.m) + " pairs",
             &problem});
    return r;
  }();
  return registry;
}

const EpClass& find_ep_class(std::string_view name) {
  return *ep_class_registry().at(name).payload;
}

EpLoop::EpLoop(const EpClass& problem)
    : problem_(problem),
      jump_(nas_power(kNasMultiplier, std::uint64_t{2} << kBatchBits)),
      uniforms_(std::size_t{2} << kBatchBits) {}

void EpLoop::run(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t batch = first; batch < first + count; ++batch) {
    // The batch's first number: the seed jumped 2·2^16·batch steps ahead.
    std::uint64_t x = nas_next(kSeed, nas_power(jump_, batch));
    for (double& u : uniforms_) {
      x = nas_next(x, kNasMultiplier);
      u = static_cast<double>(x) * kTwoToMinus46;
    }
    for (std::size_t i = 0; i < uniforms_.size(); i += 2) {
      const double x1 = 2 * uniforms_[i] - 1, x2 = 2 * uniforms_[i + 1] - 1;
      const double t = x1 * x1 + x2 * x2;
      if (t > 1) continue;
      const double factor = std::sqrt(-2 * std::log(t) / t);
      const double gx = x1 * factor, gy = x2 * factor;
      const auto annulus = static_cast<std::size_t>(std::max(std::abs(gx), std::abs(gy)));
      ++output_.q[std::min<std::size_t>(annulus, 9)];
      output_.sx += gx;
      output_.sy += gy;
    }
    ++output_.batches;
  }
}

void EpOutput::merge(EpOutput&& from) {
  sx += from.sx;
  sy += from.sy;
  for (std::size_t l = 0; l < q.size(); ++l) q[l] += from.q[l];
  batches += from.batches;
}

bool EpLoop::matches(const Output& expected, const Output& got) const {
  return expected.q == got.q && expected.batches == got.batches && close(expected.sx, got.sx) &&
         close(expected.sy, got.sy);
}

bool EpLoop::verified(const Output& got) const {
  const bool counts_known = problem_.counts != std::array<std::uint64_t, 10>{};
  return close(problem_.sx, got.sx) && close(problem_.sy, got.sy) &&
         (!counts_known || got.q == problem_.counts) && got.batches == iterations();
}

}  // namespace stacksplit::apps::ep
