// The threads runtime's mailbox pattern in miniature, for ThreadSanitizer:
// every worker sends heap-owning messages to the others' oneTBB bounded
// queues and drains its own, as under the random scheme. The queues take
// their pages from `tbb` (oneTBB's cache-aligned allocator, libtbbmalloc
// behind it) or `std` (std::allocator, malloc).
// Usage: queue_handoff_probe tbb|std [messages per worker]
// Under TSan, `std` must run clean (a ctest); `tbb` is the evidence kept in
// tests/sanitizers/tsan.supp for why the TSan build takes `std`.

#include <tbb/cache_aligned_allocator.h>
#include <tbb/concurrent_queue.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kWorkers = 4;

struct Envelope {
  std::vector<int> payload;  // allocated by the sender, freed by the receiver
};

template <class Queue>
long all_to_all(long messages_per_worker) {
  std::vector<Queue> mailboxes(kWorkers);
  std::atomic<int> finished_sending{0};
  std::atomic<long> checksum{0};
  std::vector<std::thread> workers;
  for (int self = 0; self < kWorkers; ++self) {
    workers.emplace_back([&, self] {
      std::minstd_rand random(static_cast<unsigned>(self + 1));
      long received = 0;
      Envelope envelope;
      auto drain = [&] {
        while (mailboxes[self].try_pop(envelope)) {
          envelope.payload.push_back(1);  // touch what another thread wrote
          received += static_cast<long>(envelope.payload.size());
        }
      };
      for (long sent = 0; sent < messages_per_worker;) {
        const int to = static_cast<int>(random() % kWorkers);
        if (to == self) continue;
        mailboxes[to].push(Envelope{std::vector<int>(random() % 7 + 1, 2)});
        ++sent;
        drain();
      }
      finished_sending.fetch_add(1);
      while (finished_sending.load() < kWorkers) drain();
      drain();
      checksum.fetch_add(received);
    });
  }
  for (std::thread& worker : workers) worker.join();
  return checksum.load();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string allocator = argc > 1 ? argv[1] : "";
  const long messages = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 20000;
  if ((allocator != "tbb" && allocator != "std") || messages <= 0) {
    std::fprintf(stderr, "usage: queue_handoff_probe tbb|std [messages per worker > 0]\n");
    return 2;
  }
  using TbbPages = tbb::concurrent_bounded_queue<Envelope, tbb::cache_aligned_allocator<Envelope>>;
  using StdPages = tbb::concurrent_bounded_queue<Envelope, std::allocator<Envelope>>;
  const long checksum =
      allocator == "tbb" ? all_to_all<TbbPages>(messages) : all_to_all<StdPages>(messages);
  std::printf("%s: %d workers, %ld messages each, checksum %ld\n", allocator.c_str(), kWorkers,
              messages, checksum);
  return 0;
}
