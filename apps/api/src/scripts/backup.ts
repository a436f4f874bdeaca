// `npm run backup [FILE]`: one .tar.gz with the database's rows and the files of the configured store.
// Reads the server's environment (DATA_DIR, DATABASE_URL, STORAGE_URL and the S3 keys). On the embedded
// database stop the server first: PGlite is one process's database, and this script refuses to open it
// while the server holds its lock.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { backupTo } from '../db/backup';
import { openDatabase } from '../db/client';
import { openStorage } from '../lib/open-storage';

async function main() {
  const config = loadConfig();
  const dir = path.join(config.dataDir, 'pglite');
  if (!config.DATABASE_URL && !fs.existsSync(dir)) {
    throw new Error(`Không tìm thấy cơ sở dữ liệu nhúng tại ${dir}. Kiểm tra DATA_DIR (hoặc đặt DATABASE_URL).`);
  }
  const stamp = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const file = path.resolve(process.argv[2] ?? path.join('backups', `backup-${stamp}.tar.gz`));
  const database = await openDatabase({ url: config.DATABASE_URL, dir, poolSize: 2, purpose: 'sao lưu' });
  const storage = await openStorage(config);
  try {
    const m = await backupTo(database, storage, file);
    const rows = m.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Đã ghi bản sao lưu: ${file} (${(fs.statSync(file).size / 1024).toFixed(1)} KB)`);
    console.log(`  Cơ sở dữ liệu: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite tại ${dir}`}`);
    console.log(`  Nơi lưu tệp: ${storage.description}`);
    console.log(`  ${m.tables.length} bảng, ${rows} dòng; ${m.files} tệp tải lên; ${m.migrations.length} lần nâng cấp cơ sở dữ liệu đã áp dụng`);
    for (const t of m.tables.filter((x) => x.rows)) console.log(`    ${t.name}: ${t.rows} dòng`);
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(`Sao lưu thất bại: ${(err as Error).message}`);
  process.exit(1);
});
