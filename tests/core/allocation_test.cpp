// No heap allocation per node in the hot loop (docs/design.md, "The application contract"): once a
// stack is warm, SearchStack::expand calls the heap not once. This executable replaces the global
// operator new and delete with counting versions and, on glibc, also malloc, calloc, realloc and
// the aligned allocators, because the engine's FlatBuffer grows with realloc and an application may
// allocate in C (UTS hashes with OpenSSL). It is its own executable so the replacements touch no
// other test.

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/detail/search_stack.hpp"
#include "core/flat_buffer.hpp"

namespace {

std::atomic<std::uint64_t> allocations{0};

}  // namespace

#if defined(__GLIBC__)
// glibc's own entry points, so the replacements below can forward to them.
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void __libc_free(void* pointer);

void* malloc(std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(count, size);
}
void* realloc(void* pointer, std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(pointer, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** result, std::size_t alignment, std::size_t size) noexcept {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0) return EINVAL;
  allocations.fetch_add(1, std::memory_order_relaxed);
  *result = __libc_memalign(alignment, size);
  return *result == nullptr ? ENOMEM : 0;
}
void free(void* pointer) noexcept { __libc_free(pointer); }
}

namespace {
void* raw_allocate(std::size_t size) { return __libc_malloc(size); }
void* raw_allocate_aligned(std::size_t size, std::size_t alignment) {
  return __libc_memalign(alignment, size);
}
void raw_free(void* pointer) { __libc_free(pointer); }
}  // namespace
#else
namespace {
void* raw_allocate(std::size_t size) { return std::malloc(size); }
void* raw_allocate_aligned(std::size_t size, std::size_t alignment) {
  return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}
void raw_free(void* pointer) { std::free(pointer); }
}  // namespace
#endif

namespace {
void* counted_new(std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return raw_allocate(size == 0 ? 1 : size);
}
void* counted_new(std::size_t size, std::align_val_t alignment) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return raw_allocate_aligned(size == 0 ? 1 : size, static_cast<std::size_t>(alignment));
}
void* or_throw(void* pointer) {
  if (pointer == nullptr) throw std::bad_alloc();
  return pointer;
}
}  // namespace

void* operator new(std::size_t size) { return or_throw(counted_new(size)); }
void* operator new[](std::size_t size) { return or_throw(counted_new(size)); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_new(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_new(size); }
void* operator new(std::size_t size, std::align_val_t alignment) {
  return or_throw(counted_new(size, alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return or_throw(counted_new(size, alignment));
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return counted_new(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return counted_new(size, alignment);
}
void operator delete(void* pointer) noexcept { raw_free(pointer); }
void operator delete[](void* pointer) noexcept { raw_free(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { raw_free(pointer); }
void operator delete[](void* pointer, std::size_t) noexcept { raw_free(pointer); }
void operator delete(void* pointer, const std::nothrow_t&) noexcept { raw_free(pointer); }
void operator delete[](void* pointer, const std::nothrow_t&) noexcept { raw_free(pointer); }
void operator delete(void* pointer, std::align_val_t) noexcept { raw_free(pointer); }
void operator delete[](void* pointer, std::align_val_t) noexcept { raw_free(pointer); }
void operator delete(void* pointer, std::size_t, std::align_val_t) noexcept { raw_free(pointer); }
void operator delete[](void* pointer, std::size_t, std::align_val_t) noexcept { raw_free(pointer); }
void operator delete(void* pointer, std::align_val_t, const std::nothrow_t&) noexcept {
  raw_free(pointer);
}
void operator delete[](void* pointer, std::align_val_t, const std::nothrow_t&) noexcept {
  raw_free(pointer);
}

namespace stacksplit::core {
namespace {

// Keeps the compiler from eliding an allocation the counter must see.
void* volatile escape = nullptr;

TEST(AllocationCounter, SeesEveryKindOfAllocation) {
  auto counted = [](auto&& allocate) {
    const std::uint64_t before = allocations.load();
    allocate();
    return allocations.load() - before;
  };
  EXPECT_EQ(counted([] {
              int* p = new int(1);
              escape = p;
              delete p;
            }),
            1u);
  EXPECT_EQ(counted([] {
              std::vector<int> v(3);
              escape = v.data();
            }),
            1u);
#if defined(__GLIBC__)
  // FlatBuffer grows with realloc, out of sight of operator new.
  EXPECT_EQ(counted([] {
              FlatBuffer<int> buffer;
              buffer.reserve(100);
              escape = buffer.data();
            }),
            1u);
  EXPECT_EQ(counted([] {
              void* p = std::malloc(10);
              escape = p;
              std::free(p);
            }),
            1u);
#endif
}

// Runs the first `node_limit` nodes of the search twice on one stack and
// returns the allocations of the second pass: the first warms the stack up,
// and the second needs exactly the buffers the first made.
template <class Space>
std::uint64_t allocations_of_second_pass(Space& space, SplitPolicy policy,
                                         std::uint64_t node_limit) {
  SearchStack<Space> stack(space, policy);
  WorkerStatistics stats;
  std::uint64_t nodes[2] = {0, 0};
  auto pass = [&](std::uint64_t& count) {
    stack.start_at_root(stats);
    count = 1;
    // The worker's quantum: each call also pays expand's way in and out.
    while (stack.has_work() && count < node_limit)
      count += stack.expand(256, stats, [] { return true; });
  };
  pass(nodes[0]);
  const std::uint64_t before = allocations.load();
  pass(nodes[1]);
  const std::uint64_t made = allocations.load() - before;
  EXPECT_EQ(nodes[0], nodes[1]);
  EXPECT_GT(nodes[1], 100'000u) << "too few nodes to speak of a hot loop";
  return made;
}

TEST(HotLoop, NQueensExpandsWithoutAllocating) {
  apps::nqueens::NQueens space(12);
  // The engine's loop for every node, and with the default serial depth the
  // application's own recursion below it.
  for (std::uint32_t serial_depth : {kNoCutoff, kApplicationDefault}) {
    SplitPolicy policy;
    policy.serial_depth = serial_depth;
    EXPECT_EQ(allocations_of_second_pass(space, policy, ~std::uint64_t{0}), 0u)
        << "serial depth " << serial_depth;
  }
}

TEST(HotLoop, UtsExpandsWithoutAllocating) {
  apps::uts::UtsTree space(apps::uts::find_uts_preset("T1").params());
  EXPECT_EQ(allocations_of_second_pass(space, SplitPolicy{}, 1'000'000), 0u);
}

}  // namespace
}  // namespace stacksplit::core
