// Draws a Futoshiki puzzle as SVG; the picture's conventions are described in render.hpp.
//
// Signs are drawn as chevron paths rather than font glyphs, so that they look the same in every
// viewer and converter, and every sign carries a data-sign attribute naming it, which lets tests
// check the picture's meaning without parsing geometry.
#include "puzzles/futoshiki/render.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "core/markup.hpp"

namespace bs::futoshiki {

namespace {

constexpr double kCell = 40;    // side of a cell
constexpr double kGap = 18;     // room between cells for a sign
constexpr double kMargin = 10;  // around the grid

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

double left(int col) {
  return kMargin + col * (kCell + kGap);
}
double top(int row) {
  return kMargin + row * (kCell + kGap);
}

// A chevron centred at (cx, cy). `dx`, `dy` point from the open side to the tip, i.e. from the
// greater cell towards the smaller one.
std::string chevron(double cx, double cy, int dx, int dy, const char* name) {
  const double depth = kGap * 0.25, half = kCell * 0.16;
  // Tip, then the two ends of the open side.
  const double tx = cx + dx * depth, ty = cy + dy * depth;
  const double bx = cx - dx * depth, by = cy - dy * depth;
  const double ox = dy * half, oy = dx * half;  // across the pointing direction
  return "  <g data-sign=\"" + std::string(name) + "\"><polyline points=\"" + num(bx + ox) + "," +
         num(by + oy) + " " + num(tx) + "," + num(ty) + " " + num(bx - ox) + "," + num(by - oy) +
         "\" fill=\"none\" stroke=\"#000\" stroke-width=\"2.2\" stroke-linecap=\"round\" "
         "stroke-linejoin=\"round\"/></g>\n";
}

}  // namespace

std::string render_svg(const Instance& in, const Grid* solution) {
  const int n = in.n;
  if (n < 1 || n > kMaxN || in.givens.size() != static_cast<size_t>(n) * n)
    throw std::invalid_argument("render_svg: malformed instance");
  if (solution && solution->size() != in.givens.size())
    throw std::invalid_argument("render_svg: the solution does not have n*n values");
  for (const Inequality& q : in.inequalities)
    if (q.greater < 0 || q.smaller < 0 || q.greater >= n * n || q.smaller >= n * n)
      throw std::invalid_argument("render_svg: an inequality names a cell outside the grid");

  const double side = 2 * kMargin + n * kCell + (n - 1) * kGap;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(side) +
                    "\" height=\"" + num(side) + "\" viewBox=\"0 0 " + num(side) + " " + num(side) +
                    "\">\n";
  out += "  <title>" + escape_markup(in.name) + "</title>\n";
  out += "  <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";

  bool arrows = false;
  for (const Inequality& q : in.inequalities) {
    const int dr = q.smaller / n - q.greater / n, dc = q.smaller % n - q.greater % n;
    arrows = arrows || std::abs(dr) + std::abs(dc) != 1;
  }
  if (arrows) {
    out +=
        "  <defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
        "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
        "fill=\"#b03030\"/></marker></defs>\n";
  }

  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      out += "  <rect x=\"" + num(left(c)) + "\" y=\"" + num(top(r)) + "\" width=\"" + num(kCell) +
             "\" height=\"" + num(kCell) +
             "\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"/>\n";

  const double font = kCell * 0.6;
  for (int cell = 0; cell < n * n; ++cell) {
    const int given = in.givens[cell];
    const int value = given ? given : solution ? (*solution)[cell] : 0;
    if (!value) continue;
    // No dominant-baseline: converters disagree on it; about a third of the font size centres
    // digits.
    const double x = left(cell % n) + kCell / 2, y = top(cell / n) + kCell / 2 + font * 0.35;
    out += "  <text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(font) +
           "\" font-family=\"sans-serif\" text-anchor=\"middle\"";
    out += given ? " font-weight=\"bold\" fill=\"#000\"" : " class=\"solved\" fill=\"#1f5fbf\"";
    out += '>';  // appended piecewise: GCC 12 warns falsely (-Wrestrict) on ">" + to_string
    out += std::to_string(value);
    out += "</text>\n";
  }

  for (const Inequality& q : in.inequalities) {
    const int gr = q.greater / n, gc = q.greater % n, sr = q.smaller / n, sc = q.smaller % n;
    const int dr = sr - gr, dc = sc - gc;
    const double gx = left(gc) + kCell / 2, gy = top(gr) + kCell / 2;
    if (std::abs(dr) + std::abs(dc) == 1) {
      // The gap's centre lies halfway between the two cells' centres.
      const double cx = gx + dc * (kCell + kGap) / 2, cy = gy + dr * (kCell + kGap) / 2;
      const char* name = dc == 1 ? "&gt;" : dc == -1 ? "&lt;" : dr == 1 ? "v" : "^";
      out += chevron(cx, cy, dc, dr, name);
    } else {
      // Stop short of the centres so that the arrow does not hide the digits.
      const double sx = left(sc) + kCell / 2, sy = top(sr) + kCell / 2;
      const double len = std::max(1e-9, std::hypot(sx - gx, sy - gy));
      const double ux = (sx - gx) / len, uy = (sy - gy) / len, pad = kCell * 0.35;
      out += "  <line class=\"arrow\" x1=\"" + num(gx + ux * pad) + "\" y1=\"" +
             num(gy + uy * pad) + "\" x2=\"" + num(sx - ux * pad) + "\" y2=\"" +
             num(sy - uy * pad) +
             "\" stroke=\"#b03030\" stroke-width=\"1\" opacity=\"0.8\" "
             "marker-end=\"url(#head)\"/>\n";
    }
  }
  out += "</svg>\n";
  return out;
}

}  // namespace bs::futoshiki
