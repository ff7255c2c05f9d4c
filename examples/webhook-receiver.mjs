// A minimal Foliodesk webhook receiver (Node.js 20+, no dependencies).
//   WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.mjs   → listens on :8787/foliodesk
// It verifies the v2 signature (over the timestamp and the raw bytes) in constant time, refuses
// deliveries older than five minutes, and handles each delivery id once (retries and redeliveries
// reuse the id). verifySignature checks the spec's signature (over the body alone) for receivers
// that cannot read the v2 header.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.WEBHOOK_SECRET;
const PORT = Number(process.env.PORT ?? 8787);
const TOLERANCE_SECONDS = 5 * 60;
if (!SECRET) throw new Error('set WEBHOOK_SECRET to the secret you gave when subscribing');

// Use a database table with a unique key in production; a Map is enough for a demo.
const seen = new Map();

function sameText(expected, header) {
  const want = Buffer.from(expected);
  const given = Buffer.from(String(header ?? ''));
  return given.length === want.length && timingSafeEqual(given, want);
}

/** X-Service-Signature: `sha256=` + hex HMAC-SHA256 of the raw body. */
export function verifySignature(secret, rawBody, header) {
  return sameText(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`, header);
}

/** X-Service-Signature-V2: `v2=` + hex HMAC-SHA256 of `<X-Service-Timestamp>.<raw body>`. */
export function verifySignatureV2(secret, timestampHeader, rawBody, header) {
  const signed = createHmac('sha256', secret).update(`${String(timestampHeader ?? '')}.`).update(rawBody).digest('hex');
  return sameText(`v2=${signed}`, header);
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
    const sentAt = req.headers['x-service-timestamp'];
    // v2 signs the timestamp too: a captured delivery cannot be resent later with a fresh one.
    if (!verifySignatureV2(SECRET, sentAt, raw, req.headers['x-service-signature-v2'])) return res.writeHead(401).end('bad signature');
    if (!freshEnough(sentAt)) return res.writeHead(400).end('stale delivery');
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
