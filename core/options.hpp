// The one table of options.
//
// Every knob of every solver is a row of option_table(): name, type, default, range and help.
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
};

const std::vector<OptionSpec>& option_table();

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

}  // namespace bs
