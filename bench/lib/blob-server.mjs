// Serves one blob of `<MiB>` pseudo-random bytes at every path, for the download benchmark:
// `node bench/lib/blob-server.mjs 200` prints "listening on <url>". Pseudo-random, so no layer could
// compress it; one buffer in memory, so the server costs the clients nothing but the socket.
import { createServer } from 'node:http';

const size = Number(process.argv[2] ?? 200) * 1024 * 1024;
const blob = Buffer.allocUnsafe(size);
let x = 2463534242;
for (let i = 0; i < size; i += 4) {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  blob.writeUInt32LE(x >>> 0, i);
}
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(size) });
  res.end(req.method === 'HEAD' ? undefined : blob);
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
