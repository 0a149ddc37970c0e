#pragma once
// Network characterization: from measured exchanges to a NetworkModel. The
// measuring is `stacksplit netchar`'s; this is the fitting, as the chapter
// does it (Zaki, Parthasarathy & Li, Customized Dynamic Load Balancing,
// §1.5.1, Figure 1.6: polynomial fits of the one-to-all, all-to-one and
// all-to-all costs), by least squares over the basis P^a·m^b, one
// polynomial for each stretch between measured message sizes (why: the
// comment of network_model.hpp).
//
// Latency and bandwidth come from point-to-point messages of several sizes:
// time(m) = L + m/B, a straight line in m.

#include <string>
#include <vector>

#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes::loop::cost_model {

struct ExchangeSample {
  Exchange exchange = Exchange::kOneToAll;
  int processors = 2;
  double bytes = 0;    // per message
  double seconds = 0;  // one exchange
};

struct MessageSample {
  double bytes = 0;
  double seconds = 0;  // one point-to-point message
};

struct NetworkSamples {
  std::vector<ExchangeSample> exchanges;
  std::vector<MessageSample> messages;
  std::string runtime;
  std::string machine;
};

struct FitOptions {
  int degree_p = 2;      // P² for all-to-all's P² messages
  int degree_bytes = 1;  // time grows linearly with the message size
  // One polynomial for every degree_bytes + 1 consecutive measured sizes;
  // false: one over them all, as the chapter's polyfit.
  bool piecewise = true;
};

// Throws std::invalid_argument with a one-line message when the samples
// cannot determine the polynomials (too few distinct P or sizes for an
// exchange) or L and B (fewer than two message sizes, or a non-positive slope).
NetworkModel fit_network(const NetworkSamples& samples, const FitOptions& options = {});

}  // namespace stacksplit::schemes::loop::cost_model
