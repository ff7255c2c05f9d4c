import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, until } from './util.js';

const SERVER = process.env.FOLIODESK_REDIS_SERVER ?? 'redis-server';

/**
 * A redis-server of the test's own on a free loopback port, without persistence (`--save ''
 * --appendonly no`): killing it loses every queue, as a Redis restarted without persistence does.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await mkdtemp(join(tmpdir(), 'foliodesk-redis-')), await freePort());
    try {
      await redis.start();
      return redis;
    } catch (error) {
      await redis.destroy();
      throw error;
    }
  }

  url(db = 0): string {
    return `redis://127.0.0.1:${this.port}/${db}`;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('private Redis is already running');
    const child = spawn(SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (this.output = (this.output + c.toString('utf8')).slice(-8000)));
    child.stderr!.on('data', (c: Buffer) => (this.output = (this.output + c.toString('utf8')).slice(-8000)));
    this.child = child;
    let exited = false;
    child.once('exit', () => (exited = true));
    await until(async () => exited || (await this.answers()), 15_000, 'private Redis accepting connections', 25);
    if (exited) throw new Error(`redis-server exited at start:\n${this.output}`);
  }

  /** SIGKILL: the server dies at once, every connection drops and its data is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await gone;
    }
  }

  /** A hung server: the process stopped (SIGSTOP); connections stay open, nothing answers. `thaw` resumes it. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  /** FLUSHALL on a connection of its own. */
  async flushAll(): Promise<void> {
    const client = new Redis(this.url(), { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  async answers(): Promise<boolean> {
    const client = new Redis(this.url(), { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }

  async destroy(): Promise<void> {
    this.thaw();
    await this.kill();
    await rm(this.dir, { recursive: true, force: true });
  }
}
