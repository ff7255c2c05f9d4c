/**
 * What identifies a position across statements: the investor, then either the folio (units held
 * with the registrar, whichever statement prints them: CAMS, KFintech or a depository's mutual-fund
 * folio section) or the demat account (DP id + client id, or the BO id), then the ISIN.
 */
import type { Entity, Holding } from '../../extraction/index.js';
import type { PositionKind } from './types.js';

/** Folios print as "1234567 / 89" or "1234567/89": spacing and case carry no meaning. */
export const normaliseFolio = (folio: string): string => folio.replace(/\s+/g, '').toUpperCase();

/** "IN300126 / 12345678", "IN30012612345678" and "IN300126 12345678" are one NSDL account. */
export const normaliseAccount = (account: string): string => account.replace(/[\s/-]+/g, '').toUpperCase();

/** The investor: the PAN, else the name as printed (case and spacing aside). */
export const investorKey = (e: Pick<Entity, 'pan' | 'entity_name'>): string =>
  e.pan ? e.pan.toUpperCase() : `NAME:${(e.entity_name ?? '').replace(/\s+/g, ' ').trim().toUpperCase()}`;

export interface PositionIdentity {
  id: string;
  kind: PositionKind;
}

export function positionIdentity(e: Pick<Entity, 'pan' | 'entity_name'>, h: Holding): PositionIdentity {
  const isin = h.isin.toUpperCase();
  if (h.folio && h.folio.trim()) return { id: `${investorKey(e)}|folio:${normaliseFolio(h.folio)}|${isin}`, kind: 'folio' };
  if (h.account_id && h.account_id.trim()) return { id: `${investorKey(e)}|demat:${normaliseAccount(h.account_id)}|${isin}`, kind: 'demat' };
  // Neither printed: the ISIN alone is all the statement says about where the units are.
  return { id: `${investorKey(e)}|unplaced|${isin}`, kind: 'folio' };
}
