#!/usr/bin/env bash
# Installs every Debian package boundsearch needs, on a fresh Debian 12 machine, as root.
# Idempotent: apt-get skips what is already there. Optional parts:
#   --with-mpi    Open MPI, for `mpirun ... boundsearch run` (the CLI is built with it when found)
#   --with-latex  pdflatex and booktabs, to compile the LaTeX tables of `boundsearch report`
#   --with-browser  headless Chromium and python3, for the test that opens report.html
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  clang-14 libomp-14-dev libclang-rt-14-dev      # second compiler, libFuzzer, sanitizers
  coinor-libcbc-dev coinor-libclp-dev coinor-libosi-dev coinor-libcoinutils-dev
  libeigen3-dev libboost-graph-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcuckoo-dev libtbb-dev                       # the table benchmark's baselines
  libcli11-dev libtomlplusplus-dev nlohmann-json3-dev
  gnuplot-nox
  cadical                                        # the benchmarks' CDCL baseline (--method cadical)
)
for arg in "$@"; do
  case $arg in
    --with-mpi) packages+=(libopenmpi-dev openmpi-bin) ;;
    --with-latex) packages+=(texlive-latex-recommended) ;;
    --with-browser) packages+=(chromium python3) ;;
    *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
  esac
done

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
