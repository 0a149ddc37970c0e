#pragma once
// The options every loop scheme is made with in the tests. auto's model
// charges each iteration a microsecond and 8 bytes, on a 10 us, 1 GB/s
// network: enough for it to decide, with no measurement in a test.

#include <cstdint>
#include <memory>

#include "schemes/loop/loop_scheme_options.hpp"

namespace stacksplit::testing {

inline schemes::LoopSchemeOptions testing_scheme_options() {
  schemes::LoopSchemeOptions options;
  options.model = std::make_shared<schemes::FunctionLoopModel>(
      [](int, std::uint64_t) { return 1e-6; }, [](int) { return 8.0; },
      schemes::serial_network(1e-5, 1e9));
  return options;
}

}  // namespace stacksplit::testing
