// Lets the engine's child run from TypeScript source (the test runner loads src/, not dist/): the
// parent passes `--import` of this file only when it is itself running from source. Not in dist.
import { register } from 'node:module';

register('./source-loader.mjs', import.meta.url);
