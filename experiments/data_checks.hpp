// Refusing mixed or partial data.
//
// Rows of two settings pooled under one config name, or a merged sweep with a shard missing,
// make a table that looks fine and is wrong. Both are caught here, before they happen:
// - `--resume` with a changed config: a recorded row whose config (and thread count) is still in
//   the grid but under another config hash was made with other options or limits. Resuming would
//   put its runs and the new ones side by side under one name, so it is refused, naming what
//   changed, unless the user says `--resume-changed`.
// - `--merge` of a grid that is not all there: every run of the grid must have a row in some row
//   file of the output. Otherwise the merge is refused, naming the shards that lack runs, unless
//   the user says `--allow-partial`; then the merge goes ahead and leaves a marker file,
//   <output>/PARTIAL.json ({"grid_runs", "missing_runs", "missing_shards": ["2/4", ...]}),
//   which `boundsearch report` reads to say that its data is partial (a warning on stderr and in
//   every output). A later complete merge removes it.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "experiments/config.hpp"

namespace bs::experiments {

// What changed between the recorded rows of `recorded` and the config as it is now, one
// "config 'x' (threads n): time_limit 2 -> 5" per changed setting; empty when nothing did.
std::vector<std::string> changed_configs(const Config& config,
                                         const std::map<std::string, nlohmann::json>& recorded);

struct MissingRuns {
  size_t grid = 0;                  // runs in the grid
  size_t missing = 0;               // runs with no row in any row file
  int shard_count = 0;              // the split the shard files show (0: none, or several splits)
  std::vector<std::string> shards;  // "i/n" of each shard with missing runs (1-based)
  std::string describe() const;     // one line for a message
};

// The runs of the grid with no row in any row file of the output directory.
MissingRuns find_missing_runs(const Config& config);

// The marker a partial merge leaves in the output directory, and its reading (null: none).
inline constexpr const char* kPartialMarker = "PARTIAL.json";
void write_partial_marker(const std::string& dir, const MissingRuns& missing);
void remove_partial_marker(const std::string& dir);
nlohmann::json read_partial_marker(const std::string& dir);

}  // namespace bs::experiments
