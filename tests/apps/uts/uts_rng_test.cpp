#include "apps/uts/uts_rng.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace stacksplit::apps::uts {
namespace {

std::string hex(const Sha1Digest& digest) {
  std::string text;
  for (std::uint8_t byte : digest) {
    char pair[3];
    std::snprintf(pair, sizeof pair, "%02x", byte);
    text += pair;
  }
  return text;
}

// Expected digests computed independently of OpenSSL (Python's hashlib) from
// the benchmark's definition of rng_init and rng_spawn.
TEST(UtsRng, RootIsSha1OfSixteenZerosAndTheSeed) {
  UtsRng rng;
  EXPECT_EQ(hex(rng.root(0)), "6768033e216468247bd031a0a2d9876d79818f8f");
  EXPECT_EQ(hex(rng.root(19)), "c6988ab70cc9559ae4d6cba254e29a845a85f86b");
  EXPECT_EQ(hex(rng.root(42)), "a11dabbcec7aab309c890ab3dbc256eaeb582782");
}

TEST(UtsRng, ChildIsSha1OfParentAndIndex) {
  UtsRng rng;
  const Sha1Digest root = rng.root(19);
  EXPECT_EQ(hex(rng.spawn(root, 0)), "2fb3131030280c1617a81d6a49c1e29effb19645");
  EXPECT_EQ(hex(rng.spawn(root, 1)), "4a8304c7c88f903ac06b01b07c7b2590e9397b5b");
  EXPECT_EQ(hex(rng.spawn(root, 3)), "4e62c7789552ef31fa428ed5d9023d3f3ec368ef");
  EXPECT_EQ(hex(rng.spawn(rng.spawn(root, 2), 1)), "42bae09c4c2426a094561174b9ac493a519611ca");
}

TEST(UtsRng, RandomValueIsLastFourBytesWithoutTopBit) {
  UtsRng rng;
  EXPECT_EQ(uts_rand(rng.root(0)), 2038534031);
  EXPECT_EQ(uts_rand(rng.root(19)), 1518729323);
  EXPECT_EQ(uts_rand(rng.spawn(rng.root(19), 0)), 2142344773);  // 0xffb19645 without its top bit
  Sha1Digest ones;
  ones.fill(0xff);
  EXPECT_EQ(uts_rand(ones), 0x7fffffff);
  EXPECT_LT(uts_to_prob(0x7fffffff), 1.0);
  EXPECT_EQ(uts_to_prob(0), 0.0);
  EXPECT_EQ(uts_to_prob(1 << 30), 0.5);
}

TEST(UtsRng, CopiesAndMovesHashAlike) {
  UtsRng rng;
  UtsRng copy = rng;
  EXPECT_EQ(copy.root(7), rng.root(7));
  UtsRng moved = std::move(copy);
  EXPECT_EQ(moved.spawn(rng.root(7), 5), rng.spawn(rng.root(7), 5));
  copy = moved;  // assigning into a moved-from generator gives it a context again
  EXPECT_EQ(copy.root(8), rng.root(8));
}

}  // namespace
}  // namespace stacksplit::apps::uts
