#!/usr/bin/env bash
# Build Fairy-Stockfish, the engine the computer opponent plays Empire Chess with, from the
# source the pyffish source package on PyPI carries (its whole src/), as a plain UCI engine:
# every src/**/*.cpp but the Python and JavaScript bindings, with the defines pyffish's
# setup.py uses. It is GPL and runs as a separate process. Needs g++ and the venv's pip.
#   scripts/build-fairy-stockfish.sh VERSION OUTPUT
set -euo pipefail
version=$1 output=$2
pip=${PIP:-.venv/bin/pip}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$pip" download -q --no-deps --no-binary :all: "pyffish==$version" -d "$work" 2>/dev/null
tar xzf "$work/pyffish-$version.tar.gz" -C "$work"
src="$work/pyffish-$version/src"
flags="-std=c++17 -O3 -DNDEBUG -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF -DIS_64BIT -pthread -w"
mkdir -p "$work/obj" "$(dirname "$output")"
find "$src" -name '*.cpp' ! -name pyffish.cpp ! -name ffishjs.cpp -print0 |
  xargs -0 -P "$(nproc)" -I{} sh -c 'g++ '"$flags"' -c "$1" -o "$2/$(echo "$1" | tr / _).o"' _ {} "$work/obj"
g++ -pthread "$work"/obj/*.o -o "$work/fairy-stockfish"
mv "$work/fairy-stockfish" "$output"
echo "Built Fairy-Stockfish $version (pyffish $version's source) at $output"
