# Shared helpers for scripts/*.sh. Source it; it does not change shell options.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/node_modules/.bin"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }
die() {
  printf '\033[1;31merror:\033[0m %s\n' "$*" >&2
  exit 1
}

# Installs Debian packages that are missing. Runs `apt-get update` at most once per run
# (the flag is exported so child scripts share it). Needs root, as on the CI machine.
apt_ensure() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "missing packages (${missing[*]}) and no apt-get: install them by hand"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "missing packages (${missing[*]}): run as root or install them by hand"
    sudo=(sudo)
  fi
  log "installing from Debian: ${missing[*]}"
  if [ "${SWAP_APT_UPDATED:-}" != 1 ]; then
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq </dev/null
    export SWAP_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
}

# npm ci when node_modules is missing or package-lock.json changed since the last install
# (npm writes node_modules/.package-lock.json after package-lock.json on every install).
ensure_deps() {
  local hidden="$ROOT/node_modules/.package-lock.json"
  if [ -f "$ROOT/package-lock.json" ]; then
    if [ ! -f "$hidden" ] || [ "$ROOT/package-lock.json" -nt "$hidden" ]; then
      log "installing dependencies (npm ci)"
      (cd "$ROOT" && npm ci --no-audit --no-fund </dev/null)
    fi
  elif [ ! -d "$ROOT/node_modules" ]; then
    log "installing dependencies (npm install, no lock file)"
    (cd "$ROOT" && npm install --no-audit --no-fund </dev/null)
  fi
}

# stale TARGET PATH...: true when TARGET is missing or any file under PATH is newer.
stale() {
  local target="$1"
  shift
  [ -e "$target" ] || return 0
  local existing=() p
  for p in "$@"; do [ -e "$p" ] && existing+=("$p"); done
  [ ${#existing[@]} -eq 0 ] && return 1
  [ -n "$(find "${existing[@]}" -newer "$target" -not -path '*/node_modules/*' -print -quit 2>/dev/null)" ]
}

# Builds contracts, web and server, each only when its sources are newer than its build.
# FORCE_BUILD=1 rebuilds everything.
build_all() {
  local c="$ROOT/packages/contracts" w="$ROOT/apps/web" s="$ROOT/apps/server"
  local force="${FORCE_BUILD:-0}"
  if [ "$force" = 1 ] || stale "$c/dist/index.js" "$c/src" "$c/tsconfig.json" "$c/package.json"; then
    log "building packages/contracts"
    # tsc trusts its build info even when dist was deleted; drop it with the build.
    [ -f "$c/dist/index.js" ] || rm -f "$c/tsconfig.tsbuildinfo"
    "$BIN/tsc" -p "$c"
    touch "$c/dist/index.js"
  fi
  if [ "$force" = 1 ] || stale "$w/dist/index.html" "$w/src" "$w/public" "$w/index.html" "$w/vite.config.ts" "$w/build-plugins" "$w/package.json" "$c/dist/index.js"; then
    log "building apps/web"
    (cd "$w" && "$BIN/vite" build --logLevel warn)
  fi
  if [ "$force" = 1 ] || stale "$s/dist/main.js" "$s/src" "$s/tsconfig.json" "$s/tsconfig.build.json" "$s/package.json" "$c/dist/index.js"; then
    log "building apps/server"
    "$BIN/tsc" -p "$s/tsconfig.build.json"
  fi
}

# Prints a free TCP port on 127.0.0.1.
free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# wait_http URL SECONDS [PID]: polls URL until it answers 2xx; fails on timeout or when PID exits.
wait_http() {
  node -e '
    const [url, seconds, pid] = process.argv.slice(1);
    const end = Date.now() + Number(seconds) * 1000;
    const alive = () => { if (!pid) return true; try { process.kill(Number(pid), 0); return true; } catch { return false; } };
    (async () => {
      while (Date.now() < end && alive()) {
        try { if ((await fetch(url)).ok) process.exit(0); } catch {}
        await new Promise((r) => setTimeout(r, 200));
      }
      process.exit(1);
    })();
  ' "$1" "$2" "${3:-}"
}
