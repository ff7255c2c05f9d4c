// PostgreSQL restarted, crashed and hung under load. The test starts its own PostgreSQL cluster and Redis
// (test/support/faults), never the machine's shared ones, and a Foliodesk process from dist/ (run
// `npm run build` first; `npm test` does) while uploads, pipeline runs, reads and webhook deliveries
// are in flight. FOLIODESK_LONG_FAULTS=1: more load, longer outages and more rounds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FaultScenario } from '../support/faults/scenario.js';
import { FAULT_BOUNDS, sleep } from '../support/faults/util.js';
import { uncleanOutcomes } from '../support/faults/workload.js';

const { answerMs: ANSWER_BOUND_MS, healthyMs: HEALTHY_BOUND_MS, outageMs: OUTAGE_MS, hangMs: HANG_MS, rounds: ROUNDS } = FAULT_BOUNDS;

describe('faults: PostgreSQL restarted, crashed and hung under load', () => {
  const s = new FaultScenario();
  beforeAll(() => s.setUp(), 120_000);
  afterAll(() => s.tearDown(), 60_000);


  it('a restart (pg_ctl restart -m fast) under load: requests answer cleanly, every document ends, every event arrives', () =>
    s.explain(async () => {
      const load = s.workload();
      const atFault: Array<{ runs: number; events: number }> = [];
      load.start();
      try {
        // Five restarts at least, each met by a dense burst and each falling at another point of it (the
        // restart is issued 40–240 ms into the burst): a window this short is missed by a sparse load or
        // by a restart that always falls at the same moment of the transactions in flight. The moment a
        // restart falls between two statements of a transaction is aimed at exactly, every run, by
        // test/service/connection-cut.service-spec.ts.
        const rounds = Math.max(5, ROUNDS);
        for (let round = 0; round < rounds; round++) {
          atFault.push(await s.underWay(load, 3 * (round + 1)));
          // Uploads sent densely from just before the restart until the service is healthy again.
          const aimedAt = Date.now();
          const restarted = sleep(40 + (200 * round) / (rounds - 1)).then(() => s.postgres.restart('fast'));
          const healthy = restarted.then(() => s.healthyWithin(HEALTHY_BOUND_MS));
          await Promise.all([load.burst(6, healthy.then(() => sleep(300))), healthy]);
          const healthyIn = await healthy;
          console.info(`faults-postgres: restart ${round + 1}: healthy ${healthyIn} ms after PostgreSQL was back; sent around it: ${JSON.stringify(load.summary(load.between(aimedAt, Date.now())))}`);
          await sleep(1000); // the load goes on after the restart
        }
      } finally {
        await load.stop();
      }
      // A 500 is shown with the cause its reference was logged with.
      const unclean = uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS);
      if (unclean.length) console.info(`faults-postgres: restart: logged causes: ${JSON.stringify(s.app.logLines('unhandled error').map((l) => ({ requestId: l.requestId, path: l.path, err: { type: l.err?.type, code: l.err?.code, message: l.err?.message, stack: String(l.err?.stack ?? '').split('\n').slice(0, 8) } })))}`);
      expect(unclean).toEqual([]);
      await s.expectRecovered('faults-postgres: restart', load, atFault);
    }),
  240_000);

  it('a crash (pg_ctl stop -m immediate), an outage, then a start: 503 SERVICE_UNAVAILABLE during it, nothing stuck, lost or half-written after', () =>
    s.explain(async () => {
      const load = s.workload();
      load.start();
      const { atFault, during } = await s
        .outages(load, {
          label: 'faults-postgres: crash',
          rounds: ROUNDS,
          outageMs: OUTAGE_MS,
          healthyMs: HEALTHY_BOUND_MS,
          down: () => s.postgres.stop('immediate'),
          up: () => s.postgres.start(),
        })
        .finally(() => load.stop());
      console.info(`faults-postgres: during the outage: ${JSON.stringify(load.summary(during))}`);
      expect(uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS)).toEqual([]);
      // The outage was felt, and answered: reads, health and authenticated calls got 503, not 401 or 500.
      const refused = during.filter((o) => o.status === 503);
      expect(['list', 'health'].filter((op) => !refused.some((o) => o.op === op))).toEqual([]);
      await s.expectRecovered('faults-postgres: crash', load, atFault, { during: during.length, refused: refused.length });
    }),
  180_000);

  it('a hang (every server process SIGSTOPped, connections open, nothing answering), then resumed: 503 within the statement limit, nothing stuck, lost or half-written after', () =>
    s.explain(async () => {
      const load = s.workload();
      load.start();
      const { atFault, during, away } = await s
        .outages(load, {
          label: 'faults-postgres: hang',
          rounds: ROUNDS,
          outageMs: HANG_MS,
          healthyMs: HEALTHY_BOUND_MS,
          down: () => s.postgres.freeze(),
          up: () => s.postgres.thaw(),
        })
        .finally(async () => {
          await s.postgres.thaw().catch(() => undefined);
          await load.stop();
        });
      const whileFrozen = s.answeredWhileAway(load, away);
      console.info(`faults-postgres: sent during the hang: ${JSON.stringify(load.summary(during))}; answered while frozen: ${JSON.stringify(load.summary(whileFrozen))}`);
      // No request waits on the hung server past the bound; what the limits answered is a clean 503.
      expect(uncleanOutcomes(load.outcomes, ANSWER_BOUND_MS)).toEqual([]);
      expect(whileFrozen.length).toBeGreaterThan(0);
      expect(whileFrozen.filter((o) => o.status !== 503 || o.code !== 'SERVICE_UNAVAILABLE').map((o) => `${o.op} ${o.status} ${o.code}`)).toEqual([]);
      await s.expectRecovered('faults-postgres: hang', load, atFault, { during: during.length, answeredWhileFrozen: whileFrozen.length });
    }),
  180_000);
});
