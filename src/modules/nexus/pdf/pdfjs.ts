/**
 * The one entry to pdfjs-dist in this process: import pdfjs from here, never from 'pdfjs-dist/…'.
 *
 * Its legacy build (the one that runs on Node 20) bundles core-js, which on V8 11 replaces three
 * built-ins process-wide with JavaScript versions: JSON.stringify (for the JSON.rawJSON proposal: a
 * replacer on every value, then a character-by-character copy of the output), JSON.parse (source
 * text access for revivers) and Array.prototype.push (an old V8 length bug). Every response body
 * and every array push in the service then paid for them: JSON.stringify of a 50-document list took
 * 12× as long, a push 8× (docs/benchmarks.md, "Load"). pdfjs uses none of those three features, so
 * the native functions are put back as soon as it has loaded; what it adds that V8 lacks (Iterator
 * helpers, Set methods, Promise.withResolvers…) stays.
 */
import { NATIVE_BUILTINS } from './native-builtins.js';
export * from 'pdfjs-dist/legacy/build/pdf.mjs';

const restore = (target: object, name: string, native: unknown) => {
  const current = Object.getOwnPropertyDescriptor(target, name);
  if (current?.value !== native) Object.defineProperty(target, name, { value: native, writable: true, enumerable: false, configurable: true });
};
restore(JSON, 'stringify', NATIVE_BUILTINS.jsonStringify);
restore(JSON, 'parse', NATIVE_BUILTINS.jsonParse);
restore(Array.prototype, 'push', NATIVE_BUILTINS.arrayPush);
