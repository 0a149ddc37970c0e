#pragma once
// The network as the cost model sees it: the latency L and bandwidth B of one
// message, and the cost of the three collective exchanges the strategies
// synchronize with, each a low-degree polynomial in the number of processors
// P and the message size m:
//   cost(P, m) = Σ_{a ≤ degree_p, b ≤ degree_bytes} c[a][b] · P^a · m^b,
// one polynomial for each stretch between two measured message sizes. The
// network is characterized off-line: latency, bandwidth, and a polynomial
// fit of measured all-to-all, all-to-one and one-to-all costs — Zaki,
// Parthasarathy & Li, Customized Dynamic Load Balancing, §1.5.1 and Figure
// 1.6 (their PVM on Ethernet: L = 2414.5 µs, B = 0.96 MB/s).
//
// Why stretches (docs/design.md, "The network model"): an exchange is not
// one polynomial over sizes. Few-byte messages cost their latencies, which
// overlap (an all-to-one of 8 bytes costs one latency at any P), large ones
// their bytes, which queue ((P − 1)·m/B); one polynomial fitted over 8 bytes
// to 64 KiB follows the large costs and misses the few-byte ones, which are
// the ones the strategies send, by 50 % to 100 %.
//
// The chapter writes GDDLB's exchange as all-to-all(P²): an all-to-all among
// P processors, P² messages. Here an exchange is always named by P, the
// processors taking part; the polynomial carries the P² growth.

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

enum class Exchange { kOneToAll, kAllToOne, kAllToAll };

inline constexpr std::array<Exchange, 3> kExchanges = {Exchange::kOneToAll, Exchange::kAllToOne,
                                                       Exchange::kAllToAll};

// "one_to_all", "all_to_one", "all_to_all": the names in files and tables.
std::string_view exchange_name(Exchange exchange);

struct ExchangePolynomial {
  // One stretch of message sizes, fitted on measurements from `from_bytes`
  // to `to_bytes`: coefficients[a][b] multiplies P^a · m^b; every row has the
  // same length.
  struct Piece {
    double from_bytes = 0;
    double to_bytes = 0;
    std::vector<std::vector<double>> coefficients;
  };
  // In ascending sizes (adjoining; with degree_bytes ≥ 2 the last may
  // overlap the one before); a size takes the first piece that reaches it
  // (the last one beyond, the first one below).
  std::vector<Piece> pieces;

  // One polynomial for every size.
  static ExchangePolynomial single(std::vector<std::vector<double>> coefficients);
  const Piece& piece(double bytes) const;
  double evaluate(double processors, double bytes) const;
};

struct NetworkModel {
  double latency_s = 0;                         // L: a one-byte message
  double bandwidth_bytes_per_s = 0;             // B
  std::array<ExchangePolynomial, 3> exchanges;  // in kExchanges order
  // What the measurements covered, so a user can see an extrapolation.
  int min_processors = 0;
  int max_processors = 0;
  double min_bytes = 0;
  double max_bytes = 0;
  // Where it was measured ("sim"/"now", "threads"/"none", ...); free text the
  // loader can compare with the run's.
  std::string runtime;
  std::string machine;

  // Seconds for one exchange among `processors` with `bytes` per message;
  // never negative (a fitted polynomial can dip below zero outside its data).
  double cost(Exchange exchange, int processors, double bytes) const;
  // L + bytes / B: one point-to-point message.
  double message_s(double bytes) const;
  const ExchangePolynomial& polynomial(Exchange exchange) const {
    return exchanges[static_cast<std::size_t>(exchange)];
  }
};

}  // namespace stacksplit::schemes::loop::cost_model
