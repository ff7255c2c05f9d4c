// Records the platform-specific optional binaries of other operating systems and CPUs in
// package-lock.json when the registry in use did not serve them at install time, so that `npm ci`
// accepts the lock file. Run after `npm install` changes the lock: `node scripts/lock-platform-optionals.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.find((o) => parts.includes(o));
    const cpu = CPU.find((c) => parts.some((p) => p === c || p.startsWith(c)));
    if (!os || !cpu) continue;
    const libc = parts.some((p) => p.startsWith('musl')) ? ['musl'] : parts.includes('gnu') || parts.some((p) => p.startsWith('gnueabi')) ? ['glibc'] : undefined;
    lock.packages[`node_modules/${name}`] = {
      version: String(version).replace(/^[\^~=]/, ''),
      cpu: [cpu],
      ...(libc ? { libc } : {}),
      optional: true,
      os: [os],
    };
    added++;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`recorded ${added} optional platform packages`);
