#!/usr/bin/env bash
# While issue 3 is in progress, 0004_storefront is the migration no deployment has run yet: after a
# change to a schema file, this makes it again from the schema (serialised with flock, since several
# people may run it at once). Once it has landed, use `npm run db:generate` for a new migration.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .tmp
exec 9>.tmp/db-generate.lock
flock 9
rm -f server/db/migrations/0004_storefront.sql server/db/migrations/meta/0004_snapshot.json
node -e '
const fs = require("fs");
const p = "server/db/migrations/meta/_journal.json";
const j = JSON.parse(fs.readFileSync(p, "utf8"));
j.entries = j.entries.filter((e) => e.idx < 4);
fs.writeFileSync(p, JSON.stringify(j, null, 2));
'
npx drizzle-kit generate --config server/db/drizzle.config.ts --name storefront
