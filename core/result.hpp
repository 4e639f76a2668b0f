// What every solver returns.
//
// A Result is the one shape shared by all puzzles, so that the CLI, the experiment runner and
// the report code never learn a puzzle: a status, the solution or the certificate that there is
// none, why the search stopped, and a flat list of named counters in a stable order.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "core/stop_reason.hpp"

namespace bs {

enum class Status { solved, infeasible, unknown };
const char* to_string(Status s);

// Why there is no solution. `kind` names how to re-check it: "position-class", "peg-count",
// "infeasible-ip", "exhaustive-search". `detail` is a one-line human account; `data` holds what
// a checker needs, as a JSON text (kept as text so this header stays light).
struct Certificate {
  std::string kind;
  std::string detail;
  std::string data_json = "{}";
};

struct Result {
  std::string puzzle;
  std::string instance;
  Status status = Status::unknown;
  StopReason stop = StopReason::exhausted;
  std::vector<std::string> solution_lines;  // the solution as the puzzle writes it, one per line
  std::string solution_json = "null";       // the same, as JSON
  std::string solution_key = "solution";    // its key in JSON ("moves" for peg solitaire)
  Certificate certificate;                  // meaningful when status == infeasible
  bool verified = false;                    // an independent verifier accepted the solution
  // Counting runs: how many solutions were found, and whether that is all of them (false when a
  // count limit or another limit stopped the search). -1: not a counting run.
  int64_t solution_count = -1;
  bool count_complete = false;
  // The exact count in decimal, set by counters whose counts may pass 64 bits (Dominosa's
  // component counter); empty otherwise. A count past INT64_MAX leaves solution_count at
  // INT64_MAX, and JSON's "count" is then this string, never the saturated number.
  std::string count_text;
  // The most expensive rule the answer needed, or "search" when rules alone did not decide it:
  // the puzzle's grade, in the manner of Simon Tatham's solvers. Empty where a puzzle has none.
  std::string hardest_rule;
  // Runs over many units (the games of a game set): each unit's success, packed by
  // core/outcomes.hpp, so that two runs on the same units compare paired. Empty where none.
  std::string outcomes;
  std::vector<std::pair<std::string, double>> counters;
  std::vector<std::pair<std::string, std::string>> options;  // non-default options

  void count(const std::string& name, double value) { counters.emplace_back(name, value); }
  // One rule's counters, for a rule that was asked, cut something or took time: calls_NAME,
  // prunes_NAME, seconds_NAME when the rule was timed (`nanoseconds` given: --profile), and
  // removed_NAME, the values it took off, where the solver counts them (`removed` given).
  void count_rule(const std::string& name, uint64_t calls, uint64_t prunes,
                  const uint64_t* nanoseconds, const uint64_t* removed = nullptr);
  double counter(const std::string& name) const;  // 0 when absent
};

nlohmann::json to_json(const Result& r);
// A short aligned summary for terminals: status, stop reason, certificate, counters.
std::string format_summary(const Result& r);

// A count that a time or node limit cut short is no answer, whatever was found before the
// limit: its status becomes unknown (the stop reason stays the limit, and the partial count stays
// in `solution_count` and the "solutions" counter). A count stopped by its own count limit
// (`--limit 2`, having found two) did answer what was asked, and is left alone. Every solver that
// counts calls this last; it is idempotent.
void settle_count(Result& r);

// Exit code of the CLI: 0 answered (solved or infeasible), 1 unknown.
int exit_code(const Result& r);

}  // namespace bs
