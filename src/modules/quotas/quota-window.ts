/** The periods usage is counted in: clock hours and days, in UTC. */
export type QuotaPeriod = 'hour' | 'day';

const PERIOD_MS: Record<QuotaPeriod, number> = { hour: 3_600_000, day: 86_400_000 };

/** One counting window: a whole UTC hour or day, the same for every process and every caller. */
export interface QuotaWindow {
  period: QuotaPeriod;
  /** Windows since the epoch: part of the counter's key, so a new window starts from zero. */
  index: number;
  startsAt: Date;
  resetsAt: Date;
  /** Whole seconds until the window ends (at least 1): the `Retry-After` of a refusal. */
  secondsLeft: number;
}

/**
 * The window `now` falls in. Windows are aligned to the clock (an hour starts at :00, a day at 00:00
 * UTC) rather than to a caller's first use, so a tenant's figures and its users' figures always
 * cover the same span and an admin can tell when each resets.
 */
export function quotaWindow(period: QuotaPeriod, now: number = Date.now()): QuotaWindow {
  const length = PERIOD_MS[period];
  const index = Math.floor(now / length);
  const resetsAt = (index + 1) * length;
  return {
    period,
    index,
    startsAt: new Date(index * length),
    resetsAt: new Date(resetsAt),
    secondsLeft: Math.max(1, Math.ceil((resetsAt - now) / 1000)),
  };
}
