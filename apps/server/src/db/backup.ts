import { execFile } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { keepPrivate, makePrivateDir, PRIVATE_FILE_MODE } from './private-files';

/** Backups that restore (decision 044): PGlite's data folder as .tar.gz (the server dumps on SIGUSR2), or `pg_dump`. */
const run = promisify(execFile);

type BackupKind = 'pglite' | 'postgres';
const BACKUP_EXTENSION: Record<BackupKind, string> = { pglite: '.tar.gz', postgres: '.pgdump' };
export const PID_FILE = 'server.pid';

export function backupFileName(kind: BackupKind, at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return `backup-${stamp}${BACKUP_EXTENSION[kind]}`;
}

/** pg_dump of the whole database in custom format; `snapshot` (pg_export_snapshot) pins the state it dumps. */
export async function pgDump(url: string, file: string, options: { snapshot?: string } = {}): Promise<void> {
  makePrivateDir(path.dirname(file));
  // pg_dump creates the file with the umask's mode: made empty and private first, it keeps 0600.
  writeFileSync(file, '', { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, ...(options.snapshot ? [`--snapshot=${options.snapshot}`] : []), url]);
}

/** Into an empty database only: a restore never mixes with data that is there. */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.n > 0) throw new Error('The database is not empty: restore into a new, empty database');
  } finally {
    await client.end();
  }
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file]);
}

/** Into an empty (or missing) data folder only. */
export async function pgliteRestore(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: restore into a new, empty folder`);
  makePrivateDir(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(dataDir, { loadDataDir: new Blob([await readFile(file)]), extensions: { pg_trgm } });
  await db.waitReady;
  await db.query('select 1');
  await db.close();
  keepPrivate(dataDir);
}

/** The pid of a live server that has this PGlite folder open, if any. */
export function serverPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Asks the running server for a backup (SIGUSR2) and waits for the finished file in `backupDir`. */
export async function requestServerBackup(pid: number, backupDir: string, timeoutMs = 120_000): Promise<string> {
  makePrivateDir(backupDir);
  const before = new Set(readdirSync(backupDir));
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  for (;;) {
    const made = readdirSync(backupDir).filter((f) => !before.has(f) && f.endsWith(BACKUP_EXTENSION.pglite));
    const done = made.find((f) => statSync(path.join(backupDir, f)).mtimeMs >= asked - 1_000);
    if (done) return path.join(backupDir, done);
    if (Date.now() - asked > timeoutMs) throw new Error(`No backup from the server (pid ${pid}) within ${timeoutMs / 1000} s: see its log`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
