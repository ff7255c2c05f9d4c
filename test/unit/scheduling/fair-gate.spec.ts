import { describe, expect, it } from '@jest/globals';
import { FairGate, GateRefused } from '../../../src/common/scheduling/fair-gate.js';

/** Work that runs until the test finishes it; `started` records the order in which work began. */
function harness(gate: FairGate) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (tenant: string, name: string) =>
    gate.run(tenant, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
  const finish = async (name: string) => {
    finishers.get(name)!();
    await new Promise((r) => setImmediate(r));
  };
  return { started, submit, finish };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('FairGate', () => {
  it("one tenant's flood delays another's work by at most one of its own, not by the whole flood", async () => {
    const gate = new FairGate({ slots: 2, perTenant: 2, waitingPerTenant: 20, maxWaitMs: 10_000 });
    const { started, submit, finish } = harness(gate);
    const flood = Array.from({ length: 10 }, (_, i) => submit('flooder', `a${i}`));
    const mine = submit('quiet', 'b0');
    await tick();
    expect(started).toEqual(['a0', 'a1']);
    await finish('a0');
    await finish('a1');
    // First in, first out would start a2 and a3 here.
    expect(started.slice(2)).toEqual(['a2', 'b0']);
    await finish('b0');
    await expect(mine).resolves.toBe('b0');
    for (let i = 2; i < 10; i++) await finish(`a${i}`);
    await expect(Promise.all(flood)).resolves.toHaveLength(10);
    expect(gate.runningNow()).toBe(0);
  });

  it('runs no more than perTenant of one tenant even with slots free, and lets the others use them', async () => {
    const gate = new FairGate({ slots: 4, perTenant: 1, waitingPerTenant: 5, maxWaitMs: 10_000 });
    const { started, submit, finish } = harness(gate);
    void submit('a', 'a0');
    void submit('a', 'a1');
    void submit('b', 'b0');
    await tick();
    expect(started).toEqual(['a0', 'b0']);
    expect(gate.runningNow('a')).toBe(1);
    await finish('a0');
    expect(started).toEqual(['a0', 'b0', 'a1']);
    await finish('a1');
    await finish('b0');
  });

  it("refuses a tenant's work past its waiting bound; another tenant's work is still taken", async () => {
    const gate = new FairGate({ slots: 1, perTenant: 1, waitingPerTenant: 2, maxWaitMs: 10_000 });
    const { started, submit, finish } = harness(gate);
    const work = [submit('a', 'a0'), submit('a', 'a1'), submit('a', 'a2')];
    await expect(submit('a', 'a3')).rejects.toBeInstanceOf(GateRefused);
    const other = submit('b', 'b0');
    await tick();
    for (const name of ['a0', 'a1', 'b0', 'a2']) await finish(name);
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2']);
    await expect(Promise.all([...work, other])).resolves.toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it('refuses work that waited longer than maxWaitMs, with the wait as Retry-After', async () => {
    const gate = new FairGate({ slots: 1, perTenant: 1, waitingPerTenant: 5, maxWaitMs: 30 });
    const { submit, finish } = harness(gate);
    const running = submit('a', 'a0');
    await tick();
    const refused = await submit('b', 'b0').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GateRefused);
    expect((refused as GateRefused).retryAfterSeconds).toBe(1);
    await finish('a0');
    await expect(running).resolves.toBe('a0');
    expect(gate.runningNow()).toBe(0);
  });

  it('frees the slot when the work fails', async () => {
    const gate = new FairGate({ slots: 1, perTenant: 1, waitingPerTenant: 1, maxWaitMs: 1_000 });
    await expect(gate.run('a', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(gate.run('a', async () => 'ok')).resolves.toBe('ok');
    expect(gate.runningNow()).toBe(0);
  });
});
