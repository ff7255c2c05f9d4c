/**
 * Structural checks of JSON read back from storage. A check answers its value with the type it
 * declares, or throws `ShapeMismatch` saying where in the document the value is not what the type
 * says. Checks answer the objects they were given (no copy) unless a check replaced a field.
 */
export class ShapeMismatch extends Error {
    constructor(expected, found) {
        super(`expected ${expected}, found ${describe(found)}`);
        this.expected = expected;
        this.found = found;
        /** Where the value is, e.g. `entities[0].holdings[2].units`; '' for the document itself. */
        this.path = '';
    }
    /** The same mismatch seen from the object or array holding the value (`segment` a key or `[i]`). */
    within(segment) {
        this.path = this.path ? (this.path.startsWith('[') ? `${segment}${this.path}` : `${segment}.${this.path}`) : segment;
        this.message = `${this.path}: expected ${this.expected}, found ${describe(this.found)}`;
        return this;
    }
}
function describe(value) {
    if (value === undefined)
        return 'nothing';
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'string')
        return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    if (typeof value === 'object')
        return 'an object';
    return `the ${typeof value} ${String(value)}`;
}
export const string = (value) => {
    if (typeof value !== 'string')
        throw new ShapeMismatch('a string', value);
    return value;
};
/** A finite number (JSON holds no NaN or Infinity; an object built in memory might). */
export const number = (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value))
        throw new ShapeMismatch('a number', value);
    return value;
};
export const boolean = (value) => {
    if (typeof value !== 'boolean')
        throw new ShapeMismatch('true or false', value);
    return value;
};
export function nullable(shape) {
    return (value) => {
        if (value === null)
            return null;
        try {
            return shape(value);
        }
        catch (error) {
            // Said of this value, not of one inside it: null would have done too.
            if (error instanceof ShapeMismatch && error.path === '')
                throw new ShapeMismatch(`${error.expected} or null`, value);
            throw error;
        }
    };
}
export function optional(shape) {
    return Object.assign((value) => (value === undefined ? undefined : shape(value)), { optional: true });
}
/** One of the listed strings. */
export function oneOf(values) {
    const allowed = new Set(values);
    const expected = `one of ${values.join(', ')}`;
    return (value) => {
        if (typeof value !== 'string' || !allowed.has(value))
            throw new ShapeMismatch(expected, value);
        return value;
    };
}
/**
 * One member of a string union that has no list at run time: `members` names each once, and the
 * compiler checks it against the union both ways (a member missing or one too many fails to compile).
 */
export function unionOf(members) {
    return oneOf(Object.keys(members));
}
export function array(item) {
    return (value) => {
        if (!Array.isArray(value))
            throw new ShapeMismatch('an array', value);
        let out = null;
        for (let i = 0; i < value.length; i++) {
            let checked;
            try {
                checked = item(value[i]);
            }
            catch (error) {
                throw error instanceof ShapeMismatch ? error.within(`[${i}]`) : error;
            }
            if (checked !== value[i])
                (out ??= value.slice())[i] = checked;
        }
        return out ?? value;
    };
}
/**
 * An object with every key of `fields` checked; keys it does not name (a field a newer version adds)
 * are kept as they are.
 */
export function object(fields) {
    const keys = Object.keys(fields);
    const shapes = Object.values(fields);
    return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
            throw new ShapeMismatch('an object', value);
        const source = value;
        let out = null;
        for (let k = 0; k < keys.length; k++) {
            const key = keys[k];
            let checked;
            try {
                checked = shapes[k](source[key]);
            }
            catch (error) {
                throw error instanceof ShapeMismatch ? error.within(key) : error;
            }
            if (checked !== source[key])
                (out ??= { ...source })[key] = checked;
        }
        return (out ?? source);
    };
}
//# sourceMappingURL=json-shape.js.map