// The enrolment night's load balancer (`node bench/proxy.mjs PORT TARGET...`): a few lines of node:http on loopback,
// each request to the next instance in turn, with keep-alive to the instances.
import http from 'node:http';

const [port, ...targets] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;
http
  .createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/', targets[next++ % targets.length]);
    const forwarded = http.request(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host }, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
