import 'reflect-metadata';
import { IsOptional, validateSync } from 'class-validator';
import type { Variable } from './variable.js';
import { type EnvValues, VARIABLES } from './variables.js';

/** Every declared variable with its rules (src/config/variables.ts), checked once at boot by class-validator. */
export class EnvDto {
  [name: string]: unknown;
}
for (const [name, variable] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
  IsOptional()(EnvDto.prototype, name);
  for (const rule of variable.kind.rules) rule(EnvDto.prototype, name);
}

/**
 * Reads every declared variable from `env` (unset and empty mean the default), validates it and
 * answers the values with the defaults applied, and every problem found as `NAME: message`.
 */
export function readEnvironment(env: NodeJS.ProcessEnv): { values: EnvValues; problems: string[] } {
  const declared: [string, Variable<unknown>][] = Object.entries(VARIABLES);
  const dto = new EnvDto();
  for (const [name, variable] of declared) {
    const text = env[name];
    if (text !== undefined && text !== '') dto[name] = variable.kind.read(text);
  }
  const errors = validateSync(dto, { forbidUnknownValues: false });
  const problems = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`));
  const refused = new Set(errors.map((e) => e.property));

  const values: Record<string, unknown> = {};
  for (const [name, variable] of declared) {
    values[name] = variable.default;
    if (dto[name] === undefined || refused.has(name)) continue;
    const parsed = variable.kind.parse ? variable.kind.parse(String(dto[name])) : { value: dto[name] };
    if ('problems' in parsed) problems.push(...parsed.problems.map((p) => `${name}: ${p}`));
    else values[name] = parsed.value;
  }
  return { values: values as EnvValues, problems };
}
