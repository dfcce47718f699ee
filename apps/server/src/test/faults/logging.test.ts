import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl, requestIdOf, safeErrorSerializer } from '../../logging';

/** The log settings of server.ts (apps/server/src/logging.ts) on errors that carry personal data. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions('info') as pino.LoggerOptions;
  return { log: pino(options, stream), text: () => lines.join('') };
}

describe('log serializers', () => {
  it('drops SQL parameters and row details from database errors (names, e-mail)', () => {
    const pgError = Object.assign(new Error('new row for relation "children" violates check constraint "children_id_format"'), {
      code: '23514',
      detail: 'Failing row contains (abc, Zyxalinda, Qwertzheim, 2024-03-01).',
      table: 'children',
      constraint: 'children_id_format',
    });
    const err = new DrizzleQueryError('insert into "children" ("first_name", "last_name") values ($1, $2)', ['Zyxalinda', 'Qwertzheim'], pgError);
    const { log, text } = capture();
    log.error({ err }, 'unhandled error');
    const out = text();
    expect(out).not.toContain('Zyxalinda');
    expect(out).not.toContain('Qwertzheim');
    // What is needed to debug stays: the statement, the constraint, the code.
    expect(out).toContain('insert into');
    expect(out).toContain('children_id_format');
    expect(out).toContain('23514');
  });

  it('keeps ordinary errors whole', () => {
    const serialized = safeErrorSerializer(new TypeError('x is not a function')) as { type: string; message: string; stack: string };
    expect(serialized.type).toBe('TypeError');
    expect(serialized.message).toBe('x is not a function');
    expect(serialized.stack).toContain('TypeError: x is not a function');
  });

  it('replaces credential-like query values in logged URLs', () => {
    expect(redactUrl('/api/vipps/token?code=abc&state=def&scope=openid')).toBe('/api/vipps/token?code=[redacted]&state=[redacted]&scope=openid');
    expect(redactUrl('/api/vipps/payment/x?at=secret')).toBe('/api/vipps/payment/x?at=[redacted]');
    expect(redactUrl('/api/courses?name=%E2%80%AE&limit=5')).toBe('/api/courses?name=%E2%80%AE&limit=5');
    expect(redactUrl('/api/health')).toBe('/api/health');
    // The family calendar's secret is in its path (issue 38).
    expect(redactUrl(`/api/calendar-feeds/${'s'.repeat(43)}.ics`)).toBe('/api/calendar-feeds/[redacted]');
    expect(redactUrl(`/api/calendar-feeds/${'s'.repeat(43)}.ics?x=1`)).toBe('/api/calendar-feeds/[redacted]?x=1');
  });

  it('keeps the Authorization header and cookies out if a request, reply or header object is ever logged', () => {
    const { log, text } = capture();
    log.info({ req: { method: 'GET', url: '/x', headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=cookie-secret' } } }, 'x');
    log.info({ res: { statusCode: 200, headers: { 'set-cookie': 'sid=set-cookie-secret' } } }, 'y');
    log.info({ headers: { Authorization: 'Bearer abc.def.ghi', cookie: 'sid=cookie-secret', accept: 'text/html' } }, 'z');
    const out = text();
    for (const secret of ['abc.def.ghi', 'cookie-secret', 'set-cookie-secret']) expect(out).not.toContain(secret);
    // What is not a credential stays.
    expect(out).toContain('"statusCode":200');
    expect(out).toContain('text/html');
  });

  it('takes a sane x-request-id from the load balancer and replaces anything else', () => {
    const req = (value?: string) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as never;
    expect(requestIdOf(req('lb-0123456789abcdef'))).toBe('lb-0123456789abcdef');
    for (const bad of [undefined, '', 'short', 'has space in it', 'a'.repeat(200), '{"level":60}', 'line\u2028break']) {
      expect(requestIdOf(req(bad))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
