import { AppException } from '../errors/app.exception.js';
import { FairQueue } from './fair-queue.js';

export interface FairGateOptions {
  /** Work running at once, all tenants together. */
  slots: number;
  /** Work of one tenant running at once. */
  perTenant: number;
  /** Work of one tenant waiting for a slot; past it, refused. */
  waitingPerTenant: number;
  /** How long work waits for a slot before it is refused. */
  maxWaitMs: number;
}

/** Work the gate did not let in: the tenant has as much waiting as it may, or it waited too long. */
export class GateRefused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('busy');
  }
}

interface Waiter {
  tenant: string;
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Work of many tenants sharing a few slots in this process: at most `slots` at once and `perTenant`
 * of one tenant; the rest waits its turn round-robin across tenants (`FairQueue`), so a tenant with
 * many waiting delays another's one by at most one of each tenant ahead of it. A tenant has at most
 * `waitingPerTenant` waiting and each waits at most `maxWaitMs`; past either the work is refused
 * (`GateRefused`), which the caller answers 429 TENANT_BUSY with Retry-After.
 */
export class FairGate {
  private running = 0;
  private readonly runningByTenant = new Map<string, number>();
  private readonly waiting: FairQueue<Waiter>;

  constructor(private readonly options: FairGateOptions) {
    // The total bound is the per-tenant one across tenants: only the per-tenant bound refuses.
    this.waiting = new FairQueue<Waiter>(Number.MAX_SAFE_INTEGER, options.waitingPerTenant);
  }

  /** Runs `work` once a slot is free for `tenant`; throws GateRefused when the tenant may not wait. */
  async run<T>(tenant: string, work: () => Promise<T>): Promise<T> {
    await this.enter(tenant);
    try {
      return await work();
    } finally {
      this.leave(tenant);
    }
  }

  /** Work running now, of one tenant or of all. */
  runningNow(tenant?: string): number {
    return tenant === undefined ? this.running : (this.runningByTenant.get(tenant) ?? 0);
  }

  private enter(tenant: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        tenant,
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          if (this.waiting.remove(tenant, waiter)) reject(new GateRefused(Math.ceil(this.options.maxWaitMs / 1000)));
        }, this.options.maxWaitMs),
      };
      if (!this.waiting.push(tenant, waiter)) {
        clearTimeout(waiter.timer);
        reject(new GateRefused(Math.ceil(this.options.maxWaitMs / 1000)));
        return;
      }
      this.pump();
    });
  }

  private leave(tenant: string): void {
    this.running--;
    const left = (this.runningByTenant.get(tenant) ?? 1) - 1;
    if (left > 0) this.runningByTenant.set(tenant, left);
    else this.runningByTenant.delete(tenant);
    this.pump();
  }

  private pump(): void {
    while (this.running < this.options.slots) {
      const next = this.waiting.shift((tenant) => (this.runningByTenant.get(tenant) ?? 0) < this.options.perTenant);
      if (!next) return;
      this.running++;
      this.runningByTenant.set(next.tenant, (this.runningByTenant.get(next.tenant) ?? 0) + 1);
      next.start();
    }
  }
}

/** Runs `work` through `gate` for the tenant; a refusal is 429 TENANT_BUSY naming `what`, with Retry-After. */
export async function throughGate<T>(gate: FairGate, tenant: string, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await gate.run(tenant, work);
  } catch (error) {
    if (!(error instanceof GateRefused)) throw error;
    throw new AppException('TENANT_BUSY', `Your firm already has as many ${what} in progress as it may; try again after ${error.retryAfterSeconds} seconds`, {
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
    });
  }
}
