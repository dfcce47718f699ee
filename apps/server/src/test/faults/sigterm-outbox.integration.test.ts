import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, freePort, startServer, type ServerDatabase, type ServerProcess } from './server-process';
import { scaled } from '../timeouts';

/**
 * SIGTERM while the outbox is sending a batch (issue 42): the batch being sent is finished and marked before the
 * process exits, so no message is lost and none is sent again by the next instance.
 */
describe('SIGTERM during an outbox batch', () => {
  let db: ServerDatabase;
  let server: ServerProcess;
  let smtp: SMTPServer;
  let received = 0;
  let firstReceived: () => void = () => undefined;
  const sending = new Promise<void>((resolve) => (firstReceived = resolve));

  beforeAll(async () => {
    // A slow mail server: each message takes 300 ms, so a batch is in flight for seconds.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () =>
          setTimeout(() => {
            received += 1;
            firstReceived();
            callback();
          }, 300),
        );
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    db = await createServerDatabase();
    server = await startServer({ db, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_RATE_LIMIT: '1000' } });
  }, scaled(120_000));
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.dispose();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('finishes and marks the batch it is sending, then exits 0', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Utboks Test', email: 'utboks@example.no', message: `Melding ${i}` }),
      });
      expect(res.status).toBe(200);
    }
    await sending; // the outbox job has started its batch
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);

    const check = await db.open();
    const rows = (await check.db.execute('select status, count(*)::int as n from outbox group by status')) as unknown as { rows: { status: string; n: number }[] };
    await check.close();
    const byStatus = Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]));
    // Every message the mail server took is marked sent (none would go out twice); the rest wait for the next start.
    expect(byStatus.sent).toBe(received);
    expect(received).toBeGreaterThan(0);
    expect((byStatus.sent ?? 0) + (byStatus.pending ?? 0)).toBe(8);
    expect(byStatus.failed ?? 0).toBe(0);
  }, scaled(60_000));
});
