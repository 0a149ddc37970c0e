#include "schemes/loop/cost_model/network_fit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {
namespace {

// Known costs, in seconds, for P processors and m bytes a message:
//   one-to-all: 1e-3 + 2e-4·P + 3e-6·m + 1e-8·P·m
//   all-to-one: 5e-4 + 1e-4·P + 2e-5·P² + 2e-6·m
//   all-to-all: 2e-3 + 5e-5·P² + 4e-9·P²·m
double truth(Exchange e, double p, double m) {
  switch (e) {
    case Exchange::kOneToAll:
      return 1e-3 + 2e-4 * p + 3e-6 * m + 1e-8 * p * m;
    case Exchange::kAllToOne:
      return 5e-4 + 1e-4 * p + 2e-5 * p * p + 2e-6 * m;
    case Exchange::kAllToAll:
      return 2e-3 + 5e-5 * p * p + 4e-9 * p * p * m;
  }
  return 0;
}

// c[a][b] of the polynomials above, degree 2 in P and 1 in m.
const std::vector<std::vector<double>> kOneToAll = {{1e-3, 3e-6}, {2e-4, 1e-8}, {0, 0}};
const std::vector<std::vector<double>> kAllToOne = {{5e-4, 2e-6}, {1e-4, 0}, {2e-5, 0}};
const std::vector<std::vector<double>> kAllToAll = {{2e-3, 0}, {0, 0}, {5e-5, 4e-9}};

NetworkSamples synthetic(double noise, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> jitter(-noise, noise);
  NetworkSamples samples;
  for (Exchange e : kExchanges) {
    for (int p : {2, 4, 8, 16, 32}) {
      for (double m : {8.0, 1024.0, 65536.0}) {
        samples.exchanges.push_back({e, p, m, truth(e, p, m) * (1 + jitter(random))});
      }
    }
  }
  // L = 2414.5 µs, B = 0.96 MB/s: the chapter's PVM on Ethernet.
  for (double m : {1.0, 1000.0, 100000.0}) {
    samples.messages.push_back({m, (2414.5e-6 + m / 0.96e6) * (1 + jitter(random))});
  }
  samples.runtime = "sim";
  samples.machine = "now";
  return samples;
}

// Every piece (8-1024 and 1024-65536 bytes) recovers the one polynomial.
void expect_coefficients(const ExchangePolynomial& fitted,
                         const std::vector<std::vector<double>>& expected, double tolerance) {
  ASSERT_EQ(fitted.pieces.size(), 2u);
  for (const ExchangePolynomial::Piece& piece : fitted.pieces) {
    ASSERT_EQ(piece.coefficients.size(), expected.size());
    for (std::size_t a = 0; a < expected.size(); ++a) {
      ASSERT_EQ(piece.coefficients[a].size(), expected[a].size());
      for (std::size_t b = 0; b < expected[a].size(); ++b) {
        EXPECT_NEAR(piece.coefficients[a][b], expected[a][b], tolerance)
            << "c[" << a << "][" << b << "] of the piece from " << piece.from_bytes;
      }
    }
  }
}

TEST(NetworkFit, RecoversAKnownPolynomialExactly) {
  NetworkModel model = fit_network(synthetic(0, 1));
  expect_coefficients(model.polynomial(Exchange::kOneToAll), kOneToAll, 1e-12);
  expect_coefficients(model.polynomial(Exchange::kAllToOne), kAllToOne, 1e-12);
  expect_coefficients(model.polynomial(Exchange::kAllToAll), kAllToAll, 1e-12);
  EXPECT_NEAR(model.latency_s, 2414.5e-6, 1e-12);
  EXPECT_NEAR(model.bandwidth_bytes_per_s, 0.96e6, 1e-3);
  EXPECT_EQ(model.min_processors, 2);
  EXPECT_EQ(model.max_processors, 32);
  EXPECT_EQ(model.max_bytes, 65536);
  EXPECT_EQ(model.runtime, "sim");
  // And predicts a P it was not measured at.
  EXPECT_NEAR(model.cost(Exchange::kAllToAll, 12, 512), truth(Exchange::kAllToAll, 12, 512), 1e-12);
}

TEST(NetworkFit, StaysCloseUnderMeasurementNoise) {
  NetworkModel model = fit_network(synthetic(0.01, 7));
  for (Exchange e : kExchanges) {
    for (int p : {3, 12, 24}) {
      for (double m : {100.0, 30000.0}) {
        EXPECT_NEAR(model.cost(e, p, m) / truth(e, p, m), 1, 0.03)
            << exchange_name(e) << " P=" << p << " m=" << m;
      }
    }
  }
  EXPECT_NEAR(model.latency_s / 2414.5e-6, 1, 0.03);
}

// On shared memory the per-byte cost can hide under the noise: a large
// message timed faster than a small one (seen under load). The fit then
// takes the largest per-byte cost the times allow, their spread over the
// sizes' spread, and the mean as the latency, instead of refusing.
TEST(NetworkFit, APerByteCostUnderTheNoiseIsBoundedByIt) {
  NetworkSamples samples = synthetic(0, 1);
  samples.messages.clear();
  samples.messages.push_back({100, 3e-6});
  samples.messages.push_back({10100, 2e-6});
  const NetworkModel model = fit_network(samples);
  EXPECT_NEAR(model.latency_s, 2.5e-6, 1e-15);
  EXPECT_NEAR(model.bandwidth_bytes_per_s, 1e10, 1);
}

// An all-to-one as a shared medium makes it: messages up to 1 KiB cost one
// latency whatever P (their latencies overlap), large ones queue their bytes,
// (P − 1)·m/B. A polynomial for each stretch between measured sizes gets the
// few-byte costs the strategies pay; one polynomial over all sizes, fitted
// to the large costs, misses them by far.
TEST(NetworkFit, EachStretchOfSizesHasItsOwnPolynomial) {
  const double latency = 2.5e-3, bandwidth = 0.96e6;
  auto gather = [&](int p, double m) {
    return m <= 1024 ? latency + m / bandwidth
                     : std::max(latency + m / bandwidth, (p - 1) * m / bandwidth);
  };
  NetworkSamples samples;
  for (Exchange e : kExchanges) {
    for (int p : {2, 3, 4, 6, 9, 13, 16}) {
      for (double m : {8.0, 1024.0, 8192.0, 65536.0})
        samples.exchanges.push_back({e, p, m, gather(p, m)});
    }
  }
  samples.messages = {{1, latency + 1 / bandwidth}, {1000, latency + 1000 / bandwidth}};
  const NetworkModel pieces = fit_network(samples);
  ASSERT_EQ(pieces.polynomial(Exchange::kAllToOne).pieces.size(), 3u);
  for (int p : {2, 4, 8, 16}) {
    EXPECT_NEAR(pieces.cost(Exchange::kAllToOne, p, 8), gather(p, 8), 1e-9) << "P=" << p;
    EXPECT_NEAR(pieces.cost(Exchange::kAllToOne, p, 16), gather(p, 16), 1e-9) << "P=" << p;
  }
  FitOptions one_polynomial;
  one_polynomial.piecewise = false;
  const NetworkModel whole = fit_network(samples, one_polynomial);
  ASSERT_EQ(whole.polynomial(Exchange::kAllToOne).pieces.size(), 1u);
  EXPECT_GT(std::abs(whole.cost(Exchange::kAllToOne, 16, 8) / gather(16, 8) - 1), 0.3);
}

TEST(NetworkFit, OneProcessorExchangesNothing) {
  NetworkModel model = fit_network(synthetic(0, 1));
  EXPECT_EQ(model.cost(Exchange::kAllToAll, 1, 1000), 0);
  EXPECT_NEAR(model.message_s(960), 2414.5e-6 + 1e-3, 1e-12);
}

TEST(NetworkFit, SaysWhatIsMissing) {
  NetworkSamples samples = synthetic(0, 1);
  NetworkSamples no_messages = samples;
  no_messages.messages.resize(1);
  try {
    fit_network(no_messages);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(
        std::string(error.what()),
        "network fit: latency and bandwidth need point-to-point messages of at least two sizes");
  }
  // All-to-all measured at two P only cannot determine a degree-2 polynomial in P.
  NetworkSamples two_p = samples;
  std::erase_if(two_p.exchanges, [](const ExchangeSample& s) {
    return s.exchange == Exchange::kAllToAll && s.processors > 4;
  });
  try {
    fit_network(two_p);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()).rfind("network fit: all_to_all: ", 0), 0u) << error.what();
  }
  // A lower degree fits them.
  EXPECT_NO_THROW(fit_network(two_p, {1, 1}));
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
