#!/usr/bin/env bash
# npm test: every tier, in order, stopping at the first failing tier.
#   typecheck  tsc for contracts, server, simulator, web, e2e, bench, scripts
#   lint       prettier --check, eslint, docs/api.md freshness, migration journal, module boundaries (dependency-cruiser)
#   unit       vitest in packages/contracts, apps/server, apps/simulator, apps/web, bench (PGlite in
#              memory; device tests on the embedded broker and on Mosquitto, installed when missing)
#   postgres   the apps/server suite again on a throwaway real PostgreSQL
#   e2e        build everything, check the web bundle's budgets on that build, then Chromium against
#              a server the run starts itself
# `npm test -- unit postgres` runs only the named tiers. Installs what is missing (npm, Debian).
# Ends with `N passed, N failed` (tests, plus one failure per failed non-test tier).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# vitest_run LABEL DIR [ARGS...]: vitest in DIR, with a JSON report for the totals.
vitest_run() {
  local label=$1 dir=$2
  shift 2
  log "vitest: $label"
  (cd "$ROOT/$dir" && "$BIN/vitest" run --reporter=default --reporter=json --outputFile.json="$RESULTS/$label.json" "$@")
}

tier_typecheck() {
  log "tsc: packages/contracts (build)"
  # tsc trusts its build info even when dist was deleted.
  [ -f packages/contracts/dist/index.js ] || rm -f packages/contracts/tsconfig.tsbuildinfo
  "$BIN/tsc" -p packages/contracts
  # The rest in parallel (2 cores); outputs printed in order.
  local projects=(apps/server apps/simulator apps/web e2e bench scripts) pids=() p i status=0
  for p in "${projects[@]}"; do
    "$BIN/tsc" -p "$p" --noEmit >"$RESULTS/tsc-${p//\//-}.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!projects[@]}"; do
    p=${projects[$i]}
    if wait "${pids[$i]}"; then
      log "tsc: $p ok"
    else
      printf '\033[1;31m==> tsc: %s failed\033[0m\n' "$p"
      cat "$RESULTS/tsc-${p//\//-}.log"
      status=1
    fi
  done
  return "$status"
}

# Formatting, lint and the freshness of docs/api.md: part of every run, so the tree stays clean.
tier_lint() {
  log "prettier --check"
  "$BIN/prettier" --check . --log-level warn
  log "eslint"
  "$BIN/eslint" . --max-warnings 0
  "$BIN/tsx" scripts/gen-api-doc.ts --check
  "$BIN/tsx" scripts/migration-journal.ts --check
  log "module boundaries"
  "$BIN/tsx" scripts/check-boundaries.ts
}

tier_unit() {
  local status=0
  # The device-link tests run on the embedded broker and on a real Mosquitto.
  bash "$ROOT/scripts/ensure-mosquitto.sh"
  export REQUIRE_MOSQUITTO=1
  # Keep going within the tier so one run shows every failing package.
  vitest_run contracts packages/contracts || status=1
  vitest_run server apps/server || status=1
  vitest_run simulator apps/simulator || status=1
  vitest_run web apps/web --passWithNoTests || status=1
  vitest_run bench bench || status=1
  return "$status"
}

tier_postgres() {
  bash "$ROOT/scripts/ensure-postgres.sh" bash "$ROOT/scripts/test.sh" __run postgres_suite
}

postgres_suite() {
  bash "$ROOT/scripts/ensure-mosquitto.sh"
  export REQUIRE_MOSQUITTO=1
  vitest_run server-postgres apps/server
}

tier_e2e() {
  bash "$ROOT/scripts/ensure-chromium.sh"
  build_all
  # Gzipped JS per address against its budget, read from the build just made (docs/scaling.md, "Web bundle").
  log "web bundle within its budgets"
  "$BIN/tsx" bench/src/bundle.ts --check --quiet
  vitest_run e2e e2e
}

# Internal entry: one tier function in a child process (so it can run under a time limit).
if [ "${1:-}" = __run ]; then
  : "${RESULTS:?}"
  "$2"
  exit $?
fi

DEFAULT_TIERS=(typecheck lint unit postgres e2e)
ALL_TIERS=(typecheck lint unit postgres e2e)
if [ $# -gt 0 ]; then TIERS=("$@"); else TIERS=("${DEFAULT_TIERS[@]}"); fi
for t in "${TIERS[@]}"; do
  [[ " ${ALL_TIERS[*]} " == *" $t "* ]] || die "unknown tier '$t' (tiers: ${ALL_TIERS[*]})"
done

RESULTS="$(mktemp -d "${TMPDIR:-/tmp}/swap-test.XXXXXX")"
export RESULTS
trap 'rm -rf "$RESULTS"' EXIT
SUMMARY=()
TIER_FAILURES=0
STARTED=$SECONDS
CHILD=
INTERRUPTED=0
trap 'INTERRUPTED=1; [ -n "$CHILD" ] && kill -TERM -- "-$CHILD" 2>/dev/null' INT TERM

# Sums the vitest JSON reports: "<passed> <failed> <skipped>". A test file that failed to load
# (no test failed in it, yet it failed) counts as one failure.
count_tests() {
  node -e '
    const fs = require("fs"), path = require("path");
    let passed = 0, failed = 0, skipped = 0;
    for (const name of fs.readdirSync(process.argv[1]).filter((n) => n.endsWith(".json"))) {
      let report;
      try { report = JSON.parse(fs.readFileSync(path.join(process.argv[1], name), "utf8")); } catch { continue; }
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      for (const file of report.testResults ?? []) {
        const failedInFile = (file.assertionResults ?? []).filter((a) => a.status === "failed").length;
        if (file.status === "failed" && failedInFile === 0) failed += 1;
      }
    }
    console.log(passed, failed, skipped);
  ' "$RESULTS"
}

finish() {
  local status=$1 line passed failed skipped
  echo
  log "summary"
  for line in "${SUMMARY[@]}"; do printf '  %s\n' "$line"; done
  read -r passed failed skipped < <(count_tests)
  printf '  total %ss; %s skipped\n' "$((SECONDS - STARTED))" "$skipped"
  echo "$((passed)) passed, $((failed + TIER_FAILURES)) failed"
  exit "$status"
}

# tier NAME LIMIT_SECONDS: runs tier_NAME in a child under a time limit (its whole process
# group is stopped on timeout or Ctrl-C) and stops the run at the first failing tier.
tier() {
  local name=$1 limit=$2 start=$SECONDS status=0 before after
  echo
  log "tier: $name"
  read -r _ before _ < <(count_tests)
  # timeout puts itself and the tier in a new process group.
  timeout --kill-after=30 "$limit" bash "$ROOT/scripts/test.sh" __run "tier_$name" </dev/null &
  CHILD=$!
  wait "$CHILD" || status=$?
  while kill -0 "$CHILD" 2>/dev/null; do wait "$CHILD" || status=$?; done
  CHILD=
  local took=$((SECONDS - start))
  if [ "$status" -eq 0 ] && [ "$INTERRUPTED" -eq 0 ]; then
    SUMMARY+=("ok      $name (${took}s)")
    return 0
  fi
  if [ "$INTERRUPTED" -eq 1 ]; then
    SUMMARY+=("STOPPED $name: interrupted after ${took}s")
  elif [ "$status" -eq 124 ]; then
    SUMMARY+=("FAILED  $name: timed out after ${limit}s")
  else
    SUMMARY+=("FAILED  $name (${took}s, exit $status)")
  fi
  read -r _ after _ < <(count_tests)
  # A tier that failed without a failing test (tsc, build, install) counts as one failure.
  [ "$after" -gt "$before" ] || TIER_FAILURES=$((TIER_FAILURES + 1))
  finish 1
}

log "preparing: dependencies"
start=$SECONDS
ensure_deps
SUMMARY+=("ok      dependencies ($((SECONDS - start))s)")

for t in "${TIERS[@]}"; do
  case $t in
    # Limits are hang guards, several times a quiet 2-core machine's durations, with room for a busy one.
    typecheck) tier typecheck 600 ;;
    lint) tier lint 600 ;;
    unit) tier unit 1200 ;;
    postgres) tier postgres 900 ;;
    e2e) tier e2e 2400 ;;
  esac
done
finish 0
