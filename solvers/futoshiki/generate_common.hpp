// The pieces both Futoshiki generators share (generate.cpp: every clue, then remove;
// generate_minimal.cpp: add until unique, then remove): the bounded random draws, the seed mixer,
// and the candidate clues of one Latin square with the cheap search for a second solution by one
// cycle switch. Internal to solvers/futoshiki/; nothing outside the generators includes it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki::generator {

// A draw in [0, bound) by rejection: no modulo bias, and the same on every standard library.
inline uint64_t below(std::mt19937_64& rng, uint64_t bound) {
  const uint64_t limit = ~uint64_t{0} - (~uint64_t{0} % bound);
  for (;;) {
    const uint64_t x = rng();
    if (x < limit) return x % bound;
  }
}

template <class T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(rng, i)]);
}

// SplitMix64's finaliser: nearby (seed, attempt) pairs give unrelated generator states.
inline uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The candidate clues of one square and which of them are in the puzzle.
class Clues {
 public:
  explicit Clues(const Grid& square, int n) : n_(n), square_(square), given_(square.size(), 0) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int a = r * n + c;
        for (const int b : {c + 1 < n ? a + 1 : -1, r + 1 < n ? a + n : -1}) {
          if (b < 0) continue;
          inequalities_.push_back(square[a] > square[b] ? Inequality{a, b} : Inequality{b, a});
        }
      }
    std::sort(inequalities_.begin(), inequalities_.end(), [](Inequality x, Inequality y) {
      return x.greater != y.greater ? x.greater < y.greater : x.smaller < y.smaller;
    });
    active_.assign(inequalities_.size(), 1);
  }

  // Clue ids: 0..cells-1 the givens, then the inequalities.
  int count() const { return static_cast<int>(given_.size() + inequalities_.size()); }
  int cells() const { return static_cast<int>(given_.size()); }
  bool on(int id) const { return id < cells() ? given_[id] : active_[id - cells()]; }
  void set(int id, bool v) {
    if (id < cells())
      given_[id] = v;
    else
      active_[id - cells()] = v;
  }

  // The value of cell `c` in the square.
  int value(int c) const { return square_[c]; }

  // The puzzle with inequality clue `id` switched on and reversed.
  Instance reversed(int id) const {
    Instance in = instance();
    const Inequality q = inequalities_[id - cells()];
    in.inequalities.push_back({q.smaller, q.greater});
    return in;
  }

  // Whether `g` keeps every clue that is on.
  bool keeps(const Grid& g) const {
    for (int c = 0; c < cells(); ++c)
      if (given_[c] && g[c] != square_[c]) return false;
    for (size_t i = 0; i < inequalities_.size(); ++i)
      if (active_[i] && g[inequalities_[i].greater] <= g[inequalities_[i].smaller]) return false;
    return true;
  }

  // Whether some cycle switch of the square through `cell` keeps every clue that is on: a second
  // solution found in O(n^3) without search. Exchanging two rows (or two columns, or two symbols)
  // along one of their cycles leaves a Latin square, and near-minimal puzzles often lose their
  // uniqueness to just such a switch, so most refusals are settled here.
  bool cycle_switch_keeps(int cell) const {
    const int n = n_, r0 = cell / n, c0 = cell % n;
    Grid g = square_;
    auto at = [&](int r, int c) -> int& { return g[r * n + c]; };
    // Rows r0 and r (or columns, through the transpose of the indices).
    for (int axis = 0; axis < 2; ++axis)
      for (int other = 0; other < n; ++other) {
        const int own = axis == 0 ? r0 : c0, pos0 = axis == 0 ? c0 : r0;
        if (other == own) continue;
        auto cell_of = [&](int line, int pos) -> int& {
          return axis == 0 ? at(line, pos) : at(pos, line);
        };
        std::vector<int> cycle;
        int pos = pos0;
        do {
          cycle.push_back(pos);
          const int want = cell_of(other, pos);
          int next = 0;
          while (cell_of(own, next) != want) ++next;
          pos = next;
        } while (pos != pos0);
        for (int p : cycle) std::swap(cell_of(own, p), cell_of(other, p));
        const bool ok = keeps(g);
        for (int p : cycle) std::swap(cell_of(own, p), cell_of(other, p));
        if (ok) return true;
      }
    // Symbols v and w: the cells holding either form cycles alternating along rows and columns.
    const int v = square_[cell];
    for (int w = 1; w <= n; ++w) {
      if (w == v) continue;
      std::vector<int> cycle;
      int r = r0, c = c0;
      do {
        cycle.push_back(r * n + c);  // holds v
        int c2 = 0;
        while (at(r, c2) != w) ++c2;
        cycle.push_back(r * n + c2);  // holds w
        int r2 = 0;
        while (at(r2, c2) != v) ++r2;
        r = r2, c = c2;
      } while (r != r0 || c != c0);
      for (int x : cycle) g[x] = g[x] == v ? w : v;
      const bool ok = keeps(g);
      for (int x : cycle) g[x] = g[x] == v ? w : v;
      if (ok) return true;
    }
    return false;
  }

  const Inequality& inequality(int id) const { return inequalities_[id - cells()]; }

  Instance instance() const {
    Instance in;
    in.n = n_;
    in.givens.assign(given_.size(), 0);
    for (int c = 0; c < cells(); ++c)
      if (given_[c]) in.givens[c] = square_[c];
    for (size_t i = 0; i < inequalities_.size(); ++i)
      if (active_[i]) in.inequalities.push_back(inequalities_[i]);
    return in;
  }

 private:
  int n_;
  Grid square_;
  std::vector<char> given_, active_;
  std::vector<Inequality> inequalities_;
};

}  // namespace bs::futoshiki::generator
