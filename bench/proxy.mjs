// The enrolment night's load balancer (`node bench/proxy.mjs PORT TARGET...`): a few lines of node:http on loopback,
// each request to the next instance in turn, with keep-alive to the instances; an instance that does not take the
// request (stopped or restarting) passes it to the next.
import http from 'node:http';

const [port, ...targets] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are not passed on. Passing the instance's
// `Keep-Alive: timeout=72` to the parents told them a connection lived 72 s, while this proxy closes an idle one after
// Node's 5 s: a parent that reused one just as it closed got a network error (UND_ERR_SOCKET), as a run did.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
let next = 0;
/** Errors that mean the instance never took the request (stopped, or restarting): it goes to the next one. */
const NOT_TAKEN = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/** Sends the request (its body read first) to one instance after another until one answers, as a load balancer does. */
function forward(incoming, outgoing, body, tries) {
  const target = new URL(incoming.url ?? '/', targets[next++ % targets.length]);
  const forwarded = http.request(target, { method: incoming.method, headers: { ...endToEnd(incoming.headers), host: target.host }, agent }, (answer) => {
    outgoing.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    answer.pipe(outgoing);
  });
  forwarded.on('error', (err) => {
    if (outgoing.headersSent) return outgoing.destroy();
    if (NOT_TAKEN.has(err.code) && tries > 1) return forward(incoming, outgoing, body, tries - 1);
    console.error(`proxy: ${incoming.method} ${incoming.url} → ${target.host}: ${err.code ?? err.message}`);
    outgoing.writeHead(502).end();
  });
  forwarded.end(body);
}

const server = http
  .createServer((incoming, outgoing) => {
    const chunks = [];
    incoming.on('data', (chunk) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks), targets.length * 3));
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
// Idle connections to the parents live 65 s, as load balancers keep them (60–75 s), far past the parents' own 4 s.
// With Node's 5 s, a slow day's run had 477 resets (ECONNRESET) and an enrolment-only run right after 189; a run with
// this line had none. The likely cause: the busy parents' process ran its 4 s idle timer late, and wrote requests on
// connections this proxy had just closed.
server.keepAliveTimeout = 65_000;
