/** Client and household reports in e2e suites: a firm with a name, waiting for a report. */
import { expect } from '@jest/globals';
import { addUser, bearer, STRONG_PASSWORD, uniqueEmail, type Account, type Tenant, type TestApp } from './app.js';

/** A firm registered under `name` (the report prints it), with an analyst and a viewer. */
export async function namedFirm(t: TestApp, name: string): Promise<Tenant> {
  const res = await t.http.post('/api/v1/auth/register').send({ email: uniqueEmail('admin'), password: STRONG_PASSWORD, full_name: 'Asha Admin', tenant_name: name });
  expect(res.status).toBe(201);
  const admin: Account = { email: '', password: STRONG_PASSWORD, userId: res.body.result.user.id, tenantId: res.body.result.user.tenant_id, accessToken: res.body.result.access_token, refreshToken: res.body.result.refresh_token };
  const [analyst, viewer] = await Promise.all([addUser(t.http, admin, 'analyst'), addUser(t.http, admin, 'viewer')]);
  return { admin, analyst, viewer };
}

/** Polls the report's status until it is completed or failed; answers the status. */
export async function waitForReport(t: TestApp, account: Account, reportId: string, timeoutMs = 60_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.http.get(`/api/v1/reports/${reportId}`).set(bearer(account));
    expect(res.status).toBe(200);
    if (['completed', 'failed'].includes(res.body.result.status)) return res.body.result as Record<string, any>;
    if (Date.now() > deadline) throw new Error(`report still ${res.body.result.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The invested amount a report owes a position (as the portfolio API answers it), from the gains API's
 * open lots: their cost when every lot is known and they make its units, else its printed cost (never a
 * printed 0.00 of a valued holding); null when neither.
 */
export function investedOf(p: Record<string, any>, openLots: ReadonlyArray<Record<string, any>>): number | null {
  const lots = openLots.filter((l) => l.position_id === p.id);
  const complete = lots.length > 0 && p.units !== null && lots.every((l) => l.units !== null && l.cost !== null) && Math.abs(lots.reduce((s, l) => s + l.units, 0) - p.units) < 0.0006;
  if (complete) return lots.reduce((s, l) => s + Math.round(l.cost * 100), 0) / 100;
  return p.cost_value === null || (p.cost_value === 0 && (p.market_value ?? 0) > 0) ? null : p.cost_value;
}
