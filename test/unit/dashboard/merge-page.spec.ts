import { describe, expect, it } from '@jest/globals';
import type { ActivityEventRow } from '../../../src/database/activity-events.js';
import { mergePage } from '../../../src/modules/dashboard/dashboard.service.js';

const event = (id: string, at: string): ActivityEventRow => ({
  id,
  type: 'document.uploaded',
  title: id,
  resource_type: 'document',
  resource_id: id,
  created_at: at === '~' ? null : new Date(`${at.replace(' ', 'T')}Z`),
  at,
});

describe('activity feed page across modules', () => {
  const documents = [event('d3', '2026-11-20 10:00:00.000300'), event('d2', '2026-11-20 10:00:00.000100'), event('d1', '2026-11-19 09:00:00.000000')];
  const chats = [event('c2', '2026-11-20 10:00:00.000200'), event('c1', '2026-11-18 08:00:00.000000')];

  it('orders the modules’ events newest first to the microsecond and adds the totals', () => {
    const page = mergePage([{ rows: documents, total: 3 }, { rows: chats, total: 2 }], 0, 10);
    expect(page.rows.map((r) => r.id)).toEqual(['d3', 'c2', 'd2', 'd1', 'c1']);
    expect(page.total).toBe(5);
  });

  it('slices the page from the merged order', () => {
    const page = mergePage([{ rows: documents, total: 40 }, { rows: chats, total: 9 }], 2, 2);
    expect(page).toEqual({ rows: [documents[1], documents[2]], total: 49 });
  });

  it('breaks a tie in time by id, highest first, and puts an event without a time first', () => {
    const same = '2026-11-20 10:00:00.000000';
    const page = mergePage([{ rows: [event('a9', same), event('a1', same)], total: 2 }, { rows: [event('b5', same), event('zz', '~')], total: 2 }], 0, 10);
    expect(page.rows.map((r) => r.id)).toEqual(['zz', 'b5', 'a9', 'a1']);
  });

  it('answers no rows past the end, with the total', () => {
    expect(mergePage([{ rows: documents, total: 3 }, { rows: [], total: 0 }], 5, 5)).toEqual({ rows: [], total: 3 });
  });
});
