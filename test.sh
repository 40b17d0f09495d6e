#!/usr/bin/env bash
# The test command (README step 2, and what .ci/run runs): every XCTest test, with swift found on
# PATH or in /opt/swift. Extra arguments go to `swift test` (e.g. --filter CatalogDiffTests).
# XCTest only: the suite has no Swift Testing tests, and their empty "0 tests" line would
# otherwise close the log. Passing test lines are left out; a count closes the output.
set -uo pipefail
cd "$(dirname "$0")"
source scripts/find-swift.sh

log=$(mktemp "${TMPDIR:-/tmp}/shelfmark-test.XXXXXX")
trap 'rm -f "$log"' EXIT
swift test --disable-swift-testing "$@" 2>&1 | tee "$log" \
  | grep -vE '^(Test Case .* (started|passed)|\[[0-9]+/[0-9]+\] )'
status=${PIPESTATUS[0]}
summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with " "$log" | tail -1)
if [ -n "$summary" ]; then
  total=$(echo "$summary" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')
  failed=$(echo "$summary" | sed -E 's/.* ([0-9]+) failures?.*/\1/')
  skipped=$(echo "$summary" | grep -oE "[0-9]+ tests? skipped" | grep -oE "^[0-9]+" || echo 0)
  echo "tests: $((total - failed - skipped)) passed, $failed failed, $skipped skipped"
fi
exit "$status"
