// The analysis-position generator: the recipe is in generate.hpp; this file is its one loop of
// clicks, and the two ways in (the CLI's options and a config's [[generate]] table), which both
// end in generate_text so that a config's file is byte for byte what the CLI prints.
#include "solvers/mines/generate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <tuple>

#include "core/splitmix64.hpp"
#include "solvers/generate_spec.hpp"

namespace bs::mines {

namespace {

// A uniform integer below n, by Lemire's multiply-and-reject: the same on every platform, unlike
// std::uniform_int_distribution (puzzles/mines/game.cpp deals with the same draw).
uint64_t below(uint64_t& state, uint64_t n) {
  for (;;) {
    const unsigned __int128 m = static_cast<unsigned __int128>(splitmix64(state)) * n;
    const uint64_t low = static_cast<uint64_t>(m);
    if (low >= n || low >= (0 - n) % n) return static_cast<uint64_t>(m >> 64);
  }
}

// The cells a click may still land on, drawn uniformly and dropped in O(1) once revealed.
class CellPool {
 public:
  explicit CellPool(int cells) : where_(static_cast<size_t>(cells), -1) {}
  void add(int cell) {
    where_[cell] = static_cast<int>(cells_.size());
    cells_.push_back(cell);
  }
  void drop(int cell) {  // a cell not in the pool is ignored
    const int at = where_[cell];
    if (at < 0) return;
    const int last = cells_.back();
    cells_[at] = last;
    where_[last] = at;
    cells_.pop_back();
    where_[cell] = -1;
  }
  bool empty() const { return cells_.empty(); }
  int draw(uint64_t& state) const { return cells_[below(state, cells_.size())]; }

 private:
  std::vector<int> cells_;
  std::vector<int> where_;  // each cell's index in cells_, -1 when absent
};

// The clicks draw from a splitmix64 stream of their own, started from the seed xored with this
// constant; the deal's stream starts from the seed itself.
constexpr uint64_t kClickStream = 0x6d696e65732d6f70ULL;  // "mines-op"

// "25" for 0.25, "12.5" for 0.125: the percent in a file name, to 1/100 of a percent.
std::string percent_text(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", fraction * 100);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string board_text(const BoardSpec& b) {
  return std::to_string(b.width) + "x" + std::to_string(b.height) + "x" + std::to_string(b.mines);
}

// The recipe in the options (board, first-click, click, open, digits-only, seed).
PositionRecipe recipe_from(const Options& options) {
  PositionRecipe r;
  r.board =
      parse_board_spec(options.text("board"), options.text("first-click"), options.text("click"));
  r.open = options.real("open");
  r.digits_only = options.flag("digits-only");
  r.seed = static_cast<uint64_t>(options.integer("seed"));
  return r;
}

}  // namespace

AnalysisPosition make_analysis_position(const PositionRecipe& recipe) {
  if (!(recipe.open > 0 && recipe.open <= 1))
    throw std::invalid_argument("option --open: the fraction of safe cells open is " +
                                real_text(recipe.open) + ", not in (0, 1]");
  AnalysisPosition out;
  out.layout = deal(recipe.board, recipe.seed, 0);
  const Layout& layout = out.layout;
  const int cells = layout.width * layout.height;
  Game game(layout, recipe.board.mines);
  const Position& view = game.view();
  CellPool pool(cells);
  for (int i = 0; i < cells; ++i) {
    if (layout.mine[i]) continue;
    ++out.safe_cells;
    int digit = 0;
    view.for_neighbours(i, [&](int j) { digit += layout.mine[j]; });
    if (!recipe.digits_only || digit > 0) pool.add(i);
  }
  // The 1e-9 keeps a product such as 0.2 x 380 = 76.00000000000001 from asking for 77 cells.
  out.target = std::max(1, static_cast<int>(std::ceil(recipe.open * out.safe_cells - 1e-9)));
  auto click = [&](int cell) {
    game.reveal(cell);  // never a mine: every click is on a cell of the pool, or the rule's cell
    for (int opened : game.opened()) pool.drop(opened);
    out.revealed += static_cast<int>(game.opened().size());
    ++out.clicks;
  };
  if (!recipe.digits_only) click(recipe.board.click_y * recipe.board.width + recipe.board.click_x);
  uint64_t state = recipe.seed ^ kClickStream;
  while (out.revealed < out.target) {
    if (pool.empty())  // digits-only alone can run out: every safe cell is in a flood's pool
      throw std::runtime_error(
          "generate mines: digits-only clicks can reveal only the " + std::to_string(out.revealed) +
          " safe cells with a nonzero digit on this board (" + board_text(recipe.board) +
          ", seed " + std::to_string(recipe.seed) + "), fewer than the 'open' fraction " +
          real_text(recipe.open) + " asks for (" + std::to_string(out.target) + ")");
    click(pool.draw(state));
  }
  out.position = view;
  return out;
}

std::string generate_text(const Options& options) {
  const PositionRecipe r = recipe_from(options);
  const AnalysisPosition a = make_analysis_position(r);
  // The command that makes this position again: every option the position depends on, the board
  // written out, the rule and click only where they differ from the defaults.
  std::string command = "boundsearch generate mines --board " + board_text(r.board);
  if (r.board.snr) command += " --first-click snr";
  if (!options.text("click").empty()) command += " --click " + options.text("click");
  command += " --open " + real_text(r.open);
  if (r.digits_only) command += " --digits-only";
  command += " --seed " + std::to_string(r.seed);
  char reached[160];
  std::snprintf(reached, sizeof reached,
                "# %d of %d safe cells revealed (%.1f%%) by %d clicks; the layout: game 0 of "
                "`play mines` on this board and seed\n",
                a.revealed, a.safe_cells, 100.0 * a.revealed / a.safe_cells, a.clicks);
  return "# " + command + "\n" + reached + format_position(a.position);
}

std::vector<GeneratedInstance> generate_instances(
    const std::vector<std::pair<std::string, std::string>>& spec) {
  Options options;
  std::string board, width, height, mines;
  bool opened = false;
  int64_t count = 1, first = 1;
  // A value the option table refuses is reported under its generator key, so that the config's
  // error points at that key (experiments/config.cpp looks for the key's name in quotes).
  auto set = [&](const std::string& key, const std::string& value) {
    try {
      options.set(key, value);
    } catch (const std::invalid_argument& e) {
      std::string why = e.what();
      const std::string prefix = "option --" + key + ": ";
      if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
      throw std::invalid_argument("generator key '" + key + "': " + why);
    }
  };
  for (const auto& [k, v] : spec) {
    if (k == "board") {
      board = v;
    } else if (k == "width") {
      width = std::to_string(generator_whole(k, v, 1, 255));
    } else if (k == "height") {
      height = std::to_string(generator_whole(k, v, 1, 255));
    } else if (k == "mines") {
      mines = std::to_string(generator_whole(k, v, 0, 255 * 255));
    } else if (k == "open") {
      set("open", real_text(generator_real(k, v, 0, 1, true, "the fraction of safe cells open")));
      opened = true;
    } else if (k == "digits-only" || k == "first-click" || k == "click") {
      set(k, v);
    } else if (k == "count") {
      count = generator_whole(k, v, 1, kMaxGeneratedCount);
    } else if (k == "seed") {
      first = generator_whole(k, v, 0, kMaxGeneratorSeed);
    } else {
      throw std::invalid_argument("unknown generator key '" + k +
                                  "' (mines knows board, width, height, mines, open, "
                                  "digits-only, first-click, click, count, seed)");
    }
  }
  const bool sized = !width.empty() || !height.empty() || !mines.empty();
  if (!board.empty() && sized)
    throw std::invalid_argument(
        "mines' generator takes board or width, height and mines, not both");
  if (sized && (width.empty() || height.empty() || mines.empty()))
    throw std::invalid_argument("mines' generator needs all of width, height and mines");
  if (board.empty() && !sized)
    throw std::invalid_argument(
        "mines' generator needs a board (expert, WxHxM, ...) or width, height and mines");
  if (!opened) throw std::invalid_argument("mines' generator needs open, a fraction in (0, 1]");
  set("board", sized ? width + "x" + height + "x" + mines : board);
  // A bad board, rule or click fails here, once, rather than on every seed; each in turn, so
  // that the message names the key at fault.
  const std::string board_keys =
      sized ? "generator keys width, height and mines" : "generator key 'board'";
  for (const auto& [keys, rule, click] :
       {std::tuple{board_keys, std::string("sfar"), std::string()},
        std::tuple{std::string("generator key 'first-click'"), options.text("first-click"),
                   std::string()},
        std::tuple{std::string("generator key 'click'"), options.text("first-click"),
                   options.text("click")}}) {
    try {
      (void)parse_board_spec(options.text("board"), rule, click);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(keys + ": " + e.what());
    }
  }
  const PositionRecipe recipe = recipe_from(options);

  std::string stem = "mines-" + board_text(recipe.board);
  if (recipe.board.snr) stem += "-snr";
  if (!options.text("click").empty())
    stem += "-click" + std::to_string(recipe.board.click_x) + "-" +
            std::to_string(recipe.board.click_y);
  stem += "-o" + percent_text(recipe.open);
  if (recipe.digits_only) stem += "-digits";
  // Positions take milliseconds each, even on 100x100 boards: made serially, in seed order.
  std::vector<GeneratedInstance> out;
  out.reserve(static_cast<size_t>(count));
  for (int64_t k = 0; k < count; ++k) {
    const std::string seed = std::to_string(first + k);
    options.set("seed", seed);
    out.push_back({stem + "-s" + seed, generate_text(options)});
  }
  return out;
}

}  // namespace bs::mines
