import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A real HTTP receiver on loopback that records every request and answers what the test scripts. */
export class Receiver {
  readonly requests: Received[] = [];
  /** Status codes to answer, in order; when exhausted, `fallback`. */
  script: number[] = [];
  fallback = 200;
  /** Milliseconds to hold each request before answering (keeps deliveries in flight). */
  delayMs = 0;
  /** Requests being held now, and the most held at once. */
  inFlight = 0;
  maxInFlight = 0;
  private server!: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const status = this.script.shift() ?? this.fallback;
        this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
        const answer = () => {
          this.inFlight--;
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  forDelivery(id: string) {
    return this.requests.filter((r) => r.headers['x-service-delivery'] === id);
  }

  async waitFor(predicate: (r: Received[]) => boolean, ms = 15_000): Promise<Received[]> {
    const deadline = Date.now() + ms;
    while (!predicate(this.requests)) {
      if (Date.now() > deadline) throw new Error(`receiver: condition not met; got ${this.requests.length} request(s)`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.requests;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
