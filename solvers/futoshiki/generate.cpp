// The Futoshiki generator: random Latin square, every clue it allows, then only what is needed.
//
// The square. Shuffling the rows, columns and symbols of the cyclic square reaches only squares
// isotopic to it (for n >= 5 a tiny fraction of all squares), so the shuffles follow a long run of
// Jacobson-Matthews moves, whose chain is uniform over all Latin squares of order n in the limit.
//
// The clues. The candidates are every given of the square and every inequality it implies between
// orthogonal neighbours. All of them together are trivially unique; one pass in random order then
// drops each clue the puzzle can do without. Starting instead from all the inequalities and no
// given (adding givens where two solutions differ until unique) was tried and dropped: the
// puzzles it leads to are nearly all inequalities, and proving such puzzles unique is slow for
// the solver (13x13: 118 s against 4 s from the full set; at 15x15 the first count, all
// inequalities and no givens, did not finish in 5 minutes). The other generator,
// generate_minimal.cpp (`--clues add`), adds random clues of both kinds until unique instead, and
// its puzzles are harder; this one (`--clues all`) stays the default so its puzzles stay the same.
//
// Minimality in one pass. A clue that could not be removed was refused while the puzzle held a
// superset of the clues it ends with. Removing clues only adds solutions, so taking that clue from
// the final puzzle still leaves at least two solutions: clues removed later never make an earlier
// refusal wrong, and one pass in random order gives a minimal puzzle. (A refusal for grade reasons
// has no such guarantee, since difficulty is not monotone; graded puzzles are minimal only among
// the puzzles within their grade.)
#include "solvers/futoshiki/generate.hpp"

#include <algorithm>
#include <stdexcept>

#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/generate_common.hpp"
#include "solvers/futoshiki/options.hpp"

namespace bs::futoshiki {

namespace {

using generator::below;
using generator::Clues;
using generator::mix;
using generator::shuffle;

// Attempts (sub-seeds) before a graded request gives up.
constexpr int kMaxAttempts = 64;

// The incidence cube of a (possibly improper) Latin square: f(r, c, s) in {-1, 0, 1}, every line
// of the cube (two coordinates fixed) summing to 1. A proper square has no -1; an improper one has
// exactly one, and each line through it holds two 1s.
class Cube {
 public:
  explicit Cube(int n) : n_(n), f_(static_cast<size_t>(n) * n * n, 0) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) at(r, c, (r + c) % n) = 1;
  }

  // One Jacobson-Matthews move.
  void step(std::mt19937_64& rng) {
    int r, c, s;
    if (improper_) {
      r = bad_r_, c = bad_c_, s = bad_s_;
    } else {  // a uniform 0 of the cube: any cell, any symbol but its own
      r = static_cast<int>(below(rng, n_));
      c = static_cast<int>(below(rng, n_));
      const int own = symbol(r, c);
      s = static_cast<int>(below(rng, n_ - 1));
      if (s >= own) ++s;
    }
    // The 1s on the three lines through (r, c, s): one each when proper, two each when improper,
    // of which one is taken at random.
    const int r2 = pick_one(rng, [&](int k) { return at(k, c, s); });
    const int c2 = pick_one(rng, [&](int k) { return at(r, k, s); });
    const int s2 = pick_one(rng, [&](int k) { return at(r, c, k); });
    ++at(r, c, s);
    --at(r2, c, s);
    --at(r, c2, s);
    --at(r, c, s2);
    ++at(r2, c2, s);
    ++at(r2, c, s2);
    ++at(r, c2, s2);
    // The far corner was 1 (now 0: proper again) or 0 (now -1: the new improper cell).
    improper_ = --at(r2, c2, s2) < 0;
    if (improper_) bad_r_ = r2, bad_c_ = c2, bad_s_ = s2;
  }

  bool proper() const { return !improper_; }

  Grid grid() const {
    Grid g(static_cast<size_t>(n_) * n_);
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) g[static_cast<size_t>(r) * n_ + c] = symbol(r, c) + 1;
    return g;
  }

 private:
  int8_t& at(int r, int c, int s) { return f_[(static_cast<size_t>(r) * n_ + c) * n_ + s]; }
  int8_t at(int r, int c, int s) const { return f_[(static_cast<size_t>(r) * n_ + c) * n_ + s]; }

  int symbol(int r, int c) const {
    for (int s = 0; s < n_; ++s)
      if (at(r, c, s) == 1) return s;
    throw std::logic_error("futoshiki generate: a cube cell without a symbol");
  }

  template <class F>
  int pick_one(std::mt19937_64& rng, F value) const {
    int ones[2], count = 0;
    for (int k = 0; k < n_ && count < 2; ++k)
      if (value(k) == 1) ones[count++] = k;
    if (count != (improper_ ? 2 : 1))
      throw std::logic_error("futoshiki generate: a Latin cube line with the wrong 1s");
    return count == 1 ? ones[0] : ones[below(rng, 2)];
  }

  int n_;
  std::vector<int8_t> f_;
  bool improper_ = false;
  int bad_r_ = 0, bad_c_ = 0, bad_s_ = 0;
};

int grade_index(const Analysis& a) {
  return a.needs_search ? static_cast<int>(grade_names().size()) - 1 : a.hardest;
}

// Whether the puzzle, with clue `id` just switched off, is still unique and within the grade.
// Only the root decides the grade, and a grade short of "search" means propagation alone fills
// the grid, which proves uniqueness too (rules only remove values of no solution). Otherwise
// uniqueness is the costly part: the other solutions, if any, all break the removed clue. For an
// inequality a > b they therefore satisfy b > a (the two share a line, so they differ), and
// searching the puzzle with the inequality reversed explores only that corner of the tree, where
// counting to two would first re-prove the whole puzzle unique. For a given g of cell x they have
// x != g, so the search keeps g out of x and looks for one solution.
bool removable(Clues& clues, int id, int limit) {
  if (limit < static_cast<int>(grade_names().size()) - 1) {
    const Analysis a = analyse(clues.instance(), 1);
    return !a.needs_search && grade_index(a) <= limit && a.solutions == 1;
  }
  if (id < clues.cells()) {
    if (clues.cycle_switch_keeps(id)) return false;
    return analyse(clues.instance(), 1, {id, clues.value(id)}).solutions == 0;
  }
  const Inequality& q = clues.inequality(id);
  if (clues.cycle_switch_keeps(q.greater) || clues.cycle_switch_keeps(q.smaller)) return false;
  return analyse(clues.reversed(id), 1).solutions == 0;
}

// One attempt from one generator state. `limit` is the hardest grade index allowed, or the
// number of grades when any will do. Returns the puzzle and its final analysis.
std::pair<Instance, Analysis> attempt(int n, std::mt19937_64& rng, int limit, Grid& square) {
  square = random_latin_square(n, rng);
  Clues clues(square, n);
  for (int c = 0; c < clues.cells(); ++c) clues.set(c, true);

  // Minimal: one pass over every clue in random order (see the top of the file for why one is
  // enough). The full set is unique and needs no rule, so it is within every grade.
  std::vector<int> order(static_cast<size_t>(clues.count()));
  for (int id = 0; id < clues.count(); ++id) order[id] = id;
  shuffle(order, rng);
  for (const int id : order) {
    clues.set(id, false);
    if (!removable(clues, id, limit)) clues.set(id, true);
  }
  // Only the grade is wanted now: it is decided at the root, so one solution is enough.
  return {clues.instance(), analyse(clues.instance(), 1)};
}

}  // namespace

Grid random_latin_square(int n, std::mt19937_64& rng) {
  if (n < 1 || n > kMaxN) throw std::invalid_argument("futoshiki: side out of range");
  Cube cube(n);
  if (n >= 2) {
    // n^3 moves is the usual rule of thumb for mixing. The chain's stationary law is uniform on
    // the proper squares, but stopping at the first proper square after a given time is not: a
    // square is then reached with the chance that a move from it leaves the proper squares, which
    // penalises squares rich in intercalates (at n = 4 it undersampled a whole isotopy class by a
    // factor of three). So the state is only looked at every `block` moves, far enough apart to
    // forget what the last look saw, until one look finds a proper square.
    const long block = std::max(1000L, static_cast<long>(n) * n * n);
    do {
      for (long i = 0; i < block; ++i) cube.step(rng);
    } while (!cube.proper());
  }
  Grid g = cube.grid();
  // Isotopies keep the distribution uniform and cost nothing.
  std::vector<int> rows(n), cols(n), syms(n);
  for (int i = 0; i < n; ++i) rows[i] = cols[i] = syms[i] = i;
  shuffle(rows, rng);
  shuffle(cols, rng);
  shuffle(syms, rng);
  Grid out(g.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) out[r * n + c] = syms[g[rows[r] * n + cols[c]] - 1] + 1;
  return out;
}

std::string grade_of(const Analysis& a) {
  const int g = grade_index(a);
  return g < 0 ? "givens" : grade_names()[g];
}

Generated generate(int n, uint64_t seed, const std::string& grade) {
  if (n < 1 || n > kMaxN)
    throw std::invalid_argument("generate futoshiki: size " + std::to_string(n) +
                                " is outside [1, " + std::to_string(kMaxN) + "]");
  const std::vector<std::string>& names = grade_names();
  int limit = static_cast<int>(names.size());
  if (grade != "any") {
    const auto it = std::find(names.begin(), names.end(), grade);
    if (it == names.end()) {
      std::string known;
      for (const auto& g : names) known += " " + g;
      throw std::invalid_argument("generate futoshiki: unknown grade '" + grade + "' (known: any" +
                                  known + ")");
    }
    limit = static_cast<int>(it - names.begin());
  }
  for (int k = 0; k < kMaxAttempts; ++k) {
    std::mt19937_64 rng(mix(seed ^ mix(static_cast<uint64_t>(k) << 8 | static_cast<uint64_t>(n))));
    Generated g;
    auto [instance, analysis] = attempt(n, rng, limit, g.solution);
    g.grade = grade_of(analysis);
    if (grade != "any" && g.grade != grade) continue;
    g.instance = std::move(instance);
    g.instance.name = "futoshiki-" + std::to_string(n) + "-" + std::to_string(seed);
    g.attempt = k;
    return g;
  }
  throw std::runtime_error("generate futoshiki: no puzzle of grade " + grade + " at size " +
                           std::to_string(n) + " in " + std::to_string(kMaxAttempts) +
                           " attempts from seed " + std::to_string(seed) +
                           "; try another seed or grade");
}

std::string generate_text(const Options& options) {
  const FutoshikiOptions o = FutoshikiOptions::read(options);
  const int n = o.size;
  const uint64_t seed = o.common.seed;
  if (o.clues_added) {
    if (o.grade != "any")
      throw std::invalid_argument("generate futoshiki: --grade applies to --clues all only");
    const Generated g =
        generate_minimal(n, seed, {o.common.time_limit, o.progress, o.common.threads});
    const size_t givens = static_cast<size_t>(
        std::count_if(g.instance.givens.begin(), g.instance.givens.end(), [](int v) { return v; }));
    return "# futoshiki generated: size " + std::to_string(n) + ", seed " + std::to_string(seed) +
           ", clues add (minimal: " + std::to_string(givens) + " givens, " +
           std::to_string(g.instance.inequalities.size()) + " inequalities)\n" +
           format_instance(g.instance);
  }
  const Generated g = generate(n, seed, o.grade);
  return "# futoshiki generated: size " + std::to_string(n) + ", seed " + std::to_string(seed) +
         ", grade " + g.grade + "\n" + format_instance(g.instance);
}

}  // namespace bs::futoshiki
