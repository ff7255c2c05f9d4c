import { getEncoding, type Tiktoken } from 'js-tiktoken';

let encoder: Tiktoken | null = null;

/** Token count with the cl100k_base BPE (the encoding of the GPT-4 family), for usage accounting. */
export function countTokens(text: string): number {
  encoder ??= getEncoding('cl100k_base');
  return encoder.encode(text).length;
}
