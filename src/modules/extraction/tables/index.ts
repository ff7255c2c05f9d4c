/** Tables from geometry: headers found by their vocabulary, columns as x-bands, cells given to their column. */
export { columnKind, columnLabel, normaliseLabel, COMMON_COLUMNS, FIGURE_KINDS, type ColumnKind, type ColumnLabel, type ColumnVocabulary } from './vocabulary.js';
export { readHeader, type HeaderColumn, type TableHeader } from './header.js';
export { TableLayout, piecesOf, type Piece, type RowCells } from './layout.js';
