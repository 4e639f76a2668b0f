// The frontier DP (frontier_dp.hpp): the band order, the forward pass that merges states, and the
// backward pass that turns weights into group probabilities.
#include "solvers/mines/frontier_dp.hpp"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <deque>
#include <type_traits>
#include <unordered_map>

namespace bs::mines {

namespace {

// The local rows that see each group's cells, inverted: the groups each row sees.
std::vector<std::vector<int>> groups_of_rows(const Component& c) {
  std::vector<std::vector<int>> of(c.row_target.size());
  for (size_t g = 0; g < c.groups.size(); ++g)
    for (int r : c.rows_of[g]) of[static_cast<size_t>(r)].push_back(static_cast<int>(g));
  return of;
}

// Breadth-first distances between groups, two groups adjacent when a row sees both.
std::vector<int> distances_from(const Component& c, const std::vector<std::vector<int>>& of,
                                int start) {
  std::vector<int> dist(c.groups.size(), -1);
  std::deque<int> queue{start};
  dist[static_cast<size_t>(start)] = 0;
  while (!queue.empty()) {
    const int g = queue.front();
    queue.pop_front();
    for (int r : c.rows_of[static_cast<size_t>(g)])
      for (int h : of[static_cast<size_t>(r)])
        if (dist[static_cast<size_t>(h)] < 0) {
          dist[static_cast<size_t>(h)] = dist[static_cast<size_t>(g)] + 1;
          queue.push_back(h);
        }
  }
  return dist;
}

int farthest(const std::vector<int>& dist) {
  return static_cast<int>(std::max_element(dist.begin(), dist.end()) - dist.begin());
}

// The greedy band order from `start`: at each step, among the unplaced groups that share a row
// with an open one, the group that leaves the fewest rows open, ties to the one nearest the start
// (so the band sweeps the component from one end), then the lowest index.
BandOrder greedy_order(const Component& c, const std::vector<std::vector<int>>& of, int start) {
  const size_t n = c.groups.size();
  const std::vector<int> dist = distances_from(c, of, start);
  std::vector<int> unplaced(of.size());
  for (size_t r = 0; r < of.size(); ++r) unplaced[r] = static_cast<int>(of[r].size());
  std::vector<char> placed(n, 0), open(of.size(), 0);
  std::vector<int> open_rows;
  BandOrder order;
  int width = 0;
  auto change = [&](int g) {  // the open rows gained minus the rows closed by placing g
    int delta = 0;
    for (int r : c.rows_of[static_cast<size_t>(g)]) {
      if (unplaced[static_cast<size_t>(r)] == 1)
        delta -= open[static_cast<size_t>(r)];
      else
        delta += !open[static_cast<size_t>(r)];
    }
    return delta;
  };
  for (size_t step = 0; step < n; ++step) {
    int best = -1, best_delta = 0;
    auto consider = [&](int g) {
      if (placed[static_cast<size_t>(g)]) return;
      const int delta = change(g);
      if (best < 0 || delta < best_delta ||
          (delta == best_delta &&
           (dist[static_cast<size_t>(g)] < dist[static_cast<size_t>(best)] ||
            (dist[static_cast<size_t>(g)] == dist[static_cast<size_t>(best)] && g < best)))) {
        best = g;
        best_delta = delta;
      }
    };
    for (int r : open_rows)
      for (int g : of[static_cast<size_t>(r)]) consider(g);
    if (best < 0)  // nothing open: the start, or the nearest unplaced group
      for (size_t g = 0; g < n; ++g) consider(static_cast<int>(g));
    placed[static_cast<size_t>(best)] = 1;
    order.groups.push_back(best);
    for (int r : c.rows_of[static_cast<size_t>(best)]) {
      --unplaced[static_cast<size_t>(r)];
      open[static_cast<size_t>(r)] = unplaced[static_cast<size_t>(r)] > 0;
    }
    std::erase_if(open_rows, [&](int r) { return !open[static_cast<size_t>(r)]; });
    for (int r : c.rows_of[static_cast<size_t>(best)])
      if (open[static_cast<size_t>(r)] &&
          std::find(open_rows.begin(), open_rows.end(), r) == open_rows.end())
        open_rows.push_back(r);
    width = std::max(width, static_cast<int>(open_rows.size()));
    order.width_sum += static_cast<int64_t>(open_rows.size());
  }
  order.width = width;
  return order;
}

// A state: the mines each open row sees so far, four bits a row (a digit is at most 8), in the
// open rows' slot order. 32 rows at most; a wider order is too wide to count.
constexpr int kMaxWidth = 32;
struct Key {
  uint64_t word[2] = {0, 0};
  int get(int slot) const { return static_cast<int>((word[slot >> 4] >> (4 * (slot & 15))) & 15); }
  void set(int slot, int v) { word[slot >> 4] |= static_cast<uint64_t>(v) << (4 * (slot & 15)); }
  bool operator==(const Key&) const = default;
};
struct KeyHash {
  size_t operator()(const Key& k) const {
    return static_cast<size_t>((k.word[0] * 0x9E3779B97F4A7C15ULL) ^
                               (k.word[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL);
  }
};

// What placing one group does to the open rows: each row the group touches is an old slot or
// newly opened, and is closed (checked against its target) or carried to a new slot.
struct Step {
  int group = 0, size = 0;
  struct Touch {
    int old_slot = -1;  // -1: the row opens here
    int new_slot = -1;  // -1: the row closes here
    int target = 0;
    int room_after = 0;  // the cells of its groups placed after this step
  };
  std::vector<Touch> touches;
  std::vector<int> carried_from;  // per new slot: the old slot it keeps, or -1 (a touched row)
};

std::vector<Step> plan_steps(const Component& c, const std::vector<int>& order) {
  std::vector<int> room(c.row_target.size(), 0);
  for (size_t g = 0; g < c.groups.size(); ++g)
    for (int r : c.rows_of[g]) room[static_cast<size_t>(r)] += static_cast<int>(c.groups[g].size());
  std::vector<int> slot_of(c.row_target.size(), -1);
  std::vector<int> open_rows;
  std::vector<Step> steps;
  for (int g : order) {
    Step& s = steps.emplace_back();
    s.group = g;
    s.size = static_cast<int>(c.groups[static_cast<size_t>(g)].size());
    std::vector<int> next_open;
    for (int r : c.rows_of[static_cast<size_t>(g)]) room[static_cast<size_t>(r)] -= s.size;
    // Old rows that stay open keep their order; rows the group opens go last.
    for (int r : open_rows)
      if (room[static_cast<size_t>(r)] > 0) next_open.push_back(r);
    for (int r : c.rows_of[static_cast<size_t>(g)])
      if (slot_of[static_cast<size_t>(r)] < 0 && room[static_cast<size_t>(r)] > 0)
        next_open.push_back(r);
    std::vector<int> new_slot_of(c.row_target.size(), -1);
    for (size_t k = 0; k < next_open.size(); ++k)
      new_slot_of[static_cast<size_t>(next_open[k])] = static_cast<int>(k);
    for (int r : c.rows_of[static_cast<size_t>(g)])
      s.touches.push_back({slot_of[static_cast<size_t>(r)], new_slot_of[static_cast<size_t>(r)],
                           c.row_target[static_cast<size_t>(r)], room[static_cast<size_t>(r)]});
    s.carried_from.assign(next_open.size(), -1);
    for (int r : next_open) {
      const bool touched = std::find(c.rows_of[static_cast<size_t>(g)].begin(),
                                     c.rows_of[static_cast<size_t>(g)].end(),
                                     r) != c.rows_of[static_cast<size_t>(g)].end();
      if (!touched)
        s.carried_from[static_cast<size_t>(new_slot_of[static_cast<size_t>(r)])] =
            slot_of[static_cast<size_t>(r)];
    }
    for (int r : open_rows) slot_of[static_cast<size_t>(r)] = -1;
    for (int r : next_open) slot_of[static_cast<size_t>(r)] = new_slot_of[static_cast<size_t>(r)];
    open_rows = std::move(next_open);
  }
  return steps;
}

// A polynomial in the mines placed so far: value[i] counts layouts with lo + i mines.
template <class Num>
struct Poly {
  int lo = 0;
  std::vector<Num> value;
  // this += factor * (src shifted up by k mines), dropping terms above `max_mines`.
  void add_shifted(const Poly& src, int k, const Num& factor, int max_mines) {
    const int from = src.lo + k;
    const int to = std::min(from + static_cast<int>(src.value.size()), max_mines + 1);
    if (to <= from) return;
    if (value.empty()) {
      lo = from;
      value.assign(static_cast<size_t>(to - from), Num(0));
    } else if (from < lo || to > lo + static_cast<int>(value.size())) {
      const int new_lo = std::min(lo, from);
      const int new_hi = std::max(lo + static_cast<int>(value.size()), to);
      std::vector<Num> grown(static_cast<size_t>(new_hi - new_lo), Num(0));
      for (size_t i = 0; i < value.size(); ++i)
        grown[static_cast<size_t>(lo - new_lo) + i] = value[i];
      value = std::move(grown);
      lo = new_lo;
    }
    for (int m = from; m < to; ++m)
      value[static_cast<size_t>(m - lo)] += factor * src.value[static_cast<size_t>(m - from)];
  }
};

}  // namespace

BandOrder band_order(const Component& c) {
  if (c.groups.empty()) return {};
  const std::vector<std::vector<int>> of = groups_of_rows(c);
  const int a = farthest(distances_from(c, of, 0));
  const int b = farthest(distances_from(c, of, a));
  BandOrder from_a = greedy_order(c, of, a), from_b = greedy_order(c, of, b);
  auto cost = [](const BandOrder& o) { return std::pair(o.width, o.width_sum); };
  return cost(from_b) < cost(from_a) ? from_b : from_a;
}

// The forward layers: per layer (the states before step i; layer n is after the last step), the
// states' polynomials, and per state its transitions (group count k, target state in the next
// layer), which the backward pass replays without hashing.
template <class Num>
struct FrontierDp<Num>::Tables {
  struct Layer {
    std::vector<Poly<Num>> poly;
    std::vector<uint32_t> first_move;        // per state, into moves; one extra at the end
    std::vector<std::pair<int, int>> moves;  // (k, state in the next layer)
  };
  std::vector<Step> steps;
  std::vector<Layer> layers;
  std::vector<std::vector<Num>> choose;  // per step: C(size, k)
};

template <class Num>
FrontierDp<Num>::FrontierDp(const Component& c, int max_mines, search::Budget& budget,
                            int64_t state_limit)
    : c_(c), max_mines_(max_mines), budget_(budget), state_limit_(state_limit) {}

template <class Num>
FrontierDp<Num>::~FrontierDp() = default;

namespace {

template <class Num>
Num binomial_of(int n, int k) {
  Num r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;  // exact at every step for integers
  return r;
}

// Divides every value by the largest (floating types only); returns log10 of the divisor.
template <class Num, class Range>
double rescale(Range& polys) {
  if constexpr (!std::is_floating_point_v<Num>) {
    return 0;
  } else {
    Num top = 0;
    for (const auto& p : polys)
      for (const Num& x : p.value) top = std::max(top, x);
    if (top == 0 || top == 1) return 0;
    for (auto& p : polys)
      for (Num& x : p.value) x /= top;
    return static_cast<double>(std::log10(top));
  }
}

}  // namespace

template <class Num>
DpOutcome FrontierDp<Num>::count() {
  const BandOrder order = band_order(c_);
  stats_.width = order.width;
  if (order.width > kMaxWidth) return DpOutcome::too_wide;
  tables_ = std::make_unique<Tables>();
  Tables& t = *tables_;
  t.steps = plan_steps(c_, order.groups);
  t.layers.resize(t.steps.size() + 1);
  t.layers[0].poly.push_back(Poly<Num>{0, {Num(1)}});
  std::vector<Key> keys{Key{}};
  uint64_t unpublished = 0;
  for (size_t i = 0; i < t.steps.size(); ++i) {
    const Step& s = t.steps[i];
    auto& choose = t.choose.emplace_back();
    for (int k = 0; k <= s.size; ++k) choose.push_back(binomial_of<Num>(s.size, k));
    typename Tables::Layer& from = t.layers[i];
    typename Tables::Layer& to = t.layers[i + 1];
    std::unordered_map<Key, int, KeyHash> index;
    std::vector<Key> next_keys;
    for (size_t st = 0; st < from.poly.size(); ++st) {
      from.first_move.push_back(static_cast<uint32_t>(from.moves.size()));
      const Key key = keys[st];
      Key carried;
      for (size_t slot = 0; slot < s.carried_from.size(); ++slot)
        if (s.carried_from[slot] >= 0)
          carried.set(static_cast<int>(slot), key.get(s.carried_from[slot]));
      for (int k = 0; k <= s.size; ++k) {
        ++stats_.transitions;
        if (budget_.poll(unpublished)) return DpOutcome::stopped;
        Key next = carried;
        bool fits = true;
        for (const Step::Touch& touch : s.touches) {
          const int seen = (touch.old_slot >= 0 ? key.get(touch.old_slot) : 0) + k;
          if (seen > touch.target || seen + touch.room_after < touch.target) {
            fits = false;
            break;
          }
          if (touch.new_slot >= 0) next.set(touch.new_slot, seen);
        }
        if (!fits) continue;
        const auto [it, fresh] = index.try_emplace(next, static_cast<int>(next_keys.size()));
        if (fresh) {
          next_keys.push_back(next);
          to.poly.emplace_back();
        }
        to.poly[static_cast<size_t>(it->second)].add_shifted(
            from.poly[st], k, choose[static_cast<size_t>(k)], max_mines_);
        from.moves.emplace_back(k, it->second);
      }
    }
    from.first_move.push_back(static_cast<uint32_t>(from.moves.size()));
    stats_.most_states =
        std::max<int64_t>(stats_.most_states, static_cast<int64_t>(next_keys.size()));
    if (static_cast<int64_t>(next_keys.size()) > state_limit_) return DpOutcome::too_wide;
    log10_scale_ += rescale<Num>(to.poly);
    keys = std::move(next_keys);
  }
  // Every row is closed after the last step: one state, the empty key, or none if nothing fits.
  layouts_.assign(static_cast<size_t>(std::min(max_mines_, c_.cells())) + 1, Num(0));
  if (!t.layers.back().poly.empty()) {
    const Poly<Num>& last = t.layers.back().poly[0];
    for (size_t i = 0; i < last.value.size(); ++i)
      layouts_[static_cast<size_t>(last.lo) + i] = last.value[i];
  }
  return DpOutcome::counted;
}

template <class Num>
DpOutcome FrontierDp<Num>::marginals(const std::vector<Num>& weight, std::vector<Num>& mines,
                                     std::vector<Num>& free) {
  Tables& t = *tables_;
  mines.assign(c_.groups.size(), Num(0));
  free.assign(c_.groups.size(), Num(0));
  // completion[st]: per state of the layer after the current step, the weighted ways to finish,
  // by the mines placed before it (the same range as the state's forward polynomial).
  std::vector<Poly<Num>> completion(t.layers.back().poly.size());
  for (size_t st = 0; st < completion.size(); ++st) {
    completion[st].lo = 0;
    completion[st].value.assign(weight.begin(), weight.end());
  }
  uint64_t unpublished = 0;
  for (size_t i = t.steps.size(); i-- > 0;) {
    const Step& s = t.steps[i];
    const typename Tables::Layer& layer = t.layers[i];
    std::vector<Poly<Num>> before(layer.poly.size());
    Num group_mines = 0, group_free = 0;
    for (size_t st = 0; st < layer.poly.size(); ++st) {
      const Poly<Num>& f = layer.poly[st];
      Poly<Num>& g = before[st];
      g.lo = f.lo;
      g.value.assign(f.value.size(), Num(0));
      for (uint32_t m = layer.first_move[st]; m < layer.first_move[st + 1]; ++m) {
        ++stats_.transitions;
        if (budget_.poll(unpublished)) return DpOutcome::stopped;
        const auto [k, next] = layer.moves[m];
        const Poly<Num>& after = completion[static_cast<size_t>(next)];
        const Num& c = t.choose[i][static_cast<size_t>(k)];
        Num dot = 0;
        for (size_t a = 0; a < f.value.size(); ++a) {
          const int at = f.lo + static_cast<int>(a) + k - after.lo;
          if (at < 0 || at >= static_cast<int>(after.value.size())) continue;
          const Num term = c * after.value[static_cast<size_t>(at)];
          g.value[a] += term;
          dot += f.value[a] * term;
        }
        group_mines += dot * k;
        group_free += dot * (s.size - k);
      }
    }
    mines[static_cast<size_t>(s.group)] = group_mines;
    free[static_cast<size_t>(s.group)] = group_free;
    rescale<Num>(before);
    completion = std::move(before);
  }
  return DpOutcome::counted;
}

template class FrontierDp<double>;
template class FrontierDp<boost::multiprecision::cpp_int>;

}  // namespace bs::mines
