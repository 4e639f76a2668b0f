#include "core/options.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace bs {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

const std::vector<OptionSpec>& global_option_rows() {
  static const std::vector<OptionSpec> rows = {
      {"threads", OptionType::Int, "1", 0, 1024, "worker threads; 0 means one per core"},
      {"time-limit", OptionType::Real, "0", 0, kInf, "wall-clock limit in seconds; 0 means none"},
      {"node-limit", OptionType::Int, "0", 0, 9e18,
       "search node limit over all threads; 0 means none"},
      {"rules", OptionType::Text, "default", 0, 0,
       "pruning rules: 'default', 'none', or a list like position-class,jump-bounds,-pagoda"},
      {"spawn-depth", OptionType::Int, "0", 0, 12,
       "parallel DFS: levels expanded serially into the first tasks (0: the threads share the "
       "tree only by handing over untried moves when one runs dry)"},
      {"seed", OptionType::Int, "0", 0, 9e18, "random seed, for puzzles and rules that use one"},
      {"count", OptionType::Bool, "false", 0, 0,
       "count solutions instead of finding one (the `count` command sets it)"},
      {"limit", OptionType::Int, "0", 0, 9e18,
       "counting: stop after this many solutions (2 proves uniqueness); 0 counts all"},
      {"profile", OptionType::Bool, "false", 0, 0,
       "time every rule call and report seconds_<rule> (two clock reads a call; a probing "
       "rule's time includes the propagation inside its probes)"},
  };
  return rows;
}

std::string real_text(double v) {
  char buf[64];
  const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, ec == std::errc() ? p : buf);
}

void check_option_scope(const OptionSpec& spec, std::string_view scope, std::string_view puzzle) {
  if (spec.scope.empty()) return;
  // A row shared by several puzzles lists their scopes: "futoshiki,dominosa".
  for (size_t at = 0; at <= spec.scope.size();) {
    size_t end = spec.scope.find(',', at);
    if (end == std::string_view::npos) end = spec.scope.size();
    if (spec.scope.substr(at, end - at) == scope) return;
    at = end + 1;
  }
  std::string owners(spec.scope);
  for (size_t comma; (comma = owners.find(',')) != std::string::npos;)
    owners.replace(comma, 1, " or ");
  throw std::invalid_argument("option --" + std::string(spec.name) + " is a " + owners +
                              " option; the " + std::string(puzzle) + " puzzle does not read it");
}

const OptionSpec* find_option(std::string_view name) {
  for (const auto& spec : option_table())
    if (spec.name == name) return &spec;
  return nullptr;
}

namespace {

std::string normalise(const OptionSpec& spec, std::string_view value) {
  const std::string name(spec.name);
  auto range_error = [&](const std::string& why) {
    return std::invalid_argument("option --" + name + ": " + why);
  };
  switch (spec.type) {
    case OptionType::Int: {
      int64_t v = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (ec != std::errc() || p != value.data() + value.size())
        throw range_error("'" + std::string(value) + "' is not an integer");
      if (v < spec.lo || static_cast<double>(v) > spec.hi)
        throw range_error(std::to_string(v) + " is outside [" + std::to_string((int64_t)spec.lo) +
                          ", " + std::to_string((int64_t)spec.hi) + "]");
      return std::to_string(v);
    }
    case OptionType::Real: {
      std::string s(value);
      char* end = nullptr;
      errno = 0;
      const double v = std::strtod(s.c_str(), &end);
      if (s.empty() || end != s.c_str() + s.size() || std::isnan(v))
        throw range_error("'" + s + "' is not a number");
      if (errno == ERANGE || std::isinf(v) || v < spec.lo || v > spec.hi)
        throw range_error(s + " is out of range");
      // Stored in the shortest form that reads back exactly, so "5.0" and "5" are one value.
      return real_text(v);
    }
    case OptionType::Bool:
      if (value == "1" || value == "true" || value == "on") return "true";
      if (value == "0" || value == "false" || value == "off") return "false";
      throw range_error("'" + std::string(value) + "' is not true or false");
    case OptionType::Text:
      return std::string(value);
  }
  return std::string(value);
}

}  // namespace

Options::Options() {
  for (const auto& spec : option_table()) values_[std::string(spec.name)] = spec.fallback;
}

void Options::set(std::string_view name, std::string_view value) {
  const OptionSpec* spec = find_option(name);
  if (!spec) throw std::invalid_argument("unknown option '" + std::string(name) + "'");
  values_[std::string(name)] = normalise(*spec, value);
}

const std::string& Options::raw(std::string_view name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("no option named " + std::string(name));
  return it->second;
}

int64_t Options::integer(std::string_view name) const {
  return std::stoll(raw(name));
}
double Options::real(std::string_view name) const {
  return std::stod(raw(name));
}
bool Options::flag(std::string_view name) const {
  return raw(name) == "true";
}
const std::string& Options::text(std::string_view name) const {
  return raw(name);
}

std::vector<std::pair<std::string, std::string>> Options::non_default() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& spec : option_table()) {
    const std::string& v = raw(spec.name);
    if (v != normalise(spec, spec.fallback)) out.emplace_back(std::string(spec.name), v);
  }
  return out;
}

CommonOptions CommonOptions::read(const Options& o) {
  CommonOptions c;
  c.threads = static_cast<int>(o.integer("threads"));
  c.time_limit = o.real("time-limit");
  c.node_limit = static_cast<uint64_t>(o.integer("node-limit"));
  c.rules = o.text("rules");
  c.spawn_depth = static_cast<int>(o.integer("spawn-depth"));
  c.seed = static_cast<uint64_t>(o.integer("seed"));
  c.count = o.flag("count");
  c.limit = static_cast<uint64_t>(o.integer("limit"));
  c.profile = o.flag("profile");
  return c;
}

}  // namespace bs
