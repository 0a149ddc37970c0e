#pragma once
// Plain-text tables for the terminal: columns padded to their widest cell,
// numbers right-aligned, and one way of printing a number everywhere.

#include <ostream>
#include <string>
#include <vector>

namespace stacksplit::analysis {

// `significant` digits, no trailing zeros: 0.5, 1234, 1.235e+06.
std::string format_number(double value, int significant = 4);

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) : header_(std::move(header)) {}
  void add_row(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  // Text columns (notes) read better left-aligned, like the first column.
  void align_left(std::size_t column) { left_.push_back(column); }
  bool empty() const { return rows_.empty(); }
  // Each line starts with `indent`; the first column and those given to
  // align_left are left-aligned, the others right-aligned, as numbers are.
  void print(std::ostream& out, const std::string& indent = "  ") const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<std::size_t> left_{0};
};

}  // namespace stacksplit::analysis
