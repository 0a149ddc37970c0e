// libFuzzer target for the DIMACS reader: any bytes, plain or compressed, must
// end in a formula or a DimacsError, never a crash, a leak or another
// exception. Built with -DSTACKSPLIT_FUZZ=ON and clang; run by
// fuzz_dimacs_reader.sh for a bounded time.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "apps/sat/cnf/dimacs_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace stacksplit::apps::sat;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (bool strict : {false, true}) {
    DimacsOptions options;
    options.strict = strict;
    try {
      DimacsInput input = read_dimacs_bytes(bytes, "fuzz.cnf", options);
      // What was read must be what the formula promises.
      for (std::size_t c = 0; c < input.formula.num_clauses(); ++c) {
        for (Literal l : input.formula.clause(c)) {
          if (l == 0 || l > input.formula.num_variables() || -l > input.formula.num_variables())
            __builtin_trap();
        }
      }
    } catch (const DimacsError&) {
      // The expected way to refuse input.
    }
  }
  return 0;
}
