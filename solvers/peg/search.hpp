// The peg solitaire search problem, as the generic engines of search/ see it.
//
// A position is a bit set of pegs, one bit per hole: one 64-bit word up to 64 holes, two beyond.
// Everything a node needs is kept up to date move by move rather than recomputed:
// - Move generation by shifts. Jumps are grouped by the hole-number offsets of their over and to
//   holes (on a row those are +1, +2; down a column they depend on the row's shape). For each
//   group one mask expression finds every playable jump at once: a peg on the source, a peg at
//   source + over, no peg at source + to. Only the few jumps whose budget can bind look at their
//   use counter.
// - Symmetry. When some board symmetries fix both start and final, the table key is the least
//   image of the position under them; each image is one XOR per move (the image of the jump).
// - Linear cuts (pagodas): each weighted sum is one addition per move.
// - The backward half of the bidirectional search (search/bidirectional.hpp) is a set of tagged
//   keys in the same table. Once it is built, a position with at most `top_count` pegs is a
//   solution when its key is in that set, and a position at the meeting level that is not in it
//   is dead.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/clock.hpp"
#include "core/splitmix64.hpp"
#include "heuristics/peg/classic_pagodas.hpp"
#include "heuristics/peg/peg_rule.hpp"
#include "search/stats.hpp"
#include "search/transposition_table.hpp"

namespace bs::peg {

inline constexpr uint64_t kBackwardTag = uint64_t{1} << 63;
// Room for every cut the rules can post: --pagodas (at most 16) and the classic pagodas.
inline constexpr int kMaxCuts = 16 + ClassicPagodasRule::kCuts;
inline constexpr int kMaxSymmetries = 8;

// Images of 64-bit positions under hole permutations, eight table look-ups per image.
class SymmetryMaps {
 public:
  SymmetryMaps() = default;
  // perms[0] must be the identity; at most kMaxSymmetries, holes <= 64.
  explicit SymmetryMaps(const std::vector<std::vector<int>>& perms) : count_(perms.size()) {
    tables_.assign(count_ * 8 * 256, 0);
    for (size_t g = 0; g < count_; ++g)
      for (size_t h = 0; h < perms[g].size(); ++h)
        for (int v = 0; v < 256; ++v)
          if ((v >> (h % 8)) & 1) tables_[(g * 8 + h / 8) * 256 + v] |= uint64_t{1} << perms[g][h];
  }
  size_t size() const { return count_; }
  uint64_t image(size_t g, uint64_t x) const {
    uint64_t y = 0;
    for (int b = 0; b < 8 && x; ++b, x >>= 8) y |= tables_[(g * 8 + b) * 256 + (x & 0xff)];
    return y;
  }
  uint64_t canonical(uint64_t x) const {
    uint64_t best = x;
    for (size_t g = 1; g < count_; ++g) best = std::min(best, image(g, x));
    return best;
  }

 private:
  size_t count_ = 1;
  std::vector<uint64_t> tables_;
};

template <class Bits>
class PegProblem {
 public:
  using Move = uint16_t;  // index into board.jumps()
  struct State {
    Bits pegs = 0;
    int count = 0;
    std::vector<uint8_t> used;                      // per jump
    std::array<uint64_t, kMaxSymmetries> images{};  // under each symmetry but the identity ([0])
    std::array<int64_t, kMaxCuts> sums{};           // weight of the pegs, per cut
  };
  // A cut with the index of the rule that posted it, for its counters.
  struct RuleCut {
    LinearCut cut;
    int rule;
  };

  PegProblem(const Instance& in, const std::vector<int>& budget,
             std::vector<std::pair<const PegRule*, int>> node_rules, std::vector<RuleCut> cuts,
             const std::vector<std::vector<int>>& symmetries)
      : budget_(budget), node_rules_(std::move(node_rules)), cuts_(std::move(cuts)) {
    const Board& board = in.board;
    const auto& jumps = board.jumps();
    const int total = peg_count(in.start) - peg_count(in.final);
    if (cuts_.size() > static_cast<size_t>(kMaxCuts)) cuts_.resize(kMaxCuts);
    std::map<std::pair<int, int>, size_t> group_of;
    for (size_t j = 0; j < jumps.size(); ++j) {
      const Jump& J = jumps[j];
      need_.push_back(bit(J.from) | bit(J.over));
      to_.push_back(bit(J.to));
      limited_.push_back(budget_[j] < total);
      if (budget_[j] <= 0) continue;
      active_.push_back(static_cast<Move>(j));
      const std::pair<int, int> offsets{J.over - J.from, J.to - J.from};
      auto [it, added] = group_of.emplace(offsets, groups_.size());
      if (added) {
        groups_.push_back(Group{offsets.first, offsets.second, 0});
        jump_of_.resize(groups_.size() * board.holes(), 0);
      }
      groups_[it->second].sources |= bit(J.from);
      jump_of_[it->second * board.holes() + J.from] = static_cast<Move>(j);
    }
    holes_ = board.holes();
    for (size_t j = 0; j < jumps.size(); ++j)
      for (const RuleCut& c : cuts_)
        delta_.push_back(c.cut.weights[jumps[j].to] - c.cut.weights[jumps[j].from] -
                         c.cut.weights[jumps[j].over]);
    if constexpr (sizeof(Bits) == 8) {
      if (symmetries.size() > 1 && symmetries.size() <= static_cast<size_t>(kMaxSymmetries)) {
        maps_ = SymmetryMaps(symmetries);
        for (size_t j = 0; j < jumps.size(); ++j)
          for (size_t g = 0; g < maps_.size(); ++g)
            sym_masks_.push_back(maps_.image(g, need_[j] | to_[j]));
      }
    }
    for (size_t j = 0; j < jumps.size(); ++j) flip_.push_back(need_[j] | to_[j]);
    ncuts_ = cuts_.size();
    nsym_ = sym_masks_.empty() ? 1 : maps_.size();
    final_ = to_bits(in.final);
    final_count_ = peg_count(in.final);
    const size_t n = jumps.size();
    ranks_.resize(3 * n);
    uint64_t x = 0x9e3779b97f4a7c15ULL;  // a fixed seed: the orders are part of the bench
    std::vector<uint16_t> shuffle(n);
    for (size_t j = 0; j < n; ++j) shuffle[j] = static_cast<uint16_t>(j);
    for (size_t j = n; j > 1; --j) std::swap(shuffle[j - 1], shuffle[splitmix64(x) % j]);
    for (size_t j = 0; j < n; ++j) {
      ranks_[j] = static_cast<uint16_t>(j);
      ranks_[n + j] = static_cast<uint16_t>(n - 1 - j);
      ranks_[2 * n + shuffle[j]] = static_cast<uint16_t>(j);
    }
  }

  State root(const Config& start) const {
    State s;
    s.pegs = to_bits(start);
    s.count = peg_count(start);
    s.used.assign(budget_.size(), 0);
    if constexpr (sizeof(Bits) == 8)
      for (size_t g = 1; g < nsym_; ++g) s.images[g] = maps_.image(g, s.pegs);
    for (size_t c = 0; c < cuts_.size(); ++c)
      for (int h = 0; h < holes_; ++h)
        if ((s.pegs >> h) & 1) s.sums[c] += cuts_[c].cut.weights[h];
    return s;
  }

  // The backward set, once built: positions with at most top_count pegs are looked up in it, and
  // the forward search stops at meet_count pegs.
  void meet(search::DeadTable* table, int meet_count, int top_count) {
    table_ = table;
    meet_count_ = meet_count;
    top_count_ = top_count;
  }
  bool bidirectional() const { return table_ != nullptr; }
  int meet_count() const { return meet_count_; }
  int top_count() const { return top_count_; }

  // With a backward set, a goal is a position at most top_count pegs from the final whose key is
  // in the set and which finishes within the jump counters the two halves share: forward plus
  // backward uses of each jump J stay within its budget R(J) (finish() below).
  bool is_goal(const State& s) const {
    if constexpr (sizeof(Bits) == 8)
      if (table_ && s.count <= top_count_) {
        if (!table_->contains(key(s) | kBackwardTag)) return false;
        if (finish(s.pegs, s.count, s.used.data())) return true;
        refused_.fetch_add(1, std::memory_order_relaxed);
        return false;
      }
    return s.count == final_count_ && s.pegs == final_;
  }
  // Meetings that the shared counters refused. Every game obeys R(J) (it bounds every solution of
  // a relaxation that all games satisfy), and a meeting joins the forward path to a real game's
  // end, so this stays 0 while the budgets are sound; the solver reports it as a check.
  // --profile: time each node rule call.
  void time_rules(bool on) { timed_ = on; }

  uint64_t refused_meetings() const { return refused_.load(std::memory_order_relaxed); }

  bool prune(const State& s, search::Stats& stats) const {
    if (s.count <= final_count_ || s.count <= meet_count_) return true;  // not the goal: dead
    for (size_t c = 0; c < cuts_.size(); ++c) {
      if (s.sums[c] < cuts_[c].cut.bound) {
        ++stats.prunes[cuts_[c].rule];
        return true;
      }
    }
    if (node_rules_.empty()) return false;
    const uint64_t words[2] = {static_cast<uint64_t>(s.pegs), high(s.pegs)};
    const PegNode node{words, s.used.data(), budget_.data(), s.count};
    return timed_ ? node_rules_cut<true>(node, stats) : node_rules_cut<false>(node, stats);
  }

  void moves(const State& s, std::vector<Move>& out) const {
    const Bits p = s.pegs;
    for (size_t g = 0; g < groups_.size(); ++g) {
      const Group& G = groups_[g];
      Bits m = G.sources & p & shifted(p, G.over) & ~shifted(p, G.to);
      const Move* jump_of = &jump_of_[g * holes_];
      while (m) {
        const Move j = jump_of[lowest(m)];
        m &= m - 1;
        if (limited_[j] && s.used[j] >= budget_[j]) continue;
        out.push_back(j);
      }
    }
    if (order_ == 0) return;
    if (order_ == kResidualOrder) {
      // Most uses left first: R(J) - used(J), ties in board order (the lab's suggestion).
      auto left = [&](Move j) { return budget_[j] - s.used[j]; };
      for (size_t i = 1; i < out.size(); ++i)
        for (size_t k = i; k > 0 && (left(out[k]) > left(out[k - 1]) ||
                                     (left(out[k]) == left(out[k - 1]) && out[k] < out[k - 1]));
             --k)
          std::swap(out[k], out[k - 1]);
      return;
    }
    // Insertion sort by rank: a dozen moves, already in runs.
    const uint16_t* rank = &ranks_[(order_ - 1) * need_.size()];
    for (size_t i = 1; i < out.size(); ++i)
      for (size_t k = i; k > 0 && rank[out[k]] < rank[out[k - 1]]; --k)
        std::swap(out[k], out[k - 1]);
  }

  // Move orders for the portfolio's restarts: 0 is the shift groups' own order; 1 the jumps'
  // order on the board (by hole, then N E S W); 2 its reverse; 3 a fixed shuffle; 4 most
  // residual uses R(J) - used(J) first. The portfolio cycles through the first `orders` of them
  // (--move-orders). Dead positions do not depend on the order, so restarts in another order
  // keep the side's table.
  static constexpr int kOrders = 5;
  static constexpr int kResidualOrder = 4;
  void set_order(int order, int orders = 4) { order_ = order % std::clamp(orders, 1, kOrders); }

  void apply(State& s, Move j) const { step(s, j, +1); }
  void undo(State& s, Move j) const { step(s, j, -1); }

  Bits key(const State& s) const {
    if constexpr (sizeof(Bits) == 8) {
      uint64_t k = s.pegs;
      for (size_t g = 1; g < nsym_; ++g) k = std::min(k, s.images[g]);
      return k;
    } else {
      return s.pegs;  // no symmetry on boards beyond 64 holes
    }
  }

  // --- For the backward half (64-bit positions only). ---
  uint64_t canonical(uint64_t pegs) const { return maps_.canonical(pegs); }
  // Calls emit(key) for each position one reverse jump back from `pegs`, canonical and tagged.
  // The shift groups find the reverse jumps (a peg at source + to, none at source or source +
  // over) and the parent's images give each child's images by one XOR, as in step().
  template <class Emit>
  void reverse_children(uint64_t pegs, Emit&& emit) const {
    if constexpr (sizeof(Bits) == 8) {
      const size_t n = nsym_;
      std::array<uint64_t, kMaxSymmetries> images{};
      images[0] = pegs;
      for (size_t g = 1; g < n; ++g) images[g] = maps_.image(g, pegs);
      for (size_t gi = 0; gi < groups_.size(); ++gi) {
        const Group& G = groups_[gi];
        uint64_t m = G.sources & ~pegs & ~shifted(pegs, G.over) & shifted(pegs, G.to);
        const Move* jump_of = &jump_of_[gi * holes_];
        while (m) {
          const Move j = jump_of[std::countr_zero(m)];
          m &= m - 1;
          uint64_t key = pegs ^ (need_[j] | to_[j]);
          for (size_t g = 1; g < n; ++g) key = std::min(key, images[g] ^ sym_masks_[j * n + g]);
          emit(key | kBackwardTag);
        }
      }
    }
  }
  // The rest of a solution from a position found in the backward set, within the jumps the
  // forward path left over: budget(J) - used[J]. Each step goes to a position that is in the set
  // too (the levels below are complete), trying jumps in board order and backtracking when the
  // counters run out; nullopt when no completion fits.
  std::optional<std::vector<Move>> finish(uint64_t pegs, int count, const uint8_t* used) const {
    std::vector<int> left(budget_.size());
    for (size_t j = 0; j < left.size(); ++j) left[j] = budget_[j] - used[j];
    std::vector<Move> path;
    if (complete(pegs, count, left, path)) return path;
    return std::nullopt;
  }
  static Bits bits(const Config& c) { return to_bits(c); }
  // The node a path leads to from the start.
  State replay(const Config& start, const std::vector<Move>& path) const {
    State s = root(start);
    for (Move j : path) apply(s, j);
    return s;
  }
  // Appends the backward half of a solution whose forward half `path` met the backward set.
  void complete_path(const Config& start, std::vector<Move>& path) const {
    const State s = replay(start, path);
    const auto rest = finish(s.pegs, s.count, s.used.data());
    if (!rest) throw std::logic_error("peg: a meeting with the backward set does not finish");
    path.insert(path.end(), rest->begin(), rest->end());
  }

 private:
  struct Group {
    int over, to;  // hole-number offsets from the source
    Bits sources;
  };

  bool complete(uint64_t pegs, int count, std::vector<int>& left, std::vector<Move>& path) const {
    if (count == final_count_) return pegs == static_cast<uint64_t>(final_);
    for (Move j : active_) {
      if ((pegs & need_[j]) != need_[j] || (pegs & to_[j]) || left[j] <= 0) continue;
      const uint64_t next = pegs ^ (need_[j] | to_[j]);
      if (count - 1 > final_count_ && !table_->contains(maps_.canonical(next) | kBackwardTag))
        continue;
      --left[j];
      path.push_back(j);
      if (complete(next, count - 1, left, path)) return true;
      path.pop_back();
      ++left[j];
    }
    return false;
  }

  void step(State& s, Move j, int sign) const {
    s.pegs ^= flip_[j];
    s.count -= sign;
    s.used[j] = static_cast<uint8_t>(s.used[j] + sign);
    if (ncuts_)
      for (size_t c = 0; c < ncuts_; ++c) s.sums[c] += sign * delta_[j * ncuts_ + c];
    if constexpr (sizeof(Bits) == 8)
      for (size_t g = 1; g < nsym_; ++g) s.images[g] ^= sym_masks_[j * nsym_ + g];
  }

  static Bits bit(int h) { return Bits{1} << h; }
  static int lowest(Bits m) {
    if constexpr (sizeof(Bits) == 8) {
      return std::countr_zero(static_cast<uint64_t>(m));
    } else {
      const uint64_t lo = static_cast<uint64_t>(m);
      return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(m >> 64));
    }
  }
  // Bit h of the result is bit h + offset of p.
  static Bits shifted(Bits p, int offset) { return offset >= 0 ? p >> offset : p << -offset; }
  static uint64_t high(Bits b) {
    if constexpr (sizeof(Bits) > 8) return static_cast<uint64_t>(b >> 64);
    return 0;
  }
  static Bits to_bits(const Config& c) {
    Bits b = 0;
    for (size_t h = 0; h < c.size(); ++h)
      if (c[h]) b |= bit(static_cast<int>(h));
    return b;
  }

  // The node rules in turn, until one cuts the node; timed or not as a compile-time choice, so
  // that an untimed search pays nothing for --profile.
  template <bool kTimed>
  bool node_rules_cut(const PegNode& node, search::Stats& stats) const {
    for (const auto& [rule, index] : node_rules_) {
      ++stats.calls[index];
      uint64_t started = 0;
      if constexpr (kTimed) started = monotonic_ns();
      const Verdict v = rule->propagate(node);
      if constexpr (kTimed) stats.nanoseconds[index] += monotonic_ns() - started;
      if (v == Verdict::fail) {
        ++stats.prunes[index];
        return true;
      }
    }
    return false;
  }

  std::vector<Bits> need_, to_, flip_;
  size_t ncuts_ = 0, nsym_ = 1;  // cuts; symmetries in use, the identity included
  std::vector<uint8_t> limited_;
  std::vector<Move> active_;
  std::vector<Group> groups_;
  std::vector<Move> jump_of_;  // [group * holes + source]
  int holes_ = 0;
  std::vector<int> budget_;  // a copy: callers often build the budget in a temporary
  std::vector<std::pair<const PegRule*, int>> node_rules_;
  bool timed_ = false;  // --profile: node rule calls are timed into Stats::nanoseconds
  std::vector<RuleCut> cuts_;
  std::vector<int64_t> delta_;  // [jump * cuts + cut]: change of the cut's sum
  SymmetryMaps maps_;
  std::vector<uint64_t> sym_masks_;  // [jump * symmetries + g]: image of the jump's three holes
  std::vector<uint16_t> ranks_;      // [(order - 1) * jumps + jump]
  int order_ = 0;
  search::DeadTable* table_ = nullptr;
  int meet_count_ = -1, top_count_ = -1;
  mutable std::atomic<uint64_t> refused_{0};
  Bits final_ = 0;
  int final_count_ = 0;
};

}  // namespace bs::peg
