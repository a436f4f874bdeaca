#!/usr/bin/env bash
# Stamp sheets (issue 14) are drawn with the DejaVu Sans font (Debian's fonts-dejavu-core: every
# Vietnamese letter in one TrueType file pdfkit embeds), and the tests render each sheet back with
# pdftoppm (poppler-utils) to decode its QR codes. Installs what is missing (as root, with apt-get).
set -euo pipefail
need=()
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Missing ${need[*]}: install with 'sudo apt-get install -y ${need[*]}'" >&2
  exit 1
fi
echo "Installing ${need[*]} for the stamp sheets..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
