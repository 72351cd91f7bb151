#!/usr/bin/env bash
# npm start: install what is missing, build what is stale, run the back-office with the
# embedded defaults (PGlite under ./data, demo data). Configuration: see README.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

ensure_deps
build_all

PORT="${PORT:-8080}"
export PORT
url="http://localhost:$PORT"

# Announce once the server answers; the helper stops if the server exits first.
(
  if wait_http "http://127.0.0.1:$PORT/api/health" 120 $$; then
    echo
    log "Swap back-office is running: open $url  (API docs: $url/api/docs)"
    if [ "${DEMO:-1}" != 0 ] && [ "${DEMO:-1}" != false ]; then
      log "Demo accounts: admin (platform), merchant (Demo Agent), subaccount — password Demo-Pass-2026"
      # The server runs the fleet with demo devices on its embedded broker (README: DEMO_FLEET_*).
      if [ -z "${MQTT_URL:-}" ] && [ "${MQTT_ENABLED:-1}" != 0 ] && [ "${DEMO_DEVICES:-1}" != 0 ] &&
        [ "${DEMO_FLEET_CABINETS:-3}${DEMO_FLEET_VEHICLES:-6}" != 00 ]; then
        log "Simulated cabinets, batteries and vehicles report live (DEMO_FLEET_CABINETS=0 DEMO_FLEET_VEHICLES=0: none)"
      fi
    fi
    log "Stop with Ctrl-C."
  fi
) &

# The server replaces this shell (same pid), so signals reach it directly.
exec node apps/server/dist/main.js
