import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/auth/decorators.js';
import type { Principal } from '../../common/auth/principal.js';
import { AppException } from '../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator.js';
import { Client } from '../../common/http/client-info.js';
import { WithMessage } from '../../common/http/envelope.js';
import { PageQueryDto } from '../../common/http/pagination.js';
import type { ClientInfo } from '../auth/auth.service.js';
import { DeliveryDto, DeliveryPageDto, SubscribeDto, SubscriptionDto, TestResultDto, TestWebhookDto, UpdateSubscriptionDto } from './dto/webhook.dto.js';
import { WebhooksService } from './webhooks.service.js';

const deliveryId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Delivery not found') });

@ApiTags('Webhooks')
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post('subscribe')
  @Roles('admin')
  @ApiOperation({ summary: 'Subscribe a URL to event kinds; deliveries are signed with the secret (HMAC-SHA256)' })
  @ApiEnvelope(SubscriptionDto, { status: 201 })
  subscribe(@CurrentUser() user: Principal, @Body() dto: SubscribeDto, @Client() client: ClientInfo) {
    return this.webhooks.subscribe(user, dto, client);
  }

  @Post('test')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Send a synthetic, correctly signed payload of an event kind to a subscription now' })
  @ApiEnvelope(TestResultDto)
  @ApiTooManyRequestsResponse({ description: 'TENANT_BUSY: the firm has as many test deliveries in flight as it may (two at once, four waiting); retry after `Retry-After` seconds' })
  test(@CurrentUser() user: Principal, @Body() dto: TestWebhookDto) {
    return this.webhooks.test(user, dto.webhook_id, dto.event);
  }

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: "The tenant's subscriptions" })
  @ApiEnvelope(SubscriptionDto, { isArray: true })
  list(@CurrentUser() user: Principal) {
    return this.webhooks.list(user);
  }

  @Get(':webhook_id')
  @Roles('admin')
  @ApiOperation({ summary: 'One subscription' })
  @ApiEnvelope(SubscriptionDto)
  get(@CurrentUser() user: Principal, @Param('webhook_id') id: string) {
    return this.webhooks.get(user, id);
  }

  @Patch(':webhook_id')
  @Roles('admin')
  @ApiOperation({ summary: 'Change url, events or secret, pause, or resume with status "active"' })
  @ApiEnvelope(SubscriptionDto)
  update(@CurrentUser() user: Principal, @Param('webhook_id') id: string, @Body() dto: UpdateSubscriptionDto, @Client() client: ClientInfo) {
    return this.webhooks.update(user, id, dto, client);
  }

  @Delete(':webhook_id')
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a subscription and its delivery history' })
  @ApiEnvelope(null)
  async remove(@CurrentUser() user: Principal, @Param('webhook_id') id: string, @Client() client: ClientInfo) {
    await this.webhooks.remove(user, id, client);
    return new WithMessage(null, 'Webhook deleted');
  }

  @Get(':webhook_id/deliveries')
  @Roles('admin')
  @ApiOperation({ summary: 'Deliveries, newest first, each with its attempts (status code, duration, error) and next attempt time' })
  @ApiEnvelope(DeliveryPageDto)
  deliveries(@CurrentUser() user: Principal, @Param('webhook_id') id: string, @Query() page: PageQueryDto) {
    return this.webhooks.deliveries(user, id, page);
  }

  @Post(':webhook_id/deliveries/:delivery_id/redeliver')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Send a delivery again (same delivery id and bytes)' })
  @ApiEnvelope(DeliveryDto)
  redeliver(@CurrentUser() user: Principal, @Param('webhook_id') id: string, @Param('delivery_id', deliveryId) delivery: string) {
    return this.webhooks.redeliver(user, id, delivery);
  }
}
