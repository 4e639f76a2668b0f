#include "solvers/mines_endgame.hpp"

#include <algorithm>
#include <map>
#include <vector>

namespace bs::mines {

namespace {

class Endgame {
 public:
  Endgame(const Position& p, int max_layouts, int max_nodes, bool prune)
      : p_(p), max_layouts_(max_layouts), max_nodes_(max_nodes), prune_(prune) {}

  std::optional<EndgameMove> run() {
    const int n = p_.width * p_.height;
    std::vector<int> index(n, -1);
    int flags = 0;
    for (int i = 0; i < n; ++i) {
      if (p_.cells[i] == kUnknown) {
        index[i] = static_cast<int>(cells_.size());
        cells_.push_back(i);
      }
      flags += p_.cells[i] == kFlag;
    }
    // Rows: each digit's unknown neighbours and the mines among them.
    for (int i = 0; i < n; ++i) {
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
    // Frontier cells first, so that rows close early.
    order_.resize(cells_.size());
    for (size_t k = 0; k < cells_.size(); ++k) order_[k] = static_cast<int>(k);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](int a, int b) { return rows_of_[a].size() > rows_of_[b].size(); });
    sum_.assign(rows_.size(), 0);
    room_.assign(rows_.size(), 0);
    for (size_t r = 0; r < rows_.size(); ++r) room_[r] = static_cast<int>(rows_[r].vars.size());
    mine_.assign(cells_.size(), 0);
    if (!enumerate(0, p_.mines - flags) || layouts_.empty()) return std::nullopt;
    // What each click shows in each layout: -1 a mine, else its digit.
    shows_.assign(cells_.size(), std::vector<int8_t>(layouts_.size()));
    for (size_t c = 0; c < cells_.size(); ++c) {
      std::vector<int> around;
      int base = 0;
      p_.for_neighbours(cells_[c], [&](int j) {
        if (index[j] >= 0) around.push_back(index[j]);
        base += p_.cells[j] == kFlag;
      });
      for (size_t l = 0; l < layouts_.size(); ++l) {
        const auto& m = layouts_[l];
        if (m[c]) {
          shows_[c][l] = -1;
          continue;
        }
        int d = base;
        for (int a : around) d += m[a];
        shows_[c][l] = static_cast<int8_t>(d);
      }
    }
    std::vector<uint16_t> all(layouts_.size());
    for (size_t l = 0; l < all.size(); ++l) all[l] = static_cast<uint16_t>(l);
    int best_cell = -1;
    const double win = value(all, &best_cell);
    if (nodes_ > max_nodes_ || best_cell < 0) return std::nullopt;
    return EndgameMove{cells_[best_cell], win};
  }

 private:
  struct Row {
    std::vector<int> vars;
    int target;
  };

  // All layouts of the unknown cells with `left` mines; false when there are too many.
  bool enumerate(size_t k, int left) {
    if (k == order_.size()) {
      if (left != 0) return true;
      if (static_cast<int>(layouts_.size()) >= max_layouts_) return false;
      layouts_.push_back(mine_);
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

  // The chance of winning from this set of layouts with best play; the best click in *best.
  double value(const std::vector<uint16_t>& set, int* best = nullptr) {
    if (set.size() == 1) return 1;
    if (++nodes_ > max_nodes_) return 0;
    if (!best) {
      const auto it = memo_.find(set);
      if (it != memo_.end()) return it->second;
    }
    // Each click's split of the set; clicks with the same split are weighed once (splits are
    // compared by a 64-bit hash of the outcomes: a collision could only skip a click). A click is
    // worth at most its share of safe layouts, so the clicks are weighed safest first and the
    // search stops at the first that cannot beat the best so far: the values stay exact.
    struct Split {
      uint64_t hash;
      int cell, safe;
    };
    std::vector<Split> splits;
    int free_click = -1;
    for (size_t c = 0; c < cells_.size(); ++c) {
      const int8_t* shows = shows_[c].data();
      const int8_t first = shows[set[0]];
      bool varies = false;
      int safe = 0;
      uint64_t hash = 0xcbf29ce484222325ULL;
      for (uint16_t l : set) {
        varies = varies || shows[l] != first;
        safe += shows[l] >= 0;
        hash = (hash ^ static_cast<uint8_t>(shows[l] + 1)) * 0x100000001b3ULL;
      }
      if (!varies) continue;  // the same in every layout: no news (or a certain mine)
      if (safe == static_cast<int>(set.size()) && free_click < 0) free_click = static_cast<int>(c);
      splits.push_back({hash, static_cast<int>(c), safe});
    }
    std::sort(splits.begin(), splits.end(), [](const Split& x, const Split& y) {
      return x.hash != y.hash ? x.hash < y.hash : x.cell < y.cell;
    });
    splits.erase(std::unique(splits.begin(), splits.end(),
                             [](const Split& x, const Split& y) { return x.hash == y.hash; }),
                 splits.end());
    std::sort(splits.begin(), splits.end(), [](const Split& x, const Split& y) {
      return x.safe != y.safe ? x.safe > y.safe : x.cell < y.cell;
    });
    const double n = static_cast<double>(set.size());
    double top = -1;
    int top_cell = -1;
    // The click's worth, or, once what is left cannot lift it to `floor`, a bound below floor.
    auto weigh = [&](int c, int safe, double floor) {
      std::map<int8_t, std::vector<uint16_t>> parts;
      for (uint16_t l : set)
        if (shows_[c][l] >= 0) parts[shows_[c][l]].push_back(l);
      double v = 0, left = safe / n;
      for (const auto& [digit, part] : parts) {
        const double share = static_cast<double>(part.size()) / n;
        left -= share;
        v += share * value(part);
        if (prune_ && v + left < floor - 1e-12) return v + left;
      }
      return v;
    };
    if (free_click >= 0) {
      top = weigh(free_click, static_cast<int>(set.size()), -1);
      top_cell = free_click;
    } else {
      for (const Split& sp : splits) {
        const double bound = sp.safe / n;
        if (prune_ && bound < top - 1e-12) break;                            // nor can any after it
        if (prune_ && bound <= top + 1e-12 && sp.cell > top_cell) continue;  // a tie it would lose
        const double v = weigh(sp.cell, sp.safe, top);
        if (v > top + 1e-12 || (v > top - 1e-12 && sp.cell < top_cell)) {
          top = v;
          top_cell = sp.cell;
        }
      }
      // Two different layouts differ on some cell, so with two or more some click splits.
    }
    if (best) *best = top_cell;
    memo_.emplace(set, top);
    return top;
  }

  const Position& p_;
  int max_layouts_, max_nodes_;
  bool prune_;
  int nodes_ = 0;
  std::vector<int> cells_, order_;
  std::vector<Row> rows_;
  std::vector<std::vector<int>> rows_of_;
  std::vector<int> sum_, room_;
  std::vector<uint8_t> mine_;
  std::vector<std::vector<uint8_t>> layouts_;
  std::vector<std::vector<int8_t>> shows_;
  std::map<std::vector<uint16_t>, double> memo_;
};

}  // namespace

std::optional<EndgameMove> solve_endgame(const Position& position, int max_layouts, int max_nodes,
                                         bool prune) {
  return Endgame(position, max_layouts, max_nodes, prune).run();
}

}  // namespace bs::mines
