// IntervalTask (src/common/scheduling/interval-task.ts) on Jest's fake timers: when passes run, that
// a pass never overlaps another, that a failed pass is logged and the next one still runs, and that
// stop() leaves no timer behind. The log lines are the application logger's own output.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createLogger } from '../../../src/common/logging/logger.js';
import { IntervalTask, type IntervalTaskOptions } from '../../../src/common/scheduling/interval-task.js';

const EVERY = 1_000;

/** A pass the test finishes by hand: each call waits until `finish()` (or `fail()`) settles it. */
class ControlledPass {
  readonly calls: Date[] = [];
  private pending: Array<{ resolve: (n: number) => void; reject: (e: Error) => void }> = [];

  readonly run = (now: Date): Promise<number> => {
    this.calls.push(now);
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  };

  finish(): void {
    this.pending.shift()!.resolve(this.calls.length);
  }

  fail(error: Error): void {
    this.pending.shift()!.reject(error);
  }
}

describe('IntervalTask', () => {
  let lines: Array<Record<string, any>>;
  let task: IntervalTask<number> | null;
  const options = (o: Partial<IntervalTaskOptions> = {}): IntervalTaskOptions => ({
    everyMs: EVERY,
    failureMessage: 'test pass failed; will retry',
    logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
    ...o,
  });

  beforeEach(() => {
    lines = [];
    task = null;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });

  afterEach(() => {
    task?.stop();
    jest.useRealTimers();
  });

  it('runs the first pass one interval after start, then every interval', async () => {
    let passes = 0;
    task = new IntervalTask(options(), async () => ++passes);
    task.start();
    await jest.advanceTimersByTimeAsync(EVERY - 1);
    expect(passes).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(3 * EVERY);
    expect(passes).toBe(4);
  });

  it('runs the first pass at start with firstAfterMs 0, and after firstAfterMs when it is given', async () => {
    let atOnce = 0;
    task = new IntervalTask(options({ firstAfterMs: 0 }), async () => ++atOnce);
    task.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(atOnce).toBe(1);
    await jest.advanceTimersByTimeAsync(EVERY);
    expect(atOnce).toBe(2);
    task.stop();

    let later = 0;
    task = new IntervalTask(options({ firstAfterMs: 5 * EVERY }), async () => ++later);
    task.start();
    await jest.advanceTimersByTimeAsync(5 * EVERY - 1);
    expect(later).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(later).toBe(1);
    await jest.advanceTimersByTimeAsync(2 * EVERY);
    expect(later).toBe(3);
  });

  it('passes the pass the moment it runs as of', async () => {
    const pass = new ControlledPass();
    task = new IntervalTask(options(), pass.run);
    const asOf = new Date('2030-01-01T00:00:00Z');
    const answer = task.run(asOf);
    pass.finish();
    expect(await answer).toBe(1);
    expect(pass.calls).toEqual([asOf]);
  });

  it('never starts a pass while one is running: due passes are skipped, not queued, and run() answers null', async () => {
    const pass = new ControlledPass();
    task = new IntervalTask(options(), pass.run);
    task.start();
    await jest.advanceTimersByTimeAsync(EVERY);
    expect(pass.calls).toHaveLength(1);

    // Five more intervals go by while the first pass is still running.
    await jest.advanceTimersByTimeAsync(5 * EVERY);
    expect(pass.calls).toHaveLength(1);
    expect(await task.run()).toBeNull();
    expect(pass.calls).toHaveLength(1);

    pass.finish();
    await jest.advanceTimersByTimeAsync(0);
    expect(pass.calls).toHaveLength(1); // nothing queued up behind it
    await jest.advanceTimersByTimeAsync(EVERY);
    expect(pass.calls).toHaveLength(2);
  });

  it('logs a pass that throws, with the error, and runs the next pass as planned', async () => {
    const pass = new ControlledPass();
    task = new IntervalTask(options(), pass.run);
    task.start();
    await jest.advanceTimersByTimeAsync(EVERY);
    pass.fail(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    await jest.advanceTimersByTimeAsync(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'test pass failed; will retry', err: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432' } });

    await jest.advanceTimersByTimeAsync(EVERY);
    expect(pass.calls).toHaveLength(2);
    pass.finish();
    await jest.advanceTimersByTimeAsync(0);
    expect(lines).toHaveLength(1);
  });

  it('lets a pass called directly throw to its caller, and is free again afterwards', async () => {
    let calls = 0;
    task = new IntervalTask(options(), async () => {
      if (++calls === 1) throw new Error('first pass fails');
      return calls;
    });
    await expect(task.run()).rejects.toThrow('first pass fails');
    expect(await task.run()).toBe(2);
    expect(lines).toHaveLength(0);
  });

  it('stop() clears the timer, before the first pass and between passes', async () => {
    let passes = 0;
    task = new IntervalTask(options({ firstAfterMs: 3 * EVERY }), async () => ++passes);
    task.start();
    expect(jest.getTimerCount()).toBe(1);
    task.stop();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * EVERY);
    expect(passes).toBe(0);

    task.start();
    await jest.advanceTimersByTimeAsync(3 * EVERY);
    expect(passes).toBe(1);
    expect(jest.getTimerCount()).toBe(1);
    task.stop();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * EVERY);
    expect(passes).toBe(1);
  });

  it('keeps one timer when started twice', async () => {
    let passes = 0;
    task = new IntervalTask(options(), async () => ++passes);
    task.start();
    task.start();
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(EVERY);
    expect(passes).toBe(1);
  });
});

describe('IntervalTask on real timers', () => {
  it('never keeps the process alive: its timers are unref()ed', () => {
    const task = new IntervalTask({ everyMs: 60_000, failureMessage: 'unused', logger: createLogger('silent') }, async () => 0);
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    task.start();
    // An unref()ed timer is not an active resource: the event loop may end with it pending.
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(before);
    task.stop();
  });
});
