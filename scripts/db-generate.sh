#!/usr/bin/env bash
# Adds a new migration for the changes to the declarations or the platform tables since the last
# one: `npm run db:generate -- <name>` writes apps/api/drizzle/NNNN_<name>.sql and its snapshot.
# Migrations that have landed are never edited or regenerated: users' databases were made by them.
# Under a lock, so two developers in one tree do not interleave.
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:-}"
if [[ ! "$name" =~ ^[a-z0-9_]+$ ]]; then
  echo "usage: npm run db:generate -- <name>   (snake_case: what the migration does, e.g. add_user_scope)" >&2
  exit 2
fi
exec 9>/tmp/nns-drizzle.lock
flock 9
node scripts/gen-resources.mjs
npx drizzle-kit generate --config apps/api/drizzle.config.ts --name "$name"
