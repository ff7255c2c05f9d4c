import { AppException } from '../../common/errors/app.exception.js';
import { GAINS_RULES } from './rules/index.js';

/** A financial year, "2025-26": 1 April 2025 to 31 March 2026. */
export interface FinancialYear {
  fy: string;
  from: string;
  to: string;
}

const FY = /^(\d{4})-(\d{2})$/;

/** The first financial year the rules table covers (its earliest transfer date). */
export const FIRST_FINANCIAL_YEAR = (() => {
  const earliest = GAINS_RULES.map((r) => r.transferFrom).sort()[0];
  const year = Number(earliest.slice(0, 4));
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
})();

/**
 * `fy` as the API takes it: `YYYY-YY` with consecutive years ("2025-26", "1999-00"). 400
 * FINANCIAL_YEAR_INVALID otherwise; 422 FINANCIAL_YEAR_UNSUPPORTED before the rules table's first year.
 */
export function parseFinancialYear(value: unknown): FinancialYear {
  const text = typeof value === 'string' ? value.trim() : '';
  const m = FY.exec(text);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) {
    throw new AppException('FINANCIAL_YEAR_INVALID', 'fy must be a financial year YYYY-YY of consecutive years, e.g. 2025-26', {
      message: 'The financial year is invalid',
    });
  }
  if (text < FIRST_FINANCIAL_YEAR) {
    throw new AppException('FINANCIAL_YEAR_UNSUPPORTED', `Gains are computed for financial years from ${FIRST_FINANCIAL_YEAR} (section 112A's first year)`);
  }
  const start = Number(m[1]);
  return { fy: text, from: `${start}-04-01`, to: `${start + 1}-03-31` };
}
