// The enrolment night's load balancer (`node bench/proxy.mjs PORT TARGET...`): a few lines of node:http on loopback,
// each request to the next instance in turn, with keep-alive to the instances.
import http from 'node:http';

const [port, ...targets] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are not passed on. Passing the instance's
// `Keep-Alive: timeout=72` to the parents told them a connection lived 72 s, while this proxy closes an idle one after
// Node's 5 s: a parent that reused one just as it closed got a network error (UND_ERR_SOCKET), as a run did.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
let next = 0;
const server = http
  .createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/', targets[next++ % targets.length]);
    const forwarded = http.request(target, { method: incoming.method, headers: { ...endToEnd(incoming.headers), host: target.host }, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
// Idle connections to the parents live 65 s, as load balancers keep them (60–75 s), far past the parents' own 4 s.
// With Node's 5 s, a slow day's run had 477 resets (ECONNRESET) and an enrolment-only run right after 189; a run with
// this line had none. The likely cause: the busy parents' process ran its 4 s idle timer late, and wrote requests on
// connections this proxy had just closed.
server.keepAliveTimeout = 65_000;
