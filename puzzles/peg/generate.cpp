#include "puzzles/peg/generate.hpp"

#include <charconv>
#include <filesystem>
#include <stdexcept>

#include "puzzles/peg/format.hpp"

namespace bs::peg {

std::vector<std::pair<std::string, std::string>> vacancy_pairs(const Board& board,
                                                               const std::string& stem) {
  std::vector<std::pair<std::string, std::string>> out;
  const int n = board.holes();
  auto where = [&](int h) {
    return std::to_string(board.row_of(h)) + "-" + std::to_string(board.col_of(h));
  };
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      Instance in;
      in.board = board;
      in.start.assign(n, 1);
      in.start[a] = 0;
      in.final.assign(n, 0);
      in.final[b] = 1;
      const std::string name = stem + "_v" + where(a) + "_f" + where(b);
      out.emplace_back(name, "# " + name + ": vacancy at " + where(a) + ", one peg at " + where(b) +
                                 "\n" + format_instance(in));
    }
  return out;
}

namespace {

int positive(const std::string& key, const std::string& v) {
  int x = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size() || x < 1 || x > 64)
    throw std::invalid_argument(key + " must be an integer in [1, 64], not '" + v + "'");
  return x;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> generate_from_spec(
    const std::vector<std::pair<std::string, std::string>>& spec) {
  std::string kind, board_file, stem;
  int rows = 0, cols = 0;
  for (const auto& [k, v] : spec) {
    if (k == "kind")
      kind = v;
    else if (k == "board")
      board_file = v;
    else if (k == "rows")
      rows = positive(k, v);
    else if (k == "cols")
      cols = positive(k, v);
    else if (k == "name")
      stem = v;
    else
      throw std::invalid_argument("unknown generator key '" + k +
                                  "' (peg knows kind, board, rows, cols, name)");
  }
  if (kind != "pairs")
    throw std::invalid_argument("unknown generator kind '" + kind + "' (peg knows: pairs)");
  Board board;
  if (!board_file.empty()) {
    if (rows || cols) throw std::invalid_argument("give either board or rows and cols, not both");
    board = read_instance(board_file).board;
    if (stem.empty()) stem = std::filesystem::path(board_file).stem().string();
  } else {
    if (!rows || !cols) throw std::invalid_argument("give board, or rows and cols");
    if (rows * cols > kMaxHoles)
      throw std::invalid_argument("a rectangle of more than " + std::to_string(kMaxHoles) +
                                  " holes");
    board = Board(rows, cols, std::vector<uint8_t>(rows * cols, 1));
    if (stem.empty()) stem = "rect" + std::to_string(rows) + "x" + std::to_string(cols);
  }
  if (stem.find_first_of("/\\") != std::string::npos)
    throw std::invalid_argument("name must not contain slashes");
  return vacancy_pairs(board, stem);
}

}  // namespace bs::peg
