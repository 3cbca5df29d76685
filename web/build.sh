#!/usr/bin/env bash
# Builds the browser page into web/dist/: the dlx-web crate for wasm32-unknown-unknown,
# wasm-bindgen's JS glue (--target web), wasm-opt when present, and the static files.
#
# From a fresh clone on a fresh Debian machine: installs what it needs (Debian's rustc-web,
# cargo-web, rust-web-src and lld-19 for the wasm32 std; binaryen for wasm-opt; the
# crates.io wasm-bindgen-cli pinned to the version of the wasm-bindgen crate, into target/),
# waiting for apt's locks when another apt runs. It fails when wasm-opt is missing or
# fails (NO_WASM_OPT=1 skips it on purpose) and when the gzipped module is over 300 KB.
# With rustup instead: `rustup target add wasm32-unknown-unknown`, then
# `WASM_CARGO=cargo NO_BUILD_STD=1 web/build.sh` (see web/README.md).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=web/tools.sh
source "$root/web/tools.sh"
dist="$root/web/dist"
# Where cargo puts the wasm: CARGO_TARGET_DIR when set (ci.sh gives one of its own).
cargo_target="${CARGO_TARGET_DIR:-$root/target}"
wasm_cargo="${WASM_CARGO:-/usr/bin/cargo}"

[ -n "${NO_BUILD_STD:-}" ] || web_apt "${web_std_packages[@]}"
[ -n "${NO_WASM_OPT:-}" ] || web_apt "${web_opt_packages[@]}"
# WASM_OPT names another wasm-opt (ci.sh checks the refusal with a missing one).
wasm_opt="${WASM_OPT:-wasm-opt}"
if [ -z "${NO_WASM_OPT:-}" ] && ! command -v "$wasm_opt" >/dev/null 2>&1; then
    echo "build.sh: $wasm_opt is missing (install binaryen, or set NO_WASM_OPT=1)" >&2
    exit 1
fi
web_bindgen

# The wasm itself: Debian's cargo builds std for wasm32 from rust-web-src (build-std needs
# RUSTC_BOOTSTRAP on a stable compiler); lld-19's wasm-ld links. No debug info; one
# codegen unit with LTO, for speed in the page.
echo "build.sh: building crates/dlx-web for wasm32-unknown-unknown" >&2
(
    cd "$root/crates/dlx-web"
    build_std=(-Zbuild-std=std,panic_abort)
    # A panic traps at once where std is built here (see below); a prebuilt std keeps its
    # panic messages.
    immediate_abort="-Zunstable-options -Cpanic=immediate-abort"
    if [ -n "${NO_BUILD_STD:-}" ]; then
        build_std=()
        immediate_abort=""
    else
        # Debian's compiler first on PATH, for this step only.
        export PATH="/usr/bin:$PATH" RUSTC_BOOTSTRAP=1
        export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-19/bin/wasm-ld
    fi
    # 128-bit SIMD (every current browser has it): the compiler vectorises the solver's
    # scans of item lengths, 10-20 % faster in Chromium on top1465. Optimised for size
    # (opt-level s), and a panic traps at once (-Cpanic=immediate-abort: no message
    # formatting in the module; the library's entry points do not panic on any input, and a
    # trap in the worker is reported by the page). With Sudoku Explainer's nested chains
    # the module gzipped was about 282 KB this way, against 310 KB with panic messages and
    # 349 KB at opt-level 3; with SE's last level and the ladder on cell sets it is 307,050
    # bytes, just under the bound of 300 KiB; opt-level z (284 KB) made the page 2.1× the
    # CLI on top1465 (docs/benchmarks.md, "In the browser"). With memo for multiplicities
    # and a faster SE rater it came to 311 KB: the exact-cover engine (dlx-cover, not the
    # Sudoku solver's loop, which is dlx-sudoku's) is built at opt-level z, 3.9 KB less,
    # and wasm-opt runs at -Os below, 1.6 KB less.
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128 $immediate_abort" \
        CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_PROFILE_RELEASE_OPT_LEVEL=s \
        nice "$wasm_cargo" build -j2 --quiet --release --target wasm32-unknown-unknown \
        --config 'profile.release.package.dlx-cover.opt-level="z"' "${build_std[@]}"
)

rm -rf "$dist"
mkdir -p "$dist" "$root/target/web"
# wasm-opt runs on the compiler's output, before wasm-bindgen: binaryen 108 (Debian 12)
# makes the externref table that wasm-bindgen adds ungrowable if it runs after it.
wasm="$root/target/web/dlx_web.wasm"
cp "$cargo_target/wasm32-unknown-unknown/release/dlx_web.wasm" "$wasm"
# NO_WASM_OPT=1 skips it (see ci.sh).
if [ -z "${NO_WASM_OPT:-}" ]; then
    "$wasm_opt" -Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-simd "$wasm" -o "$wasm.opt"
    mv "$wasm.opt" "$wasm"
fi
"$bindgen" --target web --no-typescript --out-dir "$dist" "$wasm"
for file in "${web_files[@]}"; do
    cp "$root/web/$file" "$dist/"
done
# The service worker's cache is named after this build: a new build replaces the old cache.
version="$(cat "$dist"/* | sha256sum | cut -c1-16)"
sed -i "s/^const VERSION = \"dev\";/const VERSION = \"$version\";/" "$dist/sw.js"
gz="$(gzip -9 -c "$dist/dlx_web_bg.wasm" | wc -c)"
echo "build.sh: dlx_web_bg.wasm is $(wc -c <"$dist/dlx_web_bg.wasm") bytes, $gz gzipped" >&2
if [ "$gz" -gt "$max_wasm_gz" ]; then
    echo "build.sh: the gzipped module ($gz bytes) is over $max_wasm_gz bytes" >&2
    exit 1
fi
echo "build.sh: built $dist ($(du -sh "$dist" | cut -f1))" >&2
