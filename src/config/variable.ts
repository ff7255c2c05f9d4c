import { IsBoolean, IsIn, IsInt, IsString, IsUrl, Max, MaxLength, Min, MinLength } from 'class-validator';
import { isUrlWithProtocol, type Parsed } from './parsers.js';

/** The sections of the configuration table (README.md, .env.example), in the order they are shown. */
export const GROUPS = [
  'Service',
  'Database and queues',
  'Secrets and sessions',
  'Rate limits and quotas',
  'Invitations and mail',
  'Single sign-on',
  'Documents and pipeline',
  'Document store',
  'Webhooks',
  'Language model, web search, market data and chat',
  'Logging',
] as const;
export type Group = (typeof GROUPS)[number];

/** How one variable's text becomes its value. */
export interface Kind<T> {
  /** The text as the value the rules check (e.g. '8080' → 8080). */
  read(text: string): unknown;
  /** class-validator rules on the read value; their messages name the variable. */
  rules: PropertyDecorator[];
  /** Checks the rules cannot express; answers the value or the problems. */
  parse?(value: string): Parsed<T>;
  /** A value as the docs show it. */
  show(value: T): string;
}

/** What every declaration says besides its kind. */
export interface About<T> {
  group: Group;
  /** What it does, for README.md and .env.example (Markdown). */
  description: string;
  /** The value when the variable is unset or empty; leave it out when there is none or it is computed. */
  default?: T;
  /** The default as the docs show it, when `default` alone does not say it (computed, or with a unit). */
  defaultText?: string;
}

export type Variable<T> = About<T> & { kind: Kind<T> };

/** The type of a declared variable's value: with a default it is always set. */
export type ValueOf<V> = V extends { kind: Kind<infer T> } ? (V extends { default: unknown } ? T : T | undefined) : never;

const text = (value: string) => value;
const number = (value: string) => Number(value);
const show = (value: unknown) => String(value);

/** true/false/1/0 (any case) become booleans; anything else stays a string, which @IsBoolean reports. */
function toBool(value: string): unknown {
  const lower = value.trim().toLowerCase();
  return lower === 'true' || lower === '1' ? true : lower === 'false' || lower === '0' ? false : value;
}

const bounds = (min?: number, max?: number) => [...(min === undefined ? [] : [Min(min)]), ...(max === undefined ? [] : [Max(max)])];

export function int<const A extends About<number>>(about: A & { min?: number; max?: number }): A & { kind: Kind<number> } {
  return { ...about, kind: { read: number, rules: [IsInt(), ...bounds(about.min, about.max)], show } };
}

/** A number that may have a fraction. */
export function decimal<const A extends About<number>>(about: A & { min?: number; max?: number }): A & { kind: Kind<number> } {
  return { ...about, kind: { read: number, rules: bounds(about.min, about.max), show } };
}

export function bool<const A extends About<boolean>>(about: A): A & { kind: Kind<boolean> } {
  return { ...about, kind: { read: toBool, rules: [IsBoolean()], show } };
}

export function str<const A extends About<string>>(about: A & { minLength?: number; maxLength?: number }): A & { kind: Kind<string> } {
  const rules = [IsString(), ...(about.minLength ? [MinLength(about.minLength)] : []), ...(about.maxLength ? [MaxLength(about.maxLength)] : [])];
  return { ...about, kind: { read: text, rules, show } };
}

export function oneOf<const V extends string, const A extends About<V>>(values: readonly V[], about: A): A & { kind: Kind<V> } {
  return { ...about, kind: { read: text, rules: [IsIn([...values])], show } };
}

/** An http: or https: URL (class-validator's IsUrl, any host name). */
export function httpUrl<const A extends About<string>>(about: A): A & { kind: Kind<string> } {
  return { ...about, kind: { read: text, rules: [IsUrl({ require_tld: false, protocols: ['http', 'https'] })], show } };
}

/** A URL with one of `protocols`; `refusal` is the message otherwise (e.g. 'must be a redis: or rediss: URL'). */
export function url<const A extends About<string>>(protocols: string[], refusal: string, about: A): A & { kind: Kind<string> } {
  const parse = (value: string): Parsed<string> => (isUrlWithProtocol(value, protocols) ? { value } : { problems: [refusal] });
  return { ...about, kind: { read: text, rules: [IsString()], parse, show } };
}

/** Text read by a parser of its own (src/config/parsers.ts). */
export function parsed<T, const A extends About<T>>(parse: (value: string) => Parsed<T>, about: A): A & { kind: Kind<T> } {
  return { ...about, kind: { read: text, rules: [IsString()], parse, show } };
}
