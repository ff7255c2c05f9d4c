/**
 * The stored extraction result has one type and one reader (docs/extraction.md, "The result"): every
 * read of `extractions.result` goes through `readExtractionResult`, and no code casts a value to the
 * result's types or restates a partial shape of it as `Record<string, unknown>`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const SRC = resolve('src');
/** The parser itself, the one place that turns unknown JSON into the type. */
const PARSER = 'src/modules/extraction/result.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** A read of the table's result column: TypeORM's find on the entity, or SQL selecting `result` from `extractions`. */
const READS_RESULT = [/getRepository\(ExtractionEntity\)\s*\.\s*find/, /`[^`]*\bresult\b[^`]*\bFROM\s+extractions\b[^`]*`/is];
const RESULT_TYPES = 'ExtractionResult|ResultEntity|ResultHolding|ResultFigures|SourceDocument|CompletedExtraction|CompletedExtractionRow|ServedExtraction';
const CAST = new RegExp(`\\bas\\s+(?:unknown\\s+as\\s+)?(?:${RESULT_TYPES})\\b|<(?:${RESULT_TYPES})>\\s*[\\w(]`);
/** A line that speaks of the result's parts and types one as an open record. */
const OPEN_RECORD = /Record<string,\s*unknown>.*\b(?:result|entities|holdings|transactions)\b|\b(?:result|entities|holdings|transactions)\b.*Record<string,\s*unknown>/;

/** What a file does wrong with the stored result, one line each. */
export function resultMisuses(file: string, source: string): string[] {
  const out: string[] = [];
  if (READS_RESULT.some((p) => p.test(source)) && !source.includes('readExtractionResult(')) out.push(`${file}: reads extractions.result without readExtractionResult`);
  if (file === PARSER) return out;
  source.split('\n').forEach((line, i) => {
    if (CAST.test(line)) out.push(`${file}:${i + 1}: casts to the result's type: ${line.trim()}`);
    if (OPEN_RECORD.test(line)) out.push(`${file}:${i + 1}: an open record for the result: ${line.trim()}`);
  });
  return out;
}

describe('the stored extraction result is read through its one parser', () => {
  const files = sourceFiles(SRC).map((path) => ({ file: relative(process.cwd(), path), source: readFileSync(path, 'utf8') }));

  it('no source file reads, casts or restates it otherwise', () => {
    expect(files.flatMap(({ file, source }) => resultMisuses(file, source))).toEqual([]);
  });

  it('the reads of the table are found (the check above is not empty)', () => {
    const readers = files.filter(({ source }) => READS_RESULT.some((p) => p.test(source))).map((f) => f.file);
    expect(readers).toEqual(expect.arrayContaining(['src/modules/nexus/pipeline/pipeline.repository.ts', 'src/modules/nexus/results.repository.ts']));
  });

  it.each([
    { name: 'a repository reading the entity without the parser', source: 'return this.dataSource.getRepository(ExtractionEntity).findOneBy({ tenantId, documentId });', refused: true },
    { name: 'SQL selecting the result without the parser', source: 'return this.dataSource.query(`SELECT d.id, e.result FROM extractions e JOIN documents d ON d.id = e.document_id`);', refused: true },
    { name: 'a read through the parser', source: 'const row = await repo.getRepository(ExtractionEntity).findOneBy({ id });\nrow.result = readExtractionResult(row.result);', refused: false },
    { name: 'deleting rows is not reading them', source: "await manager.query('DELETE FROM extractions WHERE tenant_id = $1', [tenantId]);", refused: false },
    { name: 'a cast of rows to the chat’s type', source: 'new PortfolioView((await this.results.completedExtractions(t, ids)) as SourceDocument[]);', refused: true },
    { name: 'a double cast to the result', source: 'result: out.result as unknown as ExtractionResult,', refused: true },
    { name: 'a partial shape as an open record', source: 'const result = (extraction?.result ?? {}) as { entities?: Array<{ holdings?: Array<Record<string, unknown>> }> };', refused: true },
    { name: 'an open record of an export parameter', source: 'export function buildExportTable(type: ExportType, result: Record<string, unknown>) {', refused: true },
    { name: 'an outbox event’s open fields', source: '  event?: Record<string, unknown>;', refused: false },
  ])('$name', ({ source, refused }) => {
    expect(resultMisuses('src/modules/zen/example.ts', source).length > 0).toBe(refused);
  });
});
