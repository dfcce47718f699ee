import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgDump, pgliteRestore } from './backup';
import { openDatabase } from './client';

/**
 * Probe round 3, M2: the embedded database folder, its files and every backup are the server's user's alone (0700
 * folders, 0600 files), whatever the process umask: they hold health notes and secret links.
 */
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'private-'));
  temp.push(dir);
  return dir;
};

/** Every path under `root` (itself included) whose mode lets the group or others in. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const stat = statSync(p);
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(root, p) || '.'}`);
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return found;
}

describe('the embedded database and its backups are readable by the server user only (probe M2)', () => {
  it('a new data folder, its files, a backup and its tar members are 0700/0600 under a permissive umask', async () => {
    const previous = process.umask(0o000);
    try {
      const root = tempDir();
      const dataDir = path.join(root, 'data');
      const backupDir = path.join(root, 'backups');
      const database = await openDatabase({ dataDir });
      const file = path.join(backupDir, 'backup-test.tar.gz');
      try {
        await database.backup!(file);
      } finally {
        await database.close();
      }
      expect(openToOthers(dataDir)).toEqual([]);
      expect(openToOthers(backupDir)).toEqual([]);
      const members = execFileSync('tar', ['-tvzf', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
      expect(members.filter((line) => !/^[d-]rw[x-]------ /.test(line))).toEqual([]);

      // An existing folder opened again is tightened too, and so is a restored one.
      const restored = path.join(root, 'restored');
      await pgliteRestore(file, restored);
      expect(openToOthers(restored)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  }, 120_000); // initdb of a brand-new embedded database (no template copy here): 10–40 s on a busy machine
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL backup is readable by its user only (probe M2)', () => {
  it('pg_dump writes a 0600 file into a 0700 folder under a permissive umask', async () => {
    const previous = process.umask(0o000);
    try {
      const backupDir = path.join(tempDir(), 'backups');
      await pgDump(process.env.TEST_DATABASE_URL!, path.join(backupDir, 'backup-test.pgdump'));
      expect(openToOthers(backupDir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });
});
