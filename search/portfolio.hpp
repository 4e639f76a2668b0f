// A restart portfolio that knows no puzzle: rounds in which each member in turn searches within a
// node budget, the budget growing round by round, until a member decides or the whole budget is
// spent.
//
// Restarts with growing budgets are how a depth-first search escapes a bad first subtree without
// giving up completeness: each round is a fresh start (a new move order, say), and the budget
// doubles, so that the total cost stays within a constant factor of the last round's. Members
// (several ways of searching the same instance) take turns, so that the one the instance happens
// to favour decides it. The engine only keeps the rounds and the budgets; what a member is, and
// what "decided" means, the caller says through the turn it runs.
//
// The same work at any thread count. The serial order of the turns is round 1's members 0, 1, ...,
// then round 2's, and so on; the answer is the first turn in that order that ends the portfolio.
// On more threads the turns run at once, on a Team (search/team.hpp), under three rules that keep
// the outcome, and the work counted, those of one thread:
// - A member's turns form a chain: its turn of round r starts when its turn of round r - 1 has
//   ended. So a turn sees exactly what the member's earlier turns left (its table, say), and a
//   member whose turn depends only on its own past gives the same turn on any thread count. The
//   caller must keep members independent of each other's progress.
// - A turn may run ahead of the serial order, by at most `lookahead` rounds past the earliest
//   round not yet finished, and only while no earlier turn has ended the portfolio. Once a turn
//   ends it, later turns still running are cancelled (their budget's cancel flag) and their work
//   is not part of the answer; turns before it run to their end, and the earliest ending turn wins.
// - Under a node limit on the whole run, a turn's budget is what the turns before it left, so the
//   turns run strictly in serial order (a loop inside a turn may still use the whole team).
// The caller counts a turn's work only when the turn is at or before the end (end_position());
// the threads then change the wall time only.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

#include "search/budget.hpp"
#include "search/team.hpp"

namespace bs::search {

struct Restarts {
  uint64_t first_nodes = 0;  // each member's node budget in the first round; 0: no budget
  uint64_t growth = 2;       // the factor by which it grows each round
  uint64_t max_nodes = uint64_t{1} << 50;  // where the growth stops
  int lookahead = 0;  // rounds a turn may run ahead of the earliest unfinished one (see above)
};

// One turn: member `member` in round `round` with `nodes` nodes (0: no budget), to be cancelled
// when *cancel is raised (put it in the turn's Limits).
struct Turn {
  size_t member = 0;
  int round = 0;
  uint64_t nodes = 0;
  const std::atomic<bool>* cancel = nullptr;
};

// What a turn says: go on, or end the portfolio (it decided, or a limit of the whole run fired).
enum class TurnEnd { go_on, end };

// Where a portfolio ended: the turn that ended it, or none when the whole budget ran out first.
struct PortfolioEnd {
  bool ended_by_turn = false;
  int round = 0;      // the ending turn's round; else the last round begun in serial order
  size_t member = 0;  // the ending turn's member
  // Whether a turn at (round, member) is part of the answer: it comes no later than the end.
  bool counts(int r, size_t k) const {
    return !ended_by_turn || r < round || (r == round && k <= member);
  }
};

// Runs the rounds on `team`; turn(const Turn&) -> TurnEnd runs one turn (from any member of the
// team, several at once). A turn that throws stops the portfolio: the other turns are cancelled,
// and once they have ended the exception is rethrown here. Ends at the first turn in serial order
// that returns `end`, or once the whole budget cannot afford one more node or is past its deadline
// (checked before each turn).
template <class TurnFn>
PortfolioEnd run_portfolio(size_t members, const Restarts& restarts, Budget& whole, Team& team,
                           TurnFn&& turn) {
  class Run {
   public:
    Run(size_t members, const Restarts& restarts, Budget& whole, Team& team, TurnFn& turn)
        : members_(members),
          restarts_(restarts),
          whole_(whole),
          team_(team),
          turn_(turn),
          serial_(whole.nodes_left() != Budget::kUnlimited),
          next_round_(members, 1),
          running_(members, false),
          cancel_(std::make_unique<std::atomic<bool>[]>(members)) {}

    PortfolioEnd run() {
      std::vector<std::pair<size_t, int>> posts;
      {
        std::lock_guard lock(mutex_);
        posts = schedule();
      }
      post(posts);
      team_.run_until([&] { return running_count_.load(std::memory_order_acquire) == 0; });
      if (failed_) std::rethrow_exception(failed_);
      PortfolioEnd end;
      end.ended_by_turn = end_round_ > 0;
      end.round = end.ended_by_turn ? end_round_ : last_round_;
      end.member = end_member_;
      return end;
    }

   private:
    uint64_t position(int round, size_t k) const {
      return static_cast<uint64_t>(round) * members_ + k;
    }
    uint64_t budget_of(int round) const {
      uint64_t nodes = restarts_.first_nodes;
      for (int r = 1; r < round; ++r)
        nodes = std::min(nodes * restarts_.growth, restarts_.max_nodes);
      return nodes;
    }
    bool before_end(int round, size_t k) const {
      return end_round_ == 0 || position(round, k) < position(end_round_, end_member_);
    }
    // The earliest round with a turn not yet ended.
    int open_round() const { return *std::min_element(next_round_.begin(), next_round_.end()); }
    // Whether every turn before (round, k) in serial order has ended.
    bool all_before_ended(int round, size_t k) const {
      for (size_t j = 0; j < members_; ++j)
        if (next_round_[j] < round || (next_round_[j] == round && j < k)) return false;
      return true;
    }
    // The turns that may start now, marked running (under mutex_; the caller posts them after
    // releasing it, since the team's lock is taken before ours in run_until()).
    std::vector<std::pair<size_t, int>> schedule() {
      std::vector<std::pair<size_t, int>> posts;
      if (stopped_) return posts;
      for (size_t k = 0; k < members_; ++k) {
        const int round = next_round_[k];
        if (running_[k] || !before_end(round, k)) continue;
        if (round > open_round() + restarts_.lookahead) continue;
        if (serial_ && !all_before_ended(round, k)) continue;
        running_[k] = true;
        ++running_count_;
        cancel_[k].store(false, std::memory_order_relaxed);
        posts.emplace_back(k, round);
      }
      return posts;
    }
    void post(const std::vector<std::pair<size_t, int>>& posts) {
      for (const auto& [k, round] : posts)
        team_.post(position(round, k), [this, k = k, round = round] { run_turn(k, round); });
    }
    void run_turn(size_t k, int round) {
      bool go = false;
      {
        std::lock_guard lock(mutex_);
        go = before_end(round, k) && !stopped_;  // queued before an earlier turn ended it
      }
      // The whole budget is spent: nothing more starts; the serial run would stop here too.
      const bool spent = go && whole_.check(1);
      TurnEnd said = TurnEnd::go_on;
      std::exception_ptr failed;
      try {
        if (go && !spent) said = turn_(Turn{k, round, budget_of(round), &cancel_[k]});
      } catch (...) {
        failed = std::current_exception();
      }
      std::vector<std::pair<size_t, int>> posts;
      {
        std::lock_guard lock(mutex_);
        running_[k] = false;
        if (spent) stopped_ = true;
        if (failed) fail(failed);
        if (go && before_end(round, k)) {
          last_round_ = std::max(last_round_, round);
          if (said == TurnEnd::end) end_at(round, k);
          if (!spent) ++next_round_[k];
        }
        posts = schedule();  // counted before ours is taken off: never 0 while one is to come
      }
      post(posts);
      // Once the count reaches 0, run() may return and free *this: only the team is used after.
      Team& team = team_;
      running_count_.fetch_sub(1, std::memory_order_acq_rel);
      team.notify();
    }
    // A turn threw: nothing more starts, the turns running are cancelled, and run() rethrows.
    void fail(std::exception_ptr e) {
      if (!failed_) failed_ = e;
      stopped_ = true;
      for (size_t j = 0; j < members_; ++j) cancel_[j].store(true, std::memory_order_relaxed);
    }
    // (round, k) ended the portfolio: later turns still running are void.
    void end_at(int round, size_t k) {
      end_round_ = round;
      end_member_ = k;
      for (size_t j = 0; j < members_; ++j)
        if (running_[j] && !before_end(next_round_[j], j))
          cancel_[j].store(true, std::memory_order_relaxed);
    }

    const size_t members_;
    const Restarts& restarts_;
    Budget& whole_;
    Team& team_;
    TurnFn& turn_;
    const bool serial_;
    std::mutex mutex_;
    std::vector<int> next_round_;  // each member's next turn
    std::vector<bool> running_;
    std::atomic<int> running_count_{0};  // turns posted and not yet ended
    std::unique_ptr<std::atomic<bool>[]> cancel_;
    int end_round_ = 0;  // the earliest turn that ended the portfolio (round 0: none yet)
    size_t end_member_ = 0;
    int last_round_ = 0;
    bool stopped_ = false;
    std::exception_ptr failed_;  // the first exception a turn threw
  };
  return Run(members, restarts, whole, team, turn).run();
}

}  // namespace bs::search
