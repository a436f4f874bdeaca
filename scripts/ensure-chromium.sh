#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing (as root, with apt-get).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium (/usr/bin/chromium) is missing: install it with 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
