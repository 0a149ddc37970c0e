#include "apps/cli/netchar_command.hpp"

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "apps/cli/common_options.hpp"
#include "apps/cli/netchar/characterize_network.hpp"
#include "core/mpi/launcher.hpp"
#include "schemes/loop/cost_model/network_fit.hpp"
#include "schemes/loop/cost_model/network_model_file.hpp"

namespace stacksplit::cli {

namespace {

constexpr const char* kNotForNetchar[] = {"--split", "--cutoff",    "--serial-depth",
                                          "--mode",  "--scheme",    "--quantum",
                                          "--json",  "--node-time", "--balance"};

void print_table(const schemes::loop::cost_model::NetworkModel& model,
                 const schemes::loop::cost_model::NetworkSamples& samples) {
  char line[200];
  std::snprintf(line, sizeof line, "latency L = %.4g us, bandwidth B = %.4g MB/s\n",
                model.latency_s * 1e6, model.bandwidth_bytes_per_s / 1e6);
  std::cout << line;
  std::cout << "exchange     P   bytes   measured us   fitted us\n";
  for (const auto& sample : samples.exchanges) {
    std::snprintf(line, sizeof line, "%-10s %3d %7.0f %13.4g %11.4g\n",
                  std::string(schemes::loop::cost_model::exchange_name(sample.exchange)).c_str(),
                  sample.processors, sample.bytes, sample.seconds * 1e6,
                  model.cost(sample.exchange, sample.processors, sample.bytes) * 1e6);
    std::cout << line;
  }
}

}  // namespace

void add_netchar_command(CLI::App& app) {
  struct Options {
    CommonOptions common;
    std::string out;
    int repeats = 3;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "netchar", "measure the network of a runtime (or simulated machine) for the loop cost model");
  add_common_options(*command, options->common, CommandDefaults{});
  for (const char* name : kNotForNetchar) command->remove_option(command->get_option(name));
  command->add_option("--out", options->out, "save the fitted model here (JSON)");
  command->add_option("--repeats", options->repeats, "rounds of every measurement (the median)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  command->callback([options] {
    const core::RunConfig config = make_run_config(options->common, CommandDefaults{});
    cli::NetcharOptions netchar;
    netchar.repeats = options->repeats;
    const auto samples = cli::characterize_network(config, netchar);
    if (!core::is_first_rank()) return;
    const auto model =
        schemes::loop::cost_model::fit_network(samples, cli::netchar_fit_options(config.workers));
    if (!options->common.quiet) print_table(model, samples);
    if (!options->out.empty()) {
      schemes::loop::cost_model::save_network_model(model, options->out);
      if (!options->common.quiet) std::cout << "saved " << options->out << '\n';
    }
  });
}

}  // namespace stacksplit::cli
