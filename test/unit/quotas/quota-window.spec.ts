import { describe, expect, it } from '@jest/globals';
import { quotaWindow } from '../../../src/modules/quotas/quota-window.js';

const at = (iso: string) => Date.parse(iso);

describe('quotaWindow', () => {
  it.each([
    { period: 'hour', now: '2026-11-24T05:41:07.500Z', startsAt: '2026-11-24T05:00:00.000Z', resetsAt: '2026-11-24T06:00:00.000Z', secondsLeft: 1133 },
    { period: 'hour', now: '2026-11-24T05:00:00.000Z', startsAt: '2026-11-24T05:00:00.000Z', resetsAt: '2026-11-24T06:00:00.000Z', secondsLeft: 3600 },
    { period: 'hour', now: '2026-11-24T05:59:59.999Z', startsAt: '2026-11-24T05:00:00.000Z', resetsAt: '2026-11-24T06:00:00.000Z', secondsLeft: 1 },
    { period: 'day', now: '2026-11-24T05:41:07.000Z', startsAt: '2026-11-24T00:00:00.000Z', resetsAt: '2026-11-25T00:00:00.000Z', secondsLeft: 65_933 },
    { period: 'day', now: '2026-12-31T23:59:59.000Z', startsAt: '2026-12-31T00:00:00.000Z', resetsAt: '2027-01-01T00:00:00.000Z', secondsLeft: 1 },
  ] as const)('a $period at $now runs from $startsAt to $resetsAt, $secondsLeft s left', ({ period, now, startsAt, resetsAt, secondsLeft }) => {
    const window = quotaWindow(period, at(now));
    expect(window.startsAt.toISOString()).toBe(startsAt);
    expect(window.resetsAt.toISOString()).toBe(resetsAt);
    expect(window.secondsLeft).toBe(secondsLeft);
  });

  it('gives every moment of a window the same index, and the next window the next one', () => {
    const a = quotaWindow('hour', at('2026-11-24T05:00:00.000Z'));
    const b = quotaWindow('hour', at('2026-11-24T05:59:59.999Z'));
    const c = quotaWindow('hour', at('2026-11-24T06:00:00.000Z'));
    expect(a.index).toBe(b.index);
    expect(c.index).toBe(a.index + 1);
  });
});
