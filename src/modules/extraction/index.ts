/** Statement understanding: pure functions the pipeline's stages call, in stage order. */
export * from './types.js';
export { readExtractionResult, ExtractionResultError, type ExtractionResult, type ResultEntity, type ResultHolding, type ResultFigures } from './result.js';
export { classifyStatement, scoreStatement, type ClassificationEvidence } from './classifier.js';
export {
  FAMILIES,
  familyOf,
  isHoldingsClass,
  describeClass,
  noHoldingsReason,
  sectionOf,
  totalLabels,
  readAccountId,
  stripProductCode,
  columnVocabulary,
  anyOf,
  SECTION_WORDS,
  type FamilyCode,
  type FamilyDescription,
  type Section,
  type TotalLabels,
} from './families/index.js';
export { unreadTables, unreadTableFlag } from './families/unread-tables.js';
export { buildLines } from '../pdf/index.js';
export { parseNumber, parseDate, findDate, findDates, isNumber, roundTo } from './numbers.js';
export { findIsin, findPan, isinCheckDigit, isValidIsin, isValidPan, PAN_PATTERN } from './identifiers.js';
export { extractStatement } from './extractor.js';
export { guardExtraction } from './guard.js';
export { parseDetailedCas } from './parsers/detailed/index.js';
export { parseCamsSummary } from './parsers/cams-summary.parser.js';
export { parseKfintechSummary } from './parsers/kfintech-summary.parser.js';
export { parseNsdlCas } from './parsers/nsdl.parser.js';
export { parseCdslCas } from './parsers/cdsl.parser.js';
export { validateExtraction, valueTolerance, llmExtractionFlags, LLM_CONFIDENCE_FACTOR, type ValidationOptions } from './validator.js';
export { extractStatementWithModel, extractionRequest, readsWithLanguageModel, labelledAccountNumbers, type ModelAssistedExtraction, type ExtractionRequest } from './llm-extraction.js';
export { readModelAnswer, parseModelJson, PrintedEvidence, LLM_VALUE_TOLERANCE, type ModelAnswerReading } from './llm-answer.js';
export { enrichExtraction, type EnrichedDraft, enrichHolding, classifyAssetClass, detectPlan, detectOption, normaliseAmcName, amcFromScheme } from './enricher.js';
export {
  calculatePortfolio,
  knownFigures,
  type KnownFigures,
  assetAllocation,
  largestRemainder,
  xirr,
  holdingXirr,
  holdingCashFlows,
  flowsOnce,
  totalsIncompleteFlags,
  type CashFlow,
  type CalculationOptions,
  type HoldingFlows,
  type XirrFigure,
} from './calculator.js';
export { holdingFlagCost, withEnrichmentFlags } from './enrichment-flags.js';
