#include "heuristics/mines/position_system.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace bs::mines {

bool build_position_system(const Position& p, MineSystem& sys, std::vector<int>& cell_of) {
  const int n = p.width * p.height;
  std::vector<int> var_of(static_cast<size_t>(n), -1);
  int flags = 0;
  sys = MineSystem{};
  cell_of.clear();
  for (int i = 0; i < n; ++i) {
    if (p.cells[i] == kUnknown) {
      var_of[i] = static_cast<int>(cell_of.size());
      cell_of.push_back(i);
    }
    flags += p.cells[i] == kFlag;
  }
  sys.vars = static_cast<int>(cell_of.size());
  sys.value.assign(cell_of.size(), -1);
  sys.decided_by.assign(cell_of.size(), -1);
  for (int i = 0; i < n; ++i) {
    if (p.cells[i] < 0) continue;
    Row row;
    row.source = i;
    int flagged = 0;
    p.for_neighbours(i, [&](int j) {
      flagged += p.cells[j] == kFlag;
      if (p.cells[j] == kUnknown) row.vars.push_back(var_of[j]);
    });
    row.target = p.cells[i] - flagged;
    if (row.target < 0 || row.target > static_cast<int>(row.vars.size())) return false;
    if (!row.vars.empty()) sys.rows.push_back(std::move(row));
  }
  if (p.total != MineTotal::exact) return true;
  const int left = p.mines - flags;
  if (left < 0 || left > sys.vars) return false;
  Row all;
  all.vars.resize(cell_of.size());
  std::iota(all.vars.begin(), all.vars.end(), 0);
  all.target = left;
  sys.rows.push_back(std::move(all));
  return true;
}

std::vector<std::vector<int>> interchangeable_groups(const MineSystem& sys) {
  std::vector<std::vector<int>> rows_of(static_cast<size_t>(sys.vars));
  for (size_t r = 0; r < sys.rows.size(); ++r)
    if (sys.rows[r].source >= 0)
      for (int v : sys.rows[r].vars)
        if (sys.value[v] < 0) rows_of[v].push_back(static_cast<int>(r));
  std::map<std::vector<int>, size_t> group_of;  // by the rows that hold the group
  std::vector<std::vector<int>> groups;
  for (int v = 0; v < sys.vars; ++v) {
    if (rows_of[v].empty()) continue;
    const auto [it, added] = group_of.try_emplace(rows_of[v], groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(v);
  }
  return groups;
}

}  // namespace bs::mines
