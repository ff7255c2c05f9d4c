/** Writes README.md's configuration table and .env.example from src/config/variables.ts (`npm run config:docs`). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envExample, withReadmeTable } from '../src/config/config-docs.js';

const root = join(import.meta.dirname, '..', '..');
const readme = join(root, 'README.md');
writeFileSync(readme, withReadmeTable(readFileSync(readme, 'utf8')));
writeFileSync(join(root, '.env.example'), envExample());
console.log('wrote the configuration table of README.md and .env.example');
