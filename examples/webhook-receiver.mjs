// A minimal Foliodesk webhook receiver (Node.js 20+, no dependencies).
//   WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.mjs   → listens on :8787/foliodesk
// It verifies the signature over the raw bytes in constant time, refuses deliveries older than five
// minutes, and handles each delivery id once (retries and redeliveries reuse the id).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.WEBHOOK_SECRET;
const PORT = Number(process.env.PORT ?? 8787);
const TOLERANCE_SECONDS = 5 * 60;
if (!SECRET) throw new Error('set WEBHOOK_SECRET to the secret you gave when subscribing');

// Use a database table with a unique key in production; a Map is enough for a demo.
const seen = new Map();

export function verifySignature(secret, rawBody, header) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function freshEnough(timestampHeader, nowSeconds = Date.now() / 1000) {
  const ts = Number(timestampHeader);
  return Number.isFinite(ts) && Math.abs(nowSeconds - ts) <= TOLERANCE_SECONDS;
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/foliodesk') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks); // verify the exact bytes, before any JSON parsing
    if (!verifySignature(SECRET, raw, req.headers['x-service-signature'])) return res.writeHead(401).end('bad signature');
    if (!freshEnough(req.headers['x-service-timestamp'])) return res.writeHead(400).end('stale delivery');
    const id = req.headers['x-service-delivery'];
    if (seen.has(id)) return res.writeHead(200).end('duplicate ignored');
    seen.set(id, Date.now());
    const { event, timestamp, data } = JSON.parse(raw.toString('utf8'));
    console.log(`${timestamp} ${event} ${id}`, data);
    // Answer 2xx quickly (within 10 s) and do slow work afterwards; anything else is retried.
    res.writeHead(204).end();
  });
});

if (import.meta.url === `file://${process.argv[1]}`) {
  server.listen(PORT, () => console.log(`listening on http://localhost:${PORT}/foliodesk`));
}
