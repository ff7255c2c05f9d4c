/**
 * Runs a statement as a named prepared statement on TypeORM's own pg pool (the same connections and
 * type parsing as `dataSource.query`). PostgreSQL plans an unnamed statement on every execution:
 * on the benchmark machine that was about 0.5 ms of planning for 0.1 ms of execution of the session
 * check every authenticated request makes (docs/benchmarks.md, "Load"). A named statement is parsed
 * once per connection and, after five executions, runs on PostgreSQL's cached generic plan when that
 * is no costlier than planning each time. Only for single reads outside a transaction that name their
 * columns (a migration adding a column then leaves the cached plan valid).
 */
export async function queryPrepared(dataSource, statement, values) {
    const pool = dataSource.driver.master;
    return (await pool.query({ name: statement.name, text: statement.text, values })).rows;
}
//# sourceMappingURL=prepared-query.js.map