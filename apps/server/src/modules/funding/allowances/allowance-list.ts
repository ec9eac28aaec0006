import { FUNDING_MESSAGES as M, type FundingAllowance } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import {
  allowancePage,
  allowanceRows,
  type AllowanceListRow,
  type AllowancePageRequest,
} from './allowance-list-repository.ts';
import { allowanceFigures } from '../ledger/ledger-repository.ts';
import { findSource } from '../sources/source-repository.ts';

/** Rows with their figures from the ledger (one statement for the whole page). */
async function withFigures(db: Db, rows: AllowanceListRow[]): Promise<FundingAllowance[]> {
  const figures = await allowanceFigures(
    db,
    rows.map((r) => r.allowanceId),
  );
  return rows.map((r) => ({
    ...r,
    allocatedCents: 0,
    spentCents: 0,
    closedCents: 0,
    balanceCents: 0,
    ...figures.get(r.allowanceId),
  }));
}

/** getAllowances: one page of a source's allowances; another store's source is a 404. */
export async function sourceAllowancePage(
  db: Db,
  locationId: number,
  sourceId: number,
  q: AllowancePageRequest,
): Promise<{ allowances: FundingAllowance[]; recordCount: number }> {
  const source = await findSource(db, locationId, sourceId);
  if (!source) throw AppError.notFound(M.sourceNotFound, 'sourceId');
  const page = await allowancePage(db, locationId, source, q);
  return { allowances: await withFigures(db, page.rows), recordCount: page.recordCount };
}

/** One of the store's allowances with its figures; 404 naming allowanceId otherwise. */
export async function storeAllowance(
  db: Db,
  locationId: number,
  allowanceId: number,
): Promise<FundingAllowance> {
  const [row] = await allowanceRows(db, locationId, [allowanceId]);
  if (!row) throw AppError.notFound(M.allowanceNotFound, 'allowanceId');
  const [allowance] = await withFigures(db, [row]);
  return allowance as FundingAllowance;
}
