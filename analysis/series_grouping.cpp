#include "analysis/series_grouping.hpp"

#include <algorithm>

#include "analysis/analysis_error.hpp"

namespace stacksplit::analysis {

std::string_view field_name(SeriesField field) {
  for (const SeriesFieldInfo& info : kSeriesFields) {
    if (info.field == field) return info.name;
  }
  return "?";
}

std::string field_value(const RunRecord& record, SeriesField field) {
  switch (field) {
    case SeriesField::kApp:
      return record.app;
    case SeriesField::kRuntime:
      return record.runtime;
    case SeriesField::kTopology:
      return record.topology;
    case SeriesField::kMachine:
      return record.machine;
    case SeriesField::kScheme:
      return record.scheme;
    case SeriesField::kSplit:
      return record.split;
    case SeriesField::kCutoff:
      return record.cutoff ? std::to_string(*record.cutoff) : "none";
    case SeriesField::kMode:
      return record.mode;
    case SeriesField::kBalance:
      return record.balance;
    case SeriesField::kMachineNodes:
      return record.machine_nodes ? std::to_string(*record.machine_nodes) : "none";
    case SeriesField::kWorkersPerNode:
      return record.workers_per_node ? std::to_string(*record.workers_per_node) : "none";
    case SeriesField::kTimeKind:
      return record.time_kind;
  }
  return {};
}

Grouping Grouping::by_all_fields() {
  std::vector<SeriesField> fields;
  for (const SeriesFieldInfo& info : kSeriesFields)
    if (info.by_default) fields.push_back(info.field);
  return Grouping(std::move(fields));
}

Grouping Grouping::from_names(const std::vector<std::string>& names) {
  std::vector<SeriesField> fields;
  for (const std::string& name : names) {
    auto info = std::find_if(kSeriesFields.begin(), kSeriesFields.end(),
                             [&](const SeriesFieldInfo& i) { return i.name == name; });
    if (info == kSeriesFields.end()) {
      std::string known;
      for (const SeriesFieldInfo& i : kSeriesFields)
        known += (known.empty() ? "" : ", ") + std::string(i.name);
      throw OptionError("--group-by: unknown field \"" + name + "\" (known: " + known + ")");
    }
    if (std::find(fields.begin(), fields.end(), info->field) == fields.end()) {
      fields.push_back(info->field);
    }
  }
  if (std::find(fields.begin(), fields.end(), SeriesField::kTimeKind) == fields.end()) {
    fields.push_back(SeriesField::kTimeKind);
  }
  // Table order, not command-line order, so labels read the same every time.
  std::sort(fields.begin(), fields.end());
  return Grouping(std::move(fields));
}

SeriesKey Grouping::key_of(const RunRecord& record) const {
  SeriesKey key;
  key.reserve(fields_.size());
  for (SeriesField field : fields_) key.push_back(field_value(record, field));
  return key;
}

std::optional<std::string> Grouping::value_in(const SeriesKey& key, SeriesField field) const {
  for (std::size_t i = 0; i < fields_.size() && i < key.size(); ++i) {
    if (fields_[i] == field) return key[i];
  }
  return std::nullopt;
}

}  // namespace stacksplit::analysis
