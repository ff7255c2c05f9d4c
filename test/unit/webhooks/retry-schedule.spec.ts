import { describe, expect, it } from '@jest/globals';
import { delayBeforeAttempt, delayBeforeRetry, PAUSE_AFTER_FAILING_MS, shouldPause } from '../../../src/modules/webhooks/delivery/retry-schedule.js';

const S = 1000;
const H = 3600 * S;

describe('retry schedule', () => {
  it.each([
    { attempt: 1, delay: 0 },
    { attempt: 2, delay: 5 * S },
    { attempt: 3, delay: 30 * S },
    { attempt: 4, delay: 5 * 60 * S },
    { attempt: 5, delay: 30 * 60 * S },
    { attempt: 6, delay: 1 * H },
    { attempt: 7, delay: 2 * H },
    { attempt: 8, delay: 4 * H },
    { attempt: 9, delay: 8 * H },
    { attempt: 10, delay: 16 * H },
    { attempt: 11, delay: 24 * H },
    { attempt: 30, delay: 24 * H },
  ])('attempt $attempt waits $delay ms', ({ attempt, delay }) => {
    expect(delayBeforeAttempt(attempt)).toBe(delay);
  });

  it('refuses attempt 0', () => {
    expect(() => delayBeforeAttempt(0)).toThrow(RangeError);
  });

  it.each([
    { hours: null, expected: false },
    { hours: 47.9, expected: false },
    { hours: 48, expected: true },
    { hours: 72, expected: true },
  ])('failing for $hours hours pauses: $expected', ({ hours, expected }) => {
    const now = new Date('2026-11-22T12:00:00Z');
    const since = hours === null ? null : new Date(now.getTime() - hours * H);
    expect(shouldPause(since, now)).toBe(expected);
  });

  describe('capped at the pause', () => {
    const since = new Date('2026-11-22T00:00:00Z');
    const at = (ms: number) => new Date(since.getTime() + ms);

    it('keeps the schedule while the pause is further off', () => {
      expect(delayBeforeRetry(2, since, at(0))).toBe(5 * S);
      expect(delayBeforeRetry(11, since, at(10 * H))).toBe(24 * H);
      expect(delayBeforeRetry(3, since, at(0), 0.001)).toBe(30);
    });

    it('lands the next attempt at 48 hours of failures, never after', () => {
      expect(delayBeforeRetry(11, since, at(31.6 * H))).toBeCloseTo(16.4 * H, 0);
      expect(delayBeforeRetry(2, since, at(48 * H - 2 * S))).toBe(2 * S);
      expect(delayBeforeRetry(7, since, at(49 * H))).toBe(0);
    });

    it('makes a delivery failing from its first attempt meet the pause exactly at 48 hours', () => {
      const times = [0];
      while (!shouldPause(since, at(times.at(-1)!))) {
        const now = times.at(-1)!;
        times.push(now + delayBeforeRetry(times.length + 1, since, at(now)));
      }
      expect(times.at(-1)).toBe(PAUSE_AFTER_FAILING_MS);
      expect(times).toHaveLength(11);
      // Attempts 2–10 keep the published schedule; only the 11th (due at 55.6 h) is brought forward.
      for (let n = 2; n <= 10; n++) expect(times[n - 1] - times[n - 2]).toBe(delayBeforeAttempt(n));
      expect(times[9]).toBeLessThan(32 * H);
    });
  });
});
