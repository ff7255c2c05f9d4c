var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Injectable } from '@nestjs/common';
import { OutboxEventEntity } from './entities/outbox-event.entity.js';
/** Every read and write of outbox events: recorded by the modules that cause them, drained by the webhook dispatcher. */
let OutboxService = class OutboxService {
    /** Records an event inside the caller's transaction (pass its manager). */
    async record(manager, tenantId, eventType, data) {
        await manager.getRepository(OutboxEventEntity).insert({ tenantId, eventType, data: data, dispatchedAt: null });
    }
    /** Locks a batch of undispatched events, oldest first, in the caller's transaction (other dispatchers skip them). */
    lockPending(manager, limit) {
        return manager.query(`SELECT id, tenant_id, event_type, data, created_at FROM outbox_events
        WHERE dispatched_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, [limit]);
    }
    /** Marks events dispatched in the caller's transaction (the one that created their deliveries). */
    async markDispatched(manager, ids) {
        if (ids.length)
            await manager.query(`UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
    }
};
OutboxService = __decorate([
    Injectable()
], OutboxService);
export { OutboxService };
//# sourceMappingURL=outbox.service.js.map