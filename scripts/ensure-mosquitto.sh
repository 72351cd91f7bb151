#!/usr/bin/env bash
# Installs Debian's Mosquitto broker when missing (device-link tests against a real broker).
# Note: run it with `max_queued_messages 0`, or it drops QoS 1 messages under load.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
[ -x /usr/sbin/mosquitto ] || apt_ensure mosquitto
