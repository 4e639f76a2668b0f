// Draws a Dominosa puzzle as SVG; the picture's conventions are described in render.hpp.
//
// Every domino carries a data-domino attribute naming its numbers ("2-5", smaller first), which
// lets tests check the picture's meaning without parsing geometry. Digits are drawn as text with
// a generic font and no dominant-baseline (converters disagree on it); a third of the font size
// below the centre centres them.
#include "puzzles/dominosa/render.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "core/markup.hpp"

namespace bs::dominosa {

namespace {

constexpr double kCell = 36;    // side of a cell
constexpr double kMargin = 12;  // around the grid
constexpr double kInset = 3;    // between a domino's outline and its cells' edges

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// The left edge of a column and the top edge of a row. (Not left/top: grid.hpp's Direction
// names those.)
double x_of(int col) {
  return kMargin + col * kCell;
}
double y_of(int row) {
  return kMargin + row * kCell;
}

// The faint lines between cells: one path for the whole grid, so that a large grid stays small.
// Appended piecewise: GCC 12 at -O2 warns falsely (-Wrestrict) on "M" + std::string.
std::string grid_lines(const Instance& in) {
  std::string d;
  auto line = [&d](double x, double y, char dir, double to) {
    d += 'M';
    d += num(x);
    d += ',';
    d += num(y);
    d += dir;
    d += num(to);
  };
  for (int c = 1; c < in.width(); ++c) line(x_of(c), y_of(0), 'V', y_of(in.height()));
  for (int r = 1; r < in.height(); ++r) line(x_of(0), y_of(r), 'H', x_of(in.width()));
  return "  <path d=\"" + d + "\" stroke=\"#c8c8c0\" stroke-width=\"1\" fill=\"none\"/>\n";
}

// The rounded outline of the domino on cells `first` (left or upper) and `second`.
std::string domino(const Instance& in, int first, int second) {
  const int w = in.width();
  const int r0 = first / w, c0 = first % w, r1 = second / w, c1 = second % w;
  const double x = x_of(c0) + kInset, y = y_of(r0) + kInset;
  const double width = (c1 - c0 + 1) * kCell - 2 * kInset;
  const double height = (r1 - r0 + 1) * kCell - 2 * kInset;
  int a = in.numbers[first], b = in.numbers[second];
  if (a > b) std::swap(a, b);
  std::string out = "  <rect data-domino=\"";
  out += std::to_string(a);
  out += '-';
  out += std::to_string(b);
  out += "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(width) + "\" height=\"" +
         num(height) + "\" rx=\"" + num(kCell * 0.22) +
         "\" fill=\"#fbfbf4\" stroke=\"#202020\" stroke-width=\"1.6\"/>\n";
  return out;
}

// Each cell of the solution whose letter names a neighbour that names it back, drawn once from
// its left or upper cell (letter L or T).
std::string dominoes(const Instance& in, const Solution& s) {
  std::string out;
  for (int cell = 0; cell < in.cells(); ++cell) {
    if (s[cell] != 'L' && s[cell] != 'T') continue;  // not a first half
    const Direction d = s[cell] == 'L' ? right : down;
    const int other = in.neighbour(cell, d);
    if (other >= 0 && s[other] == kLetters[opposite(d)]) out += domino(in, cell, other);
  }
  return out;
}

}  // namespace

std::string render_svg(const Instance& in, const Solution* solution) {
  if (const std::string bad = check_numbers(in); !bad.empty())
    throw std::invalid_argument("render_svg: malformed instance: " + bad);
  if (solution && solution->size() != static_cast<size_t>(in.cells()))
    throw std::invalid_argument("render_svg: the solution does not have one letter per cell");

  const double width = 2 * kMargin + in.width() * kCell;
  const double height = 2 * kMargin + in.height() * kCell;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) +
                    "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " +
                    num(height) + "\">\n";
  out += "  <title>" + escape_markup(in.name) + "</title>\n";
  out += "  <rect width=\"100%\" height=\"100%\" fill=\"#e4e4dc\"/>\n";
  out += grid_lines(in);
  if (solution) out += dominoes(in, *solution);

  // Three-digit numbers (order 100 and up) get a smaller font to stay inside their cells.
  const double font = kCell * (in.n >= 100 ? 0.4 : 0.5);
  out += "  <g font-family=\"sans-serif\" font-size=\"" + num(font) +
         "\" text-anchor=\"middle\" fill=\"#000\">\n";
  for (int cell = 0; cell < in.cells(); ++cell) {
    const double x = x_of(cell % in.width()) + kCell / 2;
    const double y = y_of(cell / in.width()) + kCell / 2 + font * 0.35;
    out += "    <text x=\"" + num(x) + "\" y=\"" + num(y) + "\">";
    out += std::to_string(in.numbers[cell]);
    out += "</text>\n";
  }
  out += "  </g>\n</svg>\n";
  return out;
}

}  // namespace bs::dominosa
