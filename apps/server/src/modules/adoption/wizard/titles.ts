import ISBN from 'isbn3';
import type { ProposedTitleDTO, ProposedTitleInput, TitleDTO } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import {
  copyProductsToTitles,
  findSameProposal,
  insertProposedTitle,
  lockProposalsOf,
  proposedProductTypeExists,
  type StoredProposedTitle,
  type StoredTitle,
} from './title-repository.ts';

/** "978-0-306-40615-7": hyphenated by the ISBN agency's ranges; as stored when not an ISBN. */
export function formatEan13(ean13: string): string {
  return ISBN.hyphenate(ean13) || ean13;
}

/** The same proposal from the same person this soon is the same submit (a double click). */
export const REPROPOSE_WINDOW_MS = 60_000;

export function presentTitle(title: StoredTitle): TitleDTO {
  return {
    id: title.id,
    ean13: title.ean13,
    formattedEan13: formatEan13(title.ean13),
    author: title.author,
    description: title.description,
    isbn10: title.isbn10,
    digitalIsbn: title.digitalIsbn,
    productCode: title.productCode,
    edition: title.edition,
    publisher: title.publisher,
    bookImageUrl: title.bookImageUrl,
    ...presentKind(title),
  };
}

/** A title's or product's kind, licence, address and prices as the contracts give them (issue 31). */
export function presentKind(
  t: Pick<
    StoredTitle,
    | 'materialKind'
    | 'licence'
    | 'accessUrl'
    | 'listPriceCents'
    | 'usedPriceCents'
    | 'rentalPriceCents'
    | 'digitalPriceCents'
  >,
): Pick<TitleDTO, 'materialKind' | 'licence' | 'accessUrl' | 'prices'> {
  return {
    materialKind: t.materialKind,
    licence: t.licence,
    accessUrl: t.accessUrl,
    prices: {
      // A list price of 0 has always meant the title has no price yet.
      newCents: t.listPriceCents || null,
      usedCents: t.usedPriceCents,
      rentalCents: t.rentalPriceCents,
      digitalCents: t.digitalPriceCents,
    },
  };
}

export function presentProposedTitle(p: StoredProposedTitle): ProposedTitleDTO {
  return {
    proposedTitleId: p.id,
    author: p.author,
    contactInformation: p.contactInformation,
    description: p.description,
    digitalProduct: p.digitalProduct,
    edition: p.edition,
    notes: p.notes,
    productCode: p.productCode,
    productLink: p.productLink,
    proposedProductTypeId: p.proposedProductTypeId,
    publisher: p.publisher,
  };
}

/**
 * docs/behaviour/flows.md#create-edit-and-link Create: a material chosen from the distributor's catalog becomes a store title
 * before it is adopted. Products the store already has answer their existing titles.
 */
export async function createTitlesFromProducts(
  db: Db,
  session: Session,
  productIds: readonly number[],
): Promise<TitleDTO[]> {
  const unique = [...new Set(productIds)];
  const { titles, foundProductIds } = await copyProductsToTitles(db, session.locationId, unique);
  const missing = unique.filter((id) => !foundProductIds.includes(id));
  if (missing.length > 0) {
    throw AppError.notFound(M.productsNotFound(missing), 'externalProductIdList');
  }
  return titles.map(presentTitle);
}

/**
 * Stores a proposed (custom) title. The same proposal sent again by the same person within a
 * minute answers the first one, so a double click proposes it once.
 */
export async function proposeTitle(
  db: Db,
  session: Session,
  input: Required<ProposedTitleInput>,
  now: Date,
): Promise<ProposedTitleDTO> {
  if (!(await proposedProductTypeExists(db, input.proposedProductTypeId))) {
    throw AppError.badRequest(M.unknownProductType, 'proposedProductTypeId');
  }
  const stored = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockProposalsOf(txDb, session.accountId);
    const since = new Date(now.getTime() - REPROPOSE_WINDOW_MS);
    const same = await findSameProposal(txDb, session.locationId, session.accountId, input, since);
    if (same) return same;
    return insertProposedTitle(txDb, {
      ...input,
      locationId: session.locationId,
      createdBy: session.accountId,
      createdAt: now,
    });
  });
  return presentProposedTitle(stored);
}
