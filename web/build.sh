#!/usr/bin/env bash
# Builds the browser page into web/dist/: the dlx-web crate for wasm32-unknown-unknown,
# wasm-bindgen's JS glue (--target web), wasm-opt when present, and the static files.
#
# From a fresh clone on a fresh Debian machine: installs what it needs (Debian's rustc-web,
# cargo-web, rust-web-src and lld-19 for the wasm32 std; binaryen for wasm-opt; the
# crates.io wasm-bindgen-cli pinned to the version of the wasm-bindgen crate, into target/).
# With rustup instead: `rustup target add wasm32-unknown-unknown`, then
# `WASM_CARGO=cargo NO_BUILD_STD=1 web/build.sh` (see web/README.md).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist="$root/web/dist"
target="$root/target"
# The one place the version is written: the crate's own pin.
bindgen_version="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$root/crates/dlx-web/Cargo.toml")"
bindgen="$target/wasm-bindgen-cli-$bindgen_version/bin/wasm-bindgen"
wasm_cargo="${WASM_CARGO:-/usr/bin/cargo}"

# Debian packages, installed only when missing (apt-get needs root, as on CI).
need=()
if [ -z "${NO_BUILD_STD:-}" ]; then
    for pkg in rustc-web cargo-web rust-web-src lld-19; do
        dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
    done
fi
command -v wasm-opt >/dev/null 2>&1 || need+=(binaryen)
if [ "${#need[@]}" -gt 0 ]; then
    echo "build.sh: installing ${need[*]}" >&2
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null \
        || echo "build.sh: could not install ${need[*]} (wasm-opt is optional)" >&2
fi

if [ ! -x "$bindgen" ]; then
    echo "build.sh: installing wasm-bindgen-cli $bindgen_version into target/" >&2
    nice cargo install --locked -j2 --quiet wasm-bindgen-cli --version "$bindgen_version" \
        --root "$target/wasm-bindgen-cli-$bindgen_version"
fi

# The wasm itself: Debian's cargo builds std for wasm32 from rust-web-src (build-std needs
# RUSTC_BOOTSTRAP on a stable compiler); lld-19's wasm-ld links. No debug info; one
# codegen unit with LTO, for speed in the page.
echo "build.sh: building crates/dlx-web for wasm32-unknown-unknown" >&2
(
    cd "$root/crates/dlx-web"
    build_std=(-Zbuild-std=std,panic_abort)
    if [ -n "${NO_BUILD_STD:-}" ]; then
        build_std=()
    else
        # Debian's compiler first on PATH, for this step only.
        export PATH="/usr/bin:$PATH" RUSTC_BOOTSTRAP=1
        export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-19/bin/wasm-ld
    fi
    # 128-bit SIMD (every current browser has it): the compiler vectorises the solver's
    # scans of item lengths, 10-20 % faster in Chromium on top1465.
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128" \
        CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
        nice "$wasm_cargo" build -j2 --quiet --release --target wasm32-unknown-unknown \
        "${build_std[@]}"
)

rm -rf "$dist"
mkdir -p "$dist" "$target/web"
# wasm-opt runs on the compiler's output, before wasm-bindgen: binaryen 108 (Debian 12)
# makes the externref table that wasm-bindgen adds ungrowable if it runs after it.
wasm="$target/web/dlx_web.wasm"
cp "$target/wasm32-unknown-unknown/release/dlx_web.wasm" "$wasm"
if command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-simd "$wasm" -o "$wasm.opt" \
        && mv "$wasm.opt" "$wasm" \
        || echo "build.sh: wasm-opt failed; keeping the compiler's output" >&2
fi
"$bindgen" --target web --no-typescript --out-dir "$dist" "$wasm"
cp "$root/web/index.html" "$root/web/style.css" "$root/web/app.js" "$root/web/worker.js" "$dist/"
echo "build.sh: built $dist ($(du -sh "$dist" | cut -f1))" >&2
