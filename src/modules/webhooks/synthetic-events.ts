import { randomBytes, randomUUID } from 'node:crypto';
import type { EventKind } from '../outbox/entities/outbox-event.entity.js';

/** A realistic, clearly synthetic `data` object for each event kind (the test endpoint sends these). */
export function syntheticEventData(kind: EventKind, tenantId: string, userId: string, baseUrl: string): Record<string, unknown> {
  switch (kind) {
    case 'document.completed':
      return {
        document_id: randomUUID(),
        tenant_id: tenantId,
        user_id: userId,
        document_type: 'CAMS_DETAILED_CAS',
        pages: 12,
        extractions: { holdings_count: 14, total_aum: 4523890.55, currency: 'INR' },
        confidence: { average: 0.97, minimum: 0.91 },
        processing_time_ms: 1840,
        test: true,
      };
    case 'document.failed':
      return {
        document_id: randomUUID(),
        error_code: 'EXTRACTION_TIMEOUT',
        error_message: 'The maximum processing time was exceeded during the parsing stage',
        stage: 'parsing',
        retryable: true,
        test: true,
      };
    case 'chat.session.closed':
      return { session_id: randomUUID(), user_id: userId, message_count: 6, token_usage: { input: 1830, output: 412 }, summary: '3 question(s) about allocation, total value.', test: true };
    case 'report.generated': {
      const reportId = randomUUID();
      const clientId = `cli_${randomBytes(12).toString('hex')}`;
      return { report_id: reportId, report_type: 'holdings', client_id: clientId, client_ids: [clientId], url: `${baseUrl}/api/v1/nexus/reports/${reportId}`, format: 'csv', generated_by: userId, test: true };
    }
  }
}
