// Answers checked against known truth, as BenchExec checks expected verdicts.
//
// A solver that is fast but wrong is worse than a slow one, and a table of times cannot show it.
// So an instance may carry the answer it is known to have, and every row of a run on it says
// whether the run's answer agrees:
// - beside the instances: an `answers.toml` in the instance's folder, one entry per file name,
//     "english33_central.txt" = { status = "solved" }
//     "fut_07_count_1m.txt" = { count = 1029312 }
// - in the experiment config: an `[answers]` table of the same shape, keyed by the instance's
//   file name or its path as the config resolved it; it overrides the folder's entry (a
//   planted wrong answer, a known answer for a generated instance).
// An entry gives `status` ("solved": a solution exists, "infeasible": none does), `count` (the
// exact number of solutions; 0 means infeasible, more than 0 means solved) and/or `solution` (a
// file, beside the entry's own file, holding a known solution: the witness that the instance is
// solvable). A known solution is re-checked by the puzzle's verifier when the answers are loaded,
// so a wrong witness is a located input error, never a wrong "correct".
//
// A row of an instance with a known answer carries `expected` (the entry, as JSON, with the file
// and line it came from) and `answer_check`: "correct" when the run's answer agrees, "wrong" when
// it contradicts the known one (a solution for an infeasible instance, a proof of none for a
// solvable one, a complete count that differs, a partial count past the known total), and
// "unknown" when the run gave no answer to compare (a timeout, a memout, an error). A sweep with
// any wrong answer exits with code 5 (apps/boundsearch.cpp).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bs::experiments {

struct ExpectedAnswer {
  std::string status;    // "solved" or "infeasible"; empty when only the count is known
  int64_t count = -1;    // the exact number of solutions; -1 when not known
  std::string source;    // "file:line" of the entry, for messages and the row
  std::string solution;  // a file holding a known solution (it implies status "solved"), or empty
};

// The file a folder's known answers are read from.
inline constexpr const char* kAnswersFile = "answers.toml";

// The puzzle's verifier of a solution file (PuzzleSolver::verify_files): "" when it solves the
// instance, else why not.
using SolutionCheck = std::string (*)(const std::string& instance, const std::string& solution);

// The known answer of each of `instances` that has one (keyed by the instance path as given):
// from the answers.toml of its folder, overridden by the config's `[answers]` table. Reads the
// config file `config_path` again for that table. Throws InputError (file:line:col) on a
// malformed entry, a status and count that disagree, a known solution that `verify` refuses (or
// any known solution when there is no verifier), or a config entry that names no instance.
std::map<std::string, ExpectedAnswer> load_expected_answers(
    const std::string& config_path, const std::vector<std::string>& instances,
    SolutionCheck verify = nullptr);

// The entry as it goes into a row's `expected` field.
nlohmann::json expected_json(const ExpectedAnswer& expected);

// "correct", "wrong" or "unknown": the answer of `row` (its status, and its count and
// count_complete when it counted) against the known one.
std::string check_answer(const ExpectedAnswer& expected, const nlohmann::json& row);

// Adds `expected` and `answer_check` to `row` when its instance has a known answer.
void attach_answer_check(const std::map<std::string, ExpectedAnswer>& answers,
                         const std::string& instance, nlohmann::json& row);

// One line naming a wrong run for the terminal: instance, config, seed, what it answered and
// what was expected.
std::string wrong_answer_line(const nlohmann::json& row);

}  // namespace bs::experiments
