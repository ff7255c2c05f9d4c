// `npm start` runs this first: builds dist/ when it is missing or older than any source file.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const output = join(root, 'dist', 'src', 'main.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = ['src', 'migrations', 'scripts'].map((d) => join(root, d)).filter(existsSync);
const stale = !existsSync(output) || sources.some((d) => newest(d) > statSync(output).mtimeMs);
if (stale) {
  console.log('building Foliodesk…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
