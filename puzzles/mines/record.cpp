#include "puzzles/mines/record.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace bs::mines {

namespace {

nlohmann::json cells_json(const std::vector<std::pair<int, int>>& cells) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [x, y] : cells) out.push_back({x, y});
  return out;
}

}  // namespace

std::string record_line(const RecordedGame& g) {
  nlohmann::json guesses = nlohmann::json::array();
  for (const RecordedGuess& q : g.guesses)
    guesses.push_back({{"x", q.x},
                       {"y", q.y},
                       {"risk", q.risk},
                       {"why", q.why},
                       {"log10_layouts", q.log10_layouts}});
  return nlohmann::json{{"game", g.game},
                        {"seed", g.seed},
                        {"board", g.board},
                        {"width", g.width},
                        {"height", g.height},
                        {"mines", cells_json(g.mines)},
                        {"clicks", cells_json(g.clicks)},
                        {"guesses", guesses},
                        {"won", g.won}}
      .dump();
}

namespace {

class RecordReader {
 public:
  RecordReader(const nlohmann::json& j, const std::string& path, int line)
      : j_(j), path_(path), line_(line) {}

  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(path_, line_, 1, message);
  }
  const nlohmann::json* find(const char* key) const {
    const auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }
  std::vector<std::pair<int, int>> cells(const nlohmann::json& list, const char* key) const {
    std::vector<std::pair<int, int>> out;
    for (const nlohmann::json& c : list) {
      if (!c.is_array() || c.size() != 2 || !c[0].is_number_integer() || !c[1].is_number_integer())
        fail(std::string("'") + key + "' must be a list of [x, y] pairs of whole numbers");
      out.emplace_back(c[0].get<int>(), c[1].get<int>());
    }
    return out;
  }
  std::vector<RecordedGuess> guesses(const nlohmann::json& list) const {
    std::vector<RecordedGuess> out;
    for (const nlohmann::json& q : list) {
      if (!q.is_object()) fail("'guesses' must be a list of objects");
      RecordedGuess g;
      g.x = q.value("x", 0);
      g.y = q.value("y", 0);
      g.risk = q.value("risk", 0.0);
      g.why = q.value("why", std::string());
      g.log10_layouts = q.value("log10_layouts", 0.0);
      out.push_back(g);
    }
    return out;
  }

 private:
  const nlohmann::json& j_;
  const std::string& path_;
  int line_;
};

}  // namespace

RecordedGame read_record(const nlohmann::json& j, const std::string& path, int line) {
  const RecordReader r(j, path, line);
  if (!j.is_object()) r.fail("a game record is a JSON object (a `play mines --record` file?)");
  const auto *game = r.find("game"), *won = r.find("won"), *board = r.find("board"),
             *mines = r.find("mines");
  if (!game || !game->is_number_unsigned())
    r.fail("a game record needs 'game', a whole number >= 0 (a `play mines --record` file?)");
  if (!won || !won->is_boolean()) r.fail("a game record needs 'won', true or false");
  if (!board || !board->is_string()) r.fail("a game record needs 'board', a string");
  if (!mines || !mines->is_array()) r.fail("a game record needs 'mines', a list");
  const auto index = game->get<uint64_t>();
  if (index > static_cast<uint64_t>(INT64_MAX)) r.fail("'game' is too large");
  RecordedGame g;
  g.game = static_cast<int64_t>(index);
  g.won = won->get<bool>();
  g.board = board->get<std::string>();
  g.mines = r.cells(*mines, "mines");
  if (const auto* seed = r.find("seed"); seed && seed->is_number_unsigned())
    g.seed = seed->get<uint64_t>();
  if (const auto* w = r.find("width"); w && w->is_number_integer()) g.width = w->get<int>();
  if (const auto* h = r.find("height"); h && h->is_number_integer()) g.height = h->get<int>();
  if (const auto* clicks = r.find("clicks"); clicks && clicks->is_array())
    g.clicks = r.cells(*clicks, "clicks");
  if (const auto* guesses = r.find("guesses"); guesses && guesses->is_array())
    g.guesses = r.guesses(*guesses);
  return g;
}

}  // namespace bs::mines
