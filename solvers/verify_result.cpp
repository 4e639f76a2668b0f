// The reading of a `solve --json` result for `boundsearch verify`; see verify_result.hpp.
#include "solvers/verify_result.hpp"

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace bs {

bool is_json_result(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] == '{';
}

namespace {

// The certificate of an infeasible result; a missing one, or one without a string kind, is bad
// input. Only .at() after contains(): on a const json, [] with a missing key is undefined.
Certificate certificate_of(const nlohmann::json& result, const std::string& path) {
  const bool has_kind = result.contains("certificate") && result.at("certificate").is_object() &&
                        result.at("certificate").contains("kind") &&
                        result.at("certificate").at("kind").is_string();
  if (!has_kind)
    throw InputError(path, 1, 1, "an infeasible result needs a certificate with a kind");
  const nlohmann::json& c = result.at("certificate");
  Certificate cert;
  cert.kind = c.at("kind").get<std::string>();
  if (c.contains("data")) cert.data_json = c.at("data").dump();
  return cert;
}

}  // namespace

std::string verify_result(const nlohmann::json& result, const std::string& path,
                          const SolutionCheck& check_solution,
                          const CertificateCheck& check_certificate,
                          const std::string& solution_key) {
  // A status that is no string reads as none: get<std::string>() would throw a type error.
  const std::string status = result.contains("status") && result.at("status").is_string()
                                 ? result.at("status").get<std::string>()
                                 : std::string();
  if (status == "solved")
    return check_solution(result.contains(solution_key) ? result.at(solution_key)
                                                        : nlohmann::json());
  if (status == "infeasible") return check_certificate(certificate_of(result, path));
  throw InputError(path, 1, 1, "status must be \"solved\" or \"infeasible\" to be verified");
}

std::string verify_result_text(const std::string& text, const std::string& path,
                               const SolutionCheck& check_solution,
                               const CertificateCheck& check_certificate,
                               const std::string& solution_key) {
  nlohmann::json result;
  try {
    result = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {  // malformed, or a number past a double
    throw InputError(path, 1, 1, "not valid JSON");
  }
  return verify_result(result, path, check_solution, check_certificate, solution_key);
}

}  // namespace bs
