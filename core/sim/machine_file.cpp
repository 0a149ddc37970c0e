#include "core/sim/machine_file.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "core/detail/message.hpp"
#include "core/input_error.hpp"

namespace stacksplit::core {

namespace {

// What a key sets: a machine parameter by name, or one of the keys read by
// hand (name, quantum, topology, network).
struct Key {
  std::string_view name;
  std::string_view parameter;  // empty: read by hand
  bool required;
};

struct Level {
  std::string_view name;     // empty for the lines before any [level]
  std::string_view meaning;  // for the line that says it is missing
  std::vector<Key> keys;
};

const std::array<Level, 3>& levels() {
  static const std::array<Level, 3> table = {{
      {"",
       "",
       {{"name", "", false},
        {"t_node", "t_node", true},
        {"t_unit", "t_unit", false},
        {"quantum", "", false},
        {"header_bytes", "header_bytes", false}}},
      {"node",
       "inside a node: cores, t_s, t_w, t_recv",
       {{"cores", "cores", true},
        {"t_s", "node_t_s", true},
        {"t_w", "node_t_w", true},
        {"t_recv", "node_t_recv", true}}},
      {"network",
       "between nodes: topology, network, t_s, t_h, t_w, t_recv",
       {{"topology", "", true},
        {"network", "", true},
        {"t_s", "t_s", true},
        {"t_h", "t_h", true},
        {"t_w", "t_w", true},
        {"t_recv", "t_recv", true}}},
  }};
  return table;
}

std::string trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

class MachineFileReader {
 public:
  explicit MachineFileReader(std::string path) : path_(std::move(path)) {}

  MachineModel read() {
    std::ifstream in(path_);
    if (!in) throw InputError(path_, 0, "cannot open the machine file");
    model_.name = std::filesystem::path(path_).stem().string();
    model_.quantum = 1;
    model_.header_bytes = static_cast<double>(kDefaultHeaderBytes);
    std::string text;
    while (std::getline(in, text)) {
      ++line_;
      read_line(text);
    }
    for (std::size_t level = 0; level < levels().size(); ++level) check_complete(level);
    try {
      model_.validate();
    } catch (const std::invalid_argument& e) {
      throw InputError(path_, line_, e.what());
    }
    return model_;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw InputError(path_, line_, what); }

  void read_line(const std::string& raw) {
    const std::string text = trimmed(std::string_view(raw).substr(0, raw.find('#')));
    if (text.empty()) return;
    if (text.front() == '[') {
      if (text.back() != ']') fail("a level is written [node] or [network] (got '" + text + "')");
      open_level(trimmed(std::string_view(text).substr(1, text.size() - 2)));
      return;
    }
    const std::size_t key_end = text.find_first_of(" \t=");
    if (key_end == std::string::npos) fail("'" + text + "' has no value (write: key value)");
    const std::string key = text.substr(0, key_end);
    std::string value = trimmed(std::string_view(text).substr(key_end));
    if (!value.empty() && value.front() == '=') value = trimmed(std::string_view(value).substr(1));
    if (value.empty()) fail("'" + key + "' has no value (write: key value)");
    set(key, value);
  }

  void open_level(const std::string& name) {
    for (std::size_t level = 1; level < levels().size(); ++level) {
      if (levels()[level].name != name) continue;
      if (opened_at_[level] != 0)
        fail("[" + name + "] a second time (first at line " + std::to_string(opened_at_[level]) +
             ")");
      level_ = level;
      opened_at_[level] = line_;
      return;
    }
    fail("unknown level [" + name + "] (known: [node], [network])");
  }

  void set(const std::string& key, const std::string& value) {
    const Level& level = levels()[level_];
    const std::string where =
        level.name.empty() ? "before any level" : "in [" + std::string(level.name) + "]";
    std::size_t index = level.keys.size();
    for (std::size_t i = 0; i < level.keys.size(); ++i)
      if (level.keys[i].name == key) index = i;
    if (index == level.keys.size()) {
      std::string names;
      for (const Key& known : level.keys)
        names += (names.empty() ? "" : ", ") + std::string(known.name);
      fail("unknown key '" + key + "' " + where + " (known there: " + names + ")");
    }
    std::uint64_t& seen = seen_at_[level_][index];
    if (seen != 0)
      fail("'" + key + "' " + where + " a second time (first at line " + std::to_string(seen) +
           ")");
    seen = line_;
    const Key& found = level.keys[index];
    try {
      if (!found.parameter.empty()) {
        model_.set(found.parameter, number(key, value));
      } else if (key == "name") {
        model_.name = value;
      } else if (key == "topology") {
        model_.topology = parse_topology(value);
      } else if (key == "network") {
        model_.network = parse_network(value);
      } else if (key == "quantum") {
        const double quantum = number(key, value);
        if (quantum < 1 || quantum != std::floor(quantum) || quantum > 1e9)
          fail("quantum must be a whole number of node expansions, at least 1 (got " + value + ")");
        model_.quantum = static_cast<std::uint32_t>(quantum);
      }
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
  }

  Network parse_network(const std::string& value) const {
    for (Network network : {Network::kCutThrough, Network::kSharedMedium})
      if (value == to_string(network)) return network;
    fail("unknown network '" + value + "' (known: cut-through, shared-medium)");
  }

  double number(const std::string& key, const std::string& value) const {
    char* end = nullptr;
    const double result = std::strtod(value.c_str(), &end);
    if (end != value.c_str() + value.size()) fail(key + ": '" + value + "' is not a number");
    return result;
  }

  // A missing level is reported at the file's last line, a missing key at
  // the line that opened its level.
  void check_complete(std::size_t index) {
    const Level& level = levels()[index];
    if (index != 0 && opened_at_[index] == 0)
      fail("the machine has no [" + std::string(level.name) + "] level (" +
           std::string(level.meaning) + ")");
    for (std::size_t i = 0; i < level.keys.size(); ++i) {
      if (!level.keys[i].required || seen_at_[index][i] != 0) continue;
      line_ = index == 0 ? 1 : opened_at_[index];
      // Appended piece by piece: GCC 12 warns (-Wrestrict) of a chain of + here.
      std::string what = index == 0 ? "no '" : "[";
      if (index != 0) what.append(level.name).append("] has no '");
      what.append(level.keys[i].name).append(index == 0 ? "' before the levels" : "'");
      fail(what);
    }
  }

  std::string path_;
  std::uint64_t line_ = 0;
  std::size_t level_ = 0;                     // index into levels()
  std::array<std::uint64_t, 3> opened_at_{};  // the line that opened each level (0: none)
  std::array<std::array<std::uint64_t, 8>, 3> seen_at_{};  // the line of each key read (0: none)
  MachineModel model_;
};

}  // namespace

MachineModel read_machine_file(const std::string& path) { return MachineFileReader(path).read(); }

MachineModel make_machine(std::string_view preset_or_file, std::span<const std::string> overrides) {
  if (machine_registry().find(preset_or_file) != nullptr)
    return make_machine_model(preset_or_file, overrides);
  const std::string path(preset_or_file);
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    std::vector<std::string> known = machine_registry().names();
    known.emplace_back("or the path of a machine file");
    throw unknown_name("machine", preset_or_file, known);
  }
  MachineModel model = read_machine_file(path);
  apply_overrides(model, overrides);
  model.validate();
  return model;
}

}  // namespace stacksplit::core
