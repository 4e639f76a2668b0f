#include "experiments/config.hpp"

#include <glob.h>
#include <toml++/toml.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <system_error>

#include "core/error.hpp"
#include "heuristics/rule.hpp"
#include "solvers/solver.hpp"

namespace bs::experiments {

namespace {

namespace fs = std::filesystem;

// Every error of a config goes through here, so each names the file, the line and the key.
[[noreturn]] void fail(const Config& c, const toml::source_region& where, const std::string& key,
                       const std::string& why) {
  throw InputError(c.file, static_cast<int>(where.begin.line), static_cast<int>(where.begin.column),
                   "key '" + key + "': " + why);
}

std::string type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    default:
      return "a date or time";
  }
}

std::string get_string(const Config& c, const toml::node& n, const std::string& key) {
  if (auto v = n.value_exact<std::string>()) return *v;
  fail(c, n.source(), key, "expected a string, found " + type_name(n));
}

int64_t get_int(const Config& c, const toml::node& n, const std::string& key, int64_t lo,
                int64_t hi) {
  auto v = n.value_exact<int64_t>();
  if (!v) fail(c, n.source(), key, "expected an integer, found " + type_name(n));
  if (*v < lo || *v > hi)
    fail(c, n.source(), key,
         std::to_string(*v) + " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) +
             "]");
  return *v;
}

double get_real(const Config& c, const toml::node& n, const std::string& key) {
  double v = 0;
  if (auto i = n.value_exact<int64_t>())
    v = static_cast<double>(*i);
  else if (auto d = n.value_exact<double>())
    v = *d;
  else
    fail(c, n.source(), key, "expected a number, found " + type_name(n));
  if (!(v >= 0) || v > 1e9) fail(c, n.source(), key, "expected a number in [0, 1e9]");
  return v;
}

// A scalar option value, written as it would be on the command line.
std::string option_text(const Config& c, const toml::node& n, const std::string& key) {
  if (auto s = n.value_exact<std::string>()) return *s;
  if (auto i = n.value_exact<int64_t>()) return std::to_string(*i);
  if (auto b = n.value_exact<bool>()) return *b ? "true" : "false";
  if (auto d = n.value_exact<double>()) return real_text(*d);
  fail(c, n.source(), key, "expected a string, number or boolean, found " + type_name(n));
}

// Either a scalar or an array of scalars, each read by `one`.
template <class T, class F>
std::vector<T> get_list(const Config& c, const toml::node& n, const std::string& key, F one) {
  std::vector<T> out;
  if (const toml::array* a = n.as_array()) {
    for (const toml::node& e : *a) out.push_back(one(e));
    if (out.empty()) fail(c, n.source(), key, "the list is empty");
  } else {
    out.push_back(one(n));
  }
  return out;
}

// Options that the grid sets per run: a config must use the top-level keys instead.
const char* grid_key_for(std::string_view option) {
  if (option == "threads") return "threads";
  if (option == "seed") return "seeds";
  if (option == "time-limit") return "time_limit";
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> read_overrides(const Config& c,
                                                                const toml::table& t,
                                                                const std::string& where) {
  std::vector<std::pair<std::string, std::string>> out;
  Options probe;  // checks each value against the option table now, not at run time
  for (auto&& [k, v] : t) {
    const std::string name(k.str());
    const std::string key = where + "." + name;
    if (name == "baseline" && where.rfind("configs.", 0) == 0) continue;  // not an option
    if (const char* grid = grid_key_for(name))
      fail(c, k.source(), key,
           "set by the sweep; use the top-level key '" + std::string(grid) + "'");
    const OptionSpec* spec = find_option(name);
    if (!spec) fail(c, k.source(), key, "not an option (see `boundsearch list`)");
    const std::string value = option_text(c, v, key);
    try {
      check_option_scope(*spec, find_puzzle(c.puzzle)->scope(), c.puzzle);
      probe.set(name, value);
      // Rule names are checked now, not at the first run, against this puzzle's rules.
      if (name == "rules") select_rules(find_puzzle(c.puzzle)->rules(), value);
    } catch (const std::invalid_argument& e) {
      fail(c, v.source(), key, e.what());
    }
    out.emplace_back(name, value);
  }
  return out;
}

bool has_glob(const std::string& s) {
  return s.find_first_of("*?[") != std::string::npos;
}

// Whether `path` names a regular file. A name the system refuses (too long, a loop of links, no
// permission) is no file either: the throwing overload would turn a typo into an internal error.
bool is_file(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

std::vector<std::string> resolve_instance(const Config& c, const toml::node& n,
                                          const std::string& pattern) {
  std::vector<std::string> files;
  if (has_glob(pattern)) {
    glob_t g{};
    const int rc = glob(pattern.c_str(), 0, nullptr, &g);
    if (rc == 0)
      for (size_t i = 0; i < g.gl_pathc; ++i)
        if (is_file(g.gl_pathv[i])) files.emplace_back(g.gl_pathv[i]);
    globfree(&g);
    if (files.empty()) fail(c, n.source(), "instances", "'" + pattern + "' matches no file");
  } else {
    if (!is_file(pattern)) fail(c, n.source(), "instances", "no file '" + pattern + "'");
    files.push_back(pattern);
  }
  return files;
}

// A generator's complaint about its spec, at the key it names ("unknown generator key 'sizee'",
// "rows must be an integer ...") when it names one, else at the [[generate]] table.
[[noreturn]] void fail_in_generate(const Config& c, const toml::table& t, const std::string& where,
                                   const std::string& why) {
  for (auto&& [k, v] : t) {
    const std::string key(k.str());
    if (why.find("'" + key + "'") != std::string::npos || why.rfind(key + " ", 0) == 0)
      fail(c, k.source(), where + "." + key, why);
  }
  fail(c, t.source(), where, why);
}

// A [[generate]] table: its keys go to the puzzle's generator; the files land in the output.
std::vector<std::string> generate_instances(const Config& c, const toml::table& t,
                                            const std::string& where) {
  const PuzzleSolver* solver = find_puzzle(c.puzzle);
  if (!solver->generate_instances)
    fail(c, t.source(), where, "puzzle '" + c.puzzle + "' has no instance generator");
  std::vector<std::pair<std::string, std::string>> spec;
  for (auto&& [k, v] : t)
    spec.emplace_back(std::string(k.str()), option_text(c, v, where + "." + std::string(k.str())));
  std::vector<GeneratedInstance> made;
  const auto started = std::chrono::steady_clock::now();
  try {
    made = solver->generate_instances(spec);
  } catch (const std::invalid_argument& e) {
    fail_in_generate(c, t, where, e.what());
  } catch (const InputError& e) {
    fail_in_generate(c, t, where, e.located());
  } catch (const std::runtime_error& e) {  // a generator that found no instance within its tries
    fail_in_generate(c, t, where, e.what());
  }
  // Generating is the one slow part of loading a config, and it is done afresh at each load;
  // a line says where the time went.
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (took > 1.0)
    std::fprintf(stderr, "%s:%d: [[%s]] made %zu instances in %.1f s\n", c.file.c_str(),
                 static_cast<int>(t.source().begin.line), where.c_str(), made.size(), took);
  const fs::path dir = fs::path(c.output) / "instances";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) fail(c, t.source(), where, "cannot make '" + dir.string() + "': " + ec.message());
  std::vector<std::string> files;
  for (const auto& g : made) {
    const fs::path p = dir / (g.name + ".txt");
    // Rewritten only when different, so a resumed sweep sees the very files it started with.
    std::string old;
    if (is_file(p.string())) old = read_file(p.string());
    if (old != g.text) {
      // Written aside and renamed into place, so that a shard or rank reading the file at this
      // moment sees the old text or the new one, never a half.
      const fs::path tmp = p.string() + ".tmp." + std::to_string(::getpid());
      {
        std::ofstream out(tmp, std::ios::binary);
        out << g.text;
        if (!out) throw InputError(p.string(), 0, 0, "cannot write a generated instance");
      }
      std::error_code ec;
      fs::rename(tmp, p, ec);
      if (ec)
        throw InputError(p.string(), 0, 0, "cannot write a generated instance: " + ec.message());
    }
    files.push_back(p.string());
  }
  return files;
}

// Reads every instance with the puzzle's parser: a Futoshiki file given to the peg puzzle is an
// error at its line and column now, not a sweep of error rows that exits as if all was well.
void check_instances_parse(const Config& c) {
  const PuzzleSolver* solver = find_puzzle(c.puzzle);
  if (!solver->read_instance_file) return;
  for (const std::string& file : c.instances) {
    try {
      solver->read_instance_file(file);
    } catch (const InputError& e) {
      throw InputError(
          e.file(), e.line(), e.col(),
          std::string(e.what()) + " (not a " + c.puzzle + " instance; listed by " + c.file + ")");
    }
  }
}

uint64_t fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : s) h = (h ^ ch) * 1099511628211ull;
  return h;
}

// Where the innermost '[' still open at line `line` of a TOML text was opened, or {0, 0}.
// Strings and comments are skipped; a table header opens and closes on its line.
std::pair<int, int> open_bracket_before(std::string_view text, int line) {
  std::vector<std::pair<int, int>> open;
  int at_line = 1, at_col = 1;
  char quote = 0;
  for (size_t i = 0; i < text.size() && at_line <= line; ++i) {
    const char ch = text[i];
    if (quote) {
      if (ch == '\\' && quote == '"') {
        ++i, ++at_col;
      } else if (ch == quote) {
        quote = 0;
      }
    } else if (ch == '#') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (ch == '"' || ch == '\'') {
      quote = ch;
    } else if (ch == '[') {
      open.emplace_back(at_line, at_col);
    } else if (ch == ']' && !open.empty()) {
      open.pop_back();
    }
    if (ch == '\n') {
      ++at_line, at_col = 1;
      if (quote != 0 && i > 0) quote = 0;  // a string left open ends the scan's notion of it
    } else {
      ++at_col;
    }
  }
  return open.empty() ? std::pair{0, 0} : open.back();
}

// A TOML syntax error, at the place to mend: toml++ notices a missing ']' only where the next
// key begins, often lines later, so an array still open there is named at its '['.
[[noreturn]] void syntax_error(const std::string& path, std::string_view text,
                               const toml::parse_error& e) {
  const int line = static_cast<int>(e.source().begin.line);
  const int col = static_cast<int>(e.source().begin.column);
  const auto [open_line, open_col] = open_bracket_before(text, line);
  if (open_line > 0 && open_line < line)
    throw InputError(path, open_line, open_col,
                     "this '[' is not closed (" + std::string(e.description()) + " at line " +
                         std::to_string(line) + ")");
  throw InputError(path, line, col, std::string(e.description()));
}

}  // namespace

Config load_config(const std::string& path) {
  Config c;
  c.file = path;
  toml::table root;
  const std::string text = read_file(path);
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    syntax_error(path, text, e);
  }
  c.name = fs::path(path).stem().string();

  // First pass: every top-level key is known and of the right type. `puzzle` and `output` are
  // read first because generators and option checks need them.
  static const std::set<std::string, std::less<>> known = {
      "name",        "puzzle",  "instances", "generate", "output",     "seeds",
      "repetitions", "threads", "base",      "configs",  "time_limit", "memory_limit_mb",
      "baseline",    "jobs",    "cpu_limit", "answers"};
  for (auto&& [k, v] : root)
    if (!known.count(k.str()))
      fail(c, k.source(), std::string(k.str()),
           "unknown key (known: name, puzzle, instances, "
           "generate, output, seeds, repetitions, threads, time_limit, cpu_limit, memory_limit_mb, "
           "base, configs, baseline, jobs, answers)");

  const toml::node* puzzle = root.get("puzzle");
  if (!puzzle) throw InputError(path, 1, 1, "key 'puzzle': missing");
  c.puzzle = get_string(c, *puzzle, "puzzle");
  if (!find_puzzle(c.puzzle))
    fail(c, puzzle->source(), "puzzle", "unknown puzzle '" + c.puzzle + "'");
  if (const toml::node* n = root.get("name")) c.name = get_string(c, *n, "name");
  if (c.name.empty() || c.name.find_first_of("/\\") != std::string::npos)
    throw InputError(path, 1, 1, "key 'name': must be a non-empty name without slashes");
  c.output = "results/" + c.name;
  if (const toml::node* n = root.get("output")) c.output = get_string(c, *n, "output");

  if (const toml::node* n = root.get("seeds"))
    c.seeds = get_list<int64_t>(
        c, *n, "seeds", [&](const toml::node& e) { return get_int(c, e, "seeds", 0, 1e18); });
  if (const toml::node* n = root.get("seeds"))
    if (std::set<int64_t>(c.seeds.begin(), c.seeds.end()).size() != c.seeds.size())
      fail(c, n->source(), "seeds", "a seed is listed twice (use repetitions to repeat runs)");
  if (const toml::node* n = root.get("repetitions"))
    c.repetitions = static_cast<int>(get_int(c, *n, "repetitions", 1, 1000000));
  if (const toml::node* n = root.get("threads"))
    c.threads = get_list<int>(c, *n, "threads", [&](const toml::node& e) {
      return static_cast<int>(get_int(c, e, "threads", 1, 1024));
    });
  if (const toml::node* n = root.get("threads"))
    if (std::set<int>(c.threads.begin(), c.threads.end()).size() != c.threads.size())
      fail(c, n->source(), "threads", "a thread count is listed twice");
  if (const toml::node* n = root.get("time_limit")) c.time_limit = get_real(c, *n, "time_limit");
  if (const toml::node* n = root.get("cpu_limit")) c.cpu_limit = get_real(c, *n, "cpu_limit");
  if (const toml::node* n = root.get("memory_limit_mb"))
    c.memory_limit_mb = get_int(c, *n, "memory_limit_mb", 0, int64_t{1} << 30);
  if (const toml::node* n = root.get("jobs"))
    c.jobs = static_cast<int>(get_int(c, *n, "jobs", 1, 1024));

  std::vector<std::pair<std::string, std::string>> base;
  if (const toml::node* n = root.get("base")) {
    const toml::table* t = n->as_table();
    if (!t) fail(c, n->source(), "base", "expected a table, found " + type_name(*n));
    base = read_overrides(c, *t, "base");
  }
  if (const toml::node* n = root.get("configs")) {
    const toml::table* t = n->as_table();
    if (!t) fail(c, n->source(), "configs", "expected a table of tables, found " + type_name(*n));
    for (auto&& [k, v] : *t) {
      const std::string name(k.str());
      const toml::table* ct = v.as_table();
      if (!ct) fail(c, v.source(), "configs." + name, "expected a table, found " + type_name(v));
      SolverConfig sc{name, base, ""};
      for (auto& o : read_overrides(c, *ct, "configs." + name)) sc.overrides.push_back(o);
      c.configs.push_back(std::move(sc));
    }
  }
  if (c.configs.empty()) c.configs.push_back({"default", base, ""});

  const auto check_baseline = [&](const toml::node& n, const std::string& key) {
    std::string name = get_string(c, n, key);
    const bool found = std::any_of(c.configs.begin(), c.configs.end(),
                                   [&](const SolverConfig& s) { return s.name == name; });
    if (!found) fail(c, n.source(), key, "no config named '" + name + "'");
    return name;
  };
  if (const toml::node* n = root.get("baseline")) c.baseline = check_baseline(*n, "baseline");
  // A config may name its own baseline: an element of the strong player is measured against the
  // strong player, not against the sweep's baseline.
  if (const toml::table* t = root["configs"].as_table())
    for (auto& sc : c.configs)
      if (const toml::table* ct = (*t)[sc.name].as_table())
        if (const toml::node* n = ct->get("baseline"))
          sc.baseline = check_baseline(*n, "configs." + sc.name + ".baseline");

  std::vector<std::string> files;
  if (const toml::node* n = root.get("instances")) {
    const toml::array* a = n->as_array();
    if (!a) fail(c, n->source(), "instances", "expected an array of files or globs");
    for (const toml::node& e : *a)
      for (auto& f : resolve_instance(c, e, get_string(c, e, "instances"))) files.push_back(f);
  }
  if (const toml::node* n = root.get("generate")) {
    const toml::array* a = n->as_array();
    if (!a || !a->is_array_of_tables())
      fail(c, n->source(), "generate", "expected [[generate]] tables");
    for (const toml::node& e : *a)
      for (auto& f : generate_instances(c, *e.as_table(), "generate")) files.push_back(f);
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  if (files.empty()) {
    const std::string why = "no instances (give instances or [[generate]])";
    if (const toml::node* n = root.get("instances")) fail(c, n->source(), "instances", why);
    throw InputError(path, 1, 1, "key 'instances': " + why);
  }
  c.instances = std::move(files);
  check_instances_parse(c);
  c.expected = load_expected_answers(path, c.instances, find_puzzle(c.puzzle)->verify_files);

  // The grid's size, in 128 bits: each factor is bounded, but not their product.
  const unsigned __int128 runs = static_cast<unsigned __int128>(c.instances.size()) *
                                 c.configs.size() * c.threads.size() * c.seeds.size() *
                                 static_cast<uint64_t>(c.repetitions);
  if (runs > kMaxRuns) {
    const std::string count =
        runs > UINT64_MAX ? "more than 2^64" : std::to_string(static_cast<uint64_t>(runs));
    const std::string what = "the grid has " + count +
                             " runs (instances x configs x threads x seeds x repetitions), "
                             "more than the " +
                             std::to_string(kMaxRuns) + " one config may hold: split the sweep";
    for (const char* key : {"repetitions", "seeds", "threads", "instances"})
      if (const toml::node* n = root.get(key)) fail(c, n->source(), key, what);
    throw InputError(path, 1, 1, what);
  }
  return c;
}

Options RunSpec::options() const {
  Options o = *setting;
  o.set("seed", std::to_string(seed));
  return o;
}

std::string RunSpec::key() const {
  return instance + "|" + config_hash + "|" + std::to_string(seed) + "|" +
         std::to_string(repetition);
}

std::vector<RunSpec> expand_runs(const Config& c) {
  std::vector<RunSpec> runs;
  for (const auto& instance : c.instances)
    for (const auto& sc : c.configs)
      for (int threads : c.threads) {
        auto setting = std::make_shared<Options>();
        Options& options = *setting;
        for (const auto& [k, v] : sc.overrides) options.set(k, v);
        options.set("threads", std::to_string(threads));
        if (c.time_limit > 0) options.set("time-limit", real_text(c.time_limit));
        // The hash names the solver setting, not the seed: seeds and repetitions are separate
        // parts of the key. Limits are in it, since a run under another limit is another run.
        // The config's name is in it too: two configs with the same options are two arms of an
        // experiment (an A/A test, say), and their rows must not share keys.
        std::string text = c.puzzle + "\nconfig=" + sc.name + "\n";
        for (const auto& [k, v] : options.non_default())
          if (k != "seed") text += k + "=" + v + "\n";
        text += "memory_limit_mb=" + std::to_string(c.memory_limit_mb) + "\n";
        // Only when set, so that the configs of before it keep their hashes (and --resume).
        if (c.cpu_limit > 0) text += "cpu_limit=" + real_text(c.cpu_limit) + "\n";
        char hash[17];
        std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(text)));
        for (int64_t seed : c.seeds)
          for (int rep = 0; rep < c.repetitions; ++rep) {
            RunSpec r;
            r.index = runs.size();
            r.instance = instance;
            r.config = &sc;
            r.threads = threads;
            r.seed = seed;
            r.repetition = rep;
            r.config_hash = hash;
            r.setting = setting;
            runs.push_back(std::move(r));
          }
      }
  return runs;
}

}  // namespace bs::experiments
