// Draws a Shakashaka puzzle as SVG; the picture's conventions are described in render.hpp.
//
// Every triangle carries a data-state attribute with its letter (a, b, c, d as in the solution
// files), which lets tests check the picture's meaning without parsing geometry. Digits are drawn
// as text with a generic font and no dominant-baseline (converters disagree on it); a third of the
// font size below the centre centres them.
#include "puzzles/shakashaka/render.hpp"

#include <cstdio>
#include <stdexcept>

#include "core/markup.hpp"

namespace bs::shakashaka {

namespace {

constexpr double kCell = 32;    // side of a cell
constexpr double kMargin = 12;  // around the grid

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

double x_of(int col) {
  return kMargin + col * kCell;
}
double y_of(int row) {
  return kMargin + row * kCell;
}

std::string check_instance(const Instance& in) {
  if (in.height < 1 || in.height > kMaxSide || in.width < 1 || in.width > kMaxSide)
    return "size out of range";
  if (in.givens.size() != static_cast<size_t>(in.cells())) return "wrong number of cells";
  for (const int g : in.givens)
    if (g != kWhite && (g < 0 || g > kBlack)) return "a cell holds " + std::to_string(g);
  return "";
}

// The inner grid lines: one path for the whole grid, so that a large grid stays small. Appended
// piecewise: GCC 12 at -O2 warns falsely (-Wrestrict) on "M" + std::string.
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
  for (int c = 1; c < in.width; ++c) line(x_of(c), y_of(0), 'V', y_of(in.height));
  for (int r = 1; r < in.height; ++r) line(x_of(0), y_of(r), 'H', x_of(in.width));
  if (d.empty()) return "";
  return "  <path d=\"" + d + "\" stroke=\"#b0b0b0\" stroke-width=\"1\" fill=\"none\"/>\n";
}

// The black cells, then the clues on them in white.
std::string black_cells(const Instance& in) {
  std::string cells, clues;
  const double font = kCell * 0.6;
  for (int cell = 0; cell < in.cells(); ++cell) {
    const int g = in.givens[cell];
    if (!is_black(g)) continue;
    const double x = x_of(cell % in.width), y = y_of(cell / in.width);
    cells += "    <rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(kCell) +
             "\" height=\"" + num(kCell) + "\"/>\n";
    if (g == kBlack) continue;
    clues += "    <text x=\"" + num(x + kCell / 2) + "\" y=\"" + num(y + kCell / 2 + font * 0.35) +
             "\">";
    clues += static_cast<char>('0' + g);
    clues += "</text>\n";
  }
  std::string out = "  <g fill=\"#000\">\n" + cells + "  </g>\n";
  out += "  <g font-family=\"sans-serif\" font-size=\"" + num(font) +
         "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">\n" + clues + "  </g>\n";
  return out;
}

// The triangle of `state` in the cell at (row, col): its three corners are the cell's corners
// but the one opposite its right angle, which is the corner the triangle is named for.
std::string triangle(int row, int col, int state) {
  const double x0 = x_of(col), y0 = y_of(row), x1 = x0 + kCell, y1 = y0 + kCell;
  // The cell's corners clockwise from the upper left; the triangle leaves out the one opposite.
  const double xs[4] = {x0, x1, x1, x0}, ys[4] = {y0, y0, y1, y1};
  const int corner = state - ul;  // ul, ur, lr, ll are corners 0..3 clockwise
  const int opposite = (corner + 2) % 4;
  std::string points;
  for (int k = 0; k < 4; ++k) {
    if (k == opposite) continue;
    if (!points.empty()) points += ' ';
    points += num(xs[k]) + "," + num(ys[k]);
  }
  std::string out = "    <polygon data-state=\"";
  out += kStateLetters[state];
  out += "\" points=\"" + points + "\"/>\n";
  return out;
}

std::string triangles(const Instance& in, const Solution& s) {
  std::string out;
  for (int cell = 0; cell < in.cells(); ++cell) {
    if (is_black(in.givens[cell]) || s[cell] < ul || s[cell] > ll) continue;
    out += triangle(cell / in.width, cell % in.width, s[cell]);
  }
  if (out.empty()) return "";
  return "  <g fill=\"#404040\">\n" + out + "  </g>\n";
}

}  // namespace

std::string render_svg(const Instance& in, const Solution* solution) {
  if (const std::string bad = check_instance(in); !bad.empty())
    throw std::invalid_argument("render_svg: malformed instance: " + bad);
  if (solution && solution->size() != static_cast<size_t>(in.cells()))
    throw std::invalid_argument("render_svg: the solution does not have one state per cell");

  const double width = 2 * kMargin + in.width * kCell;
  const double height = 2 * kMargin + in.height * kCell;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) +
                    "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " +
                    num(height) + "\">\n";
  out += "  <title>" + escape_markup(in.name) + "</title>\n";
  out += "  <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  out += grid_lines(in);
  if (solution) out += triangles(in, *solution);
  out += black_cells(in);
  out += "  <rect x=\"" + num(kMargin) + "\" y=\"" + num(kMargin) + "\" width=\"" +
         num(in.width * kCell) + "\" height=\"" + num(in.height * kCell) +
         "\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace bs::shakashaka
