import type { z } from 'zod';
import { FUNDING_MESSAGES as M, FUNDING_SPENDING, type fundingSourceInput } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { storeTerms, type TermRow } from './source-read-repository.ts';
import { promoCodeTaken, type SourceValues } from './source-write-repository.ts';

/** A source as the contract validated it. */
export type SourceInput = z.output<typeof fundingSourceInput>;

const TERM_NOT_FOUND = (id: number) => `Term ${id} not found.`;
const TERM_TWICE = 'must not list a term twice';

/**
 * The rules a source's fields must meet beyond their shapes, checked against the store: every
 * term is one of the store's (another store's or an unknown term is a 404 naming termIds), a
 * promotion exactly for a PROMOTION source, and its code used by no other source of the store.
 * Answers the columns to write and the terms (for the activity's words).
 */
export async function checkedSource(
  db: Db,
  locationId: number,
  input: SourceInput,
  exceptSourceId?: number,
): Promise<{ values: SourceValues; terms: TermRow[]; termIds: number[] }> {
  const termIds = [...input.termIds].sort((a, b) => a - b);
  if (new Set(termIds).size !== termIds.length) throw AppError.badRequest(TERM_TWICE, 'termIds');
  const terms = await storeTerms(db, locationId, termIds);
  const found = new Set(terms.map((t) => t.termId));
  const missing = termIds.find((id) => !found.has(id));
  if (missing !== undefined) throw AppError.notFound(TERM_NOT_FOUND(missing), 'termIds');

  const promotion = input.promotion;
  if (input.kind === 'PROMOTION' && !promotion)
    throw AppError.badRequest(M.promotionNeedsCode, 'promotion');
  if (input.kind !== 'PROMOTION' && promotion)
    throw AppError.badRequest(M.promotionOnly, 'promotion');
  if (promotion && (await promoCodeTaken(db, locationId, promotion.code, exceptSourceId)))
    throw AppError.conflict(M.promotionCodeTaken(promotion.code), 'promotion.code');

  return {
    values: {
      name: input.name,
      kind: input.kind,
      budgetCents: input.budgetCents,
      chargeStartsOn: input.chargeStartsOn,
      chargeEndsOn: input.chargeEndsOn,
      perStudentCapCents: input.perStudentCapCents,
      scope: input.scope,
      // Stored in the fixed order, so a reordered list is no change.
      spending: FUNDING_SPENDING.filter((kind) => input.spending.includes(kind)),
      unspentPolicy: input.unspentPolicy,
      promoCode: promotion?.code ?? null,
      promoAmountCents: promotion?.amountCents ?? null,
      promoUseLimit: promotion?.useLimit ?? null,
    },
    terms: [...terms].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.termId - b.termId),
    termIds,
  };
}
