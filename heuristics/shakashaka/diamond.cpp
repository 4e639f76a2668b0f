// diamond: follow a white rectangle turned 45 degrees from a vertex known for sure, along both
// of its diagonal chains, and close it.
//
// Two triangles that meet at a lattice point with their white sides towards each other (a beside
// b under a point: the top vertex of a diamond; a over d, b over c, d beside c: its left, right
// and bottom vertices) start a white rectangle turned 45 degrees, whose two sides from that
// vertex are chains of triangles running diagonally away from it. The angle rule knows that each
// chain goes on or turns at each point; this rule knows that the chains end where the rectangle
// can close: every p x q rectangle from the vertex is enumerated (p and q cell diagonals), its
// sides must allow their triangles (a along the upper-left side, b upper-right, c lower-right, d
// lower-left) and its inside cells must allow empty. None: the node fails. Otherwise the first
// cells of each chain, up to the shortest candidate's length, hold their triangles, the inside of
// the smallest candidate is empty, and a lone candidate is placed whole.
//
// Coordinates turned 45 degrees make the shapes rectangles: a cell (r, c) has its centre at
// u = r + c + 1, v = c - r, a lattice point (y, x) at u = x + y, v = x - y, and a rectangle turned
// 45 degrees is a box in u, v whose sides pass through the centres of its triangle cells.
#include <algorithm>
#include <array>

#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

// A vertex: the lattice point (u0, v0) and the directions the rectangle grows in u and v.
struct Vertex {
  int u0, v0, su, sv;
};

// Longer chains are not enumerated (the rule then says nothing about that vertex): this keeps a
// call's cost bounded on wide open grids, and is sound, as it only ever gives up.
constexpr int kMaxChain = 32;

class Chains {
 public:
  Chains(const Structure& s, const Mask* d) : s_(s), d_(d) {}

  // The cell whose centre is (u, v), or -1 off the grid (u + v must be odd).
  int cell_at(int u, int v) const {
    const int c = (u + v - 1) / 2, r = (u - v - 1) / 2;
    if ((u + v - 1) % 2 != 0 || r < 0 || r >= s_.height || c < 0 || c >= s_.width) return -1;
    return r * s_.width + c;
  }
  bool allows(int u, int v, State state) const {
    const int cell = cell_at(u, v);
    return cell >= 0 && (d_[cell] & propagation::value_bit(state));
  }

  // The state of the cell at (u, v) in the rectangle of p x q from vertex k: a triangle on a
  // side, empty inside.
  static State state_in(const Vertex& k, int p, int q, int u, int v) {
    const int ulo = std::min(k.u0, k.u0 + k.su * 2 * q), uhi = std::max(k.u0, k.u0 + k.su * 2 * q);
    const int vlo = std::min(k.v0, k.v0 + k.sv * 2 * p), vhi = std::max(k.v0, k.v0 + k.sv * 2 * p);
    if (u == ulo) return ul;
    if (u == uhi) return lr;
    if (v == vhi) return ur;
    if (v == vlo) return ll;
    return empty;
  }

  // Calls visit(u, v) for every cell of the p x q rectangle from k.
  template <class Visit>
  static void for_each_cell(const Vertex& k, int p, int q, Visit&& visit) {
    for (int i = 0; i <= 2 * q; ++i)
      for (int j = 0; j <= 2 * p; ++j) {
        const int u = k.u0 + k.su * i, v = k.v0 + k.sv * j;
        if ((u + v) % 2 != 0) visit(u, v);  // a cell's centre, never a lattice point
      }
  }

  bool fits(const Vertex& k, int p, int q) const {
    bool ok = true;
    for_each_cell(k, p, q, [&](int u, int v) { ok = ok && allows(u, v, state_in(k, p, q, u, v)); });
    return ok;
  }

  // How far each chain from k can run: the cells along side v = v0 (q of them) and along side
  // u = u0 (p of them) that allow their triangles.
  int chain_length(const Vertex& k, bool along_u) const {
    int n = 0;
    while (n <= kMaxChain) {
      const int u = along_u ? k.u0 + k.su * (2 * n + 1) : k.u0;
      const int v = along_u ? k.v0 : k.v0 + k.sv * (2 * n + 1);
      // A cell on side u = u0 or v = v0 of any candidate: its state does not depend on p or q.
      if (!allows(u, v, state_in(k, along_u ? 1 << 20 : n + 1, along_u ? n + 1 : 1 << 20, u, v)))
        break;
      ++n;
    }
    return n;
  }

 private:
  const Structure& s_;
  const Mask* d_;
};

// The vertices a point is for sure: at most one, as its four cells' triangles say.
bool vertex_at(const Structure& s, const Mask* d, int point, Vertex& k) {
  const int pw = s.width + 1, y = point / pw, x = point % pw;
  const std::array<int, 4>& cells = s.corner_cells[point];
  auto is = [&](int slot, State state) {
    return cells[slot] >= 0 && d[cells[slot]] == propagation::value_bit(state);
  };
  k.u0 = x + y;
  k.v0 = x - y;
  if (is(lower_left, ul) && is(lower_right, ur))
    k.su = 1, k.sv = -1;  // top vertex
  else if (is(upper_right, ul) && is(lower_right, ll))
    k.su = 1, k.sv = 1;  // left
  else if (is(upper_left, ur) && is(lower_left, lr))
    k.su = -1, k.sv = -1;  // right
  else if (is(upper_left, ll) && is(upper_right, lr))
    k.su = -1, k.sv = 1;  // bottom
  else
    return false;
  return true;
}

bool narrow_at(Mask* d, const Chains& chains, int u, int v, State state, Changes& changed,
               bool& progress) {
  const int cell = chains.cell_at(u, v);
  return cell >= 0 && narrow(d, cell, propagation::value_bit(state), changed, progress);
}

// Settles what every candidate from vertex k agrees on. False on a contradiction.
bool close_vertex(const Structure& s, Mask* d, const Vertex& k, Changes& changed, bool& progress) {
  const Chains chains(s, d);
  const int q_max = chains.chain_length(k, true), p_max = chains.chain_length(k, false);
  if (p_max == 0 || q_max == 0) return false;  // the vertex's own triangles are fixed: cannot be
  if (p_max > kMaxChain || q_max > kMaxChain) return true;
  int p_min = 1 << 30, q_min = 1 << 30, found = 0, only_p = 0, only_q = 0;
  for (int p = 1; p <= p_max; ++p)
    for (int q = 1; q <= q_max; ++q)
      if (chains.fits(k, p, q)) {
        ++found;
        p_min = std::min(p_min, p);
        q_min = std::min(q_min, q);
        only_p = p;
        only_q = q;
      }
  if (!found) return false;
  bool ok = true;
  auto place = [&](int p, int q, auto&& keep) {
    Chains::for_each_cell(k, p, q, [&](int u, int v) {
      if (ok && keep(u, v))
        ok = narrow_at(d, chains, u, v, Chains::state_in(k, p, q, u, v), changed, progress);
    });
  };
  if (found == 1) {
    place(only_p, only_q, [](int, int) { return true; });
    return ok;
  }
  // Every candidate holds the smallest one's chains from the vertex and its inside.
  const int ulo = std::min(k.u0, k.u0 + k.su * 2 * q_min);
  const int uhi = std::max(k.u0, k.u0 + k.su * 2 * q_min);
  const int vlo = std::min(k.v0, k.v0 + k.sv * 2 * p_min);
  const int vhi = std::max(k.v0, k.v0 + k.sv * 2 * p_min);
  place(p_min, q_min, [&](int u, int v) {
    const bool inside = u > ulo && u < uhi && v > vlo && v < vhi;
    return inside || u == k.u0 || v == k.v0;
  });
  return ok;
}

Verdict diamond(const Structure& s, Mask* d, const Dirty&, Changes& changed) {
  bool progress = false;
  Vertex k{};
  for (int point = 0; point < s.points; ++point)
    if (vertex_at(s, d, point, k) && !close_vertex(s, d, k, changed, progress))
      return Verdict::fail;
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace

// Not idempotent: what it settles can make a new vertex.
extern const ShakashakaRuleEntry diamond_rule{
    {"diamond", "shakashaka", Cost::quadratic, true,
     "from a vertex known for sure, both diagonal chains of a 45-degree white rectangle and every "
     "way it could close: what all of them share is placed, and a lone one is closed"},
    diamond,
    /*idempotent=*/false};

}  // namespace bs::shakashaka
