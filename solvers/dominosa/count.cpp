// The component-decomposing counter (count.hpp has the what and the why).
//
// The recursion has two steps. count_region takes a propagated node and the cells of the part it
// is to count (a component of the node above, or the whole grid at the root), splits that part's
// open cells into components and multiplies their counts. count_component counts one component:
// from the cache, or by branching on its item with the fewest placements, each branch propagated
// and handed back to count_region with the component's cells as its part.
//
// Usable placements. A placement joins the component graph when it is alive, not yet placed,
// and its domino is not yet placed elsewhere. Whatever rules run, the counter relies only on
// that, on the propagation core's check that no domino is placed twice, and on one count of its
// own: a component of c cells must hold exactly c/2 unplaced dominoes, as each of its dominoes
// must go into it and it has room for c/2. So its leaves, all cells placed, are exact covers.
#include "solvers/dominosa/count.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <stdexcept>
#include <unordered_map>

namespace bs::dominosa {

namespace {

using propagation::fixed;
using State = DominosaProblem::State;

struct PlacementListHash {
  size_t operator()(const std::vector<int>& v) const {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ v.size();
    for (const int x : v) {
      h ^= static_cast<uint64_t>(x) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
      h *= 0xbf58476d1ce4e5b9ull;
    }
    return static_cast<size_t>(h ^ (h >> 31));
  }
};

// One independent part of a node: its open cells and its usable placements, ascending.
struct Component {
  std::vector<int> cells;
  std::vector<int> placements;
};

class ComponentCounter {
 public:
  ComponentCounter(const DominosaProblem& problem, const Structure& s,
                   const ComponentCountLimits& limits)
      : problem_(problem),
        s_(s),
        limits_(limits),
        start_(std::chrono::steady_clock::now()),
        cell_seen_(s.cells, 0),
        domino_seen_(s.domino_count, 0),
        placement_seen_(s.placements, 0),
        domino_settled_at_(s.domino_count, 0),
        domino_settled_(s.domino_count, 0),
        cell_options_(s.cells, 0),
        domino_options_(s.domino_count, 0) {}

  ComponentCount run(const State& root) {
    ComponentCount out;
    std::vector<int> everything(s_.cells);
    for (int cell = 0; cell < s_.cells; ++cell) everything[cell] = cell;
    out.witness.assign(s_.cells, 0);
    const BigCount solutions = count_region(root, everything, out.witness.data());
    out.stop = stop_;
    out.complete = stop_ == StopReason::exhausted;
    out.solutions = out.complete ? solutions : BigCount(0);
    if (!out.complete || solutions == 0) out.witness.clear();
    out.nodes = nodes_;
    out.splits = splits_;
    out.most_components = most_components_;
    out.cache_hits = cache_hits_;
    out.cache_entries = cache_.size();
    out.stats = stats_;
    return out;
  }

 private:
  // The product of the counts of the components among `region`'s open cells. With `witness`,
  // a nonzero count leaves one solution's direction for every cell of the region there.
  BigCount count_region(const State& st, const std::vector<int>& region,
                        propagation::Mask* witness) {
    const size_t mark = log_.size();
    const propagation::Mask* d = st.dom.data();
    if (witness)
      for (const int cell : region)
        if (cell_placed(d, cell)) witness[cell] = d[cell];
    std::vector<Component> parts;
    BigCount product = find_components(d, region, parts) ? 1 : 0;
    if (parts.size() > 1) ++splits_;
    most_components_ = std::max<uint64_t>(most_components_, parts.size());
    // The smallest first: a part with no solution ends the node soonest.
    std::sort(parts.begin(), parts.end(), [](const Component& a, const Component& b) {
      return a.cells.size() < b.cells.size();
    });
    for (const Component& part : parts) {
      if (product == 0 || stop_ != StopReason::exhausted) break;
      product *= count_component(st, part, witness);
    }
    if (product == 0) forget_since(mark);
    return product;
  }

  // One component's count: cached, or summed over the placements of its tightest item.
  BigCount count_component(const State& st, const Component& part, propagation::Mask* witness) {
    if (limits_.cache && !witness) {
      const auto hit = cache_.find(part.placements);
      if (hit != cache_.end()) {
        ++cache_hits_;
        return hit->second;
      }
    }
    BigCount sum = 0;
    for (const int p : tightest_item(part)) {
      if (out_of_budget()) return 0;
      ++nodes_;
      State child;
      child.dom = st.dom;
      // Fix an end that is still open towards the other, as the solver's branching does.
      const int end = fixed(child.dom[s_.ends[p].first]) ? s_.ends[p].second : s_.ends[p].first;
      child.move =
          propagation::assign(s_, child.dom.data(), end, direction_bit(s_.direction_from(p, end)));
      if (!problem_.fixpoint(child, stats_, nullptr)) continue;
      const BigCount branch = count_region(child, part.cells, witness);
      if (branch > 0) witness = nullptr;  // the first solution found is the witness
      sum += branch;
    }
    if (limits_.cache && sum > 0 && stop_ == StopReason::exhausted &&
        cache_.size() < limits_.cache_entries && cache_.emplace(part.placements, sum).second)
      log_.push_back(part.placements);
    return sum;
  }

  // The usable placements of the part's item (cell or domino) with the fewest of them.
  std::vector<int> tightest_item(const Component& part) {
    for (const int p : part.placements) {
      ++cell_options_[s_.ends[p].first];
      ++cell_options_[s_.ends[p].second];
      ++domino_options_[s_.domino_of[p]];
    }
    int best_cell = -1, best_domino = -1, fewest = 1 << 30;
    for (const int cell : part.cells)
      if (cell_options_[cell] < fewest) fewest = cell_options_[cell], best_cell = cell;
    for (const int p : part.placements) {
      const int k = s_.domino_of[p];
      if (domino_options_[k] < fewest) fewest = domino_options_[k], best_domino = k, best_cell = -1;
    }
    std::vector<int> out;
    for (const int p : part.placements) {
      const bool of_item = best_cell >= 0
                               ? s_.ends[p].first == best_cell || s_.ends[p].second == best_cell
                               : s_.domino_of[p] == best_domino;
      if (of_item) out.push_back(p);
      cell_options_[s_.ends[p].first] = cell_options_[s_.ends[p].second] = 0;
      domino_options_[s_.domino_of[p]] = 0;
    }
    return out;
  }

  // Splits the region's open cells into components. False when the node has no solution: an
  // open cell with no usable placement, or a component whose dominoes cannot fill it exactly.
  bool find_components(const propagation::Mask* d, const std::vector<int>& region,
                       std::vector<Component>& parts) {
    const uint32_t stamp = next_stamp();
    std::vector<int> queue;  // cells as themselves, dominoes as cells + k
    for (const int start : region) {
      if (cell_seen_[start] == stamp || cell_placed(d, start)) continue;
      Component part;
      int domino_count = 0;
      cell_seen_[start] = stamp;
      queue.assign(1, start);
      while (!queue.empty()) {
        const int item = queue.back();
        queue.pop_back();
        auto take = [&](int p) {
          if (placement_seen_[p] == stamp) return;
          placement_seen_[p] = stamp;
          part.placements.push_back(p);
          for (const int cell : {s_.ends[p].first, s_.ends[p].second})
            if (cell_seen_[cell] != stamp) cell_seen_[cell] = stamp, queue.push_back(cell);
          const int k = s_.domino_of[p];
          if (domino_seen_[k] != stamp)
            domino_seen_[k] = stamp, ++domino_count, queue.push_back(s_.cells + k);
        };
        if (item < s_.cells) {
          part.cells.push_back(item);
          int options = 0;
          for (propagation::Mask rest = d[item]; rest; rest &= rest - 1) {
            const int p = s_.placement_at[item * 4 + std::countr_zero(rest)];
            if (!usable(d, p, stamp)) continue;
            ++options;
            take(p);
          }
          if (options == 0) return false;
        } else {
          const int k = item - s_.cells;
          for (int i = s_.domino_start[k]; i < s_.domino_start[k + 1]; ++i)
            if (usable(d, s_.of_domino[i], stamp)) take(s_.of_domino[i]);
        }
      }
      if (2 * domino_count != static_cast<int>(part.cells.size())) return false;
      std::sort(part.placements.begin(), part.placements.end());
      parts.push_back(std::move(part));
    }
    return true;
  }

  bool cell_placed(const propagation::Mask* d, int cell) const {
    if (!fixed(d[cell])) return false;
    const int dir = std::countr_zero(d[cell]);
    const int other = s_.neighbour[cell * 4 + dir];
    return other >= 0 && d[other] == (propagation::Mask{1} << (dir ^ 1));
  }

  // Alive, not placed, and its domino not placed elsewhere.
  bool usable(const propagation::Mask* d, int p, uint32_t stamp) {
    if (p < 0 || !s_.alive(d, p) || s_.placed(d, p)) return false;
    const int k = s_.domino_of[p];
    if (domino_settled_at_[k] != stamp) {
      domino_settled_at_[k] = stamp;
      domino_settled_[k] = 0;
      for (int i = s_.domino_start[k]; i < s_.domino_start[k + 1]; ++i)
        domino_settled_[k] |= s_.placed(d, s_.of_domino[i]);
    }
    return !domino_settled_[k];
  }

  uint32_t next_stamp() {
    if (++stamp_ == 0) {  // wrapped: clear every mark once
      for (auto* v : {&cell_seen_, &domino_seen_, &placement_seen_, &domino_settled_at_})
        std::fill(v->begin(), v->end(), 0);
      stamp_ = 1;
    }
    return stamp_;
  }

  // Cache entries written since `mark` came from a node that turned out to have no solution;
  // they may be too low (the header says why), so they go.
  void forget_since(size_t mark) {
    for (size_t i = mark; i < log_.size(); ++i) cache_.erase(log_[i]);
    log_.resize(mark);
  }

  bool out_of_budget() {
    if (stop_ != StopReason::exhausted) return true;
    if (limits_.nodes > 0 && nodes_ >= limits_.nodes) stop_ = StopReason::node_limit;
    // The clock at every branch: a branch of a large grid costs a fixpoint with probing, which
    // dwarfs reading it.
    if (limits_.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >
            limits_.seconds)
      stop_ = StopReason::time_limit;
    return stop_ != StopReason::exhausted;
  }

  const DominosaProblem& problem_;
  const Structure& s_;
  ComponentCountLimits limits_;
  std::chrono::steady_clock::time_point start_;
  StopReason stop_ = StopReason::exhausted;
  search::Stats stats_;
  uint64_t nodes_ = 0, splits_ = 0, most_components_ = 0, cache_hits_ = 0;
  std::unordered_map<std::vector<int>, BigCount, PlacementListHash> cache_;
  std::vector<std::vector<int>> log_;  // the keys written, in order, for forget_since
  uint32_t stamp_ = 0;
  std::vector<uint32_t> cell_seen_, domino_seen_, placement_seen_, domino_settled_at_;
  std::vector<uint8_t> domino_settled_;
  std::vector<int> cell_options_, domino_options_;  // tightest_item's tallies, zero between calls
};

}  // namespace

DominosaProblem::Rules dominosa_problem_rules(const std::vector<std::string>& names, bool timed,
                                              Cost costly_from) {
  if (names.size() > static_cast<size_t>(std::min(search::kMaxRules, kMaxFixpointRules)))
    throw std::logic_error("more dominosa rules than counter slots");
  DominosaProblem::Rules out;
  out.timed = timed;
  for (const auto& name : names)
    for (const auto& e : dominosa_rules())
      if (e.info.name == name) {
        out.shallow.push_back(&e);
        if (e.info.cost < costly_from) out.deep = static_cast<int>(out.shallow.size());
      }
  return out;
}

ComponentCount count_by_components(const DominosaProblem& problem, const Structure& structure,
                                   const DominosaProblem::State& root,
                                   const ComponentCountLimits& limits) {
  ComponentCounter counter(problem, structure, limits);
  return counter.run(root);
}

std::string decimal(const BigCount& count) {
  return count.str();
}

}  // namespace bs::dominosa
