// The same load as bench/lib/load.mjs, from autocannon (a load tool we did not write, the one a reviewer
// runs): `node bench/lib/autocannon.mjs <json>` with { url, method, headers, body, seconds, connections }
// loads the server for `seconds` and prints one JSON line like load.mjs's. A duration, not a count:
// autocannon ends a run on its once-a-second tick, which would be most of a short counted run.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const started = process.hrtime.bigint();
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  headers: options.headers ?? {},
  body: options.body,
  connections: options.connections ?? 16,
  duration: options.seconds,
  timeout: 60,
});
// Our own clock: autocannon's `duration` is rounded to 10 ms.
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const statuses = {};
for (const [key, count] of Object.entries(result)) {
  const match = /^(\d)xx$/.exec(key);
  if (match && count > 0) statuses[`${match[1]}xx`] = count;
}
if (result.errors || result.timeouts || result.non2xx)
  throw new Error(`autocannon: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds,
    perSecond: result.requests.total / seconds,
    statuses,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  }),
);
