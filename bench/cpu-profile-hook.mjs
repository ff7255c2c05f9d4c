// Preloaded into the service by bench/load.ts when BENCH_CPU_PROF_DIR is set (NODE_OPTIONS=--import):
// (SIGWINCH because Nest's shutdown hooks take SIGUSR2; its default action is to ignore it)
// the first SIGWINCH starts V8's CPU profiler, the next writes <dir>/<pid>-<n>.cpuprofile. That profiles
// exactly one autocannon run, with no start-up or seeding in it (node --cpu-prof would include both).
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const dir = process.env.BENCH_CPU_PROF_DIR;
let session = null;
let written = 0;
process.on('SIGWINCH', async () => {
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    return;
  }
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  session = null;
  // Written under another name first: the benchmark takes the file as soon as its name appears.
  const name = `${process.pid}-${++written}.cpuprofile`;
  writeFileSync(`${dir}/.${name}.partial`, JSON.stringify(profile));
  renameSync(`${dir}/.${name}.partial`, `${dir}/${name}`);
});
