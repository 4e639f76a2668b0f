#!/usr/bin/env bash
# Dependencies point one way (docs/ARCHITECTURE.md). This test fails when a layer includes one it
# must not know: search/ and propagation/ know no puzzle, puzzles/ know no search and no CBC, and
# so on. propagation/ sits on search/ (it adapts a model to the DFS), never the other way.
set -u
root=${1:-.}
status=0
check() {  # check DIR PATTERN WHY
  local hits
  hits=$(grep -rnE "#include [<\"]($2)" "$root/$1" 2>/dev/null)
  if [[ -n "$hits" ]]; then echo "layering: $1 must not include $2 ($3):"; echo "$hits"; status=1; fi
}
check search     'puzzles/|propagation/|ilp/|heuristics/|solvers/|experiments/|apps/|Cbc|Osi|Clp|coin/' "search knows no puzzle and no CBC"
check propagation 'puzzles/|ilp/|heuristics/|solvers/|experiments/|apps/|Cbc|Osi|Clp|coin/' "the propagation core knows no puzzle and no CBC; it may use search/"
check puzzles    'search/|propagation/|ilp/|heuristics/|solvers/|experiments/|apps/|Cbc|Osi|Clp|coin/' "puzzles know no search and no CBC"
check core       'puzzles/|search/|propagation/|ilp/|heuristics/|solvers/|experiments/|apps/|Cbc|Osi|Clp|coin/' "core is the bottom layer"
check ilp        'search/|heuristics/|solvers/|experiments/|apps/' "ilp knows CBC and puzzles only"
check heuristics 'solvers/|experiments/|apps/' "rules know no solver"
check solvers    'experiments/|apps/' "solvers know no runner"
[[ $status -eq 0 ]] && echo "layering: ok"
exit $status
