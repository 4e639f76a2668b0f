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
  const std::string line = row.dump() + "\n";
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

std::vector<nlohmann::json> read_rows(const std::string& path) {
  const std::string text = read_file(path);
  std::vector<nlohmann::json> rows;
  size_t at = 0;
  int line = 0;
  while (at < text.size()) {
    ++line;
    const size_t end = text.find('\n', at);
    if (end == std::string::npos) break;  // half-written tail
    const std::string_view body(text.data() + at, end - at);
    at = end + 1;
    if (body.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    nlohmann::json row = nlohmann::json::parse(body, nullptr, false);
    if (row.is_discarded() || !row.is_object())
      throw InputError(path, line, 1, "not a JSON object (a row file holds one per line)");
    if (!row.contains("key") || !row["key"].is_string())
      throw InputError(path, line, 1, "row without a string \"key\"");
    rows.push_back(std::move(row));
  }
  return rows;
}

std::set<std::string> recorded_keys(const std::string& dir) {
  std::set<std::string> keys;
  for (const auto& f : row_files(dir))
    for (const auto& row : read_rows(f)) keys.insert(row["key"].get<std::string>());
  return keys;
}

size_t merge_shards(const std::string& dir) {
  const std::string merged = (fs::path(dir) / "rows.jsonl").string();
  std::set<std::string> keys;
  if (fs::exists(merged))
    for (const auto& row : read_rows(merged)) keys.insert(row["key"].get<std::string>());
  std::vector<std::string> shards;
  std::vector<nlohmann::json> fresh;
  for (const auto& f : row_files(dir)) {
    if (fs::path(f).filename().string().rfind("rows.shard-", 0) != 0) continue;
    shards.push_back(f);
    for (auto& row : read_rows(f))
      if (keys.insert(row["key"].get<std::string>()).second) fresh.push_back(std::move(row));
  }
  std::stable_sort(fresh.begin(), fresh.end(),
                   [](const nlohmann::json& a, const nlohmann::json& b) {
                     return a.value("run_index", 0) < b.value("run_index", 0);
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
