#!/usr/bin/env bash
# Validates against schemas/ (JSON Schema 2020-12, docs/schemas.md): the schemas themselves against
# the metaschema, the shipped catalogues in catalogs/, and every JSON document the tools print or
# write, produced here by running the built tools (.build/debug, so run setup.sh first) on the demo's
# samples, served on 127.0.0.1 by `catalog demo --serve`: a rebuild's report and its tools' reports,
# the history lines, `--json` of validate, check, stats, diff (files and folders), build and every
# cache action. check-jsonschema comes from PyPI into $SHELFMARK_VENV; without it this says so loudly
# and skips (exit 0), as check-workflows.sh does. Any document that fails its schema fails the script.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
venv="${SHELFMARK_VENV:-/tmp/shelfmark-venv}"
if [ ! -x "$venv/bin/check-jsonschema" ]; then
  if ! { [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"; } >/tmp/shelfmark-schemas-venv.log 2>&1 \
    || ! "$venv/bin/pip" install -q check-jsonschema >>/tmp/shelfmark-schemas-venv.log 2>&1; then
    echo "################################################################################"
    echo "WARNING: check-jsonschema could not be installed (see /tmp/shelfmark-schemas-venv.log);"
    echo "WARNING: catalogs/ and the tools' JSON were NOT validated against schemas/."
    echo "################################################################################"
    exit 0
  fi
fi
check="$venv/bin/check-jsonschema"
bin="$root/.build/debug"
[ -x "$bin/catalog" ] || { echo "error: $bin/catalog is missing; run setup.sh first" >&2; exit 69; }

work=$(mktemp -d /tmp/shelfmark-schemas.XXXXXX)
server=""
cleanup() {
  exec 3>&- 2>/dev/null
  [ -n "$server" ] && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
failed=0
# validate SCHEMA FILE...: one line per schema; the files' names say which output they are.
validate() {
  local schema=$1
  shift
  if "$check" --schemafile "schemas/$schema" "$@" >"$work/check.log" 2>&1; then
    echo "schemas/$schema: ok ($# file$([ $# -eq 1 ] || echo s))"
  else
    echo "schemas/$schema: FAILED"
    sed 's/^/  /' "$work/check.log"
    failed=1
  fi
}
# run NAME EXPECTED-EXIT COMMAND...: stdout to $work/json/NAME.json; a wrong exit fails the script.
run() {
  local name=$1 want=$2
  shift 2
  "$@" >"$work/json/$name.json" 2>"$work/json/$name.err"
  local got=$?
  if [ "$got" -ne "$want" ]; then
    echo "error: '$*' exited $got, not $want:" >&2
    sed 's/^/  /' "$work/json/$name.err" >&2
    failed=1
  fi
}

"$check" --check-metaschema schemas/*.json >"$work/check.log" 2>&1 \
  && echo "schemas/*.json: ok against the 2020-12 metaschema" \
  || { echo "schemas/*.json: FAILED the metaschema"; cat "$work/check.log"; failed=1; }
validate catalogue.schema.json catalogs/*.json

# The demo's samples on a loopback mirror, for as long as fd 3 stays open (it serves until its
# standard input closes, and stops by itself after 15 minutes whatever happens).
mkfifo "$work/serve.in"
"$bin/catalog" demo --serve <"$work/serve.in" >"$work/serve.out" 2>&1 &
server=$!
exec 3>"$work/serve.in"
for _ in $(seq 100); do grep -q '^serving' "$work/serve.out" && break; sleep 0.1; done
mirror=$(sed -n 's/^mirror //p' "$work/serve.out")
[ -n "$mirror" ] || { echo "error: catalog demo --serve did not start:" >&2; cat "$work/serve.out" >&2; exit 70; }
withs=()
while read -r arg; do withs+=(--with "$arg"); done < <(sed -n 's/^with //p' "$work/serve.out")

mkdir -p "$work/json" "$work/history"
out="$work/out" caches="$work/caches"
shared=(--mirror "$mirror" --date 2026-12-01 --delay 0 --out "$out" --cache-root "$caches" --quiet)
run build-table 0 "$bin/catalog" build --all "${shared[@]}" "${withs[@]}" \
  --report "$work/rebuild/report.json" --history "$work/history.jsonl"
rm "$work/json/build-table.json"
# The second run (mostly from the cache) prints its report instead of the table.
run build 0 "$bin/catalog" build --all "${shared[@]}" "${withs[@]}" --json --no-history
validate catalogue.schema.json "$out/"*.json
validate rebuild-report.schema.json "$work/rebuild/report.json" "$work/json/build.json"
validate build-report.schema.json "$work/rebuild/reports/"*.json
split -l 1 -d -a 4 --additional-suffix=.json "$work/history.jsonl" "$work/history/line-"
validate history-line.schema.json "$work/history/"*.json
# Each catalogue's lineage as catalog build keeps it beside its report (this run's and the last).
mkdir -p "$work/lineage"
for f in "$work/rebuild/lineage/"*.jsonl.xz; do
  xz -dc "$f" | split -l 1 -d -a 6 --additional-suffix=.json - "$work/lineage/$(basename "$f" .jsonl.xz)-"
done
validate lineage-line.schema.json "$work/lineage/"*.json

run validate 0 "$bin/catalog" validate --json catalogs/*.json
run check 0 "$bin/catalog" check --json "$out"
run check-strict 65 "$bin/catalog" check --json --strict catalogs
validate validate-report.schema.json "$work/json/validate.json" "$work/json/check.json" "$work/json/check-strict.json"
run stats 0 "$bin/catalog" stats --json catalogs "$out"
validate stats.schema.json "$work/json/stats.json"
run diff-folders 1 "$bin/catalog" diff --json catalogs "$out"
run diff-files 1 "$bin/catalog" diff --json catalogs/retrospec-catalog.json "$out/retrospec-catalog.json"
run diff-same 0 "$bin/catalog" diff --json --ignore generated "$out" "$out"
validate diff.schema.json "$work/json/diff-folders.json" "$work/json/diff-files.json" "$work/json/diff-same.json"

cache="$caches/.retrospec-cache"
row=$(xz -dc "$work/rebuild/lineage/retrospec-catalog.jsonl.xz" | grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4)
run explain 0 "$bin/catalog" explain "$out/retrospec-catalog.json" "$row" --cache "$cache" --json
# The previous lineage is there only once a build's answers differed from the one before.
older="$cache/lineage/retrospec-catalog.previous.jsonl.xz"
[ -f "$older" ] || older="$cache/lineage/retrospec-catalog.jsonl.xz"
run explain-two 0 "$bin/catalog" explain "$out/retrospec-catalog.json" "$row" --json \
  --lineage "$older" --lineage "$cache/lineage/retrospec-catalog.jsonl.xz"
validate explain.schema.json "$work/json/explain.json" "$work/json/explain-two.json"
run cache-ls 0 "$bin/catalog" cache ls --json --cache "$cache"
validate cache-ls.schema.json "$work/json/cache-ls.json"
run cache-stats 0 "$bin/catalog" cache stats --json --cache "$cache"
run cache-stats-folder 0 "$bin/catalog" cache stats --json --cache "$caches"
validate cache-stats.schema.json "$work/json/cache-stats.json" "$work/json/cache-stats-folder.json"
run cache-export 0 "$bin/catalog" cache export --json --cache "$cache" --warc "$work/retrospec.warc.gz"
validate cache-export.schema.json "$work/json/cache-export.json"
run cache-import 0 "$bin/catalog" cache import "$work/retrospec.warc.gz" --json --cache "$work/imported"
validate cache-import.schema.json "$work/json/cache-import.json"
run cache-verify 0 "$bin/catalog" cache verify --json --cache "$work/imported"
# A body that no longer matches its hash: verify reports it (exit 65), then repairs it.
body=$(find "$work/imported" -name '*.body' | head -1)
printf 'damaged' >"$body"
run cache-verify-bad 65 "$bin/catalog" cache verify --json --cache "$work/imported"
run cache-verify-repair 0 "$bin/catalog" cache verify --json --repair --cache "$work/imported"
validate cache-verify.schema.json "$work/json/cache-verify.json" "$work/json/cache-verify-bad.json" \
  "$work/json/cache-verify-repair.json"
run cache-prune 0 "$bin/catalog" cache prune --json --dry-run --days 0 --cache "$work/imported"
validate cache-prune.schema.json "$work/json/cache-prune.json"
run cache-rm-host 0 "$bin/catalog" cache rm --json --host retrospec.elite.org --cache "$work/imported"
run cache-rm-url 0 "$bin/catalog" cache rm --json --url https://retrospec.elite.org/ --cache "$work/imported"
validate cache-rm.schema.json "$work/json/cache-rm-host.json" "$work/json/cache-rm-url.json"

if [ "$failed" -ne 0 ]; then
  echo "check-schemas: some documents do not match their schemas (above)" >&2
  exit 1
fi
echo "check-schemas: every schema, catalogue and tool output checked is valid"
