import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads a `.env` file (Node's own parser, the format of `node --env-file`) into `env` when the file
 * exists. A variable already set in `env` wins, even when empty, so the environment a process manager
 * or a shell gives always overrides the file. Under the test suite (NODE_ENV=test) the file is not
 * read, so a developer's `.env` never reaches the services the tests start. Returns the names taken
 * from the file, or null when none was read.
 */
export function loadEnvFile(path = resolve(process.cwd(), '.env'), env: NodeJS.ProcessEnv = process.env): string[] | null {
  if (env.NODE_ENV === 'test' || !existsSync(path)) return null;
  const taken: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
    if (value === undefined || env[name] !== undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
