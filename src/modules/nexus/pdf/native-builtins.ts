/**
 * The built-ins that pdfjs-dist's legacy build replaces, as they were before it loaded. This module
 * must be evaluated before pdfjs: pdfjs.ts imports it first, and is the only module that imports pdfjs.
 */
export const NATIVE_BUILTINS = {
  jsonStringify: JSON.stringify,
  jsonParse: JSON.parse,
  arrayPush: Array.prototype.push,
};
