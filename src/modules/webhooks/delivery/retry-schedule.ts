const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** Delays before attempts 1–5, as the interface specifies: immediate, 5 s, 30 s, 5 min, 30 min. */
const FIXED_DELAYS_MS = [0, 5 * SECOND, 30 * SECOND, 300 * SECOND, 1800 * SECOND];
export const MAX_RETRY_DELAY_MS = 24 * HOUR;
/** A subscription that has failed for this long without a success is paused. */
export const PAUSE_AFTER_FAILING_MS = 48 * HOUR;

/**
 * The delay before attempt `n` (1-based): the fixed steps, then exponential backoff from 1 hour
 * (attempt 6), doubling each time, capped at 24 hours.
 */
export function delayBeforeAttempt(n: number): number {
  if (n < 1) throw new RangeError('attempts are numbered from 1');
  if (n <= FIXED_DELAYS_MS.length) return FIXED_DELAYS_MS[n - 1];
  return Math.min(HOUR * 2 ** (n - FIXED_DELAYS_MS.length - 1), MAX_RETRY_DELAY_MS);
}

/** Whether a subscription failing since `failingSince` should be paused at `now`. */
export const shouldPause = (failingSince: Date | null, now: Date) =>
  failingSince !== null && now.getTime() - failingSince.getTime() >= PAUSE_AFTER_FAILING_MS;

/**
 * The delay before attempt `n` of a delivery whose subscription has failed since `failingSince`:
 * the schedule's (times `scale`, a test knob), but no later than the moment the subscription is due
 * to be paused, so an attempt lands then and its failure pauses it on time rather than a day late.
 */
export function delayBeforeRetry(n: number, failingSince: Date, now: Date, scale = 1): number {
  const untilPause = failingSince.getTime() + PAUSE_AFTER_FAILING_MS - now.getTime();
  return Math.max(0, Math.min(delayBeforeAttempt(n) * scale, untilPause));
}
