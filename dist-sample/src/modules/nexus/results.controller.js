var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { ExtractedHoldingDto } from './dto/holding.dto.js';
import { ResultsService } from './results.service.js';
const docId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Document not found') });
let ResultsController = class ResultsController {
    constructor(results) {
        this.results = results;
    }
    extraction(user, id) {
        return this.results.extraction(user, id);
    }
    tokenUsage(user, id) {
        return this.results.tokenUsage(user, id);
    }
};
__decorate([
    Get('documents/:doc_id/extraction'),
    Roles('viewer'),
    ApiOperation({
        summary: 'The extraction result: entities with holdings and asset allocation, validation flags, totals',
        description: "Each holding is shaped as `ExtractedHoldingDto`: its `units`, `nav` and `market_value` are null (never 0) when the statement does not print them or they could not be read, with a `FIGURE_MISSING` flag; totals and allocation count the holdings whose value is known. Each entity (investor) carries `client_id`, the client of the register its PAN is linked to, or null with `client_link_flag` saying why (`PAN_MISSING`, `NO_CLIENT_WITH_PAN`). A minor's entity carries `guardian` {name, pan} when the statement prints one: the entity stays the minor, whose `pan` is null when only the guardian's is printed.",
    }),
    ApiExtraModels(ExtractedHoldingDto),
    ApiEnvelope(null, { description: 'The extraction result in the envelope' }),
    __param(0, CurrentUser()),
    __param(1, Param('doc_id', docId)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", void 0)
], ResultsController.prototype, "extraction", null);
__decorate([
    Get('token-usage/:doc_id'),
    Roles('viewer'),
    ApiOperation({
        summary: "Tokens and cost in INR per stage of the document's latest run",
        description: 'Only the latest run that recorded usage counts (re-runs do not add up). Costs are INR to 2 decimals; total_cost_inr is the exact sum, rounded once.',
    }),
    ApiEnvelope(null, { description: 'Token usage in the envelope' }),
    __param(0, CurrentUser()),
    __param(1, Param('doc_id', docId)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", void 0)
], ResultsController.prototype, "tokenUsage", null);
ResultsController = __decorate([
    ApiTags('Nexus results'),
    Controller('api/v1/nexus'),
    __metadata("design:paramtypes", [ResultsService])
], ResultsController);
export { ResultsController };
//# sourceMappingURL=results.controller.js.map