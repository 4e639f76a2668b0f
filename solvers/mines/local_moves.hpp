// Certain Minesweeper moves found where the board changed, before the whole board is analysed.
//
// A digit whose flags already make up its number has only safe cells left around it; a digit
// whose unknown neighbours are exactly the mines it still misses has only mines there. When
// neither holds, the digit is held against each digit up to two cells away: if one's unknown
// cells all lie among the other's, the other's remaining cells hold the difference of their
// missing mines, which settles them when it is none or all of them (the subset rule, locally).
// Only the digits next to a cell just opened or flagged are looked at, the pairs after the single
// digits have run dry. That costs a few neighbour visits per change, where the whole-board
// analysis rebuilds the system of every digit on the board. That analysis took a fifth of the
// fast player's time; these checks leave it a fifth of its calls (4.5 per expert game against
// 21.7), most of them at the guesses, where it must run anyway.
//
// The player still runs the whole analysis whenever these checks stall, and guesses only when
// that analysis finds no safe cell either. Opening a safe cell never makes another cell less
// certain, so whatever the order of the certain moves, the player reaches each guess in the same
// position, with the same cells open and the same mines flagged, and makes the same guess
// (tests/mines/play_test.cpp, LocalMovesChangeNoGuess; LocalMovesAreCertain checks each move
// against brute force). Only the order of the clicks changes.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>

#include "puzzles/mines/position.hpp"

namespace bs::mines {

class LocalMoves {
 public:
  // `pairs`: the check of two digits against each other too (the subset rule, done locally).
  LocalMoves(const Position& v, bool pairs)
      : v_(v), near_(neighbour_table(v)), pairs_(pairs), queued_(v.cells.size(), 0) {}

  // Cell i was opened or flagged: it and the digits around it are worth a look.
  void changed(int i) {
    push(i);
    for (int j : near_.of(i)) push(j);
  }

  // Plays the certain moves the checks find, until they find none. True when it moved.
  template <class Click, class Flag>
  bool play(Click&& click, Flag&& flag) {
    bool moved = false;
    for (;;) {
      if (!todo_.empty()) {
        const int d = todo_.back();
        todo_.pop_back();
        queued_[d] &= ~kSingle;
        const Around a = around(d);
        if (a.unknown == 0) continue;
        if (a.left == 0 || a.left == a.unknown) {
          settle(a.cells, a.unknown, a.left == 0, click, flag);
          moved = true;
        } else if (pairs_) {
          push_pair(d);
        }
      } else if (!pair_todo_.empty()) {
        const int d = pair_todo_.back();
        pair_todo_.pop_back();
        queued_[d] &= ~kPair;
        if (pair_move(d, click, flag)) {
          moved = true;
          push_pair(d);  // d's partners changed: look at d again
        }
      } else {
        return moved;
      }
    }
  }

 private:
  static constexpr uint8_t kSingle = 1, kPair = 2;

  // Each cell's neighbours in index order, as Position::for_neighbours visits them, without its
  // divisions and bounds tests. One table per board size and thread, kept from game to game (a
  // map, so that a table stays where it is while another size's is added).
  struct Neighbours {
    std::vector<std::array<int, 8>> cells;
    std::vector<uint8_t> count;
    std::span<const int> of(int i) const { return {cells[i].data(), count[i]}; }
  };
  static const Neighbours& neighbour_table(const Position& v) {
    thread_local std::map<std::pair<int, int>, Neighbours> tables;
    Neighbours& t = tables[{v.width, v.height}];
    if (t.cells.empty()) {
      const size_t n = v.cells.size();
      t.cells.assign(n, {});
      t.count.assign(n, 0);
      for (size_t i = 0; i < n; ++i)
        v.for_neighbours(static_cast<int>(i), [&](int j) { t.cells[i][t.count[i]++] = j; });
    }
    return t;
  }

  // A digit's unknown neighbours, in index order, and the mines among them it still misses.
  struct Around {
    int cells[8];
    int unknown = 0, left = 0;
  };
  Around around(int d) const {
    Around a;
    int flags = 0;
    for (int j : near_.of(d)) {
      if (v_.cells[j] == kUnknown) a.cells[a.unknown++] = j;
      flags += v_.cells[j] == kFlag;
    }
    a.left = v_.cells[d] - flags;
    return a;
  }

  // Digit d against each digit e up to two cells away: when one's unknown cells lie within the
  // other's, the other's remaining cells hold the difference of their missing mines. Settles the
  // first pair that decides its remaining cells; true when one did.
  template <class Click, class Flag>
  bool pair_move(int d, Click&& click, Flag&& flag) {
    const Around a = around(d);
    if (a.unknown == 0) return false;
    const int x = d % v_.width, y = d / v_.width;
    for (int ey = std::max(0, y - 2); ey <= std::min(v_.height - 1, y + 2); ++ey)
      for (int ex = std::max(0, x - 2); ex <= std::min(v_.width - 1, x + 2); ++ex) {
        const int e = ey * v_.width + ex;
        if (e == d || v_.cells[e] <= 0) continue;
        const Around b = around(e);
        if (b.unknown == 0 || b.unknown == a.unknown) continue;
        const Around& small = b.unknown < a.unknown ? b : a;
        const Around& big = b.unknown < a.unknown ? a : b;
        if (!std::includes(big.cells, big.cells + big.unknown, small.cells,
                           small.cells + small.unknown))
          continue;
        int rest[8];
        const int r = big.unknown - small.unknown;
        std::set_difference(big.cells, big.cells + big.unknown, small.cells,
                            small.cells + small.unknown, rest);
        const int t = big.left - small.left;
        if (t != 0 && t != r) continue;
        settle(rest, r, t == 0, click, flag);
        return true;
      }
    return false;
  }

  void push_pair(int d) {
    if (!(queued_[d] & kPair)) {
      queued_[d] |= kPair;
      pair_todo_.push_back(d);
    }
  }

  template <class Click, class Flag>
  void settle(const int* cells, int count, bool safe, Click&& click, Flag&& flag) {
    for (int k = 0; k < count; ++k) {
      if (v_.cells[cells[k]] != kUnknown) continue;  // opened by a click before
      if (safe)
        click(cells[k]);
      else
        flag(cells[k]);
    }
  }

  void push(int i) {
    if (v_.cells[i] > 0 && !(queued_[i] & kSingle)) {  // a 0 has no unknown neighbour once open
      queued_[i] |= kSingle;
      todo_.push_back(i);
    }
  }

  const Position& v_;
  const Neighbours& near_;
  bool pairs_;
  std::vector<int> todo_, pair_todo_;
  std::vector<uint8_t> queued_;
};

}  // namespace bs::mines
