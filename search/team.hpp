// A team of threads for engines that hand out work of two kinds: whole tasks (a portfolio member's
// turn) and parallel loops (the levels of a beam), where a loop is shared by whoever is free.
//
// Why not OpenMP for this. Two reasons, both measured on peg solitaire (issue 34):
// - Waiting. At the end of a parallel region libgomp spins for GOMP_SPINCOUNT (300,000 rounds,
//   milliseconds) before it sleeps, unless OMP_WAIT_POLICY says otherwise, and a program cannot
//   change that once it runs. A beam is dozens of short regions per round; on a machine shared
//   with another sweep, the spinning threads took the cores from the working ones, and 2 threads
//   ran 2.3-3.1x slower than 1 (OMP_WAIT_POLICY=passive halved it). Here an idle thread sleeps on
//   a condition variable at once.
// - Sizing. A portfolio runs a one-thread turn beside a beam; when the turn ends, its thread
//   should join the beam's next loop. An OpenMP region's size is fixed when it starts. Here a loop
//   takes whichever members are idle, and more may join it while it runs.
//
// Exceptions. A loop body that throws stops the loop (no new chunks start), and parallel_for()
// rethrows the first exception once every member has left the loop. A task must not throw: the
// team cannot know who waits for it (the portfolio catches its turns' exceptions itself).
//
// Shape. `threads - 1` helper threads, plus the thread that calls run_until() or parallel_for():
// every caller is a member too, so a team of one runs everything on the caller, in order.
// Tasks carry a rank and the lowest-ranked queued task runs first (a portfolio ranks its turns by
// their place in the serial order, so that on one thread they run exactly in that order). An idle
// member joins a loop that has chunks left before it starts a new task: someone is waiting on the
// loop.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace bs::search {

class Team {
 public:
  explicit Team(int threads) : size_(std::max(1, threads)) {
    for (int i = 1; i < size_; ++i) helpers_.emplace_back([this] { help(); });
  }
  ~Team() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : helpers_) t.join();
  }
  Team(const Team&) = delete;
  Team& operator=(const Team&) = delete;

  int size() const { return size_; }

  // Queues a task; the lowest rank runs first (ties in the order posted).
  void post(uint64_t rank, std::function<void()> task) {
    {
      std::lock_guard lock(mutex_);
      tasks_.emplace(std::pair{rank, serial_++}, std::move(task));
    }
    wake_.notify_one();
  }

  // Runs queued tasks and joins loops on the calling thread until done() holds. done() is read
  // under the team's lock, after every task and whenever notify() is called.
  void run_until(const std::function<bool()>& done) {
    std::unique_lock lock(mutex_);
    while (!done()) {
      if (!work_one(lock)) wake_.wait(lock);
    }
  }

  // Something done() reads has changed.
  void notify() {
    { std::lock_guard lock(mutex_); }  // orders the change before a waiter's next look
    wake_.notify_all();
  }

  // body(slot, i) for each i in [0, n), in chunks of `chunk`, on the caller and on every member
  // idle now or while the loop runs. `slot` is below size() and distinct among the threads in the
  // loop, for per-thread scratch. Returns when every i is done.
  template <class Body>
  void parallel_for(size_t n, size_t chunk, Body&& body) {
    if (n == 0) return;
    Loop loop;
    loop.n = n;
    loop.chunk = std::max<size_t>(1, chunk);
    loop.body = [&body](int slot, size_t i) { body(slot, i); };
    if (size_ > 1 && n > loop.chunk) {
      {
        std::lock_guard lock(mutex_);
        loops_.push_back(&loop);
      }
      wake_.notify_all();
    }
    run_chunks(loop);
    {
      std::unique_lock lock(mutex_);
      std::erase(loops_, &loop);
      // Members that joined finish the chunks they took.
      loop_done_.wait(lock, [&] { return loop.inside == 0; });
    }
    if (loop.failed) std::rethrow_exception(loop.failed);
  }

 private:
  struct Loop {
    size_t n = 0, chunk = 1;
    std::function<void(int, size_t)> body;
    std::atomic<size_t> next{0};
    std::atomic<int> slots{0};
    int inside = 0;             // helpers in the loop, under mutex_
    std::exception_ptr failed;  // the first exception of a body, under failed_mutex
    std::mutex failed_mutex;
  };

  void run_chunks(Loop& loop) {
    const int slot = loop.slots.fetch_add(1, std::memory_order_relaxed);
    try {
      for (size_t begin;
           (begin = loop.next.fetch_add(loop.chunk, std::memory_order_relaxed)) < loop.n;)
        for (size_t i = begin, end = std::min(loop.n, begin + loop.chunk); i < end; ++i)
          loop.body(slot, i);
    } catch (...) {
      loop.next.store(loop.n, std::memory_order_relaxed);  // no new chunk starts
      std::lock_guard lock(loop.failed_mutex);
      if (!loop.failed) loop.failed = std::current_exception();
    }
  }

  // One piece of work under `lock` (released while it runs): a loop's chunks first, else the
  // lowest-ranked task. False: nothing to do.
  bool work_one(std::unique_lock<std::mutex>& lock) {
    for (Loop* loop : loops_) {
      if (loop->next.load(std::memory_order_relaxed) >= loop->n) continue;
      ++loop->inside;
      lock.unlock();
      run_chunks(*loop);
      lock.lock();
      if (--loop->inside == 0) loop_done_.notify_all();
      return true;
    }
    if (tasks_.empty()) return false;
    std::function<void()> task = std::move(tasks_.begin()->second);
    tasks_.erase(tasks_.begin());
    lock.unlock();
    task();
    lock.lock();
    wake_.notify_all();  // a task's end may be what run_until() waits for
    return true;
  }

  void help() {
    std::unique_lock lock(mutex_);
    while (!closing_) {
      if (!work_one(lock)) wake_.wait(lock);
    }
  }

  const int size_;
  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable wake_, loop_done_;
  std::map<std::pair<uint64_t, uint64_t>, std::function<void()>> tasks_;  // (rank, serial)
  uint64_t serial_ = 0;
  std::vector<Loop*> loops_;
  bool closing_ = false;
};

}  // namespace bs::search
