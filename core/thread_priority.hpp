#pragma once
// A thread of work that must not wait for the threads beside it (SAT's race
// under mpirun: its rank's worker threads share the rank's cores with it).
// Linux gives each thread its own nice value, inherited by the threads it
// creates; raising it needs no privilege. While a YieldingThread lives, the
// calling thread, and every thread it starts, is nice kNice: on a core it
// shares with a thread of nice 0 it gets about 1.5 % of the time (the
// kernel's weights, 15 against 1024), enough to answer its mail, and a core
// of its own when there is one.

namespace stacksplit::core {

class YieldingThread {
 public:
  static constexpr int kNice = 19;

  // `yield`: false leaves the thread as it is.
  explicit YieldingThread(bool yield);
  ~YieldingThread();
  YieldingThread(const YieldingThread&) = delete;
  YieldingThread& operator=(const YieldingThread&) = delete;

  // Whether the thread yields (the system may refuse: then it runs as before).
  bool yields() const { return lowered_; }

 private:
  bool lowered_ = false;
  int previous_ = 0;
};

}  // namespace stacksplit::core
