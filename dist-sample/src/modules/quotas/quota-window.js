const PERIOD_MS = { hour: 3_600_000, day: 86_400_000 };
/**
 * The window `now` falls in. Windows are aligned to the clock (an hour starts at :00, a day at 00:00
 * UTC) rather than to a caller's first use, so a tenant's figures and its users' figures always
 * cover the same span and an admin can tell when each resets.
 */
export function quotaWindow(period, now = Date.now()) {
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
//# sourceMappingURL=quota-window.js.map