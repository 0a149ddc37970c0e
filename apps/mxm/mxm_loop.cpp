#include "apps/mxm/mxm_loop.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace stacksplit::apps::mxm {

namespace {

constexpr std::uint64_t kMaxSide = 1 << 15;

double input(std::uint64_t i, std::uint64_t j, std::uint64_t salt) {
  return static_cast<double>((i * 7919 + j * 104729 + salt) % 2003) / 1001.0 - 1.0;
}

}  // namespace

MxmLoop::MxmLoop(const MxmOptions& options) : options_(options) {
  for (const auto& [name, value] :
       {std::pair{"--n", options.n}, std::pair{"--r", options.r}, std::pair{"--m", options.m}})
    if (value == 0 || value > kMaxSide)
      throw std::invalid_argument(std::string(name) + " must be between 1 and " +
                                  std::to_string(kMaxSide) + " (got " + std::to_string(value) +
                                  ")");
  x_.assign(options.n * options.r, 0);
  y_.resize(options.r * options.m);
  for (std::uint64_t i = 0; i < options.r; ++i)
    for (std::uint64_t j = 0; j < options.m; ++j) y_[i * options.m + j] = input(i, j, 17);
}

void MxmLoop::generate(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t i = first; i < first + count; ++i)
    for (std::uint64_t k = 0; k < options_.r; ++k) x_[i * options_.r + k] = input(i, k, 3);
}

void MxmLoop::pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const {
  const auto* begin = reinterpret_cast<const std::byte*>(x_.data() + first * options_.r);
  out.insert(out.end(), begin, begin + count * options_.r * sizeof(double));
}

void MxmLoop::unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in) {
  if (in.size() != count * options_.r * sizeof(double))
    throw std::logic_error("mxm: rows arrived with the wrong size");
  std::memcpy(x_.data() + first * options_.r, in.data(), in.size());
}

void MxmLoop::run(std::uint64_t first, std::uint64_t count) {
  const std::uint64_t r = options_.r, m = options_.m;
  for (std::uint64_t i = first; i < first + count; ++i) {
    double* z = output_.append(i, m);
    const double* x = x_.data() + i * r;
    for (std::uint64_t k = 0; k < r; ++k) {
      const double xk = x[k];
      const double* y = y_.data() + k * m;
      for (std::uint64_t j = 0; j < m; ++j) z[j] += xk * y[j];
    }
  }
}

}  // namespace stacksplit::apps::mxm
