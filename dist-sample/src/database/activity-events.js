/**
 * A module's part of a user's activity feed in one statement: `events` is a SELECT (or UNION ALL of
 * SELECTs) of `id, type, title, resource_type, resource_id, created_at` over the module's own tables,
 * with $1 and $2 as its parameters; `first` is bound as $3. Answers the newest `first` events, newest
 * first (nulls first, then by id, as `ORDER BY created_at DESC, id DESC`), and the count of all.
 */
export async function newestEvents(dataSource, events, params, first) {
    const rows = await dataSource.query(`WITH events AS (${events})
     SELECT n.total, e.id, e.type, e.title, e.resource_type, e.resource_id, e.created_at,
            coalesce(to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), '~') AS at
       FROM (SELECT count(*)::int AS total FROM events) n
       LEFT JOIN LATERAL (SELECT * FROM events ORDER BY created_at DESC, id DESC LIMIT $3) e ON true`, [...params, first]);
    return { rows: rows.filter((r) => r.id !== null).map(({ total: _, ...event }) => event), total: rows[0].total };
}
//# sourceMappingURL=activity-events.js.map