// PostgreSQL restarted and crashed under load. The test starts its own PostgreSQL cluster and Redis
// (test/support/faults), never the machine's shared ones, and a Foliodesk process from dist/ (run
// `npm run build` first; `npm test` does) while uploads, pipeline runs, reads and webhook deliveries
// are in flight. FOLIODESK_LONG_FAULTS=1: more load, longer outages and more rounds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FaultScenario } from '../support/faults/scenario.js';
import { LONG_FAULTS, sleep } from '../support/faults/util.js';
import { uncleanOutcomes } from '../support/faults/workload.js';

/** Every request during and after a fault answers within this (no request hangs). */
const ANSWER_BOUND_MS = 10_000;
/** Health is green again this soon after PostgreSQL accepts connections. */
const HEALTHY_BOUND_MS = 15_000;
const OUTAGE_MS = LONG_FAULTS ? 8_000 : 2_500;
const ROUNDS = LONG_FAULTS ? 3 : 1;

describe('faults: PostgreSQL restarted and crashed under load', () => {
  const s = new FaultScenario();
  beforeAll(() => s.setUp(), 120_000);
  afterAll(() => s.tearDown(), 60_000);


  it('a restart (pg_ctl restart -m fast) under load: requests answer cleanly, every document ends, every event arrives', () =>
    s.explain(async () => {
      const load = s.workload();
      const atFault: Array<{ runs: number; events: number }> = [];
      load.start();
      try {
        for (let round = 0; round < ROUNDS; round++) {
          atFault.push(await s.underWay(load, 3 * (round + 1)));
          await s.postgres.restart('fast');
          const healthyIn = await s.healthyWithin(HEALTHY_BOUND_MS);
          console.info(`faults-postgres: restart ${round + 1}: healthy ${healthyIn} ms after PostgreSQL was back`);
          await sleep(1000); // the load goes on after the restart
        }
      } finally {
        await load.stop();
      }
      expect(uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS)).toEqual([]);
      await s.expectRecovered('faults-postgres: restart', load, atFault);
    }),
  150_000);

  it('a crash (pg_ctl stop -m immediate), an outage, then a start: 503 SERVICE_UNAVAILABLE during it, nothing stuck, lost or half-written after', () =>
    s.explain(async () => {
      const load = s.workload();
      const atFault: Array<{ runs: number; events: number }> = [];
      let during: ReturnType<typeof load.between> = [];
      load.start();
      try {
        for (let round = 0; round < ROUNDS; round++) {
          atFault.push(await s.underWay(load, 3 * (round + 1)));
          await s.postgres.stop('immediate');
          const downAt = Date.now();
          await sleep(OUTAGE_MS);
          during = [...during, ...load.between(downAt + 300, Date.now())];
          await s.postgres.start();
          const healthyIn = await s.healthyWithin(HEALTHY_BOUND_MS);
          console.info(`faults-postgres: crash ${round + 1}: healthy ${healthyIn} ms after PostgreSQL was back`);
          await sleep(1000);
        }
      } finally {
        await load.stop();
      }
      console.info(`faults-postgres: during the outage: ${JSON.stringify(load.summary(during))}`);
      expect(uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS)).toEqual([]);
      // The outage was felt, and answered: reads, health and authenticated calls got 503, not 401 or 500.
      const refused = during.filter((o) => o.status === 503);
      expect(['list', 'health'].filter((op) => !refused.some((o) => o.op === op))).toEqual([]);
      await s.expectRecovered('faults-postgres: crash', load, atFault, { during: during.length, refused: refused.length });
    }),
  180_000);
});
