/** Statement self-consistency checks (placeholder). */
import type { ExtractionDraft, Validation } from './types.js';

export function validateExtraction(draft: ExtractionDraft): Validation {
  void draft;
  return { flags: [], checks_run: 0, confidence_score: 0 };
}
