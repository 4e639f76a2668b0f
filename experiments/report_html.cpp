// The report as one self-contained HTML page, for reading in a browser and handing on.
//
// One file with nothing to fetch: the style and a small hand-written script are inlined, the
// plots are gnuplot's SVGs inlined as <svg> elements, and every row's raw JSON is in the page, in
// a <details> block that the runs table links to by anchor (#raw-N). So report.html works offline,
// copied anywhere on its own, and a reader can always go from a number to the rows behind it.
// (A string field longer than 4,096 characters, such as the `outcomes` of millions of games, is
// cut there, with a note: the row file keeps it whole.) Every table sorts by a click on a column
// head (numbers as numbers, markers such as T/O after every time) and filters by the words typed
// above it. The page also shows the configs (their
// options and the sweep's config.toml when it lies beside the report) and the machine facts the
// rows carry (host, CPU model, commit, compiler), since a time means little without them.
//
// Test hook: opened as report.html#selftest, the script clicks the runs table's wall-time head
// twice (descending), then filters the runs by the first instance, and writes what it saw into
// <pre id="selftest">, which `chromium --headless --dump-dom` prints (tests/report_html_test.sh).
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/markup.hpp"
#include "experiments/report.hpp"

namespace bs::report {

namespace {

namespace fs = std::filesystem;

constexpr const char* kStyle = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:1200px;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
.alarm{border:2px solid #c00;background:#fee;color:#900;padding:.5em 1em;font-weight:bold}
nav a{margin-right:1em}
table{border-collapse:collapse;margin:.4em 0;font-variant-numeric:tabular-nums}
th,td{padding:.15em .6em;border-bottom:1px solid #e4e4e4;text-align:left;white-space:nowrap}
th{border-bottom:2px solid #888;cursor:pointer;user-select:none;background:#f6f6f6}
th[aria-sort=ascending]::after{content:" \25B2"}th[aria-sort=descending]::after{content:" \25BC"}
td.num{text-align:right}td.best{font-weight:bold}td.wrong{color:#c00;font-weight:bold;background:#fee}
tr:hover td{background:#f3f7ff}
.wrap{overflow-x:auto}.caption{color:#555;font-size:.9em;max-width:60em}
input.filter{margin:.3em 0;padding:.2em .4em;width:20em}
figure{display:inline-block;margin:.5em 1em .5em 0;vertical-align:top}
figcaption{font-size:.85em;color:#555;max-width:640px}
details{margin:.1em 0}details pre{background:#f6f6f6;padding:.5em;overflow-x:auto}
details:target summary{background:#ffd}
dl.facts dt{font-weight:bold;float:left;clear:left;width:9em}dl.facts dd{margin-left:10em}
)";

// Sorting, filtering, opening a row's raw JSON from its anchor, and the test hook.
constexpr const char* kScript = R"(
(function(){
function key(cell,numeric){var t=cell.textContent.replace(/^WRONG /,'');
  if(!numeric)return t;var v=parseFloat(t);return isNaN(v)?Infinity:v;}
function sortBy(th){var table=th.closest('table'),col=th.cellIndex,numeric=th.dataset.numeric=='1';
  var dir=th.getAttribute('aria-sort')=='ascending'?-1:1;
  table.querySelectorAll('th').forEach(function(h){h.removeAttribute('aria-sort');});
  th.setAttribute('aria-sort',dir>0?'ascending':'descending');
  var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
  rows.sort(function(a,b){var x=key(a.cells[col],numeric),y=key(b.cells[col],numeric);
    var c=numeric?(x<y?-1:x>y?1:0):String(x).localeCompare(String(y),undefined,{numeric:true});
    return dir*c;});
  rows.forEach(function(r){body.appendChild(r);});}
function filter(input){var words=input.value.toLowerCase().split(/\s+/).filter(Boolean);
  var table=document.getElementById(input.dataset.table);
  Array.prototype.forEach.call(table.tBodies[0].rows,function(r){var t=r.textContent.toLowerCase();
    r.hidden=!words.every(function(w){return t.indexOf(w)>=0;});});}
function openRaw(){var h=location.hash;if(h.indexOf('#raw-')!=0)return;
  var d=document.getElementById(h.slice(1));if(d){d.open=true;d.scrollIntoView();}}
document.querySelectorAll('th').forEach(function(th){th.addEventListener('click',function(){sortBy(th);});});
document.querySelectorAll('input.filter').forEach(function(i){i.addEventListener('input',function(){filter(i);});});
window.addEventListener('hashchange',openRaw);openRaw();
if(location.hash=='#selftest'){var out=[],table=document.getElementById('table-runs');
  var th=table.querySelector('th[data-column=wall]');th.click();th.click();
  out.push('sorted:'+th.getAttribute('aria-sort'));
  Array.prototype.forEach.call(table.tBodies[0].rows,function(r){out.push('wall '+r.cells[th.cellIndex].textContent);});
  var first=table.tBodies[0].rows[0].cells[1].textContent,input=document.querySelector('input[data-table=table-runs]');
  input.value=first;input.dispatchEvent(new Event('input'));
  var shown=Array.prototype.filter.call(table.tBodies[0].rows,function(r){return !r.hidden;}).length;
  out.push('filter '+first+': '+shown+' of '+table.tBodies[0].rows.length);
  input.value='';input.dispatchEvent(new Event('input'));
  var p=document.createElement('pre');p.id='selftest';p.textContent=out.join('\n');document.body.appendChild(p);}
})();
)";

// A table with a filter box above it. `column_keys` name the columns for the script (data-column);
// in the runs table the last cell of row N is the link to row N's raw JSON.
void write_table(std::ostringstream& html, const Table& t, const std::string& id,
                 const std::vector<std::string>& column_keys = {}) {
  const auto best = best_values(t);
  html << "<input class=filter type=search placeholder='filter rows' data-table='" << id
       << "'>\n<div class=wrap><table id='" << id << "'><thead><tr>";
  for (size_t c = 0; c < t.columns.size(); ++c) {
    html << "<th data-numeric=" << (t.columns[c].numeric ? "1" : "0");
    if (c < column_keys.size()) html << " data-column=" << column_keys[c];
    html << ">" << escape_markup(t.columns[c].title) << "</th>";
  }
  html << "</tr></thead><tbody>\n";
  for (size_t r = 0; r < t.rows.size(); ++r) {
    html << "<tr>";
    for (size_t c = 0; c < t.rows[r].size(); ++c) {
      const std::string& cell = t.rows[r][c];
      std::string classes = t.columns[c].numeric ? "num" : "";
      if (is_best(best, c, cell)) classes += " best";
      if (t.alarms.count({r, c})) classes += " wrong";
      html << "<td" << (classes.empty() ? "" : " class='" + classes + "'") << ">";
      if (c + 1 == t.rows[r].size() && id == "table-runs")
        html << "<a href='#raw-" << r << "'>JSON</a>";
      else
        html << escape_markup(cell);
      html << "</td>";
    }
    html << "</tr>\n";
  }
  html << "</tbody></table></div>\n";
  if (!t.caption.empty()) html << "<p class=caption>" << escape_markup(t.caption) << "</p>\n";
}

// One line per run, in run order: the table a reader filters to find the rows behind a cell.
Table runs_table(const Analysis& a) {
  Table t{"runs", "Runs", "", {}, {}, {}};
  t.columns = {{"#", true},       {"instance"},       {"config"},
               {"threads", true}, {"seed", true},     {"repetition", true},
               {"status"},        {"wall (s)", true}, {"CPU (s)", true}};
  if (a.checked) t.columns.push_back({"answer check"});
  t.columns.push_back({"row"});
  for (size_t i = 0; i < a.rows.size(); ++i) {
    const Row& r = a.rows[i];
    std::vector<std::string> row{std::to_string(i),
                                 r.instance,
                                 r.config,
                                 std::to_string(r.threads),
                                 std::to_string(r.seed),
                                 std::to_string(r.repetition),
                                 r.status,
                                 format_number(r.wall),
                                 r.has_cpu ? format_number(r.cpu) : "\u2013"};
    if (a.checked) {
      if (r.answer_check == "wrong") t.alarms.insert({i, row.size()});
      row.push_back(r.answer_check.empty()      ? "\u2013"
                    : r.answer_check == "wrong" ? "WRONG (expected " + r.expected + ")"
                                                : r.answer_check);
    }
    row.push_back("JSON");
    t.rows.push_back(std::move(row));
  }
  t.caption =
      "Every run, in run order. JSON: the row as the runner wrote it (below, under Raw rows).";
  return t;
}

// The distinct values of the provenance fields over all rows, with how many rows have each.
void write_machine(std::ostringstream& html, const Analysis& a) {
  const char* fields[] = {"host",        "cpu_model",  "git_commit",     "git_dirty",
                          "compiler",    "build_type", "memory_measure", "memory_limit_mb",
                          "cpu_limit_s", "time_limit"};
  std::map<std::string, std::map<std::string, int>> seen;
  for (const Row& r : a.rows) {
    const auto j = nlohmann::json::parse(r.raw, nullptr, false);
    for (const char* f : fields)
      if (j.is_object() && j.contains(f))
        ++seen[f][j[f].is_string() ? j[f].get<std::string>() : j[f].dump()];
  }
  html << "<h2 id=machine>Machine and build</h2>\n<dl class=facts>\n";
  for (const char* f : fields) {
    if (!seen.count(f)) continue;
    html << "<dt>" << f << "</dt><dd>";
    const auto& values = seen[f];
    for (auto it = values.begin(); it != values.end(); ++it) {
      html << (it == values.begin() ? "" : "; ") << escape_markup(it->first);
      if (values.size() > 1) html << " (" << it->second << " rows)";
    }
    html << "</dd>\n";
  }
  html << "</dl>\n";
}

// Each config's options as its first row gives them, and the sweep's config file when the report
// lies in its output folder.
void write_configs(std::ostringstream& html, const Analysis& a, const std::string& out_dir) {
  html << "<h2 id=configs>Configs</h2>\n<dl class=facts>\n";
  std::set<std::string> done;
  for (const Row& r : a.rows) {
    if (!done.insert(r.config).second) continue;
    const auto j = nlohmann::json::parse(r.raw, nullptr, false);
    std::string options = "(defaults)";
    if (j.is_object() && j.contains("options") && !j["options"].empty())
      options = j["options"].dump();
    html << "<dt>" << escape_markup(r.config) << "</dt><dd><code>" << escape_markup(options)
         << "</code>" << (r.baseline ? " baseline " + escape_markup(*r.baseline) : "") << "</dd>\n";
  }
  html << "</dl>\n";
  const fs::path config = fs::path(out_dir).parent_path() / "config.toml";
  std::error_code ec;
  if (fs::is_regular_file(config, ec)) {
    std::ifstream in(config, std::ios::binary);
    const std::string text(std::istreambuf_iterator<char>(in), {});
    html << "<details open><summary>config.toml</summary><pre>" << escape_markup(text)
         << "</pre></details>\n";
  }
}

// Longer strings are cut in the page's raw rows: a run over millions of games records which it
// won as a hex string of megabytes (`outcomes`), which would make the page too big to open.
constexpr size_t kRawStringChars = 4096;

// The row for the page: every field as written, long strings cut with a note of what was left out.
nlohmann::json shortened(nlohmann::json j) {
  for (auto& [key, value] : j.items())
    if (value.is_string() && value.get_ref<const std::string&>().size() > kRawStringChars) {
      const std::string& text = value.get_ref<const std::string&>();
      value = text.substr(0, 64) + "... (" + std::to_string(text.size() - 64) +
              " more characters, in the row file)";
    }
  return j;
}

// gnuplot's SVG without its XML prolog, fit for inlining; empty when there is none.
std::string inline_svg(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return "";
  const std::string text(std::istreambuf_iterator<char>(in), {});
  const size_t start = text.find("<svg");
  return start == std::string::npos ? "" : text.substr(start);
}

}  // namespace

std::string to_html(const Analysis& a, const std::vector<Table>& tables,
                    const std::vector<Plot>& plots, const std::string& out_dir) {
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n"
       << "<meta name=viewport content='width=device-width'>\n"
       << "<title>boundsearch report</title>\n<style>" << kStyle << "</style></head><body>\n"
       << "<h1>boundsearch report: " << a.rows.size() << " runs, " << a.groups.size()
       << " groups</h1>\n";
  if (!a.partial.empty())
    html << "<p class=alarm id=partial>PARTIAL DATA: " << escape_markup(a.partial) << "</p>\n";
  if (a.wrong > 0)
    html << "<p class=alarm id=wrong>" << a.wrong << " WRONG answer" << (a.wrong == 1 ? "" : "s")
         << ": a run's answer contradicts the instance's known one (red below).</p>\n";
  if (!a.contradictions.empty())
    html << "<p class=alarm>Contradictory answers on " << a.contradictions.size()
         << " instance(s): one run found a solution, another proved there is none.</p>\n";
  html << "<nav>";
  for (const auto& t : tables)
    html << "<a href='#" << t.name << "'>" << escape_markup(t.title) << "</a>";
  html << "<a href='#plots'>Plots</a><a href='#runs'>Runs</a><a href='#configs'>Configs</a>"
       << "<a href='#machine'>Machine</a><a href='#raw'>Raw rows</a></nav>\n";
  for (const auto& t : tables) {
    html << "<h2 id='" << t.name << "'>" << escape_markup(t.title) << "</h2>\n";
    write_table(html, t, "table-" + t.name);
  }
  html << "<h2 id=plots>Plots</h2>\n";
  for (const auto& p : plots) {
    const std::string svg = inline_svg(fs::path(out_dir) / (p.name + ".svg"));
    html << "<figure id='plot-" << escape_markup(p.name) << "'>"
         << (svg.empty() ? "<p>(not drawn: gnuplot did not run)</p>" : svg) << "<figcaption>"
         << escape_markup(p.caption) << "</figcaption></figure>\n";
  }
  html << "<h2 id=runs>Runs</h2>\n";
  write_table(
      html, runs_table(a), "table-runs",
      {"index", "instance", "config", "threads", "seed", "repetition", "status", "wall", "cpu"});
  write_configs(html, a, out_dir);
  write_machine(html, a);
  html << "<h2 id=raw>Raw rows</h2>\n";
  for (size_t i = 0; i < a.rows.size(); ++i) {
    const auto j = nlohmann::json::parse(a.rows[i].raw, nullptr, false);
    html << "<details id='raw-" << i << "'><summary>" << i << ": "
         << escape_markup(a.rows[i].instance + " / " + a.rows[i].config) << "</summary><pre>"
         << escape_markup(shortened(j).dump(2)) << "</pre></details>\n";
  }
  html << "<script>" << kScript << "</script>\n</body></html>\n";
  return html.str();
}

}  // namespace bs::report
