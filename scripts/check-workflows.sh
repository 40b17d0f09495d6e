#!/usr/bin/env bash
# Validates .github/workflows/*.yml against GitHub's workflow schema (check-jsonschema ships it as
# vendor.github-workflows and needs no network once installed). Installs check-jsonschema from PyPI
# into a virtual environment under /tmp the first time. If pip cannot install it, says so loudly and
# skips (exit 0): the rest of CI must not depend on PyPI being reachable.
set -uo pipefail
cd "$(dirname "$0")/.."
venv="${SHELFMARK_VENV:-/tmp/shelfmark-venv}"
if [ ! -x "$venv/bin/check-jsonschema" ]; then
  if ! { python3 -m venv "$venv" && "$venv/bin/pip" install -q check-jsonschema; } >/tmp/shelfmark-ci-venv.log 2>&1; then
    echo "################################################################################"
    echo "WARNING: check-jsonschema could not be installed (see /tmp/shelfmark-ci-venv.log);"
    echo "WARNING: the workflow files were NOT validated against the GitHub workflow schema."
    echo "################################################################################"
    tail -5 /tmp/shelfmark-ci-venv.log
    exit 0
  fi
fi
"$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows .github/workflows/*.yml
