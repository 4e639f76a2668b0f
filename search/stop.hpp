// Stop conditions that compose, and say which one fired.
//
// A search polls its Stopper at every node. The poll is a relaxed load of one flag; only every
// kPollEvery nodes (or every nodes + 1, when the node limit is smaller, so that a small limit is
// not silently rounded up to kPollEvery) does a thread publish its node count and read the
// clock, so limits cost almost nothing and still fire within a few microseconds of being crossed.
// Conditions are independent: any subset of node limit, time limit and external cancel may be
// armed, and the first to fire is the reason recorded. A search may also stop itself (a solution
// was found).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "core/stop_reason.hpp"

namespace bs::search {

struct Limits {
  // Nodes a search may expand (threads may overshoot by their unpublished ones); 0: no limit.
  uint64_t nodes = 0;
  double seconds = 0;                         // 0: no time limit
  const std::atomic<bool>* cancel = nullptr;  // raised by someone else: stop
};

class Stopper {
 public:
  static constexpr uint64_t kPollEvery = 1024;

  explicit Stopper(Limits limits = {})
      : limits_(limits),
        poll_every_(limits.nodes > 0 && limits.nodes < kPollEvery ? limits.nodes + 1 : kPollEvery),
        start_(std::chrono::steady_clock::now()) {}

  // Call once per node with the calling thread's private counter of unpublished nodes.
  bool poll(uint64_t& unpublished) {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if (++unpublished < poll_every_) return false;
    return publish(unpublished);
  }

  // Publishes the remaining nodes and checks every condition now.
  bool publish(uint64_t& unpublished) {
    const uint64_t total = nodes_.fetch_add(unpublished, std::memory_order_relaxed) + unpublished;
    unpublished = 0;
    if (limits_.nodes && total > limits_.nodes) trigger(StopReason::node_limit);
    if (limits_.seconds > 0 && elapsed() >= limits_.seconds) trigger(StopReason::time_limit);
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed))
      trigger(StopReason::cancelled);
    return stopped_.load(std::memory_order_relaxed);
  }

  // Adds a thread's remaining nodes to the total without checking any condition: for the
  // accounting after a search, which must not turn a finished search into a stopped one.
  void account(uint64_t& unpublished) {
    nodes_.fetch_add(unpublished, std::memory_order_relaxed);
    unpublished = 0;
  }

  // The first reason wins; later triggers are ignored.
  void trigger(StopReason why) {
    bool expected = false;
    if (claimed_.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) {
      reason_ = why;
      stopped_.store(true, std::memory_order_release);
    }
  }

  bool stopped() const { return stopped_.load(std::memory_order_acquire); }
  // Meaningful once stopped() is true.
  StopReason reason() const { return reason_; }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  Limits limits_;
  uint64_t poll_every_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<uint64_t> nodes_{0};
  std::atomic<bool> claimed_{false};
  std::atomic<bool> stopped_{false};
  StopReason reason_ = StopReason::exhausted;
};

}  // namespace bs::search
