#pragma once
// A network with round numbers, so test cases can be computed by hand:
//   one-to-all(P) = 0.001·P s, all-to-one(P) = 0.001·P s,
//   all-to-all(P) = 0.0005·P² s (whatever the message size),
//   L = 0.002 s, B = 1e6 bytes/s.
// So ξ(GCDLB, P = 4) = 0.004 + 0.004 = 0.008 s, ξ(GDDLB, 4) = 0.004 + 0.008
// = 0.012 s, and for groups of K = 2: ξ(LCDLB) = 0.002 + 0.002 = 0.004 s,
// ξ(LDDLB) = 0.002 + 0.002 = 0.004 s.

#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes::loop::cost_model::testing {

inline NetworkModel hand_network() {
  NetworkModel network;
  network.latency_s = 0.002;
  network.bandwidth_bytes_per_s = 1e6;
  network.exchanges[0] = ExchangePolynomial::single({{0, 0}, {0.001, 0}, {0, 0}});   // one-to-all
  network.exchanges[1] = ExchangePolynomial::single({{0, 0}, {0.001, 0}, {0, 0}});   // all-to-one
  network.exchanges[2] = ExchangePolynomial::single({{0, 0}, {0, 0}, {0.0005, 0}});  // all-to-all
  network.min_processors = 2;
  network.max_processors = 16;
  return network;
}

// Messages and exchanges that cost nothing, for tests of the recurrences alone.
inline NetworkModel free_network() {
  NetworkModel network;
  network.latency_s = 0;
  network.bandwidth_bytes_per_s = 1e12;
  for (auto& e : network.exchanges) e = ExchangePolynomial::single({{0}});
  return network;
}

}  // namespace stacksplit::schemes::loop::cost_model::testing
