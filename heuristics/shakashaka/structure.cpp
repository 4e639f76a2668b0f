// The Shakashaka structure: neighbours, lattice points, clues, and the table of legal corners.
//
// The table. Around a lattice point, sector k (clockwise from the upward vertical) lies in one
// of the four cells beside one of its edges: sectors 0 and 1 in the upper-right cell beside its
// left and bottom edges, 2 and 3 in the lower-right cell beside its top and left edges, 4 and 5
// in the lower-left cell beside its right and top edges, 6 and 7 in the upper-left cell beside its
// bottom and right edges. A sector is black when its cell is black along that edge. The white
// sectors must make runs of two or four, or fill the circle (shakashaka_rule.hpp says why); of
// the 6^4 assignments of four cells about a quarter pass, and the angle rule's support test is
// one AND and one compare per legal assignment.
#include <algorithm>
#include <memory>
#include <stdexcept>

#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

namespace {

// The cell slot and edge of each of the eight sectors about a point.
constexpr int kSectorSlot[8] = {upper_right, upper_right, lower_right, lower_right,
                                lower_left,  lower_left,  upper_left,  upper_left};
constexpr int kSectorSide[8] = {left, bottom, top, left, right, top, bottom, right};

bool value_black_along(int value, int side) {
  return value == kBlackValue || (value >= ul && black_along(value, side));
}

constexpr int kBands = 64;

// A packed corner with one value a slot, as four 3-bit value indices.
int fixed_corner_index(Packed packed) {
  int index = 0;
  for (int s = 0; s < 4; ++s)
    index |= std::countr_zero((packed >> (kSlotBits * s)) & kSlotMask) << (3 * s);
  return index;
}

}  // namespace

Mask black_along_mask(int side) {
  Mask m = kBlackBit;
  for (int v = ul; v <= ll; ++v)
    if (black_along(v, side)) m |= Mask{1} << (v - 1);
  return m;
}

bool corner_is_legal(const std::array<int, 4>& values) {
  unsigned white = 0;
  for (int k = 0; k < 8; ++k)
    if (!value_black_along(values[kSectorSlot[k]], kSectorSide[k])) white |= 1u << k;
  if (white == 0 || white == 0xFF) return true;
  // Each run of white sectors, found at its first sector (white after a black one).
  for (int k = 0; k < 8; ++k) {
    if (!(white >> k & 1) || (white >> ((k + 7) % 8) & 1)) continue;
    int run = 0;
    while (white >> ((k + run) % 8) & 1) ++run;
    if (run != 2 && run != 4) return false;
  }
  return true;
}

const std::vector<Packed>& legal_corners() {
  static const std::vector<Packed> table = [] {
    std::vector<Packed> out;
    std::array<int, 4> v{};
    for (int code = 0; code < 6 * 6 * 6 * 6; ++code) {
      Packed p = 0;
      for (int s = 0, rest = code; s < 4; ++s, rest /= 6) {
        v[s] = rest % 6 + 1;
        p |= Packed{1} << (kSlotBits * s + v[s] - 1);
      }
      if (corner_is_legal(v)) out.push_back(p);
    }
    return out;
  }();
  return table;
}

bool legal_fixed_corner(Packed packed) {
  // Indexed by the four values less one, three bits each.
  static const std::vector<uint8_t> table = [] {
    std::vector<uint8_t> t(1 << 12, 0);
    for (const Packed p : legal_corners()) t[fixed_corner_index(p)] = 1;
    return t;
  }();
  for (int s = 0; s < 4; ++s)
    if (std::popcount((packed >> (kSlotBits * s)) & kSlotMask) != 1) return false;
  return table[fixed_corner_index(packed)];
}

const CornerPairs& corner_pairs() {
  static const auto table = [] {
    auto out = std::make_unique<CornerPairs>();
    PairSet lower_with[36] = {}, upper_with[36] = {};  // the relation, pair by pair
    for (const Packed t : legal_corners()) {
      int v[4];
      for (int s = 0; s < 4; ++s) v[s] = std::countr_zero((t >> (kSlotBits * s)) & kSlotMask);
      const int upper = v[upper_left] * 6 + v[upper_right];
      const int lower = v[lower_left] * 6 + v[lower_right];
      lower_with[upper] |= PairSet{1} << lower;
      upper_with[lower] |= PairSet{1} << upper;
    }
    for (Mask first = 0; first < 64; ++first)
      for (Mask second = 0; second < 64; ++second) {
        const int i = pair_index(first, second);
        PairSet pairs = 0;
        for (Mask f = first; f; f &= f - 1) pairs |= PairSet{second} << (6 * std::countr_zero(f));
        out->pairs[i] = pairs;
        for (; pairs; pairs &= pairs - 1) {
          out->upper_fits[i] |= upper_with[std::countr_zero(pairs)];
          out->lower_fits[i] |= lower_with[std::countr_zero(pairs)];
        }
      }
    return out;
  }();
  return *table;
}

Structure::Structure(const Instance& in)
    : instance(&in),
      height(in.height),
      width(in.width),
      cells(in.cells()),
      points((in.height + 1) * (in.width + 1)) {
  if (height < 1 || width < 1 || static_cast<int>(in.givens.size()) != cells)
    throw std::invalid_argument("shakashaka: malformed instance");
  neighbour.assign(static_cast<size_t>(cells) * 4, -1);
  for (int c = 0; c < cells; ++c) {
    const int r = c / width, col = c % width;
    if (r > 0) neighbour[c * 4 + top] = c - width;
    if (col + 1 < width) neighbour[c * 4 + right] = c + 1;
    if (r + 1 < height) neighbour[c * 4 + bottom] = c + width;
    if (col > 0) neighbour[c * 4 + left] = c - 1;
  }
  const int pw = width + 1;
  corner_cells.resize(points);
  for (int p = 0; p < points; ++p) {
    const int y = p / pw, x = p % pw;
    auto cell_at = [&](int r, int c) {
      return r >= 0 && r < height && c >= 0 && c < width ? r * width + c : -1;
    };
    corner_cells[p] = {cell_at(y - 1, x - 1), cell_at(y - 1, x), cell_at(y, x - 1), cell_at(y, x)};
  }
  cell_points.resize(cells);
  for (int c = 0; c < cells; ++c) {
    const int p = c / width * pw + c % width;
    cell_points[c] = {p, p + 1, p + pw, p + pw + 1};
  }
  clues_beside.assign(cells, {-1, -1, -1, -1});
  degree.assign(cells, 0);
  root_domain.assign(cells, kWhiteStates);
  for (int c = 0; c < cells; ++c) {
    if (is_black(in.givens[c])) {
      root_domain[c] = kBlackBit;
      continue;
    }
    for (int side = 0; side < 4; ++side) {
      const int o = neighbour[c * 4 + side];
      if (o >= 0 && clue(o) >= 0) clues_beside[c][side] = o;
      degree[c] += o >= 0 && (!is_black(in.givens[o]) || clue(o) >= 0);
    }
  }
  const int bands = std::min(kBands, height);
  for (int b = 0; b <= bands; ++b) band_start.push_back(b * height / bands * width);
  region.resize(cells);
  for (int b = 0; b < bands; ++b)
    for (int c = band_start[b]; c < band_start[b + 1]; ++c) region[c] = static_cast<uint8_t>(b);
  all_regions = bands == 64 ? ~Regions{0} : (Regions{1} << bands) - 1;
}

bool Structure::fixed_values_agree(const Mask* d) const {
  for (int p = 0; p < points; ++p) {
    const Packed packed = packed_corner(d, p);
    if (std::popcount(packed) != 4) continue;  // some cell open (or wiped: the caller fails it)
    if (!legal_fixed_corner(packed)) return false;
  }
  for (int c = 0; c < cells; ++c) {
    const int k = clue(c);
    if (k < 0) continue;
    int sure = 0, open = 0;
    for (int side = 0; side < 4; ++side) {
      const int o = neighbour[c * 4 + side];
      if (o < 0) continue;
      if (!fixed(d[o]))
        ++open;
      else
        sure += (d[o] & kTriangleBits) != 0;
    }
    if (sure > k || sure + open < k) return false;
  }
  return true;
}

}  // namespace bs::shakashaka
