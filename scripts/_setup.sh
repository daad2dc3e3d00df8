#!/usr/bin/env bash
# shellcheck shell=bash
# Shared setup for scripts/*: sourced, not run. Provides
#   L2V_ROOT            absolute path of the repository
#   l2v_ensure_deps     installs the Debian packages the build and tests need (no-op when present)
#   l2v_ensure_packages installs the named Debian packages the same way (L2V_PACKAGING_PACKAGES, say)
#   l2v_find_swift      puts `swift` on PATH (PATH, else /opt/swift/usr/bin), sets SWIFT
#   l2v_build_release   builds .build/release/lottie2video unless it is newer than Sources/ and Package.swift
#   l2v_release_binary  path of that binary
# Everything it prints goes to stderr, so a caller's stdout carries only the tool's results.
set -euo pipefail

# Resolve symlinks so the scripts work when linked from elsewhere (e.g. ~/bin).
L2V_ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
export L2V_ROOT

# Debian packages: FFmpeg's, Cairo's (with fontconfig and FreeType, which find and draw fonts), libzip's and zlib's
# headers for the system-library targets (libzip and zlib read dotLottie archives and .tgs stickers), pkg-config to
# find them,
# the ffmpeg/ffprobe binaries (tests probe our output; benchmarks pipe into it), and a font for text layers.
# Text shaping: HarfBuzz, fribidi (right-to-left text) and ICU (line breaking); fonts: Liberation (stand-ins that
# measure like Helvetica/Arial, Times and Courier), Noto (most scripts; CJK) and Noto Color Emoji. The shaping tests
# compare with references drawn by hb-view (libharfbuzz-bin) and headless Chromium.
L2V_APT_PACKAGES=(
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libavfilter-dev
  libcairo2-dev libfontconfig-dev libfreetype-dev libzip-dev zlib1g-dev pkg-config ffmpeg fonts-dejavu-core
  libharfbuzz-dev libfribidi-dev libicu-dev fonts-liberation fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
  libharfbuzz-bin chromium python3-venv
)
# python3-venv: deploy/validate-manifests installs its schema validator from PyPI into a virtual environment.
# What scripts/package and scripts/package-test need besides (installed by them, as root, when missing): lintian
# checks the package, mmdebstrap makes the clean Debian 12 root.
L2V_PACKAGING_PACKAGES=(lintian mmdebstrap)

l2v_log() { printf '%s\n' "$*" >&2; }
l2v_die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# Packages of L2V_APT_PACKAGES that are not installed, one per line. One dpkg-query call for all of
# them keeps the common (nothing missing) path to a few milliseconds.
l2v_missing_packages() {
  local -A installed=()
  local pkg status
  # dpkg-query exits non-zero when a package is unknown to dpkg; that package is simply "missing".
  while IFS=$'\t' read -r pkg status; do
    [[ $status == "install ok installed" ]] && installed[$pkg]=1
  done < <(dpkg-query -W -f='${Package}\t${Status}\n' "${L2V_APT_PACKAGES[@]}" 2>/dev/null || true)
  for pkg in "${L2V_APT_PACKAGES[@]}"; do
    [[ -n ${installed[$pkg]:-} ]] || printf '%s\n' "$pkg"
  done
}

l2v_ensure_deps() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    # Not Debian-like: we cannot check, so say what is needed and let the build report what fails.
    l2v_log "warning: dpkg-query not found; make sure these (or your system's equivalents) are installed: ${L2V_APT_PACKAGES[*]}"
    return 0
  fi
  local missing=()
  mapfile -t missing < <(l2v_missing_packages)
  ((${#missing[@]} == 0)) && return 0

  local -a sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      l2v_die "missing system packages: ${missing[*]} (not root and no sudo; install them with: apt-get install ${missing[*]})"
    fi
  fi
  l2v_log "installing missing system packages: ${missing[*]}"
  # apt output goes to stderr: stdout belongs to the caller's results.
  ${sudo[@]+"${sudo[@]}"} apt-get update >&2 ||
    l2v_die "apt-get update failed; needed packages: ${missing[*]}"
  ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}" >&2 ||
    l2v_die "apt-get install failed for: ${missing[*]}"
  mapfile -t missing < <(l2v_missing_packages)
  ((${#missing[@]} == 0)) || l2v_die "still missing after apt-get install: ${missing[*]}"
}

# l2v_ensure_packages NAME...: l2v_ensure_deps for these packages instead of L2V_APT_PACKAGES.
l2v_ensure_packages() {
  local -a L2V_APT_PACKAGES=("$@") # dynamic scope: l2v_missing_packages reads this list
  l2v_ensure_deps
}

l2v_find_swift() {
  if [[ -n ${SWIFT:-} && -x ${SWIFT} ]]; then
    return 0
  fi
  if command -v swift >/dev/null 2>&1; then
    SWIFT="$(command -v swift)"
  elif [[ -x /opt/swift/usr/bin/swift ]]; then
    # Login shells get /opt/swift on PATH, CI and some shells do not. swift-build and friends live
    # beside it, so put the whole directory on PATH for the tools swift itself spawns.
    export PATH="/opt/swift/usr/bin:$PATH"
    SWIFT=/opt/swift/usr/bin/swift
  else
    l2v_die "swift not found on PATH nor at /opt/swift/usr/bin/swift; install a Swift 6 toolchain"
  fi
  export SWIFT
}

l2v_release_binary() { printf '%s\n' "$L2V_ROOT/.build/release/lottie2video"; }

# True (0) when the release binary exists and nothing in Sources/ or Package.swift is newer than it.
# Directories count too: removing or adding a file bumps its folder's mtime.
l2v_release_is_fresh() {
  local bin
  bin="$(l2v_release_binary)"
  [[ -x $bin ]] || return 1
  local newer
  newer="$(find "$L2V_ROOT/Sources" "$L2V_ROOT/Package.swift" -newer "$bin" -print -quit 2>/dev/null)"
  [[ -z $newer ]]
}

l2v_build_release() {
  l2v_release_is_fresh && return 0
  l2v_find_swift
  local log="$L2V_ROOT/.build/l2v-release-build.log"
  mkdir -p "$L2V_ROOT/.build"
  local stamp="$L2V_ROOT/.build/l2v-release-build.stamp"
  touch "$stamp"
  l2v_log "building lottie2video (release)..."
  # Subshell: the build needs the repo root as cwd, the caller keeps its own cwd. The output is
  # streamed to stderr and kept in a log so the errors can be repeated after SwiftPM's progress lines.
  if ! (cd "$L2V_ROOT" && "$SWIFT" build -c release --product lottie2video 2>&1) | tee "$log" >&2; then
    l2v_log ""
    l2v_log "error: release build failed (full output: $log). Compiler errors:"
    # Lines that start a diagnostic ("file:line:col: error: ..." or SwiftPM's "error: ..."), not the
    # source excerpts under them; the last lines of the log when there are none.
    grep -E '^[^ ]*: (fatal )?error:|^error:' "$log" >&2 || tail -n 40 "$log" >&2
    return 1
  fi
  # swift build leaves the binary untouched when a change did not alter it (a comment, say), which
  # would make the freshness check fail forever and cost a no-op build (seconds) on every run. Date
  # the binary to the build's start: sources edited during the build stay newer and are rebuilt.
  [[ -x $(l2v_release_binary) ]] || l2v_die "the build succeeded but $(l2v_release_binary) does not exist"
  touch -r "$stamp" "$(l2v_release_binary)"
}
