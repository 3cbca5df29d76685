#!/usr/bin/env bash
# CI for the browser page, from a fresh clone on a fresh Debian machine, as root: installs
# what it needs (Debian packages; wasm-bindgen-cli and Selenium into target/), builds
# web/dist and runs the browser test, printing the time of each stage. Exits non-zero on
# any failure. Called by .ci/run.
#
# Cheap on purpose: one apt-get for every package; wasm-bindgen-cli without its TLS
# features, its one binary at opt-level 1. The module is the real one, wasm-opt included
# (about 25 s of CPU), so that build.sh's bound on its gzipped size is checked here. The
# wasm build goes to target/wasm, beside .ci/run's wasm32 build of dlx-sudoku; they share
# no artefacts (this one has +simd128 and LTO, so std is built again), and this one builds
# dlx-sudoku for wasm32 too, with its simd128 path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=web/tools.sh
source "$root/web/tools.sh"
SECONDS=0
stage() { echo "== web [$((SECONDS / 60))m$((SECONDS % 60))s] $*"; }

stage "apt-get: ${web_std_packages[*]} ${web_opt_packages[*]} ${web_test_packages[*]}"
web_apt "${web_std_packages[@]}" "${web_opt_packages[@]}" "${web_test_packages[@]}"
stage "wasm-bindgen-cli $bindgen_version into target/"
web_bindgen
stage "Selenium $selenium_version into target/web-test-venv"
web_venv
stage "the release sudoku-dlx (the test's reference answers and speed)"
(cd "$root" && nice cargo build -j2 --quiet --release --bin sudoku-dlx)
stage "web/build.sh refuses to build without wasm-opt"
if out="$(WASM_OPT=/nonexistent/wasm-opt "$root/web/build.sh" 2>&1)" \
    || [[ "$out" != *"wasm-opt is missing"* ]]; then
    echo "web/build.sh did not refuse a missing wasm-opt: $out" >&2
    exit 1
fi
stage "web/build.sh (dlx-web for wasm32, wasm-bindgen, web/dist)"
CARGO_TARGET_DIR="$root/target/wasm" "$root/web/build.sh"
stage "web/test.sh (headless Chromium)"
"$root/web/test.sh"
stage "web done"
