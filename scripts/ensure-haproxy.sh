#!/usr/bin/env bash
# Installs Debian's HAProxy when missing (the several-servers check, bench/src/cluster.ts, starts
# its own on a free port with a generated config); Debian's service, which the package starts, is
# stopped and disabled.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
[ -x /usr/sbin/haproxy ] && exit 0
apt_ensure haproxy
sudo=()
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo=(sudo)
if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
  "${sudo[@]}" systemctl disable --now haproxy >/dev/null 2>&1 || true
elif command -v service >/dev/null; then
  "${sudo[@]}" service haproxy stop >/dev/null 2>&1 || true
fi
