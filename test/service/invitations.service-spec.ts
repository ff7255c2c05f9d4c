import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '../../src/common/auth/roles.js';
import { AuditService } from '../../src/modules/audit/audit.service.js';
import { InvitationsService } from '../../src/modules/users/invitations.service.js';
import { UsersModule } from '../../src/modules/users/users.module.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { sql } from '../support/db.js';
import { invitationLink, Mailbox } from '../support/mailbox.js';
import { CLIENT, failure, serviceHarness, STRONG_PASSWORD, uniqueEmail, type ServiceHarness, type TestUser } from '../support/service-harness.js';

// Users an admin adds are invited; the owner of the address claims it by accepting the mailed link
// (delivered to a real SMTP receiver on loopback). The wire (status codes, the answer's shape, the
// rate limit's Retry-After, SSO sign-in) is in test/e2e/invitations.e2e-spec.ts.
describe('InvitationsService', () => {
  let h: ServiceHarness;
  let invitations: InvitationsService;
  beforeAll(async () => {
    h = await serviceHarness(UsersModule, { mail: true });
    invitations = h.get(InvitationsService);
  });
  afterAll(() => h.close());

  /** Invites the address as `admin`; the invitation and the token its mailed link carries. */
  async function invite(admin: TestUser, email: string, role: Role = 'viewer', fullName = `Test ${role}`) {
    const seen = h.mailbox!.mailsTo(email).length;
    const invited = await invitations.invite(admin, { email, role, full_name: fullName }, CLIENT);
    const mail = await h.mailbox!.nextMailTo(email, seen);
    return { invited, mail, token: invitationLink(mail).token };
  }
  /** Accepts with the password (STRONG_PASSWORD unless given; `null`: none). */
  const accept = (token: string, password: string | null = STRONG_PASSWORD) => invitations.accept({ token, password: password ?? undefined }, CLIENT);
  const pendingEmails = async (tenantId: string) => (await invitations.list(tenantId, { page: 1, limit: 100 })).items.map((i) => i.email);

  it('accepting creates the account in the inviting tenant with the invited role, name and the id the invitation announced', async () => {
    const tenant = await h.tenant('Acme Wealth');
    const email = uniqueEmail('bound');
    const { invited, mail, token } = await invite(tenant.admin, email, 'analyst', 'Ravi Kumar');
    expect(invited).toMatchObject({ email, role: 'analyst', tenant_id: tenant.id, status: 'invited', invitation_id: expect.stringMatching(/^inv_/) });
    expect(mail.subject).toContain('Acme Wealth');
    expect(await accept(token)).toEqual({ user: { id: invited.id, email, role: 'analyst', tenant_id: tenant.id, full_name: 'Ravi Kumar' }, sso_login_url: null });
    expect(await h.get(UsersService).get(tenant.id, invited.id)).toMatchObject({ status: 'active', role: 'analyst' });
    await h.signIn({ ...tenant.admin, email, password: STRONG_PASSWORD });
    const audit = await h.get(AuditService).list(tenant.id, { page: 1, limit: 10 });
    expect(audit.items.find((e) => e.action === 'user.create')).toMatchObject({
      actor_id: invited.id,
      metadata: { role: 'analyst', source: 'invitation', invitation_id: invited.invitation_id, invited_by: tenant.admin.userId },
    });
  });

  it('refuses the address of an account of its own tenant', async () => {
    const tenant = await h.tenant();
    const viewer = await tenant.user('viewer');
    expect(await failure(invitations.invite(tenant.admin, { email: viewer.email, role: 'viewer', full_name: 'X' }, CLIENT))).toBe('EMAIL_TAKEN');
  });

  it('invites an address with an account elsewhere like any other, and leaves that account where it is', async () => {
    const [acme, rival] = [await h.tenant(), await h.tenant()];
    const { invited, token } = await invite(rival.admin, acme.admin.email);
    expect(invited).toMatchObject({ status: 'invited', tenant_id: rival.id });
    expect(await failure(accept(token))).toBe('EMAIL_TAKEN');
    expect(await failure(h.get(UsersService).get(rival.id, invited.id))).toBe('NOT_FOUND');
  });

  it("another tenant's invitation claims nothing: the first acceptance claims the address, the other's then answers EMAIL_TAKEN", async () => {
    const [acme, rival] = [await h.tenant(), await h.tenant()];
    const email = uniqueEmail('staff');
    const squatter = await invite(rival.admin, email, 'admin');
    const own = await invite(acme.admin, email, 'analyst');
    expect((await accept(own.token)).user).toMatchObject({ email, role: 'analyst', tenant_id: acme.id });
    expect(await failure(accept(squatter.token))).toBe('EMAIL_TAKEN');
    // The claim was undone with the refusal: the rival's invitation is still pending, not accepted.
    expect(await pendingEmails(rival.id)).toContain(email);
  });

  it('a token works once', async () => {
    const tenant = await h.tenant();
    const { token } = await invite(tenant.admin, uniqueEmail('once'));
    await accept(token);
    expect(await failure(accept(token, 'An0ther-Passw0rd!'))).toBe('INVITATION_INVALID');
  });

  it('two acceptances of one token at once: one account, the others INVITATION_INVALID', async () => {
    const tenant = await h.tenant();
    const { token } = await invite(tenant.admin, uniqueEmail('race'));
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => accept(token)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(o.reason).toMatchObject({ code: 'INVITATION_INVALID' });
  });

  it('an expired invitation opens nothing and is no longer listed as pending', async () => {
    const tenant = await h.tenant();
    const email = uniqueEmail('late');
    const { token } = await invite(tenant.admin, email);
    await sql(`UPDATE user_invitations SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect(await failure(accept(token))).toBe('INVITATION_INVALID');
    expect(await pendingEmails(tenant.id)).not.toContain(email);
  });

  it('inviting the address again replaces the pending invitation: the first link no longer opens', async () => {
    const tenant = await h.tenant();
    const email = uniqueEmail('again');
    const first = await invite(tenant.admin, email, 'viewer');
    const second = await invite(tenant.admin, email, 'analyst');
    expect(await failure(accept(first.token))).toBe('INVITATION_INVALID');
    expect((await accept(second.token)).user.role).toBe('analyst');
  });

  it('a revoked invitation no longer opens; revoking twice answers the same; an accepted one cannot be revoked', async () => {
    const tenant = await h.tenant();
    const { invited, token } = await invite(tenant.admin, uniqueEmail('revoked'));
    expect(await invitations.revoke(tenant.admin, invited.invitation_id, CLIENT)).toMatchObject({ invitation_id: invited.invitation_id, status: 'revoked' });
    expect(await invitations.revoke(tenant.admin, invited.invitation_id, CLIENT)).toMatchObject({ status: 'revoked' });
    expect(await failure(accept(token))).toBe('INVITATION_INVALID');
    const accepted = await invite(tenant.admin, uniqueEmail('accepted'));
    await accept(accepted.token);
    expect(await failure(invitations.revoke(tenant.admin, accepted.invited.invitation_id, CLIENT))).toBe('CONFLICT');
  });

  it("only the inviting tenant sees or revokes its invitation", async () => {
    const [acme, rival] = [await h.tenant(), await h.tenant()];
    const email = uniqueEmail('bound');
    const { invited, token } = await invite(acme.admin, email);
    expect(await pendingEmails(rival.id)).not.toContain(email);
    expect(await failure(invitations.revoke(rival.admin, invited.invitation_id, CLIENT))).toBe('NOT_FOUND');
    await accept(token);
  });

  it.each([
    { name: 'disabled', change: (s: UsersService, admin: TestUser, inviter: string) => s.setDisabled(admin, inviter, true, CLIENT) },
    { name: 'demoted', change: (s: UsersService, admin: TestUser, inviter: string) => s.changeRole(admin, inviter, 'analyst', CLIENT) },
  ])('an invitation of an admin who was $name since no longer opens', async ({ change }) => {
    const tenant = await h.tenant();
    const inviter = await tenant.user('admin');
    const { token } = await invite(inviter, uniqueEmail('via'), 'admin');
    await change(h.get(UsersService), tenant.admin, inviter.userId);
    expect(await failure(accept(token))).toBe('INVITATION_INVALID');
  });

  it.each([
    { name: 'a token that was never issued', token: () => 'x'.repeat(43), password: STRONG_PASSWORD, code: 'INVITATION_INVALID' },
    { name: 'a weak password', token: (issued: string) => issued, password: 'password', code: 'PASSWORD_POLICY_VIOLATION' },
    { name: 'no password (the tenant has no SSO)', token: (issued: string) => issued, password: null, code: 'VALIDATION_ERROR' },
  ])('refuses $name with $code and creates nothing: the token still works for its owner', async ({ token, password, code }) => {
    const tenant = await h.tenant();
    const issued = await invite(tenant.admin, uniqueEmail('refused'));
    expect(await failure(accept(token(issued.token), password))).toBe(code);
    expect((await h.get(UsersService).list(tenant.id, { page: 1, limit: 10 })).total).toBe(1);
    await accept(issued.token);
  });
});

describe('InvitationsService: limits and mail', () => {
  it('counts invitations per admin and per tenant: past either limit RATE_LIMITED, and no mail is sent', async () => {
    const h = await serviceHarness(UsersModule, { mail: true, env: { USER_INVITES_PER_ADMIN_PER_HOUR: '3', USER_INVITES_PER_TENANT_PER_HOUR: '5' } });
    try {
      const invitations = h.get(InvitationsService);
      const send = (by: TestUser, email = uniqueEmail('flood')) => invitations.invite(by, { email, role: 'viewer', full_name: 'Flood' }, CLIENT);
      const tenant = await h.tenant();
      const second = await tenant.user('admin');
      for (let i = 0; i < 3; i++) await send(tenant.admin);
      expect(await failure(send(tenant.admin))).toBe('RATE_LIMITED');
      await send(second);
      await send(second);
      const blocked = uniqueEmail('blocked');
      const overTenant = await send(second, blocked).catch((e: unknown) => e);
      expect(overTenant).toMatchObject({ code: 'RATE_LIMITED' });
      expect(String((overTenant as Error).message) + JSON.stringify(overTenant)).toContain('tenant');
      await new Promise((r) => setTimeout(r, 200));
      expect(h.mailbox!.mailsTo(blocked)).toEqual([]);
      // Another tenant is not held back.
      await send((await h.tenant()).admin);
    } finally {
      await h.close();
    }
  });

  it('an invitation whose mail cannot be sent fails with MAIL_UNAVAILABLE and is revoked: nothing pending, nothing to accept', async () => {
    const dead = await new Mailbox().start();
    await dead.stop();
    const h = await serviceHarness(UsersModule, { env: { SMTP_URL: dead.url } });
    try {
      const tenant = await h.tenant();
      const email = uniqueEmail('undelivered');
      expect(await failure(h.get(InvitationsService).invite(tenant.admin, { email, role: 'viewer', full_name: 'Undelivered' }, CLIENT))).toBe('MAIL_UNAVAILABLE');
      expect((await h.get(InvitationsService).list(tenant.id, { page: 1, limit: 10 })).items).toEqual([]);
      const rows = await sql(`SELECT revoked_at FROM user_invitations WHERE email = $1`, [email]);
      expect(rows).toHaveLength(1);
      expect(rows[0].revoked_at).not.toBeNull();
    } finally {
      await h.close();
    }
  });
});
