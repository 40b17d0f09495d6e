#!/usr/bin/env bash
# Installs the Debian packages Shelfmark builds against, then builds everything (debug), so that
# .build/debug/catalog and the build tools are ready. Finds swift on PATH or in /opt/swift.
set -euo pipefail
cd "$(dirname "$0")"

packages=(libxml2-dev libsqlite3-dev zlib1g-dev libcurl4-openssl-dev libssl-dev pkg-config curl)
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

source scripts/find-swift.sh

# The commit --version and every --report name (scripts/stamp-version.sh; "unstamped" without it).
bash "$(dirname "$0")/scripts/stamp-version.sh" >/dev/null || true
swift build 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] (Compiling|Emitting|Wrapping|Linking|Write|Planning|Applying)' || true
swift build >/dev/null
echo "built: .build/debug/catalog and the build tools (swift: $(command -v swift))"
