var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Injectable } from '@nestjs/common';
import { validateExtraction } from '../../../extraction/index.js';
import { PipelineStage } from '../pipeline-stage.js';
/** Stage 6: the statement checked against itself; failures become flags, never corrections. */
let ValidationStage = class ValidationStage extends PipelineStage {
    async run(ctx) {
        return { output: validateExtraction(await ctx.output('extraction')) };
    }
};
ValidationStage = __decorate([
    Injectable()
], ValidationStage);
export { ValidationStage };
//# sourceMappingURL=validation.stage.js.map