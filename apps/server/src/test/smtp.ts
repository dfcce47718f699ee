import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback, in the port range this workspace may use. */
export async function startSmtpServer(received: Received[]): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  for (let attempt = 0; attempt < 30; attempt++) {
    const port = 3100 + Math.floor(Math.random() * 100);
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return { server, port: (server.server.address() as AddressInfo).port };
  }
  throw new Error('no free port in 3100-3199 for the SMTP test server');
}

/** Quoted-printable soft line breaks and escapes, enough to read a text body. */
export const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
