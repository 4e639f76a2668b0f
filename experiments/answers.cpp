// Known answers: read from answers.toml files and the config's [answers] table, and compared
// with each row (experiments/answers.hpp says what counts as correct and wrong).
#include "experiments/answers.hpp"

#include <toml++/toml.h>

#include <filesystem>
#include <set>

#include "core/error.hpp"
#include "solvers/verify_result.hpp"

namespace bs::experiments {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& file, const toml::source_region& where,
                       const std::string& why) {
  throw InputError(file, static_cast<int>(where.begin.line), static_cast<int>(where.begin.column),
                   why);
}

toml::table parse_toml(const std::string& path) {
  try {
    return toml::parse(read_file(path), path);
  } catch (const toml::parse_error& e) {
    throw InputError(path, static_cast<int>(e.source().begin.line),
                     static_cast<int>(e.source().begin.column), std::string(e.description()));
  }
}

// One entry: `{ status = "solved" }`, `{ count = 1 }`, `{ solution = "x.sol" }`, or several.
ExpectedAnswer read_entry(const std::string& file, const std::string& name, const toml::node& n) {
  const toml::table* t = n.as_table();
  if (!t)
    fail(file, n.source(),
         "answer of '" + name +
             "': expected a table like { status = "
             "\"solved\" } or { count = 1 }");
  ExpectedAnswer a;
  a.source = file + ":" + std::to_string(n.source().begin.line);
  for (auto&& [k, v] : *t) {
    const std::string key(k.str());
    if (key == "status") {
      const auto s = v.value_exact<std::string>();
      if (!s || (*s != "solved" && *s != "infeasible"))
        fail(file, v.source(),
             "answer of '" + name + "': status must be \"solved\" or \"infeasible\"");
      a.status = *s;
    } else if (key == "count") {
      const auto c = v.value_exact<int64_t>();
      if (!c || *c < 0)
        fail(file, v.source(), "answer of '" + name + "': count must be an integer >= 0");
      a.count = *c;
    } else if (key == "solution") {
      const auto f = v.value_exact<std::string>();
      if (!f || f->empty())
        fail(file, v.source(), "answer of '" + name + "': solution must be a file name");
      a.solution = (fs::path(file).parent_path() / *f).string();
    } else {
      fail(file, k.source(),
           "answer of '" + name + "': unknown key '" + key + "' (known: status, count, solution)");
    }
  }
  if (a.status.empty() && a.count < 0 && a.solution.empty())
    fail(file, n.source(), "answer of '" + name + "': give status, count or solution");
  if (!a.solution.empty() && (a.status == "infeasible" || a.count == 0))
    fail(file, n.source(), "answer of '" + name + "': a known solution, yet no solution expected");
  if (!a.solution.empty() && a.status.empty()) a.status = "solved";
  if (!a.status.empty() && a.count >= 0 && (a.status == "solved") != (a.count > 0))
    fail(file, n.source(),
         "answer of '" + name + "': status " + a.status + " and count " + std::to_string(a.count) +
             " contradict each other");
  return a;
}

// A known solution must solve its instance: the puzzle's verifier re-checks the witness before
// any run is measured against it.
void check_witness(const ExpectedAnswer& a, const std::string& instance, SolutionCheck verify,
                   const std::string& file, const toml::source_region& where) {
  if (a.solution.empty()) return;
  if (!verify) fail(file, where, "known solution " + a.solution + ": this puzzle cannot check one");
  std::string why;
  try {
    why = verify(instance, a.solution);
  } catch (const CheckUnfinished& e) {  // a certificate whose re-check did not finish
    fail(file, where, "known solution " + a.solution + " could not be checked: " + e.what());
  }
  if (!why.empty())
    fail(file, where, "known solution " + a.solution + " does not solve " + instance + ": " + why);
}

// The answers.toml of each folder that holds an instance, for the instances it names.
void read_folder_answers(const std::vector<std::string>& instances, SolutionCheck verify,
                         std::map<std::string, ExpectedAnswer>& out) {
  std::map<fs::path, std::vector<std::string>> by_folder;
  for (const auto& i : instances) by_folder[fs::path(i).parent_path()].push_back(i);
  for (const auto& [folder, files] : by_folder) {
    const fs::path answers = folder / kAnswersFile;
    std::error_code ec;
    if (!fs::is_regular_file(answers, ec)) continue;
    const std::string path = answers.string();
    const toml::table root = parse_toml(path);
    for (auto&& [k, v] : root) {
      const std::string name(k.str());
      if (!fs::is_regular_file(folder / name, ec))
        fail(path, k.source(), "answer for '" + name + "': no such file in " + folder.string());
      const ExpectedAnswer a = read_entry(path, name, v);
      for (const auto& i : files)
        if (fs::path(i).filename() == name) {
          check_witness(a, i, verify, path, v.source());
          out[i] = a;
        }
    }
  }
}

// The config's [answers] table: keys are instance paths or file names.
void read_config_answers(const std::string& config_path, const std::vector<std::string>& instances,
                         SolutionCheck verify, std::map<std::string, ExpectedAnswer>& out) {
  const toml::table root = parse_toml(config_path);
  const toml::node* node = root.get("answers");
  if (!node) return;
  const toml::table* table = node->as_table();
  if (!table) fail(config_path, node->source(), "key 'answers': expected a table");
  for (auto&& [k, v] : *table) {
    const std::string name(k.str());
    const ExpectedAnswer a = read_entry(config_path, name, v);
    bool matched = false;
    for (const auto& i : instances)
      if (i == name || fs::path(i).filename() == name) {
        check_witness(a, i, verify, config_path, v.source());
        out[i] = a;
        matched = true;
      }
    if (!matched)
      fail(config_path, k.source(), "key 'answers." + name + "': names no instance of the config");
  }
}

}  // namespace

std::map<std::string, ExpectedAnswer> load_expected_answers(
    const std::string& config_path, const std::vector<std::string>& instances,
    SolutionCheck verify) {
  std::map<std::string, ExpectedAnswer> out;
  read_folder_answers(instances, verify, out);
  read_config_answers(config_path, instances, verify, out);
  return out;
}

nlohmann::json expected_json(const ExpectedAnswer& a) {
  nlohmann::json j = nlohmann::json::object();
  if (!a.status.empty()) j["status"] = a.status;
  if (a.count >= 0) j["count"] = a.count;
  if (!a.solution.empty()) j["solution"] = a.solution;
  j["source"] = a.source;
  return j;
}

std::string check_answer(const ExpectedAnswer& expected, const nlohmann::json& row) {
  const std::string status = row.value("status", "");
  if (status != "solved" && status != "infeasible") return "unknown";
  const bool solvable = !expected.status.empty() ? expected.status == "solved" : expected.count > 0;
  if ((status == "solved") != solvable) return "wrong";
  const auto count = row.find("count");
  // A count past int64 is written as a decimal string (core/result.hpp): above any known count,
  // so a complete one is not it and a partial one has passed it.
  if (expected.count >= 0 && count != row.end() && count->is_string()) return "wrong";
  if (expected.count >= 0 && count != row.end() && count->is_number_integer()) {
    const int64_t found = count->get<int64_t>();
    const bool complete = row.value("count_complete", false);
    // A complete count must be the known one; a partial one ("at least") must not pass it.
    if (complete ? found != expected.count : found > expected.count) return "wrong";
  }
  return "correct";
}

void attach_answer_check(const std::map<std::string, ExpectedAnswer>& answers,
                         const std::string& instance, nlohmann::json& row) {
  const auto known = answers.find(instance);
  if (known == answers.end()) return;
  row["expected"] = expected_json(known->second);
  row["answer_check"] = check_answer(known->second, row);
}

std::string wrong_answer_line(const nlohmann::json& row) {
  std::string answered = row.value("status", "?");
  if (row.contains("count") && row["count"].is_number_integer())
    answered += ", count " + std::to_string(row["count"].get<int64_t>()) +
                (row.value("count_complete", false) ? "" : " (at least)");
  const nlohmann::json& e = row.contains("expected") ? row["expected"] : nlohmann::json::object();
  std::string known = e.value("status", "");
  if (e.contains("count"))
    known += (known.empty() ? "" : ", ") + std::string("count ") + e["count"].dump();
  return "wrong answer: " + row.value("instance_path", row.value("instance", "?")) + " config " +
         row.value("config", "?") + " seed " + row.value("seed", nlohmann::json(0)).dump() +
         " repetition " + row.value("repetition", nlohmann::json(0)).dump() + ": answered " +
         answered + ", known " + known + " (" + e.value("source", "?") + ")";
}

}  // namespace bs::experiments
