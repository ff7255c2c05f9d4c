import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { newestEvents, type ActivityEvents } from '../../../database/activity-events.js';
import { queryPrepared, type PreparedStatement } from '../../../database/prepared-query.js';

/** A tenant's chat sessions and messages; tokens and cost are exact sums (bigint and numeric as strings). */
export interface TenantChatFigures {
  open: number;
  closed: number;
  messages: number;
  tokens: string;
  cost_inr: string;
}

/** One user's conversations and what their chats spent; tokens and cost are exact sums (bigint and numeric as strings). */
export interface UserChatFigures {
  conversations: number;
  tokens: string;
  cost_inr: string;
}

/** The dashboard's chat figures of one user (GET /api/v1/dashboard), prepared (see queryPrepared) as the document figures are. */
const USER_FIGURES: PreparedStatement = {
  name: 'zen.user-figures',
  text: `SELECT (SELECT count(*)::int FROM chat_sessions c
                  WHERE c.tenant_id = $1 AND c.user_id = $2 AND ($3::timestamptz IS NULL OR c.created_at >= $3)) AS conversations,
                u.tokens, u.cost_inr
           FROM (SELECT coalesce(sum(m.input_tokens::bigint + m.output_tokens), 0)::bigint AS tokens, coalesce(sum(m.cost_inr), 0) AS cost_inr
                   FROM chat_messages m JOIN chat_sessions c ON c.id = m.session_id
                  WHERE c.tenant_id = $1 AND c.user_id = $2 AND ($3::timestamptz IS NULL OR m.created_at >= $3)) u`,
};

/** A user's chats started: the activity feed's chat part. */
const USER_EVENTS = `
  SELECT c.id, 'chat.started' AS type, c.title, 'chat_session' AS resource_type, c.id AS resource_id, c.created_at
    FROM chat_sessions c WHERE c.tenant_id = $1 AND c.user_id = $2`;

/** Chat's figures for the tenant's statistics and a user's dashboard: counted in PostgreSQL over chat tables only. */
@Injectable()
export class ChatFigures {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forTenant(tenantId: string): Promise<TenantChatFigures> {
    const rows = await this.dataSource.query(
      `SELECT s.open, s.closed, m.messages, m.tokens, m.cost_inr
         FROM (SELECT (count(*) FILTER (WHERE status = 'open'))::int AS open, (count(*) FILTER (WHERE status = 'closed'))::int AS closed
                 FROM chat_sessions WHERE tenant_id = $1) s,
              (SELECT count(*)::int AS messages, coalesce(sum(m.input_tokens::bigint + m.output_tokens), 0)::bigint AS tokens,
                      coalesce(sum(m.cost_inr), 0) AS cost_inr
                 FROM chat_messages m JOIN chat_sessions c ON c.id = m.session_id WHERE c.tenant_id = $1) m`,
      [tenantId],
    );
    return rows[0];
  }

  /** The user's conversations started and chat usage since `since` (null: all time), in one statement. */
  async forUser(tenantId: string, userId: string, since: Date | null): Promise<UserChatFigures> {
    const [row] = await queryPrepared<UserChatFigures>(this.dataSource, USER_FIGURES, [tenantId, userId, since]);
    return row;
  }

  /** The user's newest `first` chats started (activity feed events) and how many there are. */
  activity(tenantId: string, userId: string, first: number): Promise<ActivityEvents> {
    return newestEvents(this.dataSource, USER_EVENTS, [tenantId, userId], first);
  }
}
