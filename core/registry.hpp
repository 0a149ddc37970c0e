#pragma once
// Everything a user chooses by name (schemes, topologies, runtimes, machines,
// applications, search modes, split strategies, an app's named option values)
// is an entry of a Registry: a name, a family, a one-line
// summary and what the name stands for. The command line's help, its errors
// and `stacksplit list` read registries and nothing else, so a name is
// declared once, where the thing it names is defined.

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stacksplit::core {

// "a, b, c": how every list of names reads in help texts and errors.
inline std::string join_names(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// The one way an unknown name is reported: "unknown scheme 'x' (known: a, b)".
inline std::invalid_argument unknown_name(std::string_view kind, std::string_view name,
                                          const std::vector<std::string>& known) {
  return std::invalid_argument("unknown " + std::string(kind) + " '" + std::string(name) +
                               "' (known: " + join_names(known) + ")");
}

// One entry as `stacksplit list` prints it, whatever its registry names.
struct NameRow {
  std::string name;
  std::string family;
  std::string summary;
};

template <class Payload>
class Registry {
 public:
  struct Entry {
    std::string name;
    std::string family;  // e.g. a scheme's: receiver, sender, loop; empty when there is none
    std::string summary;
    Payload payload;
  };

  // `kind` is what one entry is called in messages: "scheme", "topology", ...
  explicit Registry(std::string kind) : kind_(std::move(kind)) {}

  const std::string& kind() const { return kind_; }

  // Names are unique; adding one twice is a programming error.
  Registry& add(Entry entry) {
    if (find(entry.name) != nullptr)
      throw std::logic_error(kind_ + " '" + entry.name + "' registered twice");
    entries_.push_back(std::move(entry));
    return *this;
  }

  const Entry* find(std::string_view name) const {
    for (const Entry& entry : entries_)
      if (entry.name == name) return &entry;
    return nullptr;
  }

  // Throws std::invalid_argument naming the unknown name and the known ones.
  const Entry& at(std::string_view name) const {
    if (const Entry* entry = find(name)) return *entry;
    throw unknown_name(kind_, name, names());
  }

  const std::vector<Entry>& entries() const { return entries_; }

  // The entries as rows, for `stacksplit list`.
  std::vector<NameRow> rows() const {
    std::vector<NameRow> rows;
    for (const Entry& entry : entries_) rows.push_back({entry.name, entry.family, entry.summary});
    return rows;
  }

  // "a (what a is), b (what b is)": the names with their summaries, for a
  // help text.
  std::string described_names() const {
    std::string text;
    for (const Entry& entry : entries_)
      text += (text.empty() ? "" : ", ") + entry.name +
              (entry.summary.empty() ? "" : " (" + entry.summary + ")");
    return text;
  }

  // In registration order; only those of `family` when one is given.
  std::vector<std::string> names(std::string_view family = {}) const {
    std::vector<std::string> names;
    for (const Entry& entry : entries_)
      if (family.empty() || entry.family == family) names.push_back(entry.name);
    return names;
  }

 private:
  std::string kind_;
  std::vector<Entry> entries_;
};

}  // namespace stacksplit::core
