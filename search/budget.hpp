// One budget for every search: node limit, time limit and cancellation, composed, and the reason
// the search stopped.
//
// Every engine (the depth-first search, the beam, the restart portfolio, the Minesweeper
// probability count and endgame) spends from a Budget instead of keeping its own deadline and
// counter, so that a limit means the same everywhere and every stop names its cause
// (core/stop_reason.hpp). Conditions are independent: any subset of node limit, time limit and
// external cancel may be armed, and the first to fire is the reason recorded. A search may also
// stop itself (a solution was found) with trigger().
//
// Budgets nest. A child budget (a portfolio round of N nodes inside the whole solve's time limit)
// stops at the first of its own limits and its parent's: its node limit is the lesser of its own
// and what the parent had left when the child was made, its deadline the earlier of the two, and
// it sees the parent's cancel flag and the parent being stopped. When a limit the child inherited
// fires, the parent stops too, with that reason: the whole run is out of time, not just the round.
// The child does not charge its nodes to the parent as it goes (engines count nodes in their own
// ways); whoever runs it adds what it spent with add().
//
// Polling costs almost nothing. poll() is a relaxed load of one flag per node; only every
// kPollEvery nodes (or every nodes + 1, when the node limit is smaller, so that a small limit is
// not silently rounded up to kPollEvery) does a thread publish its node count and read the clock,
// so limits still fire within a few microseconds of being crossed. A search on one thread that
// must stop at exactly its node limit counts with step() instead.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>

#include "core/stop_reason.hpp"

namespace bs::search {

// What a budget allows, as the options give it.
struct Limits {
  // Nodes a search may expand (threads may overshoot by their unpublished ones); 0: no limit.
  uint64_t nodes = 0;
  double seconds = 0;                         // 0: no time limit
  const std::atomic<bool>* cancel = nullptr;  // raised by someone else: stop
};

class Budget {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr uint64_t kPollEvery = 1024;
  static constexpr uint64_t kUnlimited = std::numeric_limits<uint64_t>::max();
  static constexpr double kMaxSeconds = 1e9;  // about 32 years

  // A budget of its own limits, within `parent`'s when there is one. The parent must outlive it.
  explicit Budget(Limits limits = {}, Budget* parent = nullptr)
      : parent_(parent), cancel_(limits.cancel), start_(Clock::now()) {
    node_limit_ = limits.nodes ? limits.nodes : kUnlimited;
    // A limit past kMaxSeconds is none: as a clock duration it would overflow.
    if (limits.seconds > 0 && limits.seconds < kMaxSeconds)
      deadline_ = start_ + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(limits.seconds));
    if (parent_) {
      // A tie goes to the child's own limit: the round's budget, not the whole run's, ran out.
      if (const uint64_t left = parent_->nodes_left(); left < node_limit_) {
        node_limit_ = left;
        node_limit_inherited_ = true;
      }
      if (parent_->deadline_ < deadline_) {
        deadline_ = parent_->deadline_;
        deadline_inherited_ = true;
      }
    }
    poll_every_ = node_limit_ < kPollEvery ? node_limit_ + 1 : kPollEvery;
  }
  Budget(const Budget&) = delete;
  Budget& operator=(const Budget&) = delete;

  // Call once per node with the calling thread's private counter of unpublished nodes.
  bool poll(uint64_t& unpublished) {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if (++unpublished < poll_every_) return false;
    return publish(unpublished);
  }

  // Publishes the remaining nodes and checks every condition now. Out of line, like every check
  // that reads the clock: the per-node paths (poll, step) must stay small enough not to change
  // how the compiler inlines the search around them (inlined, this cost the Minesweeper counter
  // its inlined place/unplace, 5% of its instructions).
  [[gnu::noinline]] bool publish(uint64_t& unpublished) {
    const uint64_t total = nodes_.fetch_add(unpublished, std::memory_order_relaxed) + unpublished;
    unpublished = 0;
    return check_at(total);
  }

  // One node, counted and checked against the node limit at once; the clock, the cancel flag and
  // the parent are read every kPollEvery nodes. For a search on one thread only: it stops at
  // exactly its node limit, at the price of a count per node that other threads must not share.
  bool step() {
    const uint64_t total = nodes_.load(std::memory_order_relaxed) + 1;
    nodes_.store(total, std::memory_order_relaxed);
    if (total > node_limit_) fire(StopReason::node_limit, node_limit_inherited_);
    if (total % kPollEvery == 0) return check_at(total);
    return stopped_.load(std::memory_order_relaxed);
  }

  // Checks every condition now, as if `pending` more nodes were counted: check(1) asks whether
  // the budget can afford one more node (a search that spends whole levels asks before each).
  bool check(uint64_t pending = 0) {
    return check_at(nodes_.load(std::memory_order_relaxed) + pending);
  }

  // Adds nodes to the total without checking any condition: for the accounting after a search,
  // which must not turn a finished search into a stopped one, and for a parent charged with what
  // a child spent.
  void account(uint64_t& unpublished) {
    add(unpublished);
    unpublished = 0;
  }
  void add(uint64_t nodes) { nodes_.fetch_add(nodes, std::memory_order_relaxed); }

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

  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  // Nodes the budget still allows; kUnlimited without a node limit.
  uint64_t nodes_left() const {
    if (node_limit_ == kUnlimited) return kUnlimited;
    const uint64_t spent = nodes();
    return spent < node_limit_ ? node_limit_ - spent : 0;
  }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // Seconds to the deadline (negative once past it); infinity without a time limit.
  double seconds_left() const {
    if (deadline_ == Clock::time_point::max()) return std::numeric_limits<double>::infinity();
    return std::chrono::duration<double>(deadline_ - Clock::now()).count();
  }

 private:
  // Every condition, for a total of `total` nodes.
  [[gnu::noinline]] bool check_at(uint64_t total) {
    if (total > node_limit_) fire(StopReason::node_limit, node_limit_inherited_);
    if (deadline_ != Clock::time_point::max() && Clock::now() >= deadline_)
      fire(StopReason::time_limit, deadline_inherited_);
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) trigger(StopReason::cancelled);
    if (parent_ && parent_->watch()) trigger(parent_->reason());
    return stopped_.load(std::memory_order_relaxed);
  }

  // What a child asks of its parent: stopped, or cancelled from outside (up the whole chain).
  // The parent's own clock need not be read, its deadline being no earlier than the child's.
  bool watch() {
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) trigger(StopReason::cancelled);
    if (parent_ && parent_->watch()) trigger(parent_->reason());
    return stopped();
  }

  // A limit fired; when it was the parent's, the parent is out of it too.
  void fire(StopReason why, bool inherited) {
    trigger(why);
    if (inherited)
      parent_->fire(why, why == StopReason::node_limit ? parent_->node_limit_inherited_
                                                       : parent_->deadline_inherited_);
  }

  Budget* parent_;
  const std::atomic<bool>* cancel_;
  Clock::time_point start_;
  Clock::time_point deadline_ = Clock::time_point::max();
  uint64_t node_limit_ = kUnlimited;
  uint64_t poll_every_ = kPollEvery;
  bool node_limit_inherited_ = false;
  bool deadline_inherited_ = false;
  std::atomic<uint64_t> nodes_{0};
  std::atomic<bool> claimed_{false};
  std::atomic<bool> stopped_{false};
  StopReason reason_ = StopReason::exhausted;
};

}  // namespace bs::search
