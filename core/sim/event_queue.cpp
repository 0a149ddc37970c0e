#include "core/sim/event_queue.hpp"

namespace stacksplit::core {

void SimEventQueue::push(double time, SimEventKind kind, std::uint32_t processor,
                         std::uint32_t slot) {
  const SimEvent event{time, next_sequence_++ << 2 | static_cast<std::uint64_t>(kind), processor,
                       slot};
  // Sift the hole up from the new leaf.
  std::size_t hole = heap_.size();
  heap_.push_back(event);
  SimEvent* heap = heap_.data();
  while (hole > 0) {
    const std::size_t parent = (hole - 1) / 4;
    if (!event.before(heap[parent])) break;
    heap[hole] = heap[parent];
    hole = parent;
  }
  heap[hole] = event;
}

SimEvent SimEventQueue::pop() {
  SimEvent* heap = heap_.data();
  const SimEvent first = heap[0];
  const SimEvent last = heap_.back();
  heap_.pop_back();
  const std::size_t size = heap_.size();
  if (size == 0) return first;
  // Sift the hole down from the root, then put the last event in it.
  std::size_t hole = 0;
  for (;;) {
    const std::size_t child = 4 * hole + 1;
    if (child >= size) break;
    // The next level's four blocks of children, one of which the next step
    // reads: asked for now, their misses overlap instead of following each
    // other level by level (the heap outgrows the cache at P = 16384).
    if (const std::size_t grandchild = 4 * child + 1; grandchild < size) {
      const auto first = reinterpret_cast<std::uintptr_t>(heap + grandchild) & ~std::uintptr_t{63};
      const auto last = reinterpret_cast<std::uintptr_t>(heap + grandchild) + 16 * sizeof(SimEvent);
      for (std::uintptr_t line = first; line < last; line += 64)
        __builtin_prefetch(reinterpret_cast<const void*>(line));
    }
    std::size_t best = child;
    const std::size_t stop = child + 4 < size ? child + 4 : size;
    for (std::size_t c = child + 1; c < stop; ++c)
      if (heap[c].before(heap[best])) best = c;
    if (!heap[best].before(last)) break;
    heap[hole] = heap[best];
    hole = best;
  }
  heap[hole] = last;
  return first;
}

}  // namespace stacksplit::core
