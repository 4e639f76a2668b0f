// Shakashaka as a 0/1 program: the rows, their families, the solves and the counting.
//
// Sectors. Around a lattice point P of the grid ((H+1) x (W+1) of them, the frame's included)
// lie four cells, and the diagonal from P to each cell's centre splits the cell's right angle at P
// into two 45-degree sectors, one beside each of the cell's two sides that meet at P. A sector is
// white when the cell is white and its state leaves the quarter on that side white (grid.hpp's
// black_along); the sectors of a black cell, or of the outside of the grid, are black. Clockwise
// from the edge that leaves P upwards, the eight sectors are
//     0 NE-left  1 NE-bottom  2 SE-top  3 SE-left  4 SW-right  5 SW-top  6 NW-bottom  7 NW-right
// so sectors 2k and 2k+1 belong to cell k (NE, SE, SW, NW) and neighbouring sectors of different
// cells lie across a shared edge.
//
// Why angles suffice. A maximal run of white sectors around P is a white angle of 45 degrees per
// sector at a corner of one white area. Boundaries between white and black run along cell sides
// and whole diagonals only, so a white area is a polygon whose corners are lattice points (a
// diagonal through a cell's centre does not turn there). If every run has 2 sectors (a 90-degree
// corner, axis-aligned or turned 45 degrees) or 4 (a straight side), or P is all white, every
// corner of every area is convex and right: an area with a hole would need reflex corners on the
// hole's boundary, and a polygon whose angles are all 90 degrees has four corners, so every area
// is a rectangle. Conversely a rectangle's corners are runs of 2 and the points along its sides
// runs of 4. So the white areas are rectangles exactly when no run has 1, 3, 5, 6 or 7 sectors.
//
// Rows. A forbidden run is a pattern: its sectors white, the sector before it and the one after
// it black. Per cell the pattern allows a set of states (those whose sectors match), and a black
// cell either always matches (it asks only for black) or never does (then the pattern cannot
// occur at P, and no row is made). With T cells that are white and constrained, the row
//     sum over those cells of sum over their matching states of x[c][s] <= T - 1
// excludes the pattern and nothing else, because each cell takes exactly one state (family A),
// so each cell's sum is 0 or 1, and T ones mean every cell matches. The families:
//   A  sum_s x[c][s] = 1 for each white cell.
//   B  for each clue, the triangle columns of the white cells beside it sum to the clue.
//   C  runs of 1 sector (45 degrees). The lone sector's cell is a triangle whose white side lies
//      on the shared edge (its other sector at P is a leg), and the sector across that edge is
//      black; so C says a triangle's white side faces a white quarter: not a black cell, not the
//      frame (there the row has one term and fixes the column to 0), not another triangle's leg.
//   D  runs of 3 (135 degrees): a hypotenuse meeting an axis-aligned white corner.
//   E  runs of 5 and 7 (225 and 315 degrees); runs of 6 that start mid-cell (two half cells with
//      two white cells between them); and runs of 6 that cover three whole cells, 270 degrees
//      around a black corner, when all three white cells are empty.
//   F  the other 270-degree corner: the cell diagonal to the black corner is the triangle whose
//      white right angle is at P, and the two cells beside the black corner are empty.
// E and F together cover every 270-degree corner of three whole white cells, because a cell
// beside the black corner that is white at P but not empty is a triangle whose white side faces
// the black corner's side; C forbids that at the other end of their shared edge.
//
// The published model. The stored copies of the paper reachable when this was written showed its
// abstract and introduction but not its rows, so these families are named by what they forbid
// rather than copied; A-E is written as issue 32 describes the published model, which misses the
// concave corner that F forbids. Where it matters: every F corner has axis-aligned sides at P,
// while the triangle diagonal to the black corner puts a hypotenuse on the boundary of the same
// white area, and since A-E allow only right and straight angles, that hypotenuse lies on another
// boundary of the area. So an answer that only F rejects is a white area with a hole: the tests
// build a diamond around a 2x2 black hole whose four corners are of F's kind.
//
// The hull model. A pattern row of T cells is met by every cell matching to the extent (T-1)/T,
// so the A-F relaxation is weak and CBC branches a lot. At one lattice point each white cell has
// a corner type (its two sectors there: both white, both black, or one of each way), and of the
// 4^4 configurations of the four types few are allowed (those whose white runs have 2 or 4
// sectors, or the all-white one). The hull model gives each allowed configuration a continuous
// column z >= 0, asks that they sum to 1, and that for each white cell and type the configurations
// with that type weigh as much as the cell's states of that type. At an integer x exactly one
// configuration fits each point, so the solutions are those of A-F; at a fractional x the types
// must be a mixture of allowed configurations, and every C-F row is such a mixture's
// consequence, so they are left out. Measured (CBC, median of 5, 2 cores under a load of about
// 5): 10x10 shipped puzzles ppb_01, ppb_02, ppb_03, cspuz_test take 0.14, 3.0, 0.98, 1.36 s with
// A-F and 0.14, 0.35, 0.50, 0.38 s with the hull, most of it the root LP.
//
// Counting: once a solution s is known, sum over white cells c of x[c][s_c] <= (white cells) - 1
// excludes s and nothing else, as in the Futoshiki model.
#include "ilp/shakashaka/ip.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace bs::ilp {

namespace {

using Clock = std::chrono::steady_clock;
using shakashaka::Instance;
using shakashaka::kStates;
namespace sk = shakashaka;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void check_instance(const Instance& in, const ShakashakaDomains& domains) {
  if (in.height < 1 || in.width < 1 || in.height > sk::kMaxSide || in.width > sk::kMaxSide)
    throw std::invalid_argument("shakashaka ip: size " + std::to_string(in.height) + "x" +
                                std::to_string(in.width) + " out of range");
  if (static_cast<int>(in.givens.size()) != in.cells())
    throw std::invalid_argument("shakashaka ip: " + std::to_string(in.givens.size()) +
                                " givens for " + std::to_string(in.cells()) + " cells");
  for (int g : in.givens)
    if (g != sk::kWhite && (g < 0 || g > sk::kBlack))
      throw std::invalid_argument("shakashaka ip: given " + std::to_string(g) + " out of range");
  if (!domains.empty() && static_cast<int>(domains.size()) != in.cells())
    throw std::invalid_argument("shakashaka ip: " + std::to_string(domains.size()) +
                                " domains for " + std::to_string(in.cells()) + " cells");
}

constexpr uint8_t bit(int state) {
  return static_cast<uint8_t>(1u << (state - 1));
}

// The eight sectors around a lattice point: the cell as an offset from P = (row, col) of the
// lattice, and the side of that cell the sector lies beside.
struct Sector {
  int drow, dcol, side;
};
constexpr std::array<Sector, 8> kSectors = {{
    {-1, 0, sk::left},     // NE
    {-1, 0, sk::bottom},   // NE
    {0, 0, sk::top},       // SE
    {0, 0, sk::left},      // SE
    {0, -1, sk::right},    // SW
    {0, -1, sk::top},      // SW
    {-1, -1, sk::bottom},  // NW
    {-1, -1, sk::right},   // NW
}};

enum class Need : uint8_t { any, white, black };

// A forbidden configuration at a lattice point: what each sector must be, and per cell (k = 0..3:
// NE, SE, SW, NW) a further restriction on its states.
struct Pattern {
  char family = '?';
  std::array<Need, 8> need{};
  std::array<uint8_t, 4> restrict = {kAllShakashakaStates, kAllShakashakaStates,
                                     kAllShakashakaStates, kAllShakashakaStates};
};

// The run of `length` white sectors from sector `start`, black on both sides.
Pattern run(char family, int start, int length) {
  Pattern p;
  p.family = family;
  p.need.fill(Need::any);
  for (int t = 0; t < length; ++t) p.need[(start + t) % 8] = Need::white;
  p.need[(start + 7) % 8] = Need::black;
  p.need[(start + length) % 8] = Need::black;
  return p;
}

// Every forbidden run, by family; E and F split the 270-degree corners as the file's prose says.
std::vector<Pattern> forbidden_patterns(ShakashakaFamilies families) {
  std::vector<Pattern> out;
  for (int start = 0; start < 8; ++start) {
    out.push_back(run('C', start, 1));
    out.push_back(run('D', start, 3));
    out.push_back(run('E', start, 5));
    out.push_back(run('E', start, 7));
    if (start % 2 == 1) {
      out.push_back(run('E', start, 6));
      continue;
    }
    // Whole cells k, k+1, k+2 white at P, cell k+3 black there: k+1 is diagonal to it.
    const int k = start / 2, beside1 = k, diagonal = (k + 1) % 4, beside2 = (k + 2) % 4;
    Pattern empties = run('E', start, 6);
    empties.restrict[beside1] = empties.restrict[diagonal] = empties.restrict[beside2] =
        bit(sk::empty);
    out.push_back(empties);
    if (families != ShakashakaFamilies::published) {
      Pattern triangle = run('F', start, 6);
      triangle.restrict[beside1] = triangle.restrict[beside2] = bit(sk::empty);
      triangle.restrict[diagonal] = static_cast<uint8_t>(kAllShakashakaStates & ~bit(sk::empty));
      out.push_back(triangle);
    }
  }
  return out;
}

// The states of a white cell whose sectors match `first` and `second` (beside sides a and b).
uint8_t matching_states(Need first, int side_a, Need second, int side_b) {
  auto fits = [](Need need, int state, int side) {
    if (need == Need::any) return true;
    return sk::black_along(state, side) == (need == Need::black);
  };
  uint8_t mask = 0;
  for (int s = sk::empty; s <= sk::ll; ++s)
    if (fits(first, s, side_a) && fits(second, s, side_b)) mask |= bit(s);
  return mask;
}

// Collects rows as triplets with bounds and family letters, then hands them to the model at once.
struct RowBuffer {
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<double> lower, upper;
  std::vector<char> family;
  int add(double lo, double hi, char fam) {
    lower.push_back(lo);
    upper.push_back(hi);
    family.push_back(fam);
    return static_cast<int>(lower.size()) - 1;
  }
};

void add_assignment_rows(const Instance& in, const ShakashakaModel& m, RowBuffer& rows) {
  for (int c = 0; c < in.cells(); ++c) {
    if (m.first_column[c] < 0) continue;
    const int r = rows.add(1, 1, 'A');
    for (int s = sk::empty; s <= sk::ll; ++s) rows.entries.emplace_back(r, m.column(c, s), 1.0);
  }
}

void add_clue_rows(const Instance& in, const ShakashakaModel& m, RowBuffer& rows) {
  const int h = in.height, w = in.width;
  for (int c = 0; c < in.cells(); ++c) {
    const int clue = in.givens[c];
    if (clue < 0 || clue > 4) continue;
    // A clue with no white cell beside it gives the empty row 0 = clue: infeasible unless 0.
    const int r = rows.add(clue, clue, 'B');
    const int row = c / w, col = c % w;
    const int beside[4][2] = {{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}};
    for (const auto& [nr, nc] : beside) {
      if (nr < 0 || nr >= h || nc < 0 || nc >= w) continue;
      const int n = nr * w + nc;
      if (m.first_column[n] < 0) continue;
      for (int s = sk::ul; s <= sk::ll; ++s) rows.entries.emplace_back(r, m.column(n, s), 1.0);
    }
  }
}

// The row of `p` at lattice point (prow, pcol), if the pattern can occur there.
void add_pattern_row(const Instance& in, const ShakashakaModel& m, const Pattern& p, int prow,
                     int pcol, RowBuffer& rows) {
  struct Term {
    int cell;
    uint8_t states;
  };
  std::array<Term, 4> terms{};
  int count = 0;
  for (int k = 0; k < 4; ++k) {
    const Sector& a = kSectors[2 * k];
    const Sector& b = kSectors[2 * k + 1];
    const Need na = p.need[2 * k], nb = p.need[2 * k + 1];
    if (na == Need::any && nb == Need::any && p.restrict[k] == kAllShakashakaStates) continue;
    const int r = prow + a.drow, c = pcol + a.dcol;
    const bool inside = r >= 0 && r < in.height && c >= 0 && c < in.width;
    if (!inside || m.first_column[r * in.width + c] < 0) {
      if (na == Need::white || nb == Need::white) return;  // black is never white: no pattern
      continue;                                            // black always matches: drop it
    }
    const uint8_t states = matching_states(na, a.side, nb, b.side) & p.restrict[k];
    if (states == 0) return;
    if (states == kAllShakashakaStates) continue;  // every state matches: always 1
    terms[count++] = {r * in.width + c, states};
  }
  // A white sector needs a white cell, whose matching states are never all five.
  if (count == 0) throw std::logic_error("shakashaka ip: a pattern with no white cell");
  const int row = rows.add(-kInf, count - 1, p.family);
  for (int t = 0; t < count; ++t)
    for (int s = sk::empty; s <= sk::ll; ++s)
      if (terms[t].states & bit(s)) rows.entries.emplace_back(row, m.column(terms[t].cell, s), 1.0);
}

void add_angle_rows(const Instance& in, const ShakashakaModel& m, ShakashakaFamilies families,
                    RowBuffer& rows) {
  const std::vector<Pattern> patterns = forbidden_patterns(families);
  for (int prow = 0; prow <= in.height; ++prow)
    for (int pcol = 0; pcol <= in.width; ++pcol)
      for (const Pattern& p : patterns) add_pattern_row(in, m, p, prow, pcol, rows);
}

// The corner type of `state` at a lattice point, from its sectors beside sides a and b: bit 0
// when the first is black, bit 1 when the second is.
int corner_type(int state, int side_a, int side_b) {
  return (sk::black_along(state, side_a) ? 1 : 0) | (sk::black_along(state, side_b) ? 2 : 0);
}

// Whether the eight sectors (bit i set: sector i black) leave only white runs of 2 or 4.
bool right_or_straight(int black) {
  if (black == 0) return true;
  int first = 0;
  while (!(black >> first & 1)) ++first;  // start the walk at a black sector
  int length = 0;
  for (int t = 1; t <= 8; ++t) {
    if (black >> ((first + t) % 8) & 1) {
      if (length != 0 && length != 2 && length != 4) return false;
      length = 0;
    } else {
      ++length;
    }
  }
  return true;
}

// The hull rows of one lattice point: a continuous column per allowed configuration of the four
// corner types (a black cell or the outside is always type 3, both black), one row saying they
// sum to 1, and per white cell and type a row tying the configurations' weight to the states of
// that type. At an integer x exactly one configuration fits, so nothing is lost; at a fractional
// x the corner types must mix allowed configurations, which no single A-F row asks.
void add_hull_point(const Instance& in, ShakashakaModel& m, int prow, int pcol, RowBuffer& rows,
                    std::vector<std::pair<int, int>>& pending) {
  std::array<int, 4> cell{};
  for (int k = 0; k < 4; ++k) {
    const int r = prow + kSectors[2 * k].drow, c = pcol + kSectors[2 * k].dcol;
    const bool inside = r >= 0 && r < in.height && c >= 0 && c < in.width;
    cell[k] = inside && m.first_column[r * in.width + c] >= 0 ? r * in.width + c : -1;
  }
  if (cell[0] < 0 && cell[1] < 0 && cell[2] < 0 && cell[3] < 0) return;
  const int sum_row = rows.add(1, 1, 'H');
  std::array<std::array<int, 4>, 4> type_row{};
  for (int k = 0; k < 4; ++k) {
    if (cell[k] < 0) continue;
    for (int t = 0; t < 4; ++t) {
      type_row[k][t] = rows.add(0, 0, 'H');
      for (int s = sk::empty; s <= sk::ll; ++s)
        if (corner_type(s, kSectors[2 * k].side, kSectors[2 * k + 1].side) == t)
          rows.entries.emplace_back(type_row[k][t], m.column(cell[k], s), -1.0);
    }
  }
  for (int config = 0; config < 256; ++config) {
    int black = 0;
    bool fits = true;
    for (int k = 0; k < 4; ++k) {
      const int t = config >> (2 * k) & 3;
      if (cell[k] < 0 && t != 3) fits = false;
      black |= t << (2 * k);
    }
    if (!fits || !right_or_straight(black)) continue;
    const int col = m.lp.add_column(0, 1, 0, false);
    pending.emplace_back(sum_row, col);
    for (int k = 0; k < 4; ++k)
      if (cell[k] >= 0) pending.emplace_back(type_row[k][config >> (2 * k) & 3], col);
  }
}

void add_hull_rows(const Instance& in, ShakashakaModel& m, RowBuffer& rows) {
  std::vector<std::pair<int, int>> pending;  // (row, column) entries of 1
  for (int prow = 0; prow <= in.height; ++prow)
    for (int pcol = 0; pcol <= in.width; ++pcol) add_hull_point(in, m, prow, pcol, rows, pending);
  for (const auto& [row, col] : pending) rows.entries.emplace_back(row, col, 1.0);
}

void add_columns(const Instance& in, const ShakashakaDomains& domains, ShakashakaModel& m) {
  m.first_column.assign(in.cells(), -1);
  for (int c = 0; c < in.cells(); ++c) {
    if (sk::is_black(in.givens[c])) continue;
    const uint8_t allowed = domains.empty() ? kAllShakashakaStates : domains[c];
    for (int s = sk::empty; s <= sk::ll; ++s) {
      const int col = m.lp.add_column(0, (allowed & bit(s)) ? 1 : 0, 0, true);
      if (s == sk::empty) m.first_column[c] = col;
      const char letter = s == sk::empty ? 'e' : sk::kStateLetters[s];
      m.lp.set_column_name(col, "x_" + std::to_string(c / in.width + 1) + "_" +
                                    std::to_string(c % in.width + 1) + "_" + letter);
    }
  }
}

// The state of every white cell at a 0/1 point (0 for black cells); empty if some white cell has
// no state or two.
sk::Solution decode(const Instance& in, const ShakashakaModel& m, const std::vector<double>& x) {
  if (static_cast<int>(x.size()) != m.lp.columns()) return {};
  sk::Solution out(in.cells(), 0);
  for (int c = 0; c < in.cells(); ++c) {
    if (m.first_column[c] < 0) continue;
    for (int s = sk::empty; s <= sk::ll; ++s)
      if (x[m.column(c, s)] > 0.5) {
        if (out[c] != 0) return {};
        out[c] = s;
      }
    if (out[c] == 0) return {};
  }
  return out;
}

int white_cells(const ShakashakaModel& m) {
  int n = 0;
  for (int f : m.first_column) n += f >= 0;
  return n;
}

}  // namespace

ShakashakaModel build_shakashaka_model(const Instance& instance, ShakashakaFamilies families,
                                       const ShakashakaDomains& domains) {
  check_instance(instance, domains);
  ShakashakaModel m;
  add_columns(instance, domains, m);
  RowBuffer rows;
  add_assignment_rows(instance, m, rows);
  add_clue_rows(instance, m, rows);
  if (families == ShakashakaFamilies::hull)
    add_hull_rows(instance, m, rows);
  else
    add_angle_rows(instance, m, families, rows);
  m.lp.add_rows(rows.entries, rows.lower, rows.upper);
  m.row_family = std::move(rows.family);
  for (int r = 0; r < m.lp.rows(); ++r)
    m.lp.set_row_name(r, std::string(1, m.row_family[r]) + "_" + std::to_string(r + 1));
  return m;
}

std::string broken_families(const ShakashakaModel& model, const sk::Solution& solution) {
  if (solution.size() != model.first_column.size())
    throw std::invalid_argument("broken_families: the solution has " +
                                std::to_string(solution.size()) + " cells, the model " +
                                std::to_string(model.first_column.size()));
  std::vector<double> x(model.lp.columns(), 0.0);
  for (size_t c = 0; c < solution.size(); ++c)
    if (model.first_column[c] >= 0 && solution[c] >= sk::empty && solution[c] <= sk::ll)
      x[model.column(static_cast<int>(c), solution[c])] = 1;
  std::vector<double> activity(model.lp.rows(), 0.0);
  for (const auto& t : model.lp.entries()) activity[t.row()] += t.value() * x[t.col()];
  bool broken['F' - 'A' + 1] = {};
  for (int r = 0; r < model.lp.rows(); ++r) {
    const char family = model.row_family[r];
    if (family < 'A' || family > 'F') continue;  // hull rows (they need z) and no-good cuts
    if (activity[r] < model.lp.row_lower()[r] - 1e-9 ||
        activity[r] > model.lp.row_upper()[r] + 1e-9)
      broken[family - 'A'] = true;
  }
  std::string out;
  for (char f = 'A'; f <= 'F'; ++f)
    if (broken[f - 'A']) out += f;
  return out;
}

ShakashakaIpResult solve_shakashaka_ip(const Instance& instance, double time_limit_seconds,
                                       ShakashakaFamilies families,
                                       const ShakashakaDomains& domains) {
  const auto t0 = Clock::now();
  const ShakashakaModel m = build_shakashaka_model(instance, families, domains);
  const Solution s = m.lp.solve_ip(time_limit_seconds);
  ShakashakaIpResult out;
  out.status = s.status;
  if (s.status == SolveStatus::optimal) {
    out.solution = decode(instance, m, s.x);
    if (out.solution.empty()) {
      out.status = SolveStatus::error;
    } else {
      out.verifier_complaint = sk::verify_solution(instance, out.solution);
      // The sound model's points are solutions; one that is not is a bug, never an answer.
      if (families != ShakashakaFamilies::published && !out.verifier_complaint.empty())
        out.status = SolveStatus::error;
    }
  }
  out.seconds = seconds_since(t0);
  return out;
}

ShakashakaIpCount count_shakashaka_ip(const Instance& instance, int limit,
                                      double time_limit_seconds, ShakashakaFamilies families) {
  const auto t0 = Clock::now();
  ShakashakaModel m = build_shakashaka_model(instance, families);
  ShakashakaIpCount out;
  auto finish = [&](bool exact) {
    out.exact = exact;
    out.count = static_cast<int>(out.solutions.size());
    out.seconds = seconds_since(t0);
    return out;
  };
  const int whites = white_cells(m);
  while (static_cast<int>(out.solutions.size()) < limit) {
    const double left = time_limit_seconds - seconds_since(t0);
    if (left <= 0) return finish(false);
    const Solution s = m.lp.solve_ip(left);
    ++out.ip_solves;
    if (s.status == SolveStatus::infeasible) return finish(true);
    if (s.status != SolveStatus::optimal) {
      out.error = s.status == SolveStatus::error;
      return finish(false);
    }
    sk::Solution found = decode(instance, m, s.x);
    // A point the sound models give that is no solution is a bug, never an answer; the published
    // model's may be (that is its flaw), and the count stops there too.
    if (found.empty() || !sk::verify_solution(instance, found).empty()) {
      out.error = true;
      return finish(false);
    }
    out.solutions.push_back(std::move(found));
    // With no white cell the solution just found was the only candidate; the cut would be the
    // empty row 0 <= -1, which is better not handed to CBC.
    if (whites == 0) return finish(true);
    std::vector<Eigen::Triplet<double>> cut;
    for (int c = 0; c < instance.cells(); ++c)
      if (m.first_column[c] >= 0) cut.emplace_back(0, m.column(c, out.solutions.back()[c]), 1.0);
    m.lp.add_rows(cut, {-kInf}, {static_cast<double>(whites) - 1});
    m.row_family.push_back('N');  // no family: broken_families passes over it
    m.lp.set_row_name(m.lp.rows() - 1, "nogood_" + std::to_string(out.solutions.size()));
  }
  return finish(false);
}

ShakashakaLp solve_shakashaka_lp(const Instance& instance, const ShakashakaDomains& domains,
                                 double time_limit_seconds, ShakashakaFamilies families) {
  const auto t0 = Clock::now();
  const ShakashakaModel m = build_shakashaka_model(instance, families, domains);
  const Solution s = m.lp.solve_lp(time_limit_seconds);
  ShakashakaLp out;
  out.status = s.status;
  if (s.status == SolveStatus::optimal) out.x = s.x;
  out.rows = m.lp.rows();
  out.columns = m.lp.columns();
  out.seconds = seconds_since(t0);
  return out;
}

bool lp_relaxation_feasible(const Instance& instance, const ShakashakaDomains& domains,
                            double time_limit_seconds, ShakashakaFamilies families) {
  return !solve_shakashaka_lp(instance, domains, time_limit_seconds, families).infeasible();
}

void write_shakashaka_lp(const Instance& instance, const std::string& path) {
  build_shakashaka_model(instance, ShakashakaFamilies::sound).lp.write_lp(path);
}

}  // namespace bs::ilp
