/**
 * Compile-time checks of the stored extraction result, run by `npm run typecheck` (never executed):
 * every `@ts-expect-error` line must fail to compile, or the typecheck fails ("unused directive").
 */
import { nullable, number, optional, string, type Fields } from '../../src/modules/extraction/json-shape.js';
import type { ExtractionResult, ResultHolding } from '../../src/modules/extraction/result.js';
import type { Holding } from '../../src/modules/extraction/types.js';
import type { CompletionOutput } from '../../src/modules/nexus/pipeline/stages/completion.stage.js';
import type { CompletedExtraction } from '../../src/modules/nexus/index.js';
import type { SourceDocument } from '../../src/modules/zen/answering/portfolio-view.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const equal = <A, B>(proof: Equal<A, B>) => proof;

// The writer and the readers name one type.
equal<CompletionOutput['result'], ExtractionResult>(true);
equal<CompletedExtraction['result'], ExtractionResult>(true);
equal<SourceDocument['result'], ExtractionResult>(true);
// A stored holding is a holding: everything that reads holdings reads it.
export const asHolding = (h: ResultHolding): Holding => h;

// The parser's checks cover the type, key by key.
interface Sample {
  name: string;
  value: number | null;
  note?: string | null;
}
export const complete: Fields<Sample> = { name: string, value: nullable(number), note: optional(nullable(string)) };
// @ts-expect-error a key of the type without a check does not compile
export const missing: Fields<Sample> = { name: string, value: nullable(number) };
// @ts-expect-error an optional key needs optional(…): older rows may lack it
export const notOptional: Fields<Sample> = { name: string, value: nullable(number), note: nullable(string) };
// @ts-expect-error a required key must not accept its absence
export const requiredAsOptional: Fields<Sample> = { name: optional(string), value: nullable(number), note: optional(nullable(string)) };
// @ts-expect-error a check looser than the type (null where the type says number)
export const looser: Fields<Sample> = { name: string, value: nullable(string), note: optional(nullable(string)) };
