#!/usr/bin/env bash
# Installs Debian's Mosquitto broker when missing (device-link tests against a real broker). The
# tests start their own Mosquitto on a free port with a generated config; Debian's service, which
# the package starts on port 1883 (the embedded broker's default), is stopped and disabled.
# Note: run it with `max_queued_messages 0`, or it drops QoS 1 messages under load.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
[ -x /usr/sbin/mosquitto ] && exit 0
apt_ensure mosquitto
sudo=()
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo=(sudo)
if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
  "${sudo[@]}" systemctl disable --now mosquitto >/dev/null 2>&1 || true
elif command -v service >/dev/null; then
  "${sudo[@]}" service mosquitto stop >/dev/null 2>&1 || true
fi
