// A bounded HTTP/1.1 load loop over loopback: `connections` keep-alive sockets, each sending its next
// request when the previous answer is complete, until `requests` answers have arrived. Raw sockets
// (no http.Agent) so the client costs little next to the server it measures. Run it in its own process
// (`node bench/lib/load.mjs <json>`): it prints one JSON line with requests/s and latency percentiles.
import { connect } from 'node:net';

/**
 * @param {{ url: string, method?: string, headers?: Record<string, string>, body?: string,
 *           connections?: number, requests: number, timeoutMs?: number }} options
 * @returns {Promise<{ requests: number, seconds: number, perSecond: number, statuses: Record<string, number>,
 *           p50Ms: number, p99Ms: number }>}
 */
export function load({ url, method = 'GET', headers = {}, body = '', connections = 16, requests, timeoutMs = 60_000 }) {
  const target = new URL(url);
  const payload = Buffer.from(body);
  const head = [
    `${method} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ...(payload.length || method === 'POST' ? [`content-length: ${payload.length}`] : []),
    '',
    '',
  ].join('\r\n');
  const request = Buffer.concat([Buffer.from(head), payload]);
  const statuses = {};
  const latencies = new Float64Array(requests);
  let sent = 0;
  let done = 0;
  const started = process.hrtime.bigint();

  return new Promise((resolve, reject) => {
    const sockets = [];
    const timer = setTimeout(
      () => finish(new Error(`load: ${done} of ${requests} answers after ${timeoutMs} ms`)),
      timeoutMs,
    );
    function finish(error) {
      clearTimeout(timer);
      for (const s of sockets) s.destroy();
      if (error) return reject(error);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const sorted = latencies.sort();
      resolve({
        requests,
        seconds,
        perSecond: requests / seconds,
        statuses,
        p50Ms: sorted[Math.floor(requests * 0.5)],
        p99Ms: sorted[Math.min(requests - 1, Math.floor(requests * 0.99))],
      });
    }
    for (let c = 0; c < Math.min(connections, requests); c++) {
      const socket = connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      sockets.push(socket);
      let buffer = Buffer.alloc(0);
      let sentAt = 0n;
      let need = -1; // bytes of the current answer, once its head is read
      const next = () => {
        if (sent >= requests) return;
        sent++;
        sentAt = process.hrtime.bigint();
        socket.write(request);
      };
      socket.on('connect', next);
      socket.on('error', (error) => finish(error));
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (;;) {
          if (need < 0) {
            const end = buffer.indexOf('\r\n\r\n');
            if (end < 0) return;
            const text = buffer.subarray(0, end).toString('latin1');
            const status = text.slice(9, 12);
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
            const bodyless = status === '204' || status === '304' || method === 'HEAD';
            if (!length && !bodyless) return finish(new Error(`load: an answer without Content-Length (${status})`));
            statuses[status] = (statuses[status] ?? 0) + 1;
            need = end + 4 + (bodyless ? 0 : Number(length[1]));
          }
          if (buffer.length < need) return;
          buffer = buffer.subarray(need);
          need = -1;
          latencies[done++] = Number(process.hrtime.bigint() - sentAt) / 1e6;
          if (done === requests) return finish();
          next();
        }
      });
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await load(JSON.parse(process.argv[2]));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
