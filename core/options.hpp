// The one table of options.
//
// Every knob of every solver is a row of option_table(): name, type, default, range, help and
// scope. The global rows live here; each puzzle brings its own rows (solvers/<p>/options.cpp),
// and the puzzle table joins them into this one table.
// The same rows become the CLI flags (apps/), the TOML config keys (experiments/), the text of
// `--help`, and the "non-default options" recorded with each result, so that a knob added here is
// at once settable, documented and recorded. An Options value holds one setting of every row.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace bs {

enum class OptionType { Int, Real, Bool, Text };

struct OptionSpec {
  std::string_view name;  // CLI flag without dashes, and config key
  OptionType type;
  std::string_view fallback;  // default, written as on the command line
  double lo, hi;              // range for Int and Real; ignored otherwise
  std::string_view help;      // one line
  // Who reads it: empty for every puzzle (threads, limits, rules, counting), else one puzzle's
  // option scope. A command or config of another puzzle refuses the option instead of ignoring
  // it, so a misplaced knob never looks as if it had been tried. A row that several puzzles
  // read lists their scopes, comma-separated (solvers/registry.cpp merges them).
  std::string_view scope = {};
};

// The rows every puzzle reads (core/options.cpp).
const std::vector<OptionSpec>& global_option_rows();
// Every row: the global ones, then each puzzle's own. Declared here for Options, and defined by
// the puzzle table (solvers/registry.cpp), the one place that knows the puzzles; so core includes
// no other layer, and there is still one table.
const std::vector<OptionSpec>& option_table();
// Throws std::invalid_argument naming the option and its puzzle when `spec` is scoped to another
// puzzle than `scope`; `puzzle` is the name the user gave.
void check_option_scope(const OptionSpec& spec, std::string_view scope, std::string_view puzzle);

// The shortest text that reads back as exactly `v`: how real options are stored and written.
std::string real_text(double v);
const OptionSpec* find_option(std::string_view name);

class Options {
 public:
  Options();  // every option at its default

  // Parses and range-checks `value` for option `name`; throws std::invalid_argument with a
  // message naming the option and the allowed range.
  void set(std::string_view name, std::string_view value);

  int64_t integer(std::string_view name) const;
  double real(std::string_view name) const;
  bool flag(std::string_view name) const;
  const std::string& text(std::string_view name) const;

  // (name, value) of every option whose value differs from its default, in table order.
  std::vector<std::pair<std::string, std::string>> non_default() const;

 private:
  const std::string& raw(std::string_view name) const;
  std::map<std::string, std::string, std::less<>> values_;
};

// The global rows, typed: what every puzzle's solver reads, filled once from an Options so that
// no solver looks an option up by its name in its own code.
struct CommonOptions {
  int threads = 1;          // as given: 0 means one per core (solvers/measure.hpp resolves it)
  double time_limit = 0;    // seconds of wall time; 0: none
  uint64_t node_limit = 0;  // 0: none
  std::string rules;        // the --rules list, resolved against the puzzle's rules by its solver
  int spawn_depth = 0;
  uint64_t seed = 0;
  bool count = false;    // count solutions instead of finding one
  uint64_t limit = 0;    // counting: stop after this many; 0 counts all
  bool profile = false;  // time each rule call (off by default: it costs two clock reads a call)
  static CommonOptions read(const Options& options);
};

}  // namespace bs
