import type { FastifyRequest } from 'fastify';
import { or, sql, type SQL } from 'drizzle-orm';
import { FULL_REPORTER_ACTIONS } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Grants } from '../permissions/index.ts';
import { METRICS_MESSAGES as M } from './metrics-messages.ts';
import { divisionReach, type MetricsScope } from './metrics-repository.ts';

// Declared by the repository, which reads with it; re-exported for the module's other files.
export type { MetricsScope };

/** docs/behaviour/roles.md#derived-capabilities "Full reporter": any of these actions (the contracts state it once). */
export { FULL_REPORTER_ACTIONS };

/**
 * Whether the caller reports on the division whose id is `divisionId` (SQL): they hold a
 * full-reporter action whose scope is the whole division, store-wide or that division. A grant
 * on a department, course or section of it is not the division's figures, so it does not count.
 */
export async function reportedDivisionScope(grants: Grants, divisionId: SQL): Promise<SQL> {
  if (FULL_REPORTER_ACTIONS.some((action) => grants.holdsEverywhere(action))) return sql`true`;
  const parts = await Promise.all(
    FULL_REPORTER_ACTIONS.map((action) => grants.scopePredicate(action, { divisionId })),
  );
  return sql`(${or(...parts) ?? sql`false`})`;
}

export async function metricsScope(db: Db, request: FastifyRequest): Promise<MetricsScope> {
  const session = request.session;
  const grants = await request.grants;
  const divisionId = sql`dv.id`;
  return {
    locationId: session.locationId,
    reportable: await reportedDivisionScope(grants, divisionId),
    onTime: await grants.scopePredicate('VIEW_ONTIME_PERCENTAGE', { divisionId }),
  };
}

/** A division the caller reports on. */
export interface ReachedDivision {
  divisionId: number;
  divisionName: string;
  canViewOnTime: boolean;
}

/**
 * The division and term of a metric call: 404 naming divisionId unless the caller reports on a
 * division of their store with that id (another store's division answers exactly like one that
 * does not exist), 404 naming termId unless the term is one of that division's.
 */
export async function reachDivision(
  db: Db,
  scope: MetricsScope,
  divisionId: number,
  termId?: number,
): Promise<ReachedDivision> {
  const row = await divisionReach(db, scope, divisionId, termId);
  if (!row?.reportable) throw AppError.notFound(M.divisionNotReported, 'divisionId');
  if (!row.termFound) throw AppError.notFound(M.termNotFound, 'termId');
  return { divisionId, divisionName: row.divisionName, canViewOnTime: row.onTime };
}

/** 403 with the on-time refusal unless the caller may see the division's on-time figure. */
export function requireOnTime(division: ReachedDivision): void {
  if (!division.canViewOnTime) throw AppError.forbidden(M.onTimeRefused);
}
