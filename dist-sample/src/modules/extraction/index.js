/** Statement understanding: pure functions the pipeline's stages call, in stage order. */
export * from './types.js';
export { readExtractionResult, ExtractionResultError } from './result.js';
export { classifyStatement, scoreStatement } from './classifier.js';
export { FAMILIES, familyOf, isHoldingsClass, describeClass, noHoldingsReason, sectionOf, totalLabels, readAccountId, stripProductCode, anyOf, SECTION_WORDS, } from './families/index.js';
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
export { validateExtraction, valueTolerance, llmExtractionFlags, LLM_CONFIDENCE_FACTOR } from './validator.js';
export { extractStatementWithModel, extractionRequest, readsWithLanguageModel, labelledAccountNumbers } from './llm-extraction.js';
export { readModelAnswer, parseModelJson, PrintedEvidence, LLM_VALUE_TOLERANCE } from './llm-answer.js';
export { enrichExtraction, enrichHolding, classifyAssetClass, detectPlan, detectOption, normaliseAmcName, amcFromScheme } from './enricher.js';
export { calculatePortfolio, knownFigures, assetAllocation, largestRemainder, xirr, holdingXirr, holdingCashFlows, flowsOnce, totalsIncompleteFlags, } from './calculator.js';
export { holdingFlagCost, withEnrichmentFlags } from './enrichment-flags.js';
//# sourceMappingURL=index.js.map