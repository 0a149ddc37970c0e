#include "apps/knapsack/knapsack_instance.hpp"

#include <charconv>
#include <fstream>
#include <limits>
#include <sstream>

namespace stacksplit::apps::knapsack {

namespace {

// The numbers of one line, with the line's number for messages.
class LineReader {
 public:
  LineReader(std::istream& in, std::string_view name) : in_(in), name_(name) {}

  // The next non-blank line's numbers, exactly `count` of them.
  std::vector<std::int64_t> numbers(std::size_t count, std::string_view what) {
    std::string line;
    while (true) {
      if (!std::getline(in_, line)) {
        fail_at(line_ + 1, "missing " + std::string(what) + " (the file ends)");
      }
      ++line_;
      if (line.find_first_not_of(" \t\r") != std::string::npos) break;
    }
    std::vector<std::int64_t> values;
    std::size_t at = 0;
    while (true) {
      at = line.find_first_not_of(" \t\r", at);
      if (at == std::string::npos) break;
      const std::size_t end = std::min(line.find_first_of(" \t\r", at), line.size());
      const std::string_view token(line.data() + at, end - at);
      if (values.size() == count)
        fail("trailing junk " + quoted(token) + " after " + std::string(what));
      values.push_back(parse(token));
      at = end;
    }
    if (values.size() != count)
      fail(std::string(what) + " needs " + std::to_string(count) + " numbers, the line has " +
           std::to_string(values.size()));
    return values;
  }

  // Nothing but blank lines may follow the last item.
  void expect_end() {
    std::string line;
    while (std::getline(in_, line)) {
      ++line_;
      if (line.find_first_not_of(" \t\r") != std::string::npos)
        fail("trailing junk after the last item");
    }
  }

  [[noreturn]] void fail(const std::string& what) const { fail_at(line_, what); }
  [[noreturn]] void fail_at(std::uint64_t line, const std::string& what) const {
    throw KnapsackFormatError(name_, line, what);
  }

 private:
  std::int64_t parse(std::string_view token) const {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (error == std::errc::result_out_of_range)
      fail(quoted(token) + " is out of range (at most 2^63 - 1)");
    if (error != std::errc() || end != token.data() + token.size())
      fail(quoted(token) + " is not an integer");
    return value;
  }

  // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "'" + std::string(...).
  static std::string quoted(std::string_view token) {
    std::string text(1, '\'');
    text.append(token);
    text.push_back('\'');
    return text;
  }

  std::istream& in_;
  std::string name_;
  std::uint64_t line_ = 0;
};

}  // namespace

KnapsackInstance parse_knapsack(std::istream& in, std::string_view name) {
  LineReader reader(in, name);
  const std::vector<std::int64_t> header = reader.numbers(2, "the header 'n capacity'");
  const std::int64_t count = header[0];
  KnapsackInstance instance;
  instance.capacity = header[1];
  if (count < 0) reader.fail("the number of items is negative");
  if (count > kMaxItems)
    reader.fail("more than " + std::to_string(kMaxItems) + " items are not supported");
  if (instance.capacity < 0) reader.fail("the capacity is negative");
  instance.items.reserve(static_cast<std::size_t>(count));
  std::int64_t profit_sum = 0, weight_sum = 0;
  for (std::int64_t i = 0; i < count; ++i) {
    const std::string what = "item " + std::to_string(i + 1) + " of " + std::to_string(count);
    const std::vector<std::int64_t> values = reader.numbers(2, what + " ('profit weight')");
    const Item item{values[0], values[1]};
    if (item.profit < 0) reader.fail(what + ": the profit is negative");
    if (item.weight < 0) reader.fail(what + ": the weight is negative");
    if (__builtin_add_overflow(profit_sum, item.profit, &profit_sum))
      reader.fail("the profits add up to more than 2^63 - 1");
    if (__builtin_add_overflow(weight_sum, item.weight, &weight_sum))
      reader.fail("the weights add up to more than 2^63 - 1");
    instance.items.push_back(item);
  }
  reader.expect_end();
  return instance;
}

KnapsackInstance read_knapsack(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw KnapsackFormatError(path, 0, "cannot open the file");
  return parse_knapsack(file, path);
}

void write_knapsack(std::ostream& out, const KnapsackInstance& instance) {
  out << instance.items.size() << ' ' << instance.capacity << '\n';
  for (const Item& item : instance.items) out << item.profit << ' ' << item.weight << '\n';
}

}  // namespace stacksplit::apps::knapsack
