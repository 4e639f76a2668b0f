#include "solvers/mines/endgame.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <deque>
#include <limits>
#include <random>
#include <span>
#include <vector>

#include "search/budget.hpp"

namespace bs::mines {

namespace {

struct Split {
  int cell, safe;
};
struct Scratch {
  std::vector<Split> splits;
  std::vector<int> varying;
  std::vector<std::pair<uint64_t, int>> weighed;
  std::vector<uint16_t> grouped;
  std::vector<uint16_t> same, safe;  // per cell of the live range, when counted by rows
};

// A memo slot (see Endgame::memo_find).
struct Slot {
  uint64_t hash;
  uint32_t offset, size;  // size 0: empty
  double value;
};

// The buffers a search fills as it goes, kept by each thread from one search to the next. The
// strong player runs a search for most of its guesses late in a game, and allocating these afresh
// each time (a vector per layout and per cell, the memo doubling from 1,024 slots, the pool of
// sets, each depth's scratch) spent a tenth of its time in allocation, copies and page faults
// (docs/history/mines.md has what keeping them saves). A search starts them empty but keeps their
// memory, up to kKeptBytes each.
struct Workspace {
  std::vector<uint8_t> layouts;  // layout by layout, a byte per unknown cell: 1 a mine
  // What each cell shows in each layout, cell by cell (a byte per layout: -1 a mine, else its
  // digit), and the same transposed, layout by layout: by_layout[l * cells + c].
  std::vector<int8_t> shows, by_layout;
  std::vector<uint16_t> pool;     // the memo's sets, end to end
  std::vector<Slot> memo, spare;  // the memo, and the buffer its next growth fills
  std::deque<Scratch> scratch;    // by depth; a deque, so that growing it moves no buffer
  bool in_use = false;            // one search at a time per thread
};
inline constexpr size_t kKeptBytes = size_t{64} << 20;

template <class T>
void release_if_large(std::vector<T>& v) {
  if (v.capacity() * sizeof(T) > kKeptBytes) std::vector<T>().swap(v);
  v.clear();
}

class Endgame {
 public:
  Endgame(const Position& p, int max_layouts, int max_nodes, bool prune)
      : p_(p),
        max_layouts_(std::min(max_layouts, 65535)),  // sets index and count layouts in 16 bits
        prune_(prune),
        budget_(search::Limits{.nodes = static_cast<uint64_t>(std::max(max_nodes, 0))}),
        ws_(workspace()) {
    if (max_nodes <= 0) budget_.trigger(StopReason::node_limit);  // not even the root
    assert(!ws_.in_use);
    ws_.in_use = true;
    ws_.layouts.clear();
    ws_.pool.clear();
    ws_.memo.clear();
  }
  ~Endgame() {
    ws_.in_use = false;
    release_if_large(ws_.layouts);
    release_if_large(ws_.shows);
    release_if_large(ws_.by_layout);
    release_if_large(ws_.pool);
    release_if_large(ws_.memo);
    release_if_large(ws_.spare);
  }
  Endgame(const Endgame&) = delete;
  Endgame& operator=(const Endgame&) = delete;

  std::optional<EndgameMove> run() {
    const std::vector<int> index = number_unknown_cells();
    build_rows(index);
    order_frontier_first();
    if (!enumerate(0, p_.mines - flags_) || count_ == 0) return std::nullopt;
    tabulate_shows(index);
    draw_keys();
    std::vector<uint16_t> all(count_);
    for (size_t l = 0; l < all.size(); ++l) all[l] = static_cast<uint16_t>(l);
    std::vector<int> every_cell(cells_.size());
    for (size_t c = 0; c < cells_.size(); ++c) every_cell[c] = static_cast<int>(c);
    int best_cell = -1;
    uint64_t all_hash = 0;
    for (uint64_t k : id_key_) all_hash += k;
    bool exact = true;
    const double win = value(all, all_hash, every_cell, 0, 0, exact, &best_cell);
    if (budget_.stopped() || best_cell < 0) return std::nullopt;
    return EndgameMove{cells_[best_cell], win};
  }

 private:
  // The unknown cells become the search's variables; returns each cell's variable, or -1.
  std::vector<int> number_unknown_cells() {
    const int n = p_.width * p_.height;
    std::vector<int> index(n, -1);
    for (int i = 0; i < n; ++i) {
      if (p_.cells[i] == kUnknown) {
        index[i] = static_cast<int>(cells_.size());
        cells_.push_back(i);
      }
      flags_ += p_.cells[i] == kFlag;
    }
    return index;
  }

  // Rows: each digit's unknown neighbours and the mines among them.
  void build_rows(const std::vector<int>& index) {
    for (int i = 0; i < p_.width * p_.height; ++i) {
      if (p_.cells[i] < 0) continue;
      std::vector<int> vars;
      int target = p_.cells[i];
      p_.for_neighbours(i, [&](int j) {
        target -= p_.cells[j] == kFlag;
        if (index[j] >= 0) vars.push_back(index[j]);
      });
      if (!vars.empty()) rows_.push_back({vars, target});
    }
    rows_of_.assign(cells_.size(), {});
    for (size_t r = 0; r < rows_.size(); ++r)
      for (int v : rows_[r].vars) rows_of_[v].push_back(static_cast<int>(r));
    sum_.assign(rows_.size(), 0);
    room_.assign(rows_.size(), 0);
    for (size_t r = 0; r < rows_.size(); ++r) room_[r] = static_cast<int>(rows_[r].vars.size());
    mine_.assign(cells_.size(), 0);
  }

  // The enumeration's variable order: frontier cells first, so that rows close early.
  void order_frontier_first() {
    order_.resize(cells_.size());
    for (size_t k = 0; k < cells_.size(); ++k) order_[k] = static_cast<int>(k);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](int a, int b) { return rows_of_[a].size() > rows_of_[b].size(); });
  }

  // What each click shows in each layout (-1 a mine, else its digit), cell by cell and layout by
  // layout.
  void tabulate_shows(const std::vector<int>& index) {
    ws_.shows.resize(cells_.size() * count_);
    for (size_t c = 0; c < cells_.size(); ++c) {
      std::vector<int> around;
      int base = 0;
      p_.for_neighbours(cells_[c], [&](int j) {
        if (index[j] >= 0) around.push_back(index[j]);
        base += p_.cells[j] == kFlag;
      });
      int8_t* shows = ws_.shows.data() + c * count_;
      for (size_t l = 0; l < count_; ++l) {
        const uint8_t* m = ws_.layouts.data() + l * cells_.size();
        if (m[c]) {
          shows[l] = -1;
          continue;
        }
        int d = base;
        for (int a : around) d += m[a];
        shows[l] = static_cast<int8_t>(d);
      }
    }
    ws_.by_layout.resize(count_ * cells_.size());
    for (size_t c = 0; c < cells_.size(); ++c)
      for (size_t l = 0; l < count_; ++l) ws_.by_layout[l * cells_.size() + c] = shows_of(c)[l];
  }

  // The random keys of the split and set hashes.
  void draw_keys() {
    key_.resize(count_);
    std::mt19937_64 random_keys(1);  // a fixed seed: even a collision is reproducible
    for (uint64_t& k : key_) k = random_keys();
    id_key_.resize(count_);
    for (uint64_t& k : id_key_) k = random_keys();
  }

  using Set = std::span<const uint16_t>;  // layouts, by index, in increasing order
  static constexpr double kTie = 1e-12;   // values this close are equal (the lower cell wins)
  struct Row {
    std::vector<int> vars;
    int target;
  };

  // A 64-bit hash of what `cell` shows in each layout of the set: each outcome times a random key
  // of its place in the set, summed, so that the terms are independent and the loop has no chain
  // of dependent multiplications. A collision could only skip a click.
  uint64_t split_hash(int cell, Set set) const {
    const int8_t* shows = shows_of(cell);
    uint64_t hash = 0;
    for (size_t i = 0; i < set.size(); ++i)
      hash += static_cast<uint64_t>(shows[set[i]] + 1) * key_[i];
    return hash;
  }

  // All layouts of the unknown cells with `left` mines; false when there are too many.
  bool enumerate(size_t k, int left) {
    if (k == order_.size()) {
      if (left != 0) return true;
      if (static_cast<int>(count_) >= max_layouts_) return false;
      ws_.layouts.insert(ws_.layouts.end(), mine_.begin(), mine_.end());
      ++count_;
      return true;
    }
    if (left < 0 || left > static_cast<int>(order_.size() - k)) return true;
    const int v = order_[k];
    for (int m = 0; m <= 1; ++m) {
      bool ok = true;
      for (int r : rows_of_[v]) {
        sum_[r] += m;
        --room_[r];
        ok = ok && sum_[r] <= rows_[r].target && sum_[r] + room_[r] >= rows_[r].target;
      }
      mine_[v] = static_cast<uint8_t>(m);
      const bool fine = !ok || enumerate(k + 1, left - m);
      for (int r : rows_of_[v]) {
        sum_[r] -= m;
        ++room_[r];
      }
      mine_[v] = 0;
      if (!fine) return false;
    }
    return true;
  }

  // A node of the search: a set of layouts, and what the caller's click needs from it.
  struct Node {
    Set set;
    uint64_t hash;
    size_t depth;
    double need;
    bool bound_held;  // the memo holds a bound for the set, too high for this need
  };

  // The chance of winning from this set of layouts with best play; the best click in *best.
  // `need` is what the caller's click needs from this set to matter: once the search proves the
  // value below need, it stops and returns that upper bound with `exact` false (the
  // alpha-beta cut of an expectimax search; the caller's click is then beaten whatever the rest
  // of its outcomes are worth). A need of 0 or less asks for the exact value. `live` holds, in
  // increasing order, every cell whose outcome varies over the set (it may hold more): a cell that
  // shows the same in all of a set's layouts shows the same in any part of it, so each node passes
  // on only the cells that varied over its own set, and deep nodes scan a few cells instead of the
  // whole board (most of the search's time went to that scan).
  double value(Set set, uint64_t set_hash, const std::vector<int>& live, size_t depth, double need,
               bool& exact, int* best = nullptr) {
    exact = true;
    if (set.size() == 1) return 1;
    if (budget_.step()) return 0;  // past the node budget: the caller gives up on the search
    if (prune_ && !best && set.size() == 2) return two_layout_value(set, live);
    Node node{set, set_hash, depth, need, false};
    if (!best)
      if (const Slot* s = memo_find(set, set_hash)) {
        if (s->value >= 0) return s->value;
        // A bound from an earlier cut, kept as -1 - bound: enough when it is below this need.
        if (-1 - s->value < need - kTie) {
          exact = false;
          return -1 - s->value;
        }
        // The search below replaces the bound. Nothing else can store this set meanwhile, since
        // the nodes below hold parts of it.
        node.bound_held = true;
      }
    Scratch& own = scratch(depth);
    const int free_click = survey(set, live, own);
    if (free_click >= 0) {  // free information: taken first, nothing else weighed
      bool cut = false;
      const double v = weigh(node, own, free_click, static_cast<int>(set.size()), need, cut);
      if (best) *best = free_click;
      return answer(node, v, cut, exact);
    }
    return best_click(node, own, exact, best);
  }

  // Two layouts (a sixth of the nodes on expert): a click safe in both that shows them apart wins
  // outright. Else some cell is a mine in one and safe in the other, and a click there wins half
  // the time, which is the best: every other click is a risk or tells nothing. The general path
  // and the memo reach the same value at many times the cost. The reference search takes that
  // path, so that the tests comparing the two check this shortcut.
  double two_layout_value(Set set, const std::vector<int>& live) const {
    const int8_t* outcome_a = ws_.by_layout.data() + set[0] * cells_.size();
    const int8_t* outcome_b = ws_.by_layout.data() + set[1] * cells_.size();
    for (int c : live)
      if (outcome_a[c] >= 0 && outcome_b[c] >= 0 && outcome_a[c] != outcome_b[c]) return 1;
    return 0.5;
  }

  // This depth's buffers, reused by every node at this depth (a node's children use the next
  // depth's, so the parts and `varying` it hands down stay put while they are weighed).
  Scratch& scratch(size_t depth) {
    while (ws_.scratch.size() <= depth)
      ws_.scratch.emplace_back();  // keeps references to the others
    Scratch& own = ws_.scratch[depth];
    own.splits.clear();
    own.varying.clear();
    own.weighed.clear();
    return own;
  }

  // Each click's split of the set, into own.splits, safest first (a click is worth at most its
  // share of safe layouts), and the cells whose outcome varies, into own.varying. Returns a
  // click that is safe in every layout and splits the set (free information), or -1.
  int survey(Set set, const std::vector<int>& live, Scratch& own) const {
    int free_click = -1;
    // Each live cell's count of layouts that show what the first shows, and of safe ones. When
    // the live cells are dense in their range, one pass over the layouts' rows counts every cell
    // of the range at once (the compiler turns it into vector code); else each live cell gathers
    // its outcomes column-wise. The reference search always gathers, so that the tests comparing
    // the two check the row counts too.
    const int lo = live.empty() ? 0 : live.front(), hi = live.empty() ? 0 : live.back() + 1;
    const bool by_rows = prune_ && 4 * static_cast<int>(live.size()) >= hi - lo && set.size() >= 8;
    if (by_rows) {
      own.same.resize(static_cast<size_t>(hi - lo));
      own.safe.resize(static_cast<size_t>(hi - lo));
      count_by_rows(ws_.by_layout.data(), cells_.size(), set, lo, hi, own.same.data(),
                    own.safe.data());
    }
    for (int c : live) {
      int same = 0, safe = 0;
      if (by_rows) {
        same = own.same[static_cast<size_t>(c - lo)];
        safe = own.safe[static_cast<size_t>(c - lo)];
      } else {
        const int8_t* shows = shows_of(c);
        const int8_t first = shows[set[0]];
        for (uint16_t l : set) {
          same += shows[l] == first;
          safe += shows[l] >= 0;
        }
      }
      // The same in every layout: no news (or a certain mine).
      if (same == static_cast<int>(set.size())) continue;
      own.varying.push_back(c);
      if (safe == static_cast<int>(set.size()) && free_click < 0) free_click = c;
      own.splits.push_back({c, safe});
    }
    // Safest first, the lower cell first among equals.
    std::sort(own.splits.begin(), own.splits.end(), [](const Split& x, const Split& y) {
      return x.safe != y.safe ? x.safe > y.safe : x.cell < y.cell;
    });
    return free_click;
  }

  // The best click of the node and its worth. The clicks are weighed safest first, and the search
  // stops at the first that cannot beat the best so far: the values stay exact. Clicks with the
  // same split are weighed once: a split's hash is taken only when it is about to be weighed
  // (most never are, once the bound stops the search), and equal splits have equal safe shares,
  // so the lowest cell of each stands for it. The reference search (`prune` false) compares the
  // splits themselves, so that the tests comparing the two check the hash as well.
  double best_click(const Node& node, Scratch& own, bool& exact, int* best) {
    const double n = static_cast<double>(node.set.size());
    const double need = node.need;
    double top = -1;
    int top_cell = -1;
    double cut_top = -1;  // the largest bound of a click cut below need
    for (const Split& sp : own.splits) {
      const double bound = sp.safe / n;
      if (prune_ && bound < top - kTie) break;  // nor can any after it
      if (prune_ && bound < need - kTie && top < need - kTie)
        return answer(node, std::max({top, cut_top, bound}), true,
                      exact);                                             // nor can any reach need
      if (prune_ && bound <= top + kTie && sp.cell > top_cell) continue;  // a tie it would lose
      const uint64_t hash = prune_ ? split_hash(sp.cell, node.set) : 0;
      if (weighed_already(node.set, own.weighed, hash, sp.cell)) continue;
      own.weighed.emplace_back(hash, sp.cell);
      bool cut = false;
      const double v = weigh(node, own, sp.cell, sp.safe, std::max(top, need), cut);
      if (cut) {  // below the best so far, or below need
        cut_top = std::max(cut_top, v);
        continue;
      }
      if (v > top + kTie || (v > top - kTie && sp.cell < top_cell)) {
        top = v;
        top_cell = sp.cell;
      }
    }
    // Two different layouts differ on some cell, so with two or more some click splits.
    if (best) *best = top_cell;
    // Below need, the value is only bounded: a click cut below need - kTie might otherwise tie
    // with a top just under need and win the tie as the lower cell, as it would in the reference.
    if (prune_ && top < need) return answer(node, std::max(top, cut_top), true, exact);
    return answer(node, top, false, exact);
  }

  // Whether a click with the same split as `cell` (of hash `hash`) was weighed at this node.
  bool weighed_already(Set set, const std::vector<std::pair<uint64_t, int>>& weighed, uint64_t hash,
                       int cell) const {
    for (const std::pair<uint64_t, int>& w : weighed)
      if (prune_ ? w.first == hash : same_split(set, w.second, cell)) return true;
    return false;
  }
  bool same_split(Set set, int a, int b) const {
    return std::all_of(set.begin(), set.end(),
                       [&](uint16_t l) { return shows_of(a)[l] == shows_of(b)[l]; });
  }

  // Click c's worth (`safe` of the node's layouts spare it), or, once what is left cannot lift it
  // to `floor` (cut true), a bound below floor - kTie. Each outcome is asked for what it needs to
  // keep the click at floor, the outcomes after it counted as won.
  double weigh(const Node& node, Scratch& own, int c, int safe, double floor, bool& cut) {
    cut = false;
    const Set set = node.set;
    const double n = static_cast<double>(set.size());
    // The safe layouts grouped by the digit shown (a counting sort into one buffer).
    const int8_t* shows = shows_of(c);
    std::array<int, 10> start{};
    for (uint16_t l : set)
      if (shows[l] >= 0) ++start[shows[l] + 1];
    for (int d = 0; d < 9; ++d) start[d + 1] += start[d];
    std::vector<uint16_t>& grouped = own.grouped;
    grouped.resize(static_cast<size_t>(safe));
    std::array<int, 10> fill = start;
    std::array<uint64_t, 9> part_hash{};
    for (uint16_t l : set)
      if (shows[l] >= 0) {
        grouped[fill[shows[l]]++] = l;
        part_hash[shows[l]] += id_key_[l];
      }
    double v = 0, left = safe / n;
    for (int d = 0; d < 9; ++d) {
      const Set part(grouped.data() + start[d], static_cast<size_t>(start[d + 1] - start[d]));
      if (part.empty()) continue;
      const double share = static_cast<double>(part.size()) / n;
      left -= share;
      const double part_need = prune_ ? (floor - kTie - v - left) / share : 0;
      bool part_exact = true;
      v += share * value(part, part_hash[d], own.varying, node.depth + 1, part_need, part_exact);
      if (prune_ && (!part_exact || v + left < floor - kTie)) {
        cut = true;
        return v + left;
      }
    }
    return v;
  }

  // What the search proved of the node's value, into the memo and `exact`: the value itself, or
  // (cut) an upper bound below need.
  double answer(const Node& node, double v, bool cut, bool& exact) {
    exact = !cut;
    const double kept = cut ? -1 - v : v;
    if (node.bound_held)
      memo_find(node.set, node.hash)->value = kept;  // found afresh: the table may have grown
    else
      memo_insert(node.set, node.hash, kept);
    return v;
  }

  const Position& p_;
  int max_layouts_;
  bool prune_;
  search::Budget budget_;  // one thread's: step() stops at exactly max_nodes
  std::vector<int> cells_, order_;
  int flags_ = 0;  // flagged cells
  std::vector<Row> rows_;
  std::vector<std::vector<int>> rows_of_;
  std::vector<int> sum_, room_;
  std::vector<uint8_t> mine_;
  size_t count_ = 0;  // layouts
  const int8_t* shows_of(int cell) const { return ws_.shows.data() + cell * count_; }
  std::vector<uint64_t> key_;  // the split hash's key of each place in a set
  // The memo: an open-addressing table of the sets searched, each slot holding the set's hash,
  // its place in a pool where the sets are kept end to end, and its value. A set's hash is the sum
  // of its layouts' random keys, so a node hands each part its hash from the counting sort that
  // makes it, and a lookup costs one probe in the common case (a map of vectors cost two cache
  // misses and an allocation per node). Sets are compared in full, so a collision costs time only.
  Slot* memo_find(Set set, uint64_t hash) {
    if (ws_.memo.empty()) return nullptr;
    const size_t mask = ws_.memo.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& s = ws_.memo[i];
      if (s.size == 0) return nullptr;
      assert(s.offset + s.size <= ws_.pool.size());  // no slot outlives its search
      if (s.hash == hash && s.size == set.size() &&
          std::equal(set.begin(), set.end(), ws_.pool.begin() + s.offset))
        return &s;
    }
  }
  void memo_place(const Slot& slot) {
    const size_t mask = ws_.memo.size() - 1;
    size_t i = slot.hash & mask;
    while (ws_.memo[i].size != 0) i = (i + 1) & mask;
    ws_.memo[i] = slot;
  }
  void memo_insert(Set set, uint64_t hash, double value) {
    // A pool past 32-bit offsets (billions of nodes) stops growing: the values stay exact.
    if (ws_.pool.size() + set.size() > std::numeric_limits<uint32_t>::max()) return;
    if (2 * (memo_count_ + 1) > ws_.memo.size()) {  // at most half full
      ws_.spare.assign(std::max<size_t>(1024, 2 * ws_.memo.size()), Slot{0, 0, 0, 0});
      ws_.spare.swap(ws_.memo);  // ws_.spare now holds the old table
      for (const Slot& s : ws_.spare)
        if (s.size != 0) memo_place(s);
    }
    memo_place(
        {hash, static_cast<uint32_t>(ws_.pool.size()), static_cast<uint32_t>(set.size()), value});
    ws_.pool.insert(ws_.pool.end(), set.begin(), set.end());
    ++memo_count_;
  }
  std::vector<uint64_t> id_key_;  // the random key of each layout, for the sets' hashes
  static Workspace& workspace() {
    thread_local Workspace w;
    return w;
  }
  Workspace& ws_;  // this thread's; its memo is a power of two in size
  size_t memo_count_ = 0;
};

}  // namespace

void count_by_rows(const int8_t* rows, size_t stride, std::span<const uint16_t> set, int lo, int hi,
                   uint16_t* same, uint16_t* safe) {
  std::fill(same, same + (hi - lo), uint16_t{0});
  std::fill(safe, safe + (hi - lo), uint16_t{0});
  if (set.empty()) return;
  const int8_t* first = rows + set[0] * stride + lo;
  for (uint16_t l : set) {
    const int8_t* r = rows + l * stride + lo;
    for (int k = 0; k < hi - lo; ++k) {  // one pass, in vector code
      same[k] = static_cast<uint16_t>(same[k] + (r[k] == first[k]));
      safe[k] = static_cast<uint16_t>(safe[k] + (r[k] >= 0));
    }
  }
}

std::optional<EndgameMove> solve_endgame(const Position& position, int max_layouts, int max_nodes,
                                         bool prune) {
  return Endgame(position, max_layouts, max_nodes, prune).run();
}

}  // namespace bs::mines
