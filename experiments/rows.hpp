// Raw rows: one JSON object per run, one line per row, in append-only files.
//
// The rows are the experiment's only record; tables and plots are made from them alone. So a row
// must never be lost, duplicated or half-written, even when the runner is killed with SIGKILL:
// - a row is appended with one write() of the whole line to a file opened O_APPEND, right after
//   its run ends, so that a kill can only lose the run in flight;
// - a line without its final newline can only be the tail of a write that was cut short; it is
//   cut off when the file is opened for appending again (RowFile) and ignored by readers;
// - `--resume` skips every run whose key (instance, config hash, seed, repetition) is already in
//   some row file of the output directory.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bs::experiments {

// An open row file. Opening it removes a half-written last line.
class RowFile {
 public:
  explicit RowFile(const std::string& path);
  ~RowFile();
  RowFile(const RowFile&) = delete;
  RowFile& operator=(const RowFile&) = delete;
  void append(const nlohmann::json& row);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

// Every row file (*.jsonl) of `dir`, sorted by name.
std::vector<std::string> row_files(const std::string& dir);

// Calls `visit(line, row)` for each complete line of a row file, in order. Blank lines and a last
// line without its newline are skipped; a line that is not a JSON object is an InputError at its
// line and column.
void for_each_row(const std::string& path,
                  const std::function<void(int line, const nlohmann::json& row)>& visit);

// The rows of one file, in order; each must have a string "key" (InputError otherwise).
std::vector<nlohmann::json> read_rows(const std::string& path);

// The last row of each key over the row files of `dir`, in sorted name order.
std::map<std::string, nlohmann::json> recorded_rows(const std::string& dir);

// Appends to <dir>/rows.jsonl every row of the shard files <dir>/rows.shard-*.jsonl whose key it
// lacks, or whose baseline differs from its own row's (a resumed sweep relabels a run whose config
// was given another baseline), in run order, then removes the shard files. Returns the number of
// rows added. Called by MPI rank 0 once every rank is done, or by hand (`boundsearch run --merge`)
// after a Slurm array.
size_t merge_shards(const std::string& dir);

}  // namespace bs::experiments
