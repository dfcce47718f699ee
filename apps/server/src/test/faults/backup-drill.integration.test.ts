import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type RawQuery } from '../../db/client';
import { backupFileName, pgDump, pgliteRestore, pgRestore } from '../../db/backup';
import { createCourse, createFamily } from '../builders';
import { createScratchDatabase, createTestPglite } from '../db';
import { createServerDatabase, repoRoot, startServer } from './server-process';
import { scaled } from '../timeouts';

/**
 * The backup drill (issue 42, decision 044): a backup taken while writes go on, restored into a fresh database, has
 * every table's row count and checksum exactly as the database had them at the backup's moment.
 */
const run = promisify(execFile);
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/**
 * Every table's row count and an md5 of its rows in a fixed order: the drill compares these between the database as
 * the backup saw it and the restored one. The migrations journal is included.
 */
async function tableChecksums(query: RawQuery): Promise<Record<string, { rows: number; md5: string }>> {
  const { rows: tables } = await query(
    "select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [schema, table] = String(name).split('.');
    const quoted = `"${schema}"."${table}"`;
    const { rows } = await query(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5 from ${quoted} t`);
    result[String(name)] = { rows: Number(rows[0]!.n), md5: String(rows[0]!.md5) };
  }
  return result;
}

const rawOf = (db: Db): RawQuery => async (text) => (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };

/** Families and courses written one after another until stopped (at most 200); counts how many were written. */
function keepWriting(db: Db) {
  let stop = false;
  let written = 0;
  let failed: unknown;
  const done = (async () => {
    while (!stop && written < 200) {
      await createFamily(db);
      await createCourse(db, { maximumParticipants: 3 });
      written += 1;
      // PGlite answers without leaving the microtask queue: let timers (the test, the backup) run between writes.
      await new Promise((r) => setImmediate(r));
    }
  })().catch((err: unknown) => void (failed = err));
  return {
    written: () => {
      if (failed) throw failed;
      return written;
    },
    stop: async () => ((stop = true), await done),
  };
}

const until = async (check: () => boolean, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('the writes did not go on');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('backup drill', () => {
  it('PGlite: backed up during writes, restored into a fresh folder, every table equal', async () => {
    const source = await createTestPglite();
    const writer = keepWriting(source.db);
    const file = path.join(tempDir('drill-bak-'), backupFileName('pglite'));
    let atBackup: Awaited<ReturnType<typeof tableChecksums>> | undefined;
    try {
      await until(() => writer.written() >= 3);
      atBackup = await source.backup!(file, tableChecksums);
      const writtenAtBackup = writer.written();
      await until(() => writer.written() >= writtenAtBackup + 2);
    } finally {
      await writer.stop();
      await source.close();
    }
    expect(path.basename(file)).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);

    const target = path.join(tempDir('drill-dst-'), 'data');
    await pgliteRestore(file, target);
    // Restores only into an empty folder.
    await expect(pgliteRestore(file, target)).rejects.toThrow(/not empty/);
    const restored = await openDatabase({ dataDir: target });
    const after = await tableChecksums(rawOf(restored.db));
    await restored.close();
    expect(Object.keys(after).length).toBeGreaterThan(20);
    expect(after).toEqual(atBackup);
    expect(atBackup!['public.users']!.rows).toBeGreaterThan(0);
  }, scaled(90_000));

  describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL (needs TEST_DATABASE_URL; PGlite has no pg_dump)', () => {
    it('pg_dump during writes, pg_restore into an empty database, every table equal', async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const sourceDb = await createScratchDatabase(adminUrl, 'drill');
      const targetDb = await createScratchDatabase(adminUrl, 'drill');
      const source = await openDatabase({ url: sourceDb.url, poolSize: 4 });
      const pin = new pg.Client({ connectionString: sourceDb.url });
      const writer = keepWriting(source.db);
      try {
        await until(() => writer.written() >= 3);
        // The dump's snapshot, pinned so the test reads the same state the dump saw.
        await pin.connect();
        await pin.query('begin isolation level repeatable read');
        const snapshot = (await pin.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
        const atBackup = await tableChecksums(async (text) => pin.query(text));
        const file = path.join(tempDir('drill-pg-'), backupFileName('postgres'));
        await pgDump(sourceDb.url, file, { snapshot });
        await pin.query('commit');
        await writer.stop();
        expect(writer.written()).toBeGreaterThan(3);

        await pgRestore(targetDb.url, file);
        await expect(pgRestore(targetDb.url, file)).rejects.toThrow(/not empty/);
        const check = new pg.Client({ connectionString: targetDb.url });
        await check.connect();
        const after = await tableChecksums(async (text) => check.query(text));
        await check.end();
        expect(after).toEqual(atBackup);
        // The restored database opens: its migrations journal says nothing is left to run.
        const reopened = await openDatabase({ url: targetDb.url, poolSize: 1 });
        await reopened.close();
      } finally {
        await writer.stop();
        await pin.end().catch(() => undefined);
        await source.close();
        await sourceDb.drop();
        await targetDb.drop();
      }
    }, scaled(60_000));
  });

  describe('npm run backup / restore with the server running', () => {
    it('PGlite: the script asks the running server (SIGUSR2); PostgreSQL: pg_dump; restore fills an empty database', async () => {
      const db = await createServerDatabase();
      const backupDir = tempDir('drill-cli-');
      const server = await startServer({ db, env: { BACKUP_DIR: backupDir, CONTACT_RATE_LIMIT: '1000' } });
      try {
        for (let i = 0; i < 5; i++) {
          const res = await fetch(`${server.url}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Drill Test', email: 'drill@example.no', message: `Melding ${i}` }),
          });
          expect(res.status).toBe(200);
        }
        const cli = path.join(repoRoot, 'apps/server/src/db/backup-cli.ts');
        const env = { ...process.env, ...db.env, BACKUP_DIR: backupDir, TEST_DATABASE_URL: '' };
        const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, 'backup'], { cwd: repoRoot, env });
        const files = readdirSync(backupDir);
        expect(files).toHaveLength(1);
        await server.stop();
        if (db.kind === 'pglite') {
          expect(stdout).toContain(`pid ${server.child.pid}`);
          expect(files[0]).toMatch(/\.tar\.gz$/);
          expect(server.jsonLogs().some((l) => l.msg === 'backup written')).toBe(true);
          expect(existsSync(path.join(db.env.DATA_DIR!, 'server.pid'))).toBe(false);
        } else {
          expect(files[0]).toMatch(/\.pgdump$/);
        }

        const scratch = db.kind === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'drill') : undefined;
        const target = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: path.join(tempDir('drill-cli-dst-'), 'data') };
        try {
          await run(process.execPath, ['--import', 'tsx', cli, 'restore', path.join(backupDir, files[0]!)], { cwd: repoRoot, env: { ...env, ...target } });
          const restored = await openDatabase(scratch ? { url: scratch.url, poolSize: 1 } : { dataDir: target.DATA_DIR });
          const rows = (await restored.db.execute(sql`select count(*)::int as n from contact_messages`)) as unknown as { rows: { n: number }[] };
          await restored.close();
          expect(Number(rows.rows[0]!.n)).toBe(5);
        } finally {
          await scratch?.drop();
        }
      } finally {
        await server.stop('SIGKILL');
        await db.dispose();
      }
    }, scaled(60_000));
  });
});
