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
import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { LOGGER } from '../../common/logging/logging.module.js';
import { costInr, DEFAULT_PRICE_TABLE_INR_PER_MTOK } from './pricing.js';
/** A dated snapshot name ("gpt-4o-mini-2024-07-18") is priced as its model ("gpt-4o-mini"). */
const SNAPSHOT_SUFFIX = /-\d{4}-\d{2}-\d{2}$/;
/**
 * The prices usage rows are costed with: the defaults of pricing.ts, overridden and extended by
 * `LLM_PRICE_TABLE`. A model without a price costs 0 and is logged once, so it gets noticed.
 */
let PriceTable = class PriceTable {
    constructor(config, logger) {
        this.logger = logger;
        this.unpriced = new Set();
        this.entries = { ...DEFAULT_PRICE_TABLE_INR_PER_MTOK, ...config.llm.priceTable };
    }
    price(model) {
        return this.entries[model] ?? this.entries[model.replace(SNAPSHOT_SUFFIX, '')] ?? null;
    }
    /** Cost in INR of the provider's token counts for a model. */
    cost(model, inputTokens, outputTokens) {
        const price = this.price(model);
        if (!price) {
            if (!this.unpriced.has(model)) {
                this.unpriced.add(model);
                this.logger?.warn({ model }, 'no price for this model in the price table (LLM_PRICE_TABLE); its usage is costed at 0');
            }
            return 0;
        }
        return costInr(price, inputTokens, outputTokens);
    }
};
PriceTable = __decorate([
    Injectable(),
    __param(1, Optional()),
    __param(1, Inject(LOGGER)),
    __metadata("design:paramtypes", [AppConfig, Object])
], PriceTable);
export { PriceTable };
//# sourceMappingURL=price-table.js.map