import { describe, expect, it } from '@jest/globals';
import { nextStage, QUEUE_NAMES, queueName, STAGES } from '../../../src/modules/nexus/pipeline/pipeline.constants.js';
import { PipelineStage } from '../../../src/modules/nexus/pipeline/pipeline-stage.js';
import { PIPELINE } from '../../../src/modules/nexus/pipeline/stage-registry.js';

/** The interface spec's "Pipeline stages (fixed order)". */
const SPEC_STAGES = ['upload', 'classification', 'parsing', 'structuring', 'extraction', 'validation', 'enrichment', 'calculation', 'summary', 'completion'];

describe('the stage registry', () => {
  it("lists the spec's ten stages in its order", () => {
    expect(PIPELINE.map((s) => s.name)).toEqual(SPEC_STAGES);
    expect(STAGES).toEqual(SPEC_STAGES);
  });

  it('gives each stage its own queue, pipeline-<stage>, in the same order', () => {
    expect(QUEUE_NAMES).toEqual(SPEC_STAGES.map((s) => `pipeline-${s}`));
    expect(new Set(QUEUE_NAMES).size).toBe(10);
    expect(STAGES.map(queueName)).toEqual(QUEUE_NAMES);
  });

  it('chains each stage to the next, and ends with completion', () => {
    const chain = [STAGES[0]];
    for (let next = nextStage(STAGES[0]); next; next = nextStage(next)) chain.push(next);
    expect(chain).toEqual(SPEC_STAGES);
    expect(nextStage('completion')).toBeNull();
  });

  it('names a distinct stage service for every stage', () => {
    const services = PIPELINE.map((s) => s.stage);
    expect(new Set(services).size).toBe(services.length);
    for (const service of services) expect(service.prototype).toBeInstanceOf(PipelineStage);
  });
});
