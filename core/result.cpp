#include "core/result.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace bs {

const char* to_string(Status s) {
  switch (s) {
    case Status::solved:
      return "solved";
    case Status::infeasible:
      return "infeasible";
    case Status::unknown:
      return "unknown";
  }
  return "?";
}

void Result::count_rule(const std::string& name, uint64_t calls, uint64_t prunes,
                        const uint64_t* nanoseconds, const uint64_t* removed) {
  if (!calls && !prunes && !(nanoseconds && *nanoseconds)) return;
  count("calls_" + name, static_cast<double>(calls));
  count("prunes_" + name, static_cast<double>(prunes));
  if (removed) count("removed_" + name, static_cast<double>(*removed));
  if (nanoseconds) count("seconds_" + name, static_cast<double>(*nanoseconds) * 1e-9);
}

double Result::counter(const std::string& name) const {
  for (const auto& [k, v] : counters)
    if (k == name) return v;
  return 0;
}

namespace {

// The count is past int64: solution_count holds INT64_MAX and only count_text is exact.
bool count_saturated(const Result& r) {
  return !r.count_text.empty() && r.count_text != std::to_string(r.solution_count);
}

}  // namespace

nlohmann::json to_json(const Result& r) {
  nlohmann::json j;
  j["puzzle"] = r.puzzle;
  j["instance"] = r.instance;
  j["status"] = to_string(r.status);
  j["stop_reason"] = to_string(r.stop);
  j[r.solution_key] = nlohmann::json::parse(r.solution_json);
  j["verified"] = r.verified;
  if (r.status == Status::infeasible) {
    j["certificate"] = {{"kind", r.certificate.kind},
                        {"detail", r.certificate.detail},
                        {"data", nlohmann::json::parse(r.certificate.data_json)}};
  } else {
    j["certificate"] = nullptr;
  }
  if (r.solution_count >= 0) {
    if (count_saturated(r))
      j["count"] = r.count_text;
    else
      j["count"] = r.solution_count;
    if (!r.count_text.empty()) j["count_text"] = r.count_text;
    j["count_complete"] = r.count_complete;
  }
  if (!r.hardest_rule.empty()) j["hardest_rule"] = r.hardest_rule;
  if (!r.outcomes.empty()) j["outcomes"] = r.outcomes;
  nlohmann::json stats = nlohmann::json::object();
  for (const auto& [k, v] : r.counters) stats[k] = v;
  j["stats"] = stats;
  nlohmann::json opts = nlohmann::json::object();
  for (const auto& [k, v] : r.options) opts[k] = v;
  j["options"] = opts;
  return j;
}

std::string format_summary(const Result& r) {
  std::ostringstream out;
  size_t width = 12;
  for (const auto& kv : r.counters) width = std::max(width, kv.first.size());
  auto line = [&](const std::string& k, const std::string& v) {
    out << k << std::string(width + 2 - k.size(), ' ') << v << '\n';
  };
  line("status", to_string(r.status));
  line("stop", to_string(r.stop));
  if (r.status == Status::solved) line("verified", r.verified ? "yes" : "NO");
  if (r.status == Status::infeasible)
    line("certificate", r.certificate.kind + ": " + r.certificate.detail);
  if (r.solution_count >= 0)
    line("count", (count_saturated(r) ? r.count_text : std::to_string(r.solution_count)) +
                      (r.count_complete ? " (all)" : " (at least)"));
  if (!r.hardest_rule.empty()) line("hardest rule", r.hardest_rule);
  for (const auto& [k, v] : r.counters) {
    char buf[64];
    if (std::isfinite(v) && std::abs(v) < 1e15 && v == std::trunc(v))
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    else
      std::snprintf(buf, sizeof buf, "%.6g", v);
    line(k, buf);
  }
  return out.str();
}

void settle_count(Result& r) {
  if (r.solution_count < 0 || r.count_complete || !is_limit(r.stop)) return;
  r.status = Status::unknown;
  r.verified = false;
  r.solution_lines.clear();
  r.solution_json = "null";
}

int exit_code(const Result& r) {
  return r.status == Status::unknown ? 1 : 0;
}

}  // namespace bs
