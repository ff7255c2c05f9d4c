import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

export const execFileAsync = promisify(execFile);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `check` until it holds; throws naming `what` after `ms`. Answers the time it took. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string, everyMs = 50): Promise<number> {
  const started = Date.now();
  const deadline = started + ms;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return Date.now() - started;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${ms} ms`);
    await sleep(everyMs);
  }
}

/** Whether long fault variants are asked for (`FOLIODESK_LONG_FAULTS=1`). */
export const LONG_FAULTS = process.env.FOLIODESK_LONG_FAULTS === '1';

/** The bounds the PostgreSQL and Redis fault tests hold the service to. */
export const FAULT_BOUNDS = {
  /** Every request during and after a fault answers within this (no request hangs). */
  answerMs: 10_000,
  /** Health is green again this soon after the dependency accepts connections. */
  healthyMs: 15_000,
  /** How long the dependency stays away. */
  outageMs: LONG_FAULTS ? 8_000 : 2_500,
  /** How long a hung dependency stays frozen: past the answer bound, so only the service's own limits keep requests within it. */
  hangMs: 11_000,
  /** Faults injected in a row, each under load. */
  rounds: LONG_FAULTS ? 3 : 1,
};
