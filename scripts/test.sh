#!/usr/bin/env bash
# Builds boundsearch in Release (warnings are errors) and runs the whole test suite.
# This is the README's test command, and the first thing .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --with-mpi --with-latex --with-browser
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBOUNDSEARCH_WERROR=ON
cmake --build build -j2
# The optional tools are installed above, so their tests must run here, not skip.
BS_REQUIRE_PDFLATEX=1 BS_REQUIRE_GNUPLOT=1 BS_REQUIRE_CHROMIUM=1 ctest --test-dir build --output-on-failure -j2
