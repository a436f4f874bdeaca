#!/usr/bin/env bash
# Regenerates the single initial migration from the declarations (unreleased product: no history
# to keep). Under a lock, so two developers in one tree do not interleave.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/nns-drizzle.lock
flock 9
node scripts/gen-resources.mjs
rm -rf apps/api/drizzle
npx drizzle-kit generate --config apps/api/drizzle.config.ts --name init
