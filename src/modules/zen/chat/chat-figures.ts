import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A tenant's chat sessions and messages; tokens and cost are exact sums (bigint and numeric as strings). */
export interface TenantChatFigures {
  open: number;
  closed: number;
  messages: number;
  tokens: string;
  cost_inr: string;
}

/** Chat's figures for the tenant's statistics: counted in PostgreSQL over chat tables only. */
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
}
