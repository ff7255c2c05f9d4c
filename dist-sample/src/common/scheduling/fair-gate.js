import { AppException } from '../errors/app.exception.js';
import { FairQueue } from './fair-queue.js';
/** Work the gate did not let in: the tenant has as much waiting as it may, or it waited too long. */
export class GateRefused extends Error {
    constructor(retryAfterSeconds) {
        super('busy');
        this.retryAfterSeconds = retryAfterSeconds;
    }
}
/**
 * Work of many tenants sharing a few slots in this process: at most `slots` at once and `perTenant`
 * of one tenant; the rest waits its turn round-robin across tenants (`FairQueue`), so a tenant with
 * many waiting delays another's one by at most one of each tenant ahead of it. A tenant has at most
 * `waitingPerTenant` waiting and each waits at most `maxWaitMs`; past either the work is refused
 * (`GateRefused`), which the caller answers 429 TENANT_BUSY with Retry-After.
 */
export class FairGate {
    constructor(options) {
        this.options = options;
        this.running = 0;
        this.runningByTenant = new Map();
        // The total bound is the per-tenant one across tenants: only the per-tenant bound refuses.
        this.waiting = new FairQueue(Number.MAX_SAFE_INTEGER, options.waitingPerTenant);
    }
    /** Runs `work` once a slot is free for `tenant`; throws GateRefused when the tenant may not wait. */
    async run(tenant, work) {
        await this.enter(tenant);
        try {
            return await work();
        }
        finally {
            this.leave(tenant);
        }
    }
    /** Work running now, of one tenant or of all. */
    runningNow(tenant) {
        return tenant === undefined ? this.running : (this.runningByTenant.get(tenant) ?? 0);
    }
    enter(tenant) {
        return new Promise((resolve, reject) => {
            const waiter = {
                tenant,
                start: () => {
                    clearTimeout(waiter.timer);
                    resolve();
                },
                timer: setTimeout(() => {
                    if (this.waiting.remove(tenant, waiter))
                        reject(new GateRefused(Math.ceil(this.options.maxWaitMs / 1000)));
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
    leave(tenant) {
        this.running--;
        const left = (this.runningByTenant.get(tenant) ?? 1) - 1;
        if (left > 0)
            this.runningByTenant.set(tenant, left);
        else
            this.runningByTenant.delete(tenant);
        this.pump();
    }
    pump() {
        while (this.running < this.options.slots) {
            const next = this.waiting.shift((tenant) => (this.runningByTenant.get(tenant) ?? 0) < this.options.perTenant);
            if (!next)
                return;
            this.running++;
            this.runningByTenant.set(next.tenant, (this.runningByTenant.get(next.tenant) ?? 0) + 1);
            next.start();
        }
    }
}
/** Runs `work` through `gate` for the tenant; a refusal is 429 TENANT_BUSY naming `what`, with Retry-After. */
export async function throughGate(gate, tenant, what, work) {
    try {
        return await gate.run(tenant, work);
    }
    catch (error) {
        if (!(error instanceof GateRefused))
            throw error;
        throw new AppException('TENANT_BUSY', `Your firm already has as many ${what} in progress as it may; try again after ${error.retryAfterSeconds} seconds`, {
            headers: { 'Retry-After': String(error.retryAfterSeconds) },
        });
    }
}
//# sourceMappingURL=fair-gate.js.map