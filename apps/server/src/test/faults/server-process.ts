import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../db/client';
import { createScratchDatabase } from '../db';
import { scaled } from '../timeouts';

/**
 * The real server (`node --import tsx apps/server/src/server.ts`) in a child process, for fault tests: SIGTERM,
 * SIGKILL, logs. Its database is a fresh PostgreSQL database on TEST_DATABASE_URL's server, or a PGlite
 * directory in a temp dir; both survive a restart of the process and are removed by `dispose()`.
 */
export const FAULTS_SESSION_SECRET = 'faults-session-secret-0123456789abcdef0123456789';
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerDatabase {
  kind: 'postgres' | 'pglite';
  /** DATABASE_URL or DATA_DIR for the server process. */
  env: Record<string, string>;
  /** Open it from the test (only while no server process has it, for PGlite). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function createServerDatabase(): Promise<ServerDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'faults-pglite-'));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(adminUrl, 'f');
  return {
    kind: 'postgres',
    env: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ url: scratch.url, poolSize: 5 }),
    dispose: () => scratch.drop(),
  };
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every stdout line so far. */
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** stdout lines that parse as JSON (pino). */
  jsonLogs(): Record<string, unknown>[];
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServer(options: { db: ServerDatabase; env?: Record<string, string>; port?: number; readyTimeoutMs?: number }): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const simPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    VIPPS_TEST_MODE: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    VIPPS_SIM_PORT: String(simPort),
    PUBLIC_URL: url,
    SESSION_SECRET: FAULTS_SESSION_SECRET,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    ...options.db.env,
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const collect = (sink: string[]) => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      sink.push(...lines.filter((l) => l.length > 0));
    };
  };
  child.stdout!.on('data', collect(stdout));
  child.stderr!.on('data', collect(stderr));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const deadline = Date.now() + (options.readyTimeoutMs ?? scaled(60_000));
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  for (;;) {
    if (exitedEarly) throw new Error(`server exited during start-up:\n${[...stdout, ...stderr].slice(-20).join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${[...stdout, ...stderr].slice(-20).join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    port,
    child,
    stdout,
    stderr,
    exited,
    jsonLogs: () =>
      stdout.flatMap((line) => {
        try {
          const value = JSON.parse(line);
          return value && typeof value === 'object' ? [value as Record<string, unknown>] : [];
        } catch {
          return [];
        }
      }),
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
