/**
 * The tables of a client's gains exports (pure): `detailed`, one row per realised lot of the year as
 * `GET …/gains` lists them; `schedule_112a`, the columns of Schedule 112A of the income-tax return
 * (ITR-2/ITR-3) for the year's long-term gains under section 112A, one row per lot. Unknown figures
 * are empty cells, never 0.
 */
import type { Cell, ExportTable, FieldDefinition, FieldType } from '../../nexus/index.js';
import type { RealisedLot } from '../gains.types.js';
import { GRANDFATHERING_ACQUIRED_TO } from '../rules/index.js';

export const GAINS_SHEETS = ['detailed', 'schedule_112a'] as const;
export type GainsSheet = (typeof GAINS_SHEETS)[number];

/** The report type each sheet is stored and announced as. */
export const GAINS_REPORT_TYPES: Record<GainsSheet, string> = { detailed: 'gains_detailed', schedule_112a: 'schedule_112a' };

interface Column {
  key: string;
  label: string;
  type: FieldType;
  description: string;
  value(lot: RealisedLot): Cell;
}

const col = (key: string, label: string, type: FieldType, description: string, value: (lot: RealisedLot) => Cell): Column => ({ key, label, type, description, value });

export const DETAILED_COLUMNS: readonly Column[] = [
  col('folio', 'Folio', 'string', 'Folio number as printed', (l) => l.folio),
  col('scheme_name', 'Scheme', 'string', 'Scheme name', (l) => l.scheme_name),
  col('isin', 'ISIN', 'string', 'ISIN of the scheme', (l) => l.isin),
  col('transaction_type', 'Transaction', 'string', 'The closing transaction: redemption, switch_out, stp_out, swp', (l) => l.transaction_type),
  col('purchase_type', 'Acquired by', 'string', 'The transaction that opened the lot; empty when the history does not show it', (l) => l.purchase_type),
  col('purchase_date', 'Purchase date', 'date', 'Acquisition date (carried over through a merger, transfer or segregation)', (l) => l.purchase_date),
  col('sale_date', 'Sale date', 'date', 'Transfer date', (l) => l.sale_date),
  col('units', 'Units', 'units', 'Units of the lot sold', (l) => l.units),
  col('purchase_nav', 'Purchase NAV', 'nav', 'NAV the lot was bought at', (l) => l.purchase_nav),
  col('sale_nav', 'Sale NAV', 'nav', 'NAV the lot was sold at', (l) => l.sale_nav),
  col('cost', 'Cost', 'money', 'Actual cost, stamp duty included', (l) => l.cost),
  col('stamp_duty', 'Stamp duty', 'money', 'Stamp duty included in the cost', (l) => l.stamp_duty),
  col('stt', 'STT', 'money', 'Securities transaction tax on the sale (recorded, not deducted)', (l) => l.stt),
  col('sale_value', 'Sale value', 'money', 'Full value of consideration', (l) => l.sale_value),
  col('fmv_nav_2018', 'FMV on 31-Jan-2018', 'nav', 'NAV on 31 January 2018 (grandfathered lots)', (l) => l.fmv_nav_2018),
  col('fmv_value_2018', 'Total FMV', 'money', 'Units × FMV on 31 January 2018', (l) => l.fmv_value_2018),
  col('cost_of_acquisition', 'Cost of acquisition', 'money', 'The cost deducted: actual, grandfathered or indexed', (l) => l.cost_of_acquisition),
  col('gain', 'Gain', 'money', 'Sale value less cost of acquisition', (l) => l.gain),
  col('term', 'Term', 'string', 'short or long', (l) => l.rule.term),
  col('tax_class', 'Tax class', 'string', 'equity_oriented, specified_mutual_fund or other', (l) => l.rule.tax_class),
  col('rule', 'Rule', 'string', 'The rule of the dated rules table (docs/gains.md)', (l) => l.rule.rule),
  col('rate', 'Rate', 'percent', 'Rate in percent; empty at slab rates', (l) => (l.rule.rate === null ? null : Math.round(l.rule.rate * 10000) / 100)),
  col('section', 'Section', 'string', 'The section under the Act of the transfer date', (l) => l.rule.section),
  col('act', 'Act', 'string', 'Income-tax Act 1961 or 2025', (l) => l.rule.act),
  col('advance_tax_period', 'Advance-tax period', 'string', 'The advance-tax instalment period of the sale', (l) => l.advance_tax_period),
  col('flags', 'Flags', 'string', 'Flag codes, separated by spaces', (l) => l.flags.map((f) => f.code).join(' ') || null),
];

/** Multiplies in paise so a per-unit figure times units gives the exact total. */
const times = (units: number, perUnit: number | null): number | null => (perUnit === null ? null : Math.round(units * perUnit * 100) / 100);
const minus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : Math.round((a - b) * 100) / 100);

const grandfathered = (l: RealisedLot) => l.purchase_date !== null && l.purchase_date <= GRANDFATHERING_ACQUIRED_TO;
/** Column 9: for a unit acquired before 1 February 2018, the lower of the sale value (6) and the total FMV (11). */
const lowerOfSaleAndFmv = (l: RealisedLot): number | null => {
  if (!grandfathered(l)) return null;
  if (l.sale_value === null || l.fmv_value_2018 === null) return null;
  return Math.min(l.sale_value, l.fmv_value_2018);
};

/**
 * Schedule 112A, columns (1a) to (14) in the return utility's order. (7) is the cost deducted
 * (s.55(2)(ac): the higher of (8) and (9) for a unit acquired before 1 February 2018); (12) is empty:
 * the statements record no expenditure on transfer (the redemption amount is net of exit load; STT is
 * not deductible), so (13) is (7) and (14) is (6) less (7).
 */
export const SCHEDULE_112A_COLUMNS: readonly Column[] = [
  col('share_unit_acquired', 'Share/Unit acquired (1a)', 'string', 'BE: on or before 31 January 2018; AE: after', (l) => (l.purchase_date === null ? null : grandfathered(l) ? 'BE' : 'AE')),
  col('isin', 'ISIN Code (2)', 'string', 'ISIN of the units', (l) => l.isin),
  col('name', 'Name of the Share/Unit (3)', 'string', 'Scheme name', (l) => l.scheme_name),
  col('units', 'No. of Shares/Units (4)', 'units', 'Units sold', (l) => l.units),
  col('sale_price_per_unit', 'Sale-price per Share/Unit (5)', 'nav', 'NAV the units were sold at', (l) => l.sale_nav),
  col('full_value_of_consideration', 'Full Value of Consideration (6)', 'money', 'Total sale value', (l) => l.sale_value),
  col('cost_without_indexation', 'Cost of acquisition without indexation (7)', 'money', 'The cost deducted: higher of (8) and (9) for units acquired before 1 February 2018', (l) => l.cost_of_acquisition),
  col('cost_of_acquisition', 'Cost of acquisition (8)', 'money', 'Actual cost, stamp duty included', (l) => l.cost),
  col('acquired_before_2018_02_01', 'If acquired before 01.02.2018: lower of (6) and (11) (9)', 'money', 'Lower of the sale value and the total FMV; empty for later units', lowerOfSaleAndFmv),
  col('fmv_per_unit_2018_01_31', 'Fair Market Value per Share/Unit as on 31st January 2018 (10)', 'nav', "AMFI's NAV of 31 January 2018", (l) => (grandfathered(l) ? l.fmv_nav_2018 : null)),
  col('total_fmv', 'Total Fair Market Value as per section 55(2)(ac) (11)', 'money', '(4) × (10)', (l) => (grandfathered(l) ? (l.fmv_value_2018 ?? times(l.units, l.fmv_nav_2018)) : null)),
  col('expenditure', 'Expenditure wholly and exclusively in connection with transfer (12)', 'money', 'None recorded on the statements (empty)', () => null),
  col('total_deductions', 'Total deductions (13)', 'money', '(7) + (12)', (l) => l.cost_of_acquisition),
  col('balance', 'Balance (14)', 'money', '(6) − (13)', (l) => minus(l.sale_value, l.cost_of_acquisition)),
];

/** The lots Schedule 112A lists: long-term gains of equity-oriented units (section 112A). */
export const isSection112A = (l: RealisedLot) => l.rule.term === 'long' && l.rule.tax_class === 'equity_oriented';

const definition = (c: Column): FieldDefinition => ({ key: c.key, label: c.label, type: c.type, description: c.description });

export function gainsExportTable(sheet: GainsSheet, lots: readonly RealisedLot[]): ExportTable {
  const columns = sheet === 'detailed' ? DETAILED_COLUMNS : SCHEDULE_112A_COLUMNS;
  const rows = sheet === 'detailed' ? lots : lots.filter(isSection112A);
  return {
    type: GAINS_REPORT_TYPES[sheet],
    sheet: sheet === 'detailed' ? 'Capital gains' : 'Schedule 112A',
    fields: columns.map(definition),
    rows: rows.map((l) => columns.map((c) => c.value(l))),
  };
}
