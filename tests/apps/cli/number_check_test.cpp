// check_whole_numbers: CLI11 reads integers with strtoull/strtoll in base 0,
// so without it "-1" was 2^64 - 1 for an unsigned 64-bit option and "010"
// was eight.

#include "apps/cli/number_check.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace stacksplit::cli {
namespace {

struct Parsed {
  std::uint64_t count = 7;
  std::int32_t offset = 7;
  std::string error;
};

Parsed parse(std::vector<std::string> arguments) {
  Parsed parsed;
  CLI::App app{"test"};
  CLI::App* command = app.add_subcommand("run");
  command->add_option("--count", parsed.count);
  command->add_option("--offset", parsed.offset);
  check_whole_numbers(app);
  std::vector<const char*> argv = {"test"};
  for (const std::string& argument : arguments) argv.push_back(argument.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), const_cast<char**>(argv.data()));
  } catch (const CLI::ParseError& e) {
    parsed.error = e.what();
  }
  return parsed;
}

TEST(CheckWholeNumbers, AnUnsignedOptionRefusesAMinusSign) {
  const Parsed p = parse({"run", "--count", "-1"});
  EXPECT_EQ(p.error, "--count: expected a non-negative whole number, got '-1'");
  EXPECT_EQ(p.count, 7u);
}

TEST(CheckWholeNumbers, ASignedOptionTakesOne) {
  const Parsed p = parse({"run", "--offset", "-3"});
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.offset, -3);
}

TEST(CheckWholeNumbers, LeadingZerosAreDecimalNotOctal) {
  const Parsed p = parse({"run", "--count", "010", "--offset", "-0012"});
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.count, 10u);
  EXPECT_EQ(p.offset, -12);
  EXPECT_EQ(parse({"run", "--count", "0"}).count, 0u);
  EXPECT_EQ(parse({"run", "--count", "000"}).count, 0u);
}

}  // namespace
}  // namespace stacksplit::cli
