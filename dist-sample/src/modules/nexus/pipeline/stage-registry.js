import { CalculationStage } from './stages/calculation.stage.js';
import { ClassificationStage } from './stages/classification.stage.js';
import { CompletionStage } from './stages/completion.stage.js';
import { EnrichmentStage } from './stages/enrichment.stage.js';
import { ExtractionStage } from './stages/extraction.stage.js';
import { ParsingStage } from './stages/parsing.stage.js';
import { StructuringStage } from './stages/structuring.stage.js';
import { SummaryStage } from './stages/summary.stage.js';
import { UploadStage } from './stages/upload.stage.js';
import { ValidationStage } from './stages/validation.stage.js';
/**
 * The pipeline: its stages in order, each a name and the service doing its work. Everything else is
 * derived from this list: the stage names and their order, the Bull queues (`pipeline-<name>`), the
 * processors, the stage rows of a process and its progress, and the type of each stage's output
 * (`StageOutputs`), so a stage reading another's output is checked by the compiler.
 * Adding a stage: its file under stages/ and one line here.
 */
export const PIPELINE = [
    { name: 'upload', stage: UploadStage },
    { name: 'classification', stage: ClassificationStage },
    { name: 'parsing', stage: ParsingStage },
    { name: 'structuring', stage: StructuringStage },
    { name: 'extraction', stage: ExtractionStage },
    { name: 'validation', stage: ValidationStage },
    { name: 'enrichment', stage: EnrichmentStage },
    { name: 'calculation', stage: CalculationStage },
    { name: 'summary', stage: SummaryStage },
    { name: 'completion', stage: CompletionStage },
];
//# sourceMappingURL=stage-registry.js.map