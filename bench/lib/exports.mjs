// Exports against a running loc-mock, in their own process: `node bench/lib/exports.mjs <json>` with
// { url, token, workspace, jobs: [{ project, format? }], probe: true, idleProbes: 0 }. Each job is POSTed
// and polled until it leaves PROCESSING; meanwhile a probe asks GET /v1/projects every 10 ms, to show
// whether other requests wait behind a build. With no jobs, the probe runs `idleProbes` times: the same
// request's latency on this machine when no export is being built (the baseline). Prints one JSON line.

const {
  url,
  token,
  workspace,
  jobs,
  probe: withProbe = true,
  download = false,
  idleProbes = 0,
} = JSON.parse(process.argv[2]);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const probeTimes = [];
let probing = withProbe;
const probe = (async () => {
  while (probing) {
    const started = performance.now();
    const response = await fetch(`${url}/v1/projects`, { headers });
    await response.arrayBuffer();
    probeTimes.push(performance.now() - started);
    await sleep(10);
  }
})();

const results = [];
for (const job of jobs) {
  const started = performance.now();
  const created = await (
    await fetch(`${url}/v1/${workspace}/projects/${job.project}/exports`, {
      method: 'POST',
      headers,
      body: JSON.stringify(job.format ? { exportFormat: job.format } : {}),
    })
  ).json();
  let state = created;
  for (let poll = 0; state.status === 'PROCESSING' && poll < 6000; poll++) {
    await sleep(10);
    state = await (
      await fetch(`${url}/v1/${workspace}/projects/${job.project}/exports/${created.id}`, { headers })
    ).json();
  }
  const ms = performance.now() - started;
  if (state.status !== 'SUCCESS')
    throw new Error(`${job.project} ${job.format}: ${state.status} ${state.errorDetails ?? ''}`);
  let zipBytes;
  if (download) zipBytes = (await (await fetch(state.downloadUrl)).arrayBuffer()).byteLength;
  results.push({
    ...job,
    ms,
    files: state.resourceExports.length,
    id: created.id,
    downloadUrl: state.downloadUrl,
    zipBytes,
  });
}
while (probing && jobs.length === 0 && probeTimes.length < idleProbes) await sleep(10);
probing = false;
await probe;
const sorted = probeTimes.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    results,
    probe: sorted.length
      ? {
          n: sorted.length,
          p50Ms: sorted[Math.floor(sorted.length / 2)],
          p99Ms: sorted[Math.floor(sorted.length * 0.99)],
          maxMs: sorted.at(-1),
        }
      : null,
  }),
);
