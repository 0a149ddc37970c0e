// Every file of the malformed corpus (malformed/expected.txt) gets its exact
// message, `FILE:LINE: what is wrong`, and the sat command exits 1 on it with
// that line, and nothing else, on standard error.

#include <gtest/gtest.h>

#include <fstream>

#include "apps/sat/cnf/dimacs_reader.hpp"
#include "tests/apps/sat/sat_test_support.hpp"

namespace stacksplit::apps::sat {
namespace {

struct Malformed {
  std::string file;
  bool strict = false;
  std::string message;
};

std::string corpus_directory() { return std::string(SAT_TEST_DATA) + "/malformed"; }

std::vector<Malformed> load_corpus() {
  std::vector<Malformed> corpus;
  std::ifstream in(corpus_directory() + "/expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::size_t a = line.find('|');
    std::size_t b = line.find('|', a + 1);
    corpus.push_back(
        {line.substr(0, a), line.substr(a + 1, b - a - 1) == "strict", line.substr(b + 1)});
  }
  return corpus;
}

TEST(SatMalformed, CorpusIsComplete) {
  auto corpus = load_corpus();
  EXPECT_GE(corpus.size(), 20u);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus_directory()))
    files += entry.path().filename() != "expected.txt";
  EXPECT_EQ(files, corpus.size()) << "every file in malformed/ needs a line in expected.txt";
}

TEST(SatMalformed, ReaderGivesTheExactMessage) {
  for (const Malformed& entry : load_corpus()) {
    SCOPED_TRACE(entry.file);
    std::string path = corpus_directory() + "/" + entry.file;
    DimacsOptions options;
    options.strict = entry.strict;
    try {
      read_dimacs(path, options);
      ADD_FAILURE() << "no error for " << entry.file;
    } catch (const DimacsError& e) {
      EXPECT_EQ(std::string(e.what()), path + ":" + entry.message);
    }
  }
}

TEST(SatMalformed, CommandExitsWithStatusOneAndTheMessage) {
  for (const Malformed& entry : load_corpus()) {
    SCOPED_TRACE(entry.file);
    std::string path = corpus_directory() + "/" + entry.file;
    auto run = testing::run_command(std::string(STACKSPLIT_BINARY) + " sat '" + path + "' -w 1" +
                                    (entry.strict ? " --strict" : ""));
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    // The whole of standard error: the message alone, as compilers print theirs.
    EXPECT_EQ(run.err, path + ":" + entry.message + "\n");
    EXPECT_EQ(run.out.find("s "), std::string::npos) << "no answer on bad input: " << run.out;
  }
}

TEST(SatMalformed, StdinErrorsNameStdin) {
  auto run = testing::run_command("printf 'p cnf 2 1\\n1 3 0\\n' | " +
                                  std::string(STACKSPLIT_BINARY) + " sat - -w 1");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "<stdin>:2: literal 3 is beyond the 2 variables of the header\n");
}

}  // namespace
}  // namespace stacksplit::apps::sat
