// count_subsets N [WORKERS [SCHEME [RUNTIME]]]: counts the subsets of
// {1, ..., N} that add up to half their total, with the engine embedded in
// the program (no command-line front end), and checks the count against the
// sequential reference search.

#include <charconv>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

#include "stacksplit/stacksplit.hpp"
#include "subset_sum.hpp"

// A whole number from the command line, or a message naming what was given.
int whole_number(const char* text, const char* what) {
  int value = 0;
  const char* end = text + std::char_traits<char>::length(text);
  const auto [stop, error] = std::from_chars(text, end, value);
  if (error != std::errc() || stop != end || *text == '\0')
    throw std::invalid_argument(std::string(what) + " must be a whole number, got '" + text + "'");
  return value;
}

int main(int argc, char** argv) {
  if (argc < 2 || argc > 5) {
    std::cerr << "usage: count_subsets N [WORKERS [SCHEME [RUNTIME]]]\n";
    return 2;
  }
  try {
    const int items = whole_number(argv[1], "N");
    stacksplit::RunOptions options;
    if (argc > 2) options.workers = whole_number(argv[2], "WORKERS");
    if (argc > 3) options.scheme = argv[3];
    if (argc > 4) options.runtime = argv[4];
    const subsets::SubsetSum prototype(items, subsets::SubsetSum::half_total(items));

    auto result = stacksplit::search<subsets::SubsetSum>(options, [&] { return prototype; });
    subsets::SubsetSum sequential = prototype;
    const auto reference = stacksplit::core::reference_count(sequential);

    std::cout << "subsets = " << result.total.solutions << '\n'
              << "nodes = " << result.total.nodes << '\n'
              << "reference subsets = " << reference.solutions << '\n';
    return result.total.solutions == reference.solutions ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "count_subsets: error: " << e.what() << '\n';
    return 2;
  }
}
