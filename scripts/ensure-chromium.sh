#!/usr/bin/env bash
# Installs Debian's Chromium and the fonts the screens need (Thai, Chinese) when missing.
# Never downloads a browser through Playwright.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
if [ -x /usr/bin/chromium ]; then
  apt_ensure fonts-thai-tlwg fonts-noto-cjk
else
  apt_ensure chromium fonts-thai-tlwg fonts-noto-cjk
fi
[ -x /usr/bin/chromium ] || die "/usr/bin/chromium is still missing"
