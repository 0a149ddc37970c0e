#include "apps/maptri/maptri_loop.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

namespace stacksplit::apps::maptri {

namespace {

constexpr std::uint64_t kPrime = (std::uint64_t{1} << 61) - 1;
constexpr Element kIdentity = {1, 0, 0, 1};

std::uint64_t multiply(std::uint64_t a, std::uint64_t b) {
  __extension__ using Uint128 = unsigned __int128;
  const Uint128 product = static_cast<Uint128>(a) * b;
  std::uint64_t low = static_cast<std::uint64_t>(product & kPrime);
  const std::uint64_t high = static_cast<std::uint64_t>(product >> 61);
  low += high;
  return low >= kPrime ? low - kPrime : low;
}

std::uint64_t add(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t sum = a + b;
  return sum >= kPrime ? sum - kPrime : sum;
}

}  // namespace

ReverseMoveCosts reverse_move_costs(std::uint64_t n, int processors, double t_f, double t_0,
                                    double t_c) {
  const std::uint64_t p = static_cast<std::uint64_t>(std::max(processors, 1));
  const std::uint64_t m = n / 2 + 1;
  ReverseMoveCosts costs;
  std::uint64_t largest_message = 0;
  for (std::uint64_t r = 0; r < p; ++r) {
    const std::uint64_t first = n * r / p, end = n * (r + 1) / p;
    double plain = 0, split = 0;
    std::uint64_t sent = 0;
    for (std::uint64_t i = first; i < end; ++i) {
      plain += static_cast<double>(i + 1);
      const std::uint64_t reversed = n - 1 - i;
      split += static_cast<double>(std::min(m, i + 1) + (reversed + 1 > m ? reversed + 1 - m : 0));
      sent += i + 1 > m ? i + 1 - m : 0;
    }
    costs.without = std::max(costs.without, plain * t_f);
    costs.with = std::max(costs.with, split * t_f);
    largest_message = std::max(largest_message, sent);
  }
  // The tails go out and their results come back: a total exchange each way.
  costs.with += 2 * (t_0 + static_cast<double>(largest_message * sizeof(Element)) * t_c);
  return costs;
}

MaptriLoop::MaptriLoop(const MaptriOptions& options)
    : options_(options), split_(options.n / 2 + 1) {
  if (options.n == 0 || options.n > 8192)
    throw std::invalid_argument("--n must be between 1 and 8192 (got " + std::to_string(options.n) +
                                ")");
  if (options.work > (std::uint64_t{1} << 24))
    throw std::invalid_argument("--work must be at most 2^24 (got " + std::to_string(options.work) +
                                ")");
  slots_.assign(options.n * options.n, Element{});
}

Element MaptriLoop::element(std::uint64_t row, std::uint64_t column) {
  const std::uint64_t seed = row * 1000003 + column * 7919 + 1;
  return {seed % kPrime, (seed * 31) % kPrime, (seed * 131) % kPrime, (seed * 7) % kPrime + 1};
}

Element MaptriLoop::combine(const Element& a, const Element& b, std::uint64_t work) {
  Element c = {add(multiply(a[0], b[0]), multiply(a[1], b[2])),
               add(multiply(a[0], b[1]), multiply(a[1], b[3])),
               add(multiply(a[2], b[0]), multiply(a[3], b[2])),
               add(multiply(a[2], b[1]), multiply(a[3], b[3]))};
  // The expensive part: rounds whose result is thrown away (kept alive so
  // the compiler cannot drop them).
  std::uint64_t sink = c[0];
  for (std::uint64_t r = 0; r < work; ++r) sink = multiply(sink, sink + r);
  __asm__ __volatile__("" : : "r"(sink));
  return c;
}

std::uint64_t MaptriLoop::head(std::uint64_t i) const {
  return options_.reverse_move ? std::min(split_, i + 1) : i + 1;
}

std::uint64_t MaptriLoop::tail(std::uint64_t i) const {
  if (!options_.reverse_move) return 0;
  const std::uint64_t reversed = options_.n - 1 - i;
  return reversed + 1 > split_ ? reversed + 1 - split_ : 0;
}

std::uint64_t MaptriLoop::elements(std::uint64_t i) const { return head(i) + tail(i); }

void MaptriLoop::generate(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t i = first; i < first + count; ++i) {
    Element* slot = slots_.data() + i * options_.n;
    for (std::uint64_t j = 0; j < head(i); ++j) slot[j] = element(j, i);
    const std::uint64_t reversed = options_.n - 1 - i;
    for (std::uint64_t j = 0; j < tail(i); ++j) slot[head(i) + j] = element(split_ + j, reversed);
  }
}

void MaptriLoop::pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const {
  const auto* begin = reinterpret_cast<const std::byte*>(slots_.data() + first * options_.n);
  out.insert(out.end(), begin, begin + count * options_.n * sizeof(Element));
}

void MaptriLoop::unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in) {
  if (in.size() != count * options_.n * sizeof(Element))
    throw std::logic_error("maptri: columns arrived with the wrong size");
  std::memcpy(slots_.data() + first * options_.n, in.data(), in.size());
}

void MaptriLoop::run(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t i = first; i < first + count; ++i) {
    const Element* slot = slots_.data() + i * options_.n;
    Element res1 = kIdentity;
    for (std::uint64_t j = 0; j < head(i); ++j) res1 = combine(res1, slot[j], options_.work);
    *output_.append(2 * i, 1) = res1;
    if (tail(i) == 0) continue;
    Element res2 = kIdentity;
    for (std::uint64_t j = 0; j < tail(i); ++j)
      res2 = combine(res2, slot[head(i) + j], options_.work);
    *output_.append(2 * (options_.n - 1 - i) + 1, 1) = res2;
  }
}

std::vector<Element> MaptriLoop::sums(const Output& output) const {
  std::map<std::uint64_t, Element> parts;
  for (std::size_t k = 0; k < output.indices.size(); ++k)
    parts[output.indices[k]] = output.values[k];
  std::vector<Element> result(options_.n, Element{});
  for (std::uint64_t i = 0; i < options_.n; ++i) {
    const auto first = parts.find(2 * i), second = parts.find(2 * i + 1);
    if (first == parts.end()) continue;
    // s_i = f(res1_i, res2_i): the moved-back result combined (Lemma 1).
    result[i] = second == parts.end() ? first->second : combine(first->second, second->second, 0);
  }
  return result;
}

bool MaptriLoop::matches(const Output& expected, const Output& got) const {
  std::map<std::uint64_t, int> seen;
  for (std::uint64_t key : got.indices)
    if (++seen[key] > 1) return false;  // a part done twice
  return got.indices.size() == expected.indices.size() && sums(expected) == sums(got);
}

}  // namespace stacksplit::apps::maptri
