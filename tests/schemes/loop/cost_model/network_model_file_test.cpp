#include "schemes/loop/cost_model/network_model_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>

namespace stacksplit::schemes::loop::cost_model {
namespace {

NetworkModel sample_model() {
  NetworkModel model;
  model.latency_s = 2414.5e-6;
  model.bandwidth_bytes_per_s = 0.96e6;
  model.exchanges[0] = ExchangePolynomial::single({{1e-3, 3e-6}, {2e-4, 1e-8}, {0, 0}});
  model.exchanges[1] = ExchangePolynomial::single({{5e-4, 2e-6}, {1e-4, 0}, {2e-5, 0}});
  model.exchanges[2] = ExchangePolynomial::single({{2e-3, 0}, {0, 0}, {5e-5, 4e-9}});
  model.min_processors = 2;
  model.max_processors = 16;
  model.min_bytes = 8;
  model.max_bytes = 65536;
  model.runtime = "sim";
  model.machine = "now";
  return model;
}

// The one-line message for a file holding `text`.
std::string error_of(const std::string& text, const NetworkExpectation& expected = {}) {
  try {
    parse_network_model(text, "net.json", expected);
  } catch (const NetworkFileError& error) {
    std::string message = error.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  ADD_FAILURE() << "no error for " << text;
  return {};
}

std::string edited(const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json object = nlohmann::json::parse(network_model_json(sample_model()));
  edit(object);
  return object.dump();
}

TEST(NetworkModelFile, RoundTripsThroughAFile) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("stacksplit_network_" + std::to_string(::getpid()) + ".json");
  save_network_model(sample_model(), path);
  NetworkModel loaded = load_network_model(path, {"sim", "now"});
  std::filesystem::remove(path);
  const NetworkModel original = sample_model();
  EXPECT_EQ(loaded.latency_s, original.latency_s);
  EXPECT_EQ(loaded.bandwidth_bytes_per_s, original.bandwidth_bytes_per_s);
  for (Exchange e : kExchanges) {
    ASSERT_EQ(loaded.polynomial(e).pieces.size(), 1u);
    EXPECT_EQ(loaded.polynomial(e).pieces[0].coefficients,
              original.polynomial(e).pieces[0].coefficients);
  }
  EXPECT_EQ(loaded.max_processors, 16);
  EXPECT_EQ(loaded.max_bytes, 65536);
  EXPECT_EQ(loaded.machine, "now");
  EXPECT_NEAR(loaded.cost(Exchange::kAllToAll, 8, 100), original.cost(Exchange::kAllToAll, 8, 100),
              1e-15);
}

TEST(NetworkModelFile, MalformedFilesGetOneLine) {
  EXPECT_EQ(error_of("{\"schema\": "),
            "net.json: not valid JSON: parse error at line 1, column 12: syntax error while "
            "parsing value - unexpected end of input; expected '[', '{', or a literal");
  EXPECT_EQ(error_of("[1, 2]"), "net.json: a network file is a JSON object");
  EXPECT_EQ(error_of(edited([](auto& j) { j.erase("latency_s"); })),
            "net.json: field \"latency_s\" is missing");
  EXPECT_EQ(error_of(edited([](auto& j) { j["latency_s"] = "fast"; })),
            "net.json: field \"latency_s\" must be a number, got \"fast\"");
  EXPECT_EQ(error_of(edited([](auto& j) { j["bandwidth_bytes_per_s"] = 0; })),
            "net.json: field \"bandwidth_bytes_per_s\" must be positive, got 0");
  EXPECT_EQ(error_of(edited([](auto& j) { j["exchanges"].erase("all_to_all"); })),
            "net.json: exchange \"all_to_all\" is missing");
  EXPECT_EQ(
      error_of(edited([](auto& j) { j["exchanges"]["one_to_all"][0]["coefficients"][1] = {1.0}; })),
      "net.json: exchange \"one_to_all\" has rows of different lengths");
  EXPECT_EQ(error_of(edited([](auto& j) { j["exchanges"]["one_to_all"][0].erase("bytes"); })),
            "net.json: exchange \"one_to_all\": a piece is {\"bytes\": [from, to], "
            "\"coefficients\": rows}");
  EXPECT_EQ(error_of(edited([](auto& j) {
              auto low = j["exchanges"]["one_to_all"][0], high = low;
              low["bytes"] = {8, 1024};
              high["bytes"] = {1, 8};
              j["exchanges"]["one_to_all"] = {low, high};
            })),
            "net.json: exchange \"one_to_all\": pieces must be in ascending sizes");
  EXPECT_EQ(error_of(edited([](auto& j) {
              j["processors"] = {16, 2};
            })),
            "net.json: field \"processors\" has its smallest above its largest");
}

TEST(NetworkModelFile, MismatchedFilesGetOneLine) {
  EXPECT_EQ(error_of(edited([](auto& j) { j["schema"] = "stacksplit-network/0"; })),
            "net.json: schema \"stacksplit-network/0\" is not \"stacksplit-network/2\" (measure "
            "again with stacksplit netchar)");
  EXPECT_EQ(error_of(network_model_json(sample_model()), {"threads", "none"}),
            "net.json: measured on runtime \"sim\", machine \"now\", but this run is on runtime "
            "\"threads\", machine \"none\" (measure it there with stacksplit netchar)");
  // Unchecked fields are not compared.
  EXPECT_NO_THROW(parse_network_model(network_model_json(sample_model()), "net.json", {"sim", ""}));
}

// A file netchar wrote before message sizes had pieces: one polynomial of rows.
TEST(NetworkModelFile, ASchemaOneFileStillLoads) {
  const std::string text = edited([](auto& j) {
    j["schema"] = "stacksplit-network/1";
    for (auto& [name, pieces] : j["exchanges"].items()) pieces = pieces[0]["coefficients"];
  });
  const NetworkModel loaded = parse_network_model(text, "net.json");
  const NetworkModel original = sample_model();
  for (Exchange e : kExchanges) {
    for (double m : {8.0, 1e6}) EXPECT_EQ(loaded.cost(e, 8, m), original.cost(e, 8, m));
  }
}

TEST(NetworkModelFile, PiecesRoundTripAndTakeTheirSizes) {
  NetworkModel model = sample_model();
  model.exchanges[1].pieces = {{8, 1024, {{0.0025}}}, {1024, 65536, {{-1e-3, 1e-6}, {0, 1e-6}}}};
  const NetworkModel loaded = parse_network_model(network_model_json(model), "net.json");
  EXPECT_DOUBLE_EQ(loaded.cost(Exchange::kAllToOne, 16, 8), 0.0025);
  EXPECT_DOUBLE_EQ(loaded.cost(Exchange::kAllToOne, 16, 1000), 0.0025);
  EXPECT_DOUBLE_EQ(loaded.cost(Exchange::kAllToOne, 16, 8192), -1e-3 + 17 * 8192e-6);
  EXPECT_DOUBLE_EQ(loaded.cost(Exchange::kAllToOne, 16, 1e6), -1e-3 + 17);  // beyond: the last
  EXPECT_EQ(loaded.polynomial(Exchange::kAllToOne).pieces[1].to_bytes, 65536);
}

TEST(NetworkModelFile, AMissingFileNamesIt) {
  try {
    load_network_model("/nonexistent/net.json");
    ADD_FAILURE() << "no error";
  } catch (const NetworkFileError& error) {
    EXPECT_EQ(std::string(error.what()), "/nonexistent/net.json: cannot open the network file");
  }
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
