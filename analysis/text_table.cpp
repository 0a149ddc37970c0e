#include "analysis/text_table.hpp"

#include <algorithm>
#include <cstdio>

namespace stacksplit::analysis {

std::string format_number(double value, int significant) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", significant, value);
  return buffer;
}

void TextTable::print(std::ostream& out, const std::string& indent) const {
  std::vector<std::size_t> widths(header_.size(), 0);
  auto widen = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) {
      widths[i] = std::max(widths[i], row[i].size());
    }
  };
  widen(header_);
  for (const auto& row : rows_) widen(row);

  auto print_row = [&](const std::vector<std::string>& row) {
    std::string line = indent;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      const std::string cell = i < row.size() ? row[i] : "";
      std::string pad(widths[i] - cell.size(), ' ');
      if (i > 0) line += "  ";
      bool left = std::find(left_.begin(), left_.end(), i) != left_.end();
      line += left ? cell + pad : pad + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  };
  print_row(header_);
  for (const auto& row : rows_) print_row(row);
}

}  // namespace stacksplit::analysis
