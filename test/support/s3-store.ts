import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/modules/nexus/storage/s3-storage.js';

/**
 * An S3-compatible server on loopback for the `s3` driver's tests: s3rver from npm, the stand-in for
 * cloud S3 (which lies outside this machine). It keeps objects in a temporary directory, accepts its
 * own fixed credentials (S3RVER / S3RVER) and checks request signatures; it does not check
 * server-side encryption, so tests check the SSE headers on the requests the SDK sends instead.
 * `stop` and `start` again (on the same port, with the same objects) stand for an outage.
 */
export class S3Stand {
  static readonly bucket = 'foliodesk-test';
  static readonly credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  private server: S3rver | null = null;
  private dir = '';
  port = 0;

  async start(): Promise<this> {
    this.dir ||= await mkdtemp(join(tmpdir(), 'foliodesk-s3-'));
    this.server = new S3rver({ address: '127.0.0.1', port: this.port, directory: this.dir, silent: true, configureBuckets: [{ name: S3Stand.bucket }] });
    this.port = (await this.server.run()).port;
    return this;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  async destroy(): Promise<void> {
    await this.stop();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The driver's settings for this server (a short timeout: an outage is found at once). */
  settings(overrides: Partial<S3Settings> = {}): S3Settings {
    return {
      bucket: S3Stand.bucket,
      prefix: 'foliodesk',
      region: 'us-east-1',
      endpoint: this.endpoint,
      forcePathStyle: true,
      sse: null,
      kmsKeyId: null,
      partSizeBytes: 5 * 1024 * 1024,
      timeoutMs: 5000,
      ...overrides,
    };
  }

  /**
   * The environment of an app on the `s3` driver against this server. The credentials go where the
   * SDK's default chain finds them (the environment), as in production.
   */
  env(overrides: Record<string, string> = {}): Record<string, string> {
    process.env.AWS_ACCESS_KEY_ID = S3Stand.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3Stand.credentials.secretAccessKey;
    return { STORAGE_DRIVER: 's3', S3_BUCKET: S3Stand.bucket, S3_PREFIX: 'foliodesk', S3_ENDPOINT: this.endpoint, S3_FORCE_PATH_STYLE: 'true', S3_TIMEOUT_MS: '5000', ...overrides };
  }
}
