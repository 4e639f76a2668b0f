// forcing-chain: chains of cells with two placements each, either side of which must be laid
// whole, and the sides that cannot be.
//
// Tatham's "extreme" deduction. A cell with exactly two placements left takes exactly one of
// them. Link the two; a chain (a connected component of such links) then splits into two
// sides, and in every solution one side is laid entirely and the other not at all. (A chain
// whose links close an odd cycle has no such split, and the node has no solution.) Say a side
// A kills a placement q when A holds a placement other than q that overlaps q or is q's domino:
// laying A leaves q out. Then:
//  - a side that kills one of its own placements (two of one domino, or two overlapping) cannot
//    be laid, so its placements go;
//  - a side that kills every placement at some cell would leave that cell uncovered, so its
//    placements go;
//  - a placement killed by both sides of one chain goes, whichever side is laid. (Tatham's
//    case: a domino with a placement on each side is used there, so its others go.)
// These are Tatham's three uses of a chain, each stated for overlaps as well as duplicates.
//
// The chains are global, so every call rebuilds them: union-find with parity over the
// placements, then for each alive placement the sides that kill it (the sides of its overlaps
// and of its domino's other placements). A call costs the placements times their dominoes'
// counts, which is why it sits with the quadratic rules, after set analysis as in Tatham's
// order.
#include <algorithm>

#include "heuristics/dominosa/local.hpp"

namespace bs::dominosa {

namespace {

// Union-find over placements with the parity of each to its root: parity 1 means "laid exactly
// when the root is not".
struct ParityForest {
  std::vector<int> parent;
  std::vector<uint8_t> parity;
  void reset(int size) {
    parent.resize(size);
    parity.assign(size, 0);
    for (int i = 0; i < size; ++i) parent[i] = i;
  }
  int find(int x) {
    int root = x;
    uint8_t total = 0;
    while (parent[root] != root) total ^= parity[root], root = parent[root];
    // Compress, keeping each parity relative to the root.
    while (parent[x] != root) {
      const int up = parent[x];
      const uint8_t here = parity[x];
      parent[x] = root;
      parity[x] = total;
      total ^= here;
      x = up;
    }
    return root;
  }
  // Parity of x to its root (after find).
  uint8_t to_root(int x) {
    find(x);
    return parent[x] == x ? 0 : parity[x];
  }
  // Links a and b as opposite. False when they are already known to be equal.
  bool link_opposite(int a, int b) {
    const int ra = find(a), rb = find(b);
    const uint8_t pa = to_root(a), pb = to_root(b);
    if (ra == rb) return pa != pb;
    parent[ra] = rb;
    parity[ra] = pa ^ pb ^ 1;
    return true;
  }
};

struct Chains {
  ParityForest forest;
  std::vector<int> side;                    // per placement: root * 2 + parity, -1 in no chain
  std::vector<int> killers_start, killers;  // per alive placement: the sides that kill it
  std::vector<uint8_t> impossible;          // per side id
};

// Links the two placements of every two-placement cell. False on an odd cycle.
bool build_chains(const Structure& s, const Mask* d, Chains& c) {
  c.forest.reset(s.placements);
  c.side.assign(s.placements, -1);
  int here[4];
  for (int cell = 0; cell < s.cells; ++cell)
    if (alive_at(s, d, cell, here) == 2) {
      if (!c.forest.link_opposite(here[0], here[1])) return false;
      c.side[here[0]] = c.side[here[1]] = 0;  // in a chain; the id comes below
    }
  for (int p = 0; p < s.placements; ++p)
    if (c.side[p] == 0) c.side[p] = c.forest.find(p) * 2 + c.forest.to_root(p);
  return true;
}

// For each alive placement q, the sorted sides of the placements that would leave it out.
void gather_killers(const Structure& s, const Mask* d, Chains& c) {
  c.killers_start.assign(s.placements + 1, 0);
  c.killers.clear();
  int here[4];
  for (int q = 0; q < s.placements; ++q) {
    const size_t first = c.killers.size();
    if (s.alive(d, q)) {
      for (const int cell : {s.ends[q].first, s.ends[q].second}) {
        const int k = alive_at(s, d, cell, here);
        for (int i = 0; i < k; ++i)
          if (here[i] != q && c.side[here[i]] >= 0) c.killers.push_back(c.side[here[i]]);
      }
      const int domino = s.domino_of[q];
      for (int i = s.domino_start[domino]; i < s.domino_start[domino + 1]; ++i) {
        const int r = s.of_domino[i];
        if (r != q && c.side[r] >= 0 && s.alive(d, r)) c.killers.push_back(c.side[r]);
      }
      std::sort(c.killers.begin() + static_cast<std::ptrdiff_t>(first), c.killers.end());
      c.killers.erase(
          std::unique(c.killers.begin() + static_cast<std::ptrdiff_t>(first), c.killers.end()),
          c.killers.end());
    }
    c.killers_start[q + 1] = static_cast<int>(c.killers.size());
  }
}

bool kills(const Chains& c, int side, int q) {
  return std::binary_search(c.killers.begin() + c.killers_start[q],
                            c.killers.begin() + c.killers_start[q + 1], side);
}

// Marks the sides that kill one of their own placements, or every placement at some cell.
void mark_impossible_sides(const Structure& s, const Mask* d, Chains& c) {
  c.impossible.assign(2 * s.placements, 0);
  for (int q = 0; q < s.placements; ++q)
    if (c.side[q] >= 0 && s.alive(d, q) && kills(c, c.side[q], q)) c.impossible[c.side[q]] = 1;
  int here[4];
  for (int cell = 0; cell < s.cells; ++cell) {
    const int k = alive_at(s, d, cell, here);
    if (k == 0) continue;
    // The sides killing the first placement that also kill every other one.
    for (int i = c.killers_start[here[0]]; i < c.killers_start[here[0] + 1]; ++i) {
      const int side = c.killers[i];
      bool all = true;
      for (int j = 1; j < k && all; ++j) all = kills(c, side, here[j]);
      if (all) c.impossible[side] = 1;
    }
  }
}

Verdict forcing_chain(const Structure& s, Mask* d, const Dirty&, Changes& changed) {
  thread_local Chains c;
  if (!build_chains(s, d, c)) return Verdict::fail;
  gather_killers(s, d, c);
  mark_impossible_sides(s, d, c);
  // Decide every removal on the chains as built, then make them.
  thread_local std::vector<int> doomed;
  doomed.clear();
  for (int q = 0; q < s.placements; ++q) {
    if (!s.alive(d, q)) continue;
    bool go = c.side[q] >= 0 && c.impossible[c.side[q]];
    for (int i = c.killers_start[q]; i < c.killers_start[q + 1] && !go; ++i) {
      const int side = c.killers[i];
      go = (side & 1) == 0 && i + 1 < c.killers_start[q + 1] && c.killers[i + 1] == (side | 1);
    }
    if (go) doomed.push_back(q);
  }
  bool progress = false;
  for (const int q : doomed)
    if (!remove_placement(s, d, q, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

extern const DominosaRuleEntry forcing_chain_rule{
    {"forcing-chain", "dominosa", Cost::quadratic, true,
     "chains of two-placement cells: a side that clashes with itself or empties a cell goes, "
     "and so does a placement both sides rule out (Tatham: extreme)"},
    forcing_chain,
    /*idempotent=*/false};

}  // namespace bs::dominosa
