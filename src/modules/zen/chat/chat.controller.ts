import { Body, Controller, Delete, Get, Header, HttpCode, Param, ParseUUIDPipe, Post, Put, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOperation, ApiResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../../common/auth/decorators.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RawResponse } from '../../../common/decorators/raw-response.decorator.js';
import { AppException } from '../../../common/errors/app.exception.js';
import { ApiEnvelope } from '../../../common/http/api-envelope.decorator.js';
import { WithMessage } from '../../../common/http/envelope.js';
import { ApiQuotaRefusal } from '../../quotas/api-quota-refusal.decorator.js';
import { ChatService } from './chat.service.js';
import { AgentDto, ChatMessageDto, InvokeDto, InvokeResultDto, MessageDto, RenameSessionDto, SessionDetailDto, SessionSummaryDto } from './dto/chat.dto.js';

const sessionId = new ParseUUIDPipe({ exceptionFactory: () => new AppException('NOT_FOUND', 'Chat session not found') });

@ApiTags('Zen chat')
@Controller('api/v1/zen')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('agents')
  @Roles('viewer')
  @ApiOperation({ summary: 'The built-in agents and their stable ids' })
  @ApiEnvelope(AgentDto, { isArray: true })
  agents() {
    return this.chat.agents();
  }

  @Post('chat')
  @Roles('analyst')
  @RawResponse()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Start a chat session; answers the new session id as a bare JSON string (no envelope)' })
  @ApiCreatedResponse({ schema: { type: 'string', format: 'uuid', example: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' } })
  async create(@CurrentUser() user: Principal): Promise<string> {
    return JSON.stringify(await this.chat.create(user));
  }

  @Post('chat/invoke')
  @HttpCode(200)
  @Roles('analyst')
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'Ask a question in a session and get the answer synchronously' })
  @ApiEnvelope(InvokeResultDto)
  @ApiQuotaRefusal('chat invocations or chat tokens per day')
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such session of yours' })
  @ApiConflictResponse({ description: 'CONFLICT: the session is closed' })
  @ApiResponse({ status: 502, description: 'LLM_REQUEST_REJECTED: the language model refused the request (key, model or quota); not retryable' })
  @ApiServiceUnavailableResponse({
    description: 'LLM_UNAVAILABLE: the language model did not answer; or SERVICE_UNAVAILABLE: PostgreSQL or Redis. Retry after `Retry-After` seconds; nothing was stored',
  })
  invoke(@CurrentUser() user: Principal, @Body() dto: InvokeDto) {
    return this.chat.invoke(user, {
      sessionId: dto.session_id,
      query: dto.query,
      skipGuardrail: dto.skip_guardrail === 'true',
      webSearch: dto.web_search === 'true',
      agentId: dto.agent_id,
    });
  }

  @Get(['chat/sessions/summary', 'chat/sessions'])
  @Roles('viewer')
  @ApiOperation({ summary: "The caller's sessions, most recent first, with message counts" })
  @ApiEnvelope(SessionSummaryDto, { isArray: true })
  summaries(@CurrentUser() user: Principal) {
    return this.chat.summaries(user);
  }

  @Get('chat/session/:session_id')
  @Roles('viewer')
  @ApiOperation({ summary: 'A session with every message (replies carry meta, guardrail and citations)' })
  @ApiEnvelope(SessionDetailDto)
  detail(@CurrentUser() user: Principal, @Param('session_id', sessionId) id: string) {
    return this.chat.detail(user, id);
  }

  @Put('chat/session/:session_id')
  @Roles('analyst')
  @ApiOperation({ summary: 'Rename a session' })
  @ApiEnvelope(SessionSummaryDto)
  rename(@CurrentUser() user: Principal, @Param('session_id', sessionId) id: string, @Body() dto: RenameSessionDto) {
    return this.chat.rename(user, id, dto.title);
  }

  @Delete('chat/session/:session_id')
  @Roles('analyst')
  @ApiOperation({
    summary: 'Close (chat.session.closed) and permanently delete a session and its messages',
    description: 'Statements uploaded into it that were not attached to the client register are deleted too, with everything read from them.',
  })
  @ApiEnvelope(null)
  async remove(@CurrentUser() user: Principal, @Param('session_id', sessionId) id: string) {
    await this.chat.remove(user, id);
    return new WithMessage(null, 'Chat session deleted');
  }

  @Post('chat/session/:session_id/close')
  @HttpCode(200)
  @Roles('analyst')
  @ApiOperation({ summary: 'Close a session (emits chat.session.closed); it can still be read' })
  @ApiEnvelope(SessionSummaryDto)
  close(@CurrentUser() user: Principal, @Param('session_id', sessionId) id: string) {
    return this.chat.close(user, id);
  }

  @Get('chat/:session_id/messages')
  @Roles('viewer')
  @ApiOperation({ summary: "A session's messages, oldest first" })
  @ApiEnvelope(ChatMessageDto, { isArray: true })
  messages(@CurrentUser() user: Principal, @Param('session_id', sessionId) id: string) {
    return this.chat.messages(user, id);
  }

  @Post('chat/:session_id/message')
  @HttpCode(200)
  @Roles('analyst')
  @ApiOperation({ summary: 'Ask a question with a JSON body (same answer as invoke)' })
  @ApiEnvelope(InvokeResultDto)
  @ApiQuotaRefusal('chat invocations or chat tokens per day')
  message(@CurrentUser() user: Principal, @Param('session_id', sessionId) id: string, @Body() dto: MessageDto) {
    return this.chat.invoke(user, { sessionId: id, query: dto.query, skipGuardrail: dto.skip_guardrail ?? false, webSearch: dto.web_search ?? false, agentId: dto.agent_id });
  }
}
