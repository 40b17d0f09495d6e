#!/usr/bin/env bash
# Records the commit being built in Sources/BuildSupport/Version/BuildStamp.swift, for --version and
# every --report. SwiftPM without plugins cannot ask git at build time, and asking at run time would
# name the checkout's commit, not the binary's. Run before `swift build` (setup.sh does).
# The file is rewritten only when the commit changes, so an unchanged tree does not rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
file=Sources/BuildSupport/Version/BuildStamp.swift
commit=$(git describe --always --dirty --exclude '*' 2>/dev/null || echo unstamped)
new=$(sed -E "s/static let commit = \".*\"/static let commit = \"$commit\"/" "$file")
if [ "$new" != "$(cat "$file")" ]; then printf '%s\n' "$new" >"$file"; fi
# Local stamps are never committed: git keeps the placeholder for everyone else.
git update-index --skip-worktree "$file" 2>/dev/null || true
echo "stamped $commit"
