import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's files hold every password hash and session: only the owner may read or
 * write them. PGlite's file system sets its initial files to 0666 whatever the umask, and files it
 * creates later follow the umask (0644 under the usual 022), so the directory is made 0700 (nobody
 * else can reach a file inside, whatever its own mode) and every file 0600, at open and at close.
 */
export function makeOwnerOnly(dir: string): void {
  let entries: fs.Dirent[];
  try {
    if ((fs.lstatSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) makeOwnerOnly(p);
    else if (e.isFile()) {
      try {
        if ((fs.lstatSync(p).mode & 0o777) !== 0o600) fs.chmodSync(p, 0o600);
      } catch (err) {
        // a file PostgreSQL removed meanwhile (a temporary file) needs nothing
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

/** Creates a directory (and its missing parents) readable and writable by its owner only. */
export function mkdirOwnerOnly(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}
