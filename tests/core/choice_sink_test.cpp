// The engine's choice buffer keeps 32-bit offsets: it grows to 2^32 - 1
// choices and then refuses with an error. Its growth used to double the
// capacity in 32 bits, so past 2^31 it wrapped round, grew nothing, and the
// next choice was written past the buffer.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>

#include "core/search_space.hpp"

namespace stacksplit::core {
namespace {

constexpr std::uint32_t kMost = std::numeric_limits<std::uint32_t>::max();

// Gigabytes of address space, of which the test touches a page or two; a
// machine that will not reserve them skips the test.
// Under a sanitizer realloc copies what it moves (2 GiB here): skipped there.
bool reserve(FlatBuffer<std::uint8_t>& buffer, std::uint32_t capacity) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  (void)buffer;
  (void)capacity;
  return false;
#endif
  try {
    buffer.reserve(capacity);
    return true;
  } catch (const std::bad_alloc&) {
    return false;
  }
}

TEST(ChoiceSink, GrowsPastTwoToTheThirtyOneToTheMostAndNoFurther) {
  FlatBuffer<std::uint8_t> buffer;
  const std::uint32_t half = (std::uint32_t{1} << 31) + 1;
  if (!reserve(buffer, half)) GTEST_SKIP() << "2 GiB of address space not at hand";
  {
    ChoiceSink<std::uint8_t> sink(buffer, half);  // full
    sink.push(7);
    EXPECT_EQ(buffer.capacity(), kMost) << "the capacity wrapped round instead of growing";
    EXPECT_EQ(sink.written_end(), half + 1);
    EXPECT_EQ(buffer.data()[half], 7);
  }
  ChoiceSink<std::uint8_t> sink(buffer, kMost - 1);
  sink.push(8);  // the last place
  EXPECT_EQ(sink.written_end(), kMost);
  try {
    sink.push(9);
    FAIL() << "a choice past 2^32 - 1 was taken";
  } catch (const std::length_error& error) {
    EXPECT_EQ(std::string(error.what()),
              "a search stack holds at most 2^32 - 1 untried choices; this search is too wide or "
              "too deep for one processor's stack");
  }
}

}  // namespace
}  // namespace stacksplit::core
