// Redis killed (SIGKILL, no persistence: every queue is lost and every connection drops), hung
// (SIGSTOP: connections open, nothing answering) and flushed (FLUSHALL) under load. The test starts its own Redis and PostgreSQL (test/support/faults) and a
// Foliodesk process from dist/ (run `npm run build` first; `npm test` does); Bull and ioredis must
// reconnect by themselves and the reconcilers must re-create what Redis lost.
// FOLIODESK_LONG_FAULTS=1: more load, longer outages and more rounds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FaultScenario } from '../support/faults/scenario.js';
import { FAULT_BOUNDS, sleep } from '../support/faults/util.js';
import { uncleanOutcomes } from '../support/faults/workload.js';

const { answerMs: ANSWER_BOUND_MS, healthyMs: HEALTHY_BOUND_MS, outageMs: OUTAGE_MS, hangMs: HANG_MS, rounds: ROUNDS } = FAULT_BOUNDS;

describe('faults: Redis killed, hung and flushed under load', () => {
  const s = new FaultScenario();
  beforeAll(() => s.setUp(), 120_000);
  afterAll(() => s.tearDown(), 60_000);


  it('SIGKILL of Redis, an outage, then a start: requests answer cleanly, every document ends, every event arrives', () =>
    s.explain(async () => {
      const load = s.workload();
      load.start();
      const { atFault, during } = await s
        .outages(load, {
          label: 'faults-redis: kill',
          rounds: ROUNDS,
          outageMs: OUTAGE_MS,
          healthyMs: HEALTHY_BOUND_MS,
          down: () => s.redis.kill(),
          up: () => s.redis.start(),
        })
        .finally(() => load.stop());
      console.info(`faults-redis: during the outage: ${JSON.stringify(load.summary(during))}`);
      expect(uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS)).toEqual([]);
      // The outage was felt: health said so. Uploads, reads and starts need PostgreSQL only, so they went on.
      expect(during.filter((o) => o.op === 'health' && o.status === 503).length).toBeGreaterThan(0);
      expect(during.filter((o) => o.op === 'upload' && o.status === 201).length).toBeGreaterThan(0);
      await s.expectRecovered('faults-redis: kill', load, atFault, { during: during.length });
    }),
  150_000);

  it('a hang (redis-server SIGSTOPped, connections open, nothing answering), then resumed: requests answer within their limits, nothing stuck, lost or half-written after', () =>
    s.explain(async () => {
      const load = s.workload();
      load.start();
      const { atFault, during, away } = await s
        .outages(load, {
          label: 'faults-redis: hang',
          rounds: ROUNDS,
          outageMs: HANG_MS,
          healthyMs: HEALTHY_BOUND_MS,
          down: async () => s.redis.freeze(),
          up: async () => s.redis.thaw(),
        })
        .finally(async () => {
          s.redis.thaw();
          await load.stop();
        });
      const whileFrozen = s.answeredWhileAway(load, away);
      console.info(`faults-redis: sent during the hang: ${JSON.stringify(load.summary(during))}; answered while frozen: ${JSON.stringify(load.summary(whileFrozen))}`);
      expect(uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS)).toEqual([]);
      // Health said so; uploads need PostgreSQL only and went on.
      expect(whileFrozen.filter((o) => o.op === 'health' && o.status === 503).length).toBeGreaterThan(0);
      expect(whileFrozen.filter((o) => o.op === 'upload' && o.status === 201).length).toBeGreaterThan(0);
      await s.expectRecovered('faults-redis: hang', load, atFault, { during: during.length, answeredWhileFrozen: whileFrozen.length });
    }),
  180_000);

  it('FLUSHALL mid-pipeline and mid-delivery: the reconcilers re-create the lost jobs; nothing stuck, lost or half-written', () =>
    s.explain(async () => {
      const load = s.workload();
      const atFault: Array<{ runs: number; events: number }> = [];
      load.start();
      try {
        for (let round = 0; round < ROUNDS; round++) {
          atFault.push(await s.underWay(load, 3 * (round + 1)));
          await s.redis.flushAll();
          await sleep(1500);
        }
      } finally {
        await load.stop();
      }
      expect(uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS)).toEqual([]);
      await s.expectRecovered('faults-redis: flushall', load, atFault);
    }),
  150_000);
});
