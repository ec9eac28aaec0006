import type { TitleDTO, titleKindInput } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Grants } from '../../permissions/index.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { presentTitle } from '../wizard/titles.ts';
import { updateTitleKindRow } from './title-kinds-repository.ts';

type TitleKindBody = z.output<typeof titleKindInput>;

/** Titles are the store's, shared by every catalog: only a store-wide team member edits one. */
export function mayEditTitles(grants: Grants): boolean {
  return grants.holdsEverywhere('ADOPT_CMA_TEAM');
}

/**
 * Issue 31, point 1: the course materials team sets what a title is (its kind, an OER's licence
 * and address, a library e-book's link) and its price by each way the store offers it. The
 * contract has already checked what each kind needs; titles are the store's, shared by every
 * catalog, so only a store-wide holder may change one. Its adoptions that kept the title's kind
 * (material_kind null) follow it.
 */
export async function updateTitleKindFor(
  db: Db,
  grants: Grants,
  locationId: number,
  body: TitleKindBody,
): Promise<TitleDTO> {
  if (!mayEditTitles(grants)) throw AppError.forbidden(M.mayNotEditTitles);
  const { titleId, ...change } = body;
  const row = await db.transaction((tx) =>
    updateTitleKindRow(tx as unknown as Db, locationId, titleId, change),
  );
  if (!row) throw AppError.notFound(M.titleNotFound, 'titleId');
  return presentTitle(row);
}
