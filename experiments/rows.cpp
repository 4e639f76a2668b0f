#include "experiments/rows.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace bs::experiments {

namespace fs = std::filesystem;

RowFile::RowFile(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw InputError(path, 0, 0, std::string("cannot open: ") + std::strerror(errno));
  // Cut a half-written tail back to the last newline.
  const off_t size = ::lseek(fd_, 0, SEEK_END);
  off_t keep = size;
  char ch = 0;
  while (keep > 0 && ::pread(fd_, &ch, 1, keep - 1) == 1 && ch != '\n') --keep;
  if (keep != size && ::ftruncate(fd_, keep) != 0)
    throw InputError(path, 0, 0, std::string("cannot truncate: ") + std::strerror(errno));
}

RowFile::~RowFile() {
  if (fd_ >= 0) ::close(fd_);
}

void RowFile::append(const nlohmann::json& row) {
  // Invalid UTF-8 (a stderr tail cut mid-character, a Latin-1 file name) is replaced, not thrown
  // on: a row that cannot be written would stop the sweep at the same run after every resume.
  const std::string line =
      row.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  // One write() for the whole line: O_APPEND makes it land at the end as a unit, and a kill
  // between rows leaves only whole lines. Short writes (a full disk) are reported, not retried
  // in pieces that a concurrent kill could split.
  const ssize_t n = ::write(fd_, line.data(), line.size());
  if (n != static_cast<ssize_t>(line.size()))
    throw std::runtime_error("cannot append a row to " + path_ + ": " +
                             (n < 0 ? std::strerror(errno) : "short write"));
}

std::vector<std::string> row_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".jsonl") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

void for_each_row(const std::string& path,
                  const std::function<void(int line, const nlohmann::json& row)>& visit) {
  const std::string text = read_file(path);
  size_t at = 0;
  for (int line = 1;; ++line) {
    const size_t end = text.find('\n', at);
    if (end == std::string::npos) break;  // the rest, if any, is a half-written line
    const std::string_view body(text.data() + at, end - at);
    at = end + 1;
    if (body.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    nlohmann::json row;
    try {
      row = nlohmann::json::parse(body);
    } catch (const nlohmann::json::parse_error& e) {
      // nlohmann's own "at line 1, column N" would contradict ours; keep its reason, briefly.
      std::string_view why = e.what();
      const size_t colon = why.find(": ", why.find("column "));
      if (colon != std::string_view::npos) why.remove_prefix(colon + 2);
      throw InputError(path, line, static_cast<int>(std::max<size_t>(e.byte, 1)),
                       "malformed JSON: " + std::string(why.substr(0, 120)));
    } catch (const nlohmann::json::exception& e) {
      // Well-formed JSON the library cannot hold, such as a number past the range of a double
      // (found by the record reader's fuzzer); it names no position.
      std::string_view why = e.what();
      if (const size_t tag = why.find("] "); tag != std::string_view::npos)
        why.remove_prefix(tag + 2);
      throw InputError(path, line, 1, "unreadable JSON: " + std::string(why.substr(0, 120)));
    }
    if (!row.is_object()) throw InputError(path, line, 1, "a row must be a JSON object");
    visit(line, row);
  }
}

std::vector<nlohmann::json> read_rows(const std::string& path) {
  std::vector<nlohmann::json> rows;
  for_each_row(path, [&](int line, const nlohmann::json& row) {
    if (!row.contains("key") || !row["key"].is_string())
      throw InputError(path, line, 1, "row without a string \"key\"");
    rows.push_back(row);
  });
  return rows;
}

std::map<std::string, nlohmann::json> recorded_rows(const std::string& dir) {
  std::map<std::string, nlohmann::json> rows;
  for (const auto& f : row_files(dir))
    for (auto& row : read_rows(f)) {
      // The key first: json's operator= takes its argument by value, and the right operand of an
      // assignment is evaluated (here: moved from) before the left.
      std::string key = row["key"].get<std::string>();
      rows[std::move(key)] = std::move(row);
    }
  return rows;
}

size_t merge_shards(const std::string& dir) {
  const std::string merged = (fs::path(dir) / "rows.jsonl").string();
  std::map<std::string, nlohmann::json> baseline_of;  // key -> the baseline of its last row
  if (fs::exists(merged))
    for (const auto& row : read_rows(merged))
      baseline_of[row["key"].get<std::string>()] = row.value("baseline", nlohmann::json());
  std::vector<std::string> shards;
  std::vector<nlohmann::json> fresh;
  for (const auto& f : row_files(dir)) {
    if (fs::path(f).filename().string().rfind("rows.shard-", 0) != 0) continue;
    shards.push_back(f);
    for (auto& row : read_rows(f)) {
      const nlohmann::json baseline = row.value("baseline", nlohmann::json());
      const auto [it, added] = baseline_of.emplace(row["key"].get<std::string>(), baseline);
      if (!added && it->second == baseline) continue;
      it->second = baseline;
      fresh.push_back(std::move(row));
    }
  }
  // A shard file may have been edited by hand: a run_index that is no integer sorts as 0 rather
  // than throwing a type error from value().
  const auto run_index = [](const nlohmann::json& row) -> int64_t {
    const auto it = row.find("run_index");
    return it != row.end() && it->is_number_integer() ? it->get<int64_t>() : 0;
  };
  std::stable_sort(fresh.begin(), fresh.end(),
                   [&](const nlohmann::json& a, const nlohmann::json& b) {
                     return run_index(a) < run_index(b);
                   });
  {
    RowFile out(merged);
    for (const auto& row : fresh) out.append(row);
  }
  // Only now, with every row safe in the merged file, do the shard files go.
  for (const auto& f : shards) fs::remove(f);
  return fresh.size();
}

}  // namespace bs::experiments
