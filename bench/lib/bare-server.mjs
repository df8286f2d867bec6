// The floor for the mock's throughput: a bare node:http server that answers every request with the
// same status, headers and body bytes as a recorded answer of the mock, reading the request body first
// as the mock does. `node bench/lib/bare-server.mjs <answer.json>` prints "listening on <url>".
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answer = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const headers = { ...answer.headers, 'content-length': String(body.length) };
const server = createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(answer.status, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
