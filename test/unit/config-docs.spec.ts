import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { envExample, README_BEGIN, README_END, readmeTable } from '../../src/config/config-docs.js';
import { GROUPS, type Variable } from '../../src/config/variable.js';
import { VARIABLES } from '../../src/config/variables.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const declared = Object.entries(VARIABLES) as [string, Variable<unknown>][];

describe('configuration declared once (src/config/variables.ts)', () => {
  it("README.md's configuration table is the one generated from the declarations (run `npm run config:docs`)", () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf(README_BEGIN) + README_BEGIN.length, readme.indexOf(README_END));
    expect(readme).toContain(README_BEGIN);
    expect(table).toBe(`\n${readmeTable()}`);
  });

  it('.env.example is the one generated from the declarations (run `npm run config:docs`)', () => {
    expect(read('.env.example')).toBe(envExample());
  });

  it.each(declared)('%s has a description and a known group, and appears in both documents', (name, variable) => {
    expect(variable.description.trim().length).toBeGreaterThan(3);
    expect(GROUPS).toContain(variable.group);
    expect(readmeTable()).toContain(`| \`${name}\` |`);
    expect(envExample()).toContain(`\n# ${name}=`);
  });

  it('the configuration layer imports no feature module (nothing outside src/config)', () => {
    const dir = new URL('src/config/', root);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      expect([file, readFileSync(new URL(file, dir), 'utf8').match(/from '\.\.\/[^']*'/g)]).toEqual([file, null]);
    }
  });
});
