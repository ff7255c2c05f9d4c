/** Tables from geometry: headers found by their vocabulary, columns as x-bands, cells given to their column. */
export { columnKind, normaliseLabel, FIGURE_KINDS } from './vocabulary.js';
export { readHeader } from './header.js';
export { TableLayout, piecesOf } from './layout.js';
//# sourceMappingURL=index.js.map