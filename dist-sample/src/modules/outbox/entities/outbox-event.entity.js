var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TenantScopedEntity } from '../../../database/tenant-scoped.entity.js';
export const EVENT_KINDS = ['document.completed', 'document.failed', 'chat.session.closed', 'report.generated'];
/**
 * An event written in the same transaction as the change that caused it; the webhook dispatcher
 * turns undispatched rows into deliveries, so no event is lost if a process dies.
 */
let OutboxEventEntity = class OutboxEventEntity extends TenantScopedEntity {
};
__decorate([
    PrimaryGeneratedColumn('uuid'),
    __metadata("design:type", String)
], OutboxEventEntity.prototype, "id", void 0);
__decorate([
    Column({ name: 'event_type', type: 'varchar', length: 40 }),
    __metadata("design:type", String)
], OutboxEventEntity.prototype, "eventType", void 0);
__decorate([
    Column({ type: 'jsonb' }),
    __metadata("design:type", Object)
], OutboxEventEntity.prototype, "data", void 0);
__decorate([
    CreateDateColumn({ name: 'created_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], OutboxEventEntity.prototype, "createdAt", void 0);
__decorate([
    Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], OutboxEventEntity.prototype, "dispatchedAt", void 0);
OutboxEventEntity = __decorate([
    Entity({ name: 'outbox_events' }),
    Index(['dispatchedAt', 'createdAt'])
], OutboxEventEntity);
export { OutboxEventEntity };
//# sourceMappingURL=outbox-event.entity.js.map