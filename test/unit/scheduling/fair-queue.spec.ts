// The PDF engine's queue: tenants served in turn, bounded in total and per tenant, and a tenant with
// nothing queued or running always let in, so that a few tenants filling it never lock the others out.
import { describe, expect, it } from '@jest/globals';
import { FairQueue } from '../../../src/common/scheduling/fair-queue.js';

const drain = (q: FairQueue<string>) => {
  const out: string[] = [];
  for (let item = q.shift(); item; item = q.shift()) out.push(item);
  return out;
};

describe('FairQueue', () => {
  it('serves tenants in turn: one flooding the queue delays another by one item at most', () => {
    const q = new FairQueue<string>(32, 16);
    for (let n = 0; n < 10; n++) q.push('A', `A${n}`);
    q.push('B', 'B0');
    q.push('C', 'C0');
    expect(drain(q).slice(0, 4)).toEqual(['A0', 'B0', 'C0', 'A1']);
  });

  it('refuses past its limits, in total and per tenant', () => {
    const q = new FairQueue<string>(3, 2);
    expect([q.push('A', 'A0'), q.push('A', 'A1'), q.push('A', 'A2')]).toEqual([true, true, false]);
    expect(q.push('B', 'B0')).toBe(true);
    expect(q.push('B', 'B1')).toBe(false); // the queue is full and B has an item waiting
    expect(q.size).toBe(3);
  });

  it("always takes a tenant's first item (nothing queued, nothing running), even when full: four busy tenants do not lock out a fifth", () => {
    const q = new FairQueue<string>(4, 16);
    for (const tenant of ['A', 'B', 'C', 'D']) expect(q.push(tenant, `${tenant}0`, 1)).toBe(true);
    expect(q.push('A', 'A1', 1)).toBe(false);
    // E has nothing queued or running: let in although the queue is full.
    expect(q.push('E', 'E0', 0)).toBe(true);
    // E again (one waiting now), or a tenant with nothing waiting but one running: refused.
    expect(q.push('E', 'E1', 0)).toBe(false);
    expect(q.push('F', 'F0', 1)).toBe(false);
    expect(q.size).toBe(5); // the limit plus one item per tenant let in over it
    expect(drain(q)).toEqual(['A0', 'B0', 'C0', 'D0', 'E0']);
  });
});
