/**
 * Structural checks of JSON read back from storage. A check answers its value with the type it
 * declares, or throws `ShapeMismatch` saying where in the document the value is not what the type
 * says. Checks answer the objects they were given (no copy) unless a check replaced a field.
 */

export class ShapeMismatch extends Error {
  /** Where the value is, e.g. `entities[0].holdings[2].units`; '' for the document itself. */
  path = '';

  constructor(
    readonly expected: string,
    readonly found: unknown,
  ) {
    super(`expected ${expected}, found ${describe(found)}`);
  }

  /** The same mismatch seen from the object or array holding the value (`segment` a key or `[i]`). */
  within(segment: string): this {
    this.path = this.path ? (this.path.startsWith('[') ? `${segment}${this.path}` : `${segment}.${this.path}`) : segment;
    this.message = `${this.path}: expected ${this.expected}, found ${describe(this.found)}`;
    return this;
  }
}

/** A check: the value as `T`, or ShapeMismatch. Paths are built only on a mismatch, never on the way down. */
export type Shape<T> = (value: unknown) => T;

/** A field that older documents may lack: its check lets `undefined` through. */
export interface OptionalShape<T> extends Shape<T | undefined> {
  readonly optional: true;
}

/**
 * One check per key of `T`, none left out: a key `T` declares optional needs an `optional(…)`
 * check, a required one a check that never lets `undefined` through. A key added to `T` fails to
 * compile here until it is checked.
 */
export type Fields<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? OptionalShape<Exclude<T[K], undefined>> : Shape<T[K]> };

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `the ${typeof value} ${String(value)}`;
}

export const string: Shape<string> = (value) => {
  if (typeof value !== 'string') throw new ShapeMismatch('a string', value);
  return value;
};

/** A finite number (JSON holds no NaN or Infinity; an object built in memory might). */
export const number: Shape<number> = (value) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ShapeMismatch('a number', value);
  return value;
};

export const boolean: Shape<boolean> = (value) => {
  if (typeof value !== 'boolean') throw new ShapeMismatch('true or false', value);
  return value;
};

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value) => {
    if (value === null) return null;
    try {
      return shape(value);
    } catch (error) {
      // Said of this value, not of one inside it: null would have done too.
      if (error instanceof ShapeMismatch && error.path === '') throw new ShapeMismatch(`${error.expected} or null`, value);
      throw error;
    }
  };
}

export function optional<T>(shape: Shape<T>): OptionalShape<T> {
  return Object.assign((value: unknown) => (value === undefined ? undefined : shape(value)), { optional: true as const });
}

/** One of the listed strings. */
export function oneOf<T extends string>(values: readonly T[]): Shape<T> {
  const allowed = new Set<string>(values);
  const expected = `one of ${values.join(', ')}`;
  return (value) => {
    if (typeof value !== 'string' || !allowed.has(value)) throw new ShapeMismatch(expected, value);
    return value as T;
  };
}

/**
 * One member of a string union that has no list at run time: `members` names each once, and the
 * compiler checks it against the union both ways (a member missing or one too many fails to compile).
 */
export function unionOf<T extends string>(members: Record<T, true>): Shape<T> {
  return oneOf(Object.keys(members) as T[]);
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return (value) => {
    if (!Array.isArray(value)) throw new ShapeMismatch('an array', value);
    let out: T[] | null = null;
    for (let i = 0; i < value.length; i++) {
      let checked: T;
      try {
        checked = item(value[i]);
      } catch (error) {
        throw error instanceof ShapeMismatch ? error.within(`[${i}]`) : error;
      }
      if (checked !== value[i]) (out ??= value.slice())[i] = checked;
    }
    return out ?? (value as T[]);
  };
}

/**
 * An object with every key of `fields` checked; keys it does not name (a field a newer version adds)
 * are kept as they are.
 */
export function object<T>(fields: Fields<T>): Shape<T> {
  const keys = Object.keys(fields);
  const shapes = Object.values(fields) as Array<Shape<unknown>>;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShapeMismatch('an object', value);
    const source = value as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      let checked: unknown;
      try {
        checked = shapes[k](source[key]);
      } catch (error) {
        throw error instanceof ShapeMismatch ? error.within(key) : error;
      }
      if (checked !== source[key]) (out ??= { ...source })[key] = checked;
    }
    return (out ?? source) as T;
  };
}
