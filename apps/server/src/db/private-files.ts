import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';

/** The database and backups hold health notes: owner only (PGlite writes 0666, so the folder is tightened after). */
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A folder (and its parents, if missing) that only the server's user may enter. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Takes group and other access away from a folder and everything in it (symbolic links are left alone). */
export function keepPrivate(root: string): void {
  const stat = lstatSync(root);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(root, PRIVATE_DIR_MODE);
    for (const name of readdirSync(root)) keepPrivate(`${root}/${name}`);
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(root, stat.mode & 0o700);
  }
}
