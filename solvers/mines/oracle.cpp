// Minesweeper's positions for the rule oracle (tests/rule_oracle_test.cpp): a small board dealt
// at random, with one to three safe cells clicked, so that the analysis with no rules (the exact
// count of layouts) is instant. The answer no rule may change is every cell's probability of a
// mine (rounded to nine digits, as rules decide some cells exactly and the count does the rest),
// and the certain cells.
#include "solvers/mines/oracle.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "puzzles/mines/game.hpp"
#include "puzzles/mines/position.hpp"

namespace bs::mines {

std::string oracle_instance(uint64_t seed, Options&) {
  std::mt19937_64 rng(seed);
  const int width = 4 + static_cast<int>(rng() % 3), height = 4 + static_cast<int>(rng() % 2);
  const int mines = 2 + static_cast<int>(rng() % 5);
  const BoardSpec spec = parse_board_spec(
      std::to_string(width) + "x" + std::to_string(height) + "x" + std::to_string(mines), "sfar",
      "");
  const Layout layout = deal(spec, seed, 0);
  Game game(layout, mines);
  game.reveal(0);  // the first click is safe under sfar
  for (int clicks = static_cast<int>(rng() % 3); clicks > 0; --clicks) {
    const int cell = static_cast<int>(rng() % (width * height));
    if (!layout.mine[cell]) game.reveal(cell);
  }
  return format_position(game.view());
}

std::string oracle_answer(const Result& result) {
  const nlohmann::json analysis = nlohmann::json::parse(result.solution_json);
  std::string answer = to_string(result.status);
  if (!analysis.is_object()) return answer;
  for (const auto& row : analysis.value("probability", nlohmann::json::array()))
    for (const auto& p : row) {
      answer += ' ';
      answer += p.is_number() ? std::to_string(std::llround(p.get<double>() * 1e9)) : "-";
    }
  answer += " mines " + analysis.value("certain_mines", nlohmann::json::array()).dump();
  return answer;
}

}  // namespace bs::mines
