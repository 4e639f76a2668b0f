// set-analysis and set-analysis-doubles: k cells of one number that between them can only be k
// dominoes use up those dominoes, so their placements elsewhere go.
//
// Tatham's set analysis ("hard" without doubles, "extreme" with). Every domino with the number
// x on it covers exactly one x-cell, except the double {x,x}, which covers two. Take a set S of
// x-cells and the set T of dominoes their remaining placements could be.
//  - When no remaining placement of the double joins two cells of S, the cells of S take
//    distinct dominoes of T. So |T| < |S| fails the node, and |T| = |S| means every domino of
//    T is used on S: its placements that cover no cell of S go (hard).
//  - When the double can join two cells of S, the cells take at most one domino fewer than
//    there are of them (the double covering two). Then |T| < |S| - 1 fails; |T| = |S| - 1 means
//    the double must cover two cells of S and every other domino of T one, so the non-doubles'
//    placements off S go and so do the double's placements that cover fewer than two cells of
//    S; |T| = |S| means at least one cell of S takes the double, so its placements off S go
//    (extreme: set-analysis-doubles, which does the plain case too).
// Every such set is sound, so the rule may look at any of them; it looks at every subset of the
// open x-cells (two or more placements left) of each number, by a depth-first walk that drops
// a branch once its dominoes outnumber every set it could still grow into. The walk is
// exponential in the open cells of a number, so, as in Tatham's solver, a number with more than
// kMaxSetCells of them is left alone. Sets are built from the placements alive when the call
// began; a placement removed since only makes T smaller, so every conclusion drawn still holds.
//
// Only a number with a cell whose placements changed can have a new set, so an incremental call
// looks at the numbers of the cells the narrowings touched.
#include "heuristics/dominosa/local.hpp"

namespace bs::dominosa {

namespace {

// The most open cells of one number the walk takes on: 2^16 sets at worst.
constexpr int kMaxSetCells = 16;

// The open cells of one number, what each can be, and which pairs a double can join.
struct NumberCells {
  int number = 0, k = 0, bits = 0;
  int cell[kMaxSetCells];
  uint64_t others[kMaxSetCells];       // per cell: bits of the other numbers its placements reach
  uint32_t joined[kMaxSetCells];       // per cell: the cells of the set a double placement joins
  int other_number[4 * kMaxSetCells];  // bit -> the other number
};

struct SetWalk {
  const Structure& s;
  Mask* d;
  Changes& changed;
  const NumberCells& nc;
  const std::vector<int>& set_index;  // per cell: its index in nc, -1 when not an open x-cell
  bool doubles;
  bool progress = false;
  bool failed = false;

  // How many cells of the set `squares` placement p covers.
  int covered(int p, uint32_t squares) const {
    int used = 0;
    for (const int end : {s.ends[p].first, s.ends[p].second}) {
      const int i = set_index[end];
      used += i >= 0 && (squares >> i & 1);
    }
    return used;
  }

  // Removes the placements of the dominoes in `dominoes` that cover fewer cells of the set
  // than they must: `need_double` for the double, `need_other` for the rest.
  void rule_out(uint32_t squares, uint64_t dominoes, int need_double, int need_other) {
    for (uint64_t rest = dominoes; rest && !failed; rest &= rest - 1) {
      const int x = nc.other_number[std::countr_zero(rest)];
      const int need = x == nc.number ? need_double : need_other;
      if (need == 0) continue;
      const int domino = domino_index(nc.number, x, s.n);
      for (int i = s.domino_start[domino]; i < s.domino_start[domino + 1] && !failed; ++i) {
        const int p = s.of_domino[i];
        if (s.alive(d, p) && covered(p, squares) < need &&
            !remove_placement(s, d, p, changed, progress))
          failed = true;
      }
    }
  }

  void judge(uint32_t squares, int size, uint64_t dominoes, bool joined) {
    const int t = std::popcount(dominoes);
    if (!joined) {
      if (t < size)
        failed = true;
      else if (t == size)
        rule_out(squares, dominoes, 1, 1);
      return;
    }
    if (!doubles) return;
    if (t < size - 1)
      failed = true;
    else if (t == size - 1)
      rule_out(squares, dominoes, 2, 1);
    else if (t == size)
      rule_out(squares, dominoes, 1, 0);
  }

  void walk(int next, uint32_t squares, int size, uint64_t dominoes, bool joined) {
    if (size >= 2) judge(squares, size, dominoes, joined);
    for (int i = next; i < nc.k && !failed; ++i) {
      const uint64_t more = dominoes | nc.others[i];
      // The largest set this branch can grow into has size + 1 + (k - 1 - i) cells.
      if (std::popcount(more) > size + nc.k - i) continue;
      walk(i + 1, squares | 1u << i, size + 1, more, joined || (nc.joined[i] & squares));
    }
  }
};

// Gathers the open cells of `number`; false when there are too many to walk.
bool gather(const Structure& s, const Mask* d, int number, const std::vector<int>& cells_of,
            std::vector<int>& set_index, std::vector<int>& bit_of, NumberCells& nc) {
  nc.number = number;
  nc.k = nc.bits = 0;
  int here[4];
  for (const int cell : cells_of)
    if (alive_at(s, d, cell, here) >= 2) {
      if (nc.k == kMaxSetCells) return false;
      set_index[cell] = nc.k;
      nc.cell[nc.k++] = cell;
    }
  int& bits = nc.bits;
  for (int i = 0; i < nc.k; ++i) {
    nc.others[i] = 0;
    nc.joined[i] = 0;
    const int h = alive_at(s, d, nc.cell[i], here);
    for (int j = 0; j < h; ++j) {
      const int far = s.other_end(here[j], nc.cell[i]);
      const int x = s.instance->numbers[far];
      if (bit_of[x] < 0) nc.other_number[bits] = x, bit_of[x] = bits++;
      nc.others[i] |= uint64_t{1} << bit_of[x];
      if (x == number && set_index[far] >= 0) nc.joined[i] |= 1u << set_index[far];
    }
  }
  return true;
}

Verdict set_analysis(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed,
                     bool doubles) {
  thread_local StampSet cells, numbers;
  thread_local std::vector<int> set_index, bit_of;
  thread_local std::vector<std::vector<int>> cells_of;
  dirty_cells(s, dirty, cells);
  numbers.reset(s.n + 1);
  for (const int cell : cells.items()) numbers.add(s.instance->numbers[cell]);
  cells_of.resize(s.n + 1);
  for (auto& list : cells_of) list.clear();
  for (int cell = 0; cell < s.cells; ++cell)
    if (numbers.has(s.instance->numbers[cell])) cells_of[s.instance->numbers[cell]].push_back(cell);
  set_index.assign(s.cells, -1);
  bit_of.assign(s.n + 1, -1);
  bool progress = false;
  NumberCells nc;
  for (const int number : numbers.items()) {
    const bool small = gather(s, d, number, cells_of[number], set_index, bit_of, nc);
    if (small) {
      SetWalk w{s, d, changed, nc, set_index, doubles};
      w.walk(0, 0, 0, 0, false);
      progress |= w.progress;
      if (w.failed) return Verdict::fail;
    }
    for (const int cell : cells_of[number]) set_index[cell] = -1;
    for (int b = 0; b < nc.bits; ++b) bit_of[nc.other_number[b]] = -1;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

Verdict set_analysis_plain(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  return set_analysis(s, d, dirty, changed, false);
}
Verdict set_analysis_doubles(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  return set_analysis(s, d, dirty, changed, true);
}

}  // namespace

extern const DominosaRuleEntry set_analysis_rule{
    {"set-analysis", "dominosa", Cost::quadratic, true,
     "k cells of one number that can only be k dominoes use them up: their placements "
     "elsewhere go; up to 16 open cells per number (Tatham: hard)"},
    set_analysis_plain,
    /*idempotent=*/false};

extern const DominosaRuleEntry set_analysis_doubles_rule{
    {"set-analysis-doubles", "dominosa", Cost::quadratic, true,
     "set analysis where the double can cover two cells of the set (Tatham: extreme)"},
    set_analysis_doubles,
    /*idempotent=*/false};

}  // namespace bs::dominosa
