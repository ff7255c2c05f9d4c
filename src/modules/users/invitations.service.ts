import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { AppException, notFound } from '../../common/errors/app.exception.js';
import { paginated, type PageQueryDto, type Paginated } from '../../common/http/pagination.js';
import { prefixedId } from '../../common/ids.js';
import { AppConfig } from '../../config/app-config.js';
import { AuditService } from '../audit/audit.service.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import { PasswordService } from '../auth/password.service.js';
import { hashTokenId } from '../auth/token.service.js';
import { Mailer, type OutgoingMail } from '../mail/mailer.js';
import { SsoConfigService } from '../sso/sso-config.service.js';
import { TenantsService } from '../tenants/tenants.service.js';
import { toInvitationDto, toInvitedUserDto, type AcceptedInvitationDto, type AcceptInvitationDto, type InvitationDto, type InvitedUserDto } from './dto/invitation.dto.js';
import { toUserDto } from './dto/user.dto.js';
import type { CreateUserDto } from './dto/user-requests.dto.js';
import type { InvitationEntity } from './entities/invitation.entity.js';
import { InvitationsRepository } from './invitations.repository.js';
import { UsersRepository } from './users.repository.js';

/** Bytes of randomness in an invitation token (mailed once, stored only as its SHA-256). */
const TOKEN_BYTES = 32;

/**
 * Users an admin adds are invited, not created: an address is claimed only when its owner accepts
 * the mailed one-time link. So an admin of one tenant cannot occupy another firm's addresses, and
 * `POST /api/v1/users` answers the same whether or not the address has an account elsewhere.
 * Several tenants may invite one address; the first acceptance (or SSO sign-in, or registration)
 * claims it and the others' invitations can no longer be accepted.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly config: AppConfig,
    private readonly invitations: InvitationsRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly limiter: LoginRateLimiter,
    private readonly tenants: TenantsService,
    private readonly sso: SsoConfigService,
    private readonly mailer: Mailer,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Invites the address (replacing the tenant's pending invitation of it) and mails the link. */
  async invite(admin: Principal, dto: CreateUserDto, client: ClientInfo): Promise<InvitedUserDto> {
    await this.limiter.assertInvitationAllowed(admin.tenantId, admin.userId);
    // Only an account of the admin's own tenant is named; one elsewhere changes nothing in the answer.
    const existing = await this.users.findByEmail(dto.email);
    if (existing?.tenantId === admin.tenantId) throw new AppException('EMAIL_TAKEN', 'This address already has an account in your tenant');
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const invitation = await this.dataSource.transaction(async (manager) => {
      await this.invitations.revokePendingFor(admin.tenantId, dto.email, manager);
      const created = await this.invitations.insert(
        {
          id: prefixedId('inv'),
          tenantId: admin.tenantId,
          userId: prefixedId('usr'),
          email: dto.email,
          fullName: dto.full_name,
          role: dto.role,
          tokenHash: hashTokenId(token),
          invitedBy: admin.userId,
          expiresAt: new Date(Date.now() + this.config.invitations.ttlHours * 3_600_000),
        },
        manager,
      );
      await this.audit.record(
        { tenantId: admin.tenantId, actorId: admin.userId, action: 'user.invite', targetType: 'invitation', targetId: created.id, ip: client.ip, metadata: { role: dto.role } },
        manager,
      );
      return created;
    });
    try {
      await this.mailer.send(await this.invitationMail(invitation, token));
    } catch (error) {
      // A link nobody received must not stay valid.
      await this.dataSource.transaction((manager) => this.invitations.revoke(admin.tenantId, invitation.id, manager));
      throw error;
    }
    return toInvitedUserDto(invitation);
  }

  /**
   * Accepts an invitation: creates the account in the inviting tenant with the invited role. The
   * password is set now; a tenant that signs in with SSO may leave it out and continue at its IdP.
   * Unknown, used, revoked and expired tokens, and those of an admin no longer active, all answer INVITATION_INVALID.
   */
  async accept(dto: AcceptInvitationDto, client: ClientInfo): Promise<AcceptedInvitationDto> {
    const invitation = await this.invitations.findOpenByTokenHash(hashTokenId(dto.token));
    if (!invitation) throw new AppException('INVITATION_INVALID');
    // An invitation speaks for the admin who sent it: once they are no longer an active admin (disabled, demoted), it opens nothing.
    const inviter = await this.users.findInTenant(invitation.tenantId, invitation.invitedBy);
    if (!inviter || inviter.disabledAt || inviter.role !== 'admin') throw new AppException('INVITATION_INVALID');
    const sso = await this.ssoEnabled(invitation.tenantId);
    if (dto.password === undefined && !sso) throw new AppException('VALIDATION_ERROR', 'password is required: choose the password of your new account');
    let passwordHash: string | null = null;
    if (dto.password !== undefined) {
      this.passwords.assertPolicy(dto.password);
      passwordHash = await this.passwords.hash(dto.password);
    }
    const user = await this.dataSource.transaction(async (manager) => {
      if (!(await this.invitations.claim(invitation.tenantId, invitation.id, manager))) throw new AppException('INVITATION_INVALID');
      // An address claimed meanwhile (another tenant's invitation, SSO, registration) answers EMAIL_TAKEN and the claim is undone.
      const created = await this.users.insert(
        { id: invitation.userId, tenantId: invitation.tenantId, email: invitation.email, passwordHash, fullName: invitation.fullName, role: invitation.role },
        manager,
      );
      if (passwordHash) await this.users.addPasswordHistory(created.id, passwordHash, manager);
      await this.audit.record(
        {
          tenantId: invitation.tenantId,
          actorId: created.id,
          action: 'user.create',
          targetType: 'user',
          targetId: created.id,
          ip: client.ip,
          metadata: { role: invitation.role, source: 'invitation', invitation_id: invitation.id, invited_by: invitation.invitedBy },
        },
        manager,
      );
      return created;
    });
    return { user: toUserDto(user), sso_login_url: sso ? this.sso.serviceProvider(user.tenantId).login_url : null };
  }

  async list(tenantId: string, page: PageQueryDto): Promise<Paginated<InvitationDto>> {
    const [rows, total] = await this.invitations.listPending(tenantId, page);
    return paginated(rows.map(toInvitationDto), total, page);
  }

  /** Revokes a pending invitation (its link stops working); revoking twice answers the same. */
  async revoke(admin: Principal, id: string, client: ClientInfo): Promise<InvitationDto> {
    const invitation = await this.invitations.findInTenant(admin.tenantId, id);
    if (!invitation) throw notFound('Invitation');
    if (invitation.acceptedAt) throw new AppException('CONFLICT', 'The invitation was accepted; disable the user instead');
    if (!invitation.revokedAt) {
      await this.dataSource.transaction(async (manager) => {
        await this.invitations.revoke(admin.tenantId, id, manager);
        await this.audit.record(
          { tenantId: admin.tenantId, actorId: admin.userId, action: 'user.invitation_revoke', targetType: 'invitation', targetId: id, ip: client.ip },
          manager,
        );
      });
    }
    return toInvitationDto((await this.invitations.findInTenant(admin.tenantId, id)) ?? invitation);
  }

  private async invitationMail(invitation: InvitationEntity, token: string): Promise<OutgoingMail> {
    const tenant = await this.tenants.get(invitation.tenantId);
    // The tenant's name is chosen by whoever registered it: one line, bounded, quoted.
    const firm = tenant.name.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim().slice(0, 100);
    const link = `${this.config.invitations.url}#token=${token}`;
    return {
      to: invitation.email,
      subject: `Your invitation to "${firm}" on Foliodesk`,
      text: [
        `You have been invited to join "${firm}" on Foliodesk as ${invitation.role}.`,
        '',
        `Accept the invitation (the link works once, until ${invitation.expiresAt.toISOString()}):`,
        link,
        '',
        'If you did not expect this invitation, ignore this message: no account is created unless you accept.',
      ].join('\n'),
    };
  }

  private async ssoEnabled(tenantId: string): Promise<boolean> {
    try {
      await this.sso.requireEnabled(tenantId);
      return true;
    } catch (error) {
      if (error instanceof AppException && error.code === 'SSO_NOT_CONFIGURED') return false;
      throw error;
    }
  }
}
