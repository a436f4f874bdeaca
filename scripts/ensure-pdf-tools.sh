#!/usr/bin/env bash
# The tests render each stamp sheet (issue 14) back with pdftoppm (poppler-utils) to decode its QR
# codes. (The sheets' font, DejaVu Sans, comes with the product from the npm package
# dejavu-fonts-ttf.) Installs what is missing (as root, with apt-get).
set -euo pipefail
need=()
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Missing ${need[*]}: install with 'sudo apt-get install -y ${need[*]}'" >&2
  exit 1
fi
echo "Installing ${need[*]} for the stamp sheets..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
