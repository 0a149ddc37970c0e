#include "schemes/loop/cost_model/network_model_file.hpp"

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

namespace stacksplit::schemes::loop::cost_model {
namespace {

using nlohmann::json;

// The whole text as one JSON object. The model layer includes nothing of the
// analysis (which parses run records the same way), so this is its own.
json parse_object(std::string_view text, const std::string& source) {
  json object;
  try {
    object = json::parse(text);
  } catch (const json::parse_error& error) {
    // nlohmann's message starts with "[json.exception.parse_error.101] ".
    std::string detail = error.what();
    if (auto end = detail.find("] "); end != std::string::npos) detail = detail.substr(end + 2);
    throw NetworkFileError(source + ": not valid JSON: " + detail);
  }
  if (!object.is_object()) throw NetworkFileError(source + ": a network file is a JSON object");
  return object;
}

class Reader {
 public:
  Reader(const json& object, std::string source) : object_(object), source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw NetworkFileError(source_ + ": " + what);
  }

  const json& field(const char* name) const {
    auto it = object_.find(name);
    if (it == object_.end()) fail(std::string("field \"") + name + "\" is missing");
    return *it;
  }

  std::string text(const char* name) const {
    const json& value = field(name);
    if (!value.is_string()) fail(std::string("field \"") + name + "\" must be a string");
    return value.get<std::string>();
  }

  double number(const json& value, const std::string& what) const {
    if (!value.is_number()) fail(what + " must be a number, got " + value.dump());
    double x = value.get<double>();
    if (!std::isfinite(x)) fail(what + " must be finite");
    return x;
  }

  double positive(const char* name) const {
    double x = number(field(name), std::string("field \"") + name + "\"");
    if (!(x > 0))
      fail(std::string("field \"") + name + "\" must be positive, got " + field(name).dump());
    return x;
  }

  // [low, high] with low <= high.
  std::pair<double, double> range(const char* name) const {
    const json& value = field(name);
    if (!value.is_array() || value.size() != 2) {
      fail(std::string("field \"") + name + "\" must be [smallest, largest]");
    }
    double low = number(value[0], std::string("field \"") + name + "\"");
    double high = number(value[1], std::string("field \"") + name + "\"");
    if (low > high) fail(std::string("field \"") + name + "\" has its smallest above its largest");
    return {low, high};
  }

  // stacksplit-network/2: an array of pieces, {"bytes": [from, to], "coefficients": rows},
  // to null for no end; /1: the rows of one polynomial for every size.
  ExchangePolynomial polynomial(const json& exchanges, Exchange exchange, bool pieces) const {
    const std::string name(exchange_name(exchange));
    auto it = exchanges.find(name);
    if (it == exchanges.end()) fail("exchange \"" + name + "\" is missing");
    const std::string what = "exchange \"" + name + "\"";
    if (!pieces) return ExchangePolynomial::single(rows(*it, what));
    if (!it->is_array() || it->empty()) fail(what + " must be a non-empty array of pieces");
    ExchangePolynomial polynomial;
    for (const json& piece : *it) {
      if (!piece.is_object() || !piece.contains("bytes") || !piece.contains("coefficients")) {
        fail(what + ": a piece is {\"bytes\": [from, to], \"coefficients\": rows}");
      }
      const json& bytes = piece["bytes"];
      if (!bytes.is_array() || bytes.size() != 2) fail(what + ": a piece's bytes are [from, to]");
      const double from = number(bytes[0], what + "'s piece start");
      const double to = bytes[1].is_null() ? std::numeric_limits<double>::infinity()
                                           : number(bytes[1], what + "'s piece end");
      if (from > to) fail(what + ": a piece ends before it starts");
      if (!polynomial.pieces.empty() &&
          (from < polynomial.pieces.back().from_bytes || to < polynomial.pieces.back().to_bytes)) {
        fail(what + ": pieces must be in ascending sizes");
      }
      polynomial.pieces.push_back({from, to, rows(piece["coefficients"], what)});
    }
    return polynomial;
  }

  std::vector<std::vector<double>> rows(const json& value, const std::string& what) const {
    if (!value.is_array() || value.empty()) fail(what + " must be a non-empty array of rows");
    std::vector<std::vector<double>> rows;
    for (const json& row : value) {
      if (!row.is_array() || row.empty()) fail(what + " must be a non-empty array of rows");
      if (row.size() != value[0].size()) fail(what + " has rows of different lengths");
      rows.emplace_back();
      for (const json& c : row) rows.back().push_back(number(c, what + "'s coefficient"));
    }
    return rows;
  }

 private:
  const json& object_;
  std::string source_;
};

}  // namespace

std::string network_model_json(const NetworkModel& model) {
  json exchanges = json::object();
  for (Exchange exchange : kExchanges) {
    json pieces = json::array();
    for (const ExchangePolynomial::Piece& piece : model.polynomial(exchange).pieces) {
      json to = std::isinf(piece.to_bytes) ? json(nullptr) : json(piece.to_bytes);
      pieces.push_back({{"bytes", {piece.from_bytes, to}}, {"coefficients", piece.coefficients}});
    }
    exchanges[std::string(exchange_name(exchange))] = pieces;
  }
  json object = {{"schema", kNetworkSchema},
                 {"runtime", model.runtime},
                 {"machine", model.machine},
                 {"latency_s", model.latency_s},
                 {"bandwidth_bytes_per_s", model.bandwidth_bytes_per_s},
                 {"processors", {model.min_processors, model.max_processors}},
                 {"bytes", {model.min_bytes, model.max_bytes}},
                 {"exchanges", exchanges}};
  return object.dump(2) + "\n";
}

NetworkModel parse_network_model(std::string_view text, const std::string& source,
                                 const NetworkExpectation& expected) {
  json object = parse_object(text, source);
  Reader reader(object, source);
  const std::string schema = reader.text("schema");
  const bool pieces = schema == kNetworkSchema;
  if (!pieces && schema != kNetworkSchemaOne) {
    reader.fail("schema \"" + schema + "\" is not \"" + std::string(kNetworkSchema) +
                "\" (measure again with stacksplit netchar)");
  }

  NetworkModel model;
  model.runtime = reader.text("runtime");
  model.machine = reader.text("machine");
  if ((!expected.runtime.empty() && expected.runtime != model.runtime) ||
      (!expected.machine.empty() && expected.machine != model.machine)) {
    reader.fail("measured on runtime \"" + model.runtime + "\", machine \"" + model.machine +
                "\", but this run is on runtime \"" + expected.runtime + "\", machine \"" +
                expected.machine + "\" (measure it there with stacksplit netchar)");
  }
  model.latency_s = reader.positive("latency_s");
  model.bandwidth_bytes_per_s = reader.positive("bandwidth_bytes_per_s");
  auto [p_low, p_high] = reader.range("processors");
  if (p_low < 2 || p_low != std::floor(p_low) || p_high != std::floor(p_high)) {
    reader.fail("field \"processors\" must hold whole numbers of at least 2");
  }
  model.min_processors = static_cast<int>(p_low);
  model.max_processors = static_cast<int>(p_high);
  std::tie(model.min_bytes, model.max_bytes) = reader.range("bytes");
  if (model.min_bytes < 0) reader.fail("field \"bytes\" must not be negative");

  const json& exchanges = reader.field("exchanges");
  if (!exchanges.is_object()) reader.fail("field \"exchanges\" must be an object");
  for (Exchange exchange : kExchanges) {
    model.exchanges[static_cast<std::size_t>(exchange)] =
        reader.polynomial(exchanges, exchange, pieces);
  }
  return model;
}

void save_network_model(const NetworkModel& model, const std::filesystem::path& path) {
  std::ofstream out(path);
  if (!out) throw NetworkFileError(path.string() + ": cannot write the network file");
  out << network_model_json(model);
  if (!out.flush()) throw NetworkFileError(path.string() + ": cannot write the network file");
}

NetworkModel load_network_model(const std::filesystem::path& path,
                                const NetworkExpectation& expected) {
  std::ifstream in(path);
  if (!in) throw NetworkFileError(path.string() + ": cannot open the network file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_network_model(text.str(), path.string(), expected);
}

}  // namespace stacksplit::schemes::loop::cost_model
