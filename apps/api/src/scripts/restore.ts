// `npm run restore FILE`: brings a backup (npm run backup) back into an EMPTY DATA_DIR, or an empty
// PostgreSQL database when DATABASE_URL is set, and an empty file store (STORAGE_URL: the local one
// or an S3 bucket/prefix); a non-empty target is refused.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { RestoreRefused, restoreFrom } from '../db/backup';
import { openDatabase } from '../db/client';
import { openStorage } from '../lib/open-storage';
import { tmpDir } from '../lib/storage';

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
  const storage = await openStorage(config);
  try {
    const r = await restoreFrom(database, storage, path.resolve(file), { tmp: tmpDir(config) });
    console.log(`Đã khôi phục từ ${path.resolve(file)} (sao lưu lúc ${r.manifest.created_at})`);
    console.log(`  vào: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite tại ${dir}`}; tệp tải lên: ${storage.description}`);
    console.log(`  ${r.tables} bảng, ${r.rows} dòng, ${r.files} tệp tải lên`);
    for (const t of r.manifest.tables.filter((x) => x.rows)) console.log(`    ${t.name}: ${t.rows} dòng`);
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((err) => {
  const msg = err instanceof RestoreRefused ? `Không thể khôi phục: ${err.message}` : `Khôi phục thất bại: ${(err as Error).message}`;
  console.error(msg);
  process.exit(1);
});
