// Random tilings by rectangles and diamonds, and the clues they give (random.hpp).
//
// A diamond is placed by its top-left cell (r, c), the first of its cells in row-major order. Its
// top corner is then the lattice point x0 = c + 1, y0 = r; the side going down-right has p
// diagonals, the side going down-left q. Row i of it (0 <= i < p + q) spans the cells from
// left(i) to right(i), the two ends crossed by its sides and the cells between empty:
//   left(i)  = x0 - i - 1     holding a (black upper-left)   while i < q
//            = x0 - 2q + i    holding d (black lower-left)   after
//   right(i) = x0 + i         holding b (black upper-right)  while i < p
//            = x0 + 2p - i - 1 holding c (black lower-right) after
// left(i) < right(i) in every row, so each row has both ends and the formulas are the whole shape.
#include "puzzles/shakashaka/random.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "core/splitmix64.hpp"

namespace bs::shakashaka {

namespace {

// What covers a cell while the tiler works.
enum Cover : int { kFree = 0, kBlackCell, kDiamond, kRectangle };

struct DiamondRow {
  int left, right;  // columns of its two ends
  int left_state, right_state;
};

DiamondRow diamond_row(int c, int p, int q, int i) {
  const int x0 = c + 1;
  DiamondRow row;
  if (i < q)
    row.left = x0 - i - 1, row.left_state = ul;
  else
    row.left = x0 - 2 * q + i, row.left_state = ll;
  if (i < p)
    row.right = x0 + i, row.right_state = ur;
  else
    row.right = x0 + 2 * p - i - 1, row.right_state = lr;
  return row;
}

class Tiler {
 public:
  Tiler(int height, int width, uint64_t seed, const TilingParams& params)
      : h_(height),
        w_(width),
        params_(params),
        state_(seed ^ 0x7368'616b'6173'6861ULL),  // "shakasha"
        cover_(static_cast<size_t>(height) * width, kFree),
        solution_(static_cast<size_t>(height) * width, 0) {}

  SolvedGrid run() {
    for (int cell = 0; cell < h_ * w_; ++cell)
      if (cover_[cell] == kFree) cover_first_free(cell / w_, cell % w_);
    return finish();
  }

 private:
  bool chance(int permille) { return static_cast<int>(splitmix64(state_) % 1000) < permille; }

  int draw_side(int grow_permille, int max_side) {
    int side = 1;
    while (side < max_side && chance(grow_permille)) ++side;
    return side;
  }

  // Black, or a tile with (r, c) as its top-left cell: the drawn kind first, shrunk until it
  // fits, then the other kind at its smallest, then black.
  void cover_first_free(int r, int c) {
    if (!next_to_black(r, c) && chance(params_.black_permille)) return make_black(r, c);
    if (chance(params_.diamond_permille)) {
      int p = draw_side(params_.diamond_grow_permille, params_.max_diamond_side);
      int q = draw_side(params_.diamond_grow_permille, params_.max_diamond_side);
      if (place_shrinking_diamond(r, c, p, q)) return;
      if (place_shrinking_rectangle(r, c, 1, 1)) return;
    } else {
      int a = draw_side(params_.rect_grow_permille, params_.max_rect_side);
      int b = draw_side(params_.rect_grow_permille, params_.max_rect_side);
      if (place_shrinking_rectangle(r, c, a, b)) return;
      if (place_shrinking_diamond(r, c, 1, 1)) return;
    }
    make_black(r, c);
  }

  void make_black(int r, int c) { cover_[r * w_ + c] = kBlackCell; }

  // Whether a black cell is already above or left of (r, c): published puzzles have few black
  // cells side by side, so only the fallback makes them.
  bool next_to_black(int r, int c) const {
    return (r > 0 && cover_[(r - 1) * w_ + c] == kBlackCell) ||
           (c > 0 && cover_[r * w_ + c - 1] == kBlackCell);
  }

  bool free(int r, int c) const {
    return r >= 0 && r < h_ && c >= 0 && c < w_ && cover_[r * w_ + c] == kFree;
  }

  // The larger side shrinks first, so a long thin draw becomes a squarer one.
  static bool shrink(int& p, int& q) {
    if (p == 1 && q == 1) return false;
    (p >= q ? p : q) -= 1;
    return true;
  }

  bool place_shrinking_diamond(int r, int c, int p, int q) {
    do {
      if (diamond_fits(r, c, p, q)) {
        place_diamond(r, c, p, q);
        return true;
      }
    } while (shrink(p, q));
    return false;
  }

  bool place_shrinking_rectangle(int r, int c, int a, int b) {
    do {
      if (rectangle_fits(r, c, a, b)) {
        place_rectangle(r, c, a, b);
        return true;
      }
    } while (shrink(a, b));
    return false;
  }

  bool diamond_fits(int r, int c, int p, int q) const {
    if (r + p + q > h_) return false;
    for (int i = 0; i < p + q; ++i) {
      const DiamondRow row = diamond_row(c, p, q, i);
      if (row.left < 0 || row.right >= w_) return false;
      for (int col = row.left; col <= row.right; ++col)
        if (!free(r + i, col)) return false;
    }
    return true;
  }

  void place_diamond(int r, int c, int p, int q) {
    for (int i = 0; i < p + q; ++i) {
      const DiamondRow row = diamond_row(c, p, q, i);
      for (int col = row.left; col <= row.right; ++col) {
        const int cell = (r + i) * w_ + col;
        cover_[cell] = kDiamond;
        solution_[cell] = col == row.left    ? row.left_state
                          : col == row.right ? row.right_state
                                             : empty;
      }
    }
  }

  // a rows by b columns, all free, and no edge shared with another rectangle.
  bool rectangle_fits(int r, int c, int a, int b) const {
    if (r + a > h_ || c + b > w_) return false;
    for (int i = r; i < r + a; ++i)
      for (int j = c; j < c + b; ++j)
        if (!free(i, j)) return false;
    auto rectangle_at = [&](int i, int j) {
      return i >= 0 && i < h_ && j >= 0 && j < w_ && cover_[i * w_ + j] == kRectangle;
    };
    for (int j = c; j < c + b; ++j)
      if (rectangle_at(r - 1, j) || rectangle_at(r + a, j)) return false;
    for (int i = r; i < r + a; ++i)
      if (rectangle_at(i, c - 1) || rectangle_at(i, c + b)) return false;
    return true;
  }

  void place_rectangle(int r, int c, int a, int b) {
    for (int i = r; i < r + a; ++i)
      for (int j = c; j < c + b; ++j) {
        cover_[i * w_ + j] = kRectangle;
        solution_[i * w_ + j] = empty;
      }
  }

  // The instance: black cells with their clues, white cells kWhite.
  SolvedGrid finish() const {
    SolvedGrid g;
    g.instance.height = h_;
    g.instance.width = w_;
    g.instance.givens.assign(static_cast<size_t>(h_) * w_, kWhite);
    for (int r = 0; r < h_; ++r)
      for (int c = 0; c < w_; ++c)
        if (cover_[r * w_ + c] == kBlackCell)
          g.instance.givens[r * w_ + c] = triangles_around(r, c);
    g.solution = solution_;
    return g;
  }

  int triangles_around(int r, int c) const {
    auto triangle_at = [&](int i, int j) {
      return i >= 0 && i < h_ && j >= 0 && j < w_ && is_triangle(solution_[i * w_ + j]);
    };
    return triangle_at(r - 1, c) + triangle_at(r + 1, c) + triangle_at(r, c - 1) +
           triangle_at(r, c + 1);
  }

  int h_, w_;
  TilingParams params_;
  uint64_t state_;
  std::vector<int> cover_;
  Solution solution_;
};

}  // namespace

SolvedGrid random_solved_grid(int height, int width, uint64_t seed, const TilingParams& params) {
  if (height < 1 || height > kMaxSide || width < 1 || width > kMaxSide)
    throw std::invalid_argument("shakashaka: a random grid of " + std::to_string(height) + "x" +
                                std::to_string(width) + " is outside 1.." +
                                std::to_string(kMaxSide));
  return Tiler(height, width, seed, params).run();
}

}  // namespace bs::shakashaka
