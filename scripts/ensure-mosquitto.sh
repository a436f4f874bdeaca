#!/usr/bin/env bash
# apps/api/test/mosquitto-config.test.ts runs the broker configuration of deploy/mosquitto/ in a real
# mosquitto (issue 28 §6). Installs it when missing (as root, with apt-get).
set -euo pipefail
if command -v mosquitto >/dev/null 2>&1 && command -v mosquitto_passwd >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Missing mosquitto: install with 'sudo apt-get install -y mosquitto'" >&2
  exit 1
fi
echo "Installing mosquitto for the broker configuration test..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mosquitto >/dev/null
