#!/usr/bin/env bash
# The HTML report as a reader sees it: `boundsearch report` on a small hand-made sweep (two
# configs, three instances, two seeds, one planted wrong answer, a PARTIAL marker), then headless
# Chromium opens report/report.html from a copy that lies alone in an empty folder (so nothing
# beside it can help), takes a screenshot that must not be blank, and dumps the DOM after the
# page's own test hook (#selftest) has clicked the wall-time head twice and filtered the runs.
#
# Then the same for the README's demo (experiments/configs/demo.toml with a 1 s limit instead of
# 10 s, about 5 s on 2 cores, its output in the scratch folder): a real sweep's page renders, with
# its summary table, and its runs sort.
#
# Usage: report_html_test.sh BOUNDSEARCH_BINARY SOURCE_DIR
# Skips (exit 77) when chromium is not installed, unless BS_REQUIRE_CHROMIUM=1 demands it
# (scripts/test.sh, and so CI, install it and set that).
set -euo pipefail
cli=$1
source_dir=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
  if [[ ${BS_REQUIRE_CHROMIUM:-} == 1 ]]; then
    echo "FAIL: chromium is not on PATH and BS_REQUIRE_CHROMIUM=1" >&2
    exit 1
  fi
  echo "SKIP: chromium is not installed (scripts/install-deps.sh --with-browser installs it)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; echo "(kept in $work.kept)" >&2; cp -r "$work" "$work.kept"; exit 1; }

# Rows as the runner writes them, with the answer-check fields. fast/i2 seed 2 is the planted
# wrong answer; walls differ so that the sort order is known: 0.5 0.8 1.5 2.5 3 4 7 7 (two
# timeouts at the 7 s limit) ... sorted descending by the page.
mkdir -p "$work/rows"
row() { # instance config seed status wall cpu check
  local expected=',"expected":{"status":"solved"},"answer_check":"'$7'"'
  [[ $7 == none ]] && expected=''
  printf '{"key":"%s|%s|%s","instance":"%s","config":"%s","config_hash":"%s","baseline":"plain","seed":%s,"repetition":0,"threads":1,"status":"%s","wall_seconds":%s,"cpu_seconds":%s,"time_limit":7,"host":"testhost","cpu_model":"Test CPU","git_commit":"abc123","stats":{"nodes":10}%s}\n' \
    "$1" "$2" "$3" "$1" "$2" "$2" "$3" "$4" "$5" "$6" "$expected"
}
{
  row i1 plain 1 solved 1.5 1.4 correct
  row i1 plain 2 solved 2.5 2.4 correct
  row i2 plain 1 timeout 7 6.9 unknown
  row i2 plain 2 timeout 7 6.9 unknown
  row i3 plain 1 infeasible 3 2.9 none
  row i1 fast 1 solved 0.5 0.9 correct
  row i2 fast 1 solved 0.8 1.5 correct
  row i2 fast 2 infeasible 4 7.9 wrong
} >"$work/rows/rows.jsonl"
echo "shard 2 of 2 missing" >"$work/rows/PARTIAL"
set +e
"$cli" report "$work/rows" >"$work/report.out" 2>"$work/report.err"
code=$?
set -e
[[ $code == 5 ]] || fail "report exited $code, not 5 (a wrong answer): $(cat "$work/report.err")"
grep -q "PARTIAL DATA" "$work/report.out" || fail "the summary does not say the data are partial"

# The page alone in a folder of its own: no CDN, no file beside it.
mkdir "$work/alone"
cp "$work/rows/report/report.html" "$work/alone/"
page="file://$work/alone/report.html"
for forbidden in 'src="http' "src='http" 'href="http' "href='http" '<link '; do
  if grep -q "$forbidden" "$work/alone/report.html"; then fail "the page fetches something: $forbidden"; fi
done

# --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
flags=(--headless --disable-gpu --no-sandbox --hide-scrollbars
       --user-data-dir="$work/profile" --no-first-run --disable-extensions)
timeout 60 "$browser" "${flags[@]}" --window-size=1280,1400 --screenshot="$work/shot.png" "$page" \
  >"$work/shot.log" 2>&1 || fail "chromium could not take the screenshot: $(tail -3 "$work/shot.log")"
[[ -s $work/shot.png ]] || fail "no screenshot"
cat >"$work/nonblank.py" <<'EOF'
# Decodes the PNG (8-bit RGB or RGBA, not interlaced, as Chromium writes it) and counts the pixels
# that are not near-white; a rendered report has tables and text, a blank page has none. With a
# second argument N, at least N pixels must be red too (a wrong answer's cell).
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat = 8, b''
while pos < len(data):
    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b'IHDR':
        width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
    elif kind == b'IDAT':
        idat += body
    pos += 12 + length
assert depth == 8 and colour in (2, 6) and interlace == 0, 'unexpected PNG format'
bpp = 3 if colour == 2 else 4
raw, stride = zlib.decompress(idat), width * bpp
prev, rows, p = bytearray(stride), [], 0
for _ in range(height):
    ftype, line = raw[p], bytearray(raw[p + 1:p + 1 + stride])
    p += 1 + stride
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if ftype == 1: line[i] = (line[i] + a) & 255
        elif ftype == 2: line[i] = (line[i] + b) & 255
        elif ftype == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif ftype == 4:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
dark = sum(1 for line in rows for i in range(0, stride, bpp) if min(line[i:i + 3]) < 200)
red = sum(1 for line in rows for i in range(0, stride, bpp)
          if line[i] > 150 and line[i + 1] < 80 and line[i + 2] < 80)
print(f'{width}x{height}: {dark} non-white pixels, {red} red')
min_red = int(sys.argv[2]) if len(sys.argv) > 2 else 0
sys.exit(0 if dark > 0.01 * width * height and red >= min_red else 1)
EOF
python3 "$work/nonblank.py" "$work/shot.png" 50 || fail "the screenshot is blank, or shows no red"

timeout 60 "$browser" "${flags[@]}" --dump-dom "$page#selftest" >"$work/dom.html" 2>"$work/dom.log" ||
  fail "chromium could not dump the DOM: $(tail -3 "$work/dom.log")"
grep -q "<table id=\"table-summary\"" "$work/dom.html" || fail "no summary table in the DOM"
grep -q "PARTIAL DATA" "$work/dom.html" || fail "no partial-data warning in the page"
grep -q 'class="num wrong"' "$work/dom.html" || fail "the wrong answer is not marked"
selftest=$(sed -n '/<pre id="selftest">/,/<\/pre>/p' "$work/dom.html")
[[ -n $selftest ]] || fail "the page's test hook did not run"
echo "$selftest"
grep -q "sorted:descending" <<<"$selftest" || fail "the wall-time column did not sort"
walls=$(grep -o 'wall [0-9.]*' <<<"$selftest" | cut -d' ' -f2 | tr '\n' ' ')
[[ $walls == "7.00 7.00 4.00 3.00 2.50 1.50 0.800 0.500 " ]] || fail "wall order after sorting: $walls"
grep -q "filter i2: 4 of 8" <<<"$selftest" || fail "filtering by i2 did not leave its 4 runs"
echo "hand-made rows: report.html renders, sorts and filters"

# The demo, as the README's first command runs it, with a 1 s limit instead of 10 s.
sed -e "s|^output = .*|output = \"$work/demo\"|" -e "s|^time_limit = .*|time_limit = 1.0|" \
  "$source_dir/experiments/configs/demo.toml" >"$work/demo.toml"
(cd "$source_dir" && "$cli" run "$work/demo.toml" --progress quiet >"$work/demo.out" 2>"$work/demo.err") ||
  fail "the demo sweep failed: $(tail -3 "$work/demo.err")"
demo="$work/demo/report/report.html"
timeout 60 "$browser" "${flags[@]}" --window-size=1280,1000 --screenshot="$work/demo.png" \
  "file://$demo" >"$work/demo-shot.log" 2>&1 || fail "chromium could not take the demo's screenshot"
python3 "$work/nonblank.py" "$work/demo.png" || fail "the demo's screenshot is blank"
timeout 60 "$browser" "${flags[@]}" --dump-dom "file://$demo#selftest" >"$work/demo-dom.html" \
  2>"$work/demo-dom.log" || fail "chromium could not dump the demo's DOM"
grep -q "<table id=\"table-summary\"" "$work/demo-dom.html" || fail "no summary table in the demo's page"
grep -q "<td>plain</td>" "$work/demo-dom.html" || fail "the demo's page has no row of config plain"
selftest=$(sed -n '/<pre id="selftest">/,/<\/pre>/p' "$work/demo-dom.html")
grep -q "sorted:descending" <<<"$selftest" || fail "the demo's wall-time column did not sort"
walls=$(grep -o 'wall [0-9.]*' <<<"$selftest" | cut -d' ' -f2)
[[ $(wc -l <<<"$walls") == 32 ]] || fail "the demo's runs table does not have its 32 runs"
[[ $walls == "$(sort -g -r <<<"$walls")" ]] || fail "the demo's runs are not in descending wall time"
echo "PASS: report.html renders (screenshots not blank), sorts and filters, for hand-made rows and the demo"
