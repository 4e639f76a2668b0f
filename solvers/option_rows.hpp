// A compact way to write a puzzle's option rows: one call a row, the type in the function's name
// and the puzzle's scope given once, so that a table reads as its names, defaults, ranges and help.
#pragma once

#include <string_view>

#include "core/options.hpp"

namespace bs {

struct OptionRows {
  std::string_view scope;

  OptionSpec text(std::string_view name, std::string_view fallback, std::string_view help) const {
    return {name, OptionType::Text, fallback, 0, 0, help, scope};
  }
  OptionSpec boolean(std::string_view name, std::string_view fallback,
                     std::string_view help) const {
    return {name, OptionType::Bool, fallback, 0, 0, help, scope};
  }
  OptionSpec integer(std::string_view name, std::string_view fallback, double lo, double hi,
                     std::string_view help) const {
    return {name, OptionType::Int, fallback, lo, hi, help, scope};
  }
  OptionSpec real(std::string_view name, std::string_view fallback, double lo, double hi,
                  std::string_view help) const {
    return {name, OptionType::Real, fallback, lo, hi, help, scope};
  }
};

}  // namespace bs
