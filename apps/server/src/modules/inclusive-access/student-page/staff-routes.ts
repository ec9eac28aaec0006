import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CUSTOMER_NOT_FOUND,
  IA_ACTIONS,
  IA_MESSAGES,
  IA_STUDENT_PAGE_MESSAGES as M,
  getStudentInclusiveAccess,
  setStudentInclusiveAccess,
  type IaChange,
  type IaChangeSource,
  type IaStaffStudentSection,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { changeChoice, storeToday, toSection } from './ia-choices.ts';
import {
  IA_SECTION_COLUMNS,
  listIaHistory,
  listIaSections,
  studentInScope,
  type IaSectionRow,
} from './ia-section-repository.ts';

const TAGS = ['inclusive-access'];
const ACTION = IA_ACTIONS[0];

/**
 * The caller's MANAGE_INCLUSIVE_ACCESS scope (403 without the action anywhere), as a predicate
 * over a participation's section, or null for a store-wide grant.
 */
async function staffScope(request: FastifyRequest): Promise<SQL | null> {
  const grants = await request.grants;
  await grants.requireAny(IA_ACTIONS, IA_MESSAGES.refusal);
  if (grants.holdsEverywhere(ACTION)) return null;
  return grants.scopePredicate(ACTION, IA_SECTION_COLUMNS);
}

/** The participations with their history, as the staff screen shows them. */
async function withHistory(
  deps: AppDeps,
  locationId: number,
  rows: IaSectionRow[],
): Promise<IaStaffStudentSection[]> {
  const history = await listIaHistory(
    deps.db,
    locationId,
    rows.map((r) => r.participantId),
  );
  const today = storeToday(deps);
  return rows.map((row) => ({
    ...toSection(row, today),
    history: history
      .filter((h) => Number(h.participant_id) === row.participantId)
      .map((h) => ({
        change: h.change as IaChange,
        source: h.source as IaChangeSource,
        actorName: h.actor_name,
        at: new Date(h.at).toISOString(),
      })),
  }));
}

/**
 * A student's inclusive access on the student detail screen (issue 32, point 6): the sections
 * of the caller's scope, with status and history, and Opt out / Opt back in on the student's
 * behalf by the student page's own rule (ia-choices.ts), recorded as STAFF with the caller.
 * A student the caller's grant does not reach is 404 "Customer not found", as elsewhere.
 */
export function registerStaffStudentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(
    app,
    getStudentInclusiveAccess,
    { tags: TAGS, errors: [404] },
    async ({ query, request }) => {
      const scope = await staffScope(request);
      const { locationId } = request.session;
      if (!(await studentInScope(deps.db, locationId, query.customerId, scope))) {
        throw AppError.notFound(CUSTOMER_NOT_FOUND, 'customerId');
      }
      const rows = await listIaSections(deps.db, {
        locationId,
        studentId: query.customerId,
        ...(scope && { scope }),
      });
      return { today: storeToday(deps), sections: await withHistory(deps, locationId, rows) };
    },
  );

  route(
    app,
    setStudentInclusiveAccess,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request }) => {
      const scope = await staffScope(request);
      const { locationId, accountId } = request.session;
      const [found] = await listIaSections(deps.db, {
        locationId,
        participantId: params.participantId,
        ...(scope && { scope }),
      });
      if (!found) throw AppError.notFound(M.staffSectionNotFound, 'participantId');
      const row = await changeChoice(deps, {
        website: requireWebsite(request),
        studentId: found.studentId,
        participantId: found.participantId,
        choice: body.choice,
        actor: { source: 'STAFF', accountId },
      });
      const [answer] = await withHistory(deps, locationId, [row]);
      return answer!;
    },
  );
}
