import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database. PGlite takes no lock of its own, so two processes opening one
 * data directory would run two independent PostgreSQL engines over the same files and corrupt them.
 * Before PGlite opens `dir`, the process creates `<dir>.lock` with O_EXCL holding its pid; a second
 * process finds it, sees the owner alive and is refused with a message naming it. A lock left by a
 * process that died (kill -9, power cut) names a pid that no longer runs: it is taken over.
 */
export class DataDirLocked extends Error {
  constructor(
    message: string,
    readonly owner: LockOwner,
  ) {
    super(message);
  }
}

export interface LockOwner {
  pid: number;
  /** what the owner is doing: 'máy chủ', 'sao lưu', 'khôi phục' */
  purpose: string;
  since: string;
}

export interface DataLock {
  file: string;
  release(): void;
}

const held = new Map<string, DataLock>();

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const o = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
    return typeof o?.pid === 'number' ? o : null;
  } catch {
    return null;
  }
}

/** How long a lock file may stay unreadable (being written) before it counts as left behind. */
const UNREADABLE_GRACE_MS = 5000;

function describe(o: LockOwner): string {
  const since = new Date(o.since);
  const at = Number.isNaN(since.getTime()) ? o.since : new Date(since.getTime() + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  return `tiến trình pid ${o.pid} (${o.purpose}, từ ${at} giờ Việt Nam)`;
}

/**
 * Takes the lock of the embedded database directory `dir` (e.g. DATA_DIR/pglite) for this process,
 * or throws DataDirLocked naming the process that holds it.
 */
export function lockDataDir(dir: string, purpose: string): DataLock {
  const file = `${path.resolve(dir)}.lock`;
  const mine = held.get(file);
  if (mine) return mine;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me: LockOwner = { pid: process.pid, purpose, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 20; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && alive(owner.pid)) {
        throw new DataDirLocked(
          `Cơ sở dữ liệu nhúng tại ${path.resolve(dir)} đang được ${describe(owner)} sử dụng. ` +
            'Mỗi thư mục dữ liệu (DATA_DIR) chỉ được một tiến trình mở: hãy dừng tiến trình đó trước ' +
            `(kill ${owner.pid}), hoặc dùng một DATA_DIR khác. Muốn chạy nhiều tiến trình API cùng lúc, hãy dùng PostgreSQL (DATABASE_URL). ` +
            `(Tệp khóa: ${file})`,
          owner,
        );
      }
      if (!owner) {
        // being written by its owner this very moment, or left empty by a crash
        let age = Number.POSITIVE_INFINITY;
        try {
          age = Date.now() - fs.statSync(file).mtimeMs;
        } catch {}
        if (age < UNREADABLE_GRACE_MS) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          continue;
        }
      }
      // left behind by a process that no longer runs (or by this pid in an earlier life): take it over.
      // Renamed aside first, so of two processes taking it over only one removes it
      const aside = `${file}.stale-${process.pid}-${attempt}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue;
      }
      const moved = readOwner(aside);
      if (moved && owner && moved.pid !== owner.pid && alive(moved.pid)) {
        // what we moved was a fresh lock taken meanwhile by a live process: give it back
        try {
          fs.linkSync(aside, file);
        } catch {}
        fs.rmSync(aside, { force: true });
        continue;
      }
      fs.rmSync(aside, { force: true });
      continue;
    }
    try {
      fs.writeSync(fd, JSON.stringify(me));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    const onExit = () => lock.release();
    const lock: DataLock = {
      file,
      release() {
        if (held.get(file) !== lock) return;
        held.delete(file);
        process.off('exit', onExit);
        // only our own lock is removed
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      },
    };
    held.set(file, lock);
    process.on('exit', onExit);
    return lock;
  }
  throw new Error(`Không lấy được khóa ${file} của cơ sở dữ liệu nhúng: hãy thử lại.`);
}
