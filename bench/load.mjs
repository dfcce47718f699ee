// One autocannon run in its own process (so the load generator is not the server's event loop):
//   node bench/load.mjs '{"url":"http://127.0.0.1:3700/api/places","connections":50,"duration":8}'
// Prints one JSON line: p50, p90, p99 (ms), req/s (mean), requests, non-2xx, errors, timeouts.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration ?? 8,
  headers: options.headers ?? {},
  pipelining: 1,
  timeout: 10,
});
process.stdout.write(
  `${JSON.stringify({
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
