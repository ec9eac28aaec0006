import {
  SECTION_COST_MESSAGES as M,
  type ActionName,
  type DesignationOverrideBody,
  type SectionCost,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import * as repo from './section-costs-repository.ts';

/** The action that overrides a section's designation: the course materials team's. */
export const OVERRIDE_ACTION: ActionName = 'ADOPT_CMA_TEAM';

/**
 * May the caller do `action` on this section of their store? The one check behind both
 * {@link requireSectionAction} and the read's `mayOverride`, so the screen offers an override
 * exactly when the write would take it.
 */
export function maySectionAction(
  grants: Grants,
  action: ActionName,
  sectionId: number,
): Promise<boolean> {
  return grants.mayDo(action, { sectionId });
}

/**
 * 403 unless the caller holds `action` somewhere; 404 naming sectionId unless the section is of
 * their store and inside that action's scope (so another store's section is never told apart
 * from one that does not exist).
 */
export async function requireSectionAction(
  grants: Grants,
  action: ActionName,
  sectionId: number,
  refusal?: string,
): Promise<void> {
  await grants.requireAny([action], refusal);
  if (!(await maySectionAction(grants, action, sectionId))) {
    throw AppError.notFound(M.sectionNotFound, 'sectionId');
  }
}

/**
 * The section's figures, designation and override history
 * (docs/behaviour/flows.md#cost-transparency), and whether the caller may override it.
 */
export async function sectionCostOf(
  db: Db,
  grants: Grants,
  locationId: number,
  sectionId: number,
): Promise<SectionCost> {
  const row = await repo.findSectionCost(db, locationId, sectionId);
  if (!row) throw AppError.notFound(M.sectionNotFound, 'sectionId');
  const history = await repo.listOverrideHistory(db, sectionId);
  return {
    ...row,
    mayOverride: await maySectionAction(grants, OVERRIDE_ACTION, sectionId),
    designation: row.override ?? row.keptDesignation,
    history: history.map((entry) => ({
      id: entry.id,
      at: new Date(entry.at).toISOString(),
      action: entry.action === 'CLEARED' ? 'CLEARED' : 'SET',
      designation: entry.designation,
      reason: entry.reason,
      actor: entry.actorUserName
        ? { userName: entry.actorUserName, name: entry.actorName ?? '' }
        : null,
    })),
  };
}

/**
 * Sets or clears the section's override and records it with its reason, in one transaction
 * under the section's lock. What is already so records nothing: the same override and reason
 * sent twice (a double press, a retry after a lost answer), or clearing no override.
 */
export async function overrideDesignation(
  db: Db,
  session: Session,
  body: DesignationOverrideBody,
  now: Date,
): Promise<void> {
  const { locationId } = session;
  const reason = body.reason.trim();
  await db.transaction(async (tx) => {
    const current = await repo.lockOverride(tx, locationId, body.sectionId);
    if (!current) throw AppError.notFound(M.sectionNotFound, 'sectionId');
    const same =
      current.override === body.designation &&
      (body.designation === null || current.lastReason === reason);
    if (same) return;
    await repo.writeOverride(tx, {
      locationId,
      sectionId: body.sectionId,
      actorAccountId: session.accountId,
      designation: body.designation,
      reason,
      at: now,
    });
  });
}
