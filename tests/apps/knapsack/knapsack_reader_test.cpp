// The instance format: what it accepts, and every fault a user can make
// reported as FILE:LINE: what is wrong.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "apps/knapsack/knapsack_generator.hpp"
#include "apps/knapsack/knapsack_instance.hpp"

namespace stacksplit::apps::knapsack {
namespace {

KnapsackInstance parse(const std::string& text) {
  std::istringstream in(text);
  return parse_knapsack(in, "input.kp");
}

TEST(KnapsackReader, ReadsItemsInOrderSkippingBlankLines) {
  const KnapsackInstance instance = parse("3 10\n5 4\n\n  6\t5 \r\n7 6\n\n");
  EXPECT_EQ(instance.capacity, 10);
  ASSERT_EQ(instance.items.size(), 3u);
  EXPECT_EQ(instance.items[1].profit, 6);
  EXPECT_EQ(instance.items[1].weight, 5);
  EXPECT_EQ(instance.items[2].weight, 6);
}

TEST(KnapsackReader, WrittenInstancesReadBack) {
  GeneratorOptions options;
  options.kind = InstanceClass::kWeaklyCorrelated;
  options.items = 30;
  const KnapsackInstance written = generate_knapsack(options);
  std::ostringstream out;
  write_knapsack(out, written);
  const KnapsackInstance read = parse(out.str());
  EXPECT_EQ(read.capacity, written.capacity);
  ASSERT_EQ(read.items.size(), written.items.size());
  for (std::size_t i = 0; i < read.items.size(); ++i) {
    EXPECT_EQ(read.items[i].profit, written.items[i].profit);
    EXPECT_EQ(read.items[i].weight, written.items[i].weight);
  }
}

struct Malformed {
  const char* text;
  const char* message;  // the whole of what the error says
};

class KnapsackMalformed : public ::testing::TestWithParam<Malformed> {};

TEST_P(KnapsackMalformed, SaysWhereAndWhat) {
  const Malformed& c = GetParam();
  try {
    parse(c.text);
    FAIL() << "accepted: " << c.text;
  } catch (const KnapsackFormatError& e) {
    EXPECT_EQ(std::string(e.what()), c.message);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Faults, KnapsackMalformed,
    ::testing::Values(
        Malformed{"", "input.kp:1: missing the header 'n capacity' (the file ends)"},
        Malformed{"2\n", "input.kp:1: the header 'n capacity' needs 2 numbers, the line has 1"},
        Malformed{"two 5\n", "input.kp:1: 'two' is not an integer"},
        Malformed{"2 5x\n", "input.kp:1: '5x' is not an integer"},
        Malformed{"2 1.5\n", "input.kp:1: '1.5' is not an integer"},
        Malformed{"-1 5\n", "input.kp:1: the number of items is negative"},
        Malformed{"1 -5\n1 1\n", "input.kp:1: the capacity is negative"},
        Malformed{"99999999999 5\n", "input.kp:1: more than 16777216 items are not supported"},
        Malformed{"1 99999999999999999999\n1 1\n",
                  "input.kp:1: '99999999999999999999' is out of range (at most 2^63 - 1)"},
        Malformed{"2 5 7\n", "input.kp:1: trailing junk '7' after the header 'n capacity'"},
        Malformed{"2 10\n3 4\n",
                  "input.kp:3: missing item 2 of 2 ('profit weight') (the file ends)"},
        Malformed{"2 10\n3 4\n5\n",
                  "input.kp:3: item 2 of 2 ('profit weight') needs 2 numbers, the line has 1"},
        Malformed{"1 10\n3 -4\n", "input.kp:2: item 1 of 1: the weight is negative"},
        Malformed{"1 10\n-3 4\n", "input.kp:2: item 1 of 1: the profit is negative"},
        Malformed{"1 10\n3 4 x\n",
                  "input.kp:2: trailing junk 'x' after item 1 of 1 ('profit weight')"},
        Malformed{"1 10\n3 4\n\n5 6\n", "input.kp:4: trailing junk after the last item"},
        Malformed{"2 10\n9223372036854775807 1\n1 1\n",
                  "input.kp:3: the profits add up to more than 2^63 - 1"},
        Malformed{"2 10\n1 9223372036854775807\n1 1\n",
                  "input.kp:3: the weights add up to more than 2^63 - 1"}));

TEST(KnapsackReader, MissingFileIsAnInputError) {
  EXPECT_THROW(read_knapsack("/nonexistent/stacksplit/instance.kp"), KnapsackFormatError);
}

// Pisinger's classes are what their definitions say, and a seed is an instance.
TEST(KnapsackGenerator, ClassesFollowTheirDefinitions) {
  GeneratorOptions options;
  options.items = 500;
  options.range = 1000;
  for (const std::string& name : instance_class_names()) {
    options.kind = parse_instance_class(name);
    const KnapsackInstance instance = generate_knapsack(options);
    ASSERT_EQ(instance.items.size(), 500u);
    std::int64_t total = 0;
    bool any_profit_differs_from_weight = false;
    for (const Item& item : instance.items) {
      total += item.weight;
      EXPECT_GE(item.weight, 1);
      EXPECT_LE(item.weight, 1000);
      switch (options.kind) {
        case InstanceClass::kUncorrelated:
          EXPECT_GE(item.profit, 1);
          EXPECT_LE(item.profit, 1000);
          break;
        case InstanceClass::kWeaklyCorrelated:
          EXPECT_GE(item.profit, std::max<std::int64_t>(1, item.weight - 100));
          EXPECT_LE(item.profit, item.weight + 100);
          break;
        case InstanceClass::kStronglyCorrelated:
          EXPECT_EQ(item.profit, item.weight + 100);
          break;
      }
      any_profit_differs_from_weight |= item.profit != item.weight;
    }
    EXPECT_TRUE(any_profit_differs_from_weight);
    EXPECT_EQ(instance.capacity, total / 2) << name;
  }
  options.seed = 5;
  const KnapsackInstance a = generate_knapsack(options);
  const KnapsackInstance b = generate_knapsack(options);
  options.seed = 6;
  const KnapsackInstance c = generate_knapsack(options);
  EXPECT_EQ(a.capacity, b.capacity);
  EXPECT_NE(a.capacity, c.capacity);
  EXPECT_THROW(parse_instance_class("hard"), std::invalid_argument);
  options.range = 0;
  EXPECT_THROW(generate_knapsack(options), std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::apps::knapsack
