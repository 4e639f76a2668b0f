// matching: the cells must be covered by a perfect matching of the alive placements (Régin's
// filter for the cell cover).
//
// Every solution pairs each cell with one neighbour through an alive placement, so it is a
// perfect matching of the grid graph whose edges are the alive placements. The graph is
// bipartite: colour the cells like a checkerboard (row + column even: black) and every placement
// joins a black cell to a white one. So:
//  - no perfect matching: the node fails. This covers Tatham's parity rule (a region cut off
//    with an odd number of cells) and every Hall-type obstruction besides, such as a set of k
//    black cells whose alive neighbours are fewer than k white cells;
//  - an alive placement that lies in no perfect matching is removed, at both ends.
// Which placements lie in some perfect matching is the Dulmage–Mendelsohn decomposition, the
// argument of Régin's all-different filter (heuristics/futoshiki/all_different.cpp): take any
// perfect matching M; an edge (b, w) outside M is in another perfect matching iff it lies on an
// M-alternating cycle b -> w -> M(w) -> ... -> b. Contract each matched pair into its black
// cell and draw an arc b -> M(w) for every alive unmatched placement (b, w): the alternating
// cycles are the cycles of this graph, so (b, w) stays iff b and M(w) lie in one strongly
// connected component. Matched placements always stay.
//
// The rule only reads the cell cover; the dominoes (each used once) are the other rules' part.
// A direction a cell still holds towards a neighbour that no longer points back is no placement
// (dominosa_rule.hpp); this rule neither uses nor removes it (cell-single does).
//
// The kernel, hand-made (matching-bgl is the same filter on Boost.Graph, the reference):
//  1. the alive directions of every cell, one 4-bit mask each;
//  2. a matching: a greedy start, then augmenting paths. The start takes, in order, the cells of
//     either colour with one placement left (so that no neighbour takes their only partner),
//     the matching this thread found last where its placements are still alive and free (the
//     warm start, below), then for each black cell left its partner in a brick tiling if free
//     (at the root the bricks are a perfect matching) or else the free neighbour with the fewest
//     placements. The augmenting paths are iterative depth-first searches that look for a free
//     neighbour before going deeper, in rounds: a round marks the white cells it visited once,
//     as in Hopcroft–Karp's phases, and a round that augments nothing proves no perfect matching
//     exists, because the matching did not change while its marks were made;
//  3. the strongly connected components of the contracted graph by iterative Tarjan;
//  4. the removals.
// Everything lives in thread_local scratch, so a call allocates nothing once the thread has seen
// a grid of this size. Each step is linear in the grid but the augmenting paths.
//
// Incrementality. A rule is a pure function of the node, and keeping a matching per node would
// cost a copy per node. Skipping a call is rarely possible: removing even one placement outside
// the matching can break an alternating cycle and strand others, so only a call after which no
// alive placement died could be skipped, and the driver already skips a rule with nothing new to
// look at (it is idempotent, below). What pays is the warm start: in a depth-first search the
// thread's last call was on the parent or a sibling, whose matching is almost one of this node,
// so few cells are left for the augmenting paths. It is a hint and nothing more: each of its
// placements is checked alive before use, and what the rule removes does not depend on the
// matching it starts from (the placements in no perfect matching), so the answer does not hang
// on the thread's history (tests/dominosa/matching_test.cpp checks this). Measured with
// bench/dominosa_matching_bench.cpp on 32 children of a mid-search node of order 100, CPU time,
// median of 5: 1271 us per call cold, 653 us warm. At the root the brick start leaves nothing
// to augment and the warm start gains nothing.
//
// Why hand-made: the same benchmark, CPU time, median of 5, against matching-bgl: at the root of
// a random grid 15 against 420 us at order 20 and 306 against 20,298 us at order 100 (29x and
// 66x, cold); at a mid-search node, cold, 11 against 281 us and 1,257 against 27,409 us (26x
// and 22x); on that node's children 6.4 against 215 us per call at order 20 and 653 against
// 29,515 us at order 100 (33x and 45x, warm). Boost.Graph's Edmonds matching is for general
// graphs, and both of its graphs are built, with allocation, at every call. (The machine was
// shared with other builds: wall time ran 2 to 4 times the CPU time.)
//
// Idempotent: after the removals every alive placement lies in a perfect matching of what is
// left (a perfect matching of the old graph that uses it uses no removed placement), so a second
// call would find nothing.
#include "heuristics/dominosa/matching.hpp"

#include <algorithm>
#include <bit>

#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

namespace {

constexpr int kUnmatched = -1;

struct Frame {
  int cell;   // a black cell
  Mask rest;  // its directions not tried yet
  int via;    // augmenting paths: the white cell it goes on through, or a free one it ends at
};

// The working memory of one thread. Arrays are per cell; only the black cells' entries of
// index, low, component and brick are used.
struct Scratch {
  std::vector<Mask> alive;      // per cell: the directions of its alive placements
  std::vector<int> mate;        // per cell: its partner in the matching, or kUnmatched
  std::vector<uint32_t> seen;   // per white cell: the round that last visited it
  uint32_t round = 0;           // never 0 after a reset: seen starts at 0
  std::vector<int> black;       // the black cells, ascending
  std::vector<int> free_black;  // the black cells still unmatched
  std::vector<Frame> frames;    // the depth-first stack of the augmenting paths and of Tarjan
  std::vector<int> index, low, component, tarjan_stack;
  std::vector<Mask> brick;  // per black cell: its partner's direction in a brick tiling
  std::vector<int> hint;    // per black cell: its partner in the last matching
  int cells = -1;           // the grid size the arrays are laid out for

  void fit(const Structure& s) {
    if (cells == s.cells) return;
    cells = s.cells;
    alive.assign(cells, 0);
    mate.assign(cells, kUnmatched);
    seen.assign(cells, 0);
    round = 0;
    index.assign(cells, -1);
    low.assign(cells, 0);
    component.assign(cells, -1);
    hint.assign(cells, kUnmatched);
    black.clear();
    brick.assign(cells, 0);
    for (int cell = 0; cell < cells; ++cell) {
      const int row = cell / s.width, col = cell % s.width;
      if ((row + col) % 2 != 0) continue;
      black.push_back(cell);
      // Rows of horizontal bricks when the width is even, else columns of vertical ones.
      const Direction partner =
          s.width % 2 == 0 ? (col % 2 == 0 ? right : left) : (row % 2 == 0 ? down : up);
      brick[cell] = direction_bit(partner);
    }
    free_black.reserve(black.size());
    frames.reserve(black.size() + 1);
    tarjan_stack.reserve(black.size());
  }
  void next_round() {
    if (++round == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      round = 1;
    }
  }
};

thread_local Scratch scratch;
thread_local bool warm_start = true;

// Step 1: every cell's alive directions. A placement is alive when its left (upper) cell points
// right (down) and its other cell points back; both ends get its bit. Branch-free loops over the
// horizontal and the vertical pairs, as a cell lacks a direction off the grid. False: a cell with
// no alive placement.
bool alive_directions(const Structure& s, const Mask* d, Scratch& w) {
  Mask* alive = w.alive.data();
  const int cells = s.cells, width = s.width;
  std::fill(alive, alive + cells, Mask{0});
  // right = bit 0, left = bit 1, down = bit 2, up = bit 3 (grid.hpp's Direction).
  for (int c = 0; c + 1 < cells; ++c) {
    const Mask both = d[c] & (d[c + 1] >> 1) & 1;
    alive[c] |= both;
    alive[c + 1] |= both << 1;
  }
  for (int c = 0; c + width < cells; ++c) {
    const Mask both = (d[c] >> 2) & (d[c + width] >> 3) & 1;
    alive[c] |= both << 2;
    alive[c + width] |= both << 3;
  }
  Mask none = 0;
  for (int c = 0; c < cells; ++c) none |= alive[c] == 0;
  return !none;
}

void match(Scratch& w, int black, int white) {
  w.mate[black] = white;
  w.mate[white] = black;
}

// Steps 1 and 2 up to the augmenting paths: the alive directions, then the greedy matching.
// False: a cell with no alive placement.
bool start_matching(const Structure& s, const Mask* d, Scratch& w) {
  if (!alive_directions(s, d, w)) return false;
  std::fill(w.mate.begin(), w.mate.end(), kUnmatched);
  // Cells of either colour with one placement left first, so that no neighbour takes their
  // only partner.
  for (int cell = 0; cell < s.cells; ++cell)
    if (w.mate[cell] == kUnmatched && fixed(w.alive[cell])) {
      const int other = s.neighbour[cell * 4 + std::countr_zero(w.alive[cell])];
      if (w.mate[other] == kUnmatched) match(w, cell, other);
    }
  if (warm_start)
    for (const int b : w.black) {
      const int white = w.hint[b];
      if (white == kUnmatched || w.mate[b] != kUnmatched || w.mate[white] != kUnmatched) continue;
      for (Mask rest = w.alive[b]; rest; rest &= rest - 1)
        if (s.neighbour[b * 4 + std::countr_zero(rest)] == white) {
          match(w, b, white);
          break;
        }
    }
  w.free_black.clear();
  for (const int b : w.black) {
    if (w.mate[b] != kUnmatched) continue;
    // The brick partner if it is free (at the root, bricks are a perfect matching), else the
    // free neighbour with the fewest placements left.
    int best = kUnmatched, fewest = 5;
    for (Mask rest = w.alive[b]; rest; rest &= rest - 1) {
      const int white = s.neighbour[b * 4 + std::countr_zero(rest)];
      if (w.mate[white] != kUnmatched) continue;
      const int options = (rest & -rest & w.brick[b]) ? 0 : std::popcount(w.alive[white]);
      if (options < fewest) fewest = options, best = white;
    }
    if (best == kUnmatched)
      w.free_black.push_back(b);
    else
      match(w, b, best);
  }
  return true;
}

// A free white neighbour of black cell `cell` not seen this round, or kUnmatched.
int free_neighbour(const Structure& s, const Scratch& w, int cell) {
  for (Mask rest = w.alive[cell]; rest; rest &= rest - 1) {
    const int white = s.neighbour[cell * 4 + std::countr_zero(rest)];
    if (w.mate[white] == kUnmatched && w.seen[white] != w.round) return white;
  }
  return kUnmatched;
}

// One augmenting path from the free black cell `from`, over white cells not seen this round.
// On success the path's placements swap in and out of the matching. Each black cell on the way
// first looks for a free neighbour before it goes deeper, which keeps the paths short (a plain
// depth-first search wanders far down the first branch it takes).
bool augment(const Structure& s, Scratch& w, int from) {
  w.frames.clear();
  w.frames.push_back({from, w.alive[from], free_neighbour(s, w, from)});
  while (w.frames.back().via == kUnmatched) {
    Frame& top = w.frames.back();
    if (!top.rest) {
      w.frames.pop_back();
      if (w.frames.empty()) return false;
      w.frames.back().via = kUnmatched;
      continue;
    }
    const int white = s.neighbour[top.cell * 4 + std::countr_zero(top.rest)];
    top.rest &= top.rest - 1;
    if (w.seen[white] == w.round) continue;
    w.seen[white] = w.round;
    const int next = w.mate[white];
    if (next == kUnmatched) {  // free after all (free_neighbour looked on the way in)
      top.via = white;
      break;
    }
    top.via = white;
    w.frames.push_back({next, w.alive[next], free_neighbour(s, w, next)});
  }
  // The last frame's `via` is a free white cell; every other frame's leads to the next frame.
  for (const Frame& f : w.frames) match(w, f.cell, f.via);
  return true;
}

// Step 2's end: augmenting paths in rounds until every black cell is matched. False: no
// perfect matching.
bool complete_matching(const Structure& s, Scratch& w) {
  while (!w.free_black.empty()) {
    w.next_round();
    size_t kept = 0;
    for (const int b : w.free_black)
      if (!augment(s, w, b)) w.free_black[kept++] = b;
    if (kept == w.free_black.size()) return false;  // a round with no path: none exists
    w.free_black.resize(kept);
  }
  return true;
}

// Step 3: Tarjan's strongly connected components of the contracted graph, iteratively. The
// successors of black cell b are M(white) for each alive unmatched placement (b, white).
void components(const Structure& s, Scratch& w) {
  w.frames.clear();  // the last augmenting path leaves its frames
  w.tarjan_stack.clear();
  int counter = 0, found = 0;
  // A cell with one placement left has no arc out: a component of its own, with no search (in
  // a search, many cells are such).
  for (const int b : w.black) {
    const bool alone = fixed(w.alive[b]);
    w.index[b] = alone ? counter++ : -1;
    w.component[b] = alone ? found++ : -1;
  }
  const auto open = [&](int b) {
    w.index[b] = w.low[b] = counter++;
    w.tarjan_stack.push_back(b);
    Mask out = w.alive[b];
    for (Mask rest = out; rest; rest &= rest - 1)
      if (s.neighbour[b * 4 + std::countr_zero(rest)] == w.mate[b]) out &= ~(rest & -rest);
    w.frames.push_back({b, out, kUnmatched});
  };
  for (const int root : w.black) {
    if (w.index[root] >= 0) continue;
    open(root);
    while (!w.frames.empty()) {
      Frame& top = w.frames.back();
      if (top.rest) {
        const int next = w.mate[s.neighbour[top.cell * 4 + std::countr_zero(top.rest)]];
        top.rest &= top.rest - 1;
        if (w.index[next] < 0)
          open(next);                    // invalidates `top`
        else if (w.component[next] < 0)  // visited and not yet placed: on the stack
          w.low[top.cell] = std::min(w.low[top.cell], w.index[next]);
        continue;
      }
      const int b = top.cell;
      w.frames.pop_back();
      if (w.low[b] == w.index[b]) {
        int member;
        do {
          member = w.tarjan_stack.back();
          w.tarjan_stack.pop_back();
          w.component[member] = found;
        } while (member != b);
        ++found;
      }
      if (!w.frames.empty()) {
        const int parent = w.frames.back().cell;
        w.low[parent] = std::min(w.low[parent], w.low[b]);
      }
    }
  }
}

// Step 4: every alive unmatched placement whose ends' components differ goes. Matched placements
// always stay.
bool remove_stranded(const Structure& s, Mask* d, Scratch& w, Changes& changed, bool& progress) {
  for (const int b : w.black) {
    for (Mask rest = w.alive[b]; rest; rest &= rest - 1) {
      const int dir = std::countr_zero(rest);
      const int white = s.neighbour[b * 4 + dir];
      if (white != w.mate[b] && w.component[b] != w.component[w.mate[white]] &&
          !remove_placement(s, d, s.placement_at[b * 4 + dir], changed, progress))
        return false;
    }
  }
  return true;
}

Verdict matching(const Structure& s, Mask* d, const Dirty&, Changes& changed) {
  Scratch& w = scratch;
  w.fit(s);
  if (!start_matching(s, d, w) || !complete_matching(s, w)) return Verdict::fail;
  for (const int b : w.black) w.hint[b] = w.mate[b];
  components(s, w);
  bool progress = false;
  // Never false: each cell keeps its matched placement.
  if (!remove_stranded(s, d, w, changed, progress)) return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

void set_matching_warm_start(bool on) {
  warm_start = on;
}

extern const DominosaRuleEntry matching_rule{
    {"matching", "dominosa", Cost::quadratic, true,
     "the cells need a perfect matching of the alive placements: none fails the node, and a "
     "placement in none goes (Regin; generalises the parity of cut-off regions)"},
    matching,
    /*idempotent=*/true};

}  // namespace bs::dominosa
