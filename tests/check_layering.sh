#!/usr/bin/env bash
# Dependencies point one way (docs/ARCHITECTURE.md). This test fails when a layer includes one it
# must not know: search/ knows no puzzle, puzzles/ know no search and no CBC, and so on.
set -u
root=${1:-.}
status=0
check() {  # check DIR PATTERN WHY
  local hits
  hits=$(grep -rnE "#include [<\"]($2)" "$root/$1" 2>/dev/null)
  if [[ -n "$hits" ]]; then echo "layering: $1 must not include $2 ($3):"; echo "$hits"; status=1; fi
}
check search     'puzzles/|ilp/|heuristics/|solvers/|experiments/|apps/|Cbc|Osi|Clp|coin/' "search knows no puzzle and no CBC"
check puzzles    'search/|ilp/|heuristics/|solvers/|experiments/|apps/|Cbc|Osi|Clp|coin/' "puzzles know no search and no CBC"
check core       'puzzles/|search/|ilp/|heuristics/|solvers/|experiments/|apps/|Cbc|Osi|Clp|coin/' "core is the bottom layer"
check ilp        'search/|heuristics/|solvers/|experiments/|apps/' "ilp knows CBC and puzzles only"
check heuristics 'solvers/|experiments/|apps/' "rules know no solver"
check solvers    'experiments/|apps/' "solvers know no runner"
[[ $status -eq 0 ]] && echo "layering: ok"
exit $status
