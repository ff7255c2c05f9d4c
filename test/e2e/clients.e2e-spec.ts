import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createTenant, errorCode, twoTenants, type Account, type Tenant, type TestApp } from '../support/app.js';
import { sql } from '../support/db.js';

// The client register through the API: CRUD, pagination and filters, PAN rules, write-only secrets,
// roles, tenancy and the audit log. Linking statements to clients is in clients-linking.e2e-spec.ts.

let seq = 0;
/** A valid individual's PAN, unique in the run: AAAP?9999A with the counter in the digits. */
function pan(holder = 'P'): string {
  seq += 1;
  const n = String((Date.now() + seq) % 10000).padStart(4, '0');
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = (i: number) => letters[Math.floor(Math.random() * 26 + i) % 26];
  return `${pick(0)}${pick(1)}${pick(2)}${holder}${pick(3)}${n}${pick(4)}`;
}

describe('clients', () => {
  let t: TestApp;
  let acme: Tenant;
  let rival: Tenant;

  beforeAll(async () => ({ t, acme, rival } = await twoTenants()));
  afterAll(() => t.close());

  const create = async (account: Account, body: Record<string, unknown>) => t.http.post('/api/v1/clients').set(bearer(account)).send(body);
  const created = async (account: Account, body: Record<string, unknown>) => {
    const res = await create(account, body);
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
    return res.body.result as Record<string, any>;
  };

  describe('CRUD', () => {
    it('creates a client and answers it without its date of birth or passwords', async () => {
      const body = { name: 'Priya Sharma', pan: pan(), date_of_birth: '1984-07-21', statement_passwords: ['Secret-Pw-One', 'Secret-Pw-Two'], email: 'Priya@Example.in', mobile: '+919812345678', tags: ['HNI'] };
      const res = await create(acme.analyst, body);
      expect(res.status).toBe(201);
      expect(res.body.result).toEqual({
        client_id: expect.stringMatching(/^cli_[0-9a-f]{24}$/),
        name: 'Priya Sharma',
        pan: body.pan,
        email: 'priya@example.in',
        mobile: '+919812345678',
        tags: ['hni'],
        has_date_of_birth: true,
        password_count: 2,
        source: 'manual',
        household_id: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/1984|Secret-Pw/);
    });

    it('seals the date of birth and passwords at rest, bound to the row', async () => {
      const client = await created(acme.analyst, { name: 'Sealed', pan: pan(), date_of_birth: '1990-01-02', statement_passwords: ['Plain-Text-Pw'] });
      const [row] = await sql('SELECT sealed_date_of_birth, sealed_statement_passwords FROM clients WHERE id = $1', [client.client_id]);
      expect(row.sealed_date_of_birth).toMatch(/^v2:/);
      expect(row.sealed_statement_passwords).toMatch(/^v2:/);
      expect(JSON.stringify(row)).not.toMatch(/1990|Plain-Text-Pw/);
    });

    it('reads, changes (null clears) and keeps the secrets write-only', async () => {
      const client = await created(acme.analyst, { name: 'Rahul Verma', pan: pan(), date_of_birth: '1975-03-04', statement_passwords: ['x-one'] });
      const get = await t.http.get(`/api/v1/clients/${client.client_id}`).set(bearer(acme.viewer));
      expect(get.status).toBe(200);
      expect(get.body.result).toEqual(client);
      const patch = await t.http
        .patch(`/api/v1/clients/${client.client_id}`)
        .set(bearer(acme.analyst))
        .send({ name: 'Rahul K. Verma', date_of_birth: null, statement_passwords: ['a-one', 'a-two', 'a-three'], tags: ['family-office'] });
      expect(patch.status).toBe(200);
      expect(patch.body.result).toMatchObject({ name: 'Rahul K. Verma', has_date_of_birth: false, password_count: 3, tags: ['family-office'] });
      expect(JSON.stringify(patch.body)).not.toMatch(/a-one|a-two/);
      const empty = await t.http.patch(`/api/v1/clients/${client.client_id}`).set(bearer(acme.analyst)).send({});
      expect({ status: empty.status, code: errorCode(empty) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    });

    it('deletes a client no statement is linked to (admin), audited', async () => {
      const client = await created(acme.analyst, { name: 'To Delete', pan: pan() });
      const del = await t.http.delete(`/api/v1/clients/${client.client_id}`).set(bearer(acme.admin));
      expect(del.status).toBe(200);
      const again = await t.http.get(`/api/v1/clients/${client.client_id}`).set(bearer(acme.admin));
      expect({ status: again.status, code: errorCode(again) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
    });
  });

  describe('PAN', () => {
    it.each([
      { name: 'too short', value: 'ABCPE123F' },
      { name: 'digits where letters go', value: '12345ABCDE' },
      { name: 'fourth letter not a holder type (X)', value: 'ABCXE1234F' },
      { name: 'fourth letter not a holder type (E)', value: 'ABCEE1234F' },
    ])('refuses a PAN that is $name with PAN_INVALID, not echoing it', async ({ value }) => {
      const res = await create(acme.analyst, { name: 'Bad PAN', pan: value });
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 400, code: 'PAN_INVALID' });
      expect(JSON.stringify(res.body)).not.toContain(value);
    });

    it.each(['A', 'B', 'C', 'F', 'G', 'H', 'J', 'L', 'P', 'T'])('accepts holder type %s', async (holder) => {
      await created(acme.analyst, { name: `Holder ${holder}`, pan: pan(holder) });
    });

    it('upper-cases and trims what it is sent', async () => {
      const value = pan();
      const client = await created(acme.analyst, { name: 'Lower', pan: `  ${value.toLowerCase()} ` });
      expect(client.pan).toBe(value);
    });

    it('is unique in the tenant (409 PAN_TAKEN, on create and on change) but not across tenants', async () => {
      const value = pan();
      const first = await created(acme.analyst, { name: 'First', pan: value });
      const twice = await create(acme.analyst, { name: 'Second', pan: value });
      expect({ status: twice.status, code: errorCode(twice) }).toEqual({ status: 409, code: 'PAN_TAKEN' });
      expect(twice.body.error.details).toContain(`client_id: ${first.client_id}`);
      const other = await created(acme.analyst, { name: 'Other', pan: pan() });
      const change = await t.http.patch(`/api/v1/clients/${other.client_id}`).set(bearer(acme.analyst)).send({ pan: value });
      expect({ status: change.status, code: errorCode(change) }).toEqual({ status: 409, code: 'PAN_TAKEN' });
      expect(change.body.error.details).toContain(`client_id: ${first.client_id}`);
      await created(rival.analyst, { name: 'Same PAN elsewhere', pan: value });
      expect(first.pan).toBe(value);
    });

    it('answers two simultaneous creations of one PAN with one client and one PAN_TAKEN', async () => {
      const value = pan();
      const answers = await Promise.all([create(acme.analyst, { name: 'Race A', pan: value }), create(acme.analyst, { name: 'Race B', pan: value })]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      const winner = answers.find((a) => a.status === 201)!;
      expect(errorCode(loser)).toBe('PAN_TAKEN');
      expect(loser.body.error.details).toContain(`client_id: ${winner.body.result.client_id}`);
    });
  });

  describe('validation', () => {
    it.each([
      { name: 'an impossible date of birth', body: { date_of_birth: '1990-02-30' } },
      { name: 'a date of birth in the future', body: { date_of_birth: '2999-01-01' } },
      { name: 'a date of birth not as YYYY-MM-DD', body: { date_of_birth: '21/07/1984' } },
      { name: 'too many passwords', body: { statement_passwords: Array.from({ length: 11 }, (_, i) => `pw-${i}`) } },
      { name: 'a bad e-mail', body: { email: 'not-an-email' } },
      { name: 'a bad mobile', body: { mobile: '12-34' } },
      { name: 'a bad tag', body: { tags: ['#vip'] } },
      { name: 'an unknown field', body: { risk_score: 7 } },
    ])('refuses $name with VALIDATION_ERROR', async ({ body }) => {
      const res = await create(acme.analyst, { name: 'Invalid', pan: pan(), ...body });
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.body)).not.toMatch(/pw-1|21\/07/);
    });
  });

  describe('listing', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await createTenant(t.http);
      const names = ['Anand Iyer', 'anita desai', 'Bharat Mehta', 'Chitra Anand', 'Deepak Rao'];
      for (const [i, name] of names.entries()) await created(tenant.analyst, { name, pan: `ABCP${'DEFGH'[i]}${1000 + i}Z`, tags: i % 2 ? ['hni'] : ['retail'] });
    });

    it('pages by name with {items, page, limit, total, has_more}', async () => {
      const first = await t.http.get('/api/v1/clients?limit=2').set(bearer(tenant.viewer));
      expect(first.status).toBe(200);
      expect({ ...first.body.result, items: first.body.result.items.map((c: any) => c.name) }).toEqual({ items: ['Anand Iyer', 'anita desai'], page: 1, limit: 2, total: 5, has_more: true });
      const last = await t.http.get('/api/v1/clients?limit=2&page=3').set(bearer(tenant.viewer));
      expect({ ...last.body.result, items: last.body.result.items.map((c: any) => c.name) }).toEqual({ items: ['Deepak Rao'], page: 3, limit: 2, total: 5, has_more: false });
    });

    it.each([
      { name: 'name, case-insensitive substring', query: 'name=ANAN', expected: ['Anand Iyer', 'Chitra Anand'] },
      { name: 'name with LIKE characters taken literally', query: 'name=%25', expected: [] },
      { name: 'PAN prefix, case-insensitive', query: 'pan=abcpd', expected: ['Anand Iyer'] },
      { name: 'PAN prefix of all', query: 'pan=ABCP', expected: ['Anand Iyer', 'anita desai', 'Bharat Mehta', 'Chitra Anand', 'Deepak Rao'] },
      { name: 'tag', query: 'tag=hni', expected: ['anita desai', 'Chitra Anand'] },
      { name: 'tag and name', query: 'tag=retail&name=a', expected: ['Anand Iyer', 'Bharat Mehta', 'Deepak Rao'] },
    ])('filters by $name', async ({ query, expected }) => {
      const res = await t.http.get(`/api/v1/clients?${query}`).set(bearer(tenant.viewer));
      expect(res.status).toBe(200);
      expect(res.body.result.items.map((c: any) => c.name)).toEqual(expected);
      expect(res.body.result.total).toBe(expected.length);
    });

    it('refuses a malformed filter with VALIDATION_ERROR', async () => {
      const res = await t.http.get('/api/v1/clients?pan=AB-CD').set(bearer(tenant.viewer));
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    });
  });

  describe('roles and tenancy', () => {
    it('lets viewers read, analysts write and only admins delete', async () => {
      const client = await created(acme.analyst, { name: 'Roles', pan: pan() });
      const viewerCreate = await create(acme.viewer, { name: 'Viewer', pan: pan() });
      const viewerPatch = await t.http.patch(`/api/v1/clients/${client.client_id}`).set(bearer(acme.viewer)).send({ name: 'x' });
      const analystDelete = await t.http.delete(`/api/v1/clients/${client.client_id}`).set(bearer(acme.analyst));
      expect([viewerCreate, viewerPatch, analystDelete].map((r) => `${r.status} ${errorCode(r)}`)).toEqual(['403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN']);
      const viewerList = await t.http.get('/api/v1/clients').set(bearer(acme.viewer));
      expect(viewerList.status).toBe(200);
    });

    it("answers another tenant's client exactly like one that does not exist", async () => {
      const client = await created(acme.analyst, { name: 'Private', pan: pan() });
      const ghost = 'cli_000000000000000000000000';
      for (const [method, suffix, body] of [
        ['get', '', undefined],
        ['patch', '', { name: 'Hijacked' }],
        ['delete', '', undefined],
        ['get', '/documents', undefined],
      ] as const) {
        const theirs = await t.http[method](`/api/v1/clients/${client.client_id}${suffix}`).set(bearer(rival.admin)).send(body);
        const none = await t.http[method](`/api/v1/clients/${ghost}${suffix}`).set(bearer(rival.admin)).send(body);
        expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 404, body: none.body });
        expect(errorCode(theirs)).toBe('CLIENT_NOT_FOUND');
      }
      const list = await t.http.get(`/api/v1/clients?pan=${client.pan}`).set(bearer(rival.admin));
      expect(list.body.result.total).toBe(0);
      const still = await t.http.get(`/api/v1/clients/${client.client_id}`).set(bearer(acme.viewer));
      expect(still.body.result.name).toBe('Private');
    });
  });

  it('audits every change by ids, with no personal data', async () => {
    const tenant = await createTenant(t.http);
    const value = pan();
    const client = await created(tenant.analyst, { name: 'Audited Person', pan: value, date_of_birth: '1980-05-06', statement_passwords: ['audit-secret'], email: 'audited@example.in' });
    await t.http.patch(`/api/v1/clients/${client.client_id}`).set(bearer(tenant.analyst)).send({ mobile: '9876543210' });
    await t.http.delete(`/api/v1/clients/${client.client_id}`).set(bearer(tenant.admin));
    const audit = await t.http.get('/api/v1/audit?limit=50').set(bearer(tenant.admin));
    const entries = (audit.body.result.items as Array<Record<string, any>>).filter((e) => e.target_id === client.client_id);
    expect(entries.map((e) => e.action).sort()).toEqual(['client.create', 'client.delete', 'client.update']);
    expect(JSON.stringify(entries)).not.toMatch(new RegExp(`Audited Person|${value}|1980|audit-secret|audited@|9876543210`));
  });

  describe('households', () => {
    const household = (account: Account, body: Record<string, unknown>) => t.http.post('/api/v1/households').set(bearer(account)).send(body);

    it('groups clients with their relationships and shows the household on each client', async () => {
      const [self, spouse, child] = [await created(acme.analyst, { name: 'Head', pan: pan() }), await created(acme.analyst, { name: 'Spouse', pan: pan() }), await created(acme.analyst, { name: 'Child', pan: pan() })];
      const res = await household(acme.analyst, { name: 'Verma family', members: [{ client_id: self.client_id, relationship: 'self' }, { client_id: spouse.client_id, relationship: 'spouse' }] });
      expect(res.status).toBe(201);
      const hh = res.body.result;
      expect(hh).toEqual({
        household_id: expect.stringMatching(/^hh_[0-9a-f]{24}$/),
        name: 'Verma family',
        members: [
          { client_id: self.client_id, name: 'Head', pan: self.pan, relationship: 'self' },
          { client_id: spouse.client_id, name: 'Spouse', pan: spouse.pan, relationship: 'spouse' },
        ],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const put = await t.http.put(`/api/v1/households/${hh.household_id}/members/${child.client_id}`).set(bearer(acme.analyst)).send({ relationship: 'child' });
      expect(put.body.result.members.map((m: any) => m.relationship)).toEqual(['self', 'spouse', 'child']);
      const changed = await t.http.put(`/api/v1/households/${hh.household_id}/members/${child.client_id}`).set(bearer(acme.analyst)).send({ relationship: 'huf' });
      expect(changed.body.result.members.map((m: any) => m.relationship)).toEqual(['self', 'spouse', 'huf']);
      const client = await t.http.get(`/api/v1/clients/${child.client_id}`).set(bearer(acme.viewer));
      expect(client.body.result.household_id).toBe(hh.household_id);
      const removed = await t.http.delete(`/api/v1/households/${hh.household_id}/members/${child.client_id}`).set(bearer(acme.analyst));
      expect(removed.body.result.members).toHaveLength(2);
      const renamed = await t.http.patch(`/api/v1/households/${hh.household_id}`).set(bearer(acme.analyst)).send({ name: 'Verma household' });
      expect(renamed.body.result.name).toBe('Verma household');
      const listed = await t.http.get('/api/v1/households?name=VERMA').set(bearer(acme.viewer));
      expect(listed.body.result.items.map((h: any) => h.household_id)).toContain(hh.household_id);
      const del = await t.http.delete(`/api/v1/households/${hh.household_id}`).set(bearer(acme.admin));
      expect(del.status).toBe(200);
      const stillThere = await t.http.get(`/api/v1/clients/${self.client_id}`).set(bearer(acme.viewer));
      expect(stillThere.body.result.household_id).toBeNull();
    });

    it('keeps a client in one household and one self per household (409)', async () => {
      const [a, b] = [await created(acme.analyst, { name: 'One', pan: pan() }), await created(acme.analyst, { name: 'Two', pan: pan() })];
      const first = await household(acme.analyst, { name: 'First', members: [{ client_id: a.client_id, relationship: 'self' }] });
      const second = await household(acme.analyst, { name: 'Second', members: [{ client_id: a.client_id, relationship: 'self' }] });
      expect({ status: second.status, code: errorCode(second) }).toEqual({ status: 409, code: 'CLIENT_IN_HOUSEHOLD' });
      const twoSelves = await t.http.put(`/api/v1/households/${first.body.result.household_id}/members/${b.client_id}`).set(bearer(acme.analyst)).send({ relationship: 'self' });
      expect({ status: twoSelves.status, code: errorCode(twoSelves) }).toEqual({ status: 409, code: 'HOUSEHOLD_SELF_TAKEN' });
      const bad = await t.http.put(`/api/v1/households/${first.body.result.household_id}/members/${b.client_id}`).set(bearer(acme.analyst)).send({ relationship: 'cousin' });
      expect({ status: bad.status, code: errorCode(bad) }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    });

    it("refuses another tenant's client as a member, and answers another tenant's household like none", async () => {
      const theirs = await created(rival.analyst, { name: 'Rival client', pan: pan() });
      const res = await household(acme.analyst, { name: 'Poach', members: [{ client_id: theirs.client_id, relationship: 'self' }] });
      expect({ status: res.status, code: errorCode(res) }).toEqual({ status: 404, code: 'CLIENT_NOT_FOUND' });
      const mine = await household(acme.analyst, { name: 'Mine' });
      const hhId = mine.body.result.household_id;
      const ghost = 'hh_000000000000000000000000';
      for (const [method, suffix, body] of [
        ['get', '', undefined],
        ['patch', '', { name: 'x' }],
        ['delete', '', undefined],
        ['put', `/members/${theirs.client_id}`, { relationship: 'self' }],
      ] as const) {
        const real = await t.http[method](`/api/v1/households/${hhId}${suffix}`).set(bearer(rival.admin)).send(body);
        const none = await t.http[method](`/api/v1/households/${ghost}${suffix}`).set(bearer(rival.admin)).send(body);
        expect({ status: real.status, body: real.body }).toEqual({ status: 404, body: none.body });
        expect(errorCode(real)).toBe('HOUSEHOLD_NOT_FOUND');
      }
      const audit = await t.http.get('/api/v1/audit?limit=100').set(bearer(acme.admin));
      expect((audit.body.result.items as any[]).some((e) => e.action === 'household.create' && e.target_id === hhId)).toBe(true);
    });
  });

  describe('tenant settings', () => {
    it('defaults to client auto-creation on and no retention, and lets only an admin change them', async () => {
      const tenant = await createTenant(t.http);
      const me = await t.http.get('/api/v1/tenants/me').set(bearer(tenant.viewer));
      expect(me.body.result).toMatchObject({ client_auto_create: true, retention_days: null, tenant_id: tenant.admin.tenantId });
      const analyst = await t.http.patch('/api/v1/tenants/me').set(bearer(tenant.analyst)).send({ client_auto_create: false });
      expect({ status: analyst.status, code: errorCode(analyst) }).toEqual({ status: 403, code: 'FORBIDDEN' });
      const patch = await t.http.patch('/api/v1/tenants/me').set(bearer(tenant.admin)).send({ client_auto_create: false, retention_days: 365 });
      expect(patch.body.result).toMatchObject({ client_auto_create: false, retention_days: 365 });
      const cleared = await t.http.patch('/api/v1/tenants/me').set(bearer(tenant.admin)).send({ retention_days: null });
      expect(cleared.body.result).toMatchObject({ client_auto_create: false, retention_days: null });
      for (const body of [{}, { retention_days: 0 }, { retention_days: 1.5 }, { client_auto_create: 'no' }, { name: 'Renamed' }]) {
        const bad = await t.http.patch('/api/v1/tenants/me').set(bearer(tenant.admin)).send(body);
        expect({ body, status: bad.status, code: errorCode(bad) }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
      }
      const other = await t.http.get('/api/v1/tenants/me').set(bearer(acme.viewer));
      expect(other.body.result.client_auto_create).toBe(true);
      const audit = await t.http.get('/api/v1/audit?limit=20').set(bearer(tenant.admin));
      expect((audit.body.result.items as any[]).filter((e) => e.action === 'tenant.settings_update')).toHaveLength(2);
    });
  });
});
