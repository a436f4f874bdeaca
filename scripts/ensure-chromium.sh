#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell (e2e/chromium.ts says why); install it when
# missing (as root, with apt-get). CHROMIUM_PATH names another browser to use instead.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  if [ -x /usr/bin/chromium ]; then exit 0; fi
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium-headless-shell'" >&2
  exit 1
fi
echo "Installing Debian's chromium-headless-shell for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
