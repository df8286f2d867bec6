// The floor of a CLI that makes one request: node:http, one POST, the answer read and parsed.
// `node bench/lib/http-once.mjs <url> <bearer> <json body>`
import { request } from 'node:http';

const [url, bearer, body] = process.argv.slice(2);
const req = request(
  url,
  { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' } },
  (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => (text += chunk));
    res.on('end', () => {
      if (res.statusCode >= 400) process.exitCode = 1;
      if (text) JSON.parse(text);
    });
  },
);
req.end(body);
