import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../../common/auth/principal.js';
import { AppException, notFound } from '../../../common/errors/app.exception.js';
import { OutboxService } from '../../outbox/outbox.service.js';
import { QuotasService } from '../../quotas/quotas.service.js';
import { AGENTS, findAgent } from '../agents/agent-registry.js';
import { AnswerService } from '../answering/answer.service.js';
import type { ChatMessageEntity } from '../entities/chat-message.entity.js';
import type { ChatSessionEntity } from '../entities/chat-session.entity.js';
import { checkGuardrail } from '../guardrail/guardrail.js';
import { ChatRepository } from './chat.repository.js';
import type { ChatMessageDto, InvokeResultDto, SessionDetailDto, SessionSummaryDto } from './dto/chat.dto.js';
import { DocumentErasure, RegisterAttachment } from '../../nexus/index.js';

export interface InvokeInput {
  sessionId: string;
  query: string;
  skipGuardrail: boolean;
  webSearch: boolean;
  agentId?: string;
}

const toMessageDto = (m: ChatMessageEntity): ChatMessageDto => ({
  id: m.id,
  role: m.role,
  content: m.content,
  created_at: m.createdAt.toISOString(),
  ...(m.role === 'assistant' ? { meta: m.meta, guardrail: m.guardrail, citations: m.citations } : {}),
});

@Injectable()
export class ChatService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly answers: AnswerService,
    private readonly outbox: OutboxService,
    private readonly quotas: QuotasService,
    private readonly attachment: RegisterAttachment,
    private readonly erasure: DocumentErasure,
  ) {}

  agents() {
    return AGENTS.map(({ agent_id, agent_name, description }) => ({ agent_id, agent_name, description }));
  }

  async create(user: Principal): Promise<string> {
    const id = randomUUID();
    await this.repo.createSession({ id, tenantId: user.tenantId, userId: user.userId, title: 'New chat' });
    return id;
  }

  async summaries(user: Principal): Promise<SessionSummaryDto[]> {
    return (await this.repo.summaries(user.tenantId, user.userId)).map((r) => ({
      session_id: r.id,
      title: r.title,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      message_count: r.message_count,
      status: r.status,
    }));
  }

  async detail(user: Principal, id: string): Promise<SessionDetailDto> {
    const session = await this.require(user, id);
    const messages = (await this.repo.messages(id)).map(toMessageDto);
    return { ...this.summary(session, messages.length), messages };
  }

  async messages(user: Principal, id: string): Promise<ChatMessageDto[]> {
    await this.require(user, id);
    return (await this.repo.messages(id)).map(toMessageDto);
  }

  async rename(user: Principal, id: string, title: string): Promise<SessionSummaryDto> {
    await this.require(user, id);
    await this.repo.rename(id, title);
    return (await this.summaries(user)).find((s) => s.session_id === id)!;
  }

  /**
   * Closes the session (emitting chat.session.closed) and deletes it with its messages, then the
   * statements uploaded into it that are still its owner's alone (not attached to the register), with
   * every copy of them (DocumentErasure).
   */
  async remove(user: Principal, id: string): Promise<void> {
    const uploads = await this.repo.transaction(async (manager) => {
      await this.closeWithin(manager, await this.requireLocked(manager, user, id));
      const documentIds = await this.repo.documentIdsOf(manager, user.tenantId, id);
      await this.repo.delete(manager, id);
      return documentIds;
    });
    for (const documentId of await this.attachment.privateUploads(user.tenantId, uploads)) {
      await this.erasure.erase(user, documentId).catch((error: unknown) => {
        if (!(error instanceof AppException && error.getStatus() === 404)) throw error;
      });
    }
  }

  async close(user: Principal, id: string): Promise<SessionSummaryDto> {
    await this.repo.transaction(async (manager) => this.closeWithin(manager, await this.requireLocked(manager, user, id)));
    return (await this.summaries(user)).find((s) => s.session_id === id)!;
  }

  /** Closes an open session and writes chat.session.closed in the same transaction. */
  async closeWithin(manager: EntityManager, session: ChatSessionEntity): Promise<boolean> {
    if (!(await this.repo.close(manager, session.id))) return false;
    const usage = await this.repo.usage(manager, session.id);
    // A subscriber's system gets counts and the kinds of question asked, never the user's own words:
    // neither a question nor the title (by default the first question), which may name an investor
    // or carry a PAN or an account number.
    const questions = Math.ceil(usage.message_count / 2);
    const summary =
      usage.message_count === 0
        ? 'Closed without messages.'
        : `${questions} question(s)${usage.kinds.length ? ` about ${usage.kinds.map((k) => k.replace(/_/g, ' ')).join(', ')}` : ''}.`;
    await this.outbox.record(manager, session.tenantId, 'chat.session.closed', {
      session_id: session.id,
      user_id: session.userId,
      message_count: usage.message_count,
      token_usage: { input: usage.input, output: usage.output },
      summary,
    });
    return true;
  }

  async invoke(user: Principal, input: InvokeInput): Promise<InvokeResultDto> {
    const session = requireOpen(await this.require(user, input.sessionId));
    const agent = input.agentId ? findAgent(input.agentId) : null;
    if (input.agentId && !agent) throw notFound('Agent');
    const admission = await this.quotas.admitChat(user);

    const questionId = randomUUID();
    const replyId = randomUUID();
    const asked = new Date();
    const verdict = input.skipGuardrail ? null : checkGuardrail(input.query);
    let reply: Pick<ChatMessageEntity, 'content' | 'meta' | 'guardrail' | 'citations' | 'inputTokens' | 'outputTokens'> & { costInr: number };
    if (verdict) {
      reply = {
        content: `I can’t help with that. ${verdict.reason}`,
        meta: { web_search: 'False', agents_invoked: [], question_kind: null, token_usage: { input: 0, output: 0 } },
        guardrail: { ...verdict },
        citations: [],
        inputTokens: 0,
        outputTokens: 0,
        costInr: 0,
      };
    } else {
      const answer = await this.answers
        .answer({ tenantId: user.tenantId, sessionId: session.id, query: input.query, webSearch: input.webSearch, agent })
        .catch(async (error: unknown) => {
          await admission.release(); // no answer: the question is not counted
          throw error;
        });
      await admission.spent(answer.completion.inputTokens + answer.completion.outputTokens);
      reply = {
        content: answer.text,
        meta: {
          web_search: answer.webSearchPerformed ? 'True' : 'False',
          agents_invoked: [{ agent_id: answer.agent.agent_id, agent_name: answer.agent.agent_name }],
          question_kind: answer.kind,
          citations: answer.citations,
          model: answer.completion.model,
          token_usage: { input: answer.completion.inputTokens, output: answer.completion.outputTokens },
          cost_inr: answer.costInr,
        },
        guardrail: null,
        citations: answer.citations,
        inputTokens: answer.completion.inputTokens,
        outputTokens: answer.completion.outputTokens,
        costInr: answer.costInr,
      };
    }
    // The session may have been closed or deleted while the answer was written: check again, under
    // the lock that closing and deleting take, so that no message lands in a closed or deleted session.
    await this.repo.transaction(async (manager) => {
      const current = requireOpen(await this.requireLocked(manager, user, session.id));
      await this.repo.insertMessages(manager, [
        { id: questionId, sessionId: session.id, role: 'user', content: input.query, meta: null, guardrail: null, citations: null, inputTokens: 0, outputTokens: 0, costInr: 0, createdAt: asked },
        { id: replyId, sessionId: session.id, role: 'assistant', ...reply, createdAt: new Date(Math.max(Date.now(), asked.getTime() + 1)) },
      ]);
      if (current.title === 'New chat') await this.repo.rename(session.id, input.query.slice(0, 80), manager);
    });
    const { citations: _c, model: _m, cost_inr: _k, ...meta } = reply.meta as Record<string, unknown>;
    return {
      status: 'success',
      message_id: questionId,
      response_message_id: replyId,
      response: reply.content,
      meta: { ...(meta as unknown as InvokeResultDto['meta']), citations: reply.citations ?? [] },
      guardrail: reply.guardrail,
      error: null,
    };
  }

  private summary(s: ChatSessionEntity, messageCount: number): SessionSummaryDto {
    return { session_id: s.id, title: s.title, created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString(), message_count: messageCount, status: s.status };
  }

  /** The caller's own session; anyone else's (same tenant or not) is "not found". */
  private async require(user: Principal, id: string): Promise<ChatSessionEntity> {
    return found(await this.repo.findSession(user.tenantId, user.userId, id));
  }

  /** As `require`, locked until the transaction ends (see ChatRepository.lockSession). */
  private async requireLocked(manager: EntityManager, user: Principal, id: string): Promise<ChatSessionEntity> {
    return found(await this.repo.lockSession(manager, user.tenantId, user.userId, id));
  }
}

function found(session: ChatSessionEntity | null): ChatSessionEntity {
  if (!session) throw notFound('Chat session');
  return session;
}

function requireOpen(session: ChatSessionEntity): ChatSessionEntity {
  if (session.status === 'closed') throw new AppException('CONFLICT', 'The session is closed; start a new one');
  return session;
}
