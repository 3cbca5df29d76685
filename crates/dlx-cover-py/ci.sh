#!/usr/bin/env bash
# The Python package's CI: a fresh venv, `pip install ./crates/dlx-cover-py` (maturin from
# the registry builds the wheel), pytest, dask[distributed] and mypy (stubtest), then the pytest suite.
# Ray: installed and tested only with DLX_PY_RAY=1. Prints each stage's time.
# Usage (from anywhere): bash crates/dlx-cover-py/ci.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${DLX_PY_VENV:-$(mktemp -d)/venv}"
python="${PYTHON:-python3}"
start=$SECONDS
stage() { echo "ci.sh: [$((SECONDS - start)) s] $*"; }

stage "venv at $venv"
"$python" -m venv "$venv"
pip() { "$venv/bin/python" -m pip --disable-pip-version-check -q "$@"; }
stage "installing the package (maturin builds the wheel; cargo shares $root/target)"
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" pip install "$here"
stage "installing pytest, dask[distributed] and mypy"
pip install pytest "dask[distributed]" mypy
if [ "${DLX_PY_RAY:-0}" = 1 ]; then
  stage "installing ray (DLX_PY_RAY=1)"
  pip install ray
fi
stage "pytest"
cd "$here/tests"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$@"
stage "done"
