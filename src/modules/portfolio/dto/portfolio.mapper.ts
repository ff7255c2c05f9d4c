import type { Consolidation, PortfolioTotals, MergedTransaction, Position, PositionFlag, SourceRef } from '../consolidation/index.js';
import type { PortfolioDto, PortfolioFiguresDto, PortfolioTransactionDto, PositionDto, PositionFlagDto, SourceRefDto } from './portfolio.dto.js';

const toSourceRef = (s: SourceRef): SourceRefDto => ({ document_id: s.document_id, document_type: s.document_type, statement_date: s.statement_date });

const toFlag = (f: PositionFlag): PositionFlagDto => ({
  code: f.code,
  message: f.message,
  ...(f.fields ? { fields: f.fields } : {}),
  ...(f.document_ids ? { document_ids: f.document_ids } : {}),
  ...(f.from ? { from: f.from, to: f.to } : {}),
});

export const toFiguresDto = (f: PortfolioTotals): PortfolioFiguresDto => ({
  total_market_value: f.total_market_value,
  total_cost_value: f.total_cost_value,
  gain: f.gain,
  gain_pct: f.gain_pct,
  asset_allocation: { equity: f.asset_allocation.equity, debt: f.asset_allocation.debt, hybrid: f.asset_allocation.hybrid, other: f.asset_allocation.other },
  holdings_valued: f.holdings_valued,
  holdings_without_value: f.holdings_without_value,
  xirr: f.xirr,
  xirr_reason: f.xirr_reason,
  known: { ...f.known },
});

export const toPositionDto = (p: Position): PositionDto => ({
  id: p.id,
  kind: p.kind,
  investor: { name: p.investor.name, pan: p.investor.pan },
  folio: p.folio,
  account_id: p.account_id,
  isin: p.isin,
  scheme_name: p.scheme_name,
  amc: p.amc,
  asset_class: p.asset_class,
  units: p.units,
  nav: p.nav,
  market_value: p.market_value,
  cost_value: p.cost_value,
  xirr: p.xirr,
  xirr_reason: p.xirr_reason,
  source: { ...toSourceRef(p.source), valuation_date: p.source.valuation_date },
  seen_in: p.seen_in.map(toSourceRef),
  history: { status: p.history.status, covered_from: p.history.covered_from, covered_to: p.history.covered_to, transactions: p.history.transactions, rebuilt_units: p.history.rebuilt_units },
  flags: p.flags.map(toFlag),
});

export const toPortfolioDto = (c: Consolidation): PortfolioDto => ({
  as_of: c.as_of,
  statement_date: c.statement_date,
  totals: toFiguresDto(c.figures),
  positions: c.positions.map(toPositionDto),
  documents: c.documents.map(toSourceRef),
});

export const toTransactionDto = (t: MergedTransaction): PortfolioTransactionDto => ({
  position_id: t.position_id,
  folio: t.folio,
  account_id: t.account_id,
  isin: t.isin,
  scheme_name: t.scheme_name,
  date: t.date,
  type: t.type,
  description: t.description,
  amount: t.amount,
  units: t.units,
  nav: t.nav,
  balance_units: t.balance_units,
  document_ids: t.document_ids,
});
