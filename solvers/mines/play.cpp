#include "solvers/mines/play.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <sstream>
#include <stdexcept>

#include "heuristics/mines/system.hpp"
#include "solvers/mines/endgame.hpp"
#include "solvers/mines/local_moves.hpp"
#include "solvers/mines/probability.hpp"

namespace bs::mines {

namespace {

double thread_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Whether a revealed digit sees cell c (a frontier cell), else it is an interior one.
bool next_to_digit(const Position& v, int c) {
  bool touches = false;
  v.for_neighbours(c, [&](int j) { touches = touches || v.cells[j] >= 0; });
  return touches;
}

// A coin toss nothing can settle: two unknown cells, each 1/2, that the same digits see, with no
// other unknown cell next to either of them (so no reveal can ever add a digit that tells them
// apart), and exactly one mine between them in every layout (so the mine count cannot tell
// either: a pair that is both mines or both safe is settled once the rest of the board is).
// Guessing it now or later wins equally often; now saves the work in between.
bool forced_pair(const Position& v, const Probabilities& a, int c,
                 const std::vector<std::string>& rules) {
  if (std::abs(a.mine[c] - 0.5) > 1e-12) return false;
  int partner = -1, others = 0;
  v.for_neighbours(c, [&](int j) {
    if (v.cells[j] != kUnknown) return;
    if (std::abs(a.mine[j] - 0.5) < 1e-12 && partner < 0)
      partner = j;
    else
      ++others;
  });
  if (partner < 0 || others > 0) return false;
  bool alone = true;
  v.for_neighbours(partner, [&](int j) { alone = alone && (j == c || v.cells[j] != kUnknown); });
  if (!alone) return false;
  // The same digits see both.
  std::vector<int> seen_c, seen_p;
  v.for_neighbours(c, [&](int j) {
    if (v.cells[j] >= 0) seen_c.push_back(j);
  });
  v.for_neighbours(partner, [&](int j) {
    if (v.cells[j] >= 0) seen_p.push_back(j);
  });
  if (seen_c != seen_p) return false;
  // Exactly one mine: with a mine on c, the partner is certainly safe (and by symmetry of the
  // halves, with c safe the partner is a mine).
  Position w = v;
  w.cells[c] = kFlag;
  const Probabilities b = mine_probabilities(w, rules, 1);
  return b.consistent && b.mine[partner] == 0;
}

// The cells next to exactly one of `cells` (two orthogonal neighbours or a 2x2 box), in reading
// order: the ends of a coin toss between them, the only cells whose digits could tell its cells
// apart.
std::vector<int> ends_of(const Position& v, const std::vector<int>& cells) {
  int x0 = v.width, y0 = v.height, x1 = -1, y1 = -1;
  for (int c : cells) {
    x0 = std::min(x0, c % v.width), x1 = std::max(x1, c % v.width);
    y0 = std::min(y0, c / v.width), y1 = std::max(y1, c / v.width);
  }
  std::vector<int> ends;
  for (int y = std::max(0, y0 - 1); y <= std::min(v.height - 1, y1 + 1); ++y)
    for (int x = std::max(0, x0 - 1); x <= std::min(v.width - 1, x1 + 1); ++x) {
      const int i = y * v.width + x;
      int seen = 0;
      for (int c : cells)
        seen += i != c && std::abs(x - c % v.width) <= 1 && std::abs(y - c / v.width) <= 1;
      if (seen == 1 && std::find(cells.begin(), cells.end(), i) == cells.end()) ends.push_back(i);
    }
  return ends;
}

// A coin toss that may come later: `t` is a mine only in layouts where it and its orthogonal
// neighbour `u` form a 50/50 that nothing can settle (exactly one mine between them, and every
// cell next to just one of them a mine, so no digit ever tells them apart). Guessing t now loses
// exactly the layouts a later coin toss would lose, and when t is safe its digit comes for free.
bool pseudo_pair(const Position& v, const Probabilities& a, int t, int u,
                 const std::vector<std::string>& rules) {
  std::vector<int> outer;  // unknown cells next to exactly one of t and u
  bool revealed_outer = false;
  for (int i : ends_of(v, {t, u})) {
    if (v.cells[i] >= 0) revealed_outer = true;
    if (v.cells[i] == kUnknown) {
      // A mine wherever t is one, so at least as likely as t.
      if (a.mine[i] < a.mine[t] - 1e-12) return false;
      // Cheap and not exact: a cell away from every digit is seldom a mine in all of t's
      // layouts, and skipping such pairs saves the engine's run (a third of the fast player's
      // time when it was made).
      if (!next_to_digit(v, i)) return false;
      outer.push_back(i);
    }
  }
  // The mirror layouts (u the mine) weigh as much as those with t the mine.
  if (revealed_outer || a.mine[u] < a.mine[t] - 1e-12) return false;
  Position w = v;
  w.cells[t] = kFlag;
  const Probabilities b = mine_probabilities(w, rules, 1);
  if (!b.consistent || b.mine[u] != 0) return false;
  for (int o : outer)
    if (b.mine[o] != 1) return false;
  return true;
}

// Long-term risk, after Hill's solver: a guess that settles a coin toss which may form later.
// Two orthogonal neighbours, or the four cells of a 2x2 box, become a 50/50 that nothing can
// settle when every cell next to just one of them (the pattern's "ends": six for a pair, the
// four diagonal corners for a box) is a mine and the mines among them are one of two mirror
// sets (one cell of the pair; one diagonal of the box): every digit that sees them then sees
// the same count either way, and so does the mine total. Call that event F. A player who
// leaves the pattern alone loses half of F's layouts at the toss. A guess at any of its cells
// settles it: where the guessed cell is a mine that game was lost now instead (F needs an end to
// be a mine, and a pattern cell is a mine in half of F), and where it is safe F cannot happen
// (an end) or the toss is decided (a pattern cell). So the guess really costs its risk minus
// half of P(F): this relief, summed over the patterns the cell takes part in and capped at the
// cell's risk, is what `long_term` credits. Only patterns that a digit already sees, with at
// most `kMissingEnds` ends still unknown, are weighed: the rest are far from forming, and each
// pattern costs two to four engine runs at every guess. Pairs are weighed only on request
// (`long_term_pairs`): with them the strong player won no more expert SNR games of the
// development seeds than with boxes alone (+18 against +32 of 40,000), at about the same speed
// (docs/history/mines.md). A pattern whose relief is under kLongTermLeastShare of the layouts
// counts for nothing, as in Hill's solver: a small relief mostly reorders near-ties at random,
// and without the cut the element lost 43 intermediate games of 200,000 on the development seeds
// where with it it won 7, and won fewer expert SNR games (+32 against +50 of 40,000).
constexpr int kMissingEnds = 1;

std::vector<double> relief_of(const Position& v, const Probabilities& a,
                              const std::vector<std::string>& rules, bool pairs) {
  const int n = v.width * v.height;
  std::vector<double> relief(n, 0);
  auto open_cell = [&](int i) { return v.cells[i] == kUnknown && a.mine[i] > 0 && a.mine[i] < 1; };
  // The layouts where the pattern's ends and `mines` are mines and `safe` are safe, as a share
  // of all: the ends and mines are flagged, and the safe cells' share is taken from the engine.
  auto share = [&](const std::vector<int>& flagged, const std::vector<int>& safe) {
    Position w = v;
    for (int f : flagged) w.cells[f] = kFlag;
    const Probabilities b = mine_probabilities(w, rules, 1);
    if (!b.consistent) return 0.0;
    double both_safe = 1 - b.mine[safe[0]];
    if (safe.size() == 2) {
      // P(neither) = 1 - P(s0) - P(s1) + P(s0 and s1), the last from one more run.
      const double p0 = b.mine[safe[0]], p1 = b.mine[safe[1]];
      double joint = 0;
      if (p0 > 0 && p1 > 0) {
        w.cells[safe[0]] = kFlag;
        const Probabilities c = mine_probabilities(w, rules, 1);
        joint = c.consistent ? p0 * c.mine[safe[1]] : 0;
      }
      both_safe = 1 - p0 - p1 + joint;
    }
    return std::pow(10.0, b.layouts_log10 - a.layouts_log10) * std::max(0.0, both_safe);
  };
  for (int t = 0; t < n; ++t) {
    if (!open_cell(t)) continue;
    const int x = t % v.width, y = t / v.width;
    // The patterns with t first: the pair to the right, the pair below, the box below right.
    std::vector<std::vector<int>> patterns;
    if (pairs && x + 1 < v.width) patterns.push_back({t, t + 1});
    if (pairs && y + 1 < v.height) patterns.push_back({t, t + v.width});
    if (x + 1 < v.width && y + 1 < v.height)
      patterns.push_back({t, t + 1, t + v.width + 1, t + v.width});  // the diagonals: 0-2, 1-3
    for (const std::vector<int>& cells : patterns) {
      if (!std::all_of(cells.begin(), cells.end(), open_cell)) continue;
      // A pattern no digit sees yet is far from forming, and weighing it costs engine runs at
      // every guess (the board's corner boxes have a single end).
      if (std::none_of(cells.begin(), cells.end(), [&](int c) { return next_to_digit(v, c); }))
        continue;
      std::vector<int> ends;
      bool settled = false;  // an end is revealed, or certainly safe
      for (int e : ends_of(v, cells)) {
        if (v.cells[e] >= 0 || (v.cells[e] == kUnknown && a.mine[e] <= 0)) settled = true;
        if (v.cells[e] == kUnknown) ends.push_back(e);
      }
      if (settled) continue;
      int missing = 0;
      for (int e : ends) missing += a.mine[e] < 1;
      if (missing > kMissingEnds) continue;
      // The two mirror sets of mines.
      double forms = 0;
      for (int m = 0; m < 2; ++m) {
        std::vector<int> flagged = ends, safe;
        for (size_t k = 0; k < cells.size(); ++k)
          (k % 2 == static_cast<size_t>(m) ? flagged : safe).push_back(cells[k]);
        forms += share(flagged, safe);
      }
      if (forms / 2 < kLongTermLeastShare) continue;
      for (int c : cells) relief[c] += forms / 2;
      for (int e : ends)
        if (a.mine[e] < 1) relief[e] += forms / 2;
    }
  }
  for (int i = 0; i < n; ++i)
    relief[i] = v.cells[i] == kUnknown ? std::min(relief[i], a.mine[i]) : 0;
  return relief;
}

// The chance that revealing `c` (if it is safe) lets the rules decide another cell at once: the
// literature's "progress". Each digit c could show is tried on the patch around c (the digits
// within two cells and their unknown neighbours); its probability comes from the neighbours'
// mine probabilities taken as independent. Digits the patch's rules refute get no weight.
double progress_of(const Position& v, const Probabilities& a, int c,
                   const std::vector<std::string>& rules) {
  const int cx = c % v.width, cy = c / v.width;
  int flags = 0;
  std::vector<double> unknown_p;
  v.for_neighbours(c, [&](int j) {
    if (v.cells[j] == kFlag) ++flags;
    if (v.cells[j] == kUnknown) unknown_p.push_back(std::clamp(a.mine[j], 0.0, 1.0));
  });
  // Poisson-binomial distribution of the mines among c's unknown neighbours.
  std::vector<double> dist{1.0};
  for (double q : unknown_p) {
    std::vector<double> next(dist.size() + 1, 0);
    for (size_t k = 0; k < dist.size(); ++k) {
      next[k] += dist[k] * (1 - q);
      next[k + 1] += dist[k] * q;
    }
    dist = std::move(next);
  }
  // The patch: variables for unknown cells within three of c, rows for digits within two.
  std::vector<int> var_of_cell;  // indexed by patch cell (7x7), -1 when not a variable
  auto patch = [&](int x, int y) { return (y - cy + 3) * 7 + (x - cx + 3); };
  var_of_cell.assign(49, -1);
  MineSystem base;
  for (int y = cy - 3; y <= cy + 3; ++y)
    for (int x = cx - 3; x <= cx + 3; ++x)
      if (x >= 0 && y >= 0 && x < v.width && y < v.height && v.at(x, y) == kUnknown &&
          (x != cx || y != cy))
        var_of_cell[patch(x, y)] = base.vars++;
  auto add_row = [&](MineSystem& sys, int cell, int digit) {
    Row row;
    row.source = cell;
    row.target = digit;
    v.for_neighbours(cell, [&](int j) {
      const int x = j % v.width, y = j / v.width;
      if (v.cells[j] == kFlag) --row.target;
      if (v.cells[j] == kUnknown && j != c) row.vars.push_back(var_of_cell[patch(x, y)]);
    });
    std::sort(row.vars.begin(), row.vars.end());
    if (!row.vars.empty()) sys.rows.push_back(std::move(row));
  };
  for (int y = cy - 2; y <= cy + 2; ++y)
    for (int x = cx - 2; x <= cx + 2; ++x)
      if (x >= 0 && y >= 0 && x < v.width && y < v.height && v.at(x, y) >= 0)
        add_row(base, y * v.width + x, v.at(x, y));
  double weight = 0, progress = 0;
  for (size_t k = 0; k < dist.size(); ++k) {
    if (dist[k] < 1e-9) continue;
    if (k == 0) {  // an opening: the game reveals the neighbours itself
      weight += dist[k];
      progress += dist[k];
      continue;
    }
    MineSystem sys = base;
    add_row(sys, c, flags + static_cast<int>(k));
    sys.value.assign(sys.vars, -1);
    sys.decided_by.assign(sys.vars, -1);
    int hardest = -1;
    if (run_rules(sys, rules, hardest) == Verdict::fail) continue;  // this digit cannot show
    weight += dist[k];
    for (int8_t value : sys.value)
      if (value == 0) {
        progress += dist[k];
        break;
      }
  }
  return weight > 0 ? progress / weight : 0;
}

// The unknown cells in the order a guess considers them: the least probability of a mine, ties to
// cells next to a digit (`tiebreak`), then to the fewest closed neighbours (`corners`), then the
// lowest index.
// The four keys are packed into one word, most significant first, so that the ranking, redone
// for every guess and every position a look-ahead reaches, sorts plain integers (sorting tuples
// of four fields took 5% of the fast player's time).
class Ranked {
 public:
  // p: the probability of a mine; away: 0 when next to a digit, else 1; closed: closed (unknown
  // or flagged) neighbours, when `corners` is on.
  Ranked(double p, int away, int closed, int cell)
      : key_(static_cast<uint64_t>(std::llround(p * 1e9)) << 21 |
             static_cast<uint64_t>(away) << 20 | static_cast<uint64_t>(closed) << 16 |
             static_cast<uint64_t>(cell)) {
    assert(p >= 0 && p <= 1 && (away == 0 || away == 1) && closed >= 0 && closed <= 8 &&
           cell >= 0 && cell < kMaxCells);
  }
  // The probability in units of 1e-9, so that equal ones compare equal.
  uint64_t level() const { return key_ >> 21; }
  int away() const { return static_cast<int>(key_ >> 20 & 1); }
  int cell() const { return static_cast<int>(key_ & 0xFFFF); }
  bool operator<(const Ranked& o) const { return key_ < o.key_; }

 private:
  uint64_t key_;
};
static_assert(kMaxCells <= 1 << 16, "Ranked keeps a cell in 16 bits");

std::vector<Ranked> rank_cells(const Position& v, const Probabilities& a,
                               const Strategy& strategy) {
  std::vector<Ranked> ranked;
  for (int i = 0; i < v.width * v.height; ++i) {
    if (v.cells[i] != kUnknown) continue;
    bool touches = false;
    int closed = 0;
    v.for_neighbours(i, [&](int j) {
      touches = touches || v.cells[j] >= 0;
      closed += v.cells[j] == kUnknown || v.cells[j] == kFlag;  // a blocked cell is no neighbour
    });
    ranked.emplace_back(a.mine[i], strategy.tiebreak && !touches ? 1 : 0,
                        strategy.corners ? closed : 0, i);
  }
  std::sort(ranked.begin(), ranked.end());
  return ranked;
}

// The cells a look-ahead or progress score weighs: at most `limit` of the ranking, within
// `window` of the least probability. Cells away from every digit differ only in their geometry,
// which the ranking has already weighed (`corners`); a short look-ahead would undervalue an
// opening and favour a cell that merely tells a digit's neighbour apart, so the best of them
// stands for them all.
std::vector<int> candidates(const std::vector<Ranked>& ranked, const Probabilities& a,
                            const Strategy& strategy, double window, int limit) {
  std::vector<int> out;
  bool interior_taken = false;
  const double best = a.mine[ranked.front().cell()];
  for (const Ranked& r : ranked) {
    if (static_cast<int>(out.size()) >= limit || a.mine[r.cell()] > best + window + 1e-12) break;
    if (strategy.tiebreak && r.away() == 1) {
      if (interior_taken) continue;
      interior_taken = true;
    }
    out.push_back(r.cell());
  }
  return out;
}

double guess_score(const Position& v, const Probabilities& a, int c, const Strategy& strategy,
                   int depth, int* outcomes = nullptr);

// What a position is worth to a player who looks `depth` guesses ahead: 1 when a cell is certainly
// safe (or none is left), else at depth 0 the safety of the best guess blended with the second
// best (`lookahead_blend`), and deeper the best score among a few candidates (`lookahead_inner`).
double position_value(const Position& w, const Probabilities& b, const Strategy& strategy,
                      int depth) {
  double best = 0, second = 0;
  bool any_unknown = false;
  for (int i = 0; i < w.width * w.height; ++i) {
    if (w.cells[i] != kUnknown) continue;
    if (b.mine[i] == 0) return 1;
    any_unknown = true;
    const double s = 1 - b.mine[i];
    if (s > best) {
      second = best;
      best = s;
    } else if (s > second) {
      second = s;
    }
  }
  if (!any_unknown) return 1;
  if (depth == 0) {
    const double w = strategy.lookahead_blend;
    return w > 0 && second > 0 ? (w * best + second) / (w + 1) : best;
  }
  const std::vector<Ranked> ranked = rank_cells(w, b, strategy);
  double top = 0;
  for (int c : candidates(ranked, b, strategy, strategy.lookahead_window, strategy.lookahead_inner))
    top = std::max(top, guess_score(w, b, c, strategy, depth));
  return top;
}

// The chance of surviving the guess at `c` and then, looking depth - 1 further, the value of where
// it leads: each digit c could show is played out exactly on a copy of the position, weighted by
// its share of the layouts (from the engine's layout counts). At depth 1 this is the literature's
// secondary safety: the chance that the move after c is safe too. `outcomes`, when asked for,
// receives how many digits c can show (1: a dead cell).
double guess_score(const Position& v, const Probabilities& a, int c, const Strategy& strategy,
                   int depth, int* outcomes) {
  int flags = 0, unknown = 0;
  v.for_neighbours(c, [&](int j) {
    flags += v.cells[j] == kFlag;
    unknown += v.cells[j] == kUnknown;
  });
  Position w = v;
  std::vector<double> log_layouts, value;
  for (int k = 0; k <= unknown; ++k) {
    w.cells[c] = static_cast<int8_t>(flags + k);
    const Probabilities b = mine_probabilities(w, strategy.rules, 1);
    if (!b.consistent) continue;
    log_layouts.push_back(b.layouts_log10);
    value.push_back(position_value(w, b, strategy, depth - 1));
  }
  if (outcomes) *outcomes = static_cast<int>(log_layouts.size());
  if (log_layouts.empty()) return 0;
  const double top = *std::max_element(log_layouts.begin(), log_layouts.end());
  double total = 0, expected = 0;
  for (size_t d = 0; d < log_layouts.size(); ++d) {
    const double weight = std::pow(10.0, log_layouts[d] - top);
    total += weight;
    expected += weight * value[d];
  }
  return (1 - a.mine[c]) * expected / total;
}

// A guess: the first cell of the ranking, unless a forced 50/50, the endgame search, the
// look-ahead or the progress score says otherwise (see mines_play.hpp).
Guess pick_guess(const Position& v, const Probabilities& a, const Strategy& strategy) {
  const std::vector<Ranked> ranked = rank_cells(v, a, strategy);
  if (strategy.fifty_fifty)
    for (const Ranked& r : ranked) {
      if (r.level() != ranked.front().level()) break;
      if (forced_pair(v, a, r.cell(), strategy.rules))
        return {r.cell(), a.mine[r.cell()], "fifty-fifty"};
    }
  const EndgameBudget budget = endgame_budget(strategy);
  if (strategy.endgame && a.layouts_log10 <= std::log10(budget.layouts) + 1e-9)
    if (const auto e = solve_endgame(v, budget.layouts, budget.nodes))
      return {e->cell, a.mine[e->cell], "endgame"};
  // A coin toss that may come later is tossed now (the least risky first), once the endgame
  // search has declined.
  if (strategy.fifty_fifty)
    for (const Ranked& r : ranked) {
      const int t = r.cell();
      if (a.mine[t] <= 0 || a.mine[t] > 0.5 + 1e-12) continue;
      if (!next_to_digit(v, t)) continue;
      const int x = t % v.width, y = t / v.width;
      const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
      for (int d = 0; d < 4; ++d) {
        const int nx = x + dx[d], ny = y + dy[d];
        if (nx < 0 || ny < 0 || nx >= v.width || ny >= v.height) continue;
        const int u = ny * v.width + nx;
        if (v.cells[u] == kUnknown && a.mine[u] < 1 && pseudo_pair(v, a, t, u, strategy.rules))
          return {t, a.mine[t], "pseudo-fifty-fifty"};
      }
    }
  int choice = ranked.front().cell();
  if (strategy.lookahead > 0 || strategy.progress_weight > 0) {
    const double window = strategy.lookahead > 0 ? strategy.lookahead_window : strategy.near_tie;
    std::vector<int> weighed = candidates(ranked, a, strategy, window, strategy.candidates);
    std::vector<double> relief;
    if (strategy.long_term > 0 && strategy.lookahead > 0) {
      // A cell whose risk, less the relief credited to it, comes within the window is weighed
      // too.
      relief = relief_of(v, a, strategy.rules, strategy.long_term_pairs);
      const double best = a.mine[ranked.front().cell()];
      for (const Ranked& r : ranked)
        if (relief[r.cell()] > 0 &&
            a.mine[r.cell()] - strategy.long_term * relief[r.cell()] <= best + window + 1e-12 &&
            std::find(weighed.begin(), weighed.end(), r.cell()) == weighed.end())
          weighed.push_back(r.cell());
    }
    double top = -1;
    for (int c : weighed) {
      int outcomes = 2;
      double score = strategy.lookahead > 0
                         ? guess_score(v, a, c, strategy, strategy.lookahead, &outcomes)
                         : (1 - a.mine[c]) * (1 + strategy.progress_weight *
                                                      progress_of(v, a, c, strategy.rules));
      if (!relief.empty()) score *= 1 + strategy.long_term * relief[c] / (1 - a.mine[c]);
      if (strategy.dead_last && outcomes < 2) score -= 1;  // below every cell that tells something
      if (score > top + 1e-12) {
        top = score;
        choice = c;
      }
    }
  }
  return {choice, a.mine[choice],
          choice != ranked.front().cell() ? (strategy.lookahead > 0 ? "lookahead" : "progress")
          : !next_to_digit(v, choice)     ? "least-interior"
                                          : "least-frontier"};
}

Guess choose_guess(const Position& v, const Probabilities& a, const Strategy& strategy) {
  Guess g = pick_guess(v, a, strategy);
  g.log10_layouts = a.layouts_log10;
  return g;
}

// The index of a guess's element in kGuessKinds.
size_t kind_of(const Guess& g) {
  for (size_t k = 0; k < kGuessKinds.size(); ++k)
    if (std::strcmp(g.why, kGuessKinds[k]) == 0) return k;
  throw std::logic_error(std::string("mines: a guess of an unknown kind: ") + g.why);
}

}  // namespace

double lookahead_score(const Position& v, int cell, const Strategy& strategy, int depth) {
  const Probabilities a = mine_probabilities(v, strategy.rules, 1);
  if (!a.consistent || v.cells[cell] != kUnknown || depth < 1)
    throw std::invalid_argument(
        "mines: lookahead_score needs a consistent position, an unknown "
        "cell and a depth of at least 1");
  return guess_score(v, a, cell, strategy, depth);
}

std::vector<double> long_term_relief(const Position& v, const std::vector<std::string>& rules,
                                     bool pairs) {
  const Probabilities a = mine_probabilities(v, rules, 1);
  if (!a.consistent)
    throw std::invalid_argument("mines: long_term_relief needs a consistent position");
  return relief_of(v, a, rules, pairs);
}

Guess choose_guess(const Position& v, const Strategy& strategy) {
  const Probabilities a = mine_probabilities(v, strategy.rules, 1);
  if (!a.consistent) throw std::invalid_argument("mines: choose_guess needs a consistent position");
  return choose_guess(v, a, strategy);
}

EndgameBudget endgame_budget(const Strategy& strategy) {
  const bool strong = strategy.lookahead > 0;
  EndgameBudget budget{strong ? 3000 : 100, strong ? 1000000 : 20000};
  if (strategy.endgame_layouts > 0) budget.layouts = strategy.endgame_layouts;
  if (strategy.endgame_nodes > 0) budget.nodes = strategy.endgame_nodes;
  return budget;
}

Strategy strategy_from(const Options& options) {
  Strategy s;
  s.near_tie = options.real("near-tie");
  s.progress_weight = options.real("progress-weight");
  s.lookahead = static_cast<int>(options.integer("lookahead"));
  s.lookahead_window = options.real("lookahead-window");
  s.lookahead_blend = options.real("lookahead-blend");
  s.long_term = options.real("long-term");
  s.long_term_pairs = options.integer("long-term-pairs") != 0;
  s.candidates = static_cast<int>(options.integer("candidates"));
  s.endgame_layouts = static_cast<int>(options.integer("endgame-layouts"));
  s.endgame_nodes = static_cast<int>(options.integer("endgame-nodes"));
  // Elements switched off by name come last, so that no option read after them turns one back on
  // (--play-off long-term once did nothing: --long-term, read after it, restored the weight).
  std::stringstream off(options.text("play-off"));
  for (std::string item; std::getline(off, item, ',');) {
    if (item.empty()) continue;
    const auto& elements = strategy_elements();
    const auto it = std::find_if(elements.begin(), elements.end(),
                                 [&](const StrategyElement& e) { return e.name == item; });
    if (it == elements.end())
      throw std::invalid_argument("mines: --play-off knows " + strategy_element_names() +
                                  ", not '" + item + "'");
    it->switch_off(s);
  }
  return s;
}

const std::vector<StrategyElement>& strategy_elements() {
  static const std::vector<StrategyElement> elements = {
      {"tiebreak", [](Strategy& s) { s.tiebreak = false; }},
      {"corners", [](Strategy& s) { s.corners = false; }},
      {"fifty-fifty", [](Strategy& s) { s.fifty_fifty = false; }},
      {"dead", [](Strategy& s) { s.dead_last = false; }},
      {"endgame", [](Strategy& s) { s.endgame = false; }},
      {"long-term", [](Strategy& s) { s.long_term = 0; }},
      {"subset", [](Strategy& s) { s.rules = {"single-row"}; }},
  };
  return elements;
}

std::string strategy_element_names() {
  std::string names;
  for (const StrategyElement& e : strategy_elements())
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

GameRecord play_game(const BoardSpec& spec, const Layout& layout, const Strategy& strategy,
                     uint64_t index, const GuessWatch& watch) {
  const double t0 = thread_cpu_seconds();
  GameRecord rec;
  rec.index = index;
  int mines = 0;
  for (uint8_t m : layout.mine) mines += m;
  Game game(layout, mines);
  const Position& v = game.view();
  // The pair check is the subset rule done locally: `--play-off subset` turns both off.
  const bool subset =
      std::find(strategy.rules.begin(), strategy.rules.end(), "subset") != strategy.rules.end();
  LocalMoves local(v, subset);
  auto click = [&](int cell) {
    rec.clicks.push_back(cell);
    game.reveal(cell);
    for (int i : game.opened()) local.changed(i);
  };
  auto flag = [&](int cell) {
    game.flag(cell);
    local.changed(cell);
  };
  click(spec.click_y * spec.width + spec.click_x);
  const int n = spec.width * spec.height;
  while (!game.won() && !game.lost()) {
    if (strategy.local_moves && local.play(click, flag)) continue;
    // Certain moves: the rules first, the enumeration only when they find no safe cell.
    const Probabilities a =
        mine_probabilities(v, strategy.rules, 1, Enumerate::unless_rules_find_a_safe_cell);
    if (!a.consistent) throw std::logic_error("mines: a game position became inconsistent");
    bool moved = false;
    for (int i = 0; i < n; ++i) {
      if (v.cells[i] != kUnknown || a.decided_by[i] < 0) continue;
      if (a.mine[i] == 1) {
        flag(i);
      } else {
        click(i);
        moved = true;
      }
    }
    if (moved || game.won()) continue;
    ++rec.guesses;
    const Guess g = choose_guess(v, a, strategy);
    if (watch) watch(v, g);
    rec.guess_log.push_back(g);
    click(g.cell);
  }
  rec.won = game.won();
  rec.cpu_seconds = thread_cpu_seconds() - t0;
  return rec;
}

PlaySummary play_games(const BoardSpec& spec, const Strategy& strategy, uint64_t seed,
                       int64_t games, int threads, std::vector<GameRecord>* records,
                       const std::vector<Layout>* boards, const GameCheck& check,
                       const PlayProgress& progress) {
  const auto t0 = std::chrono::steady_clock::now();
  if (boards) games = static_cast<int64_t>(boards->size());
  std::vector<GameRecord> all(records ? games : 0);
  std::vector<char> won(games, 0);
  std::vector<int> guesses(games, 0);
  std::vector<double> cpu(games, 0);
  // Each game's guesses by element (kGuessKinds) and the element of the guess that lost it (-1
  // for a win), summed in game order below so that the sums do not depend on the threads.
  struct Tally {
    std::array<int, kGuessKinds.size()> guesses{};
    std::array<double, kGuessKinds.size()> risk{};
    int lost_at = -1;
  };
  std::vector<Tally> tally(games);
  std::atomic<int64_t> done{0}, wins_so_far{0};
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(dynamic, 16)
  for (int64_t g = 0; g < games; ++g) {
    const Layout layout = boards ? (*boards)[g] : deal(spec, seed, static_cast<uint64_t>(g));
    GameRecord r = play_game(spec, layout, strategy, static_cast<uint64_t>(g));
    won[g] = r.won;
    guesses[g] = r.guesses;
    cpu[g] = r.cpu_seconds;
    for (const Guess& guess : r.guess_log) {
      const size_t k = kind_of(guess);
      ++tally[g].guesses[k];
      tally[g].risk[k] += guess.risk;
    }
    if (!r.won && !r.guess_log.empty())
      tally[g].lost_at = static_cast<int>(kind_of(r.guess_log.back()));
    if (check) check(r);
    if (progress) {
      const int64_t ended = done.fetch_add(1, std::memory_order_relaxed) + 1;
      const int64_t won_now = wins_so_far.fetch_add(r.won, std::memory_order_relaxed) + r.won;
      if (omp_get_thread_num() == 0) progress(ended, won_now);
    }
    if (records) all[g] = std::move(r);
  }
  PlaySummary s;
  s.games = games;
  double guess_total = 0;
  for (const char* why : kGuessKinds) s.by_element.push_back({why, 0, 0, 0});
  for (int64_t g = 0; g < games; ++g) {
    s.wins += won[g];
    s.cpu_seconds += cpu[g];
    guess_total += guesses[g];
    for (size_t k = 0; k < kGuessKinds.size(); ++k) {
      s.by_element[k].guesses += tally[g].guesses[k];
      s.by_element[k].risk += tally[g].risk[k];
    }
    if (tally[g].lost_at >= 0) ++s.by_element[static_cast<size_t>(tally[g].lost_at)].losses;
  }
  s.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  s.win_rate = games ? static_cast<double>(s.wins) / static_cast<double>(games) : 0;
  wilson_interval(s.wins, games, s.wilson_low, s.wilson_high);
  s.games_per_second = s.wall_seconds > 0 ? static_cast<double>(games) / s.wall_seconds : 0;
  s.cpu_seconds_per_game = games ? s.cpu_seconds / static_cast<double>(games) : 0;
  s.guesses_per_game = games ? guess_total / static_cast<double>(games) : 0;
  if (records) *records = std::move(all);
  return s;
}

}  // namespace bs::mines
