// Refusing mixed or partial data: a resumed sweep whose config changed, a merge with runs
// missing (experiments/data_checks.hpp says why).
#include "experiments/data_checks.hpp"

#include <filesystem>
#include <fstream>
#include <set>

#include "core/error.hpp"
#include "experiments/rows.hpp"

namespace bs::experiments {

namespace {

namespace fs = std::filesystem;

// A config as the grid runs it now: its hash and its options, per (config name, threads).
struct Setting {
  std::string hash;
  nlohmann::json options;
};

std::map<std::pair<std::string, int>, Setting> current_settings(const Config& config) {
  std::map<std::pair<std::string, int>, Setting> now;
  for (const RunSpec& r : expand_runs(config)) {
    Setting& s = now[{r.config->name, r.threads}];
    if (!s.hash.empty()) continue;
    s.hash = r.config_hash;
    s.options = nlohmann::json::object();
    for (const auto& [k, v] : r.options().non_default())
      if (k != "seed") s.options[k] = v;
  }
  return now;
}

std::string text_of(const nlohmann::json& v) {
  return v.is_null() ? "(default)" : v.is_string() ? v.get<std::string>() : v.dump();
}

// "time_limit 2 -> 5; rules a -> b": the settings of a recorded row that differ from now.
std::string differences(const Config& config, const nlohmann::json& row, const Setting& now) {
  std::string out;
  const auto add = [&](const std::string& what, const nlohmann::json& then,
                       const nlohmann::json& is) {
    if (then == is) return;
    out += (out.empty() ? "" : "; ") + what + " " + text_of(then) + " -> " + text_of(is);
  };
  add("puzzle", row.value("puzzle", nlohmann::json()), config.puzzle);
  add("time_limit", row.value("time_limit", nlohmann::json()), config.time_limit);
  add("memory_limit_mb", row.value("memory_limit_mb", nlohmann::json()), config.memory_limit_mb);
  nlohmann::json then = row.value("options", nlohmann::json::object());
  if (then.is_object()) then.erase("seed");
  std::set<std::string> keys;
  for (const auto& [k, v] : then.items()) keys.insert(k);
  for (const auto& [k, v] : now.options.items()) keys.insert(k);
  for (const auto& k : keys) {
    if (k == "time-limit") continue;  // said as time_limit above
    add("option " + k, then.value(k, nlohmann::json()), now.options.value(k, nlohmann::json()));
  }
  return out.empty() ? "its settings (config hash " + row.value("config_hash", std::string("?")) +
                           " -> " + now.hash + ")"
                     : out;
}

// The split the shard files of `dir` show: n of rows.shard-i-of-n.jsonl, 0 when none or mixed.
int shard_split(const std::string& dir) {
  std::set<int> splits;
  for (const auto& f : row_files(dir)) {
    const std::string name = fs::path(f).filename().string();
    const size_t of = name.rfind("-of-");
    if (name.rfind("rows.shard-", 0) != 0 || of == std::string::npos) continue;
    splits.insert(std::atoi(name.c_str() + of + 4));
  }
  return splits.size() == 1 ? *splits.begin() : 0;
}

}  // namespace

std::vector<std::string> changed_configs(const Config& config,
                                         const std::map<std::string, nlohmann::json>& recorded) {
  const auto now = current_settings(config);
  std::set<std::string> changes;  // one line per changed setting, however many rows show it
  for (const auto& [key, row] : recorded) {
    const auto it = now.find({row.value("config", std::string()), row.value("threads", 1)});
    if (it == now.end() || row.value("config_hash", std::string()) == it->second.hash) continue;
    changes.insert("config '" + it->first.first + "' (threads " + std::to_string(it->first.second) +
                   "): " + differences(config, row, it->second));
  }
  return {changes.begin(), changes.end()};
}

std::string MissingRuns::describe() const {
  std::string s =
      std::to_string(missing) + " of the grid's " + std::to_string(grid) + " runs have no row";
  if (!shards.empty()) {
    s += " (missing from shard";
    s += shards.size() > 1 ? "s " : " ";
    for (size_t i = 0; i < shards.size(); ++i) s += (i ? ", " : "") + shards[i];
    s += ")";
  }
  return s;
}

MissingRuns find_missing_runs(const Config& config) {
  MissingRuns m;
  const auto recorded = recorded_rows(config.output);
  m.shard_count = shard_split(config.output);
  std::set<int> shards;
  for (const RunSpec& r : expand_runs(config)) {
    ++m.grid;
    if (recorded.count(r.key())) continue;
    ++m.missing;
    if (m.shard_count > 0) shards.insert(static_cast<int>(r.index % m.shard_count) + 1);
  }
  for (int i : shards) m.shards.push_back(std::to_string(i) + "/" + std::to_string(m.shard_count));
  return m;
}

void write_partial_marker(const std::string& dir, const MissingRuns& m) {
  const nlohmann::json marker = {
      {"grid_runs", m.grid}, {"missing_runs", m.missing}, {"missing_shards", m.shards}};
  const fs::path path = fs::path(dir) / kPartialMarker;
  std::ofstream out(path);
  if (!(out << marker.dump(2) << '\n'))
    throw InputError(path.string(), 0, 0, "cannot write the partial-data marker");
}

void remove_partial_marker(const std::string& dir) {
  std::error_code ec;
  fs::remove(fs::path(dir) / kPartialMarker, ec);
}

nlohmann::json read_partial_marker(const std::string& dir) {
  const fs::path path = fs::path(dir) / kPartialMarker;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return nullptr;
  const nlohmann::json j = nlohmann::json::parse(read_file(path.string()), nullptr, false);
  return j.is_object() ? j : nlohmann::json{{"missing_runs", "?"}};
}

}  // namespace bs::experiments
