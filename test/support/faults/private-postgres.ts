import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { execFileAsync, freePort, until } from './util.js';

const BIN = process.env.FOLIODESK_PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** initdb and pg_ctl refuse to run as root: they run as this OS user, which owns the data directory. */
const OS_USER = 'postgres';

/**
 * A throw-away PostgreSQL cluster of the test's own (initdb into a temporary directory, trust auth,
 * loopback on a free port), so that a test can restart or crash it without touching the machine's
 * shared server. `fsync=off` only skips flushing to the disk: a crash of the server (immediate stop)
 * keeps everything the OS already has, so committed transactions survive it as in production.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivatePostgres> {
    const dir = await mkdtemp(join(tmpdir(), 'foliodesk-pg-'));
    const cluster = new PrivatePostgres(dir, await freePort());
    try {
      if (process.getuid?.() === 0) await chown(dir, ...(await cluster.osUserIds()));
      await cluster.as('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
      await cluster.start();
      return cluster;
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** A connection URL for database `name` on this cluster. */
  url(name = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = [`-p ${this.port}`, `-k ${this.dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c full_page_writes=off', '-c max_connections=200'];
    await this.as('pg_ctl', ['-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-w', '-t', '60', '-o', options.join(' '), 'start']);
    await until(() => this.answers(), 30_000, 'private PostgreSQL accepting connections', 50);
  }

  /** `fast`: sessions are ended cleanly; `immediate`: the server is killed (a crash; recovery runs at the next start). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.as('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  async restart(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.stop(mode);
    await this.start();
  }

  /**
   * A hung server: every process of the cluster stopped (SIGSTOP). The postmaster is stopped first,
   * so it forks no new backend, then its children, again until every one is seen stopped or exited
   * (one that started while the list was read is caught on the next round; one that exited stays a
   * zombie, unreaped, until the thaw). Connections stay open and new ones
   * are accepted by the kernel, but nothing answers: no error reaches a client until its own time
   * limit. `thaw` (SIGCONT) resumes them.
   */
  async freeze(): Promise<void> {
    const postmaster = await this.postmasterPid();
    signal(postmaster, 'SIGSTOP');
    let running: Array<{ pid: number; state: string }> = [];
    await until(
      async () => {
        running = (await this.children(postmaster)).filter((c) => !HALTED_STATES.has(c.state));
        for (const child of running) signal(child.pid, 'SIGSTOP');
        return running.length === 0;
      },
      5_000,
      'every PostgreSQL process stopped',
      10,
    ).catch((error: Error) => {
      error.message += ` (still running: ${JSON.stringify(running)})`;
      throw error;
    });
  }

  async thaw(): Promise<void> {
    const postmaster = await this.postmasterPid().catch(() => null);
    if (postmaster === null) return;
    for (const child of await this.children(postmaster)) signal(child.pid, 'SIGCONT');
    signal(postmaster, 'SIGCONT');
  }

  private async postmasterPid(): Promise<number> {
    return Number((await readFile(join(this.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  }

  /** The postmaster's children with their state (`T`: stopped). */
  private async children(postmaster: number): Promise<Array<{ pid: number; state: string }>> {
    const children: Array<{ pid: number; state: string }> = [];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === postmaster) children.push({ pid: Number(entry), state: state ?? '' });
    }
    return children;
  }

  /** Runs one statement on a fresh connection (not the application's pool). */
  async query<T = Record<string, any>>(database: string, text: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database), connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async answers(): Promise<boolean> {
    try {
      await this.query('postgres', 'SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async serverLog(): Promise<string> {
    return readFile(join(this.dir, 'server.log'), 'utf8').catch(() => '');
  }

  /** Kills the server (whatever its state, frozen too) and removes the cluster. */
  async destroy(): Promise<void> {
    await this.thaw().catch(() => undefined);
    await this.as('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  private async osUserIds(): Promise<[number, number]> {
    const { stdout } = await execFileAsync('id', ['-u', OS_USER]);
    const { stdout: gid } = await execFileAsync('id', ['-g', OS_USER]);
    return [Number(stdout.trim()), Number(gid.trim())];
  }

  private async as(program: string, args: string[]): Promise<void> {
    const command = process.getuid?.() === 0 ? ['runuser', ['-u', OS_USER, '--', join(BIN, program), ...args]] : [join(BIN, program), args];
    try {
      await execFileAsync(command[0] as string, command[1] as string[], { timeout: 90_000 });
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${program} ${args.at(-1)} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}\n${(await this.serverLog()).slice(-2000)}`);
    }
  }
}

/**
 * Process states (/proc/PID/stat) of a child that answers nothing: stopped (`T`, `t`), or exited and
 * not yet reaped by the stopped postmaster (`Z` zombie, `X` dead). A backend that was ending its
 * session when the postmaster was stopped stays a zombie until the thaw.
 */
const HALTED_STATES = new Set(['T', 't', 'Z', 'X']);

/** Sends a signal to a process that may have exited meanwhile (a backend ending its session). */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
