import { describe, expect, it } from '@jest/globals';
import { delayBeforeAttempt, shouldPause } from '../../../src/modules/webhooks/delivery/retry-schedule.js';

const S = 1000;
const H = 3600 * S;

describe('retry schedule', () => {
  it.each([
    [1, 0],
    [2, 5 * S],
    [3, 30 * S],
    [4, 5 * 60 * S],
    [5, 30 * 60 * S],
    [6, 1 * H],
    [7, 2 * H],
    [8, 4 * H],
    [9, 8 * H],
    [10, 16 * H],
    [11, 24 * H],
    [30, 24 * H],
  ])('attempt %i waits %i ms', (attempt, delay) => {
    expect(delayBeforeAttempt(attempt)).toBe(delay);
  });

  it('refuses attempt 0', () => {
    expect(() => delayBeforeAttempt(0)).toThrow(RangeError);
  });

  it.each([
    [null, false],
    [47.9, false],
    [48, true],
    [72, true],
  ])('failing for %p hours pauses: %p', (hours, expected) => {
    const now = new Date('2026-11-22T12:00:00Z');
    const since = hours === null ? null : new Date(now.getTime() - hours * H);
    expect(shouldPause(since, now)).toBe(expected);
  });
});
