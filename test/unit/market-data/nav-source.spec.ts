import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpNavSource } from '../../../src/modules/nexus/market-data/nav-source.js';

const LIMIT = 64 * 1024;
const CHUNK = Buffer.alloc(16 * 1024, 'a');

/** How much of the endless feed the server managed to send before the client hung up. */
let endlessSent = 0;
let endlessClosed: Promise<void> = Promise.resolve();

const ON_OFFER = 500; // 8 MB in all

/** Writes a chunk every few milliseconds (no Content-Length: chunked) until the client goes away or all are sent. */
function endless(res: ServerResponse) {
  endlessSent = 0;
  endlessClosed = new Promise((resolve) => res.on('close', () => resolve()));
  res.writeHead(200, { 'content-type': 'text/plain' });
  const pump = () => {
    if (res.destroyed) return;
    if (endlessSent === ON_OFFER) return void res.end();
    endlessSent++;
    res.write(CHUNK);
    setTimeout(pump, 2);
  };
  pump();
}

describe('HttpNavSource', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/endless') return endless(res);
      if (req.url === '/small') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('Scheme Code;ISIN\n');
        res.end('119551;INF209KA12Z1\n');
        return;
      }
      if (req.url === '/to-small') return void res.writeHead(302, { location: '/small' }).end();
      if (req.url === '/to-plain-http') return void res.writeHead(301, { location: 'http://nav-mirror.example.in/NAVAll.txt' }).end();
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/declared-large') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(LIMIT + 1) });
        res.end(Buffer.alloc(LIMIT + 1, 'a'));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a chunked body under the limit whole', async () => {
    expect(await new HttpNavSource(`${base}/small`, LIMIT).read()).toBe('Scheme Code;ISIN\n119551;INF209KA12Z1\n');
  });

  it('refuses a chunked body past the limit as soon as it passes, closing the connection', async () => {
    const source = new HttpNavSource(`${base}/endless`, LIMIT);
    await expect(source.read()).rejects.toThrow(`URL ${base}/endless is larger than ${LIMIT} bytes`);
    await endlessClosed;
    // The client hung up a few chunks past the 64 KiB limit, not after the 8 MB on offer.
    expect(endlessSent).toBeLessThan(20);
  });

  it('refuses a declared Content-Length past the limit before reading', async () => {
    await expect(new HttpNavSource(`${base}/declared-large`, LIMIT).read()).rejects.toThrow(`is larger than ${LIMIT} bytes`);
  });

  it('reports an HTTP error status', async () => {
    await expect(new HttpNavSource(`${base}/missing`, LIMIT).read()).rejects.toThrow('answered HTTP 404');
  });

  it('follows a redirect that stays allowed', async () => {
    expect(await new HttpNavSource(`${base}/to-small`, LIMIT).read()).toBe('Scheme Code;ISIN\n119551;INF209KA12Z1\n');
  });

  it('refuses a redirect to plain http, and plain http to anything but a loopback address, before connecting', async () => {
    await expect(new HttpNavSource(`${base}/to-plain-http`, LIMIT).read()).rejects.toThrow('refused http: URL http://nav-mirror.example.in (https only)');
    await expect(new HttpNavSource('http://nav-mirror.example.in/NAVAll.txt', LIMIT).read()).rejects.toThrow('(https only)');
  });

  it('gives up after five redirects', async () => {
    await expect(new HttpNavSource(`${base}/loop`, LIMIT).read()).rejects.toThrow('more than 5 redirects');
  });
});
