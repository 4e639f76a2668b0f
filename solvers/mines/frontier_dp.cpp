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

namespace frontier_dp {

// A state: the mines each open row sees so far, four bits a row (a digit is at most 8), in the
// open rows' slot order. 32 rows at most; a wider order is too wide to count.
constexpr int kMaxWidth = 32;
// The forward layers are kept for the backward pass: past this many stored counts over all layers
// (128 MB of long doubles) a component is too wide as well. The digit-only expert positions store
// at most 2 M; a 100x100 one that stored 35 M spent 1.6 s before it gave up at 32 M.
constexpr size_t kMaxStoredValues = size_t{8} << 20;
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

// The polynomials of one layer's states in one array: state st counts, at values[start[st] + i],
// its layouts with lo[st] + i mines placed so far, for i below hi[st] - lo[st]. One allocation a
// layer, not one a state: the per-state vectors this replaced spent a fifth of the DP's time in
// malloc.
template <class Num>
struct PolyTable {
  std::vector<int> lo, hi;
  std::vector<size_t> start;
  std::vector<Num> values;

  size_t states() const { return lo.size(); }
  int length(size_t st) const { return hi[st] > lo[st] ? hi[st] - lo[st] : 0; }
  int add_state() {
    lo.push_back(std::numeric_limits<int>::max());
    hi.push_back(std::numeric_limits<int>::min());
    return static_cast<int>(lo.size()) - 1;
  }
  void widen(size_t st, int from, int to) {
    lo[st] = std::min(lo[st], from);
    hi[st] = std::max(hi[st], to);
  }
  // Zeros over the ranges set so far.
  void allocate() {
    start.assign(lo.size(), 0);
    size_t n = 0;
    for (size_t st = 0; st < lo.size(); ++st) {
      start[st] = n;
      n += static_cast<size_t>(length(st));
    }
    values.assign(n, Num(0));
  }
  Num* row(size_t st) { return values.data() + start[st]; }
  const Num* row(size_t st) const { return values.data() + start[st]; }
};

}  // namespace frontier_dp

using frontier_dp::Key;
using frontier_dp::KeyHash;
using frontier_dp::kMaxStoredValues;
using frontier_dp::kMaxWidth;
using frontier_dp::PolyTable;
using frontier_dp::Step;

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
struct FrontierDp<Num>::Layer {
  PolyTable<Num> poly;
  std::vector<uint32_t> first_move;        // per state, into moves; one extra at the end
  std::vector<std::pair<int, int>> moves;  // (k, state in the next layer)
};

template <class Num>
struct FrontierDp<Num>::Tables {
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
template <class Num>
double rescale(std::vector<Num>& values) {
  if constexpr (!std::is_floating_point_v<Num>) {
    return 0;
  } else {
    Num top = 0;
    for (const Num& x : values) top = std::max(top, x);
    if (top == 0 || top == 1) return 0;
    for (Num& x : values) x /= top;
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
  PolyTable<Num>& root = t.layers[0].poly;
  root.widen(static_cast<size_t>(root.add_state()), 0, 1);
  root.allocate();
  root.values[0] = Num(1);
  std::vector<Key> keys{Key{}};
  size_t stored = 0;
  for (size_t i = 0; i < t.steps.size(); ++i) {
    const Step& s = t.steps[i];
    auto& choose = t.choose.emplace_back();
    for (int k = 0; k <= s.size; ++k) choose.push_back(binomial_of<Num>(s.size, k));
    if (!find_moves(s, t.layers[i], t.layers[i + 1].poly, keys)) return DpOutcome::stopped;
    const auto states = static_cast<int64_t>(keys.size());
    stats_.most_states = std::max(stats_.most_states, states);
    if (states > state_limit_) return DpOutcome::too_wide;
    add_moves(t.layers[i], t.layers[i + 1].poly, choose);
    stored += t.layers[i + 1].poly.values.size();
    stats_.stored = static_cast<int64_t>(stored);
    if (stored > kMaxStoredValues) return DpOutcome::too_wide;
    log10_scale_ += rescale(t.layers[i + 1].poly.values);
  }
  // Every row is closed after the last step: one state, the empty key, or none if nothing fits.
  layouts_.assign(static_cast<size_t>(std::min(max_mines_, c_.cells())) + 1, Num(0));
  const PolyTable<Num>& last = t.layers.back().poly;
  if (last.states() > 0)
    for (int i = 0; i < last.length(0); ++i)
      layouts_[static_cast<size_t>(last.lo[0] + i)] = last.row(0)[i];
  return DpOutcome::counted;
}

// The first half of a step: every state's feasible group counts k, each a move to the state of
// the next layer that its key leads to (found or made through a hash of the keys), whose range
// of mines is widened to take the move. `keys` become the next layer's. False on a stop.
template <class Num>
bool FrontierDp<Num>::find_moves(const Step& s, Layer& from, PolyTable<Num>& to,
                                 std::vector<Key>& keys) {
  std::unordered_map<Key, int, KeyHash> index;
  index.reserve(2 * from.poly.states());  // most layers hold about as many states as the last
  std::vector<Key> next_keys;
  for (size_t st = 0; st < from.poly.states(); ++st) {
    from.first_move.push_back(static_cast<uint32_t>(from.moves.size()));
    const Key key = keys[st];
    Key carried;
    for (size_t slot = 0; slot < s.carried_from.size(); ++slot)
      if (s.carried_from[slot] >= 0)
        carried.set(static_cast<int>(slot), key.get(s.carried_from[slot]));
    for (int k = 0; k <= s.size; ++k) {
      ++stats_.transitions;
      if (budget_.poll(unpublished_)) return false;
      // Mines past the most the board can hold are dropped; they only grow along the way.
      const int first = from.poly.lo[st] + k;
      const int last = std::min(from.poly.hi[st] + k, max_mines_ + 1);
      if (first >= last) break;
      Key next = carried;
      bool fits = true, too_many = false;
      for (const Step::Touch& touch : s.touches) {
        const int seen = (touch.old_slot >= 0 ? key.get(touch.old_slot) : 0) + k;
        too_many = seen > touch.target;
        if (too_many || seen + touch.room_after < touch.target) {
          fits = false;
          break;
        }
        if (touch.new_slot >= 0) next.set(touch.new_slot, seen);
      }
      if (too_many) break;  // a digit already sees too many mines; more only make it worse
      if (!fits) continue;
      const auto [it, fresh] = index.try_emplace(next, static_cast<int>(next_keys.size()));
      if (fresh) {
        next_keys.push_back(next);
        to.add_state();
      }
      to.widen(static_cast<size_t>(it->second), first, last);
      from.moves.emplace_back(k, it->second);
    }
  }
  from.first_move.push_back(static_cast<uint32_t>(from.moves.size()));
  keys = std::move(next_keys);
  return true;
}

// The second half: each move adds its state's polynomial, shifted by k mines and times C(s, k),
// into its target's.
template <class Num>
void FrontierDp<Num>::add_moves(const Layer& from, PolyTable<Num>& to,
                                const std::vector<Num>& choose) {
  to.allocate();
  for (size_t st = 0; st < from.poly.states(); ++st) {
    const Num* src = from.poly.row(st);
    for (uint32_t m = from.first_move[st]; m < from.first_move[st + 1]; ++m) {
      const auto [k, next] = from.moves[m];
      const auto target = static_cast<size_t>(next);
      Num* dst = to.row(target) + (from.poly.lo[st] + k - to.lo[target]);
      const int n = std::min(from.poly.length(st), max_mines_ + 1 - from.poly.lo[st] - k);
      const Num& c = choose[static_cast<size_t>(k)];
      for (int a = 0; a < n; ++a) dst[a] += c * src[a];
    }
  }
}

// The backward pass. completion (per state of the layer after the step at hand) holds the
// weighted ways to finish from that state, by the mines placed before it, over the same range as
// the state's forward polynomial; a group's weighted mines and free cells are then, over every
// move of the step, the forward count times C(s, k) times the completion the move leads to.
template <class Num>
DpOutcome FrontierDp<Num>::marginals(const std::vector<Num>& weight, std::vector<Num>& mines,
                                     std::vector<Num>& free) {
  Tables& t = *tables_;
  mines.assign(c_.groups.size(), Num(0));
  free.assign(c_.groups.size(), Num(0));
  PolyTable<Num> completion = t.layers.back().poly;
  for (size_t st = 0; st < completion.states(); ++st)
    for (int a = 0; a < completion.length(st); ++a)
      completion.row(st)[a] = weight[static_cast<size_t>(completion.lo[st] + a)];
  for (size_t i = t.steps.size(); i-- > 0;) {
    const Step& s = t.steps[i];
    const Layer& layer = t.layers[i];
    PolyTable<Num> before = layer.poly;
    std::fill(before.values.begin(), before.values.end(), Num(0));
    Num group_mines = 0, group_free = 0;
    for (size_t st = 0; st < layer.poly.states(); ++st) {
      const Num* f = layer.poly.row(st);
      Num* g = before.row(st);
      for (uint32_t m = layer.first_move[st]; m < layer.first_move[st + 1]; ++m) {
        ++stats_.transitions;
        if (budget_.poll(unpublished_)) return DpOutcome::stopped;
        const auto [k, next] = layer.moves[m];
        const auto target = static_cast<size_t>(next);
        // after[a] is the completion with lo[st] + a + k mines placed, for the a in range.
        const int offset = layer.poly.lo[st] + k - completion.lo[target];
        const Num* after = completion.row(target) + offset;
        const int n = std::min(layer.poly.length(st), completion.length(target) - offset);
        const Num& c = t.choose[i][static_cast<size_t>(k)];
        Num dot = 0;
        for (int a = 0; a < n; ++a) {
          const Num term = c * after[a];
          g[a] += term;
          dot += f[a] * term;
        }
        group_mines += dot * k;
        group_free += dot * (s.size - k);
      }
    }
    mines[static_cast<size_t>(s.group)] = group_mines;
    free[static_cast<size_t>(s.group)] = group_free;
    rescale(before.values);
    completion = std::move(before);
  }
  return DpOutcome::counted;
}

template class FrontierDp<double>;
template class FrontierDp<long double>;
template class FrontierDp<boost::multiprecision::cpp_int>;

}  // namespace bs::mines
