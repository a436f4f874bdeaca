// `npm run restore FILE`: brings a backup (npm run backup) back into an EMPTY DATA_DIR, or an empty
// PostgreSQL database when DATABASE_URL is set; a non-empty target is refused.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { RestoreRefused, restoreFrom } from '../db/backup';
import { openDatabase } from '../db/client';

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Cách dùng: npm run restore <tệp sao lưu .tar.gz>');
    process.exit(2);
  }
  const config = loadConfig();
  const dir = path.join(config.dataDir, 'pglite');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.DATABASE_URL, dir, poolSize: 2, purpose: 'khôi phục' });
  try {
    const r = await restoreFrom(database, path.join(config.dataDir, 'uploads'), path.resolve(file));
    console.log(`Đã khôi phục từ ${path.resolve(file)} (sao lưu lúc ${r.manifest.created_at})`);
    console.log(`  vào: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite tại ${dir}`}; tệp tải lên: ${path.join(config.dataDir, 'uploads')}`);
    console.log(`  ${r.tables} bảng, ${r.rows} dòng, ${r.files} tệp tải lên`);
    for (const t of r.manifest.tables.filter((x) => x.rows)) console.log(`    ${t.name}: ${t.rows} dòng`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  const msg = err instanceof RestoreRefused ? `Không thể khôi phục: ${err.message}` : `Khôi phục thất bại: ${(err as Error).message}`;
  console.error(msg);
  process.exit(1);
});
