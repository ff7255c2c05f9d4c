/**
 * Waiting work, served round-robin across tenants: each turn takes the oldest item of the next
 * tenant that has any, so a tenant with a hundred items waiting delays another tenant's one item by
 * at most one item of each tenant ahead of it. Bounded in total and per tenant: `push` answers
 * false when either bound is reached (the caller refuses the work), so one tenant cannot fill it —
 * except a tenant with nothing waiting and nothing running, whose item is always taken, so that a
 * few tenants filling the queue never lock the others out. The queue then holds at most `limit`
 * items plus one for each other tenant at work.
 */
export class FairQueue {
    constructor(limit, perTenantLimit) {
        this.limit = limit;
        this.perTenantLimit = perTenantLimit;
        this.byTenant = new Map();
        /** Tenants with waiting items, in the order of their next turn. */
        this.turns = [];
        this.count = 0;
    }
    get size() {
        return this.count;
    }
    /** Queues `item` unless a bound is reached; `running` is how many of the tenant's items are being served. */
    push(tenant, item, running = 0) {
        const items = this.byTenant.get(tenant) ?? [];
        const first = items.length === 0 && running === 0;
        if ((this.count >= this.limit && !first) || items.length >= this.perTenantLimit)
            return false;
        if (items.length === 0) {
            this.byTenant.set(tenant, items);
            this.turns.push(tenant);
        }
        items.push(item);
        this.count++;
        return true;
    }
    /** The next tenant's oldest item, skipping tenants that may not run now (`mayRun`), who keep their turn. */
    shift(mayRun = () => true) {
        const at = this.turns.findIndex(mayRun);
        if (at < 0)
            return undefined;
        const [tenant] = this.turns.splice(at, 1);
        const items = this.byTenant.get(tenant);
        const item = items.shift();
        this.count--;
        if (items.length)
            this.turns.push(tenant);
        else
            this.byTenant.delete(tenant);
        return item;
    }
    /** Takes an item out before its turn (its caller gave up); answers whether it was waiting. */
    remove(tenant, item) {
        const items = this.byTenant.get(tenant);
        const at = items?.indexOf(item) ?? -1;
        if (!items || at < 0)
            return false;
        items.splice(at, 1);
        this.count--;
        if (items.length === 0) {
            this.byTenant.delete(tenant);
            this.turns.splice(this.turns.indexOf(tenant), 1);
        }
        return true;
    }
}
//# sourceMappingURL=fair-queue.js.map