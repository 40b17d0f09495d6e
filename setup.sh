#!/usr/bin/env bash
# Installs the Debian packages Shelfmark builds against, then builds everything (debug), so that
# .build/debug/catalog and the build tools are ready. Finds swift on PATH or in /opt/swift.
# --deps-only installs the packages and stops there: the weekly workflow builds release once, and a
# debug build before it would double the job's build time.
set -euo pipefail
cd "$(dirname "$0")"

deps_only=false
case "${1:-}" in
  "") ;;
  --deps-only) deps_only=true ;;
  *) echo "error: unknown option '$1'; setup.sh takes --deps-only or nothing." >&2; exit 64 ;;
esac

packages=(libxml2-dev libsqlite3-dev zlib1g-dev liblzma-dev libcurl4-openssl-dev libssl-dev pkg-config curl xz-utils)
# The venv the interop tests and the workflow checks use (.ci/run): the swift image has Python's
# library but not python3 -m venv, and without it those tests would skip and CI still pass. git and
# jq for scripts/workflow-dry-run (its stand-in gh answers --jq with jq).
packages+=(python3-venv git jq)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if $deps_only; then
  echo "packages ready: ${packages[*]}"
  exit 0
fi

source scripts/find-swift.sh

# The commit --version and every --report name (scripts/stamp-version.sh; "unstamped" without it).
bash "$(dirname "$0")/scripts/stamp-version.sh" >/dev/null || true
swift build 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] (Compiling|Emitting|Wrapping|Linking|Write|Planning|Applying)' || true
swift build >/dev/null
echo "built: .build/debug/catalog and the build tools (swift: $(command -v swift))"
