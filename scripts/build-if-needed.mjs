// `npm start` runs this first: builds dist/ when it is missing or older than any source file, saying
// so before the build (a first build takes a minute or two) and how long it took after.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const output = join(root, 'dist', 'src', 'main.js');

function scan(dir, found = { latest: 0, files: 0 }) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) scan(path, found);
    else {
      found.latest = Math.max(found.latest, statSync(path).mtimeMs);
      if (entry.name.endsWith('.ts')) found.files += 1;
    }
  }
  return found;
}

const sources = ['src', 'migrations', 'scripts'].filter((d) => existsSync(join(root, d))).map((d) => scan(join(root, d)));
const stale = !existsSync(output) || sources.some((s) => s.latest > statSync(output).mtimeMs);
if (stale) {
  const files = sources.reduce((n, s) => n + s.files, 0);
  const why = existsSync(output) ? 'sources changed since the last build' : 'no build yet';
  console.log(`Foliodesk: building ${files} TypeScript files with tsc (${why}); a first build takes a minute or two…`);
  const started = Date.now();
  execSync('npm run --silent build', { cwd: root, stdio: 'inherit' });
  console.log(`Foliodesk: built in ${((Date.now() - started) / 1000).toFixed(1)} s; starting`);
}
