import 'reflect-metadata';
import { IsOptional, validateSync } from 'class-validator';
import { VARIABLES } from './variables.js';
/** Every declared variable with its rules (src/config/variables.ts), checked once at boot by class-validator. */
export class EnvDto {
}
for (const [name, variable] of Object.entries(VARIABLES)) {
    IsOptional()(EnvDto.prototype, name);
    for (const rule of variable.kind.rules)
        rule(EnvDto.prototype, name);
}
/**
 * Reads every declared variable from `env` (unset and empty mean the default), validates it and
 * answers the values with the defaults applied, and every problem found as `NAME: message`.
 */
export function readEnvironment(env) {
    const declared = Object.entries(VARIABLES);
    const dto = new EnvDto();
    for (const [name, variable] of declared) {
        const text = env[name];
        if (text !== undefined && text !== '')
            dto[name] = variable.kind.read(text);
    }
    const errors = validateSync(dto, { forbidUnknownValues: false });
    const problems = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`));
    const refused = new Set(errors.map((e) => e.property));
    const values = {};
    for (const [name, variable] of declared) {
        values[name] = variable.default;
        if (dto[name] === undefined || refused.has(name))
            continue;
        const parsed = variable.kind.parse ? variable.kind.parse(String(dto[name])) : { value: dto[name] };
        if ('problems' in parsed)
            problems.push(...parsed.problems.map((p) => `${name}: ${p}`));
        else
            values[name] = parsed.value;
    }
    return { values: values, problems };
}
//# sourceMappingURL=env.dto.js.map