// The checking of a `solve --json` result that `boundsearch verify` is given, shared by the
// puzzles whose results say "solved" with a solution or "infeasible" with a certificate.
//
// Every such puzzle read the result the same way and said the same things about a malformed
// one: JSON or not, its status, the certificate's kind. That reading lives here; what is the
// puzzle's own stays with it, as two callbacks: how to check a solution of its instance (read
// from the result's solution value), and how to re-check a certificate by a second method.
// Whether a file is a JSON result at all (is_json_result) is also decided here, so that every
// puzzle tells a result from its own solution format by the same rule.
#pragma once

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <stdexcept>
#include <string>

#include "core/result.hpp"

namespace bs {

// Thrown by a check whose second method could not finish (a time limit, a solver that gave up):
// the certificate is neither confirmed nor refuted. `boundsearch verify` answers "unchecked",
// with an exit code of its own, never "wrong". what() says which method stopped and why.
class CheckUnfinished : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A solved result's solution value (null when the result has none): "" when it solves the
// puzzle's instance, else why not; an InputError when the value is not shaped like a solution.
using SolutionCheck = std::function<std::string(const nlohmann::json& solution)>;
// An infeasible result's certificate (its kind, and its data as JSON text, "{}" when it has
// none): "" when a second method confirms there is no solution, else why not; CheckUnfinished
// when that method could not finish.
using CertificateCheck = std::function<std::string(const Certificate& certificate)>;

// True when the text's first non-blank character is '{': a JSON result, not a solution file.
bool is_json_result(const std::string& text);

// Checks a parsed result from `path`: status "solved" by check_solution on the value under
// solution_key, "infeasible" by check_certificate. Returns their verdict ("" when it holds).
// Throws InputError at path:1:1 on any other status ("unknown" included: there is nothing to
// check) and on an infeasible result without a certificate with a string kind. A check's
// CheckUnfinished passes through.
std::string verify_result(const nlohmann::json& result, const std::string& path,
                          const SolutionCheck& check_solution,
                          const CertificateCheck& check_certificate,
                          const std::string& solution_key = "solution");

// The text of a result file: parsed (InputError "not valid JSON" at path:1:1 when it is not, a
// number past a double included), then checked as verify_result does.
std::string verify_result_text(const std::string& text, const std::string& path,
                               const SolutionCheck& check_solution,
                               const CertificateCheck& check_certificate,
                               const std::string& solution_key = "solution");

}  // namespace bs
