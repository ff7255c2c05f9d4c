/**
 * A background pass repeated on a timer: a reconciler, a sweep, a purge. The timer never keeps the
 * process alive and is cleared by `stop()` (at application shutdown). At most one pass runs at a time
 * in a process: a pass that falls due, or a `run()`, while one is still running is skipped rather
 * than queued, so a slow pass never piles up behind itself. A scheduled pass that throws is logged and
 * the next one runs as planned: the state it works on lives in PostgreSQL, so the next pass simply
 * picks up what this one did not finish.
 */
export class IntervalTask {
    constructor(options, pass) {
        this.options = options;
        this.pass = pass;
        this.timer = null;
        this.running = false;
    }
    start() {
        this.stop();
        const { everyMs, firstAfterMs = everyMs } = this.options;
        const begin = () => {
            this.runLogged();
            this.timer = setInterval(() => this.runLogged(), everyMs).unref();
        };
        if (firstAfterMs <= 0)
            begin();
        else
            this.timer = setTimeout(begin, firstAfterMs).unref();
    }
    stop() {
        if (this.timer)
            clearTimeout(this.timer); // clears an interval too
        this.timer = null;
    }
    /** One pass as of `now`, and what it answered; null, without running it, while another pass runs. Throws what the pass throws. */
    async run(now = new Date()) {
        if (this.running)
            return null;
        this.running = true;
        try {
            return await this.pass(now);
        }
        finally {
            this.running = false;
        }
    }
    runLogged() {
        void this.run().catch((err) => this.options.logger.warn({ err }, this.options.failureMessage));
    }
}
//# sourceMappingURL=interval-task.js.map