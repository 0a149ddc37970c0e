// The README shows whole files as its recipes: the N-Queens application (a
// search app inside the tree), a loop kernel (tests/loop runs it) and the
// out-of-tree example (a project that finds an installed stacksplit). This keeps every copy word
// for word the code that is built; tests/examples builds and runs the out-of-tree one.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string read_source(const std::string& relative_path) {
  std::ifstream in(std::string(STACKSPLIT_SOURCE_DIR) + "/" + relative_path);
  EXPECT_TRUE(in) << "cannot open " << relative_path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class ReadmeShowsTheFile : public ::testing::TestWithParam<const char*> {};

TEST_P(ReadmeShowsTheFile, WordForWord) {
  const std::string path = GetParam();
  const std::string readme = read_source("README.md");
  const std::size_t caption = readme.find("`" + path + "`");
  ASSERT_NE(caption, std::string::npos) << "README.md does not name " << path;
  const std::size_t fence = readme.find("```", caption);
  ASSERT_NE(fence, std::string::npos) << "no code block after " << path << " in README.md";
  const std::size_t start = readme.find('\n', fence) + 1;
  const std::size_t end = readme.find("```", start);
  ASSERT_NE(end, std::string::npos) << "unclosed code block after " << path << " in README.md";
  EXPECT_EQ(readme.substr(start, end - start), read_source(path))
      << "README.md's copy of " << path << " differs from the file: copy the file in again";
}

INSTANTIATE_TEST_SUITE_P(NQueensApp, ReadmeShowsTheFile,
                         ::testing::Values("apps/nqueens/nqueens.hpp",
                                           "apps/nqueens/nqueens_command.cpp",
                                           "apps/nqueens/CMakeLists.txt"));

INSTANTIATE_TEST_SUITE_P(LoopKernel, ReadmeShowsTheFile,
                         ::testing::Values("examples/loop-kernel/squares_kernel.hpp"));

INSTANTIATE_TEST_SUITE_P(OutOfTreeApp, ReadmeShowsTheFile,
                         ::testing::Values("examples/out-of-tree-app/CMakeLists.txt",
                                           "examples/out-of-tree-app/count_subsets.cpp"));

}  // namespace
